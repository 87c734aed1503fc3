// One combat from the charge to its end: the ruleset's charge steps, then its assault phase
// steps, phase after phase, until a step ends the combat (engine/steps.ts), fought one atom at
// a time (`advance`: a step, or one atom of a step fought in parts) so that `exact` can stop,
// save and restore a combat between any two atoms. The loop knows no edition and no step.
import type { Chance } from '../dice.js';
import { MAX_ROUNDS, other, type SideId } from '../model.js';
import type { Ruleset } from './ruleset.js';
import type { EndKind, Log } from './events.js';
import type { FightState, UnitState } from './state.js';
import { Slots } from './slots.js';
import { clearWounds, NO_WOUNDS } from './ending.js';
import { isAtomic, type Combat, type StepResult } from './steps.js';

export interface FightOutcome {
  end: EndKind;
  winner: SideId | null;
  phases: number;
  /** assault result of the first phase; 'none': no close combat was fought (epic, rules/epic.md E13) */
  firstResult: SideId | 'draw' | 'none';
  firstWounds: Record<SideId, number>;
  totalWounds: Record<SideId, number>;
  moraleTaken: number;
  moraleFailed: number;
  survivors: Record<SideId, { models: number; wounds: number }>;
  sweepsAttempted: number;
  sweepsCaught: number;
  /** wounds the sweeping advances inflicted on the units they caught (fightphase's wounds with no saves, waffle's hits: ruling 9 and 10; 0 where a sweep destroys) */
  sweepWounds: number;
  /** waffle's charge sub-phase and Final Blow: units that fired Overwatch, fell back as their reaction, and escaped the charge so; wounds Overwatch and Fiery Charge inflicted; Final Blow attacks */
  charge: ChargeTally;
  /** per unit of the fight (FightState.units order): how it ended and its models left */
  units: UnitOutcome[];
  /** epic's own figures (rules/epic.md E13); undefined in the 40K editions */
  epic?: EpicTally;
}

/** What an epic fight adds to its outcome (rules/epic.md E13); units are epic units (stands, vehicles). */
export interface EpicTally {
  /** 1 unless the Leadership test failed */
  moved: number;
  /** attacking units in base contact */
  unitsInContact: number;
  /** each side's supporting units (E6) */
  supporting: Record<SideId, number>;
  /** roll-offs made: 1 plus the ties (0 with no close combat) */
  resolutionRolls: number;
  /** Blast markers put on each side during the fight */
  markersPlaced: Record<SideId, number>;
  /** each side's own units destroyed, by hits and by the retreat */
  unitsDestroyed: Record<SideId, number>;
  /** 1 when the side is Broken at the end */
  broken: Record<SideId, number>;
}

/** How a unit ended: its fate and models left; a vehicle's damage too (vehicles.md V14). */
export interface UnitOutcome {
  fate: UnitFate;
  survivors: number;
  /** a vehicle or walker: what it suffered (VEHICLE_* bits of what lasted), its glancing and penetrating hits and gun wrecked results */
  vehicle?: { flags: number; glancing: number; penetrating: number; gunsWrecked: number };
}

/** A vehicle's state at the end (UnitOutcome.vehicle.flags): it exploded; it is immobilised, stunned, shaken. */
export const VEHICLE_EXPLODES = 1;
export const VEHICLE_IMMOBILISED = 2;
export const VEHICLE_STUNNED = 4;
export const VEHICLE_SHAKEN = 8;

export interface ChargeTally { overwatchFired: number; fellBack: number; evaded: number; overwatchWounds: number; fieryWounds: number; finalBlowAttacks: number }

export const CHARGE_TALLIES: readonly (keyof ChargeTally)[] = ['overwatchFired', 'fellBack', 'evaded', 'overwatchWounds', 'fieryWounds', 'finalBlowAttacks'];

