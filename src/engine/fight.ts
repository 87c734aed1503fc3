// One combat from the charge to its end: the assault phases in order, each a fixed sequence of
// steps (prepare, strike, result, morale, break off, pile in). Editions differ only in the
// ruleset hooks these steps call.
import type { Dice } from '../dice.js';
import { MAX_ROUNDS, other, type SideId } from '../model.js';
import type { PhaseContext, Ruleset } from '../editions/edition.js';
import { endKind, inCombat, loserSteps } from './breakoff.js';
import type { EndKind, Log } from './events.js';
import type { FightState, UnitState } from './state.js';
import { fightSteps } from './strike.js';

export interface FightOutcome {
  end: EndKind;
  winner: SideId | null;
  phases: number;
  /** assault result of the first phase */
  firstResult: SideId | 'draw';
  firstWounds: Record<SideId, number>;
  totalWounds: Record<SideId, number>;
  moraleTaken: number;
  moraleFailed: number;
  survivors: Record<SideId, { models: number; wounds: number }>;
  sweepsAttempted: number;
  sweepsCaught: number;
  /** per unit of the fight (FightState.units order): how it ended and its models left */
  units: { fate: UnitFate; survivors: number }[];
}

/** A unit's fate when the fight stopped: how it left, `locked` if still fighting, `none` if the fight ended around it. */
export type UnitFate = 'destroyed' | 'swept' | 'fellBack' | 'locked' | 'chargeFailed' | 'none';

function blankOutcome(): FightOutcome {
  return {
    end: 'locked', winner: null, phases: 0, firstResult: 'draw',
    firstWounds: { attacker: 0, defender: 0 }, totalWounds: { attacker: 0, defender: 0 },
    moraleTaken: 0, moraleFailed: 0, sweepsAttempted: 0, sweepsCaught: 0,
    survivors: { attacker: { models: 0, wounds: 0 }, defender: { models: 0, wounds: 0 } }, units: [],
  };
}

function sideAlive(state: FightState, side: SideId): boolean {
  for (const u of state.units) {
    if (u.side !== side || !u.inCombat) continue;
    for (const m of u.models) if (m.alive) return true;
  }
  return false;
}

/** Ruling 13: above 10 strikes at step 10, 0 or below at step 1. */
function clampInitiative(units: readonly UnitState[]): void {
  for (const u of units) for (const m of u.models) m.initiative = Math.min(10, Math.max(1, m.initiative));
}

