// What abilities do to a model's blows (abilities.md B1-B3, B6, B9), read from the phase's
// `fx` (engine/effects.ts, which gives its characteristics as modified): the roll it needs to hit,
// the re-rolls of its hits and wounds against a target, and the same for waffle's sweeping-advance hits, whose
// strikers count as charging. Nothing here allocates in a run without a log.
import type { Ability, Effect, Modifiable } from '../abilities.js';
import { AUTO_HIT, REROLL_FAILED, REROLL_NONE, REROLL_ONES, rerollShare, type Reroll } from '../dice.js';
import { aOf, holds, iOf, wsOf } from './effects.js';
import type { ModelClass, UnitState } from './state.js';
import type { EffectNote } from './events.js';

const NONE: readonly Ability[] = [];

/** B9: the Initiative `init` worked out (profile, modify, cover, grenades), unless the model strikes at a fixed one. */
export function strikesAt(m: ModelClass, init: number): number {
  return m.fx.strikeAt > 0 ? m.fx.strikeAt : init;
}

/** B6: the model takes the +1 attack for charging its unit gets (`charge`: 1 or 0). */
export function chargeBonusOf(m: ModelClass, charge: number): number {
  return m.fx.noChargeBonus ? 0 : charge;
}

/**
 * A3 `notAgainst`: more than half of the living models of `target` have one of `names`, as a
 * special rule (theirs or their unit's) or an ability.
 */
export function mostHave(target: UnitState, names: readonly string[] | null): boolean {
  if (names === null) return false;
  let alive = 0;
  let have = 0;
  for (let cI = 0; cI < target.classes.length; cI++) {
    const c = target.classes[cI]!;
    if (c.count === 0) continue;
    alive += c.count;
    if (hasAny(target, c, names)) have += c.count;
  }
  return have * 2 > alive;
}

/** Model class `c` of `u` has one of `names`: a special rule of its own or its unit's, or an ability's key (no closure: it runs as blows are struck). */
export function hasAny(u: UnitState, c: ModelClass, names: readonly string[]): boolean {
  const unitRules: readonly string[] = u.spec.rules;
  const rules: readonly string[] = c.spec.rules;
  const abilities = c.spec.abilities ?? NONE;
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    if (unitRules.includes(n) || rules.includes(n)) return true;
    for (let aI = 0; aI < abilities.length; aI++) if (abilities[aI]!.key === n) return true;
  }
  return false;
}

/**
 * B3: the roll `m`'s blows need to hit `target`, the chart giving `chart` (0 or above 6: it
 * cannot hit, AUTO_HIT: no roll): N+ unless the chart gives a better roll, even where it says
 * `-`; a model of WS 0 hits nothing (ruling 13).
 */
export function hitNeed(m: ModelClass, target: UnitState, chart: number): number {
  const on = m.fx.hitOn;
  if (on === 0 || wsOf(m) < 1 || chart === AUTO_HIT || (chart >= 2 && chart <= on)) return chart;
  return mostHave(target, m.fx.hitOnNot) ? chart : on;
}

/** B2: how `m` re-rolls its rolls to hit `target`. */
export function hitReroll(m: ModelClass, target: UnitState): Reroll {
  const r = m.fx.rerollHit as Reroll;
  return r === REROLL_NONE || mostHave(target, m.fx.rerollHitNot) ? REROLL_NONE : r;
}

/** B2: how `m` re-rolls its rolls to wound `target`: its weapon's re-roll and its abilities' do not add up. */
export function woundReroll(m: ModelClass, target: UnitState, weaponRerolls: boolean): Reroll {
  if (weaponRerolls) return REROLL_FAILED;
  const r = m.fx.rerollWound as Reroll;
  return r === REROLL_NONE || mostHave(target, m.fx.rerollWoundNot) ? REROLL_NONE : r;
}

/** The chance of a roll needing `need` that succeeds with chance `p`, re-rolled as `reroll` says. */
export function rerolled(p: number, need: number, reroll: Reroll): number {
  if (reroll === REROLL_NONE || p === 0 || p === 1) return p;
  return p + rerollShare(p, need, reroll) * p;
}

/** An effect holds for waffle's sweeping-advance hits, whose strikers count as charging in any phase (A3). */
function holdsSweeping(e: Effect, firstRound: boolean, charged: boolean): boolean {
  return e.when === 'charging' || holds(e.when, firstRound, true, charged);
}

/** B1: the Strength `m`'s sweeping-advance hits add to its weapon's (counting as charging). */
export function sweepStrength(m: ModelClass, firstRound: boolean): number {
  const abilities = m.spec.abilities ?? NONE;
  if (abilities.length === 0) return 0;
  const charged = m.unit.fx.charged;
  let s = 0;
  for (let aI = 0; aI < abilities.length; aI++) {
    const effects = abilities[aI]!.effects;
    for (let eI = 0; eI < effects.length; eI++) {
      const e = effects[eI]!;
      if (e.kind === 'modify' && holdsSweeping(e, firstRound, charged)) s += e.modify.S ?? 0;
    }
  }
  return s;
}

