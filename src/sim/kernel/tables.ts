// What the kernel reads of each model class, worked out once per scenario by the reference
// steps themselves: the charge and prepare steps are run on a fight state of its own, once as
// the first phase and once as a later one, and what they set (attacks, Initiative, weapon use,
// Strength, WS and Toughness, the rolls to hit and their re-rolls, with the phase's abilities) is kept. In the fights the kernel takes, these depend on nothing else: not on the
// dice, not on who has died (engine/steps.ts `prepareStep`, the editions' `prepareUnit`).
import type { Chance } from '../../dice.js';
import { chartLookup, woundNeed, type Ruleset } from '../../engine/ruleset.js';
import { startFight } from '../../engine/fight.js';
import { FightState } from '../../engine/state.js';
import { chargeStep, pileInStep, prepareStep, type Combat } from '../../engine/steps.js';
import type { Scenario } from '../../model.js';
import { NO_SAVE, withInvulnerable } from '../../engine/state.js';
import type { HitBatch } from '../../engine/allocate.js';
import type { HitCause } from '../../engine/events.js';
import { painNeed, saveReroll } from '../../engine/wound-fx.js';
import { ldOf, tOf, wsOf } from '../../engine/effects.js';
import { hitNeed, hitReroll, woundReroll } from '../../engine/blow-effects.js';

/** Per class (all units' classes in order), for one kind of phase: the first, or any later one. */
export interface PhaseTable {
  attacks: Int32Array;
  initiative: Int32Array;
  strength: Int32Array;
  rending: Uint8Array;
  /**
   * how it re-rolls its rolls to wound and to hit the unit it strikes (REROLL_*: its weapon's
   * re-roll, else its abilities', B2; engine/blow-effects.ts `woundReroll`, `hitReroll`)
   */
  reroll: Uint8Array;
  rerollHit: Uint8Array;
  /** its WS and Toughness as its abilities modify them (B1: engine/blow-effects.ts `wsOf`, `tOf`), what the majorities struck against are read from */
  ws: Int32Array;
  t: Int32Array;
  /** the wounds it causes: no armour save; the save's cap (0: none); AP (-1: none) */
  noArmour: Uint8Array;
  maxSave: Int32Array;
  ap: Int32Array;
  /** it strikes with a force weapon (its wounds may be followed by a Psychic test) */
  force: Uint8Array;
  /**
   * the rolls it needs to hit and to wound, by the WS and the Toughness struck against (0..10,
   * above 10 read as 10): hit[c * 11 + ws], wound[c * 11 + t] (engine/strike.ts `strike`; the
   * roll to hit as `hitOn` makes it, B3)
   */
  hit: Int32Array;
  wound: Int32Array;
  /** the first class of its unit that fights alike this phase (same profile, Initiative, attacks and weapon use) */
  key: Int32Array;
  /**
   * abilities.md B2, B4, B5, read from the steps' own working out (engine/wound-fx.ts), for a
   * unit whose models save and suffer wounds alike (sim/kernel/domain.ts): the Feel No Pain roll
   * of the unit it strikes against its wounds, pain[c * 2], and its rending wounds, pain[c * 2 + 1]
   * (0: none); per class, its saves' re-roll (REROLL_*) and whether it never suffers Instant Death
   */
  pain: Int32Array;
  saveReroll: Int32Array;
  eternal: Uint8Array;
  /**
   * per unit (B7, B8, B12, engine/effects.ts `UnitFx`): it passes its Morale checks while it has
   * this many living models (0: always, -1: never); it tests on its living models when that is
   * higher than its Leadership; a sweep that would destroy it holds it instead
   */
  fearlessFrom: Int32Array;
  leadershipModels: Uint8Array;
  sweepProof: Uint8Array;
  /** per unit (B11): it leaves at the end of a phase its side lost or drew */
  hitAndRun: Uint8Array;
  /** per class: in base contact once the phase is prepared (B10: `engageAll` brings its models in) */
  contact: Uint8Array;
  /** per class: its Leadership as its abilities modify it (B1: engine/effects.ts `ldOf`), what its unit's best is read from */
  ld: Int32Array;
  /** per class: what its wounds come from and its weapon's name (engine/strike.ts `pendWounds`): wound pools part by them (engine/pools.ts `samePool`) */
  cause: HitCause[];
  weapon: (string | null)[];
  /**
   * Our Weapons Are Useless (ruling 16: engine/options.ts `canHurt`): per class, its blows wound
   * whatever they strike (a weapon that wounds on a fixed roll, or rending), as it strikes this
   * phase; and hurts[c * n + e]: they can wound a model of class `e` (the to-wound chart against
   * its Toughness as modified)
   */
  hurtsAny: Uint8Array;
  hurts: Uint8Array;
}

