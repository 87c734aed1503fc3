// What the abilities of a fight's models do in the phase being fought (abilities.md B): worked
// out at the start of each phase from each model's abilities and whether its unit charged, was
// charged, or fights its first phase (A3), into numbers the steps read. Nothing is allocated per
// run: each class and unit keeps its own record, refilled.
import type { Ability, Effect, When } from '../abilities.js';
import type { ModelClass, UnitState } from './state.js';
import { REROLL_FAILED, REROLL_NONE, REROLL_ONES } from '../dice.js';

/** A reroll's reach: none, the 1s, every failed roll (the dice's: src/dice.ts). */
export { REROLL_FAILED, REROLL_NONE, REROLL_ONES };

/** What a model class's abilities do in this phase (the fields of B1-B6, B9). */
export class ClassFx {
  /** B1: added to the profile's characteristics (before the 1-10 bounds) */
  WS = 0; S = 0; T = 0; I = 0; A = 0; Ld = 0;
  /** B3: its blows hit on this roll or better; 0: as the chart says */
  hitOn = 0;
  hitOnNot: readonly string[] | null = null;
  /** B2: REROLL_* of its hits, wounds and saves */
  rerollHit = REROLL_NONE;
  rerollHitNot: readonly string[] | null = null;
  rerollWound = REROLL_NONE;
  rerollWoundNot: readonly string[] | null = null;
  rerollSave = REROLL_NONE;
  /** B4: unsaved wounds ignored on this roll; 0: none */
  feelNoPain = 0;
  /** B5 */
  eternalWarrior = false;
  /** B6: no +1 attack for charging */
  noChargeBonus = false;
  /** B9: strikes at this Initiative; 0: as worked out */
  strikeAt = 0;
  /** some ability acts this phase */
  any = false;
  clear(): void {
    this.WS = this.S = this.T = this.I = this.A = this.Ld = 0;
    this.hitOn = this.strikeAt = this.feelNoPain = 0;
    this.rerollHit = this.rerollWound = this.rerollSave = REROLL_NONE;
    this.hitOnNot = this.rerollHitNot = this.rerollWoundNot = null;
    this.eternalWarrior = this.noChargeBonus = this.any = false;
  }
}

/** What a unit's abilities do in this phase (B7, B8, B10-B12). */
export class UnitFx {
  /** B7: passes Morale while it has this many living models; 0: always; -1: not fearless */
  fearlessFrom = -1;
  /** B8: tests on its living models when that is higher */
  leadershipModels = false;
  /** B10: every model engaged, in base contact */
  engageAll = false;
  /** B11 */
  hitAndRun = false;
  /** B12 */
  sweepProof = false;
  /** for the log: the abilities that gave B7 (its lowest models), B8, B10, B11, B12 ('' for none) */
  fearlessBy = '';
  fearlessKey = '';
  leadershipBy = '';
  engageAllBy = '';
  hitAndRunBy = '';
  sweepProofBy = '';
  /** A3: an enemy unit locked with it charged as the phase began (`when: charged`; kept in the fight's snapshots) */
  charged = false;
  /** what these were worked out for (`prepareFx`: the first phase, charging, charged as bits); -1: not yet */
  key = -1;
  clear(): void {
    this.key = -1;
    this.fearlessFrom = -1;
    this.charged = false;
    this.leadershipModels = this.engageAll = this.hitAndRun = this.sweepProof = false;
    this.fearlessBy = this.fearlessKey = this.leadershipBy = this.engageAllBy = this.hitAndRunBy = this.sweepProofBy = '';
  }
}

/** Whether an effect given `when` holds now. */
export function holds(when: When, firstRound: boolean, charging: boolean, charged: boolean): boolean {
  switch (when) {
    case 'always': return true;
    case 'firstRound': return firstRound;
    case 'charging': return firstRound && charging;
    case 'charged': return firstRound && charged;
  }
}

const NONE: readonly Ability[] = [];
const abilitiesOf = (m: ModelClass): readonly Ability[] => m.spec.abilities ?? NONE;

