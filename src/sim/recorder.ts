// The chance the tabled fight (sim/tabled.ts) fights the reference steps with while it learns a
// stretch of a fight: the calls already made on the real chance (a path's first calls, made
// again from the table) are given back as they came, each checked to be the call the steps make;
// every later call is made on the real chance and kept (kind, arguments, code), to be added to
// the table. With `keep` off it only passes the later calls on (a run the table cannot hold).
import { REROLL_NONE, type Blow, type Chance, type Reroll } from '../dice.js';
import { argCount, BLOWS, callOn, DAMAGE, decode, DIE, HIGHEST, LEADERSHIP, ONES, PENETRATE, RACE, SAVE_UNTIL, SAVES, SPREAD, SUM, TEST, codeRange, MAX_CODE } from './calls.js';

export class Recorder implements Chance {
  sixes = 0;
  second = 0;
  used = 0;
  glancing = 0;
  readonly faces = null;
  readonly saveFx = null;
  readonly secondFaces = null;
  readonly pierceFaces = null;
  readonly blow: Blow = { hits: 0, autoWounds: 0, hitFaces: null, woundFaces: null, rerollFaces: null, hitRerollFaces: null };
  /** the real chance */
  private inner: Chance | null = null;
  /** calls made in this stretch, the given-back ones included */
  calls = 0;
  /** the calls to give back: their kinds, their arguments (in `givenIn` from `givenAt`), their codes */
  private given = 0;
  private readonly givenKind: number[] = [];
  private readonly givenAt: number[] = [];
  private readonly givenCode: number[] = [];
  private readonly givenIn: ArrayLike<number>[] = [];
  /** whether later calls are kept (off for good in this stretch once one cannot be: a spread with no code) */
  keep = true;
  /**
   * The calls kept (`kept` of them): kinds, codes, and the arguments of each from `keptAt[i]` in
   * `keptArgs`. Written by index and never shortened (an array's length set to 0 gives its
   * memory back, and the next stretch learned would allocate it again).
   */
  kept = 0;
  private keptEnd = 0;
  readonly keptKind: number[] = [];
  readonly keptCode: number[] = [];
  readonly keptAt: number[] = [];
  readonly keptArgs: number[] = [];
  /** the arguments of the call in progress */
  private readonly cur = new Int32Array(64);
  private curArgs: Int32Array = this.cur;
  private readonly scratch: number[] = [];
  private readonly counts: number[] = [];

  get rolled(): number {
    return this.inner!.rolled;
  }

  /** A new stretch on `inner`, the calls to give back then given by `give`. */
  begin(inner: Chance, keep: boolean): void {
    this.inner = inner;
    this.keep = keep;
    this.calls = 0;
    this.given = 0;
    this.kept = this.keptEnd = 0;
  }

  /** One call to give back: of `kind`, its arguments `args[at..)`, it gave `code`. */
  give(kind: number, args: ArrayLike<number>, at: number, code: number): void {
    this.givenKind[this.given] = kind;
    this.givenIn[this.given] = args;
    this.givenAt[this.given] = at;
    this.givenCode[this.given] = code;
    this.given++;
  }

  /** the calls given back were all made again */
  get done(): boolean {
    return this.calls >= this.given;
  }

