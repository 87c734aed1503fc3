// Vehicles and walkers in close combat (../shared/rules/vehicles.md V1-V21): one mechanic for
// every ruleset that sets `vehicles`, its differences (a walker's charge bonus, the sweeping
// advance, supporting attacks) coming from the ruleset's own hooks. A vehicle is a unit of one
// model whose damage is kept in its `VehicleState`: hits are rolled to hit by how far it moved (a
// walker: by the WS chart), then for armour penetration, then on the damage table, and the
// results of one Initiative step are applied together at its end.
import { DESTROYED, EXPLODES, GUNS_AT, IMMOBILISED, penetrationChances, SHAKEN, STUNNED } from '../armour.js';
import { AUTO_HIT, REROLL_FAILED, REROLL_NONE } from '../dice.js';
import { blowNotes, hitNeed, hitReroll, rerolled, strikesAt } from './blow-effects.js';
import { iOf, wsOf } from './effects.js';
import { lockName, other, type SideId, type Weapon } from '../model.js';
import { chartLookup, type PhaseContext, type Ruleset } from './ruleset.js';
import type { ModelClass, UnitState } from './state.js';
import type { Combat, Step } from './steps.js';
import type { Slots } from './slots.js';
import { ends } from './ending.js';
import { endKind, sideInCombat } from './breakoff.js';

/** A vehicle that is not a walker: never locked, it makes no attacks and leaves after the phase (V10, V18). */
export function drivesOff(u: UnitState): boolean {
  return u.vehicle !== null && !u.vehicle.walker;
}

/** Every unit of `side` among `units` (those in the combat when the phase began) is a vehicle that is not a walker (V10, V17). */
export function vehiclesAlone(units: Slots<UnitState>, side: SideId): boolean {
  let any = false;
  for (let i = 0; i < units.n; i++) {
    const u = units.at(i);
    if (u.side !== side) continue;
    if (!drivesOff(u)) return false;
    any = true;
  }
  return any;
}

/**
 * `side` still holds the combat (V18): a unit of it is in the combat that is not a vehicle that
 * is not a walker; or, when it began the phase with such vehicles alone, one of them is (V10).
 * Without vehicles: some unit of it is in the combat.
 */
export function sideHolds(c: Combat, side: SideId): boolean {
  let vehicles = false;
  for (let uI = 0; uI < c.state.units.length; uI++) {
    const u = c.state.units[uI]!;
    if (u.side !== side || !u.inCombat) continue;
    if (!drivesOff(u)) return true;
    vehicles = true;
  }
  return vehicles && vehiclesAlone(c.units, side);
}

/**
 * At the start of a phase, before the ruleset prepares the unit: a vehicle's shaken and stunned
 * results age (V8), what it takes to hit it is set (V2, V3), a walker's wrecked weapons are lost
 * (V8; those wrecked in the last phase were taken from the next Initiative step already: V20).
 */
export function armVehicle(u: UnitState): void {
  const v = u.vehicle;
  if (!v) return;
  ageVehicle(u);
  v.need = v.immobilised ? 0 : v.movedNeed;
  v.slowed = false;
  v.slowedBy = 0;
  const m = u.classes[0]!;
  if (v.walker) {
    v.lost = Math.min(v.gunsWrecked, v.loadouts.length - 1);
    m.loadout = v.loadouts[v.lost]!;
  }
}

/**
 * A new phase for a vehicle, in the combat or gone from it (V14: a vehicle that left counts as
 * shaken or stunned at the end only while the result lasts): shaken changes nothing in close
 * combat (V9) and is reported only when it lasts beyond the last phase, so one rolled before this
 * phase is forgotten (fewer states for `exact`); stunned counts down.
 */
export function ageVehicle(u: UnitState): void {
  const v = u.vehicle!;
  v.shaken = 0;
  if (v.stunned > 0) v.stunned--;
}

/**
 * After the ruleset prepared the unit: a vehicle that is not a walker makes no attacks; a stunned
 * or immobilised walker one fewer, at least one (V9); a model that may use a grenade against the
 * vehicle it fights uses it when that is better (V7).
 */
