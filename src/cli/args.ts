// Command-line values checked as they are parsed: whole numbers in a range, a number of rounds.
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
