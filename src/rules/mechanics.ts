// Mechanics every Initiative-era ruleset shares: majorities, Leadership tests, dice sums.
import type { Dice } from '../dice.js';

const tally = new Int32Array(16);

/** The value most of the first `n` values have; a tie goes to `tie` (the lowest or the highest tied value). */
export function majority(values: readonly number[], tie: 'lowest' | 'highest', n = values.length): number {
  tally.fill(0);
  for (let i = 0; i < n; i++) tally[Math.min(15, Math.max(0, values[i]!))]!++;
  let best = 0;
  let bestCount = 0;
  for (let v = 0; v < 16; v++) {
    const count = tally[v]!;
    if (count > bestCount || (count === bestCount && count > 0 && tie === 'highest')) {
      best = v;
      bestCount = count;
    }
  }
  return best;
}

/** Roll `n` dice; with `rolls` given, record each. */
export function rollSum(dice: Dice, n: number, rolls: number[] | null): number {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const r = dice.d6();
    sum += r;
    if (rolls) rolls.push(r);
  }
  return sum;
}

/** A Leadership test: 2D6 equal to or under Ld passes (ruling 1). */
export function leadershipTest(dice: Dice, ld: number, rolls: number[] | null): boolean {
  return rollSum(dice, 2, rolls) <= ld;
}
