// The Chance interface every rule asks, and its per-die implementation: dice stream 1 (a d6
// per die from Tyche-i seeded with the string "S:k", the stream of every log before dice
// stream 2) and scripted dice for tests. `fight` and `sim` use dice stream 2 (src/counts.ts).
// Nothing calls Math.random.
import seedrandom from 'seedrandom';
import { dieCode, joinCodes } from './armour.js';

export interface Dice {
  d6(): number;
  /** how many dice this source has rolled */
  rolled: number;
}

/** 2^32 rounded down to a multiple of 6: uint32 values at or above it are rejected. */
const LIMIT = 4294967292;

/**
 * The Tyche-i generator (Neves and Araujo, 2011) as seedrandom's `tychei` runs it, started from
 * the state seedrandom seeds it with (`seedFrom`): the stepping is written out here so that its
 * 32-bit draws are read as they come (seedrandom's own turns each into a float).
 */
export class Tychei {
  a = 0;
  b = 0;
  c = 2654435769 | 0;
  d = 1367130551;
  next(): number {
    let b = this.b;
    let c = this.c;
    let d = this.d;
    let a = this.a;
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    this.b = b = (b << 20) ^ (b >>> 12) ^ c;
    this.c = c = (c - d) | 0;
    this.d = (d << 16) ^ (c >>> 16) ^ a;
    return (this.a = (a - b) | 0);
  }
  /** start where seedrandom's `tychei` starts for the string `seed` (the package does the seeding) */
  seedFrom(seed: string): void {
    const s = seedrandom.tychei(seed, { state: true }).state();
    this.a = s.a;
    this.b = s.b;
    this.c = s.c;
    this.d = s.d;
  }
}

/**
 * d6 from the tychei generator, one 32-bit draw per die with exact rejection (the 4 values of
 * 2^32 above the last multiple of 6 are re-drawn), so every face is exactly 1/6.
 */
export class SeededDice implements Dice {
  rolled = 0;
  protected readonly gen = new Tychei();
  constructor(seed: string | number | null) {
    if (seed !== null) this.gen.seedFrom(String(seed));
  }
  d6(): number {
    this.rolled++;
    let u = this.gen.next() >>> 0;
    while (u >= LIMIT) u = this.gen.next() >>> 0;
    return (u % 6) + 1;
  }
}

