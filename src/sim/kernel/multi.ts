// The kernel for fights of several units a side (sim/kernel/multi-domain.ts: srd4 and revised4).
// It fights them as the reference steps do (engine/steps.ts, strike.ts, breakoff.ts,
// hit-and-run.ts, fight.ts), asking the chance the same things in the same order, so that every
// run's outcome and dice are the reference's (test/kernel.test.ts compares them run by run). Ruling
// 17 as the steps read it: a group strikes one of the enemy units its unit is locked with that are
// still there (sim/kernel/targets.ts), wounds never pass from one unit to another (each unit
// struck takes its own casualties, in the order struck), the assault result is summed per side,
// every losing unit tests Morale, each winning unit that may sweep rolls once and is compared
// with every fleeing unit it was locked with, and a unit destroyed or fled leaves the combat
// while the rest fight on. Its tables and casualties are the one-a-side kernel's
// (sim/kernel/tables.ts, casualties.ts); for the plainest fights its run is compiled
// (multi-compile.ts), which leaves the sweep and Hit & Run to this code.
import type { Chance } from '../../dice.js';
import type { Ruleset } from '../../engine/ruleset.js';
import { blankOutcome, type FightOutcome } from '../../engine/fight.js';
import type { FightState } from '../../engine/state.js';
import { ALIKE, blowsOf, Casualties } from './casualties.js';
import { compileRun, type CompiledRun, type EndHost, type MultiShape } from './multi-compile.js';
import { MAX_ROUNDS, type Scenario } from '../../model.js';
import { ENDS, FATES } from '../../report/fates.js';
import { phaseTables, type PhaseTable } from './tables.js';
import { majorities as shareMajorities } from './majorities.js';
import { CHARGE_FAILED, DESTROYED, DISENGAGED, DRAW, FELL_BACK, LOCKED, NONE, SWEPT } from './ends.js';
import { alikeStats, fearlessWith, leadershipOf, sweepBonusOf, touchingOf, unitsAlike, woundsLeft } from './living.js';
import { codeRadices, FightFigures, pair, pairs } from './figures.js';
import { compiledOr } from './compiling.js';
import { sweepRolls } from './sweep-rolls.js';
import { rollBlows } from './strike.js';
import { formGroups, stepsOf, strikingAt } from './groups.js';
import { chooseTarget, expectations, mostClasses, splitOrders } from './targets.js';
import { saveNeed } from './tables.js';

/** Fates by number (FATES; the first six are also ends, ENDS). */
/** a winner's sweep total while it is still locked with a unit that held; a fleeing unit's when it made no roll (engine/breakoff.ts) */
const STILL_LOCKED = -2;
const NO_ROLL = -3;

/** A kind of phase's Initiative steps (MultiKernel `schedules`): each step's Initiative and groups (by their key class), each group's classes. */
interface Schedule {
  inits: Int32Array;
  stepFrom: Int32Array;
  groups: Int32Array;
  memberFrom: Int32Array;
  members: Int32Array;
}

export class MultiKernel extends FightFigures implements EndHost {
  private readonly rounds: number;
  private readonly nUnits: number;
  /** per unit: its side (0 attacker, 1 defender); its classes are [from[u], from[u + 1]) */
  private readonly side: Uint8Array;
  readonly from: Int32Array;
  private readonly unitOf: Int32Array;
  private readonly size: Int32Array;
  readonly count: Int32Array;
  private readonly W: Int32Array;
  private readonly front: Int32Array;
  private readonly I: Int32Array;
  readonly tables: [PhaseTable, PhaseTable];
  /** ruling 17 (targets.ts): the wounds expected per attack, per kind of phase; per unit its `attackSplit` order */
  private readonly expect: [Float64Array, Float64Array];
  private readonly split: (Int32Array | null)[];
  /**
   * the unit each group strikes, worked out once where the units it may strike are alike in WS
   * and T (their majorities never change): [p][g * maskRadix + mask], mask the enemy units of its
   * lockedWith list still there (bit i: the i-th); -1: worked out as it strikes; null: never
   */
  private readonly choice: [Int32Array, Int32Array] | null;
  private readonly maskRadix: number;
  /** per unit, the class (its i-th) most of its living are alike with against the blows of the group choosing (`mostAlike`); the radix of `expect`'s */
  private readonly most: Int32Array;
  private readonly K: number;
  /** per kind of phase, the save a model of class c needs against the blows of class g: [p][g * classes + c] */
  private readonly needs: [Int32Array, Int32Array];
  /** per unit: all its models have one save and one invulnerable save (its model most alike is any) */
  private readonly oneSave: boolean[];
  /** per unit, the enemy units it is locked with in the fight's order: lockedList[lockedFrom[u]..lockedFrom[u + 1]); locked[w * units + g]: w is locked with g */
  private readonly lockedList: Int32Array;
  private readonly lockedFrom: Int32Array;
  private readonly locked: Uint8Array;
  private readonly fleeDice: Int32Array;
  private readonly sweepDice: Int32Array;
  private readonly bonusIsInitiative: boolean;
  private readonly bonus: Int32Array;
  private readonly contact: Uint8Array;
  private readonly needsContact: boolean;

  readonly inCombat: Uint8Array;
  readonly fate: Int8Array;
  readonly held: Uint8Array;
  readonly broken: Int32Array;
  private readonly isBroken: Uint8Array;
  private readonly winners: Int32Array;
  private readonly fleeTotal: Int32Array;
  private readonly sweepTotal: Int32Array;

