// Steps 9-11 of an assault phase, shared by every edition: the losing units test Morale
// (`moraleStep`); those that fail fall back, and the winners that may sweep try to catch them
// (`sweepStep`; ruling 17: each fleeing unit rolls once, each winning unit that may sweep rolls
// once, and a fleeing unit is caught if any sweep catches it). An independent character who
// joined a unit tests, flees and sweeps with it: `moveGroups` binds them. Nothing here
// allocates unless the fight is logged: groups and rolls live in arrays reused run after run.
import { other, type SideId } from '../model.js';
import { bestOf } from './mechanics.js';
import type { Combat, Step } from './steps.js';
import type { EndKind } from './events.js';
import type { FightState, UnitState } from './state.js';

export function inCombat(state: FightState, side: SideId): UnitState[] {
  return state.units.filter((u) => u.side === side && u.inCombat);
}

/**
 * Units that move and test as one, into `into`: each unit of `side` in the combat with the
 * characters that joined it (while it is in the combat too). Each group is its first unit's
 * `moveGroup` array, refilled here.
 */
export function moveGroups(state: FightState, side: SideId, into: UnitState[][]): UnitState[][] {
  into.length = 0;
  const joined = (u: UnitState) => u.partOf !== null && u.partOf.inCombat;
  for (const u of state.units) {
    if (u.side !== side || !u.inCombat || joined(u)) continue;
    u.moveGroup.length = 0;
    u.moveGroup.push(u);
    into.push(u.moveGroup);
  }
  for (const u of state.units) if (u.side === side && u.inCombat && joined(u)) u.partOf!.moveGroup.push(u);
  return into;
}

/** A group in an event: the unit, and the characters who joined it. */
const names = (g: readonly UnitState[]) => ({ unit: g[0]!.name, joined: g.slice(1).map((u) => u.name) });

/** A Morale check: passed by a fearless unit with no dice, else a Leadership test on `ld`. */
export function moraleCheck(c: Combat, fearless: boolean, ld: number): boolean {
  return fearless || c.chance.leadership(ld);
}

export const anyHas = (g: readonly UnitState[], rule: Parameters<UnitState['has']>[0]) => {
  for (const u of g) if (u.has(rule)) return true;
  return false;
};

/** Options of the shared Morale step: a penalty to the Leadership tested (0 in srd4 and revised4). */
export interface MoraleOptions { penalty?: (c: Combat, group: readonly UnitState[]) => number }

/** Step 9: every losing unit (with the characters who joined it) tests Morale. */
export function moraleStep(opts: MoraleOptions = {}): Step {
  return {
    name: 'morale',
    run(c) {
      c.broken.length = 0;
      if (!c.winner) {
        c.losers.length = 0;
        return null;
      }
      const log = c.log;
      for (const g of moveGroups(c.state, other(c.winner), c.losers)) {
        const fearless = anyHas(g, 'fearless');
        const ld = bestOf(g, 'Ld');
        const penalty = opts.penalty?.(c, g) ?? 0;
        const passed = moraleCheck(c, fearless, ld - penalty);
        c.out.moraleTaken++;
        if (!passed) {
          c.out.moraleFailed++;
          c.broken.push(g);
        }
        log?.push({ type: 'morale', side: g[0]!.side, ...names(g), ld, penalty, rolls: fearless ? [] : c.chance.faces ?? [], passed, fearless, reason: 'lost' });
      }
      return null;
    },
  };
}

function leave(g: readonly UnitState[], fate: 'fellBack' | 'swept'): void {
  for (const u of g) {
    u.inCombat = false;
    u.fate = fate;
    if (fate === 'swept') u.removeAll();
  }
}

/**
 * Steps 10-11: the broken units fall back; the winners that may sweep try to catch them
 * (ruling 17). Ends the combat when no loser is left in it.
 */
