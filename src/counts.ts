// Dice stream 2: what `fight` and `sim` roll. Run K of seed S starts a Tyche-i generator from a
// hash of (S, K) (no string, no generator built per run). n dice needing X+ are one draw from
// the exact law of their successes: with f = X-1 failing faces, s successes have the chance
// C(n,s) (7-X)^s f^(n-s) / 6^n, an integer over 6^n. When the rule needs the 6s among them
// (rending), the draw is from the joint law of (successes s, 6s x): C(n,s) C(s,x) (6-X)^(s-x)
// f^(n-s) / 6^n. For up to 20 dice 6^n < 2^53: a uniform integer below the largest multiple
// k 6^n that fits in 32 random bits (up to 12 dice) or 53, read against the cumulative counts
// times k, picks each outcome with exactly its chance; more dice are taken 20 at a time. Sums
// and single dice are rolled die by die. When a fight is logged, the faces shown are drawn from
// a second generator of the same run, given the counts: the 6s among the successes (when the
// rule did not ask), then a uniformly random arrangement of failures, successes and 6s with
// uniform faces in each, so they are distributed exactly as real dice and the main stream is
// the one `sim` uses. A spread of hits over a unit's models draws each hit's model from the main
// generator, and the faces that read as it from the second.
import { classOf, DieByDie, spreadAccept, spreadDigits, spreadStart, Tychei, type Chance } from './dice.js';

/** The version of the dice stream, in `fight --json` and `sim --json`. */
export const DICE_STREAM = 2;

/** 2^32 rounded down to a multiple of 6: uint32 values at or above it are rejected. */
const LIMIT6 = 4294967292;
const TWO32 = 4294967296;
const TWO53 = 9007199254740992;
/** dice drawn at once: 6^20 < 2^53 */
const CHUNK = 20;

/** The outcomes of m dice needing `need`, with their counts out of 6^m, cumulated and scaled for drawing. */
export interface Table {
  /** the largest multiple k 6^m of 6^m at most 2^32 (when 6^m fits: one draw a try) or 2^53: draws at or above it are rejected */
  limit: number;
  /** 6^m fits in 32 bits */
  small: boolean;
  /** the cumulative counts times k: a draw below `limit` falls in outcome i with exactly its chance (no division) */
  cum: Float64Array;
  successes: Uint8Array;
  sixes: Uint8Array;
  /** `guideScale` = GUIDE / limit: a draw u is in bucket floor(u * guideScale), whose draws all fall in outcome `guide[bucket]` or later */
  guideScale: number;
  guide: Uint8Array;
}

/**
 * Buckets of the guide table: the first outcome of a draw is found by one multiplication and a
 * step or two, not a binary search. (Fewer buckets for tables of few outcomes were tried: they
 * build a little sooner, but a batch's draws took 2.7 times the steps.)
 */
const GUIDE = 256;

function binomials(n: number): number[] {
  const row = [1];
  for (let k = 1; k <= n; k++) row.push((row[k - 1]! * (n - k + 1)) / k);
  return row;
}

/** Outcomes (successes s, 6s x) with their counts: the joint law when `joint`, else successes alone (x = 0). */
function buildTable(m: number, need: number, joint: boolean): Table {
  const fail = need - 1;
  const plain = 6 - need;
  const cn = binomials(m);
  const cum: number[] = [];
  const successes: number[] = [];
  const sixes: number[] = [];
  let acc = 0;
  for (let s = 0; s <= m; s++) {
    const cs = binomials(s);
    for (let x = 0; x <= (joint ? s : 0); x++) {
      // joint: C(m,s) C(s,x) plain^(s-x) fail^(m-s); alone: C(m,s) (plain+1)^s fail^(m-s)
      const count = joint ? cn[s]! * cs[x]! * plain ** (s - x) * fail ** (m - s) : cn[s]! * (plain + 1) ** s * fail ** (m - s);
      if (count === 0) continue;
      acc += count;
      cum.push(acc);
      successes.push(s);
      sixes.push(x);
    }
  }
  const total = 6 ** m;
  if (acc !== total) throw new Error(`dice table ${m}@${need}+ sums to ${acc}, not ${total}`);
  const small = total <= TWO32;
  const times = Math.floor((small ? TWO32 : TWO53) / total);
  const scaled = Float64Array.from(cum, (x) => x * times);
  const limit = times * total;
  const guideScale = GUIDE / limit;
  // each bucket's lowest draw, found exactly (a float product can round either way; rounding
  // keeps it monotonic in u), then its outcome: every draw of the bucket falls there or later.
  // The lowest draws rise with the bucket, so their outcomes are found in one pass (the same
  // guide as a binary search for each bucket's, tested)
  const guide = new Uint8Array(GUIDE);
  for (let j = 0, i = 0; j < GUIDE; j++) {
    let u = Math.ceil(j / guideScale);
    while (u > 0 && Math.floor((u - 1) * guideScale) >= j) u--;
    while (Math.floor(u * guideScale) < j) u++;
    const low = u < limit ? u : limit - 1;
    while (scaled[i]! <= low) i++;
    guide[j] = i;
  }
  return { small, limit, cum: scaled, successes: Uint8Array.from(successes), sixes: Uint8Array.from(sixes), guideScale, guide };
}