  private readonly groups: Int32Array;
  private nGroups = 0;
  private readonly nextMember: Int32Array;
  private readonly groupOfKey: Int32Array;
  private readonly lastMember: Int32Array;
  private readonly striking: Int32Array;
  private readonly targets: Int32Array;
  /**
   * per kind of phase, its Initiative steps worked out once (`schedules`), where no two groups of
   * a unit striking at one step interleave their classes (so that their order, by their first
   * living class, never changes); null: formed each phase
   */
  private readonly schedule: [Schedule, Schedule] | null;
  private readonly struck: Int32Array;
  private readonly struckFlag: Uint8Array;

  /** per unit: models living; at the start; wounds at the start; some model has more than one wound */
  readonly unitAlive: Int32Array;
  private readonly unitSize: Int32Array;
  private readonly unitWounds: Int32Array;
  private readonly multiWound: boolean[];
  private readonly anyMultiWound: boolean;
  /** per side: its units */
  private readonly sideUnits: Int32Array;
  /** per unit: the majority WS and T struck against, and the living models they were worked out for; all its models alike in them */
  readonly stepWS: Int32Array;
  readonly stepT: Int32Array;
  private readonly majorityFor: Int32Array;
  private readonly alike: boolean[];
  private readonly allAlike: boolean;
  phaseWS: Int32Array;
  phaseT: Int32Array;
  readonly values: number[] = [];
  readonly counts: number[] = [];
  private readonly casualties: Casualties;
  /** wounds inflicted by each side this phase; units of each side in the combat */
  readonly inflicted = new Int32Array(2);
  readonly holding = new Int32Array(2);

  /** the figures of the last fight beside FightFigures' own: per side, models living at the end (sim/row.ts reads them); the sweeps attempted */
  readonly alive = new Int32Array(2);
  sweepsAttempted = 0;
  readonly unitFates: Int8Array;
  /** whether the fight's figures have a `code` (FightFigures; -1 when even the smallest radices multiply past 2^53) */
  readonly coded: boolean;
  private readonly perSide: number;
  /** the radices in `code` of the phases, the Morale checks taken and the sweeps attempted (figures.ts `codeRadices`): a run that reaches one has no code (-1) */
  private readonly codeRadix: Int32Array;
  /** per side: its wounds at the start and one (the radix of the wounds the other side inflicts) */
  private readonly woundsRadix: Int32Array;
  /** the run compiled (`compile`); why not (null: it is or may be) */
  private compiled: CompiledRun | null = null;
  private refusal: string | null;
  /** per unit: its models' save and invulnerable save (all alike where it is compiled) */
  private readonly unitSv: Int32Array;
  private readonly unitInv: Int32Array;
  private readonly out: FightOutcome;