  /** the call `kind` with `n` arguments in `cur` (or `curArgs`): given back, else made and kept */
  private make(kind: number, into: number[]): number {
    const args = this.curArgs;
    if (kind === SPREAD && rollsNothing(args)) {
      // decided by its arguments, no die rolled: no call of the table's (made now, given back or not)
      this.inner!.spread(args[0]!, this.classCounts(args), args[1]!, into);
      return 0;
    }
    const i = this.calls++;
    const count = argCount(kind, args, 0);
    if (i < this.given) {
      const at = this.givenAt[i]!;
      const same = this.givenKind[i] === kind && sameArgs(this.givenIn[i]!, at, args, count);
      if (!same) throw new Error(`a tabled fight's call ${i} differs from the steps' (kind ${this.givenKind[i]} against ${kind})`);
      return decode(kind, args, 0, this.givenCode[i]!, this, into);
    }
    if (kind === SPREAD && codeRange(kind, args, 0) > MAX_CODE + 1) {
      // too many ways to fall for a code: made as it is, and nothing after it kept
      this.keep = false;
      this.inner!.spread(args[0]!, this.classCounts(args), args[1]!, into);
      return 0;
    }
    const code = callOn(this.inner!, kind, args, 0, into, this.counts);
    if (code > MAX_CODE) this.keep = false;
    if (this.keep) {
      const k = this.kept++;
      this.keptKind[k] = kind;
      this.keptCode[k] = code;
      this.keptAt[k] = this.keptEnd;
      for (let j = 0; j < count; j++) this.keptArgs[this.keptEnd++] = args[j]!;
    }
    return decode(kind, args, 0, code, this, into);
  }

  /** a spread's counts of models (its arguments from the third), copied into scratch: a view of them would be an object a call */
  private classCounts(args: Int32Array): number[] {
    const counts = this.counts;
    for (let j = 0; j < args[1]!; j++) counts[j] = args[2 + j]!;
    return counts;
  }

  private args(kind: number, a = 0, b = 0, c = 0, d = 0, e = 0): number {
    const cur = (this.curArgs = this.cur);
    cur[0] = a;
    cur[1] = b;
    cur[2] = c;
    cur[3] = d;
    cur[4] = e;
    return this.make(kind, this.scratch);
  }

  ones(failed: number, need: number): number {
    return this.args(ONES, failed, need);
  }
  test(n: number, need: number, sixes = false): number {
    return this.args(TEST, n, need, sixes ? 1 : 0);
  }
  saves(n: number, need: number, lethal: number, reroll = 0, pain = 0): number {
    return this.args(SAVES, n, need, lethal, reroll + 4 * pain);
  }
  sum(k: number): number {
    return this.args(SUM, k);
  }
  race(a: number, b: number): number {
    return this.args(RACE, a, b);
  }
  highest(k: number): number {
    return this.args(HIGHEST, k);
  }
  leadership(ld: number): boolean {
    return this.args(LEADERSHIP, ld) === 1;
  }
  blows(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit: Reroll = REROLL_NONE): number {
    return this.args(BLOWS, n, hit, wound, (rending ? 1 : 0) | (autoWound ? 2 : 0) | (reroll << 2) | (rerollHit << 4));
  }
  die(): number {
    return this.args(DIE);
  }
  saveUntil(n: number, need: number, room: number, reroll = 0, pain = 0): number {
    return this.args(SAVE_UNTIL, n, need, room, reroll + 4 * pain);
  }
  penetrate(n: number, dice: number, plus: number, armour: number, rending: boolean): number {
    return this.args(PENETRATE, n, dice, plus, armour, rending ? 1 : 0);
  }
  damage(glancing: number, penetrating: number, shift: number): number {
    return this.args(DAMAGE, glancing, penetrating, shift);
  }
  spread(k: number, counts: ArrayLike<number>, n: number, into: number[]): void {
    const args = (this.curArgs = n + 2 <= this.cur.length ? this.cur : new Int32Array(n + 2));
    args[0] = k;
    args[1] = n;
    for (let j = 0; j < n; j++) args[2 + j] = counts[j]!;
    this.make(SPREAD, into);
  }
}

/** A spread (its arguments in `args`) with no hit, or one class with models at most, which takes them all: no die is rolled. */
function rollsNothing(args: Int32Array): boolean {
  if (args[0]! === 0) return true;
  let classes = 0;
  for (let j = 0; j < args[1]!; j++) if (args[2 + j]! > 0) classes++;
  return classes <= 1;
}

function sameArgs(a: ArrayLike<number>, at: number, b: ArrayLike<number>, n: number): boolean {
  for (let j = 0; j < n; j++) if (a[at + j] !== b[j]) return false;
  return true;
}