export function afterPrepare(u: UnitState, ctx: PhaseContext, ruleset: Ruleset): void {
  const v = u.vehicle;
  if (v) {
    const m = u.classes[0]!;
    if (!v.walker) m.attacks = 0;
    else if (v.stunned > 0 || v.immobilised) slow(m);
    return;
  }
  for (let cI = 0; cI < u.classes.length; cI++) u.classes[cI]!.grenade = null;
  // the vehicle every attack of its models goes to, if there is one (V19)
  const target = vehicleFoe(u);
  if (!target) return;
  for (let cI = 0; cI < u.classes.length; cI++) {
    const m = u.classes[cI]!;
    const g = m.loadout.antiTank;
    if (m.count === 0 || !g || !m.special || m.attacks <= 0) continue;
    const tank = m.loadout.tankHunters ? 1 : 0;
    const armour = target.vehicle!.armour;
    const weapon = m.loadout.weapon;
    const blows = m.attacks * piercing(blowDice(m), ruleset.strength(m, ctx) + tank, armour, weapon?.rending === true);
    const grenade = piercing(g.penetration, grenadeStrength(g) + tank, armour, false);
    if (grenade > blows) {
      m.grenade = g;
      m.attacks = 1;
      // at its own Initiative (Chosen), not its weapon's: as the ruleset set it, unless the weapon
      // fixed it (a power fist's 1), then its profile's as its abilities modify it (Furious
      // Charge's +1 on the charge) or the one an ability strikes at (abilities.md B1, B9)
      if (weapon?.initiative != null) m.initiative = strikesAt(m, iOf(m));
    }
  }
}

/** What the abilities did to the roll to hit a vehicle, for the log (abilities.md B13): the roll hitOn set and the re-rolled dice. */
function hitNotes(...args: Parameters<typeof blowNotes>): { hitOnBy?: string[]; hitRerolls?: number[]; hitRerollOnes?: boolean; hitRerollBy?: string[] } {
  const { hitOnBy, hitRerolls, hitRerollOnes, hitRerollBy } = blowNotes(...args);
  return { ...(hitOnBy ? { hitOnBy } : {}), ...(hitRerolls ? { hitRerolls, hitRerollOnes, hitRerollBy } : {}) };
}

/** A walker's one attack fewer (V9), once a phase. */
function slow(m: ModelClass): void {
  const v = m.unit.vehicle!;
  if (v.slowed) return;
  v.slowed = true;
  if (m.attacks > 1) {
    m.attacks--;
    v.slowedBy = 1;
  }
}

/**
 * The vehicle every attack of a unit's models goes to (V19): the only enemy unit in the combat it
 * is locked with, or the first its `attackSplit` list names that is still there; null when that
 * unit is not a vehicle, or the attacks are shared (`even`) or go where ruling 17's default sends
 * them among several.
 */
export function vehicleFoe(u: UnitState): UnitState | null {
  let only: UnitState | null = null;
  let n = 0;
  for (let eI = 0; eI < u.locked.length; eI++) {
    const e = u.locked[eI]!;
    if (!e.inCombat || e.aliveCount() === 0) continue;
    only = e;
    n++;
  }
  if (n === 1) return only!.vehicle ? only : null;
  const split = u.spec.attackSplit;
  if (n === 0 || split === undefined || split === 'even') return null;
  for (let p = 0; p < split.length; p++) {
    for (let eI = 0; eI < u.locked.length; eI++) {
      const e = u.locked[eI]!;
      if (e.inCombat && e.aliveCount() > 0 && lockName(e.spec) === split[p]) return e.vehicle ? e : null;
    }
  }
  return null;
}

/** The chance that one hit glances or penetrates. */
function piercing(dice: number, plus: number, armour: number, rending: boolean): number {
  const [, g, p] = penetrationChances(dice, plus, armour, rending);
  return g + p;
}

/** Penetration dice of a group's blows (V6): 2D6 for a monstrous creature's special attacks and a 2D6 weapon. */
function blowDice(m: ModelClass): number {
  if (!m.special) return 1;
  if (m.loadout.monstrous) return 2;
  return m.loadout.weapon?.penetration ?? 1;
}

function grenadeStrength(g: Weapon): number {
  return g.strength.kind === 'fixed' ? g.strength.n : 0;
}

/**
 * Glancing and penetrating hits one attack of `m` is expected to score on the vehicle `target`
 * (ruling 17's choice of the unit a group hurts most, where a vehicle is one of them).
 */
export function expectedVehicleHits(m: ModelClass, target: UnitState, ctx: PhaseContext, ruleset: Ruleset): number {
  const v = target.vehicle!;
  // a walker is hit on the WS chart, as modified, and an ability's hitOn may better it; a vehicle that is not one by how far it moved (abilities.md B1, B3)
  const need = v.walker ? hitNeed(m, target, chartLookup(ruleset.toHit, wsOf(m), target.stepWS)) : v.need;
  const hit = !v.walker && need === 0 ? 1 : need < 1 || need > 6 ? 0 : rerolled((7 - need) / 6, need, hitReroll(m, target));
  const weapon = m.special ? m.loadout.weapon : null;
  const tank = m.loadout.tankHunters ? 1 : 0;
  return hit * piercing(blowDice(m), ruleset.strength(m, ctx) + tank, v.armour, weapon?.rending === true);
}

