// Dice stream 1: our Tyche-i, seeded by the seedrandom package, is seedrandom's own generator
// draw for draw, and RunDice.start(k) is the generator seeded with "S:k".
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { RunDice, runSeed, SeededDice } from '../src/dice.js';

/** d6 the way the stream has always made them, from seedrandom's own tychei. */
function reference(seed: string, n: number): number[] {
  const next = seedrandom.tychei(seed).int32;
  const out: number[] = [];
  while (out.length < n) {
    const u = next() >>> 0;
    if (u < 4294967292) out.push((u % 6) + 1);
  }
  return out;
}
const roll = (d: { d6(): number }, n: number) => Array.from({ length: n }, () => d.d6());

describe('dice stream', () => {
  it('SeededDice gives seedrandom tychei\'s d6 for any seed', () => {
    for (const seed of ['7', 'abc', '', '0x10', '1.50', '12345678901234567890', 'é ü 東京', 'a seed with spaces']) {
      expect(roll(new SeededDice(seed), 200), seed).toEqual(reference(seed, 200));
    }
  });
  it('RunDice.start(k) gives the dice of the seed "S:k", run after run, in any order', () => {
    const dice = new RunDice('regression-generate');
    for (const k of [1, 2, 9, 10, 11, 99, 100, 812, 5000, 123456789, 9007199254740991, 3]) {
      expect(roll(dice.start(k), 50), `run ${k}`).toEqual(reference(runSeed('regression-generate', k), 50));
    }
  });
});