  constructor(state: FightState, scenario: Scenario, private readonly ruleset: Ruleset) {
    super();
    this.rounds = scenario.rounds === 'resolve' ? MAX_ROUNDS : scenario.rounds;
    const units = state.units;
    const U = (this.nUnits = units.length);
    const classes = units.flatMap((u) => u.classes);
    const n = classes.length;
    this.side = Uint8Array.from(units, (u) => (u.side === 'attacker' ? 0 : 1));
    this.from = new Int32Array(U + 1);
    units.forEach((u, i) => (this.from[i + 1] = this.from[i]! + u.classes.length));
    this.unitOf = Int32Array.from(classes, (c) => c.unit.index);
    this.size = Int32Array.from(classes, (c) => c.size);
    this.count = Int32Array.from(this.size);
    this.W = Int32Array.from(classes, (c) => c.W);
    this.front = Int32Array.from(this.W);
    this.I = Int32Array.from(classes, (c) => c.spec.profile.I);
    this.tables = phaseTables(scenario, ruleset);
    this.expect = expectations(scenario, ruleset);
    this.split = splitOrders(units);
    this.lockedFrom = new Int32Array(U + 1);
    units.forEach((u, i) => (this.lockedFrom[i + 1] = this.lockedFrom[i]! + u.locked.length));
    this.lockedList = Int32Array.from(units.flatMap((u) => u.locked.map((e) => e.index)));
    this.locked = new Uint8Array(U * U);
    units.forEach((u, i) => u.locked.forEach((e) => (this.locked[i * U + e.index] = 1)));
    ({ fleeDice: this.fleeDice, sweepDice: this.sweepDice, bonusIsInitiative: this.bonusIsInitiative, bonus: this.bonus, contact: this.contact, needsContact: this.needsContact } = sweepRolls(units, ruleset, this.tables[0]));
    this.inCombat = new Uint8Array(U);
    this.fate = new Int8Array(U);
    this.held = new Uint8Array(U);
    this.broken = new Int32Array(U);
    this.isBroken = new Uint8Array(U);
    this.winners = new Int32Array(U);
    this.fleeTotal = new Int32Array(U);
    this.sweepTotal = new Int32Array(U);
    this.groups = new Int32Array(n);
    this.nextMember = new Int32Array(n);
    this.groupOfKey = new Int32Array(n);
    this.lastMember = new Int32Array(n);
    this.striking = new Int32Array(n);
    this.targets = new Int32Array(U);
    this.struck = new Int32Array(U);
    this.struckFlag = new Uint8Array(U);
    this.unitAlive = new Int32Array(U);
    this.unitSize = Int32Array.from(units, (u) => u.aliveCount());
    this.unitWounds = Int32Array.from(units, (u) => u.woundsLeft());
    this.multiWound = units.map((u) => u.classes.some((c) => c.W > 1));
    this.anyMultiWound = this.multiWound.includes(true);
    this.sideUnits = Int32Array.of(units.filter((u) => u.side === 'attacker').length, units.filter((u) => u.side !== 'attacker').length);
    this.stepWS = new Int32Array(U);
    this.stepT = new Int32Array(U);
    this.majorityFor = new Int32Array(U);
    this.alike = unitsAlike(units.length, this.from, this.tables);
    this.allAlike = this.alike.every((a) => a);
    this.phaseWS = this.tables[0].ws;
    this.phaseT = this.tables[0].t;
    this.alikeOf(this.tables[0]);
    this.casualties = new Casualties(state, ruleset, this.from, this.count, this.front, units.map(() => false), this.tables);
    this.unitFates = new Int8Array(U);
    this.schedule = this.schedules();
    this.unitSv = Int32Array.from(units, (u) => u.classes[0]!.sv);
    this.unitInv = Int32Array.from(units, (u) => u.classes[0]!.inv);
    this.most = new Int32Array(U);
    this.K = mostClasses(units);
    this.oneSave = units.map((u) => u.classes.every((c) => c.sv === u.classes[0]!.sv && c.inv === u.classes[0]!.inv));
    this.needs = this.tables.map((t) => {
      const out = new Int32Array(n * n);
      for (let g = 0; g < n; g++) for (let c = 0; c < n; c++) out[g * n + c] = saveNeed(classes[c]!.sv, classes[c]!.inv, this.casualties.invAlways, t.noArmour[g] === 1, t.ap[g]!, t.maxSave[g]!);
      return out;
    }) as [Int32Array, Int32Array];
    const most = Math.max(...units.map((u) => u.locked.length));
    this.maskRadix = 1 << most;
    this.choice = most <= 6 ? [0, 1].map((p) => this.choices(p)) as [Int32Array, Int32Array] : null;
    this.refusal = this.compileRefusal();
    this.perSide = Math.max(...[0, 1].map((s) => units.filter((u) => (u.side === 'attacker' ? 0 : 1) === s).length)) * this.rounds + 1;
    this.woundsRadix = Int32Array.of(this.sideWounds(0) + 1, this.sideWounds(1) + 1);
    this.codeRadix = this.radices();
    this.coded = this.codeRadix.length > 0;
    this.out = blankOutcome();
    this.out.units = units.map(() => ({ fate: 'none', survivors: 0 }));
  }

  /** Whether its runs are fought compiled now (`compile`). */
  get isCompiled(): boolean {
    return this.compiled !== null;
  }

  /** Fight every later run compiled (sim/kernel/multi-compile.ts), when the compiler takes the fight: whether it does. */
  compile(): boolean {
    if (this.compiled !== null || this.refusal !== null) return this.compiled !== null;
    const made = compiledOr(() => compileRun(this.shape(), this.tables));
    if (typeof made === 'string') this.refusal = made;
    else this.compiled = made;
    return this.compiled !== null;
  }

  /** Why its runs are not compiled for this fight, or null when they are or can be. */
  get notCompiled(): string | null {
    return this.refusal;
  }

  /** Why the compiler does not take the fight (multi-compile.ts), or null. */
  private compileRefusal(): string | null {
    if (this.schedule === null) return 'two attack groups of one step whose classes interleave';
    if (this.choice === null || !this.allAlike || this.nUnits > 30) return 'units of several WS or T, or locked with many';
    if (this.W.some((w) => w !== 1) || !Array.from(this.casualties.how).every((h) => h === ALIKE)) return 'models of several wounds or saves';
    return null;
  }

  /** What multi-compile.ts reads of the fight. */
  private shape(): MultiShape {
    const steps = this.schedule!.map((sc) => Array.from(sc.inits, (_, s) => ({
      groups: Array.from({ length: sc.stepFrom[s + 1]! - sc.stepFrom[s]! }, (_, j) => {
        const i = sc.stepFrom[s]! + j;
        return { key: sc.groups[i]!, members: Array.from(sc.members.subarray(sc.memberFrom[i]!, sc.memberFrom[i + 1]!)) };
      }),
    })));
    const locked = Array.from({ length: this.nUnits }, (_, u) => Array.from(this.lockedList.subarray(this.lockedFrom[u]!, this.lockedFrom[u + 1]!)));
    return {
      rounds: this.rounds, side: this.side, from: this.from, unitSize: this.unitSize, locked, size: this.size,
      sv: this.unitSv, inv: this.unitInv, invAlways: this.casualties.invAlways, steps, choice: this.choice!, maskRadix: this.maskRadix,
      code: this.coded ? { radix: this.codeRadix, woundsRadix: this.woundsRadix } : null,
    };
  }

  /** One fight with `chance` (already started for its run): its outcome, reused run after run. */
  fight(chance: Chance): FightOutcome {
    this.run(chance);
    return this.outcome();
  }

