// The kernel: `sim`'s fast path for the fights it takes (sim/kernel/domain.ts: srd4,
// revised4, and fightphase and waffle with every model in base contact, waffle's additions in
// sim/kernel/waffle.ts; one unit a side). It fights them as the reference steps do (engine/steps.ts and the files they
// call), asking the chance the same things in the same order, so every run's outcome is the
// reference's; test/kernel.test.ts compares the two run by run. What makes it fast is only
// that it knows its fights' shape: two units, counts in typed arrays, the values of each class
// for the first phase and for later ones worked out once (sim/kernel/tables.ts), no step or
// group objects, and casualties worked out in the kernel for the plainest units
// (sim/kernel/casualties.ts). Any rule it does not do exactly, it refuses. For a long run it
// compiles itself for the scenario (sim/kernel/compile.ts: `compile`, sim/run.ts COMPILE_FROM).
import type { Chance } from '../../dice.js';
import type { PhaseContext, Ruleset } from '../../engine/ruleset.js';
import { blankOutcome, type FightOutcome } from '../../engine/fight.js';
import { FightState, type UnitState } from '../../engine/state.js';
import { ALIKE, blowsOf, Casualties, POOLS, shotsBy } from './casualties.js';
import { isWaffle, kernelRefusal, oneASide } from './domain.js';
import { MultiKernel } from './multi.js';
import { WaffleParts } from './waffle.js';
import { MAX_ROUNDS, type Scenario } from '../../model.js';
import { ENDS, FATES } from '../../report/fates.js';
import { phaseTables, type PhaseTable } from './tables.js';
import { majorities as shareMajorities } from './majorities.js';
import { CHARGE_FAILED, DESTROYED, DISENGAGED, DRAW, END_OF, FELL_BACK, LOCKED, NONE, SWEPT } from './ends.js';
import { alikeStats, fearlessWith, leadershipOf, sweepBonusOf, touchingOf, unitsAlike, woundsLeft } from './living.js';
import { codeRadices, FightFigures, pair, pairs } from './figures.js';
import { compiledOr } from './compiling.js';
import { sweepRolls } from './sweep-rolls.js';
import { rollBlows } from './strike.js';
import { formGroups, stepsOf, strikingAt } from './groups.js';
import { compileKernel, compileRefusal, type CompiledRun, type Host, type KernelShape } from './compile.js';

/** Fates by number (FATES); the first four are also ends (END_OF: their ENDS number). */
/** the radix of waffle's Final Blow attacks in a fight's code (`encode`) */
const FINAL_BLOWS = 32;

/** The kernel for `scenario` under `ruleset`, or null when it does not take the fight (sim/kernel/domain.ts): of one unit a side, or of several (sim/kernel/multi.ts). */
export function kernelFor(scenario: Scenario, ruleset: Ruleset): FightKernel | null {
  const state = new FightState(scenario, ruleset);
  if (kernelRefusal(state, ruleset) !== null) return null;
  return oneASide(state) ? new Kernel(state, scenario, ruleset) : new MultiKernel(state, scenario, ruleset);
}

/** Either kernel, as `sim` runs it. */
export type FightKernel = Kernel | MultiKernel;

export class Kernel extends FightFigures implements Host {
  private readonly out: FightOutcome;
  private readonly rounds: number;
  /** unit u's classes are [from[u], from[u + 1]) */
  readonly from: Int32Array;
  /** the unit of each class */
  private readonly unitOf: Int32Array;
  private readonly size: Int32Array;
  readonly count: Int32Array;
  /** wounds per model, and left on each class's first living model */
  private readonly W: Int32Array;
  readonly front: Int32Array;
  /** per class: the profile's WS and T (Instant Death reads T); the phase's as its abilities modify them (`phaseWS`, `phaseT`: the majorities read them) */
  private readonly WS: Int32Array;
  private readonly T: Int32Array;
  phaseWS: Int32Array;
  phaseT: Int32Array;
  private readonly I: Int32Array;
  private readonly Ld: Int32Array;
  private readonly tables: [PhaseTable, PhaseTable];
  /** per unit: dice to fall back and to sweep */
  private readonly fleeDice: Int32Array;
  private readonly sweepDice: Int32Array;
  /** the fall back and sweep bonus: the best Initiative among the living (srd4), else the fixed `bonus` */
  private readonly bonusIsInitiative: boolean;
  private readonly bonus: Int32Array;
  /** per class: in base contact at the start; whether a loser with none of them left cannot be swept (srd4, and some model starts out of contact) */
  private readonly contact: Uint8Array;
  private readonly needsContact: boolean;
  /** the loser tests Morale at Ld less the difference in wounds (ruling 16: fightphase) */
  private readonly penalty: boolean;
  /**
   * per class: a living model of it bars its unit's sweep, and the loser then disengages with no
   * roll (fightphase: a terminator, 001 Disallowed Sweeping Advances; engine/breakoff.ts
   * `holdsNonSweeper`, `noneMaySweep`); null: nobody does
   */
  private readonly bars: Uint8Array | null;
  /** per unit: it fails its Morale check on purpose, with no roll, when it cannot wound the enemy (`useless: fallBack`, ruling 16: `uselessNow`) */
  private readonly useless: Uint8Array;
  /** a unit a sweep catches loses the difference in wounds, no save, and falls back (ruling 9: fightphase); else it is destroyed or held */
  private readonly loses: boolean;
  /** waffle's Overwatch, Final Blow and sweep hits (sim/kernel/waffle.ts); null: another edition */
  private readonly waffle: WaffleParts | null;
  /** a unit a sweep catches takes one automatic hit per winning model (waffle: ruling 10, rules ruling 25) */
  private readonly hits: boolean;
  /** waffle's Overwatch wounds pended on its target (`Casualties.pend`), made once */
  private readonly pendShot: (v: number, n: number, strength: number, ap: number, pain: number, by: number) => void;
  private readonly shotsBy: (c: number) => number;

