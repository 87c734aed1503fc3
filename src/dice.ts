// One dice source per fight. Rules code only ever asks a Dice for a d6; nothing calls
// Math.random. SeededDice is the real thing, ScriptedDice forces outcomes in tests.
import seedrandom from 'seedrandom';

export interface Dice {
  d6(): number;
  /** how many dice this source has rolled */
  rolled: number;
}

/** 2^32 rounded down to a multiple of 6: uint32 values at or above it are rejected. */
const LIMIT = 4294967292;

/**
 * d6 from seedrandom's tychei generator (fast to seed, so every sim run gets its own seed),
 * one 32-bit draw per die with exact rejection (the 4 values of 2^32 above the last
 * multiple of 6 are re-drawn), so every face is exactly 1/6.
 */
export class SeededDice implements Dice {
  rolled = 0;
  private readonly next: () => number;
  constructor(seed: string | number) {
    const rng = seedrandom.tychei(String(seed));
    this.next = rng.int32;
  }
  d6(): number {
    this.rolled++;
    let u = this.next() >>> 0;
    while (u >= LIMIT) u = this.next() >>> 0;
    return (u % 6) + 1;
  }
}

export class DiceExhausted extends Error {}

/** Dice that come out exactly as listed; running out is an error (a test that asks too much). */
export class ScriptedDice implements Dice {
  rolled = 0;
  private readonly values: number[];
  constructor(values: readonly number[]) {
    for (const v of values) {
      if (!Number.isInteger(v) || v < 1 || v > 6) throw new Error(`not a d6 value: ${v}`);
    }
    this.values = [...values];
  }
  d6(): number {
    const v = this.values[this.rolled];
    if (v === undefined) throw new DiceExhausted(`scripted dice ran out after ${this.rolled} rolls`);
    this.rolled++;
    return v;
  }
  get remaining(): number {
    return this.values.length - this.rolled;
  }
}

/** A fresh seed for a user who gave none: printed, so the fight can be replayed. */
export function randomSeed(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0]! % 1_000_000_000;
}

/** The seed of run `run` (1-based) of a sim with master seed `seed`: what `fight --run` uses. */
export function runSeed(seed: string | number, run: number): string {
  return `${seed}:${run}`;
}