  /** The last fight's outcome, written into the object reused run after run. */
  outcome(): FightOutcome {
    const out = this.figuresInto(this.out);
    out.sweepsAttempted = this.sweepsAttempted;
    out.survivors.attacker.models = out.survivors.attacker.wounds = out.survivors.defender.models = out.survivors.defender.wounds = 0;
    for (let u = 0; u < this.nUnits; u++) {
      const s = this.side[u] === 0 ? out.survivors.attacker : out.survivors.defender;
      s.models += this.unitAlive[u]!;
      s.wounds += this.woundsOf(u);
      const e = out.units[u]!;
      e.fate = FATES[this.unitFates[u]!]!;
      e.survivors = this.unitAlive[u]!;
    }
    return out;
  }

  /** One fight with `chance` (already started for its run): its figures kept for `code` and `outcome`. */
  run(chance: Chance): void {
    if (this.compiled !== null) return this.compiled.run(this, chance);
    this.reset();
    for (let phase = 1; ; phase++) {
      this.phases = phase;
      // prepare: nobody is held any more
      for (let u = 0; u < this.nUnits; u++) this.held[u] = 0;
      if (this.phase(phase, chance)) return;
      if (phase >= this.rounds) {
        // engine/fight.ts `ranOut`: the losers held by the last sweep are caught (revised4, ruling 20)
        let first = -1;
        for (let u = 0; u < this.nUnits; u++) {
          if (!this.held[u] || !this.inCombat[u]) continue;
          this.fate[u] = SWEPT;
          if (first < 0) first = u;
        }
        if (first >= 0) this.finish(SWEPT, 1 - this.side[first]!);
        else this.finish(LOCKED, -1);
        return;
      }
    }
  }

  /** `schedule`, or null where two groups of a unit at one step interleave their classes. */
  private schedules(): [Schedule, Schedule] | null {
    const out: Schedule[] = [];
    for (const t of this.tables) {
      const inits: number[] = [];
      const stepFrom: number[] = [0];
      const groups: number[] = [];
      const memberFrom: number[] = [0];
      const members: number[] = [];
      for (let init = 10; init >= 1; init--) {
        const keys: number[] = [];
        for (let c = 0; c < this.count.length; c++) if (t.attacks[c]! > 0 && t.initiative[c] === init && !keys.includes(t.key[c]!)) keys.push(t.key[c]!);
        if (keys.length === 0) continue;
        for (const k of keys) {
          const of: number[] = [];
          for (let c = 0; c < this.count.length; c++) if (t.attacks[c]! > 0 && t.initiative[c] === init && t.key[c] === k) of.push(c);
          for (const other of keys) {
            if (other === k || this.unitOf[other] !== this.unitOf[k]) continue;
            const them: number[] = [];
            for (let c = 0; c < this.count.length; c++) if (t.attacks[c]! > 0 && t.initiative[c] === init && t.key[c] === other) them.push(c);
            if (!(Math.max(...of) < Math.min(...them) || Math.max(...them) < Math.min(...of))) return null;
          }
          groups.push(k);
          members.push(...of);
          memberFrom.push(members.length);
        }
        inits.push(init);
        stepFrom.push(groups.length);
      }
      out.push({ inits: Int32Array.from(inits), stepFrom: Int32Array.from(stepFrom), groups: Int32Array.from(groups), memberFrom: Int32Array.from(memberFrom), members: Int32Array.from(members) });
    }
    return out as [Schedule, Schedule];
  }

  /** `choice` for phase kind `p`. */
  private choices(p: number): Int32Array {
    const { nUnits: U, maskRadix } = this;
    const t = this.tables[p]!;
    const out = new Int32Array(this.count.length * maskRadix).fill(-1);
    const ws = new Int32Array(U);
    const tt = new Int32Array(U);
    for (let u = 0; u < U; u++) {
      ws[u] = t.ws[this.from[u]!]!;
      tt[u] = t.t[this.from[u]!]!;
    }
    for (let g = 0; g < this.count.length; g++) {
      const u = this.unitOf[g]!;
      const from = this.lockedFrom[u]!;
      const m = this.lockedFrom[u + 1]! - from;
      let alike = true;
      for (let j = 0; j < m; j++) alike &&= this.alike[this.lockedList[from + j]!]! && this.oneSave[this.lockedList[from + j]!]!;
      if (!alike) continue;
      for (let mask = 1; mask < 1 << m; mask++) {
        let n = 0;
        for (let j = 0; j < m; j++) if ((mask & (1 << j)) !== 0) this.targets[n++] = this.lockedList[from + j]!;
        out[g * maskRadix + mask] = n === 1 ? this.targets[0]! : chooseTarget(g, U, this.targets, n, this.split[u]!, this.expect[p]!, ws, tt, this.most, this.K);
      }
    }
    return out;
  }

  private reset(): void {
    const { count, size } = this;
    for (let c = 0; c < count.length; c++) count[c] = size[c]!;
    // (the wounds left on each class's first model matter only where some model has several)
    if (this.anyMultiWound) for (let c = 0; c < count.length; c++) this.front[c] = this.W[c]!;
    for (let u = 0; u < this.nUnits; u++) {
      this.unitAlive[u] = this.unitSize[u]!;
      this.majorityFor[u] = -1;
      this.inCombat[u] = 1;
      this.fate[u] = -1;
    }
    this.holding[0] = this.sideUnits[0]!;
    this.holding[1] = this.sideUnits[1]!;
    this.clearFigures();
    this.sweepsAttempted = 0;
  }

