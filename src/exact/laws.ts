// The laws of the calls of `exact`'s chance (exact/chance.ts): each call's outcomes, the value
// each gives, with its probability, worked out once per kind and size of call.
import { MAX_DICE } from './budget.js';
import { suffered216 } from '../dice.js';

/**
 * One call's outcomes: the value each gives (and the 6s among successes), with its probability;
 * for a Final Blow chain, also the attacks after its first link and the dice it rolled, as their
 * expectations given the outcome; for a spread, the hits on each class.
 */
export interface Outcomes {
  values: number[];
  sixes: number[];
  p: number[];
  chained?: number[];
  dice?: number[];
  /** for a spread (`spreadOutcomes`): outcome i puts `parts[i * classes + j]` hits on class j */
  parts?: number[];
}

/**
 * Below this chance a point of a Final Blow chain (waffle, ruling 19), which could go on without
 * end, stops: the figures of the shipped scenarios differ by at most 4e-11 from the stop of each
 * path below it (its chance in the atom), as the chain was enumerated before it was one call.
 */
const NEGLIGIBLE = 1e-12;

/** What one attack of a group's blows is for `blows`: the law's parameters, its table's key (less the dice), and the dice it rolls on average. */
export interface BlowLaw {
  pToRoll: number;
  pWound: number;
  pAuto: number;
  key: number;
  dice: number;
}

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

export function testOutcomes(n: number, need: number, withSixes: boolean): Outcomes {
  const fail = (need - 1) / 6;
  const plain = (6 - need) / 6;
  const six = 1 / 6;
  const o: Outcomes = { values: [], sixes: [], p: [] };
  for (let s = 0; s <= n; s++) {
    if (!withSixes) {
      const p = choose(n, s) * (plain + six) ** s * fail ** (n - s);
      if (p > 0) {
        o.values.push(s);
        o.sixes.push(0);
        o.p.push(p);
      }
      continue;
    }
    for (let x = 0; x <= s; x++) {
      const p = choose(n, s) * choose(s, x) * plain ** (s - x) * six ** x * fail ** (n - s);
      if (p > 0) {
        o.values.push(s);
        o.sixes.push(x);
        o.p.push(p);
      }
    }
  }
  return o;
}

/**
 * The chance of f failures of n saves failing each with chance q, for f = 0..n: C(n,f) q^f
 * (1-q)^(n-f) as it reads up to MAX_DICE dice. Above, C(n,f) overflows a float: the terms go
 * from 1 at the mode outwards by the ratio of successive ones, and are divided by their sum.
 */
function binomialPmf(n: number, q: number): (f: number) => number {
  if (n <= MAX_DICE) return (f) => choose(n, f) * q ** f * (1 - q) ** (n - f);
  const mode = Math.min(n, Math.floor((n + 1) * q));
  const t = new Float64Array(n + 1);
  t[mode] = 1;
  for (let f = mode + 1; f <= n; f++) t[f] = t[f - 1]! * ((n - f + 1) / f) * (q / (1 - q));
  for (let f = mode - 1; f >= 0; f--) t[f] = t[f + 1]! * ((f + 1) / (n - f)) * ((1 - q) / q);
  let total = 0;
  for (let f = 0; f <= n; f++) total += t[f]!;
  return (f) => t[f]! / total;
}

/**
 * The chance that a wound is suffered (Chance.saves): its save needing `need`+ (7: none) fails,
 * re-rolled as `reroll` says (1: a 1, 2: any failure; the new roll stands), and then its Feel No
 * Pain die needing `pain`+ (0: none) fails too.
 */
export function sufferChance(need: number, reroll: number, pain: number): number {
  return suffered216(need, reroll, pain) / 216;
}

/** The chance that a save needing `need`+ (7: none) fails at the first roll. */
const saveFails = (need: number): number => (need >= 7 ? 1 : (need - 1) / 6);

/** The chance that a save needing `need`+ is rolled again (`reroll` as `sufferChance` reads it): a failure, or a 1. */
const saveAgain = (need: number, reroll: number): number => (need >= 7 ? 0 : reroll === 2 ? saveFails(need) : reroll === 1 ? 1 / 6 : 0);

/** The dice a wound's saving throws roll on average (Chance.saves): its save, the re-roll, the Feel No Pain die. */
export function saveDice(need: number, reroll: number, pain: number): number {
  const q = saveFails(need);
  const again = saveAgain(need, reroll);
  const failed = need >= 7 ? 1 : reroll === 2 ? q * q : reroll === 1 ? q - 1 / 6 + q / 6 : q;
  return (need >= 7 ? 0 : 1) + again + (pain > 0 ? failed : 0);
}