/** The dice of run after run of one seed: `start(k)` gives exactly the dice of `new SeededDice(runSeed(seed, k))`. */
export class RunDice extends SeededDice {
  private readonly prefix: string;
  constructor(seed: string | number) {
    super(null);
    this.prefix = `${seed}:`;
  }
  start(run: number): this {
    this.gen.seedFrom(this.prefix + run);
    this.rolled = 0;
    return this;
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

/**
 * Chance as the rules speak of it: n dice needing X+ (how many succeed, how many of them are
 * 6s), a re-roll of the failures, a sum of kD6, a Leadership test, one table die. Every rule
 * asks this, never a d6 directly, so the dice behind it can be seeded (`sim`, src/counts.ts),
 * scripted (tests), recorded (`fight`: `faces` holds the dice of the last call) or, later,
 * enumerated.
 */
/** A to-hit need meaning the attacks hit automatically, no die rolled (waffle's chart, "A"). */
export const AUTO_HIT = 1;

/** A re-roll's reach (abilities.md B2): none, the dice that rolled a 1, every failed die. */
export const REROLL_NONE = 0;
export const REROLL_ONES = 1;
export const REROLL_FAILED = 2;
export type Reroll = typeof REROLL_NONE | typeof REROLL_ONES | typeof REROLL_FAILED;

/**
 * The share of dice needing `need`+ (each succeeding with chance `p`) that a re-roll of reach
 * `reroll` rolls again (abilities.md B2): none; every failure; or the 1s, a sixth of the dice
 * (on a 2+ or less the failures are the 1s: 1 - p).
 */
export function rerollShare(p: number, need: number, reroll: Reroll): number {
  return reroll === REROLL_NONE ? 0 : reroll === REROLL_FAILED || need <= 2 ? 1 - p : 1 / 6;
}

export interface Chance {
  /** of the last `test`'s successes, how many were 6s (when it was asked for them) */
  sixes: number;
  /** the faces of the last call, when recording; a fresh array each call */
  faces: number[] | null;
  /** how many dice the rules have rolled so far */
  readonly rolled: number;
  /**
   * `n` dice each succeeding on `need` or more (0: none can succeed, and none is rolled);
   * `sixes`: the rule also needs to know how many of the successes were 6s (rending)
   */
  test(n: number, need: number, sixes?: boolean): number;
  /**
   * `n` saves each needing `need`+ (2..6): how many fail. Failures from `lethal` on all do the
   * same (the models taking them are all dead by then), so an implementation may count any
   * number of them as `lethal` (`exact` does: its outcomes are fewer); `sim` and `fight` count
   * them all, as the log shows them. With `reroll` (1: the 1s, 2: every failed save; 0: none)
   * a failed save is rolled once more and the new roll stands (abilities.md B2); with `pain`
   * (2..6; 0: none) each failed save is a wound ignored on a D6 of `pain`+ (B4): it returns the
   * wounds suffered. `need` 7 (no save) with `pain`: only the Feel No Pain dice are rolled.
   */
  saves(n: number, need: number, lethal: number, reroll?: number, pain?: number): number;
  /**
   * When recording: what the last `saves` or `saveUntil` rolled besides its save dice (`faces`,
   * one a wound, none when `need` is 7) when it re-rolled saves or rolled Feel No Pain (null
   * when it did neither).
   */
  saveFx: SaveFaces | null;
  /**
   * Of `failed` dice of the last `test` (needing `need`) that failed, how many show a 1 (a re-roll
   * of 1s, abilities.md B2): each failure is a 1 with chance 1/(need - 1); no die is rolled.
   */
  ones(failed: number, need: number): number;
  /** the sum of `k` dice */
  sum(k: number): number;
  /**
   * Two sums, of `a` dice then `b` dice (a fall back roll against a sweeping advance), of which
   * the rule reads only the difference: returns the first, `second` holds the second and
   * `secondFaces` its faces. `sim` and `fight` roll both as they fall; `exact` lists only the
   * differences (11 outcomes for D6 against D6, not 36) with sums that make them.
   */
  race(a: number, b: number): number;
  /** what the last `race` gave for its second sum, and (when recording) its faces */
  second: number;
  secondFaces: number[] | null;
  /** the highest of `k` dice (difficult terrain) */
  highest(k: number): number;
  /** A Leadership test: 2D6 equal to or under `ld` passes (rules ruling 1). */
  leadership(ld: number): boolean;
  /**
   * A group's blows: `n` dice to hit needing `hit`+, the failures (or the 1s) re-rolled once as
   * `rerollHit` says (not automatic hits, nor hits none can score; a re-rolled 6 rends), then the
   * hits (less the 6s that wound automatically when `rending` and `autoWound`) to wound needing
   * `wound`+ (0: none can), the failures (or the 1s) re-rolled once as `reroll` says. Returns the
   * wounds; `blow` holds the rest.
   */
  blows(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit?: Reroll): number;
  /** what the last `blows` also gave: hits, automatic wounds, and (when recording) the faces of each roll */
  readonly blow: Blow;
  /** one die, read on a table */
  die(): number;
  /**
   * Saves one wound at a time against up to `n` wounds, each needing `need`+ (2..6), stopping
   * at the `room`-th failure (the models taking them are all dead): returns the failures;
   * `used` is how many dice were rolled (with `reroll` or `pain`, as `saves`: the wounds
   * suffered, stopping at the `room`-th; `used` is how many wounds were rolled for).
   */
  saveUntil(n: number, need: number, room: number, reroll?: number, pain?: number): number;
  /** the dice the last `saveUntil` rolled */
  used: number;
  /**
   * `n` hits' armour penetration rolls against a vehicle (vehicles.md V6): each `dice` D6, one
   * more D6 when `rending` and one of them shows a 6 (never more than one), plus `plus`, against
   * `armour`. Returns the penetrating hits (more); `glancing` holds the glancing ones (equal)
   * and, when recording, `pierceFaces` each hit's dice.
   */
  penetrate(n: number, dice: number, plus: number, armour: number, rending: boolean): number;
  /** what the last `penetrate` gave besides the penetrating hits */
  glancing: number;
  pierceFaces: number[][] | null;
  /**
   * One damage die for each of `glancing` and `penetrating` hits (V8), `shift` added to each
   * (open-topped: 1): the damage code of armour.ts (what they did, with the gun wrecked results
   * counted). `faces`: the glancing hits' dice first.
   */
  damage(glancing: number, penetrating: number, shift: number): number;
  /**
   * Only `exact`'s chance (exact/chance.ts): Final Blow's chain (waffle, ruling 19) as one call.
   * `n` blows as `blows`, then one more attack for each wound they roll, and so on, until a link
   * wounds nothing (or the chain's chance is negligible: it could go on without end). Returns
   * the wounds; `blow.autoWounds` holds the automatic wounds, `chained` the attacks after the
   * first link. `sim` and `fight` roll and log the chain link by link (engine/strike.ts).
   */
  chain?(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit?: Reroll): number;
  /** what the last `chain` made: the attacks after its first link (exact: their expectation given its outcome) */
  readonly chained?: number;
  /**
   * Only `exact`'s chance: it lists every outcome of an atom rather than rolling one, so the
   * engine may fight independent atoms in the order that merges most states (engine/strike.ts
   * `earlyCasualties`); `sim` and `fight` keep the procedure's order, die for die.
   */
  readonly enumerates?: boolean;
  /**
   * `k` hits, each on a model chosen at random, every one of the `counts[0] + ... + counts[n-1]`
   * models equally likely (waffle's sweeping advance, rules ruling 25): how many fall on each of
   * the `n` classes, written into `into[0..n)`. The models are numbered class by class, and the
   * number of each hit's model is read from dice (`spreadDigits`): with one class that has
   * models, it takes all the hits and no die is rolled.
   */
  spread(k: number, counts: ArrayLike<number>, n: number, into: number[]): void;
  /**
   * Only `exact`'s chance (exact/chance.ts): `k` sweep hits spread as `spread` spreads them over
   * the kinds of model whose living counts are `counts[0..n)`, each then rolled to wound needing
   * `wound[j]` (0: none can; the failures re-rolled when `reroll`) and saved needing `save[j]`
   * (7: no save), as one call: the unsaved wounds on each kind, into `into`, those from `room[j]`
   * on (enough to kill every model of the kind) counted as `room[j]`; `fx[j]` (when given) the
   * kind's save re-roll plus 4 times its Feel No Pain roll (as `saves` takes them: then the
   * wounds suffered). `sim` and `fight` roll the spread, then each kind's wounds, then its saves
   * (engine/sweep-hits.ts).
   */
  sweepUnsaved?(k: number, counts: ArrayLike<number>, n: number, wound: ArrayLike<number>, save: ArrayLike<number>, reroll: Reroll, room: ArrayLike<number>, into: number[], fx?: ArrayLike<number>): void;
}

/**
 * How a model is picked among `models` (Chance.spread): `m` dice read as the digits of a number
 * v below 6^m, first die first (a face f is the digit f - 1), for the least m with 6^m >= models
 * (returned); v is kept when below `spreadAccept` (the largest multiple of `models` up to 6^m),
 * else the dice are rolled again, and the model is v mod `models` (0: the first model of the
 * first class).
 */
export function spreadDigits(models: number): number {
  let m = 1;
  for (let span = 6; span < models; span *= 6) m++;
  return m;
}

/** The numbers v of `spreadDigits(models)` dice that are kept: those below this. */
export function spreadAccept(models: number, m: number): number {
  return models * Math.floor(6 ** m / models);
}

/** The class of model number `pick` (0-based, the models numbered class by class). */
export function classOf(counts: ArrayLike<number>, n: number, pick: number): number {
  let i = 0;
  for (let at = counts[0]!; pick >= at && i < n - 1; at += counts[++i]!);
  return i;
}

/**
 * `spread`'s setup, shared: `into` cleared, the models counted; -1 when one class (or none) has
 * models, and then it holds all `k` hits (with none, they are lost: `into` stays 0).
 */
export function spreadStart(k: number, counts: ArrayLike<number>, n: number, into: number[]): number {
  let models = 0;
  let classes = 0;
  let only = -1;
  for (let i = 0; i < n; i++) {
    into[i] = 0;
    const c = counts[i]!;
    if (c <= 0) continue;
    models += c;
    classes++;
    only = i;
  }
  if (classes > 1 && k > 0) return models;
  if (only >= 0) into[only] = k;
  return -1;
}

/** A save re-roll's reach (abilities.md B2): the 1s, or every failed save (0: none). */
export const SAVE_REROLL_ONES = 1;
export const SAVE_REROLL_FAILED = 2;

/**
 * The chance, in 216ths, that a wound is suffered: its save needing `need`+ (7 or more: none)
 * fails, re-rolled as `reroll` says (SAVE_REROLL_*: the new roll stands), and then its Feel No
 * Pain die needing `pain`+ (0: none) fails too. Whole numbers, so that equal chances compare
 * equal (the wound pools' order, the target a group chooses).
 */
export function suffered216(need: number, reroll: number, pain: number): number {
  const f = need >= 7 ? 6 : need - 1;
  const save = need >= 7 ? 36 : reroll === SAVE_REROLL_FAILED ? f * f : reroll === SAVE_REROLL_ONES ? 7 * f - 6 : 6 * f;
  return save * (pain > 0 ? pain - 1 : 6);
}

/** What `saves` and `saveUntil` rolled for re-rolls and Feel No Pain, one entry a wound, beside their save dice. */
export interface SaveFaces {
  /** the save's re-roll (0: not re-rolled) */
  again: number[];
  /** the Feel No Pain die (0: none rolled) */
  pain: number[];
}

/** What a group's blows gave besides the wounds (Chance.blows). */
export interface Blow {
  hits: number;
  autoWounds: number;
  hitFaces: number[] | null;
  woundFaces: number[] | null;
  rerollFaces: number[] | null;
  /** the to-hit dice re-rolled (abilities.md B2), when recording */
  hitRerollFaces: number[] | null;
}

/**
 * Sums, the highest of k dice, Leadership tests and single dice, rolled die by die from
 * `nextD6`, and blows rolled as a to-hit test and a to-wound test (both seeded chances).
 */
export abstract class DieByDie {
  faces: number[] | null = null;
  sixes = 0;
  readonly blow: Blow = { hits: 0, autoWounds: 0, hitFaces: null, woundFaces: null, rerollFaces: null, hitRerollFaces: null };
  abstract readonly recording: boolean;
  abstract test(n: number, need: number, sixes?: boolean): number;
  used = 0;
  saveFx: SaveFaces | null = null;

  saves(n: number, need: number, _lethal: number, reroll = 0, pain = 0): number {
    if (reroll !== 0 || pain !== 0) return this.savesFx(n, need, n, reroll, pain);
    this.saveFx = null;
    return n - this.test(n, need);
  }

  /**
   * Saves with a re-roll or Feel No Pain, in rolls that cannot pass the `room`-th wound
   * suffered: each roll as many wounds as may still be suffered, and in each, as a player rolls
   * them, the saves, then the failed ones re-rolled, then a Feel No Pain die for each still
   * failed. Returns the wounds suffered; `used` the wounds rolled for.
   */
  private savesFx(n: number, need: number, room: number, reroll: number, pain: number): number {
    const faces: number[] | null = this.recording ? [] : null;
    const fx: SaveFaces | null = this.recording ? { again: [], pain: [] } : null;
    // each wound of a roll: 0 saved, 1 failed, 2 failed and to be re-rolled
    const st = this.failing;
    let suffered = 0;
    let used = 0;
    while (used < n && suffered < room) {
      const k = Math.min(n - used, room - suffered);
      // written over, never emptied: an array emptied gives up its memory, and each push would allocate again
      for (let i = 0; i < k; i++) {
        let v = 1;
        if (need < 7) {
          this.count(1);
          const r = this.nextD6();
          faces?.push(r);
          v = r >= need ? 0 : reroll === SAVE_REROLL_FAILED || (reroll === SAVE_REROLL_ONES && r === 1) ? 2 : 1;
        }
        st[i] = v;
        fx?.again.push(0);
        fx?.pain.push(0);
      }
      // the re-rolls, in the order of the dice, the new roll standing
      for (let i = 0; i < k; i++) {
        if (st[i] !== 2) continue;
        this.count(1);
        const r = this.nextD6();
        if (fx) fx.again[used + i] = r;
        st[i] = r < need ? 1 : 0;
      }
      // then a Feel No Pain die for each wound still failed, in the order of the dice
      for (let i = 0; i < k; i++) {
        if (st[i] !== 1) continue;
        if (pain > 0) {
          this.count(1);
          const r = this.nextD6();
          if (fx) fx.pain[used + i] = r;
          if (r >= pain) continue;
        }
        suffered++;
      }
      used += k;
    }
    this.used = used;
    this.faces = faces;
    this.saveFx = fx;
    return suffered;
  }
  private readonly failing: number[] = [];

  /** in rolls that cannot pass the `room`-th failure: each as many dice as failures may still come */
  saveUntil(n: number, need: number, room: number, reroll = 0, pain = 0): number {
    if (reroll !== 0 || pain !== 0) return this.savesFx(n, need, room, reroll, pain);
    this.saveFx = null;
    let failed = 0;
    let used = 0;
    const all: number[] | null = this.recording ? [] : null;
    while (used < n && failed < room) {
      const k = Math.min(n - used, room - failed);
      const saved = this.test(k, need);
      if (all) all.push(...this.faces!);
      failed += k - saved;
      used += k;
    }
    this.used = used;
    this.faces = all;
    return failed;
  }

  blows(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit: Reroll = REROLL_NONE): number {
    const b = this.blow;
    b.hitRerollFaces = this.recording ? [] : null;
    if (hit === AUTO_HIT) {
      // every attack hits, no die rolled (waffle's A): no 6s to rend with
      b.hits = n;
      b.autoWounds = 0;
      b.hitFaces = this.recording ? [] : null;
    } else {
      b.hits = this.test(n, hit, rending);
      let sixes = this.sixes;
      b.hitFaces = this.faces;
      const again = rerollHit !== REROLL_NONE && hit >= 2 && hit <= 6 ? this.toReroll(n - b.hits, hit, rerollHit) : 0;
      if (again > 0) {
        // the failures (or the 1s) once more: the new roll stands, a 6 rends
        b.hits += this.test(again, hit, rending);
        sixes += this.sixes;
        b.hitRerollFaces = this.faces;
      }
      b.autoWounds = rending && autoWound ? sixes : 0;
    }
    const toRoll = b.hits - b.autoWounds;
    let wounds = this.test(toRoll, wound);
    b.woundFaces = this.faces;
    b.rerollFaces = this.recording ? [] : null;
    const again = reroll !== REROLL_NONE && wound > 0 ? this.toReroll(toRoll - wounds, wound, reroll) : 0;
    if (again > 0) {
      // the failures (or the 1s) are re-rolled once each
      wounds += this.test(again, wound);
      b.rerollFaces = this.faces;
    }
    return wounds;
  }

  /** Of `failed` dice of the last `test` (needing `need`) that failed, how many `reach` re-rolls. */
  protected toReroll(failed: number, need: number, reach: Reroll): number {
    return reach === REROLL_FAILED ? Math.max(0, failed) : this.ones(failed, need);
  }

  ones(failed: number, need: number): number {
    if (failed <= 0) return 0;
    return need <= 2 ? failed : this.onesAmong(failed, need);
  }

  /** Of the `failed` dice of the last `test` (needing `need`, 3 or more) that failed, how many show a 1. */
  protected abstract onesAmong(failed: number, need: number): number;
  /** the next die */
  protected abstract nextD6(): number;
  /** `k` more dice rolled */
  protected abstract count(k: number): void;

  sum(k: number): number {
    return this.roll(k, false);
  }

  second = 0;
  secondFaces: number[] | null = null;
  race(a: number, b: number): number {
    const first = this.sum(a);
    const faces = this.faces;
    this.second = this.sum(b);
    this.secondFaces = this.faces;
    this.faces = faces;
    return first;
  }

  highest(k: number): number {
    return this.roll(k, true);
  }

  private roll(k: number, highest: boolean): number {
    this.faces = this.recording ? [] : null;
    this.count(k);
    let acc = 0;
    for (let i = 0; i < k; i++) {
      const r = this.nextD6();
      this.faces?.push(r);
      acc = highest ? Math.max(acc, r) : acc + r;
    }
    return acc;
  }

  leadership(ld: number): boolean {
    return this.sum(2) <= ld;
  }

  die(): number {
    return this.sum(1);
  }

  glancing = 0;
  pierceFaces: number[][] | null = null;
  /** hit by hit, die by die: the hit's dice, then the rending die when one of them is a 6 */
  penetrate(n: number, dice: number, plus: number, armour: number, rending: boolean): number {
    const all: number[][] | null = this.recording ? [] : null;
    let glancing = 0;
    let penetrating = 0;
    for (let h = 0; h < n; h++) {
      const faces: number[] | null = all ? [] : null;
      this.count(dice);
      let sum = 0;
      let six = false;
      for (let d = 0; d < dice; d++) {
        const r = this.nextD6();
        faces?.push(r);
        sum += r;
        six ||= r === 6;
      }
      if (rending && six) {
        this.count(1);
        const r = this.nextD6();
        faces?.push(r);
        sum += r;
      }
      all?.push(faces!);
      const total = sum + plus;
      if (total > armour) penetrating++;
      else if (total === armour) glancing++;
    }
    this.glancing = glancing;
    this.pierceFaces = all;
    this.faces = all ? all.flat() : null;
    return penetrating;
  }

  damage(glancing: number, penetrating: number, shift: number): number {
    this.faces = this.recording ? [] : null;
    this.count(glancing + penetrating);
    let code = 0;
    for (let i = 0; i < glancing + penetrating; i++) {
      const r = this.nextD6();
      this.faces?.push(r);
      code = joinCodes(code, dieCode(r, i >= glancing, shift));
    }
    return code;
  }

  /** die by die, as a player rolls them: `spreadDigits`' m dice for each hit, again until they are kept */
  spread(k: number, counts: ArrayLike<number>, n: number, into: number[]): void {
    this.faces = this.recording ? [] : null;
    const models = spreadStart(k, counts, n, into);
    if (models < 0) return;
    const m = spreadDigits(models);
    const accept = spreadAccept(models, m);
    for (let h = 0; h < k; h++) {
      let v: number;
      do {
        v = 0;
        this.count(m);
        for (let j = 0; j < m; j++) {
          const r = this.nextD6();
          this.faces?.push(r);
          v = v * 6 + r - 1;
        }
      } while (v >= accept);
      into[classOf(counts, n, v % models)]!++;
    }
  }
}

/**
 * The chance over a per-die source: every call rolls its dice one by one, in order (dice
 * stream 1, and scripted dice in tests).
 */
export class DiceChance extends DieByDie implements Chance {
  constructor(readonly dice: Dice, readonly recording = false) {
    super();
  }

  protected nextD6(): number {
    return this.dice.d6();
  }

  protected count(): void {
    // the per-die source counts its own
  }

  get rolled(): number {
    return this.dice.rolled;
  }

  private begin(): void {
    this.faces = this.recording ? [] : null;
  }

  test(n: number, need: number, _sixes = false): number {
    this.begin();
    this.sixes = 0;
    this.lastOnes = 0;
    if (need <= 0) return 0;
    let hits = 0;
    for (let i = 0; i < n; i++) {
      const r = this.dice.d6();
      this.faces?.push(r);
      if (r >= need) {
        hits++;
        if (r === 6) this.sixes++;
      } else if (r === 1) this.lastOnes++;
    }
    return hits;
  }

  /** the 1s of the last `test` */
  private lastOnes = 0;
  protected onesAmong(): number {
    return this.lastOnes;
  }
}
