// Steps 9-11 of an assault phase, shared by every edition: the losing units test Morale
// (`moraleStep`); those that fail fall back, and the winners that may sweep try to catch them
// (`sweepStep`; ruling 17: each fleeing unit rolls once, each winning unit that may sweep rolls
// once, and a fleeing unit is caught if any sweep catches it). An independent character who
// joined a unit tests, flees and sweeps with it: `moveGroups` binds them.
import { other, type SideId } from '../model.js';
import { bestOf } from './mechanics.js';
import type { MoveRoll } from '../editions/edition.js';
import type { Combat, Step } from './steps.js';
import type { EndKind } from './events.js';
import type { FightState, UnitState } from './state.js';

export function inCombat(state: FightState, side: SideId): UnitState[] {
  return state.units.filter((u) => u.side === side && u.inCombat);
}

/** Units that move and test as one: a unit with the characters that joined it (if it is still in the combat). */
export function moveGroups(units: readonly UnitState[]): UnitState[][] {
  const groups: UnitState[][] = [];
  const rootOf = (u: UnitState) => (u.partOf && u.partOf.inCombat && units.includes(u.partOf) ? u.partOf : u);
  for (const u of units) {
    const root = rootOf(u);
    const g = groups.find((x) => x[0] === root);
    if (g) {
      if (u !== root) g.push(u);
    } else groups.push(root === u ? [u] : [root, u]);
  }
  return groups;
}

/** A group in an event: the unit, and the characters who joined it. */
const names = (g: readonly UnitState[]) => ({ unit: g[0]!.name, joined: g.slice(1).map((u) => u.name) });

function roll(ctx: Combat, r: MoveRoll): { rolls: number[]; total: number } {
  const total = ctx.chance.sum(r.dice) + r.bonus;
  return { rolls: ctx.chance.faces ?? [], total };
}

/** A Morale check: passed by a fearless unit with no dice, else a Leadership test on `ld`. */
export function moraleCheck(c: Combat, fearless: boolean, ld: number): { passed: boolean; rolls: number[] } {
  if (fearless) return { passed: true, rolls: [] };
  const passed = c.chance.leadership(ld);
  return { passed, rolls: c.chance.faces ?? [] };
}

/** Options of the shared Morale step: a penalty to the Leadership tested (0 in srd4 and revised4). */
export interface MoraleOptions { penalty?: (c: Combat, group: readonly UnitState[]) => number }

/** Step 9: every losing unit (with the characters who joined it) tests Morale. */
export function moraleStep(opts: MoraleOptions = {}): Step {
  return {
    name: 'morale',
    run(c) {
      c.losers.length = 0;
      c.broken.length = 0;
      if (!c.winner) return null;
      const log = c.log;
      for (const g of moveGroups(inCombat(c.state, other(c.winner)))) {
        c.losers.push(g);
        const fearless = g.some((u) => u.has('fearless'));
        const ld = bestOf(g, 'Ld');
        const penalty = opts.penalty?.(c, g) ?? 0;
        const { passed, rolls } = moraleCheck(c, fearless, ld - penalty);
        c.out.moraleTaken++;
        if (!passed) {
          c.out.moraleFailed++;
          c.broken.push(g);
        }
        log?.push({ type: 'morale', side: g[0]!.side, ...names(g), ld, penalty, rolls, passed, fearless, reason: 'lost' });
      }
      return null;
    },
  };
}

/**
 * Steps 10-11: the broken units fall back; the winners that may sweep try to catch them
 * (ruling 17). Ends the combat when no loser is left in it.
 */
export const sweepStep: Step = {
  name: 'sweep',
  run(c) {
    if (!c.winner || c.broken.length === 0) return null;
    const { state, ruleset, log, winner } = c;
    const winners = moveGroups(inCombat(state, winner));
    const leave = (g: UnitState[], fate: 'fellBack' | 'swept') => {
      for (const u of g) {
        u.inCombat = false;
        u.fate = fate;
        if (fate === 'swept') u.removeAll();
      }
    };
    if (c.broken.length < c.losers.length) {
      // a winner still locked with a unit that held cannot sweep (step 10): the broken fall back
      for (const g of c.broken) {
        log?.push({ type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: [], loserBonus: 0, winner: winners[0]![0]!.name, winnerJoined: names(winners[0]!).joined, winnerRolls: [], winnerBonus: 0, outcome: 'noSweep', rule: 'stillLocked' });
        leave(g, 'fellBack');
      }
    } else {
      const flees = c.broken.map((g) => {
        const r = ruleset.fleeRoll(g);
        return { r, ...roll(c, r) };
      });
      const sweeps = winners.map((g) => {
        const r = ruleset.sweepRoll(g);
        return r ? { g, r, ...roll(c, r) } : null;
      });
      const able = sweeps.filter((s) => s !== null);
      c.broken.forEach((g, i) => {
        const flee = flees[i]!;
        c.out.sweepsAttempted++;
        const catcher = able.find((s) => ruleset.catches(s.total, flee.total)) ?? null;
        const shown = catcher ?? able.reduce<(typeof able)[number] | null>((a, s) => (a && a.total >= s.total ? a : s), null);
        const outcome = catcher ? ruleset.caught : 'fellBack';
        log?.push({
          type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: flee.rolls, loserBonus: flee.r.bonus,
          winner: (shown?.g ?? winners[0]!)[0]!.name, winnerJoined: names(shown?.g ?? winners[0]!).joined, winnerRolls: shown?.rolls ?? [], winnerBonus: shown?.r.bonus ?? 0, outcome,
          rule: shown ? ruleset.sweepRule : 'cannotSweep',
        });
        if (outcome !== 'fellBack') c.out.sweepsCaught++;
        if (outcome === 'held') for (const u of g) u.held = true;
        else leave(g, outcome);
      });
    }
    if (inCombat(state, other(winner)).length > 0) return null;
    log?.push({ type: 'consolidate', side: winner, units: inCombat(state, winner).map((u) => u.name), massacre: false });
    return { end: endKind(state, other(winner)), winner };
  },
};

/** How the combat ended for the side that left it, from its units' fates (one place for every edition). */
export function endKind(state: FightState, side: SideId): EndKind {
  const fates = state.units.filter((u) => u.side === side && !u.spec.nearby).map((u) => u.fate);
  if (fates.includes('fellBack')) return 'fellBack';
  if (fates.includes('swept')) return 'swept';
  if (fates.includes('destroyed')) return 'destroyed';
  return 'chargeFailed';
}
