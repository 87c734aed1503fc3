// How far `exact` goes before it stops and suggests `sim`.
import type { Scenario } from '../model.js';

/**
 * At most this many states waiting at once in the charge and the first phase, this many nodes in
 * the graph of the later phases, and this many atoms fought in all. The graph keeps every node
 * it made to the end (each costs about 1 kB with its edges: a state, its counts, its arrays), so
 * 600,000 nodes stay under 1 GB; the shipped scenarios that need the most hold about 360,000
 * (docs/design.md, `exact`).
 */
export const STATE_BUDGET = 100_000;
export const LATER_STATE_BUDGET = 600_000;
export const ATOM_BUDGET = 6_000_000;
/**
 * And at most this many rolls (calls of the chance, each path replaying its atom's rolls, and
 * the links a Final Blow chain's law takes to work out, exact/chance.ts) per atom of the budget:
 * most paths make 1 to 15. The shipped scenarios make at most 7.3 million in all (berserkers-vs-crusaders).
 */
export const ROLLS_PER_ATOM = 10;
/**
 * The budgets hold for states of up to this many numbers (engine/snapshot.ts; every shipped
 * scenario starts with at most 111). A combat whose states are k times longer, having k times
 * as many model classes, costs about k times the memory per state and the time per atom: it
 * gets 1/k of each budget, so that no combat can take much more memory or time than the
 * largest ones allowed.
 */
export const STATE_SIZE = 128;

/** The part of `budget` a combat whose states have `size` numbers gets (at least 1). */
export function scaled(budget: number, size: number): number {
  return Math.max(1, Math.floor(size > STATE_SIZE ? (budget * STATE_SIZE) / size : budget));
}
/** The most dice one roll may have (with the 6s counted apart: fewer), beyond which its outcomes are too many to list. */
export const MAX_DICE = 1000;
export const MAX_DICE_WITH_SIXES = 200;
/** The most ways a spread of hits over model classes (Chance.spread) may fall, beyond which they are too many to list. */
export const MAX_SPREAD = 100_000;
/** A roll of saves whose failures past the last wound are one outcome has few outcomes however many dice: at most this many dice. */
export const MAX_SAVES = 100_000;

/** The scenario outgrew the budget: exit 2, and what to do instead. */
export class TooLarge extends Error {
  override name = 'TooLarge';
}

/** Stop: `where` (the scenario) is too large to enumerate, because of `what`. */
export function tooLarge(where: string, what: string): never {
  throw new TooLarge(tooLargeText(where, what));
}
/** The words of a refusal: `where` is too large because of `what`. */
export function tooLargeText(where: string, what: string): string {
  return `${where}: too large to enumerate exactly (${what}); use \`assault sim\` for this scenario`;
}

/**
 * How many states a combat's fight is estimated to take before it is enumerated, from its size
 * alone. Each side can stand in about as many ways as the product, over its units, of one more
 * than the wounds of their models in all (N models of W wounds: N x W; a vehicle counted as
 * VEHICLE_WOUNDS for the damage it can take); models of one unit fall in its casualty order,
 * so its kinds add, not multiply. A fight of one phase holds at once about a way of each side
 * (the states waiting at the cursor the most wait at); the later phases' graph pairs a way of
 * each side with the wounds already struck in the phase, and grows as the ways to the power
 * STATE_POWER (fitted on the shipped scenarios under every edition and fights of 10 to 60 models
 * a side: docs/performance.md).
 */
export function estimateStates(scenario: Scenario): number {
  let ways = 1;
  for (const side of [scenario.attacker, scenario.defender]) {
    for (const u of side.units) {
      let wounds = 0;
      for (const g of u.models) wounds += g.count * (g.spec.vehicle ? VEHICLE_WOUNDS : Math.max(1, g.spec.profile.W));
      ways *= wounds + 1;
    }
  }
  return Math.round(scenario.rounds === 1 ? ways : ways ** STATE_POWER);
}
/** What a vehicle counts as in `estimateStates`: its damage results, as wounds. */
export const VEHICLE_WOUNDS = 6;
/** How the estimated states grow with the ways both sides can stand (`estimateStates`). */
export const STATE_POWER = 1.8;
/**
 * `exact` refuses at once a combat estimated at more than this many times the states its
 * budget holds (the later phases' graph; for one phase the states at once): past what any
 * fight it finishes was estimated at, by a margin of seven (docs/performance.md).
 */
export const REFUSE_PAST = 2;

/** Refused before enumerating: the states estimated far past what the budget holds. */
export class TooLargeEstimate extends TooLarge {}