/**
 * `attacks` of `m`'s attacks against the vehicle `target` (V3-V7): to hit by how far it moved (a
 * walker: the WS chart), each hit's penetration roll against the armour struck. Its glancing and
 * penetrating hits wait in the vehicle's state until the
 * Initiative step's end (`vehicleCasualties`), where a damage die is rolled for each.
 */
export function strikeVehicle(m: ModelClass, target: UnitState, attacks: number, ctx: PhaseContext, ruleset: Ruleset): void {
  const v = target.vehicle!;
  const chance = ctx.chance;
  const log = ctx.log;
  const grenade = m.grenade;
  const weapon = grenade ?? (m.special ? m.loadout.weapon : null);
  // a walker is hit on the WS chart, as modified, and an ability's hitOn may better it; a vehicle that is not one by how far it moved (abilities.md B1, B3)
  const need = v.walker ? hitNeed(m, target, chartLookup(ruleset.toHit, wsOf(m), target.stepWS)) : v.need;
  // a vehicle that is not a walker, stationary: no die; a walker, an edition chart's A (ruling 4): no die
  const automatic = v.walker ? need === AUTO_HIT : need === 0;
  let hits = automatic ? attacks : chance.test(attacks, need);
  const hitFaces = automatic ? [] : chance.faces;
  // its failed hits (or the 1s) rolled once more (abilities.md B2)
  const reroll = automatic || need < 2 || need > 6 ? REROLL_NONE : hitReroll(m, target);
  let again: number[] | null = null;
  if (reroll !== REROLL_NONE && hits < attacks) {
    const k = reroll === REROLL_FAILED ? attacks - hits : chance.ones(attacks - hits, need);
    if (k > 0) {
      hits += chance.test(k, need);
      again = chance.faces;
    }
  }
  const tank = m.loadout.tankHunters ? 1 : 0;
  const strength = grenade ? grenadeStrength(grenade) : ruleset.strength(m, ctx);
  const dice = grenade ? grenade.penetration : blowDice(m);
  const rending = !grenade && weapon !== null && weapon.rending;
  const penetrating = chance.penetrate(hits, dice, strength + tank, v.armour, rending);
  const glancing = chance.glancing;
  if (log) {
    log.push({
      type: 'vehicleAttacks', side: m.unit.side, unit: m.unit.name, model: m.spec.name, count: m.striking, attacks, grenade: grenade !== null,
      target: target.name, weapon: weapon ? weapon.name : null, walker: v.walker, ws: wsOf(m), targetWs: target.stepWS,
      moved: v.walker ? null : target.spec.moved ?? 'stationary', need, rolls: hitFaces ?? [], hits,
      ...hitNotes(m, ctx.firstRound, v.walker ? chartLookup(ruleset.toHit, wsOf(m), target.stepWS) : need, need, reroll, again),
    });
    if (hits > 0) {
      log.push({
        type: 'penetration', side: m.unit.side, unit: m.unit.name, model: m.spec.name, target: target.name, weapon: weapon ? weapon.name : null,
        dice, rending, strength, tankHunters: tank, armour: v.armour, facing: v.facing, rolls: chance.pierceFaces!, glancing, penetrating,
      });
    }
  }
  v.glancing += glancing;
  v.penetrating += penetrating;
  v.pendGlancing += glancing;
  v.pendPenetrating += penetrating;
}

/**
 * The end of an Initiative step for a vehicle struck in it: a damage die for each glancing or
 * penetrating hit of the step, every result applied at once, from the next step (V8, V20); returns
 * its glancing and penetrating hits (each a wound to the assault result: V10, V17).
 */