/** A chance that must not be asked: the steps run here roll nothing. */
const NO_DICE = new Proxy({}, { get: () => { throw new Error('kernel tables: a step asked for dice'); } }) as Chance;

export function phaseTables(scenario: Scenario, ruleset: Ruleset): [PhaseTable, PhaseTable] {
  const [first, later] = preparedPhases(scenario, ruleset, (state, c) => read(state, ruleset, c));
  // the same WS and T in every phase: one array (the kernel works the majorities out again only when it changes)
  if (same(first.ws, later.ws) && same(first.t, later.t)) {
    later.ws = first.ws;
    later.t = first.t;
  }
  return [first, later];
}

/**
 * What `look` reads of `scenario`'s fight state as the reference steps prepare it for the first
 * phase and then for a later one (the charge connects: the tables serve only fights in which
 * it did; a charge rolled for and made changes nothing else).
 */
export function preparedPhases<T>(scenario: Scenario, ruleset: Ruleset, look: (state: FightState, ctx: Combat) => T): [T, T] {
  const connects = (units: Scenario['attacker']['units']) => units.map((u) => ({ ...u, chargeDistance: null }));
  const state = new FightState({ ...scenario, attacker: { units: connects(scenario.attacker.units) }, defender: { units: connects(scenario.defender.units) } }, ruleset);
  const c = startFight(state, ruleset, NO_DICE, null);
  chargeStep.run(c);
  c.phase = 1;
  c.firstRound = true;
  prepareStep.run(c);
  const first = look(state, c);
  pileInStep.run(c);
  c.phase = 2;
  c.firstRound = false;
  prepareStep.run(c);
  return [first, look(state, c)];
}