/** Fight the combat of `state` (already reset) to its end. */
export function runFight(state: FightState, ruleset: Ruleset, dice: Dice, log: Log): FightOutcome {
  const out = blankOutcome();
  const rounds = state.scenario.rounds === 'resolve' ? MAX_ROUNDS : state.scenario.rounds;
  const ctx: PhaseContext = { state, phase: 1, firstRound: true, dice, log };

  if (!chargeStep(state, ruleset, ctx)) return finish(state, out, 'chargeFailed', null, 0, log);

  for (let phase = 1; phase <= rounds; phase++) {
    ctx.phase = phase;
    ctx.firstRound = phase === 1;
    out.phases = phase;
    const turn: SideId = phase % 2 === 1 ? 'attacker' : 'defender';
    const units = state.units.filter((u) => u.inCombat);
    log?.push({ type: 'phase', phase, turn, charging: ctx.firstRound ? units.filter((u) => u.charging).map((u) => u.name) : [] });
    for (const u of units) {
      u.held = false;
      ruleset.prepareUnit(u, ctx);
    }
    clampInitiative(units);

    const wounds = fightSteps(units, ctx, ruleset);
    out.totalWounds.attacker += wounds.attacker;
    out.totalWounds.defender += wounds.defender;
    // Ruling 6: a unit whose models are all removed leaves the combat at once: no test, no roll.
    for (const u of units) {
      if (u.inCombat && u.aliveCount() === 0) {
        u.inCombat = false;
        u.fate = 'destroyed';
      }
    }

    // Assault result: a side wiped out loses whatever the count; otherwise most wounds wins.
    const wiped = (['attacker', 'defender'] as const).filter((s) => inCombat(state, s).length === 0);
    const winner: SideId | null =
      wiped.length === 1 ? other(wiped[0]!) : wiped.length === 2 ? null
        : wounds.attacker > wounds.defender ? 'attacker' : wounds.defender > wounds.attacker ? 'defender' : null;
    log?.push({ type: 'result', phase, attacker: wounds.attacker, defender: wounds.defender, winner, wipedOut: wiped.length === 1 ? wiped[0]! : null });
    if (phase === 1) {
      out.firstWounds = wounds;
      out.firstResult = winner ?? 'draw';
    }
    if (wiped.length > 0) {
      if (wiped.length === 1) ruleset.wipeOut?.(state.units.filter((u) => u.side === wiped[0]), ctx);
      if (winner) log?.push({ type: 'consolidate', side: winner, units: inCombat(state, winner).map((u) => u.name), massacre: true });
      // one side gone: how its units left decides the end (a unit that fell back earlier: fellBack)
      return finish(state, out, wiped.length === 1 ? endKind(state, wiped[0]!) : 'destroyed', winner, phase, log);
    }

    if (winner) {
      const ended = loserSteps(state, winner, ruleset, ctx, out);
      if (ended) return finish(state, out, ended, winner, phase, log);
    }
    if (phase < rounds) log?.push({ type: 'pileIn', phase });
    for (const u of state.units) {
      u.charging = false;
      for (const m of u.models) m.inContact = true; // ruling 6: pile-in engages every model
    }
  }
  // the phases ran out right after a sweep held a loser (revised4): it was caught (ruling 20)
  const held = state.units.filter((u) => u.held && u.inCombat);
  if (held.length > 0) {
    for (const u of held) u.fate = 'swept';
    return finish(state, out, 'swept', other(held[0]!.side), out.phases, log);
  }
  return finish(state, out, 'locked', null, out.phases, log);
}

/** Charging: a unit given a charge distance must reach it (ruling 12), or it stays out. */
function chargeStep(state: FightState, ruleset: Ruleset, ctx: PhaseContext): boolean {
  for (const u of state.units) {
    u.charging = u.inCombat && u.spec.charged;
    const distance = u.spec.chargeDistance;
    if (!u.spec.charged || distance === null) continue;
    if (u.partOf) {
      // a character charges with the unit he joined: one roll for both (000)
      if (!u.partOf.inCombat) {
        u.inCombat = false;
        u.charging = false;
        u.fate = 'chargeFailed';
      }
      continue;
    }
    const { rolls, reach } = ruleset.chargeReach(u, ctx);
    const made = reach >= distance;
    ctx.log?.push({ type: 'charge', side: u.side, unit: u.name, distance, difficult: u.spec.difficultTerrain, rolls, reach, made });
    if (!made) {
      u.inCombat = false;
      u.charging = false;
      u.fate = 'chargeFailed';
    }
  }
  return sideAlive(state, 'attacker') && sideAlive(state, 'defender');
}

function finish(state: FightState, out: FightOutcome, end: EndKind, winner: SideId | null, phase: number, log: Log): FightOutcome {
  out.end = end;
  out.winner = winner;
  survivors(state, out.survivors);
  out.units = state.units.map((u) => ({ fate: u.fate ?? (end === 'locked' && u.inCombat ? 'locked' : 'none'), survivors: u.aliveCount() }));
  log?.push({ type: 'end', phase, end, winner, survivors: { attacker: { ...out.survivors.attacker }, defender: { ...out.survivors.defender } } });
  return out;
}

function survivors(state: FightState, into: FightOutcome['survivors']): void {
  into.attacker.models = into.attacker.wounds = into.defender.models = into.defender.wounds = 0;
  for (const u of state.units) {
    if (u.spec.nearby) continue;
    const s = into[u.side];
    for (const m of u.models) {
      if (!m.alive) continue;
      s.models++;
      s.wounds += m.woundsLeft;
    }
  }
}