  /** The WS and T of a unit whose models are alike, struck against in a phase under table `t`. */
  private alikeOf(t: PhaseTable): void {
    alikeStats(t, this.nUnits, this.alike, this.from, this.stepWS, this.stepT);
  }

  /** Some unit of side `s` is in the combat. */
  private holds(s: number): boolean {
    return this.holding[s]! > 0;
  }

  /** One assault phase: true when the combat ended in it. */
  private phase(phase: number, chance: Chance): boolean {
    const p = phase === 1 ? 0 : 1;
    const t = this.tables[p];
    if (t.ws !== this.phaseWS || t.t !== this.phaseT) {
      this.phaseWS = t.ws;
      this.phaseT = t.t;
      this.alikeOf(t);
      this.majorityFor.fill(-1);
    }
    const inflicted = this.inflicted;
    inflicted[0] = inflicted[1] = 0;
    this.casualties.usePhase(t);
    this.initiativeSteps(t, p, chance);
    this.totalWounds[0]! += inflicted[0]!;
    this.totalWounds[1]! += inflicted[1]!;
    // ruling 6: a unit whose models are all removed leaves at once
    for (let u = 0; u < this.nUnits; u++) {
      if (this.inCombat[u] && this.unitAlive[u] === 0) this.leave(u, DESTROYED);
    }
    // the assault result (engine/steps.ts `resultStep`): summed per side; a side with no unit left is wiped out
    const wipedA = !this.holds(0);
    const wipedD = !this.holds(1);
    const winner = this.result(phase, wipedA, wipedD, inflicted);
    // `massacreStep`
    if (wipedA && wipedD) return this.finish(DESTROYED, -1);
    if (wipedA || wipedD) return this.finish(this.endKind(wipedA ? 0 : 1), winner);
    if (winner < 0) return this.hitAndRun(t, -1);
    // Morale (engine/breakoff.ts `moraleStep`): every losing unit, in the fight's order
    const loser = 1 - winner;
    let nBroken = 0;
    for (let u = 0; u < this.nUnits; u++) {
      if (this.side[u] !== loser || !this.inCombat[u]) continue;
      this.moraleTaken++;
      if (fearlessWith(t, u, this.unitAlive[u]!) || chance.leadership(leadershipOf(t, this.from, this.count, u, this.unitAlive[u]!))) continue;
      this.moraleFailed++;
      this.broken[nBroken++] = u;
    }
    if (nBroken > 0) {
      this.sweep(t, phase, winner, nBroken, chance);
      if (!this.holds(loser)) return this.finish(this.endKind(loser), winner);
    }
    return this.hitAndRun(t, winner);
  }

  /** Steps 10-11 (engine/breakoff.ts `sweepStep`): the `nBroken` broken units fall back, the winners that may sweep try to catch them. */
  sweep(t: PhaseTable, phase: number, winner: number, nBroken: number, chance: Chance): void {
    const { broken, isBroken, winners, fleeTotal, sweepTotal, nUnits: U, ruleset } = this;
    let nWinners = 0;
    for (let u = 0; u < U; u++) if (this.side[u] === winner && this.inCombat[u]) winners[nWinners++] = u;
    if (this.needsContact && phase === 1) {
      // srd4 step 10: a unit with no model left in base contact falls back, and nobody may sweep it
      let kept = 0;
      for (let i = 0; i < nBroken; i++) {
        const g = broken[i]!;
        if (touchingOf(this.from, this.count, this.contact, g)) broken[kept++] = g;
        else this.leave(g, FELL_BACK);
      }
      nBroken = kept;
    }
    if (nBroken === 0) return;
    for (let i = 0; i < nBroken; i++) isBroken[broken[i]!] = 1;
    // a winner still locked with a unit in the combat that did not break cannot sweep
    let free = 0;
    let firstFree = -1;
    for (let i = 0; i < nWinners; i++) {
      const w = winners[i]!;
      let locked = false;
      for (let j = this.lockedFrom[w]!; j < this.lockedFrom[w + 1]! && !locked; j++) {
        const e = this.lockedList[j]!;
        locked = this.inCombat[e] === 1 && isBroken[e] === 0;
      }
      sweepTotal[w] = locked ? STILL_LOCKED : 0;
      if (!locked) {
        free++;
        if (firstFree < 0) firstFree = w;
      }
    }
    for (let i = 0; i < nBroken; i++) isBroken[broken[i]!] = 0;
    if (free === 0 || nWinners === 0) {
      for (let i = 0; i < nBroken; i++) this.leave(broken[i]!, FELL_BACK);
      return;
    }
    const sweeper = free === 1 && nBroken === 1 ? firstFree : -1;
    const fleeDice = sweeper >= 0 ? this.fleeDice[broken[0]!]! : 0;
    const sweepDice = sweeper >= 0 ? this.sweepDice[sweeper]! : 0;
    if (fleeDice > 0 && sweepDice > 0) {
      // one fleeing unit, one winner that rolls: only the difference of the two rolls is read (Chance.race)
      fleeTotal[0] = chance.race(fleeDice, sweepDice) + this.sweepBonus(broken[0]!);
      sweepTotal[sweeper] = chance.second + this.sweepBonus(sweeper);
    } else {
      for (let i = 0; i < nBroken; i++) {
        const g = broken[i]!;
        if (!ruleset.fleeRollMoves && this.noneMaySweep(g, winners, nWinners)) fleeTotal[i] = NO_ROLL;
        else fleeTotal[i] = chance.sum(this.fleeDice[g]!) + this.sweepBonus(g);
      }
      for (let i = 0; i < nWinners; i++) {
        const w = winners[i]!;
        if (sweepTotal[w] === STILL_LOCKED) continue;
        const dice = this.sweepDice[w]!;
        sweepTotal[w] = dice > 0 ? chance.sum(dice) + this.sweepBonus(w) : -1;
      }
    }
    for (let i = 0; i < nBroken; i++) {
      const g = broken[i]!;
      const flee = fleeTotal[i]!;
      if (flee === NO_ROLL) {
        this.leave(g, FELL_BACK);
        continue;
      }
      let catcher = -1;
      let best = -1;
      let locked = -1;
      for (let j = 0; j < nWinners; j++) {
        const w = winners[j]!;
        if (this.locked[w * U + g] !== 1) continue;
        const s = sweepTotal[w]!;
        if (s === STILL_LOCKED) {
          locked = w;
          continue;
        }
        if (s < 0) continue;
        if (ruleset.catches(s, flee) && (catcher < 0 || s > sweepTotal[catcher]!)) catcher = w;
        if (best < 0 || s > sweepTotal[best]!) best = w;
      }
      if (catcher < 0 && best < 0 && locked >= 0) {
        this.leave(g, FELL_BACK);
        continue;
      }
      this.sweepsAttempted++;
      // a sweep that would destroy a sweep-proof unit holds it instead (B12)
      const proof = catcher >= 0 && ruleset.caught === 'swept' && ruleset.sweepLoss(sweepTotal[catcher]!, flee) === 'destroyed' && t.sweepProof[g] === 1;
      if (catcher < 0) {
        this.leave(g, FELL_BACK);
        continue;
      }
      this.sweepsCaught++;
      if (proof || ruleset.caught === 'held') {
        this.held[g] = 1;
        continue;
      }
      // srd4's sweepLoss: caught, destroyed (multi-domain.ts takes no other)
      for (let c = this.from[g]!; c < this.from[g + 1]!; c++) {
        this.count[c] = 0;
        this.front[c] = this.W[c]!;
      }
      this.unitAlive[g] = 0;
      this.leave(g, SWEPT);
    }
  }

