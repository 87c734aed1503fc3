// One combat from the charge to its end: the assault phases in order, each a fixed sequence of
// steps (prepare, strike, result, morale, break off, pile in). Editions differ only in the
// ruleset hooks these steps call.
import type { Dice } from '../dice.js';
import { MAX_ROUNDS, other, type SideId } from '../model.js';
import type { PhaseContext, Ruleset } from '../rules/ruleset.js';
import { leadershipTest } from '../rules/mechanics.js';
import type { EndKind, Log } from './events.js';
import { FightState, type UnitState } from './state.js';
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
}

function blankOutcome(): FightOutcome {
  return {
    end: 'locked', winner: null, phases: 0, firstResult: 'draw',
    firstWounds: { attacker: 0, defender: 0 }, totalWounds: { attacker: 0, defender: 0 },
    moraleTaken: 0, moraleFailed: 0, sweepsAttempted: 0, sweepsCaught: 0,
    survivors: { attacker: { models: 0, wounds: 0 }, defender: { models: 0, wounds: 0 } },
  };
}

const inCombat = (state: FightState, side: SideId) => state.units.filter((u) => u.side === side && u.inCombat);
function sideAlive(state: FightState, side: SideId): boolean {
  for (const u of state.units) {
    if (u.side !== side || !u.inCombat) continue;
    for (const m of u.models) if (m.alive) return true;
  }
  return false;
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
    for (const u of units) ruleset.prepareUnit(u, ctx);

    const wounds = fightSteps(units, ctx, ruleset);
    out.totalWounds.attacker += wounds.attacker;
    out.totalWounds.defender += wounds.defender;

    // Assault result: a side wiped out loses whatever the count; otherwise most wounds wins.
    const wiped = (['attacker', 'defender'] as const).filter((s) => !sideAlive(state, s));
    const winner: SideId | null =
      wiped.length === 1 ? other(wiped[0]!) : wiped.length === 2 ? null
        : wounds.attacker > wounds.defender ? 'attacker' : wounds.defender > wounds.attacker ? 'defender' : null;
    log?.push({ type: 'result', phase, attacker: wounds.attacker, defender: wounds.defender, winner, wipedOut: wiped.length === 1 ? wiped[0]! : null });
    if (phase === 1) {
      out.firstWounds = wounds;
      out.firstResult = winner ?? 'draw';
    }
    if (wiped.length > 0) {
      for (const s of wiped) for (const u of inCombat(state, s)) { u.inCombat = false; u.fate = 'destroyed'; }
      if (wiped.length === 1) ruleset.wipeOut?.(state.units.filter((u) => u.side === wiped[0]), ctx);
      if (winner) log?.push({ type: 'consolidate', side: winner, units: inCombat(state, winner).map((u) => u.name), move: 'D6" (massacre)' });
      return finish(state, out, 'destroyed', winner, phase, log);
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
  return finish(state, out, 'locked', null, out.phases, log);
}

/** Steps 9-11: the losers test Morale; those that fail fall back or are swept away. */
function loserSteps(state: FightState, winner: SideId, ruleset: Ruleset, ctx: PhaseContext, out: FightOutcome): EndKind | null {
  const log = ctx.log;
  const losers = inCombat(state, other(winner));
  const broken: UnitState[] = [];
  for (const u of losers) {
    const fearless = u.has('fearless');
    const rolls: number[] | null = log ? [] : null;
    const passed = fearless || leadershipTest(ctx.dice, u.best('Ld'), rolls);
    out.moraleTaken++;
    if (!passed) {
      out.moraleFailed++;
      broken.push(u);
    }
    log?.push({ type: 'morale', side: u.side, unit: u.name, ld: u.best('Ld'), rolls: rolls ?? [], passed, fearless, reason: 'lost' });
  }
  if (broken.length === 0) return null;
  const winners = inCombat(state, winner);
  // A winner still locked with an enemy that held cannot sweep (step 10).
  const stillLocked = broken.length < losers.length;
  let swept = 0;
  for (const u of broken) {
    if (stillLocked) {
      log?.push({ type: 'breakoff', side: u.side, unit: u.name, loserRolls: [], loserBonus: 0, winner: winners[0]!.name, winnerRolls: [], winnerBonus: 0, outcome: 'noSweep', rule: 'the winners are still locked in combat' });
      u.inCombat = false;
      u.fate = 'fellBack';
      continue;
    }
    out.sweepsAttempted++;
    const outcome = ruleset.breakOff(u, winners, ctx);
    if (outcome !== 'fellBack') out.sweepsCaught++; // destroyed (srd4) or held in combat (revised4)
    if (outcome === 'held') continue;
    u.inCombat = false;
    u.fate = outcome;
    if (outcome === 'swept') {
      swept++;
      for (const m of u.models) m.alive = false;
    }
  }
  if (inCombat(state, other(winner)).length > 0) return null;
  log?.push({ type: 'consolidate', side: winner, units: winners.map((u) => u.name), move: '3"' });
  return swept === broken.length ? 'swept' : 'fellBack';
}

/** Charging: a unit given a charge distance must reach it (ruling 12), or it stays out. */
function chargeStep(state: FightState, ruleset: Ruleset, ctx: PhaseContext): boolean {
  for (const u of state.units) {
    u.charging = u.inCombat && u.spec.charged;
    const distance = u.spec.chargeDistance;
    if (!u.spec.charged || distance === null) continue;
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