/**
 * The dice a wound's saving throws roll on average (Chance.saveUntil), given that it was
 * suffered (`[0]`) and given that it was not (`[1]`): its save, the re-roll, the Feel No Pain
 * die, as `sufferChance` reads them (0 where that cannot happen).
 */
export function saveDiceGiven(need: number, reroll: number, pain: number): [number, number] {
  const q = saveFails(need);
  const again = saveAgain(need, reroll);
  const first = need >= 7 ? 0 : 1;
  // (chance, dice) of the ways a wound reaches Feel No Pain (or is suffered with none), and of those it is saved
  const failedPlain = need >= 7 ? 1 : q - again;
  const failedAgain = again * q;
  const savedAgain = again * (1 - q);
  const savedFirst = need >= 7 ? 0 : 1 - q;
  const pFail = failedPlain + failedAgain;
  const diceFail = failedPlain * first + failedAgain * (first + 1);
  const ignore = pain > 0 ? (7 - pain) / 6 : 0;
  const extra = pain > 0 ? 1 : 0;
  const pS = pFail * (1 - ignore);
  const pN = savedFirst + savedAgain + pFail * ignore;
  const dS = pFail > 0 ? diceFail / pFail + extra : 0;
  const dN = savedFirst * first + savedAgain * (first + 1) + (pFail * ignore > 0 ? pFail * ignore * (diceFail / pFail + extra) : 0);
  return [pS > 0 ? dS : 0, pN > 0 ? dN / pN : 0];
}

/** Failures of n saves needing `need`+ (each failing with chance `q`), those from `lethal` on counted as `lethal`. */
export function savesOutcomes(n: number, need: number, lethal: number, q = (need - 1) / 6): Outcomes {
  const pmf = binomialPmf(n, q);
  const o: Outcomes = { values: [], sixes: [], p: [] };
  for (let f = 0; f <= n && f < lethal; f++) {
    const pr = pmf(f);
    if (pr > 0) o.values.push(f), o.sixes.push(0), o.p.push(pr);
  }
  if (lethal <= n) {
    // the tail summed term by term (not 1 minus the rest: no cancellation)
    let pr = 0;
    for (let f = lethal; f <= n; f++) pr += pmf(f);
    if (pr > 0) o.values.push(lethal), o.sixes.push(0), o.p.push(pr);
  }
  return o;
}

/**
 * Saves of up to n wounds needing `need`+, one at a time, stopping at the r-th failure: fewer
 * than r failures among all n dice (C(n,f) q^f p^(n-f)), or the r-th failure on die j, r <= j
 * <= n (C(j-1,r-1) q^r p^(j-r)); q is a failure's chance. Values are the failures, `sixes` the
 * dice used (with a re-roll or Feel No Pain, `q` is a wound's chance to be suffered and the
 * dice are the wounds rolled for).
 */
export function untilOutcomes(n: number, need: number, r: number, q = (need - 1) / 6): Outcomes {
  const p = 1 - q;
  const o: Outcomes = { values: [], sixes: [], p: [] };
  for (let f = 0; f <= Math.min(r - 1, n); f++) {
    const pr = choose(n, f) * q ** f * p ** (n - f);
    if (pr > 0) o.values.push(f), o.sixes.push(n), o.p.push(pr);
  }
  for (let j = r; j <= n; j++) {
    const pr = choose(j - 1, r - 1) * q ** r * p ** (j - r);
    if (pr > 0) o.values.push(r), o.sixes.push(j), o.p.push(pr);
  }
  return o;
}

/** The law of how many of `n` trials succeed, each with chance `p` (Binomial(n, p)). */
export function binomialOutcomes(n: number, p: number): Outcomes {
  const o: Outcomes = { values: [], sixes: [], p: [] };
  for (let k = 0; k <= n; k++) {
    const pk = choose(n, k) * p ** k * (1 - p) ** (n - k);
    if (pk > 0) {
      o.values.push(k);
      o.sixes.push(0);
      o.p.push(pk);
    }
  }
  return o;
}

/**
 * A group's blows as one law: each of n dice wounds (hits at `pToRoll` without an automatic
 * wound, then wounds at `pWound`, with its re-roll) or wounds automatically (a rending 6, at
 * `pAuto`) or does nothing; (wounds, automatic wounds) is multinomial.
 */
