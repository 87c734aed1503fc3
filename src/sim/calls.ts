// The calls a fight makes of its `Chance` (dice.ts), as numbers: a kind, its arguments, and all
// it gave back as one number (its code). The tabled fight (sim/tabled.ts) keeps each call of a
// path this way, makes it again on the real chance with the same arguments, and reads which
// way the path goes from the code; the recorder (sim/recorder.ts) turns a code back into what
// the call returned, for the steps to read.
import type { Blow, Chance } from '../dice.js';

export const TEST = 0;
export const SAVES = 1;
export const SUM = 2;
export const RACE = 3;
export const HIGHEST = 4;
export const LEADERSHIP = 5;
export const BLOWS = 6;
export const DIE = 7;
export const SAVE_UNTIL = 8;
export const PENETRATE = 9;
export const DAMAGE = 10;
export const SPREAD = 11;

/** how many arguments a call of each kind has (a spread: 2 plus its classes, `args[at + 1]`) */
const ARGS = [3, 4, 1, 2, 1, 1, 4, 0, 4, 5, 3, 2];

/** the number of arguments of the call at `args[at]` of `kind` */
export function argCount(kind: number, args: ArrayLike<number>, at: number): number {
  return kind === SPREAD ? 2 + args[at + 1]! : ARGS[kind]!;
}

/** the codes the table keeps: whole numbers below 2^31 (a call whose code is not one is not kept) */
export const MAX_CODE = 0x7fffffff;

/** How many codes the call `kind` with the arguments `args[at..)` may give (they are below it; Infinity: not known). */
export function codeRange(kind: number, args: ArrayLike<number>, at: number): number {
  const n = args[at]! + 1;
  switch (kind) {
    case TEST:
      return args[at + 2] === 1 ? n * n : n;
    case SAVES:
      return Math.min(n, args[at + 2]! + 1);
    case SUM:
      return 6 * args[at]! + 1;
    case RACE:
      return 5 * (args[at]! + args[at + 1]!) + 1;
    case HIGHEST:
    case DIE:
      return 7;
    case LEADERSHIP:
      return 2;
    case BLOWS:
      // automatic wounds only from rending blows that can wound
      return (args[at + 3]! & 3) === 3 ? n * n : n;
    case SAVE_UNTIL:
    case PENETRATE:
      return n * n;
    case SPREAD:
      return n ** args[at + 1]!;
    default:
      return Number.POSITIVE_INFINITY;
  }
}

/**
 * Make the call `kind` with the arguments `args[at..)` of `chance`; what it gave, as one number
 * (different results, different numbers). `into` and `counts`: scratch for a spread. The calls
 * most fights make most are here, small enough to be inlined where runs are walked; the rest in
 * `otherCall`.
 */
export function callOn(chance: Chance, kind: number, args: Int32Array, at: number, into: number[], counts: number[]): number {
  if (kind === BLOWS) {
    const n = args[at]!;
    const f = args[at + 3]!;
    const w = chance.blows(n, args[at + 1]!, args[at + 2]!, (f & 1) !== 0, (f & 2) !== 0, (f & 4) !== 0);
    return (f & 3) === 3 ? w + (n + 1) * chance.blow.autoWounds : w;
  }
  if (kind === SAVES) {
    // failures from the `lethal`-th on all do the same (Chance.saves): one code
    // the fourth: the re-roll (B2) and 4 times the Feel No Pain roll (B4)
    const fx = args[at + 3]!;
    const failed = chance.saves(args[at]!, args[at + 1]!, args[at + 2]!, fx & 3, fx >> 2);
    return failed < args[at + 2]! ? failed : args[at + 2]!;
  }
  if (kind === LEADERSHIP) return chance.leadership(args[at]!) ? 1 : 0;
  if (kind === RACE) {
    // the rules read only the difference of the two sums (Chance.race): the code is the difference, from 0
    const first = chance.race(args[at]!, args[at + 1]!);
    return chance.second - first - (args[at + 1]! - 6 * args[at]!);
  }
  return otherCall(chance, kind, args, at, into, counts);
}

function otherCall(chance: Chance, kind: number, args: Int32Array, at: number, into: number[], counts: number[]): number {
  switch (kind) {
    case TEST: {
      const n = args[at]!;
      const r = chance.test(n, args[at + 1]!, args[at + 2] === 1);
      return args[at + 2] === 1 ? r + (n + 1) * chance.sixes : r;
    }
    case SUM:
      return chance.sum(args[at]!);
    case HIGHEST:
      return chance.highest(args[at]!);
    case DIE:
      return chance.die();
    case SAVE_UNTIL: {
      const n = args[at]!;
      const fx = args[at + 3]!;
      const failed = chance.saveUntil(n, args[at + 1]!, args[at + 2]!, fx & 3, fx >> 2);
      return failed + (n + 1) * chance.used;
    }
    case PENETRATE: {
      const n = args[at]!;
      const more = chance.penetrate(n, args[at + 1]!, args[at + 2]!, args[at + 3]!, args[at + 4] === 1);
      return more + (n + 1) * chance.glancing;
    }
    case DAMAGE:
      return chance.damage(args[at]!, args[at + 1]!, args[at + 2]!);
    default:
      return spreadOn(chance, args, at, into, counts);
  }
}

/** a spread's counts into `into`, its code their digits in base k + 1 */
function spreadOn(chance: Chance, args: Int32Array, at: number, into: number[], counts: number[]): number {
  const k = args[at]!;
  const n = args[at + 1]!;
  for (let j = 0; j < n; j++) counts[j] = args[at + 2 + j]!;
  chance.spread(k, counts, n, into);
  let code = 0;
  for (let j = n - 1; j >= 0; j--) code = code * (k + 1) + into[j]!;
  return code;
}

/** What a call gives besides its result, which the steps read (the `Chance`'s fields). */
export interface Outputs {
  sixes: number;
  second: number;
  used: number;
  glancing: number;
  readonly blow: Blow;
}

/**
 * What the call `kind` with the arguments `args[at..)` gave when it gave `code`: its result
 * returned (a Leadership test: 1 passed), the rest written into `out` (and `into`, a spread's).
 */
export function decode(kind: number, args: ArrayLike<number>, at: number, code: number, out: Outputs, into: number[]): number {
  const radix = args[at]! + 1;
  switch (kind) {
    case TEST:
      out.sixes = args[at + 2] === 1 ? Math.floor(code / radix) : 0;
      return args[at + 2] === 1 ? code % radix : code;
    case RACE: {
      // a first and a second sum with that difference (the rules read no more)
      const a = args[at]!;
      const b = args[at + 1]!;
      const d = code + b - 6 * a;
      const first = Math.max(a, b - d);
      out.second = first + d;
      return first;
    }
    case BLOWS:
      // the hits are the log's alone (engine/strike.ts): not in the code, so blows that wound alike
      // lead one way; a step that read them with the log off would read NaN (and be caught by the
      // tabled fights' tests)
      out.blow.hits = Number.NaN;
      out.blow.autoWounds = Math.floor(code / radix);
      return code % radix;
    case SAVE_UNTIL:
      out.used = Math.floor(code / radix);
      return code % radix;
    case PENETRATE:
      out.glancing = Math.floor(code / radix);
      return code % radix;
    case SPREAD: {
      const n = args[at + 1]!;
      for (let j = 0; j < n; j++, code = Math.floor(code / radix)) into[j] = code % radix;
      return 0;
    }
    default:
      return code;
  }
}