  /** the fight in progress: per unit in the combat, its fate, held by a sweep (revised4) */
  private readonly inCombat = new Uint8Array(2);
  /** FATES numbers, -1: none yet */
  private readonly fate = new Int8Array(2);
  private readonly held = new Uint8Array(2);
  /**
   * this phase's attack groups (engine/strike.ts `phaseGroups`): each group's first class, in
   * the order they strike at an Initiative step (unit by unit, class by class); each class's
   * next in its group (-1: the last); the group of each key (`PhaseTable.key`, -1: none yet)
   */
  private readonly groups: Int32Array;
  private nGroups = 0;
  private readonly nextMember: Int32Array;
  private readonly groupOfKey: Int32Array;
  private readonly lastMember: Int32Array;
  private readonly striking: Int32Array;
  /** per unit: models and wounds at the start, models living; the WS and T struck against, and the living models they were worked out for */
  readonly alive = new Int32Array(2);
  private readonly unitSize: Int32Array;
  private readonly unitWounds: Int32Array;
  /** per unit: some model has more than one wound (its wounds are not its models) */
  private readonly multiWound: boolean[];
  /** per unit: the enemy strikes with a force weapon (whose Psychic test kills with no wound inflicted) */
  private readonly forceFoe: boolean[];
  readonly stepWS = new Int32Array(2);
  readonly stepT = new Int32Array(2);
  private readonly majorityFor = new Int32Array(2);
  /** per unit: all its models have one WS and one T (those struck against while any lives) */
  private readonly alike: boolean[];
  readonly casualties: Casualties;
  /** the units that roll to reach their charge (engine/steps.ts `chargeStep`), and the chance's context for the roll */
  private readonly chargers: UnitState[];
  private readonly ctx: PhaseContext;
  readonly values: number[] = [];
  readonly counts: number[] = [];
  private readonly inflicted = new Int32Array(2);
  /**
   * Whether the fight's figures have a `code` (FightFigures): every figure the kernel sets, in
   * mixed radix; the rest follow from them (a unit of single-wound models has as many wounds as
   * models; every failed Morale check is a sweep attempted; no charge figures).
   */
  readonly coded: boolean;
  /** the units' fates at the end (FATES numbers), for the code */
  readonly unitFates = new Int8Array(2);
  /** the figures of the fight in progress beside FightFigures' own, written into `out` only when asked (`outcome`) */
  /** wounds a sweep took from the unit it caught (fightphase, ruling 9; waffle's hits, ruling 10) */
  sweepWounds = 0;
  /** waffle: the wounds Overwatch inflicted, and the attacks Final Blow made (engine/fight.ts `ChargeTally`) */
  overwatchWounds = 0;
  finalBlowAttacks = 0;
  /** 1 when the loser could not be swept, having no model left in base contact (srd4 step 10) or a living terminator barring the winner's sweep (fightphase): its failed Morale check was no sweep attempted */
  unswept = 0;
  /** the radix of phases and of counts per fight (Morale checks, sweeps) at their most */
  private readonly perFight: number;
  /** the radices in `code` of the phases, the Morale checks taken and the sweeps caught (figures.ts `codeRadices`): a run that reaches one has no code (-1) */
  private readonly codeRadix: Int32Array;
  /** the radices in `code` of the wounds a sweep took, of the wounds Overwatch inflicted (0: not in it) and whether Final Blow's attacks are (`sweptRadix`, `waffleRadix`), worked out once */
  private readonly sweptCode: number;
  private readonly overwatchCode: number;
  private readonly finalBlowCode: boolean;
  /** the radices `encode` multiplies by, worked out once: the phases, the Morale checks (pairs), the sweeps, each side's wounds inflicted (pairs), each unit's models and wounds at the start and one */
  private readonly codeDigits: Int32Array;
  /** what the compiler reads */
  private readonly shape: KernelShape;
  /** why the kernel is not compiled for this fight (`notCompiled`) */
  private refusal: string | null;
  /** the fight compiled (`compile`), once it is */
  private compiled: CompiledRun | null = null;

