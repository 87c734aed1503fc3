// Epic's tables as data (rules/epic.md): the close combat bonuses (E7), the result table (E9),
// and the numbers of the Leadership test (E3), support (E6) and the retreat (E11).

/** E3: the Leadership test passes on a D6 higher than the Blast markers, +1 with this many units or more; a 6 always passes. */
export const BIG_DETACHMENT = 15;
export const ALWAYS_PASSES = 6;

/** E6: a unit not in contact within this many cm of an enemy unit supports. */
export const SUPPORT_RANGE = 15;

/** E11: the Retreat move, and how near an enemy unit a unit that ends is destroyed. */
export const RETREAT_MOVE = 20;
export const RETREAT_DANGER = 15;

/** E5: at most this many attacking units in base contact with one enemy unit. */
export const GANG_UP = 2;

/** E7: +1 against an enemy with this many Blast markers or more. */
export const MANY_MARKERS = 5;

/**
 * E7: the bonus for the totals, best first: a total at least `times` times the enemy's gets
 * `bonus` (`times` 1 means higher); against an enemy total of 0 any positive total gets the first.
 */
export const TOTAL_BONUSES: readonly { times: number; bonus: number }[] = [
  { times: 4, bonus: 4 },
  { times: 3, bonus: 3 },
  { times: 2, bonus: 2 },
  { times: 1, bonus: 1 },
];

/** E9: a result by the difference (1-5; above 5 reads the last row): its name and the scores to hit. */
export interface ResultRow { difference: number; result: EpicResult; winnerNeeds: number; loserNeeds: number }
export type EpicResult = 'narrowWin' | 'forcedBack' | 'drivenOff' | 'hurledBack' | 'overwhelmed';

export const RESULT_TABLE: readonly ResultRow[] = [
  { difference: 1, result: 'narrowWin', winnerNeeds: 4, loserNeeds: 4 },
  { difference: 2, result: 'forcedBack', winnerNeeds: 3, loserNeeds: 4 },
  { difference: 3, result: 'drivenOff', winnerNeeds: 3, loserNeeds: 5 },
  { difference: 4, result: 'hurledBack', winnerNeeds: 2, loserNeeds: 5 },
  { difference: 5, result: 'overwhelmed', winnerNeeds: 2, loserNeeds: 6 },
];

/** The row of a difference of `d` (at least 1). */
export function resultRow(d: number): ResultRow {
  return RESULT_TABLE[Math.min(d, RESULT_TABLE.length) - 1]!;
}

/** The bonus for totals: `mine` against `theirs` (E7). */
export function totalBonus(mine: number, theirs: number): number {
  if (mine <= 0) return 0;
  if (theirs === 0) return TOTAL_BONUSES[0]!.bonus;
  for (const b of TOTAL_BONUSES) {
    if (b.times === 1 ? mine > theirs : mine >= b.times * theirs) return b.bonus;
  }
  return 0;
}
