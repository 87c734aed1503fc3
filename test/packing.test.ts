// The packing of the states `exact` keeps (src/exact/packing.ts): every state comes back as it
// was saved, equal states pack equal and unequal ones unequal, whatever their numbers (bytes,
// larger numbers, fractions, negatives, -0) and lengths.
import { describe, expect, it } from 'vitest';
import { Packer, unpack } from '../src/exact/packing.js';

describe('Packer', { timeout: 60_000 }, () => {
  it('gives back every state, packs equal states alike and unequal ones apart', () => {
    const p = new Packer();
    let x = 7;
    const rnd = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) >>> 8) % n;
    const values = [0, 1, -1, 2, 127, -128, 128, -129, 5, 60, 300, -70000, 2 ** 31 - 1, 0.5, -0];
    const seen = new Map<string, string>();
    const into: number[] = [];
    for (let t = 0; t < 20_000; t++) {
      const n = rnd(14);
      // mostly bytes, as the states are
      const d = Array.from({ length: n }, () => (rnd(10) === 0 ? values[rnd(values.length)]! : rnd(9) - 1));
      const m = p.pack(d, n);
      const packed = Array.from(p.out.subarray(0, m));
      const back = unpack(Float64Array.from(packed), 0, m, into);
      expect(back).toBe(n);
      // -0 is 0 to the table (it compares with ===), kept or not
      const zero = (v: number) => (Object.is(v, -0) ? 0 : v);
      expect(into.slice(0, n).map(zero)).toEqual(d.map(zero));
      // a state of bytes takes a quarter of the numbers
      if (d.every((v) => Number.isInteger(v) && v >= -128 && v <= 127)) expect(m).toBe(1 + Math.ceil(n / 4));
      const key = d.map((v) => (Object.is(v, -0) ? 0 : v)).join(',');
      const was = seen.get(packed.join(','));
      if (was !== undefined) expect(was).toBe(key);
      seen.set(packed.join(','), key);
    }
    expect(seen.size).toBeGreaterThan(5_000);
  });

  it('reads a state from the middle of an array of integers, as the table holds them', () => {
    const p = new Packer();
    const d = [3, -1, 0, 4, 9, -128, 127];
    const m = p.pack(d, d.length);
    const held = new Int32Array(m + 5);
    held.set(p.out.subarray(0, m), 2);
    const into: number[] = [];
    expect(unpack(held, 2, 2 + m, into)).toBe(7);
    expect(into.slice(0, 7)).toEqual(d);
  });
});