/** B2: how `m` re-rolls the rolls to wound of its sweeping-advance hits on `target` (counting as charging). */
export function sweepWoundReroll(m: ModelClass, target: UnitState, firstRound: boolean, weaponRerolls: boolean): Reroll {
  if (weaponRerolls) return REROLL_FAILED;
  const abilities = m.spec.abilities ?? NONE;
  const charged = m.unit.fx.charged;
  let r: Reroll = REROLL_NONE;
  for (let aI = 0; aI < abilities.length; aI++) {
    const effects = abilities[aI]!.effects;
    for (let eI = 0; eI < effects.length; eI++) {
      const e = effects[eI]!;
      if (e.kind !== 'reroll' || e.roll !== 'wound' || !holdsSweeping(e, firstRound, charged) || mostHave(target, e.notAgainst ?? null)) continue;
      const reach: Reroll = e.results === 'failed' ? REROLL_FAILED : 1;
      if (reach > r) r = reach;
    }
  }
  return r;
}

/** The abilities of `m` that act on `what` now (in the phase `firstRound` or not; `sweeping`: its sweep hits), for the log. */
export function notesOf(m: ModelClass, what: EffectNote['what'], firstRound: boolean, sweeping = false): EffectNote[] {
  const out: EffectNote[] = [];
  const charged = m.unit.fx.charged;
  for (const a of m.spec.abilities ?? NONE) {
    for (const e of a.effects) {
      if (!(sweeping ? holdsSweeping(e, firstRound, charged) : holds(e.when, firstRound, m.unit.charging, charged))) continue;
      const value = e.kind === 'modify' ? e.modify[what as Modifiable] ?? 0
        : e.kind === what && (e.kind === 'strikeAt' || e.kind === 'hitOn') ? e.n
        : e.kind === 'chargeBonus' && what === 'chargeBonus' ? 0
        : e.kind === 'reroll' && `reroll${e.roll === 'hit' ? 'Hit' : e.roll === 'wound' ? 'Wound' : 'Save'}` === what ? (e.results === 'failed' ? 2 : 1)
        : null;
      if (value === null || (e.kind === 'modify' && value === 0)) continue;
      out.push({ what, value, by: a.name });
    }
  }
  return out;
}

/** What the abilities did to a group's attacks and its rolls to hit, for the log (abilities.md B13). */
export function blowNotes(m: ModelClass, firstRound: boolean, chart: number, need: number, rerollHit: Reroll, again: number[] | null): {
  mods?: EffectNote[]; hitOnBy?: string[]; hitRerolls?: number[]; hitRerollOnes?: boolean; hitRerollBy?: string[]; terrain?: true;
} {
  if (!m.fx.any) return {};
  // a modifier is shown only where it changed the value (a profile value of 0 stays 0, B1; 10 stays 10)
  const p = m.spec.profile;
  const step = (i: number) => Math.min(10, Math.max(1, i));
  const fixed = m.special && m.loadout.weapon?.initiative != null;
  // the Initiative: `strikeAt` replaces a modified I; a weapon's own, or a charge through difficult terrain (step 1), decides over both (B9)
  const atStrike = m.fx.strikeAt > 0 && !fixed && m.initiative === step(m.fx.strikeAt);
  const atI = m.fx.strikeAt === 0 && !fixed && iOf(m) !== p.I && m.initiative === step(iOf(m));
  // fightphase, waffle: the charge through difficult terrain set step 1 over the abilities' Initiative
  const terrain = !fixed && m.initiative === 1 && m.unit.charging && firstRound && m.unit.spec.difficultTerrain
    && (m.fx.strikeAt > 1 || (m.fx.strikeAt === 0 && iOf(m) !== p.I && step(iOf(m)) > 1));
  const mods = [
    ...(aOf(m) !== p.A ? notesOf(m, 'A', firstRound) : []), ...(wsOf(m) !== p.WS ? notesOf(m, 'WS', firstRound) : []),
    ...(atI || terrain ? notesOf(m, 'I', firstRound) : []),
    ...(atStrike || terrain ? notesOf(m, 'strikeAt', firstRound).filter((x) => x.value === m.fx.strikeAt) : []),
  ];
  if (m.fx.noChargeBonus && firstRound && m.unit.charging && m.special) mods.push(...notesOf(m, 'chargeBonus', firstRound));
  const out: ReturnType<typeof blowNotes> = {};
  if (mods.length > 0) out.mods = mods;
  if (terrain) out.terrain = true;
  if (need !== chart) out.hitOnBy = notesOf(m, 'hitOn', firstRound).filter((x) => x.value === need).map((x) => x.by);
  if (rerollHit !== REROLL_NONE && again !== null && again.length > 0) {
    out.hitRerolls = again;
    out.hitRerollOnes = rerollHit === REROLL_ONES;
    out.hitRerollBy = notesOf(m, 'rerollHit', firstRound).filter((x) => x.value === rerollHit).map((x) => x.by);
  }
  return out;
}