/** Some charge figure is not 0. By name, not over CHARGE_TALLIES: `exact` asks after every path, and reads by a key that varies are slow. */
export function anyCharge(t: ChargeTally): boolean {
  return t.overwatchFired !== 0 || t.fellBack !== 0 || t.evaded !== 0 || t.overwatchWounds !== 0 || t.fieryWounds !== 0 || t.finalBlowAttacks !== 0;
}

/** Every charge figure set to 0 (by name, as `anyCharge`). */
export function clearCharge(t: ChargeTally): void {
  t.overwatchFired = t.fellBack = t.evaded = t.overwatchWounds = t.fieryWounds = t.finalBlowAttacks = 0;
}

/** A unit's fate when the fight stopped: how it left, `locked` if still fighting, `none` if the fight ended around it. */
export type UnitFate = 'destroyed' | 'swept' | 'fellBack' | 'locked' | 'chargeFailed' | 'disengaged' | 'none';

/** A new outcome, every figure 0 (its `units` empty until a fight ends). */
export function blankOutcome(): FightOutcome {
  return {
    end: 'locked', winner: null, phases: 0, firstResult: 'draw',
    firstWounds: { attacker: 0, defender: 0 }, totalWounds: { attacker: 0, defender: 0 },
    moraleTaken: 0, moraleFailed: 0, sweepsAttempted: 0, sweepsCaught: 0, sweepWounds: 0,
    charge: { overwatchFired: 0, fellBack: 0, evaded: 0, overwatchWounds: 0, fieryWounds: 0, finalBlowAttacks: 0 },
    survivors: { attacker: { models: 0, wounds: 0 }, defender: { models: 0, wounds: 0 } }, units: [],
  };
}

/** The state's outcome object, cleared for a new fight: one per FightState, reused run after run. */
function freshOutcome(state: FightState): FightOutcome {
  return clearOutcome((state.outcome ??= blankOutcome()));
}

/** `out` cleared for a new fight (its `units` are written when it ends). */
export function clearOutcome(out: FightOutcome): FightOutcome {
  out.end = 'locked';
  out.winner = null;
  out.phases = 0;
  out.firstResult = 'draw';
  out.firstWounds.attacker = out.firstWounds.defender = 0;
  out.totalWounds.attacker = out.totalWounds.defender = 0;
  out.moraleTaken = out.moraleFailed = out.sweepsAttempted = out.sweepsCaught = out.sweepWounds = 0;
  clearCharge(out.charge);
  return out;
}

/** Fight the combat of `state` (already reset) to its end, running the ruleset's procedure. */
export function runFight(state: FightState, ruleset: Ruleset, chance: Chance, log: Log): FightOutcome {
  const c = startFight(state, ruleset, chance, log);
  while (!advance(c));
  return c.out;
}

/** Where a combat is in its procedure (the `Combat`'s cursor). */
export const CHARGE = 0;
const PHASE = 1;
const OVER = 2;

/** The combat stands at the start of an assault phase, before its first step. */
export function atPhaseStart(c: Combat): boolean {
  return c.part === PHASE && c.stepIndex === 0 && !c.inStep;
}

/** A copy of an outcome that later fights leave alone. */
export function copyOutcome(o: FightOutcome): FightOutcome {
  return {
    ...o, firstWounds: { ...o.firstWounds }, totalWounds: { ...o.totalWounds }, charge: { ...o.charge },
    survivors: { attacker: { ...o.survivors.attacker }, defender: { ...o.survivors.defender } }, units: o.units.map((u) => ({ ...u, ...(u.vehicle ? { vehicle: { ...u.vehicle } } : {}) })),
    ...(o.epic ? { epic: {
      ...o.epic, supporting: { ...o.epic.supporting }, markersPlaced: { ...o.epic.markersPlaced },
      unitsDestroyed: { ...o.epic.unitsDestroyed }, broken: { ...o.epic.broken },
    } } : {}),
  };
}