  private leave(u: number, fate: number): void {
    this.inCombat[u] = 0;
    this.fate[u] = fate;
    this.holding[this.side[u]!]!--;
  }

  /** No free winner locked with `g` may sweep, and some free one is (engine/breakoff.ts `noneMaySweep`). */
  private noneMaySweep(g: number, winners: Int32Array, nWinners: number): boolean {
    let free = false;
    for (let i = 0; i < nWinners; i++) {
      const w = winners[i]!;
      if (this.sweepTotal[w] === STILL_LOCKED || this.locked[w * this.nUnits + g] !== 1) continue;
      if (this.sweepDice[w]! > 0) return false;
      free = true;
    }
    return free;
  }

  /** How the combat ended for side `s`, from its units' fates (engine/breakoff.ts `endKind`): an ENDS number. */
  endKind(s: number): number {
    let fellBack = false;
    let swept = false;
    let destroyed = false;
    for (let u = 0; u < this.nUnits; u++) {
      if (this.side[u] !== s) continue;
      const f = this.fate[u];
      fellBack ||= f === FELL_BACK;
      swept ||= f === SWEPT;
      destroyed ||= f === DESTROYED;
    }
    return fellBack ? FELL_BACK : swept ? SWEPT : destroyed ? DESTROYED : CHARGE_FAILED;
  }

  /** The fall back or sweep bonus of unit `u`. */
  private sweepBonus(u: number): number {
    return sweepBonusOf(this.from, this.count, u, this.bonusIsInitiative, this.I, this.bonus);
  }

  /**
   * B11 (engine/hit-and-run.ts): each unit with Hit & Run of a side that did not win, still in the
   * combat and not held, leaves; a side left with no unit ends the combat. Whether it ended.
   */
  hitAndRun(t: PhaseTable, winner: number): boolean {
    let left = false;
    for (let u = 0; u < this.nUnits; u++) {
      if (this.side[u] === winner || t.hitAndRun[u] !== 1 || !this.inCombat[u] || this.held[u]) continue;
      this.leave(u, DISENGAGED);
      left = true;
    }
    if (!left || (this.holds(0) && this.holds(1))) return false;
    if (winner >= 0) {
      const broke = this.endKind(1 - winner);
      if (broke === FELL_BACK || broke === SWEPT) return this.finish(broke, winner);
    }
    return this.finish(DISENGAGED, -1);
  }

  /** The Initiative steps of a phase (engine/strike.ts): groups of the units in the combat formed at its start, steps 10 down to 1. */
  private initiativeSteps(t: PhaseTable, p: number, chance: Chance): void {
    if (this.schedule !== null) return this.scheduledSteps(this.schedule[p]!, t, p, chance);
    const { count, groups } = this;
    const nGroups = formGroups(t, count, this.inCombat, this.unitOf, groups, this.nextMember, this.groupOfKey, this.lastMember);
    const steps = stepsOf(t, groups, nGroups);
    this.nGroups = nGroups;
    for (let init = 10; init >= 1; init--) if ((steps & (1 << init)) !== 0) this.initiativeStep(init, t, p, chance);
  }