function same(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function read(state: FightState, ruleset: Ruleset, ctx: Parameters<Ruleset['strength']>[1]): PhaseTable {
  const classes = state.units.flatMap((u) => u.classes);
  const n = classes.length;
  const t: PhaseTable = {
    attacks: new Int32Array(n), initiative: new Int32Array(n), strength: new Int32Array(n),
    rending: new Uint8Array(n), reroll: new Uint8Array(n), rerollHit: new Uint8Array(n),
    ws: Int32Array.from(classes, (m) => wsOf(m)), t: Int32Array.from(classes, (m) => tOf(m)), noArmour: new Uint8Array(n), maxSave: new Int32Array(n), ap: new Int32Array(n), force: new Uint8Array(n),
    key: new Int32Array(n), hit: new Int32Array(n * 11), wound: new Int32Array(n * 11),
    pain: new Int32Array(n * 2), saveReroll: new Int32Array(n), eternal: new Uint8Array(n),
    fearlessFrom: Int32Array.from(state.units, (u) => u.fx.fearlessFrom),
    leadershipModels: Uint8Array.from(state.units, (u) => (u.fx.leadershipModels ? 1 : 0)),
    sweepProof: Uint8Array.from(state.units, (u) => (u.fx.sweepProof ? 1 : 0)),
    hitAndRun: Uint8Array.from(state.units, (u) => (u.fx.hitAndRun ? 1 : 0)),
    contact: Uint8Array.from(classes, (m) => (m.inContact ? 1 : 0)),
    ld: Int32Array.from(classes, (m) => ldOf(m)),
    cause: [], weapon: [],
    hurtsAny: new Uint8Array(n), hurts: new Uint8Array(n * n),
  };
  classes.forEach((m, i) => {
    const weapon = m.special ? m.loadout.weapon : null;
    // the unit it strikes (one unit a side): what `notAgainst` reads of it is the same while it lives (sim/kernel/abilities.ts `notAgainstRefusal`);
    // of several a side, the first enemy unit (sim/kernel/multi-domain.ts takes none of the abilities that read it)
    const foe = state.units.find((u) => u.side !== m.unit.side)!;
    t.attacks[i] = m.attacks;
    t.initiative[i] = m.initiative;
    t.strength[i] = ruleset.strength(m, ctx);
    t.rending[i] = weapon?.rending ? 1 : 0;
    t.reroll[i] = woundReroll(m, foe, weapon?.rerollFailedWounds === true);
    t.rerollHit[i] = hitReroll(m, foe);
    // engine/strike.ts `pendWounds`: a monstrous creature's blows are special attacks
    t.noArmour[i] = (weapon?.ignoresArmour ?? false) || (m.loadout.monstrous && m.special) ? 1 : 0;
    t.maxSave[i] = weapon?.maxSave ?? 0;
    t.ap[i] = weapon?.ap ?? -1;
    t.force[i] = weapon?.force ? 1 : 0;
    t.cause[i] = m.loadout.monstrous && m.special ? 'monstrous' : weapon ? 'weapon' : 'plain';
    t.weapon[i] = weapon ? weapon.name : null;
    // `canHurt`: the model's own weapon, special or not
    const own = m.loadout.weapon;
    t.hurtsAny[i] = t.strength[i]! >= 1 && own && (own.woundOn !== null || own.rending) ? 1 : 0;
    classes.forEach((e, j) => {
      t.hurts[i * n + j] = e.unit !== m.unit && t.strength[i]! >= 1 && chartLookup(ruleset.toWound, t.strength[i]!, tOf(e)) > 0 ? 1 : 0;
    });
    for (let x = 0; x <= 10; x++) {
      t.hit[i * 11 + x] = hitNeed(m, foe, chartLookup(ruleset.toHit, wsOf(m), x));
      t.wound[i * 11 + x] = woundNeed(ruleset, t.strength[i]!, weapon?.woundOn ?? null, x);
    }
    // engine/strike.ts `alike`
    const lead = classes.findIndex((l) => l.unit === m.unit && l.kind === m.kind && l.initiative === m.initiative && l.attacks === m.attacks && l.special === m.special);
    t.key[i] = lead;
    t.saveReroll[i] = saveReroll(m);
    t.eternal[i] = m.fx.eternalWarrior ? 1 : 0;
    // the unit it strikes (one unit a side), by its first class: its models suffer wounds alike
    const target = foe.classes[0]!;
    const batch = (noArmour: boolean, maxSave: number | null, ap: number | null): HitBatch => ({
      count: 1, strength: t.strength[i]!, noArmour, maxSave, ap, force: null, cause: 'plain', weapon: null, shot: false,
    });
    // engine/strike.ts `pendWounds`: its wounds, and its rending hits' (no armour save)
    t.pain[i * 2] = painNeed(target, batch(t.noArmour[i] === 1, t.maxSave[i] || null, t.ap[i]! >= 0 ? t.ap[i]! : null));
    t.pain[i * 2 + 1] = painNeed(target, batch(true, null, null));
  });
  return t;
}

/** The roll a model with save `sv` and invulnerable save `inv` (`invAlways`: against every hit) needs against a hit (engine/allocate.ts `saveAgainst`; AP -1 and cap 0: none). */
export function saveNeed(sv: number, inv: number, invAlways: boolean, noArmour: boolean, ap: number, maxSave: number): number {
  let armour = sv;
  if (noArmour || (ap >= 0 && ap <= sv)) armour = NO_SAVE;
  else if (maxSave !== 0 && sv < maxSave) armour = maxSave;
  return withInvulnerable(armour, inv, invAlways);
}