/** `from` copied into `into`, figure by figure: nothing allocated once `into` has as many units (and vehicles) as `from`. */
export function copyOutcomeInto(into: FightOutcome, from: FightOutcome): FightOutcome {
  into.end = from.end;
  into.winner = from.winner;
  into.phases = from.phases;
  into.firstResult = from.firstResult;
  into.firstWounds.attacker = from.firstWounds.attacker;
  into.firstWounds.defender = from.firstWounds.defender;
  into.totalWounds.attacker = from.totalWounds.attacker;
  into.totalWounds.defender = from.totalWounds.defender;
  into.moraleTaken = from.moraleTaken;
  into.moraleFailed = from.moraleFailed;
  into.sweepsAttempted = from.sweepsAttempted;
  into.sweepsCaught = from.sweepsCaught;
  into.sweepWounds = from.sweepWounds;
  for (let k = 0; k < CHARGE_TALLIES.length; k++) into.charge[CHARGE_TALLIES[k]!] = from.charge[CHARGE_TALLIES[k]!];
  for (const side of ['attacker', 'defender'] as const) {
    into.survivors[side].models = from.survivors[side].models;
    into.survivors[side].wounds = from.survivors[side].wounds;
  }
  if (into.units.length !== from.units.length) into.units = from.units.map(() => ({ fate: 'none', survivors: 0 }));
  for (let i = 0; i < from.units.length; i++) {
    const u = into.units[i]!;
    const f = from.units[i]!;
    u.fate = f.fate;
    u.survivors = f.survivors;
    if (f.vehicle) u.vehicle = Object.assign(u.vehicle ?? { flags: 0, glancing: 0, penetrating: 0, gunsWrecked: 0 }, f.vehicle);
  }
  return into;
}

/** The combat of `state` (already reset), ready to fight: one Combat per FightState, cleared for each fight (nothing allocated per run). */
export function startFight(state: FightState, ruleset: Ruleset, chance: Chance, log: Log): Combat {
  const out = freshOutcome(state);
  const c: Combat = (state.combat ??= {
    state, phase: 0, firstRound: true, chance, log, ruleset, out, units: new Slots(), winner: null, wiped: new Slots(), losers: new Slots(), broken: new Slots(), winners: new Slots(), fleeTotal: [], sweepTotal: [], ending: { end: 'locked', winner: null },
    rounds: 0, wounds: { attacker: 0, defender: 0 }, part: CHARGE, stepIndex: 0, inStep: false, stepsLost: false,
  });
  c.stepsLost = false;
  c.phase = 0;
  c.firstRound = true;
  c.chance = chance;
  c.log = log;
  c.ruleset = ruleset;
  c.out = out;
  c.winner = null;
  c.units.clear();
  c.wiped.clear();
  c.losers.clear();
  c.broken.clear();
  c.wounds = NO_WOUNDS;
  c.rounds = state.scenario.rounds === 'resolve' ? MAX_ROUNDS : state.scenario.rounds;
  c.part = CHARGE;
  c.stepIndex = 0;
  c.inStep = false;
  return c;
}

/**
 * Fight the next atom of the combat: a step, or one atom of a step fought in atoms (a group's
 * blows, one unit's casualties). True when the combat is over (`c.out` is its outcome).
 */
export function advance(c: Combat): boolean {
  if (c.part === OVER) return true;
  const { charge, phase } = c.ruleset.procedure;
  if (c.part === CHARGE && c.stepIndex === charge.length) return nextPart(c); // no charge steps
  const step = (c.part === CHARGE ? charge : phase)[c.stepIndex]!;
  let r: StepResult;
  if (isAtomic(step)) {
    if (!c.inStep) {
      step.begin(c);
      c.inStep = true;
    }
    if (step.atom(c)) return false;
    c.inStep = false;
    r = step.end(c);
  } else r = step.run(c);
  if (r) {
    c.part = OVER;
    finish(c.state, c.out, r.end, r.winner, c.phase, c.log);
    return true;
  }
  c.stepIndex++;
  return c.stepIndex === (c.part === CHARGE ? charge : phase).length ? nextPart(c) : false;
}