/** Fill `fx` with what the abilities of `m`'s model do now. */
export function classFx(fx: ClassFx, abilities: readonly Ability[], firstRound: boolean, charging: boolean, charged: boolean): void {
  fx.clear();
  for (let aI = 0; aI < abilities.length; aI++) {
    const effects = abilities[aI]!.effects;
    for (let eI = 0; eI < effects.length; eI++) {
      const e = effects[eI]!;
      if (!holds(e.when, firstRound, charging, charged)) continue;
      addToClass(fx, e);
    }
  }
}

function addToClass(fx: ClassFx, e: Effect): void {
  switch (e.kind) {
    case 'modify': {
      const m = e.modify;
      fx.WS += m.WS ?? 0; fx.S += m.S ?? 0; fx.T += m.T ?? 0; fx.I += m.I ?? 0; fx.A += m.A ?? 0; fx.Ld += m.Ld ?? 0;
      break;
    }
    case 'hitOn':
      // several: the best
      if (fx.hitOn === 0 || e.n < fx.hitOn) {
        fx.hitOn = e.n;
        fx.hitOnNot = e.notAgainst ?? null;
      }
      break;
    case 'reroll': {
      const reach = e.results === 'failed' ? REROLL_FAILED : REROLL_ONES;
      if (e.roll === 'hit' && reach > fx.rerollHit) {
        fx.rerollHit = reach;
        fx.rerollHitNot = e.notAgainst ?? null;
      } else if (e.roll === 'wound' && reach > fx.rerollWound) {
        fx.rerollWound = reach;
        fx.rerollWoundNot = e.notAgainst ?? null;
      } else if (e.roll === 'save' && reach > fx.rerollSave) fx.rerollSave = reach;
      break;
    }
    case 'feelNoPain':
      if (fx.feelNoPain === 0 || e.n < fx.feelNoPain) fx.feelNoPain = e.n;
      break;
    case 'eternalWarrior': fx.eternalWarrior = true; break;
    case 'chargeBonus': fx.noChargeBonus = true; break;
    case 'strikeAt': fx.strikeAt = Math.max(fx.strikeAt, e.n); break;
    default: return;
  }
  fx.any = true;
}

/**
 * An enemy unit locked with `u` charged in this phase: the same all phase long (a charger
 * destroyed in it still charged), so that a state loaded in the middle of a phase
 * (engine/snapshot.ts) works out the effects it began with.
 */
export function wasCharged(u: UnitState): boolean {
  for (let i = 0; i < u.locked.length; i++) if (u.locked[i]!.charging) return true;
  return false;
}

/**
 * At the start of a phase: what the abilities of `u`'s models and `u` itself do in it. B7, B8
 * and B12 hold when any model the unit started with has them; B10 and B11 only when every one
 * does (A3).
 */
export function prepareFx(u: UnitState, firstRound: boolean, charged = wasCharged(u)): void {
  const ufx = u.fx;
  // they follow from these alone (a unit's models keep their abilities): worked out already
  // when the same (`exact` puts a state back into the combat once a path, exact/enumeration.ts)
  const key = (firstRound ? 1 : 0) | (u.charging ? 2 : 0) | (charged ? 4 : 0);
  if (ufx.key === key) return;
  ufx.clear();
  ufx.charged = charged;
  let every = -1;
  for (let cI = 0; cI < u.classes.length; cI++) {
    const m = u.classes[cI]!;
    const abilities = abilitiesOf(m);
    classFx(m.fx, abilities, firstRound, u.charging, charged);
    let engage = false;
    let run = false;
    for (let aI = 0; aI < abilities.length; aI++) {
      const a = abilities[aI]!;
      const effects = a.effects;
      for (let eI = 0; eI < effects.length; eI++) {
        const e = effects[eI]!;
        if (!holds(e.when, firstRound, u.charging, charged)) continue;
        if (e.kind === 'fearless') {
          const from = e.models ?? 0;
          if (ufx.fearlessFrom === -1 || from < ufx.fearlessFrom) {
            ufx.fearlessFrom = from;
            ufx.fearlessBy = a.name;
            ufx.fearlessKey = a.key;
          }
        } else if (e.kind === 'leadership') {
          ufx.leadershipModels = true;
          ufx.leadershipBy ||= a.name;
        } else if (e.kind === 'sweepProof') {
          ufx.sweepProof = true;
          ufx.sweepProofBy ||= a.name;
        } else if (e.kind === 'engageAll') {
          engage = true;
          ufx.engageAllBy ||= a.name;
        } else if (e.kind === 'hitAndRun') {
          run = true;
          ufx.hitAndRunBy ||= a.name;
        }
      }
    }
    const bits = (engage ? 1 : 0) | (run ? 2 : 0);
    every = every === -1 ? bits : every & bits;
  }
  ufx.engageAll = (every & 1) !== 0;
  ufx.hitAndRun = (every & 2) !== 0;
  if (!ufx.engageAll) ufx.engageAllBy = '';
  if (!ufx.hitAndRun) ufx.hitAndRunBy = '';
  ufx.key = key;
}