/** The first outcome of `t` whose cumulative count passes the draw u: from its bucket's first, step by step. */
export function outcomeAt(t: Table, u: number): number {
  const cum = t.cum;
  let i = t.guide[Math.floor(u * t.guideScale)]!;
  while (cum[i]! <= u) i++;
  return i;
}

/**
 * Immutable tables, built on first use and shared (they hold no state of any fight), at
 * (need, joint, m) for m of 0..CHUNK dice: a packed array, read with no hashing.
 */
const TABLES: (Table | null)[] = new Array<Table | null>(7 * 2 * (CHUNK + 1)).fill(null);
export function table(m: number, need: number, joint: boolean): Table {
  return (TABLES[(need * 2 + (joint ? 1 : 0)) * (CHUNK + 1) + m] ??= buildTable(m, need, joint));
}

/** FNV-1a over the seed's characters, twice with different offsets: 64 bits of the seed. */
function seedHash(seed: string): [number, number] {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < seed.length; i++) {
    const ch = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 0x01000193);
    h2 = Math.imul(h2 ^ ch, 0x5bd1e995) ^ (h2 >>> 15);
  }
  return [h1 >>> 0, h2 >>> 0];
}

/** murmur3's finaliser: every input bit moves every output bit */
function fmix(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** Start `gen` for run `run` of the seed hashed to (h1, h2), on lane `lane` (0 the dice, 1 the faces). */
function startGen(gen: Tychei, h1: number, h2: number, run: number, lane: number): void {
  const lo = run >>> 0;
  const hi = Math.floor(run / TWO32) >>> 0;
  gen.a = fmix(h1 ^ fmix(lo ^ 0x9e3779b9)) | 0;
  gen.b = fmix(h2 ^ fmix(hi + 0x7f4a7c15 + lane)) | 0;
  gen.c = fmix(lo + 0x6a09e667 + Math.imul(lane, 0x3c6ef372)) | 0;
  gen.d = fmix(h1 + h2 + hi + lane) | 0;
  for (let k = 0; k < 8; k++) gen.next();
}

/** A uniform whole number below `k` (k at most 2^32) from `gen`, by rejection. */
function below(gen: Tychei, k: number): number {
  const limit = Math.floor(TWO32 / k) * k;
  let u = gen.next() >>> 0;
  while (u >= limit) u = gen.next() >>> 0;
  return u % k;
}

function d6(gen: Tychei): number {
  let u = gen.next() >>> 0;
  while (u >= LIMIT6) u = gen.next() >>> 0;
  return (u % 6) + 1;
}

/** Dice stream 2 for run after run of one seed: `start(k)` gives run k (0: a plain `fight --seed S`). */
export class CountChance extends DieByDie implements Chance {
  rolled = 0;
  private readonly gen = new Tychei();
  private readonly faceGen = new Tychei();
  private readonly h1: number;
  private readonly h2: number;
  constructor(seed: string | number, readonly recording = false) {
    super();
    [this.h1, this.h2] = seedHash(String(seed));
    this.start(0);
  }

  start(run: number): this {
    startGen(this.gen, this.h1, this.h2, run, 0);
    if (this.recording) startGen(this.faceGen, this.h1, this.h2, run, 1);
    this.rolled = 0;
    return this;
  }

  test(n: number, need: number, withSixes = false): number {
    if (this.recording) return this.testShown(n, need, withSixes);
    this.faces = null;
    this.sixes = 0;
    if (need <= 0) return 0;
    this.rolled += n;
    return need > 6 ? 0 : this.successes(n, need < 1 ? 1 : need, withSixes);
  }

  /** `test` when the faces are shown: the same draws, then the faces from the second generator */
  private testShown(n: number, need: number, withSixes: boolean): number {
    this.faces = [];
    this.sixes = 0;
    if (need <= 0) return 0;
    this.rolled += n;
    if (need > 6) {
      for (let i = 0; i < n; i++) this.faces.push(d6(this.faceGen));
      return 0;
    }
    const want = need < 1 ? 1 : need;
    const hits = this.successes(n, want, withSixes);
    let sixes = this.sixes;
    // the 6s among the successes, when the rule did not ask: each success is a 6 with chance 1/(7-need)
    if (!withSixes) for (let i = 0; i < hits; i++) if (below(this.faceGen, 7 - want) === 0) sixes++;
    this.showFaces(n, want, hits, sixes);
    return hits;
  }

  /**
   * `n` dice needing `want` (1..6), `joint`: with their 6s (in `sixes`), drawn CHUNK at a time:
   * a uniform whole number below a table's limit (32 random bits when it fits, else 53), read
   * on the table (this is `sim`'s innermost loop).
   */
  private successes(n: number, want: number, joint: boolean): number {
    const gen = this.gen;
    let hits = 0;
    let sixes = 0;
    for (let left = n; left > 0; left -= CHUNK) {
      const m = left < CHUNK ? left : CHUNK;
      const t = TABLES[(want * 2 + (joint ? 1 : 0)) * (CHUNK + 1) + m] ?? table(m, want, joint);
      const limit = t.limit;
      let u: number;
      if (t.small) do u = gen.next() >>> 0; while (u >= limit);
      else do u = (gen.next() >>> 11) * TWO32 + (gen.next() >>> 0); while (u >= limit);
      const i = outcomeAt(t, u);
      hits += t.successes[i]!;
      sixes += t.sixes[i]!;
    }
    this.sixes = sixes;
    return hits;
  }

  /**
   * Of the `failed` dice of the last `test` that failed (needing `need`, 3 or more), how many
   * show a 1: each failure is a 1 with chance 1/(need-1), drawn from the main generator (so a
   * logged fight fights as the unlogged one); when logged, the failures shown are made to agree,
   * a uniformly random set of them showing the 1s (from the second generator).
   */
  protected onesAmong(failed: number, need: number): number {
    let ones = 0;
    const f = need - 1;
    for (let i = 0; i < failed; i++) if (below(this.gen, f) === 0) ones++;
    const faces = this.faces;
    if (faces) {
      const at: number[] = [];
      for (let i = 0; i < faces.length; i++) if (faces[i]! < need) at.push(i);
      // a random `ones` of the failures show 1 (a partial shuffle), the rest 2..need-1
      for (let i = 0; i < at.length; i++) {
        const j = i + below(this.faceGen, at.length - i);
        const t = at[i]!;
        at[i] = at[j]!;
        at[j] = t;
        faces[at[i]!] = i < ones ? 1 : 2 + below(this.faceGen, need - 2);
      }
    }
    return ones;
  }

  override sum(k: number): number {
    if (this.recording) return super.sum(k);
    this.faces = null;
    this.rolled += k;
    let acc = 0;
    for (let i = 0; i < k; i++) acc += d6(this.gen);
    return acc;
  }

  /**
   * Each hit's model drawn uniformly from the main generator (`below`), so a logged fight
   * fights as the unlogged one; `spreadDigits`' m dice counted for each. When logged, the faces
   * shown for a hit are, from the second generator, the dice of a kept roll that reads as its
   * model: one of the numbers below `spreadAccept` whose remainder is the model's, each as
   * likely (the rolls a player would have made again are not shown, nor counted).
   */
  override spread(k: number, counts: ArrayLike<number>, n: number, into: number[]): void {
    this.faces = this.recording ? [] : null;
    const models = spreadStart(k, counts, n, into);
    if (models < 0) return;
    const m = spreadDigits(models);
    this.rolled += m * k;
    const faces = this.faces;
    const per = faces ? spreadAccept(models, m) / models : 0;
    for (let h = 0; h < k; h++) {
      const pick = below(this.gen, models);
      into[classOf(counts, n, pick)]!++;
      if (!faces) continue;
      let v = pick + models * below(this.faceGen, per);
      const at = faces.length;
      for (let j = 0; j < m; j++) faces.push(0);
      // the digits of v, the last die the lowest
      for (let j = at + m - 1; j >= at; j--, v = Math.floor(v / 6)) faces[j] = (v % 6) + 1;
    }
  }

  /** Faces for the log, given the counts: failures, plain successes and 6s in a random order. */
  private showFaces(n: number, need: number, hits: number, sixes: number): void {
    const faces = this.faces!;
    for (let i = 0; i < n; i++) faces.push(i < n - hits ? 0 : i < n - sixes ? 1 : 2);
    for (let i = n - 1; i > 0; i--) {
      const j = below(this.faceGen, i + 1);
      const t = faces[i]!;
      faces[i] = faces[j]!;
      faces[j] = t;
    }
    for (let i = 0; i < n; i++) {
      const kind = faces[i]!;
      faces[i] = kind === 0 ? 1 + below(this.faceGen, need - 1) : kind === 1 ? need + below(this.faceGen, 6 - need) : 6;
    }
  }

  protected nextD6(): number {
    return d6(this.gen);
  }

  protected count(k: number): void {
    this.rolled += k;
  }
}