  /** `state` is `scenario`'s fight under `ruleset`, which the kernel takes (kernelRefusal is null) */
  constructor(state: FightState, scenario: Scenario, private readonly ruleset: Ruleset) {
    super();
    this.rounds = scenario.rounds === 'resolve' ? MAX_ROUNDS : scenario.rounds;
    const units = state.units;
    const classes = units.flatMap((u) => u.classes);
    const n = classes.length;
    this.from = Int32Array.of(0, units[0]!.classes.length, n);
    this.unitOf = Int32Array.from({ length: n }, (_, c) => (c < this.from[1]! ? 0 : 1));
    this.size = Int32Array.from(classes, (c) => c.size);
    this.count = Int32Array.from(this.size);
    this.W = Int32Array.from(classes, (c) => c.W);
    this.front = Int32Array.from(this.W);
    this.WS = Int32Array.from(classes, (c) => c.spec.profile.WS);
    this.T = Int32Array.from(classes, (c) => c.T);
    this.I = Int32Array.from(classes, (c) => c.spec.profile.I);
    this.Ld = Int32Array.from(classes, (c) => c.spec.profile.Ld);
    this.tables = phaseTables(scenario, ruleset);
    // Fearless as data (B7): a unit any model of which started with it (domain.ts lets only the shipped one through)
    ({ fleeDice: this.fleeDice, sweepDice: this.sweepDice, bonusIsInitiative: this.bonusIsInitiative, bonus: this.bonus, contact: this.contact, needsContact: this.needsContact } = sweepRolls(units, ruleset, this.tables[0]));
    this.penalty = ruleset.options?.morale.penalty === 'difference';
    const byModels = ruleset.options?.sweep.barred === 'terminatorModels' && !ruleset.fleeRollMoves;
    const bars = Uint8Array.from(classes, (c) => (byModels && (c.unit.spec.rules.includes('terminator') || c.spec.rules.includes('terminator')) ? 1 : 0));
    this.bars = bars.includes(1) ? bars : null;
    this.useless = Uint8Array.from(units, (u) => (ruleset.options?.morale.weaponsUseless === true && u.spec.useless === 'fallBack' ? 1 : 0));
    this.loses = ruleset.options?.sweep.caught === 'woundsDifference';
    this.waffle = isWaffle(ruleset) ? new WaffleParts(scenario, ruleset, this.from) : null;
    this.hits = this.waffle !== null;
    this.groups = new Int32Array(n);
    this.nextMember = new Int32Array(n);
    this.groupOfKey = new Int32Array(n);
    this.lastMember = new Int32Array(n);
    this.striking = new Int32Array(n);
    this.unitSize = Int32Array.from(units, (u) => u.aliveCount());
    this.unitWounds = Int32Array.from(units, (u) => u.woundsLeft());
    this.multiWound = units.map((u) => u.classes.some((c) => c.W > 1));
    this.forceFoe = units.map((_, u) => this.tables.some((t) => t.force.some((f, c) => f === 1 && (c < this.from[1]! ? 0 : 1) !== u)));
    // alike in every phase, as its abilities modify them (B1)
    this.alike = unitsAlike(units.length, this.from, this.tables);
    this.phaseWS = this.tables[0].ws;
    this.phaseT = this.tables[0].t;
    this.alikeOf(this.tables[0]);
    this.casualties = new Casualties(state, ruleset, this.from, this.count, this.front, this.forceFoe, this.tables);
    this.chargers = units.filter((u) => u.spec.charged && u.spec.chargeDistance !== null);
    this.pendShot = (v, n, strength, ap, pain, by) => this.casualties.pend(v, n, strength, 0, 0, ap, -1, pain, by);
    this.shotsBy = (c) => shotsBy(c, n);
    this.ctx = { state, phase: 0, firstRound: true, chance: null as unknown as Chance, log: null, stepsLost: false };
    this.perFight = this.rounds + 1;
    this.sweptCode = this.loses || this.hits ? this.sweptRadix() : 0;
    this.overwatchCode = this.waffle !== null && this.waffle.shooter >= 0 ? this.unitWounds[this.waffle.charger]! + 1 : 0;
    this.finalBlowCode = this.waffle !== null && this.waffle.finalBlow.includes(1);
    this.codeRadix = this.radices();
    this.coded = this.codeRadix.length > 0;
    const [aw, dw] = [this.unitWounds[0]! + 1, this.unitWounds[1]! + 1];
    this.codeDigits = this.coded
      ? Int32Array.of(this.codeRadix[0]!, pairs(this.codeRadix[1]!), this.codeRadix[2]!, pairs(dw), pairs(aw), this.unitSize[0]! + 1, this.unitSize[1]! + 1, aw, dw)
      : new Int32Array(0);
    this.out = blankOutcome();
    this.out.units = [{ fate: 'none', survivors: 0 }, { fate: 'none', survivors: 0 }];
    const cas = this.casualties;
    this.waffle?.plan(cas, this.tables, this.W);
    this.shape = {
      rounds: this.rounds, from: this.from, size: this.size, W: this.W, WS: this.WS, T: this.T, I: this.I, Ld: this.Ld, sv: cas.csv, inv: cas.cinv, invAlways: cas.invAlways,
      tables: this.tables, fleeDice: this.fleeDice, sweepDice: this.sweepDice, bonus: this.bonus, bonusIsInitiative: this.bonusIsInitiative,
      held: ruleset.caught === 'held', penalty: this.penalty, bars: this.bars, useless: this.useless, loses: this.loses, hits: this.hits,
      finalBlow: this.waffle?.finalBlow ?? null, fromHost: (this.waffle?.shooter ?? -1) >= 0, contact: this.needsContact ? this.contact : null, alike: this.alike, savesAlike: Array.from(this.casualties.how, (h) => h === ALIKE),
      pooled: this.casualties.how.includes(POOLS), oneSave: this.casualties.oneSave, kindOf: (by) => this.casualties.blowsKind(by),
    };
    this.refusal = compileRefusal(this.shape);
  }

