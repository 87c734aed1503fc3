// The outcome-code table (src/report/codes.ts) against a Map: codes across the whole range below
// 2^53, many sharing their low 32 bits or their high bits, through several growths.
import { describe, expect, it } from 'vitest';
import { CodeTable } from '../src/report/codes.js';

describe('CodeTable', () => {
  it('keeps the number of every code, as a Map does, through growth', () => {
    // a code is given as its low and high 32 bits
    const table = new CodeTable();
    const t = { get: (c: number) => table.get(c | 0, (c / 2 ** 32) | 0), set: (c: number, v: number) => table.set(c | 0, (c / 2 ** 32) | 0, v) };
    const m = new Map<number, number>();
    let x = 12345;
    const rnd = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0);
    const codes: number[] = [0, 1, 2 ** 32, 2 ** 32 + 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1];
    for (let i = 0; i < 3000; i++) codes.push(rnd(), rnd() * 2 ** 21 + (i % 7), (i % 5) * 2 ** 32 + 17, i * 2 ** 40);
    for (const c of codes) {
      if (m.has(c)) continue;
      expect(t.get(c)).toBe(-1);
      t.set(c, m.size);
      m.set(c, m.size);
    }
    for (const [c, v] of m) expect(t.get(c)).toBe(v);
    for (let i = 0; i < 1000; i++) {
      const c = rnd() * 2 ** 20 + 3;
      if (!m.has(c)) expect(t.get(c)).toBe(-1);
    }
    expect(m.size).toBeGreaterThan(9000);
  });
});