export function vehicleCasualties(target: UnitState, ctx: PhaseContext, ruleset: Ruleset): number {
  const v = target.vehicle!;
  const glancing = v.pendGlancing;
  const penetrating = v.pendPenetrating;
  v.pendGlancing = v.pendPenetrating = 0;
  const hits = glancing + penetrating;
  if (hits === 0) return 0;
  // one damage die for each of the step's glancing and penetrating hits, all applied together
  const code = ctx.chance.damage(glancing, penetrating, v.shift);
  ctx.log?.push({ type: 'damage', side: target.side, unit: target.name, glancing, penetrating, shift: v.shift, rolls: ctx.chance.faces! });
  const m = target.classes[0]!;
  const guns = code >>> GUNS_AT;
  const destroyed = (code & DESTROYED) !== 0;
  v.gunsWrecked += guns;
  if (code & EXPLODES) v.explodes = true;
  if (code & SHAKEN) v.shaken = 2;
  if (code & STUNNED) v.stunned = 2;
  if (code & IMMOBILISED) v.immobilised = true;
  if (destroyed) {
    m.count = 0;
    m.front = m.W;
  } else if (v.walker && guns > 0) rearm(target, ctx, ruleset);
  else if (v.walker && (code & (STUNNED | IMMOBILISED)) !== 0) slow(m);
  ctx.log?.push({
    type: 'vehicleDamage', side: target.side, unit: target.name, destroyed, explodes: (code & EXPLODES) !== 0, immobilised: (code & IMMOBILISED) !== 0,
    stunned: (code & STUNNED) !== 0, shaken: (code & SHAKEN) !== 0, gunsWrecked: guns,
  });
  return hits;
}

/**
 * A walker's weapons wrecked in this step are lost from the next step (V20): its loadout, and the
 * attacks the ruleset gives it with that loadout (a second weapon's attack gone), one fewer when
 * stunned or immobilised (V9); it strikes at the Initiative step it was given at the phase's start.
 */
function rearm(u: UnitState, ctx: PhaseContext, ruleset: Ruleset): void {
  const v = u.vehicle!;
  const m = u.classes[0]!;
  const lost = Math.min(v.gunsWrecked, v.loadouts.length - 1);
  if (lost !== v.lost) {
    v.lost = lost;
    m.loadout = v.loadouts[lost]!;
    const initiative = m.initiative;
    ruleset.prepareUnit(u, ctx);
    m.initiative = initiative;
    v.slowed = false;
    v.slowedBy = 0;
  }
  if (v.stunned > 0 || v.immobilised) slow(m);
}

/**
 * A glancing or penetrating hit on `target` counts for the assault result (V10, V17): on a walker
 * always; on a vehicle that is not a walker only where every enemy unit in the combat is one.
 */
export function hitsCount(target: UnitState, units: Slots<UnitState>): boolean {
  return target.vehicle!.walker || vehiclesAlone(units, target.side);
}

/**
 * After the phase's result, Morale and sweeping advance: a vehicle that is not a walker is never
 * locked in combat (V10). It leaves, `disengaged`; a combat with no unit left on one side ends
 * `disengaged`, with no winner, unless a unit of the losing side broke in this phase (ended as its
 * fate says, won by the winner, as rules ruling 23's disengagement).
 */
export const vehiclesLeaveStep: Step = {
  name: 'vehiclesLeave',
  run(c) {
    const { state } = c;
    const left = vehiclesDriveOff(c);
    if (!left || (sideInCombat(state, 'attacker') && sideInCombat(state, 'defender'))) return null;
    // the units beside it broke in this phase: the combat ended as their fates say, won by the winner
    if (c.winner) {
      const broke = endKind(state, other(c.winner));
      if (broke === 'fellBack' || broke === 'swept') return ends(c, broke, c.winner);
    }
    return ends(c, 'disengaged', null);
  },
};

/**
 * Every vehicle that is not a walker still in the combat leaves it, `disengaged` (V10, V18): after
 * the phase, or when the combat ends in it. Returns whether one left.
 */
export function vehiclesDriveOff(c: Combat): boolean {
  let left = false;
  for (let uI = 0; uI < c.state.units.length; uI++) {
    const u = c.state.units[uI]!;
    if (!u.inCombat || !drivesOff(u)) continue;
    u.inCombat = false;
    u.fate = 'disengaged';
    left = true;
    c.log?.push({ type: 'vehicleLeaves', side: u.side, unit: u.name });
  }
  return left;
}

/** A group that never tests Morale (V11): a vehicle or walker. */
export function takesNoMorale(g: readonly UnitState[]): boolean {
  return g[0]!.vehicle !== null;
}

/** A winning group with a stunned or immobilised walker may not sweep (V12). */
export function walkerMayNotSweep(g: readonly UnitState[]): boolean {
  for (let uI = 0; uI < g.length; uI++) {
    const v = g[uI]!.vehicle;
    if (v && (v.stunned > 0 || v.immobilised)) return true;
  }
  return false;
}