  /** Whether runs are fought compiled (`compile`) now. */
  get isCompiled(): boolean {
    return this.compiled !== null;
  }

  /** Fight every later run compiled (sim/kernel/compile.ts), when the compiler takes the fight: whether it does. */
  compile(): boolean {
    if (this.compiled !== null || this.refusal !== null) return this.compiled !== null;
    const made = compiledOr(() => compileKernel(this.shape));
    if (typeof made === 'string') this.refusal = made;
    else this.compiled = made;
    return this.compiled !== null;
  }

  /** Why the kernel is not compiled for this fight, or null when it is or can be (`compile`). */
  get notCompiled(): string | null {
    return this.refusal;
  }

  /** One fight with `chance` (already started for its run): its outcome, reused run after run. */
  fight(chance: Chance): FightOutcome {
    this.run(chance);
    return this.outcome();
  }

  /** The last fight's outcome, written into the object reused run after run. */
  outcome(): FightOutcome {
    const out = this.figuresInto(this.out);
    // every failed Morale check is a sweep attempted (one unit a side), but one whose loser had no model left in base contact
    out.sweepsAttempted = this.moraleFailed - this.unswept;
    out.sweepWounds = this.sweepWounds;
    if (this.waffle !== null) {
      out.charge.overwatchFired = this.waffle.shooter >= 0 ? 1 : 0;
      out.charge.overwatchWounds = this.overwatchWounds;
      out.charge.finalBlowAttacks = this.finalBlowAttacks;
    }
    out.survivors.attacker.models = this.alive[0]!;
    out.survivors.attacker.wounds = this.woundsOf(0);
    out.survivors.defender.models = this.alive[1]!;
    out.survivors.defender.wounds = this.woundsOf(1);
    for (let u = 0; u < 2; u++) {
      const e = out.units[u]!;
      e.fate = FATES[this.unitFates[u]!]!;
      e.survivors = this.alive[u]!;
    }
    return out;
  }

  /** One fight with `chance` (already started for its run): its figures kept for `code` and `outcome`. */
  run(chance: Chance): void {
    const overwatch = this.waffle !== null && this.waffle.shooter >= 0;
    if (this.compiled !== null) {
      // the charge (and waffle's Overwatch) is rolled here: the compiled fight starts with the first phase
      if (this.chargers.length > 0 || overwatch) {
        this.reset();
        if (this.chargers.length > 0 && !this.charge(chance)) return;
        if (overwatch && !this.overwatch(chance)) return;
      }
      this.compiled(this, chance, this.ruleset);
      if (this.coded) this.encode();
      return;
    }
    this.reset();
    if (this.chargers.length > 0 && !this.charge(chance)) return;
    if (overwatch && !this.overwatch(chance)) return;
    for (let phase = 1; ; phase++) {
      this.phases = phase;
      // prepare: nobody is held any more
      this.held[0] = this.held[1] = 0;
      if (this.phase(phase, chance)) return;
      // pile in (what it changes is in the later phases' table); the phases may run out
      if (phase === this.rounds) {
        // engine/fight.ts `ranOut`: a loser held by the last sweep is caught (revised4, ruling 20)
        for (let u = 0; u < 2; u++) {
          if (!this.held[u] || !this.inCombat[u]) continue;
          this.fate[u] = SWEPT;
          this.finish(SWEPT, 1 - u);
          return;
        }
        this.finish(LOCKED, -1);
        return;
      }
    }
  }

  /** The WS and T the majorities read from now: the first phase's (`p` 0) or a later one's (1). */
  phaseOf(p: number): void {
    this.phaseWS = this.tables[p]!.ws;
    this.phaseT = this.tables[p]!.t;
  }

  /** The WS and T of a unit whose models are alike, struck against in a phase under table `t`. */
  private alikeOf(t: PhaseTable): void {
    alikeStats(t, 2, this.alike, this.from, this.stepWS, this.stepT);
  }

  /** Every model living and unhurt, every unit in the combat, no figure yet. */
  private reset(): void {
    const { count, size, front, W } = this;
    for (let c = 0; c < count.length; c++) {
      count[c] = size[c]!;
      front[c] = W[c]!;
    }
    for (let u = 0; u < 2; u++) {
      this.alive[u] = this.unitSize[u]!;
      if (!this.alike[u]) this.majorityFor[u] = -1;
      this.inCombat[u] = 1;
      this.fate[u] = -1;
    }
    this.clearFigures();
    this.sweepWounds = this.unswept = 0;
    this.overwatchWounds = this.finalBlowAttacks = 0;
  }

