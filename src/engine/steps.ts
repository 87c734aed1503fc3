// The procedure of a combat as ordered lists of named steps (the charge sub-phase, one assault
// phase, one Initiative step), and the steps every edition shares. An edition's procedure is
// a list of these; a later edition swaps or inserts steps by name (`replaceStep`,
// `insertAfter`). The loop (engine/fight.ts) runs the lists until a step ends the
// combat.
import { prepareFx } from './effects.js';
import { engageAll } from './pilein.js';
import { other, SIDES, type SideId } from '../model.js';
import type { PhaseContext, Ruleset } from './ruleset.js';
import { endKind, inCombat, moraleStep, sweepStep } from './breakoff.js';
import { ends, type Ending } from './ending.js';
import { hitAndRunStep } from './hit-and-run.js';
import type { Slots } from './slots.js';
import type { FightOutcome } from './fight.js';
import type { UnitState } from './state.js';
import { BASE_INITIATIVE_STEPS, beginInitiativeSteps, endInitiativeSteps, initiativeAtom, type InitiativeStep } from './strike.js';
import { afterPrepare, ageVehicle, armVehicle, sideHolds, vehiclesDriveOff } from './vehicle.js';


/** The combat in progress, as the steps see it: the fight state, this phase's results so far. */
export interface Combat extends PhaseContext {
  ruleset: Ruleset;
  out: FightOutcome;
  /** the last phase to fight */
  rounds: number;
  /** the units in the combat when the phase began */
  units: Slots<UnitState>;
  /**
   * wounds inflicted BY each side this phase: set by the fight step, read by the result and the
   * Morale step's penalty, cleared after Morale (so that fights differing only in them are one
   * state for `exact`). The steps read them only as their difference (who inflicted more, and
   * by how much), and `exact` relies on it from the second phase on (engine/snapshot.ts
   * `canonicalize`): an edition that reads them otherwise must say so there.
   */
  wounds: Record<SideId, number>;
  /** the assault result: the winning side, or null for a draw (or both destroyed) */
  winner: SideId | null;
  /** sides with no unit left in the combat */
  wiped: Slots<SideId>;
  /** this phase's losing units (with the characters who joined them), and those that broke */
  losers: Slots<UnitState[]>;
  broken: Slots<UnitState[]>;
  /** the winning units (with their characters) and the totals of the fall back and sweep rolls, for the sweep step */
  winners: Slots<UnitState[]>;
  fleeTotal: number[];
  sweepTotal: number[];
  /** what `ends` returns */
  ending: Ending;
  /** where the combat is (engine/fight.ts `advance`): the charge steps, the phase's, or over; the step; inside an atomic step */
  part: number;
  stepIndex: number;
  inStep: boolean;
}

/** A step ends the combat by returning how (`ends`); null: the procedure goes on. */
export type StepResult = Ending | null;

export interface Step {
  name: string;
  run(c: Combat): StepResult;
}

/** A step that can also be fought one atom at a time (`begin`, then `atom` until it returns false, then `end`). */
export interface AtomicStep extends Step {
  begin(c: Combat): void;
  /** fight the next atom; false when none was left */
  atom(c: Combat): boolean;
  end(c: Combat): StepResult;
}

export const isAtomic = (s: Step): s is AtomicStep => 'atom' in s;

/** What an edition does, in order. */
export interface Procedure {
  /** before the first phase: declare and move charges */
  charge: Step[];
  /** one assault phase */
  phase: Step[];
  /** one Initiative step of the phase's `fight` step */
  initiative: readonly InitiativeStep[];
}

export function replaceStep(steps: readonly Step[], name: string, step: Step): Step[] {
  if (!steps.some((s) => s.name === name)) throw new Error(`no step '${name}' to replace`);
  return steps.map((s) => (s.name === name ? step : s));
}

export function insertAfter(steps: readonly Step[], name: string, step: Step): Step[] {
  const i = steps.findIndex((s) => s.name === name);
  if (i < 0) throw new Error(`no step '${name}' to insert after`);
  return [...steps.slice(0, i + 1), step, ...steps.slice(i + 1)];
}

/** Charging: a unit given a charge distance must reach it (ruling 12), or it stays out. */
export const chargeStep: Step = {
  name: 'charge',
  run(c) {
    for (let uI = 0; uI < c.state.units.length; uI++) {
      const u = c.state.units[uI]!;
      u.charging = u.inCombat && u.spec.charged;
      const distance = u.spec.chargeDistance;
      if (!u.spec.charged || distance === null) continue;
      if (u.partOf) {
        // a character charges with the unit he joined: one roll for both (000)
        if (!u.partOf.inCombat) leaveCharge(u);
        continue;
      }
      const { roll, rolls, reach } = c.ruleset.chargeReach(u, c);
      const made = reach >= distance;
      c.log?.push({ type: 'charge', side: u.side, unit: u.name, distance, difficult: u.spec.difficultTerrain, roll, rolls, reach, made });
      if (!made) leaveCharge(u);
    }
    let attacker = false;
    let defender = false;
    for (let uI = 0; uI < c.state.units.length; uI++) {
      const u = c.state.units[uI]!;
      if (!u.inCombat || u.aliveCount() === 0) continue;
      if (u.side === 'attacker') attacker = true;
      else defender = true;
    }
    return attacker && defender ? null : ends(c, 'chargeFailed', null);
  },
};

/** Ruling 6: a unit whose models are all removed leaves the combat at once: no test, no roll. */
export function leaveIfDestroyed(u: UnitState): void {
  if (!u.inCombat || u.aliveCount() > 0) return;
  u.inCombat = false;
  u.fate = 'destroyed';
}

