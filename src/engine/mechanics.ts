// Mechanics every Initiative-era ruleset shares: majorities and the best characteristic of a
// unit. (Dice, sums and Leadership tests are asked of the Chance: src/dice.ts.)
import type { UnitState } from './state.js';

/**
 * The value more than half of the first `n` values have (ruling 5: a majority is more than
 * half); with no such value, the lowest or the highest value present (the edition's rule).
 * No scratch: a majority vote, then a count to confirm it.
 */
export function majority(values: readonly number[], none: 'lowest' | 'highest', n = values.length): number {
  let candidate = 0;
  let votes = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (votes === 0) candidate = v;
    votes += v === candidate ? 1 : -1;
  }
  let count = 0;
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (v === candidate) count++;
    if (v < lowest) lowest = v;
    if (v > highest) highest = v;
  }
  if (n > 0 && count * 2 > n) return candidate;
  if (n === 0) return 0;
  return none === 'lowest' ? lowest : highest;
}

/** The highest of a characteristic among the living models of `units` (Leadership, sweeping Initiative). */
export function bestOf(units: readonly UnitState[], stat: 'Ld' | 'I'): number {
  let v = 0;
  for (const u of units) v = Math.max(v, u.best(stat));
  return v;
}
