import { describe, expect, it } from 'vitest';
import { grouped } from '../src/report/numbers.js';

describe('grouped: thousands as toLocaleString("en") groups them', () => {
  it('agrees with toLocaleString on whole numbers of every length and sign', () => {
    for (const n of [0, 7, 42, 999, 1000, 12345, 100000, 999999, 1000000, 3000000, 1234567890, Number.MAX_SAFE_INTEGER, -1, -1000, -987654]) {
      expect(grouped(n), String(n)).toBe(n.toLocaleString('en'));
    }
  });
});