export function blowOutcomes(n: number, pToRoll: number, pWound: number, pAuto: number): Outcomes {
  const pW = pToRoll * pWound;
  const pRest = Math.max(0, 1 - pW - pAuto);
  const o: Outcomes = { values: [], sixes: [], p: [] };
  for (let w = 0; w <= n; w++) {
    for (let a = 0; a <= (pAuto > 0 ? n - w : 0); a++) {
      const p = choose(n, w) * choose(n - w, a) * pW ** w * pAuto ** a * pRest ** (n - w - a);
      if (p > 0) {
        o.values.push(w);
        o.sixes.push(a);
        o.p.push(p);
      }
    }
  }
  return o;
}

/** The law of the sum (or the highest) of k dice, by counting faces. */
export function diceOutcomes(k: number, highest: boolean): Outcomes {
  let dist = new Map<number, number>([[0, 1]]);
  for (let i = 0; i < k; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist) for (let f = 1; f <= 6; f++) {
      const w = highest ? Math.max(v, f) : v + f;
      next.set(w, (next.get(w) ?? 0) + p / 6);
    }
    dist = next;
  }
  const values = [...dist.keys()].sort((a, b) => a - b);
  return { values, sixes: values.map(() => 0), p: values.map((v) => dist.get(v)!) };
}

/** The law of the second sum less the first, `a` dice then `b` dice (Chance.race). */
export function raceOutcomes(a: number, b: number): Outcomes {
  const first = diceOutcomes(a, false);
  const second = diceOutcomes(b, false);
  const dist = new Map<number, number>();
  for (let i = 0; i < first.values.length; i++) {
    for (let j = 0; j < second.values.length; j++) {
      const d = second.values[j]! - first.values[i]!;
      dist.set(d, (dist.get(d) ?? 0) + first.p[i]! * second.p[j]!);
    }
  }
  const values = [...dist.keys()].sort((x, y) => x - y);
  return { values, sixes: values.map(() => 0), p: values.map((v) => dist.get(v)!) };
}

/**
 * The law of a Final Blow chain of `n` first attacks: a link of k attacks is `blows` of k
 * dice; its wounds (not its automatic ones) are the next link's attacks. A link that wounds
 * nothing ends the chain; so does reaching a point of the chain whose chance is below
 * NEGLIGIBLE (its attacks are not made). Points are (attacks due, wounds, automatic wounds)
 * and merged when equal, taken in order of the wounds (each link that goes on adds at least
 * one), so a chain costs its distinct points, not its paths. Outcomes are (wounds, automatic
 * wounds), with the expected attacks after the first link and dice given each; and the links it
 * took to work out (`table` gives the law of a link of k attacks).
 */
export function chainOutcomes(n: number, l: BlowLaw, table: (k: number) => Outcomes): { outcomes: Outcomes; links: number } {
  let links = 0;
  // by wounds so far: points (attacks due, automatic wounds) with their chance, and their
  // chance times the attacks after the first link and the dice so far
  const levels: Map<number, [number, number, number]>[] = [new Map([[n * 65536, [1, 0, 0]]])];
  const ends = new Map<number, [number, number, number]>();
  const add = (m: Map<number, [number, number, number]>, key: number, p: number, x: number, d: number) => {
    const a = m.get(key);
    if (a) a[0] += p, a[1] += x, a[2] += d;
    else m.set(key, [p, x, d]);
  };
  for (let w = 0; w < levels.length; w++) {
    const level = levels[w];
    if (!level) continue;
    for (const [at, [p, x0, d0]] of level) {
      const k = Math.floor(at / 65536);
      const a = at % 65536;
      if (p < NEGLIGIBLE) {
        add(ends, w * 65536 + a, p, x0, d0);
        continue;
      }
      // this link's attacks: after the first, Final Blow's
      const x = w > 0 ? x0 + p * k : x0;
      const d = d0 + p * k * l.dice;
      const t = table(k);
      links += t.values.length;
      for (let i = 0; i < t.values.length; i++) {
        const q = t.p[i]!;
        const got = t.values[i]!;
        const autos = a + t.sixes[i]!;
        if (got === 0) add(ends, w * 65536 + autos, p * q, x * q, d * q);
        else add((levels[w + got] ??= new Map()), got * 65536 + autos, p * q, x * q, d * q);
      }
    }
    levels[w] = undefined!;
  }
  const keys = [...ends.keys()].sort((a, b) => a - b);
  const o: Outcomes = { values: [], sixes: [], p: [], chained: [], dice: [] };
  for (const key of keys) {
    const [p, x, d] = ends.get(key)!;
    if (p <= 0) continue;
    o.values.push(Math.floor(key / 65536));
    o.sixes.push(key % 65536);
    o.p.push(p);
    o.chained!.push(x / p);
    o.dice!.push(d / p);
  }
  return { outcomes: o, links };
}