export function leaveCharge(u: UnitState): void {
  u.inCombat = false;
  u.charging = false;
  u.fate = 'chargeFailed';
}

/** The start of a phase: who fights, with how many attacks, at which Initiative (ruling 13: 1..10). */
export const prepareStep: Step = {
  name: 'prepare',
  run(c) {
    c.units.clear();
    for (let uI = 0; uI < c.state.units.length; uI++) {
      const u = c.state.units[uI]!;
      if (u.inCombat) c.units.push(u);
      // a vehicle gone from the combat: its shaken and stunned results still age (vehicles.md V14)
      else if (u.vehicle) ageVehicle(u);
      // a nearby friend takes Wipe Out! checks (revised4) with its abilities (B7, B8)
      if (u.spec.nearby) prepareFx(u, c.firstRound);
    }
    c.log?.push({ type: 'phase', phase: c.phase, turn: c.phase % 2 === 1 ? 'attacker' : 'defender', charging: c.firstRound ? c.units.list().filter((u) => u.charging).map((u) => u.name) : [] });
    for (let i = 0; i < c.units.n; i++) prepareFx(c.units.at(i), c.firstRound);
    // B10: units with engageAll bring their models into base contact before anyone is prepared
    engageAll(c.units, c.ruleset.inches === true, c.log);
    for (let i = 0; i < c.units.n; i++) {
      const u = c.units.at(i);
      u.held = false;
      if (u.vehicle) armVehicle(u);
      c.ruleset.prepareUnit(u, c);
      // vehicles and walkers (vehicles.md): their attacks, and grenades against them
      if (c.ruleset.vehicles) afterPrepare(u, c, c.ruleset);
      for (let mI = 0; mI < u.classes.length; mI++) {
        const m = u.classes[mI]!;
        m.initiative = Math.min(10, Math.max(1, m.initiative));
      }
    }
    return null;
  },
};

/**
 * The Initiative steps from 10 down to 1 (engine/strike.ts), one atom at a time: a group's
 * blows, one unit's casualties.
 */
export const fightStep: AtomicStep = {
  name: 'fight',
  begin(c) {
    beginInitiativeSteps(c.units, c, c.ruleset);
  },
  atom: (c) => initiativeAtom(c.state.step!),
  end(c) {
    const s = c.state.step!;
    c.wounds = s.inflicted;
    c.out.totalWounds.attacker += c.wounds.attacker;
    c.out.totalWounds.defender += c.wounds.defender;
    endInitiativeSteps(s);
    for (let i = 0; i < c.units.n; i++) leaveIfDestroyed(c.units.at(i));
    return null;
  },
  run(c) {
    this.begin(c);
    while (this.atom(c));
    return this.end(c);
  },
};

/**
 * Step 8: the assault result. A side wiped out loses whatever the count; otherwise most wounds
 * wins. A side left with only vehicles that are not walkers beside units it lost is wiped out
 * (vehicles.md V18).
 */
export const resultStep: Step = {
  name: 'result',
  run(c) {
    const { wounds } = c;
    c.wiped.clear();
    for (let sideI = 0; sideI < SIDES.length; sideI++) {
      const side = SIDES[sideI]!;
      if (!sideHolds(c, side)) c.wiped.push(side);
    }
    c.winner = c.wiped.n === 1 ? other(c.wiped.at(0)) : c.wiped.n === 2 ? null
      : wounds.attacker > wounds.defender ? 'attacker' : wounds.defender > wounds.attacker ? 'defender' : null;
    c.log?.push({ type: 'result', phase: c.phase, attacker: wounds.attacker, defender: wounds.defender, winner: c.winner, wipedOut: c.wiped.n === 1 ? c.wiped.at(0) : null });
    if (c.firstRound) {
      c.out.firstWounds.attacker = wounds.attacker;
      c.out.firstWounds.defender = wounds.defender;
      c.out.firstResult = c.winner ?? 'draw';
    }
    return null;
  },
};

/** A side wiped out: the winners consolidate D6" and the combat ends (how, from the losing units' fates). */
export const massacreStep: Step = {
  name: 'massacre',
  run(c) {
    if (c.wiped.n === 0) return null;
    // a side's vehicles that are not walkers do not keep it in the combat, nor stay when it ends (vehicles.md V18)
    vehiclesDriveOff(c);
    if (c.winner) c.log?.push({ type: 'consolidate', side: c.winner, units: inCombat(c.state, c.winner).map((u) => u.name), massacre: true, d6: c.ruleset.massacreD6 === true });
    return ends(c, c.wiped.n === 1 ? endKind(c.state, c.wiped.at(0)) : 'destroyed', c.winner);
  },
};

/** Step 12: pile in; every model is engaged next phase (ruling 6), and nobody charges any more. */
export const pileInStep: Step = {
  name: 'pileIn',
  run(c) {
    if (c.phase < c.rounds) c.log?.push({ type: 'pileIn', phase: c.phase });
    for (let uI = 0; uI < c.state.units.length; uI++) {
      const u = c.state.units[uI]!;
      u.charging = false;
      for (let mI = 0; mI < u.classes.length; mI++) {
        const m = u.classes[mI]!;
        m.distance = 0;
        // a new phase, a new Psychic test for a force weapon's bearer (one a phase: 000)
        m.psychicUsed = false;
      }
    }
    return null;
  },
};

export { moraleStep, sweepStep };

/** The assault phase every 4th-edition ruleset starts from. */
export const BASE_PROCEDURE: Procedure = {
  charge: [chargeStep],
  phase: [prepareStep, fightStep, resultStep, massacreStep, moraleStep(), sweepStep, hitAndRunStep, pileInStep],
  initiative: BASE_INITIATIVE_STEPS,
};