  /**
   * waffle's Overwatch (editions/waffle/charge.ts `waffleChargeStep`, engine/shooting.ts
   * `shoot`): the charged unit's snap shots, their wounds in pools on the charger, not counted
   * for the result; false when they destroyed it: the combat is over.
   */
  private overwatch(chance: Chance): boolean {
    const w = this.waffle!;
    const v = w.charger;
    // a charger of single-wound models of one save: plain pools (sim/kernel/plain-pools.ts)
    const plain = w.overwatchPlain(chance, this.count, this.alive[v]!);
    if (plain === 0) return true;
    if (plain > 0) this.overwatchWounds = plain;
    else {
      this.casualties.usePhase(this.tables[0]);
      this.casualties.nPending[v] = 0;
      w.fire(chance, this.pendShot, this.shotsBy);
      if (this.casualties.nPending[v] === 0) return true;
      this.overwatchWounds = this.casualties.take(v, this.alive[v]!, this.woundsOf(v), chance);
    }
    let n = 0;
    for (let c = this.from[v]!; c < this.from[v + 1]!; c++) n += this.count[c]!;
    this.alive[v] = n;
    if (n > 0) return true;
    this.inCombat[v] = 0;
    this.fate[v] = DESTROYED;
    this.finish(DESTROYED, 1 - v);
    return false;
  }

  /** Every unit given a distance rolls to reach it; false when one did not: the combat is over (as the charge step ends it, one unit a side). */
  private charge(chance: Chance): boolean {
    this.ctx.chance = chance;
    let made = true;
    for (let i = 0; i < this.chargers.length; i++) {
      const u = this.chargers[i]!;
      if (this.ruleset.chargeReach(u, this.ctx).reach >= u.spec.chargeDistance!) continue;
      this.inCombat[u.index] = 0;
      this.fate[u.index] = CHARGE_FAILED;
      made = false;
    }
    if (!made) this.finish(CHARGE_FAILED, -1);
    return made;
  }

  /** One assault phase: true when the combat ended in it. */
  private phase(phase: number, chance: Chance): boolean {
    const t = this.tables[phase === 1 ? 0 : 1];
    if (t.ws !== this.phaseWS || t.t !== this.phaseT) {
      // WS or T modified in one kind of phase and not the other (B1): the majorities worked out again
      this.phaseOf(phase === 1 ? 0 : 1);
      this.alikeOf(t);
      this.majorityFor[0] = this.majorityFor[1] = -1;
    }
    const inflicted = this.inflicted;
    inflicted[0] = inflicted[1] = 0;
    this.casualties.usePhase(t);
    this.initiativeSteps(t, chance);
    this.totalWounds[0]! += inflicted[0]!;
    this.totalWounds[1]! += inflicted[1]!;
    for (let u = 0; u < 2; u++) {
      if (this.inCombat[u] && this.alive[u] === 0) {
        this.inCombat[u] = 0;
        this.fate[u] = DESTROYED;
      }
    }
    // the assault result (engine/steps.ts `resultStep`): with one unit a side, a side is wiped out when its unit left
    const wipedA = !this.inCombat[0];
    const wipedD = !this.inCombat[1];
    const winner = this.result(phase, wipedA, wipedD, inflicted);
    // a side wiped out: its unit was destroyed (revised4's Wipe Out! has nobody near the combat to test)
    if (wipedA || wipedD) return this.finish(DESTROYED, winner);
    if (winner < 0) return this.hitAndRun(t, -1);
    // Morale (engine/breakoff.ts `moraleStep`)
    const loser = 1 - winner;
    this.moraleTaken++;
    // ruling 16: at Ld less the difference in wounds
    const penalty = this.penalty ? inflicted[winner]! - inflicted[loser]! : 0;
    // Our Weapons Are Useless (ruling 16): a unit that cannot wound the enemy fails on purpose, with no roll, fearless or not
    const fails = this.useless[loser] === 1 && this.uselessNow(t, loser);
    if (!fails && (fearlessWith(t, loser, this.alive[loser]!) || chance.leadership(leadershipOf(t, this.from, this.count, loser, this.alive[loser]!) - penalty))) return this.hitAndRun(t, winner);
    this.moraleFailed++;
    if (this.needsContact && phase === 1 && !touchingOf(this.from, this.count, this.contact, loser)) {
      // srd4 step 10 (engine/breakoff.ts): with no model left in base contact it falls back, and nobody may sweep it
      this.unswept = 1;
      this.fate[loser] = FELL_BACK;
      this.inCombat[loser] = 0;
      return this.finish(FELL_BACK, winner);
    }
    if (this.bars !== null && this.barred(winner)) {
      // a living terminator bars the winner's sweep: the loser disengages with no roll, no sweep attempted (engine/breakoff.ts `noneMaySweep`)
      this.unswept = 1;
      this.fate[loser] = FELL_BACK;
      this.inCombat[loser] = 0;
      return this.finish(FELL_BACK, winner);
    }
    // the sweeping advance (`sweepStep`): one unit falls back, one may sweep
    const fleeDice = this.fleeDice[loser]!;
    const sweepDice = this.sweepDice[winner]!;
    let flee: number;
    let sweep: number;
    if (fleeDice > 0 && sweepDice > 0) {
      flee = chance.race(fleeDice, sweepDice) + this.sweepBonus(loser);
      sweep = chance.second + this.sweepBonus(winner);
    } else {
      flee = chance.sum(fleeDice) + this.sweepBonus(loser);
      sweep = sweepDice > 0 ? chance.sum(sweepDice) + this.sweepBonus(winner) : -1;
    }
    if (sweep >= 0 && this.ruleset.catches(sweep, flee)) {
      this.sweepsCaught++;
      if (this.ruleset.caught === 'held' || (t.sweepProof[loser] === 1 && this.ruleset.sweepLoss(sweep, flee) === 'destroyed')) {
        this.held[loser] = 1;
        return false;
      }
      if (this.loses) {
        // ruling 9: the difference in wounds, no save (engine/pools.ts `loseWounds`); then it falls back, swept
        this.sweepWounds += this.loseWounds(loser, sweep - flee);
      } else if (this.hits) {
        // waffle (ruling 10, rules ruling 25): one automatic hit per winning model; then it falls back, swept
        this.sweepWounds += this.sweepStrike(loser, sweep, flee, phase === 1, chance);
      } else {
        // srd4's sweepLoss: caught, destroyed
        for (let c = this.from[loser]!; c < this.from[loser + 1]!; c++) {
          this.count[c] = 0;
          this.front[c] = this.W[c]!;
        }
        this.alive[loser] = 0;
      }
      this.fate[loser] = SWEPT;
    } else this.fate[loser] = FELL_BACK;
    this.inCombat[loser] = 0;
    return this.finish(this.fate[loser]!, winner);
  }