/**
 * After the last step of the charge or of a phase: the next phase, its results so far cleared
 * (so fights that reach the same state between phases are the same state), or the end.
 */
function nextPart(c: Combat): boolean {
  // at or past the last phase: a program's scenario may give phases that are not a whole number
  if (c.part === PHASE && c.phase >= c.rounds) return ranOut(c);
  c.part = PHASE;
  c.stepIndex = 0;
  c.phase++;
  c.firstRound = c.phase === 1;
  c.out.phases = c.phase;
  c.stepsLost = false;
  clearWounds(c);
  c.winner = null;
  c.wiped.clear();
  c.losers.clear();
  c.broken.clear();
  c.units.clear();
  return false;
}

/** (exact) End the combat, loaded at the start of a phase with its number set to the last one, as if that phase had just ended. */
export function phasesRanOut(c: Combat): FightOutcome {
  ranOut(c);
  return c.out;
}

/** The phases ran out: still locked, or (revised4) a sweep held a loser right at the end, and it was caught (ruling 20). */
function ranOut(c: Combat): boolean {
  const { state, out, log } = c;
  c.part = OVER;
  let held: UnitState | null = null;
  for (let uI = 0; uI < state.units.length; uI++) {
    const u = state.units[uI]!;
    if (!u.held || !u.inCombat) continue;
    u.fate = 'swept';
    held ??= u;
  }
  if (held) finish(state, out, 'swept', other(held.side), out.phases, log);
  else finish(state, out, 'locked', null, out.phases, log);
  return true;
}

function finish(state: FightState, out: FightOutcome, end: EndKind, winner: SideId | null, phase: number, log: Log): FightOutcome {
  out.end = end;
  out.winner = winner;
  survivors(state, out.survivors);
  // one entry per unit, reused run after run (the sim path allocates nothing here)
  if (out.units.length !== state.units.length) out.units = state.units.map(() => ({ fate: 'none', survivors: 0 }));
  for (let i = 0; i < state.units.length; i++) {
    const u = state.units[i]!;
    const e = out.units[i]!;
    e.fate = u.fate ?? (end === 'locked' && u.inCombat ? 'locked' : 'none');
    e.survivors = u.aliveCount();
    const v = u.vehicle;
    if (v) {
      const d = (e.vehicle ??= { flags: 0, glancing: 0, penetrating: 0, gunsWrecked: 0 });
      // shaken and stunned at the end: a result that lasts into the phase after the last one (2);
      // one of an earlier phase (1) lasted through this one and no further (vehicles.md V8)
      d.flags = (v.explodes ? VEHICLE_EXPLODES : 0) | (v.immobilised ? VEHICLE_IMMOBILISED : 0) | (v.stunned === 2 ? VEHICLE_STUNNED : 0) | (v.shaken === 2 ? VEHICLE_SHAKEN : 0);
      d.glancing = v.glancing;
      d.penetrating = v.penetrating;
      d.gunsWrecked = v.gunsWrecked;
    }
  }
  log?.push({ type: 'end', phase, end, winner, survivors: { attacker: { ...out.survivors.attacker }, defender: { ...out.survivors.defender } } });
  return out;
}

function survivors(state: FightState, into: FightOutcome['survivors']): void {
  into.attacker.models = into.attacker.wounds = into.defender.models = into.defender.wounds = 0;
  for (let uI = 0; uI < state.units.length; uI++) {
    const u = state.units[uI]!;
    if (u.spec.nearby) continue;
    const s = into[u.side];
    for (let cI = 0; cI < u.classes.length; cI++) {
      const c = u.classes[cI]!;
      s.models += c.count;
      s.wounds += c.wounds;
    }
  }
}