/** How many ways `k` hits can fall on `classes` classes: C(k + classes - 1, classes - 1). */
export function spreadWays(k: number, classes: number): number {
  return choose(k + classes - 1, classes - 1);
}

/**
 * `k` hits, each on one of the models of `counts.length` classes chosen at random, every model
 * as likely (Chance.spread): every way (x_0, ..., x_n-1) the hits can fall on the classes, with
 * its multinomial chance k! / (x_0! ... x_n-1!) q_0^x_0 ... q_n-1^x_n-1, q_j = counts[j] / the
 * models (worked out in logarithms, so that no factor overflows, and divided by their sum).
 * Each outcome's value is its number.
 */
export function spreadOutcomes(k: number, counts: readonly number[]): Outcomes {
  const n = counts.length;
  const models = counts.reduce((a, b) => a + b, 0);
  const lnFact = [0];
  for (let i = 1; i <= k; i++) lnFact.push(lnFact[i - 1]! + Math.log(i));
  const lnQ = counts.map((c) => Math.log(c / models));
  const o: Outcomes = { values: [], sixes: [], p: [], parts: [] };
  const x = new Array<number>(n).fill(0);
  let total = 0;
  // every composition of k into n parts, the first class's share from k down
  const walk = (j: number, left: number, ln: number): void => {
    if (j === n - 1) {
      x[j] = left;
      const p = Math.exp(ln - lnFact[left]! + left * lnQ[j]!);
      o.values.push(o.values.length);
      o.sixes.push(0);
      o.p.push(p);
      o.parts!.push(...x);
      total += p;
      return;
    }
    for (let h = left; h >= 0; h--) {
      x[j] = h;
      walk(j + 1, left - h, ln - lnFact[h]! + h * lnQ[j]!);
    }
  };
  walk(0, k, lnFact[k]!);
  for (let i = 0; i < o.p.length; i++) o.p[i]! /= total;
  return o;
}

/**
 * A sweep's `k` hits as one law (Chance.sweepUnsaved): each hit is, independently, an unsaved
 * wound on kind j with chance `c[j]`, or nothing; how many are unsaved on each kind, those from
 * `room[j]` on counted as `room[j]`. Worked out kind by kind: of the r hits not yet placed, the
 * number on kind j is binomial(r, c[j] / the chance left), whatever fell before; so the points
 * are (the counts so far, as far as they are read, and r), merged when equal. Each outcome's
 * value is its number; `parts` holds its counts.
 */
export function sweepOutcomes(k: number, c: readonly number[], room: readonly number[]): Outcomes {
  const n = c.length;
  const lnFact = [0];
  for (let i = 1; i <= k; i++) lnFact.push(lnFact[i - 1]! + Math.log(i));
  // by (counts so far in mixed radix room + 1) * (k + 1) + hits left
  let layer = new Map<number, number>([[k, 1]]);
  let radix = 1;
  let left = 1;
  for (let j = 0; j < n; j++) {
    const t = left > 0 ? Math.min(1, c[j]! / left) : 1;
    const lnT = Math.log(t);
    const lnNot = Math.log(1 - t);
    const next = new Map<number, number>();
    for (const [key, p] of layer) {
      const r = key % (k + 1);
      const code = (key - r) / (k + 1);
      for (let u = 0; u <= r; u++) {
        const ln = lnFact[r]! - lnFact[u]! - lnFact[r - u]! + (u > 0 ? u * lnT : 0) + (r - u > 0 ? (r - u) * lnNot : 0);
        const q = p * Math.exp(ln);
        if (!(q > 0)) continue;
        const at = (code + Math.min(u, room[j]!) * radix) * (k + 1) + (r - u);
        next.set(at, (next.get(at) ?? 0) + q);
      }
    }
    radix *= room[j]! + 1;
    left -= c[j]!;
    layer = next;
  }
  const byCode = new Map<number, number>();
  for (const [key, p] of layer) {
    const code = Math.floor(key / (k + 1));
    byCode.set(code, (byCode.get(code) ?? 0) + p);
  }
  const o: Outcomes = { values: [], sixes: [], p: [], parts: [] };
  let total = 0;
  for (const code of [...byCode.keys()].sort((a, b) => a - b)) {
    let rest = code;
    for (let j = 0; j < n; j++) {
      o.parts!.push(rest % (room[j]! + 1));
      rest = Math.floor(rest / (room[j]! + 1));
    }
    o.values.push(o.values.length);
    o.sixes.push(0);
    o.p.push(byCode.get(code)!);
    total += byCode.get(code)!;
  }
  for (let i = 0; i < o.p.length; i++) o.p[i]! /= total;
  return o;
}