  /**
   * `n` wounds with no save on unit `u` (engine/pools.ts `loseWounds`), each to the model next in
   * line (every model in base contact: a wounded model first, then the removal order): the
   * wounds lost. Its living models are counted again.
   */
  loseWounds(u: number, n: number): number {
    const { count, front, W } = this;
    const from = this.from[u]!;
    const end = this.from[u + 1]!;
    let lost = 0;
    while (lost < n) {
      // `nextInLine`: the first living class, unless a later one has a wounded model and it has none
      let c = -1;
      for (let x = from; x < end; x++) {
        if (count[x] === 0) continue;
        if (c < 0 || (front[x]! < W[x]! && front[c] === W[c])) c = x;
      }
      if (c < 0) break;
      const wounds = (count[c]! - 1) * W[c]! + front[c]!;
      const take = n - lost < wounds ? n - lost : wounds;
      lost += take;
      let t = take;
      if (t >= front[c]!) {
        t -= front[c]!;
        count[c]!--;
        front[c] = W[c]!;
        const whole = Math.floor(t / W[c]!);
        count[c]! -= whole;
        t -= whole * W[c]!;
        front[c] = count[c]! > 0 ? W[c]! - t : W[c]!;
      } else front[c]! -= t;
    }
    let alive = 0;
    for (let c = from; c < end; c++) alive += count[c]!;
    this.alive[u] = alive;
    return lost;
  }

  /**
   * waffle's sweep hits (sim/kernel/waffle.ts `sweepHits`) of the winner on unit `u`, caught by
   * `sweep` fleeing with `flee`: the wounds inflicted. Its living models are counted again.
   */
  sweepStrike(u: number, sweep: number, flee: number, firstRound: boolean, chance: Chance): number {
    const w = this.waffle!;
    // the compiled fight wrote in its counts, not the models living
    let alive = 0;
    for (let c = this.from[u]!; c < this.from[u + 1]!; c++) alive += this.count[c]!;
    this.alive[u] = alive;
    // a unit of one kind of single-wound models of one save: plain pools (sim/kernel/plain-pools.ts); else the reference's code
    const plain = w.sweepPlain(firstRound ? 0 : 1, u, chance, this.count, alive);
    const inflicted = plain >= 0 ? plain : w.sweepHits(this.count, this.front, u, 1 - u, sweep, flee, firstRound, chance);
    alive = 0;
    for (let c = this.from[u]!; c < this.from[u + 1]!; c++) alive += this.count[c]!;
    this.alive[u] = alive;
    return inflicted;
  }

  /** The fall back or sweep bonus of unit `u`. */
  private sweepBonus(u: number): number {
    return sweepBonusOf(this.from, this.count, u, this.bonusIsInitiative, this.I, this.bonus);
  }

  /**
   * B11 (engine/hit-and-run.ts): at the end of a phase, after the sweeps, each unit with Hit &
   * Run that is not of the winning side (`winner`, -1: a draw) and is still in the combat, not
   * held, leaves it; a side left with no unit (one unit a side) ends the combat `disengaged`, won
   * by nobody. Whether the combat ended.
   */
  private hitAndRun(t: PhaseTable, winner: number): boolean {
    let left = false;
    for (let u = 0; u < 2; u++) {
      if (u === winner || t.hitAndRun[u] !== 1 || !this.inCombat[u] || this.held[u]) continue;
      this.inCombat[u] = 0;
      this.fate[u] = DISENGAGED;
      left = true;
    }
    return left ? this.finish(DISENGAGED, -1) : false;
  }

