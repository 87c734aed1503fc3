// waffle's Charge sub-phase (003; rules rulings 12, 18, 19): each charged unit reacts once
// (Overwatch: snap shots at its charger, whose wounds do not count for the assault result and
// cause no Morale check; Fall Back: it moves 2D6" away, 3D6" for bikes, jump infantry and
// cavalry, and the charger must then roll at least its charge distance plus that move; or
// none); then each charge with a distance rolls its 2D6" range; then, when the fight begins,
// chargers that said `fieryCharge: true` fire their Assault and Pistol weapons at the unit
// they charged, and those wounds count for their side's result.
import { endKind, sideInCombat } from '../../engine/breakoff.js';
import { ends } from '../../engine/ending.js';
import { closeRanks, widen } from '../../engine/pilein.js';
import { canShoot, shoot } from '../../engine/shooting.js';
import { fightStep, leaveCharge, leaveIfDestroyed, type AtomicStep, type Combat, type Step } from '../../engine/steps.js';
import type { UnitState } from '../../engine/state.js';
import { other, SIDES } from '../../model.js';

/** The longest charge range 2D6 can give. */
const MAX_CHARGE = 12;

/** The unit charged by nobody yet reacting: the first charging unit it is locked with. */
function chargerOf(u: UnitState): UnitState | null {
  for (let i = 0; i < u.locked.length; i++) {
    const e = u.locked[i]!;
    if (e.charging && e.inCombat && e.aliveCount() > 0) return e;
  }
  return null;
}

/** `u` is already locked in close combat: with an enemy unit in the combat that did not charge it (003: it "cannot react to a charge"). */
function alreadyLocked(u: UnitState): boolean {
  for (let i = 0; i < u.locked.length; i++) {
    const e = u.locked[i]!;
    if (!e.charging && e.inCombat && e.aliveCount() > 0) return true;
  }
  return false;
}

/** Fall back dice: 3D6 for bikes, jump infantry and cavalry (ruling 18), else 2D6. */
const fallBackDice = (u: UnitState) => (u.has('bike') || u.has('jump-infantry') || u.has('cavalry') ? 3 : 2);

export const waffleChargeStep: Step = {
  name: 'charge',
  run(c) {
    const { state, chance, log } = c;
    const tally = c.out.charge;
    // its own array: Overwatch's shooting uses the step scratch (majorities, pools)
    const fled = c.state.scratch.fellBack;
    for (let uI = 0; uI < state.units.length; uI++) {
      const u = state.units[uI]!;
      u.charging = u.inCombat && u.spec.charged;
      fled[uI] = 0;
      // Declare Charge: what the unit did this turn may forbid it, and no unit declares a charge it cannot reach (2D6": 12")
      const barred = !u.charging ? undefined : (u.spec.chargeDistance ?? 0) > MAX_CHARGE ? 'outOfReach' : u.spec.thisTurn?.[0];
      if (barred) {
        log?.push({ type: 'declare', side: u.side, unit: u.name, barred });
        leaveCharge(u);
      }
    }
    // Reaction to Charge: each charged unit once
    for (let uI = 0; uI < state.units.length; uI++) {
      const d = state.units[uI]!;
      if (d.charging || !d.inCombat || d.aliveCount() === 0) continue;
      const charger = chargerOf(d);
      if (!charger || alreadyLocked(d)) continue;
      // a unit already falling back must fall back (003)
      const wanted = d.spec.thisTurn?.includes('fallingBack') ? 'fallBack' : d.spec.reaction ?? 'overwatch';
      const reaction = wanted === 'overwatch' && !canShoot(d, 'overwatch') ? 'none' : wanted;
      if (reaction === 'fallBack') {
        fled[uI] = chance.sum(fallBackDice(d));
        tally.fellBack++;
        log?.push({ type: 'reaction', side: d.side, unit: d.name, reaction, to: charger.name, move: fled[uI]!, rolls: chance.faces ?? [] });
      } else if (reaction === 'overwatch') {
        log?.push({ type: 'reaction', side: d.side, unit: d.name, reaction, to: charger.name, move: null, rolls: [] });
        tally.overwatchFired++;
        const before = charger.closest();
        tally.overwatchWounds += shoot(d, charger, 'overwatch', c);
        closeRanks(charger, before);
        leaveIfDestroyed(charger);
      } else log?.push({ type: 'reaction', side: d.side, unit: d.name, reaction, to: charger.name, move: null, rolls: [] });
    }
    // Charge range: 2D6" (the edition's) against the distance, plus the move of a unit that fell back from it
    for (let uI = 0; uI < state.units.length; uI++) {
      const u = state.units[uI]!;
      const distance = u.spec.chargeDistance;
      if (!u.charging || !u.inCombat || distance === null) continue;
      let away = 0;
      for (let i = 0; i < u.locked.length; i++) away = Math.max(away, fled[u.locked[i]!.index]!);
      // the edition's charge range (2D6", `charge.range` of engine/options.ts)
      const { roll, rolls, reach } = c.ruleset.chargeReach(u, c);
      const made = reach >= distance + away;
      log?.push({ type: 'charge', side: u.side, unit: u.name, distance: distance + away, difficult: u.spec.difficultTerrain, roll, rolls, reach, made });
      if (!made) {
        // the charge would have reached the unit where it stood: its fall back took it out of reach
        if (away > 0 && reach >= distance) tally.evaded++;
        leaveCharge(u);
      }
    }
    return ended(c);
  },
};

/** A side with no unit left in the combat ends it: destroyed by Overwatch, or every charge failed. */
function ended(c: Combat) {
  for (const side of SIDES) {
    if (sideInCombat(c.state, side)) continue;
    const kind = endKind(c.state, side);
    return ends(c, kind, kind === 'destroyed' ? other(side) : null);
  }
  return null;
}

/**
 * The unit `u` makes a Fiery Charge at, or null when it makes none (ruling 33): a charging unit
 * told to (`fieryCharge`) with an Assault or Pistol gun, at the first enemy unit it is locked
 * with that is not a vehicle (a walker is one). A unit with such a target when the phase begins
 * has chosen to fire and loses a bonus attack (003), even if another unit's Fiery Charge then
 * destroys that target before it fires.
 */
export function fieryCharge(u: UnitState): UnitState | null {
  if (!u.charging || !u.spec.fieryCharge || !canShoot(u, 'fieryCharge')) return null;
  for (let i = 0; i < u.locked.length; i++) {
    const e = u.locked[i]!;
    if (e.inCombat && e.aliveCount() > 0 && !e.has('walker')) return e;
  }
  return null;
}

/** Fiery Charge (ruling 19): at the start of the first fight, before any blow; its wounds count for the chargers' side. */
export const waffleFightStep: AtomicStep = {
  ...fightStep,
  begin(c) {
    fightStep.begin(c);
    if (!c.firstRound) return;
    const inflicted = c.state.step!.inflicted;
    for (let uI = 0; uI < c.units.n; uI++) {
      const u = c.units.at(uI);
      const target = fieryCharge(u);
      if (!target) continue;
      const wounds = shoot(u, target, 'fieryCharge', c);
      c.out.charge.fieryWounds += wounds;
      inflicted[u.side] += wounds;
      // fired after the charge move: losses among the closest open the gap (ruling 38)
      widen(c.state.step!);
    }
  },
};