export const sweepStep: Step = {
  name: 'sweep',
  run(c) {
    if (!c.winner || c.broken.length === 0) return null;
    const { state, ruleset, log, winner, chance } = c;
    const winners = moveGroups(state, winner, c.winners);
    if (c.broken.length < c.losers.length) {
      // a winner still locked with a unit that held cannot sweep (step 10): the broken fall back
      for (const g of c.broken) {
        log?.push({ type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: [], loserBonus: 0, winner: winners[0]![0]!.name, winnerJoined: names(winners[0]!).joined, winnerRolls: [], winnerBonus: 0, outcome: 'noSweep', rule: 'stillLocked' });
        leave(g, 'fellBack');
      }
    } else {
      // every fleeing unit rolls, then every winner that may sweep: totals kept in the combat's arrays
      const { fleeTotal, sweepTotal } = c;
      const fleeRolls: number[][] | null = log ? [] : null;
      const sweepRolls: number[][] | null = log ? [] : null;
      for (let i = 0; i < c.broken.length; i++) {
        const g = c.broken[i]!;
        fleeTotal[i] = chance.sum(ruleset.fleeDice(g)) + ruleset.fleeBonus(g);
        fleeRolls?.push(chance.faces!);
      }
      for (let i = 0; i < winners.length; i++) {
        const g = winners[i]!;
        const dice = ruleset.sweepDice(g);
        sweepTotal[i] = dice > 0 ? chance.sum(dice) + ruleset.sweepBonus(g) : -1;
        sweepRolls?.push(dice > 0 ? chance.faces! : []);
      }
      for (let i = 0; i < c.broken.length; i++) {
        const g = c.broken[i]!;
        const flee = fleeTotal[i]!;
        c.out.sweepsAttempted++;
        // the first winner whose sweep catches it, else (for the log) the best sweep that failed
        let catcher = -1;
        let best = -1;
        for (let w = 0; w < winners.length; w++) {
          const sweep = sweepTotal[w]!;
          if (sweep < 0) continue;
          if (catcher < 0 && ruleset.catches(sweep, flee)) catcher = w;
          if (best < 0 || sweep > sweepTotal[best]!) best = w;
        }
        const outcome = catcher >= 0 ? ruleset.caught : 'fellBack';
        if (log) {
          const shown = catcher >= 0 ? catcher : best;
          const wg = winners[shown >= 0 ? shown : 0]!;
          log.push({
            type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: fleeRolls![i]!, loserBonus: ruleset.fleeBonus(g),
            winner: wg[0]!.name, winnerJoined: names(wg).joined, winnerRolls: shown >= 0 ? sweepRolls![shown]! : [], winnerBonus: shown >= 0 ? ruleset.sweepBonus(wg) : 0, outcome,
            rule: shown >= 0 ? ruleset.sweepRule : 'cannotSweep',
          });
        }
        if (outcome !== 'fellBack') c.out.sweepsCaught++;
        if (outcome === 'held') for (const u of g) u.held = true;
        else leave(g, outcome);
      }
    }
    if (sideInCombat(state, other(winner))) return null;
    log?.push({ type: 'consolidate', side: winner, units: inCombat(state, winner).map((u) => u.name), massacre: false });
    return { end: endKind(state, other(winner)), winner };
  },
};

/** Some unit of `side` is still in the combat. */
export function sideInCombat(state: FightState, side: SideId): boolean {
  for (const u of state.units) if (u.side === side && u.inCombat) return true;
  return false;
}

/** How the combat ended for the side that left it, from its units' fates (one place for every edition). */
export function endKind(state: FightState, side: SideId): EndKind {
  let fellBack = false;
  let swept = false;
  let destroyed = false;
  for (const u of state.units) {
    if (u.side !== side || u.spec.nearby) continue;
    fellBack ||= u.fate === 'fellBack';
    swept ||= u.fate === 'swept';
    destroyed ||= u.fate === 'destroyed';
  }
  return fellBack ? 'fellBack' : swept ? 'swept' : destroyed ? 'destroyed' : 'chargeFailed';
}