  /** No living model of unit `u` that strikes this phase can wound a living model of the enemy (engine/options.ts `canHurt`, under table `t`). */
  private uselessNow(t: PhaseTable, u: number): boolean {
    const n = this.count.length;
    const e = 1 - u;
    for (let c = this.from[u]!; c < this.from[u + 1]!; c++) {
      if (this.count[c] === 0 || t.attacks[c]! <= 0) continue;
      if (t.hurtsAny[c] === 1) return false;
      for (let x = this.from[e]!; x < this.from[e + 1]!; x++) if (this.count[x]! > 0 && t.hurts[c * n + x] === 1) return false;
    }
    return true;
  }

  /** A living model of unit `u` bars its sweep (`bars`, engine/breakoff.ts `holdsNonSweeper`). */
  private barred(u: number): boolean {
    for (let c = this.from[u]!; c < this.from[u + 1]!; c++) if (this.count[c]! > 0 && this.bars![c] === 1) return true;
    return false;
  }

  /** The Initiative steps of a phase (engine/strike.ts): groups formed at its start, steps 10 down to 1. */
  private initiativeSteps(t: PhaseTable, chance: Chance): void {
    const { count, groups } = this;
    const nGroups = formGroups(t, count, this.inCombat, this.unitOf, groups, this.nextMember, this.groupOfKey, this.lastMember);
    const steps = stepsOf(t, groups, nGroups);
    this.nGroups = nGroups;
    for (let init = 10; init >= 1; init--) if ((steps & (1 << init)) !== 0) this.initiativeStep(init, t, chance);
  }

  /** One Initiative step: every group at `init` strikes, then each unit struck takes its casualties, in the order struck. */
  private initiativeStep(init: number, t: PhaseTable, chance: Chance): void {
    const { count, groups, nextMember, striking, alive, nGroups } = this;
    // the groups' living models (`nextInitiative`, `blowsStep`): no step if none is left
    if (!strikingAt(init, t, count, groups, nGroups, nextMember, striking)) return;
    for (let u = 0; u < 2; u++) {
      this.casualties.nPending[u] = 0;
      if (alive[u]! > 0 && alive[u] !== this.majorityFor[u] && !this.alike[u]) this.majorities(u);
    }
    let firstStruck = -1;
    let secondStruck = -1;
    for (let i = 0; i < nGroups; i++) {
      const g = groups[i]!;
      if (t.initiative[g] !== init || striking[g]! <= 0) continue;
      const v = g < this.from[1]! ? 1 : 0;
      if (!this.inCombat[v] || alive[v] === 0) continue;
      if (firstStruck < 0) firstStruck = v;
      else if (firstStruck !== v) secondStruck = v;
      this.strike(g, v, striking[g]! * t.attacks[g]!, t, chance);
    }
    if (firstStruck >= 0) this.casualtiesOf(firstStruck, chance);
    if (secondStruck >= 0) this.casualtiesOf(secondStruck, chance);
  }

  /**
   * The majority WS and T of unit `u`'s living models (`startStep`; every model is engaged),
   * worked out again only when some died (models only ever die, so the same number alive is
   * the same models).
   */
  majorities(u: number): void {
    this.majorityFor[u] = this.alive[u]!;
    shareMajorities(this, this.ruleset, u);
  }

  /** Group `g`'s `attacks` against unit `v` (engine/strike.ts `strike`, `pendWounds`). */
  private strike(g: number, v: number, attacks: number, t: PhaseTable, chance: Chance): void {
    const wounds = rollBlows(t, g, this.stepWS[v]!, this.stepT[v]!, attacks, chance);
    const strength = t.strength[g]!;
    const auto = chance.blow.autoWounds;
    const force = t.force[g] === 1 ? g : -1;
    const p = t === this.tables[0] ? 0 : 1;
    if (this.waffle !== null && this.waffle.finalBlow[g] === 1 && this.striking[g] === 1 && this.alive[1 - v] === 1 && this.lastFront(1 - v) === 1) {
      // Final Blow (waffle, ruling 19: engine/strike.ts): one more attack for each wound rolled, and so on; its wounds pool with the first's
      let more = wounds;
      let w = wounds;
      let x = auto;
      while (more > 0) {
        this.finalBlowAttacks += more;
        more = rollBlows(t, g, this.stepWS[v]!, this.stepT[v]!, more, chance);
        x += chance.blow.autoWounds;
        w += more;
      }
      if (w > 0) this.casualties.pend(v, w, strength, t.noArmour[g]!, t.maxSave[g]!, t.ap[g]!, force, t.pain[g * 2]!, blowsOf(g, p, false));
      if (x > 0) this.casualties.pend(v, x, strength, 1, 0, -1, force, t.pain[g * 2 + 1]!, blowsOf(g, p, true));
      return;
    }
    if (wounds > 0) this.casualties.pend(v, wounds, strength, t.noArmour[g]!, t.maxSave[g]!, t.ap[g]!, force, t.pain[g * 2]!, blowsOf(g, p, false));
    if (auto > 0) this.casualties.pend(v, auto, strength, 1, 0, -1, force, t.pain[g * 2 + 1]!, blowsOf(g, p, true));
  }

  /** The wounds left on the last living model of unit `u` (engine/strike.ts `finalBlowFrom`). */
  private lastFront(u: number): number {
    let f = 0;
    for (let c = this.from[u]!; c < this.from[u + 1]!; c++) if (this.count[c]! > 0) f = this.front[c]!;
    return f;
  }