/**
 * B1: a characteristic `profile` with `delta` added, kept within 1-10 (`least` 0 for A); a
 * profile value of 0 stays 0 (ruling 13).
 */
export function modified(profile: number, delta: number, least = 1): number {
  if (delta === 0 || profile === 0) return profile;
  return Math.min(10, Math.max(least, profile + delta));
}

export const wsOf = (m: ModelClass): number => modified(m.spec.profile.WS, m.fx.WS);
export const tOf = (m: ModelClass): number => modified(m.T, m.fx.T);
export const iOf = (m: ModelClass): number => modified(m.spec.profile.I, m.fx.I);
export const aOf = (m: ModelClass): number => modified(m.spec.profile.A, m.fx.A, 0);
export const ldOf = (m: ModelClass): number => modified(m.spec.profile.Ld, m.fx.Ld);

/** The living models of a testing group (a unit and the independent characters who test with it: B7, B8). */
export function groupLiving(g: readonly UnitState[]): number {
  let n = 0;
  for (let uI = 0; uI < g.length; uI++) n += g[uI]!.aliveCount();
  return n;
}

/**
 * The unit of `g` whose fearless effect (B7) passes the group's Morale checks now, counted on
 * its living models after the phase's casualties; null: none. `true` wins, else the lowest N.
 */
export function fearlessOf(g: readonly UnitState[]): UnitState | null {
  let best: UnitState | null = null;
  for (let uI = 0; uI < g.length; uI++) {
    const u = g[uI]!;
    const from = u.fx.fearlessFrom;
    if (from >= 0 && (best === null || from < best.fx.fearlessFrom)) best = u;
  }
  if (best === null || best.fx.fearlessFrom === 0) return best;
  return groupLiving(g) >= best.fx.fearlessFrom ? best : null;
}

/** The unit of `g` that tests Leadership on its living models (B8); null: none. */
export function leadershipModelsOf(g: readonly UnitState[]): UnitState | null {
  for (let uI = 0; uI < g.length; uI++) if (g[uI]!.fx.leadershipModels) return g[uI]!;
  return null;
}

/** The highest Leadership among the living models of `g` (ruling 28), `modify: { Ld }` counted (B1). */
export function bestLd(g: readonly UnitState[]): number {
  let v = 0;
  for (let uI = 0; uI < g.length; uI++) {
    const classes = g[uI]!.classes;
    for (let cI = 0; cI < classes.length; cI++) {
      const m = classes[cI]!;
      if (m.count > 0) v = Math.max(v, ldOf(m));
    }
  }
  return v;
}

/** B8: the Leadership a test uses, `ld` or the group's living models (at most 10) when it tests on them and that is higher. */
export function testLd(g: readonly UnitState[], ld: number): number {
  return leadershipModelsOf(g) === null ? ld : Math.max(ld, Math.min(10, groupLiving(g)));
}
