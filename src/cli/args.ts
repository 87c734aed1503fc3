// Command-line values checked as they are parsed: whole numbers in a range, a number of rounds.
import { availableParallelism } from 'node:os';
import { MAX_ROUNDS, UsageError } from '../index.js';

/**
 * A whole number as a person writes a large one: digits (100000), digits in groups joined by
 * underscores (100_000), or a power of ten (1e5, 2.5e4); null if `v` is none of these or not whole.
 */
export function wholeNumber(v: string): number | null {
  if (/^\d+(_\d+)*$/.test(v)) return Number(v.replace(/_/g, ''));
  if (!/^\d+(\.\d+)?[eE]\+?\d+$/.test(v)) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : null;
}

export function parseCount(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    const n = wholeNumber(v);
    if (n === null || n < min || n > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max} (100000, 100_000 or 1e5), got '${v}'`);
    return n;
  };
}

export function parseRounds(v: string): number | 'resolve' {
  if (v === 'resolve') return v;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_ROUNDS) throw new UsageError(`--rounds is a number of assault phases from 1 to ${MAX_ROUNDS}, or resolve; got '${v}'`);
  return Number(v);
}

/** `--workers`: a number of threads from 1 to 256, or `auto`: the machine's cores (its default). */
export function parseWorkers(v: string): number {
  if (v === 'auto') return availableParallelism();
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 256) throw new UsageError(`--workers is a whole number from 1 to 256, or auto, got '${v}'`);
  return Number(v);
}