  /** The Initiative steps of a phase as worked out once (`schedule`): each group strikes with its living models, its first living class leading it. */
  private scheduledSteps(sc: Schedule, t: PhaseTable, p: number, chance: Chance): void {
    const { count, striking, groups, unitAlive, nUnits: U } = this;
    const { stepFrom, memberFrom, members } = sc;
    const choice = this.choice === null ? null : this.choice[p]!;
    for (let s = 0; s < sc.inits.length; s++) {
      // the groups' living models, and the class that leads each (-1: none living, or its unit gone)
      let any = false;
      for (let i = stepFrom[s]!; i < stepFrom[s + 1]!; i++) {
        let n = 0;
        let lead = -1;
        if (this.inCombat[this.unitOf[sc.groups[i]!]!]) {
          for (let m = memberFrom[i]!; m < memberFrom[i + 1]!; m++) {
            const c = members[m]!;
            const k = count[c]!;
            if (k > 0 && lead < 0) lead = c;
            n += k;
          }
        }
        groups[i] = lead;
        striking[i] = n;
        any ||= n > 0;
      }
      if (!any) continue;
      if (!this.allAlike) {
        for (let u = 0; u < U; u++) if (this.inCombat[u] && unitAlive[u]! > 0 && unitAlive[u] !== this.majorityFor[u] && !this.alike[u]) this.majorities(u);
      }
      let nStruck = 0;
      for (let i = stepFrom[s]!; i < stepFrom[s + 1]!; i++) {
        const g = groups[i]!;
        if (g < 0) continue;
        const v = this.targetOf(g, choice, p);
        if (v < 0) continue;
        if (this.struckFlag[v] === 0) {
          this.struckFlag[v] = 1;
          this.struck[nStruck++] = v;
        }
        this.strike(g, v, striking[i]! * t.attacks[g]!, t, p, chance);
      }
      for (let i = 0; i < nStruck; i++) {
        const v = this.struck[i]!;
        this.struckFlag[v] = 0;
        this.casualtiesOf(v, chance);
      }
    }
  }

  /** The unit group `g` strikes (engine/strike.ts `blowsStep`, ruling 17): of the enemy units its unit is locked with that are still there; -1: none is. */
  private targetOf(g: number, choice: Int32Array | null, p: number): number {
    const { targets, unitAlive } = this;
    const u = this.unitOf[g]!;
    let n = 0;
    let mask = 0;
    const from = this.lockedFrom[u]!;
    for (let j = from; j < this.lockedFrom[u + 1]!; j++) {
      const e = this.lockedList[j]!;
      if (this.inCombat[e] && unitAlive[e]! > 0) {
        targets[n++] = e;
        mask |= 1 << (j - from);
      }
    }
    if (n <= 1) return n === 0 ? -1 : targets[0]!;
    const v = choice === null ? -1 : choice[g * this.maskRadix + mask]!;
    if (v >= 0) return v;
    // (read also where its `attackSplit` list names none of them)
    for (let i = 0; i < n; i++) this.most[targets[i]!] = this.mostAlike(g, targets[i]!, p);
    return chooseTarget(g, this.nUnits, targets, n, this.split[u]!, this.expect[p]!, this.stepWS, this.stepT, this.most, this.K);
  }

  /**
   * engine/target-choice.ts `mostAlike`: the class of unit `v` (its i-th) most of whose living
   * models need the same save against the blows of class `g` (no ability on saves: they suffer
   * them alike but for it), the first on a tie.
   */
  private mostAlike(g: number, v: number, p: number): number {
    const from = this.from[v]!;
    const end = this.from[v + 1]!;
    const { count } = this;
    if (this.oneSave[v]) {
      for (let c = from; c < end; c++) if (count[c]! > 0) return c - from;
      return 0;
    }
    const needs = this.needs[p]!;
    const row = g * count.length;
    let most = 0;
    let mostShare = 0;
    for (let c = from; c < end; c++) {
      if (count[c] === 0) continue;
      const need = needs[row + c];
      let share = 0;
      for (let d = from; d < end; d++) if (count[d]! > 0 && needs[row + d] === need) share += count[d]!;
      if (share > mostShare) {
        most = c - from;
        mostShare = share;
      }
    }
    return most;
  }

  /** One Initiative step: every group at `init` strikes the unit it chooses, then each unit struck takes its casualties, in the order struck. */
  private initiativeStep(init: number, t: PhaseTable, p: number, chance: Chance): void {
    const { count, groups, nextMember, striking, unitAlive, nGroups, struck, struckFlag, nUnits: U } = this;
    if (!strikingAt(init, t, count, groups, nGroups, nextMember, striking)) return;
    // (each unit's pending hits were all taken by its last casualties: none are left)
    if (!this.allAlike) {
      for (let u = 0; u < U; u++) if (this.inCombat[u] && unitAlive[u]! > 0 && unitAlive[u] !== this.majorityFor[u] && !this.alike[u]) this.majorities(u);
    }
    const choice = this.choice === null ? null : this.choice[p]!;
    let nStruck = 0;
    for (let i = 0; i < nGroups; i++) {
      const g = groups[i]!;
      if (t.initiative[g] !== init || striking[g]! <= 0) continue;
      const v = this.targetOf(g, choice, p);
      if (v < 0) continue;
      if (struckFlag[v] === 0) {
        struckFlag[v] = 1;
        struck[nStruck++] = v;
      }
      this.strike(g, v, striking[g]! * t.attacks[g]!, t, p, chance);
    }
    for (let i = 0; i < nStruck; i++) {
      const v = struck[i]!;
      struckFlag[v] = 0;
      this.casualtiesOf(v, chance);
    }
  }

