// The table of saved states (src/report/state-table.ts) against a Map keyed by the states' text:
// states of many lengths, fractions (which the hash truncates), negatives and -0, through many
// growths of each of its arrays.
import { describe, expect, it } from 'vitest';
import { hashOf, StateTable } from '../src/report/state-table.js';

describe('StateTable', { timeout: 60_000 }, () => {
  it('numbers equal states once, in the order they were first added, and keeps each as added', () => {
    const t = new StateTable();
    const ids = new Map<string, number>();
    const kept: number[][] = [];
    let x = 99;
    const rnd = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const buf: number[] = [];
    for (let i = 0; i < 40_000; i++) {
      // few values and lengths, so that most states come back
      const n = 1 + rnd(12);
      for (let k = 0; k < n; k++) buf[k] = [0, 1, 2, -1, 0.5, 1.5, 3][rnd(7)]!;
      const key = buf.slice(0, n).join(',');
      const id = t.add(buf, n);
      const known = ids.get(key);
      if (known === undefined) {
        expect(t.added).toBe(true);
        expect(id).toBe(ids.size);
        ids.set(key, id);
        kept.push(buf.slice(0, n));
      } else {
        expect(t.added).toBe(false);
        expect(id).toBe(known);
      }
    }
    expect(t.size).toBe(ids.size);
    expect(ids.size).toBeGreaterThan(10_000);
    for (let id = 0; id < kept.length; id++) expect(Array.from(t.view(id))).toEqual(kept[id]);
  });

  it('keeps states of integers across several arrays, and one longer than an array', () => {
    const t = new StateTable();
    const kept: number[][] = [];
    const add = (d: number[]) => {
      expect(t.add(d, d.length)).toBe(kept.length);
      expect(t.added).toBe(true);
      kept.push(d);
    };
    for (let i = 0; i < 60_000; i++) add([i, -i || 0, i % 7, 2 ** 31 - 1 - i, -(2 ** 31) + i, i >> 3, 1, 2, 3, 4]);
    add(Array.from({ length: 300_000 }, (_, k) => k));
    for (let i = 0; i < 100; i++) add([i, 0.25]);
    for (let id = 0; id < kept.length; id += 997) expect(Array.from(t.view(id))).toEqual(kept[id]);
    for (let id = 0; id < kept.length; id += 991) expect(t.add(kept[id]!, kept[id]!.length)).toBe(id);
    expect(Array.from(t.view(60_000)).slice(-2)).toEqual([299_998, 299_999]);
  });

  it('tells apart states of one hash, and takes -0 for 0', () => {
    const t = new StateTable();
    expect(hashOf([0.5, 2], 2)).toBe(hashOf([0, 2], 2));
    const a = t.add([0, 2], 2);
    const b = t.add([0.5, 2], 2);
    expect(b).not.toBe(a);
    expect(t.add([-0, 2], 2)).toBe(a);
    expect(t.add([0.5, 2, 9], 2)).toBe(b);
    expect(t.add([0.5, 2, 9], 3)).toBe(2);
  });
});
