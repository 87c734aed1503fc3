// Dice stream 2 (src/counts.ts): n dice needing X+ drawn as counts must follow the exact law of
// n real dice; the faces a logged fight shows must agree with the counts and be distributed as
// real dice; run k of a seed is the same whatever else was drawn, logged or not. Frequencies are
// checked against probabilities computed here, within 4 standard errors.
import { describe, expect, it } from 'vitest';
import { CountChance, outcomeAt, table } from '../src/counts.js';
import { spreadLaw } from './helpers.js';

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}
const binomial = (n: number, p: number, s: number) => choose(n, s) * p ** s * (1 - p) ** (n - s);
const within = (seen: number, p: number, draws: number) => Math.abs(seen / draws - p) <= 4 * Math.sqrt((p * (1 - p)) / draws) + 1 / draws;

describe('dice stream 2: counts with the law of real dice', () => {
  const draws = 20_000;
  for (const [n, need] of [[1, 4], [3, 2], [7, 5], [20, 4], [23, 3], [45, 6], [12, 1]] as const) {
    it(`${n} dice needing ${need}+: successes binomial(n, ${7 - need}/6), 6s among them binomial(successes, 1/${7 - need}), asked or not`, () => {
      const chance = new CountChance(`law-${n}-${need}`);
      const hist = new Array<number>(n + 1).fill(0);
      const alone = new Array<number>(n + 1).fill(0);
      let sixes = 0;
      let successes = 0;
      for (let k = 0; k < draws; k++) {
        alone[chance.test(n, need)]!++;
        expect(chance.sixes).toBe(0);
        const s = chance.test(n, need, true);
        hist[s]!++;
        successes += s;
        sixes += chance.sixes;
        expect(chance.sixes).toBeLessThanOrEqual(s);
      }
      const p = (7 - need) / 6;
      for (const h of [hist, alone]) {
        const bad = h.map((seen, s) => (within(seen, binomial(n, p, s), draws) ? null : `${s}: ${seen / draws} vs ${binomial(n, p, s)}`)).filter((x) => x);
        expect(bad).toEqual([]);
      }
      // a success is a 6 with chance 1/(7-need), independently
      const q = 1 / (7 - need);
      expect(Math.abs(sixes / successes - q)).toBeLessThanOrEqual(4 * Math.sqrt((q * (1 - q)) / successes) + 1e-9);
      expect(chance.rolled).toBe(2 * n * draws);
    });
  }
  it('the joint law of 3 dice at 4+ is that of the 216 faces, cell by cell', () => {
    const want = new Map<string, number>();
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) {
      const f = [a, b, c];
      const key = `${f.filter((x) => x >= 4).length}/${f.filter((x) => x === 6).length}`;
      want.set(key, (want.get(key) ?? 0) + 1 / 216);
    }
    const chance = new CountChance('joint');
    const seen = new Map<string, number>();
    for (let k = 0; k < draws; k++) {
      const s = chance.test(3, 4, true);
      const key = `${s}/${chance.sixes}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen.keys()].every((k) => want.has(k))).toBe(true);
    for (const [key, p] of want) expect(within(seen.get(key) ?? 0, p, draws), key).toBe(true);
  });
  it('no dice for an impossible roll (need 0); sums and Leadership tests roll die by die', () => {
    const chance = new CountChance('s');
    expect(chance.test(10, 0)).toBe(0);
    expect(chance.rolled).toBe(0);
    let twelve = 0;
    for (let k = 0; k < draws; k++) if (chance.sum(2) === 12) twelve++;
    expect(within(twelve, 1 / 36, draws)).toBe(true);
    expect(chance.rolled).toBe(2 * draws);
  });
});

describe('dice stream 2: faces for the log', () => {
  it('the faces agree with the counts: as many at or above the need as successes, as many 6s as sixes', () => {
    const chance = new CountChance('faces', true);
    for (let k = 0; k < 2000; k++) {
      const n = 1 + (k % 30);
      const need = 2 + (k % 5);
      const s = chance.test(n, need, true);
      const faces = chance.faces!;
      expect(faces).toHaveLength(n);
      expect(faces.filter((f) => f >= need)).toHaveLength(s);
      expect(faces.filter((f) => f === 6)).toHaveLength(chance.sixes);
      const t = chance.test(n, need);
      expect(chance.faces!.filter((f) => f >= need)).toHaveLength(t);
      expect(faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)).toBe(true);
    }
  });
  it('each face shown, in each position, comes up one time in six', () => {
    const chance = new CountChance('uniform faces', true);
    const counts = [0, 0, 0, 0, 0, 0];
    const first = [0, 0, 0, 0, 0, 0];
    const calls = 5000;
    for (let k = 0; k < calls; k++) {
      chance.test(8, 3 + (k % 4), k % 2 === 0);
      chance.faces!.forEach((f) => counts[f - 1]!++);
      first[chance.faces![0]! - 1]!++;
    }
    for (let f = 0; f < 6; f++) {
      expect(within(counts[f]!, 1 / 6, calls * 8), `face ${f + 1}`).toBe(true);
      expect(within(first[f]!, 1 / 6, calls), `first face ${f + 1}`).toBe(true);
    }
  });
});

describe('dice stream 2: runs', () => {
  const trace = (c: CountChance) => [c.test(12, 4, true), c.sixes, c.test(25, 3), c.sum(2), c.test(5, 6)];
  it('run k is the same in any order and whether or not the faces are kept', () => {
    const sim = new CountChance('runs');
    const logged = new CountChance('runs', true);
    const first = [1, 2, 3, 1000, 2 ** 40, 2 ** 53 - 1].map((k) => trace(sim.start(k)));
    const again = [2 ** 53 - 1, 2 ** 40, 1000, 3, 2, 1].map((k) => trace(logged.start(k))).reverse();
    expect(again).toEqual(first);
  });
  it('different runs and seeds give different dice', () => {
    const a = new CountChance('runs');
    const seen = new Set<string>();
    for (let k = 1; k <= 200; k++) seen.add(JSON.stringify(trace(a.start(k))));
    for (const seed of ['runs2', '', 'Runs']) seen.add(JSON.stringify(trace(new CountChance(seed).start(1))));
    expect(seen.size).toBeGreaterThan(195);
  });
});

describe('dice stream 2: hits spread at random over the models (Chance.spread)', () => {
  const draws = 20_000;
  // 6 models (one die a hit), 7 (two dice), a class with none, 40 models (three dice)
  for (const [k, counts] of [[3, [2, 1, 3]], [4, [5, 2]], [2, [1, 0, 4, 2]], [2, [30, 9, 1]]] as const) {
    it(`${k} hits over classes of ${counts.join(', ')} models: the hits on each class as every sequence of models hit makes them`, () => {
      const chance = new CountChance(`spread-${counts.join('-')}`);
      const into: number[] = [];
      const seen = new Map<string, number>();
      for (let d = 0; d < draws; d++) {
        chance.spread(k, counts, counts.length, into);
        const key = into.slice(0, counts.length).join(',');
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      const law = spreadLaw(k, [...counts]);
      expect([...seen.keys()].filter((key) => !law.has(key))).toEqual([]);
      const bad = [...law].filter(([key, p]) => !within(seen.get(key) ?? 0, p, draws)).map(([key, p]) => `${key}: ${(seen.get(key) ?? 0) / draws} vs ${p}`);
      expect(bad).toEqual([]);
      // m dice a hit: the least m with 6^m at least the models
      const models = counts.reduce((a, b) => a + b, 0);
      expect(chance.rolled).toBe(draws * k * (models <= 6 ? 1 : models <= 36 ? 2 : 3));
    });
  }
  it('one class with models takes every hit: no die, no draw (the dice after it are the same)', () => {
    const a = new CountChance('one class');
    const b = new CountChance('one class');
    const into = [9, 9, 9];
    a.spread(5, [0, 4, 0], 3, into);
    expect(into).toEqual([0, 5, 0]);
    expect(a.rolled).toBe(0);
    expect(a.test(10, 4)).toBe(b.test(10, 4));
  });
  it('the faces shown read as the models hit: m dice a hit, the number they make kept, its remainder the model', () => {
    const chance = new CountChance('spread faces', true);
    const into: number[] = [];
    for (let d = 0; d < 3000; d++) {
      const counts = [1 + (d % 4), 1 + (d % 7), 2 + (d % 13)];
      const models = counts[0]! + counts[1]! + counts[2]!;
      const m = models <= 6 ? 1 : 2;
      const k = 1 + (d % 5);
      chance.spread(k, counts, 3, into);
      const faces = chance.faces!;
      expect(faces).toHaveLength(k * m);
      expect(faces.every((f) => Number.isInteger(f) && f >= 1 && f <= 6)).toBe(true);
      const read = [0, 0, 0];
      for (let h = 0; h < k; h++) {
        let v = 0;
        for (let j = 0; j < m; j++) v = v * 6 + faces[h * m + j]! - 1;
        expect(v).toBeLessThan(models * Math.floor(6 ** m / models));
        const pick = v % models;
        read[pick < counts[0]! ? 0 : pick < counts[0]! + counts[1]! ? 1 : 2]!++;
      }
      expect(read).toEqual(into.slice(0, 3));
    }
  });
  it('as a player\'s kept rolls: for 7 models, two dice make each number below 35 one time in 35', () => {
    const chance = new CountChance('spread kept', true);
    const into: number[] = [];
    const seen = new Array<number>(36).fill(0);
    for (let d = 0; d < draws; d++) {
      chance.spread(1, [3, 4], 2, into);
      const [a, b] = chance.faces!;
      seen[(a! - 1) * 6 + b! - 1]!++;
    }
    expect(seen[35]).toBe(0);
    for (let v = 0; v < 35; v++) expect(within(seen[v]!, 1 / 35, draws), `${v}`).toBe(true);
  });
  it('a logged chance spreads as the unlogged one, run for run, and the dice after it are the same', () => {
    const trace = (c: CountChance) => {
      const into: number[] = [];
      c.spread(7, [3, 2, 5], 3, into);
      return [...into, c.test(6, 4), c.sum(2)];
    };
    const sim = new CountChance('spread runs');
    const logged = new CountChance('spread runs', true);
    for (const k of [1, 2, 77, 5000]) expect(trace(logged.start(k)), `run ${k}`).toEqual(trace(sim.start(k)));
  });
});

describe('dice stream 2: the guide table finds the outcome a binary search finds', () => {
  // every table the engine can draw from (1 to 20 dice at once, every need, alone or with the
  // 6s), at every draw where the outcome or the bucket changes, and the draws beside them
  it('for every table and every boundary draw', () => {
    let checked = 0;
    for (let m = 1; m <= 20; m++) for (let need = 1; need <= 6; need++) for (const joint of [false, true]) {
      const t = table(m, need, joint);
      const search = (u: number) => {
        let i = 0;
        while (t.cum[i]! <= u) i++;
        return i;
      };
      const draws = new Set<number>([0, t.limit - 1]);
      for (const c of t.cum) for (const d of [-1, 0, 1]) draws.add(c + d);
      for (let j = 1; j < 256; j++) {
        const edge = Math.round((j * t.limit) / 256);
        for (let d = -2; d <= 2; d++) draws.add(edge + d);
      }
      const bad: string[] = [];
      for (const u of draws) {
        if (u < 0 || u >= t.limit) continue;
        checked++;
        if (outcomeAt(t, u) !== search(u)) bad.push(`${m}@${need}+${joint ? ' joint' : ''} u=${u}`);
      }
      expect(bad).toEqual([]);
    }
    expect(checked).toBeGreaterThan(200_000);
  });
});
