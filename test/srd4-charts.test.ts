// srd4: every cell of the to-hit and to-wound charts, as printed in document 002.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chartLookup } from '../src/engine/ruleset.js';
import { srd4 } from '../src/editions/srd4/index.js';

// Typed from 002, Close Combat steps 4 and 5 ('-' written as 0).
const HIT = `
4 4 5 5 5 5 5 5 5 5
3 4 4 4 5 5 5 5 5 5
3 3 4 4 4 4 5 5 5 5
3 3 3 4 4 4 4 4 5 5
3 3 3 3 4 4 4 4 4 4
3 3 3 3 3 4 4 4 4 4
3 3 3 3 3 3 4 4 4 4
3 3 3 3 3 3 3 4 4 4
3 3 3 3 3 3 3 3 4 4
3 3 3 3 3 3 3 3 3 4`;
const WOUND = `
4 5 6 6 0 0 0 0 0 0
3 4 5 6 6 0 0 0 0 0
2 3 4 5 6 6 0 0 0 0
2 2 3 4 5 6 6 0 0 0
2 2 2 3 4 5 6 6 0 0
2 2 2 2 3 4 5 6 6 0
2 2 2 2 2 3 4 5 6 6
2 2 2 2 2 2 3 4 5 6
2 2 2 2 2 2 2 3 4 5
2 2 2 2 2 2 2 2 3 4`;
const grid = (s: string) => s.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));

/** The chart rows as they stand in the rule document itself: the 10 lines after `heading`. */
function fromDocument(heading: string): number[][] | null {
  const file = new URL('../../shared/rules/002_ac0b1f17e761e0b5.txt', import.meta.url);
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes(heading) && /\t1\t/.test(l));
  return lines.slice(at, at + 10).map((l) => l.split('\t').slice(-10).map((c) => (c.trim() === '-' ? 0 : Number.parseInt(c, 10))));
}

describe('srd4 charts', () => {
  const hit = grid(HIT);
  const wound = grid(WOUND);
  for (let a = 1; a <= 10; a++) {
    it(`srd4 to hit: WS${a} against WS1-10`, () => {
      for (let d = 1; d <= 10; d++) expect(chartLookup(srd4.toHit, a, d), `WS${a} vs WS${d}`).toBe(hit[a - 1]![d - 1]);
    });
    it(`srd4 to wound: S${a} against T1-10`, () => {
      for (let t = 1; t <= 10; t++) expect(chartLookup(srd4.toWound, a, t), `S${a} vs T${t}`).toBe(wound[a - 1]![t - 1]);
    });
  }
  it('srd4 charts match the document text when it is beside the repo', () => {
    const docHit = fromDocument("Attacker's Weapon Skill");
    const docWound = fromDocument("Attacker's Strength");
    if (docHit) expect(docHit).toEqual(hit);
    if (docWound) expect(docWound).toEqual(wound);
    expect(hit.length * wound.length).toBe(100);
  });
  it('srd4 charts: above 10 reads as 10; a characteristic of 0 cannot be tested (ruling 13)', () => {
    expect(chartLookup(srd4.toWound, 12, 3)).toBe(wound[9]![2]);
    expect(chartLookup(srd4.toHit, 4, 12)).toBe(hit[3]![9]);
    expect(chartLookup(srd4.toHit, 0, 4)).toBe(0); // WS 0 hits nothing
    expect(chartLookup(srd4.toWound, 0, 1)).toBe(0); // S 0 wounds nothing
    expect(chartLookup(srd4.toHit, 4, 0)).toBe(hit[3]![0]); // WS 0 is hit as WS 1
  });
});
