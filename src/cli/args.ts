// Command-line values checked as they are parsed: whole numbers in a range, a number of rounds.
import { availableParallelism } from 'node:os';
import { MAX_ROUNDS, UsageError } from '../index.js';

export function parseCount(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${v}'`);
    return Number(v);
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