  /** The majority WS and T of unit `u`'s living models (engine/strike.ts `startStep`; every model is engaged). */
  private majorities(u: number): void {
    this.majorityFor[u] = this.unitAlive[u]!;
    shareMajorities(this, this.ruleset, u);
  }

  /** Group `g`'s `attacks` against unit `v` (engine/strike.ts `strike`, `pendWounds`). */
  private strike(g: number, v: number, attacks: number, t: PhaseTable, p: number, chance: Chance): void {
    const wounds = rollBlows(t, g, this.stepWS[v]!, this.stepT[v]!, attacks, chance);
    const strength = t.strength[g]!;
    const auto = chance.blow.autoWounds;
    if (wounds > 0) this.casualties.pend(v, wounds, strength, t.noArmour[g]!, t.maxSave[g]!, t.ap[g]!, -1, 0, blowsOf(g, p, false));
    if (auto > 0) this.casualties.pend(v, auto, strength, 1, 0, -1, -1, 0, blowsOf(g, p, true));
  }

  /** Unit `v`'s casualties this Initiative step: the wounds count for the other side. */
  private casualtiesOf(v: number, chance: Chance): void {
    const inflicted = this.casualties.take(v, this.unitAlive[v]!, this.woundsOf(v), chance);
    this.inflicted[1 - this.side[v]!]! += inflicted;
    if (!this.multiWound[v]) this.unitAlive[v]! -= inflicted;
    else {
      let n = 0;
      for (let c = this.from[v]!; c < this.from[v + 1]!; c++) n += this.count[c]!;
      this.unitAlive[v] = n;
    }
  }

  private woundsOf(u: number): number {
    if (!this.multiWound[u]) return this.unitAlive[u]!;
    return woundsLeft(this.from, this.count, this.W, this.front, u);
  }

  /** The combat ends as `how` (an ENDS number), won by side `winner` (-1: nobody). */
  finish(how: number, winner: number): true {
    if (this.compiled !== null) return this.compiled.finish(this, how, winner);
    this.end = how;
    this.winner = winner < 0 ? DRAW : winner;
    this.alive[0] = this.alive[1] = 0;
    for (let u = 0; u < this.nUnits; u++) {
      const f = this.fate[u]!;
      this.unitFates[u] = f >= 0 ? f : how === LOCKED && this.inCombat[u] ? LOCKED : NONE;
      this.alive[this.side[u]!]! += this.unitAlive[u]!;
    }
    if (this.coded) this.encode();
    return true;
  }

  /** Wounds a side's units have at the start: the most the other side can inflict. */
  private sideWounds(s: number): number {
    let n = 0;
    for (let u = 0; u < this.nUnits; u++) if (this.side[u] === s) n += this.unitWounds[u]!;
    return n;
  }

  /** `codeRadix`: the radices of the phases, Morale checks and sweeps that fit 2^53 beside the rest of `encode`'s (figures.ts `codeRadices`; empty: none do). */
  private radices(): Int32Array {
    let fixed = ENDS.length * 3 * 3 * pairs(this.woundsRadix[0]!) * pairs(this.woundsRadix[1]!);
    for (let u = 0; u < this.nUnits; u++) fixed *= (this.unitSize[u]! + 1) * (this.multiWound[u] ? this.unitWounds[u]! + 1 : 1) * FATES.length;
    return codeRadices(fixed, this.rounds + 1, this.perSide, this.perSide, true);
  }

  /**
   * `code`: every figure of the outcome, in mixed radix (the survivors of each side follow from
   * its units'); each pair of counts whose second is at most its first (the Morale checks taken
   * and failed, the sweeps attempted and caught, the wounds a side inflicted in all and in the
   * first phase) as one digit (`pair`). -1 where a run reaches a radix of `codeRadix`.
   */
  private encode(): void {
    const r = this.codeRadix;
    if (this.phases >= r[0]! || this.moraleTaken >= r[1]! || this.sweepsAttempted >= r[2]!) {
      this.code = -1;
      return;
    }
    const aw = this.woundsRadix[0]!;
    const dw = this.woundsRadix[1]!;
    let k = this.end;
    k = k * 3 + this.winner;
    k = k * 3 + this.first;
    k = k * r[0]! + this.phases;
    k = k * pairs(r[1]!) + pair(this.moraleTaken, this.moraleFailed);
    k = k * pairs(r[2]!) + pair(this.sweepsAttempted, this.sweepsCaught);
    k = k * pairs(dw) + pair(this.totalWounds[0]!, this.firstWounds[0]!);
    k = k * pairs(aw) + pair(this.totalWounds[1]!, this.firstWounds[1]!);
    const fates = FATES.length;
    for (let u = 0; u < this.nUnits; u++) {
      k = k * (this.unitSize[u]! + 1) + this.unitAlive[u]!;
      if (this.anyMultiWound && this.multiWound[u]) k = k * (this.unitWounds[u]! + 1) + this.woundsOf(u);
      k = k * fates + this.unitFates[u]!;
    }
    this.code = k;
  }
}
