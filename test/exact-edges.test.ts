// Exact figures carry the rounding of their sums: a share that is exactly a half must still be a
// half to the percentiles and to a check's range; and epic's distances after a move are compared
// with the 15 cm support range exactly, to a billionth of a cm.
import { describe, expect, it } from 'vitest';
import { IntHistogram } from '../src/report/stats.js';
import { loadScenario } from '../src/io/load.js';
import { exact } from '../src/exact/exact.js';
import { tempFiles } from './helpers.js';

describe('exact shares at a percentile boundary', () => {
  it('a value holding exactly half the probability is the median, though its parts sum to a little under a half', () => {
    // each value has a half of the probability, in three parts worked out in floating point: the
    // parts of 0 sum to 0.49999999999999994, the whole to 1
    const h = new IntHistogram(2);
    for (const w of [0.15, 0.2, 0.5 - 0.15 - 0.2]) h.add(0, w);
    for (const w of [0.1, 0.1, 0.5 - 0.1 - 0.1]) h.add(1, w);
    expect(h.counts[0]).toBeLessThan(0.5);
    expect(h.counts[0]! < h.n / 2).toBe(true);
    expect(h.percentile(0.5)).toBe(0);
    expect(h.percentile(0.5000001)).toBe(1);
  });
  it('run counts (whole numbers) are unchanged: 1 of 4 runs at 0 is the 25th percentile, not the 26th', () => {
    const h = new IntHistogram(3);
    for (const v of [0, 1, 2, 3]) h.add(v);
    expect(h.percentile(0.25)).toBe(0);
    expect(h.percentile(0.26)).toBe(1);
  });
});

const epicSide = (name: string, groups: string) => `  units:\n    - name: ${name}\n      models:\n${groups}`;
const group = (name: string, count: number, speed: string, distance?: number) =>
  `        - { name: ${name}, count: ${count}, profile: { speed: "${speed}", assault: 3, firepower: 1, armour: 5 }${distance !== undefined ? `, distance: ${distance}` : ''} }\n`;

describe('epic support range, to a billionth of a cm (rules/epic.md E6)', () => {
  const supporting = async (speed: string, distance: number) => {
    const files = tempFiles('epic-support');
    const file = files.write('s.yaml', `rules: epic\nrounds: 1\nattacker:\n${epicSide('A', group('In', 1, '10/20', 1) + group('Edge', 3, speed, distance))}defender:\n${epicSide('D', group('D', 3, '10'))}`);
    const r = await exact(loadScenario(file));
    return (r.charge as unknown as { supporting: { attacker: { mean: number } } }).supporting.attacker.mean;
  };
  it('a unit ending at exactly 15 cm supports (25.1 - 10.1 in floating point is 15.000000000000002)', async () => {
    expect(await supporting('10.1', 25.1)).toBeCloseTo(3, 9);
  });
  it('a unit ending 0.0000004 cm beyond 15 cm does not', async () => {
    expect(await supporting('10', 25.0000004)).toBeCloseTo(0, 9);
  });
});
