// Mechanics every Initiative-era ruleset shares: majorities and the best characteristic of a
// unit. (Dice, sums and Leadership tests are asked of the Chance: src/dice.ts.)
import type { UnitState } from './state.js';

const tally = new Int32Array(16);

/**
 * The value more than half of the first `n` values have (ruling 5: a majority is more than
 * half); with no such value, the lowest or the highest value present (the edition's rule).
 */
export function majority(values: readonly number[], none: 'lowest' | 'highest', n = values.length): number {
  tally.fill(0);
  for (let i = 0; i < n; i++) tally[Math.min(15, Math.max(0, values[i]!))]!++;
  let lowest = -1;
  let highest = 0;
  for (let v = 0; v < 16; v++) {
    const count = tally[v]!;
    if (count === 0) continue;
    if (count * 2 > n) return v;
    if (lowest < 0) lowest = v;
    highest = v;
  }
  return none === 'lowest' ? Math.max(0, lowest) : highest;
}

/** The highest of a characteristic among the living models of `units` (Leadership, sweeping Initiative). */
export function bestOf(units: readonly UnitState[], stat: 'Ld' | 'I'): number {
  let v = 0;
  for (const u of units) v = Math.max(v, u.best(stat));
  return v;
}