  /** Unit `v`'s casualties this Initiative step (the casualties step, one unit struck). */
  private casualtiesOf(v: number, chance: Chance): void {
    const inflicted = this.casualties.take(v, this.alive[v]!, this.woundsOf(v), chance);
    this.inflicted[1 - v]! += inflicted;
    // single-wound models alone: a wound, a model (else a force weapon may kill without one, Instant Death takes all)
    if (!this.multiWound[v] && !this.forceFoe[v]) this.alive[v]! -= inflicted;
    else {
      let n = 0;
      for (let c = this.from[v]!; c < this.from[v + 1]!; c++) n += this.count[c]!;
      this.alive[v] = n;
    }
  }

  /** The combat ends (engine/fight.ts `finish`) as `how` (a FATES number that is also an end), won by side `winner` (-1: nobody). */
  private finish(how: number, winner: number): true {
    this.end = END_OF[how]!;
    this.winner = winner < 0 ? DRAW : winner;
    const units = this.unitFates;
    for (let u = 0; u < 2; u++) {
      const f = this.fate[u]!;
      units[u] = f >= 0 ? f : how === LOCKED && this.inCombat[u] ? LOCKED : NONE;
    }
    if (this.coded) this.encode();
    return true;
  }

  /** Wounds left on unit `u`'s living models (single-wound models: as many as models). */
  private woundsOf(u: number): number {
    if (!this.multiWound[u]) return this.alive[u]!;
    return woundsLeft(this.from, this.count, this.W, this.front, u);
  }

  /** `codeRadix`: the radices of the phases, Morale checks and sweeps that fit 2^53 beside the rest of `encode`'s (figures.ts `codeRadices`; empty: none do). */
  private radices(): Int32Array {
    const [a, d] = [this.unitSize[0]! + 1, this.unitSize[1]! + 1];
    const [aw, dw] = [this.unitWounds[0]! + 1, this.unitWounds[1]! + 1];
    const left = (this.multiWound[0] ? aw : 1) * (this.multiWound[1] ? dw : 1);
    const fixed = ENDS.length * 3 * 3 * 2 * pairs(dw) * pairs(aw) * a * d * left * FATES.length ** 2 * this.sweptRadix() * this.waffleRadix();
    return codeRadices(fixed, this.perFight, this.perFight, this.perFight, false);
  }

  /** The radix of waffle's figures: the wounds Overwatch inflicted, and the Final Blow attacks, fewer than FINAL_BLOWS (else no code). */
  private waffleRadix(): number {
    if (this.waffle === null) return 1;
    return (this.waffle.shooter >= 0 ? this.unitWounds[this.waffle.charger]! + 1 : 1) * (this.waffle.finalBlow.includes(1) ? FINAL_BLOWS : 1);
  }

  /** The radix of the wounds a sweep took (`loses`; else none: 1). */
  private sweptRadix(): number {
    return this.loses || this.hits ? Math.max(this.unitWounds[0]!, this.unitWounds[1]!) + 1 : 1;
  }

  /**
   * `code`: the figures of `out` the kernel sets, in mixed radix, each below its radix (wounds
   * inflicted by a side are at most the other's wounds at the start; the wounds left are
   * encoded only for a unit of multi-wound models); each pair of counts whose second is at most
   * its first (the Morale checks taken and failed, the wounds a side inflicted in all and in the
   * first phase) as one digit (`pair`). -1 where a run reaches a radix of `codeRadix`.
   */
  private encode(): void {
    const r = this.codeRadix;
    if (this.phases >= r[0]! || this.moraleTaken >= r[1]! || this.sweepsCaught >= r[2]!) {
      this.code = -1;
      return;
    }
    const g = this.codeDigits;
    let k = this.end;
    k = k * 3 + this.winner;
    k = k * 3 + this.first;
    k = k * g[0]! + this.phases;
    k = k * g[1]! + pair(this.moraleTaken, this.moraleFailed);
    k = k * g[2]! + this.sweepsCaught;
    k = k * 2 + this.unswept;
    k = k * g[3]! + pair(this.totalWounds[0]!, this.firstWounds[0]!);
    k = k * g[4]! + pair(this.totalWounds[1]!, this.firstWounds[1]!);
    k = k * g[5]! + this.alive[0]!;
    k = k * g[6]! + this.alive[1]!;
    if (this.multiWound[0]) k = k * g[7]! + this.woundsOf(0);
    if (this.multiWound[1]) k = k * g[8]! + this.woundsOf(1);
    if (this.sweptCode > 0) k = k * this.sweptCode + this.sweepWounds;
    if (this.overwatchCode > 0) k = k * this.overwatchCode + this.overwatchWounds;
    if (this.finalBlowCode) {
      // a chain longer than the radix (as good as never): no code, the outcome is counted as itself
      if (this.finalBlowAttacks >= FINAL_BLOWS) {
        this.code = -1;
        return;
      }
      k = k * FINAL_BLOWS + this.finalBlowAttacks;
    }
    k = k * FATES.length + this.unitFates[0]!;
    this.code = k * FATES.length + this.unitFates[1]!;
  }

}
