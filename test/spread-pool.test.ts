// The distributions `exact` carries beside the later phases' states (exact/beside.ts `Spreads`,
// in the regions of one `SpreadPool`) against plain arrays kept beside them in the test: slots
// put, moved (shifted, scaled), exchanged and cleared, over enough slots that the pool takes
// several of its arrays and moves regions that outgrow theirs.
import { describe, expect, it } from 'vitest';
import { SpreadPool, Spreads } from '../src/exact/beside.js';

describe('Spreads in a SpreadPool, against plain arrays', () => {
  it('the same probabilities after puts, moves, exchanges and clears', { timeout: 60_000 }, () => {
    const K = 3;
    const pool = new SpreadPool();
    const a = new Spreads(K, pool);
    const b = new Spreads(K, pool);
    // the plain model: by Spreads, slot and figure, an array of probabilities by excess
    const model = [new Map<string, number[]>(), new Map<string, number[]>()];
    const cell = (m: number, s: number, k: number) => {
      const key = `${s}/${k}`;
      if (!model[m]!.has(key)) model[m]!.set(key, []);
      return model[m]!.get(key)!;
    };
    let seed = 12345;
    const rnd = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const SLOTS = 20_000;
    const shift = new Int32Array(K);
    for (let step = 0; step < 80_000; step++) {
      const op = rnd(10);
      const s = rnd(SLOTS);
      for (let k = 0; k < K; k++) shift[k] = rnd(step < 40_000 ? 4 : 40);
      if (op < 4) {
        const q = (rnd(1000) + 1) / 1000;
        a.put(s, shift, 0, q);
        for (let k = 0; k < K; k++) {
          const c = cell(0, s, k);
          c[shift[k]!] = (c[shift[k]!] ?? 0) + q;
        }
      } else if (op < 8) {
        const t = rnd(SLOTS);
        const w = (rnd(1000) + 1) / 1000;
        b.addFrom(t, a, s, shift, 0, w);
        for (let k = 0; k < K; k++) {
          const src = cell(0, s, k);
          const dst = cell(1, t, k);
          src.forEach((v, x) => {
            if (v !== undefined) dst[x + shift[k]!] = (dst[x + shift[k]!] ?? 0) + w * v;
          });
        }
      } else if (op < 9) {
        const t = rnd(SLOTS);
        a.swap(s, b, t);
        for (let k = 0; k < K; k++) {
          const x = cell(0, s, k).slice();
          model[0]!.set(`${s}/${k}`, cell(1, t, k).slice());
          model[1]!.set(`${t}/${k}`, x);
        }
      } else {
        b.clear(s);
        for (let k = 0; k < K; k++) model[1]!.set(`${s}/${k}`, []);
      }
    }
    expect(pool.chunks.length).toBeGreaterThan(1);
    // every figure compared, the first few that differ named (one expect per figure cost most of the test)
    const wrong: string[] = [];
    let compared = 0;
    for (const [m, sp] of [[0, a], [1, b]] as const) {
      for (const [key, want] of model[m]!) {
        const [s, k] = key.split('/').map(Number) as [number, number];
        for (let x = 0; x < Math.max(want.length, sp.to(s, k)); x++) {
          const w = want[x] ?? 0;
          const got = sp.get(s, k, x);
          compared++;
          if (!(Math.abs(got - w) <= 1e-9 * Math.max(1, w)) && wrong.length < 10) wrong.push(`${m} ${key} at ${x}: ${got}, want ${w}`);
        }
        const first = want.findIndex((v) => v !== undefined && v !== 0);
        if (first >= 0 && !(sp.from(s, k) <= first) && wrong.length < 10) wrong.push(`${m} ${key} starts at ${sp.from(s, k)}, past ${first}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(compared).toBeGreaterThan(SLOTS);
  });
});
