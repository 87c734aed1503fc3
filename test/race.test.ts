// A fall back roll against a sweeping advance, of which the rules read only the difference
// (Chance.race): the enumerating chance lists the differences by their law, worked out here by
// listing every face of every die, with sums that could have fallen; the seeded and scripted
// chances roll both sums die by die, in order, as two `sum` calls would.
import { describe, expect, it } from 'vitest';
import { CountChance } from '../src/counts.js';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { everyPath, sameLaw } from './helpers.js';

/** P(sum of b dice less sum of a dice = d), by listing every face */
function differenceLaw(a: number, b: number): Map<number, number> {
  const law = new Map<number, number>();
  const walk = (left: number, d: number, p: number) => {
    if (left === 0) {
      law.set(d, (law.get(d) ?? 0) + p);
      return;
    }
    for (let f = 1; f <= 6; f++) walk(left - 1, left > b ? d - f : d + f, p / 6);
  };
  walk(a + b, 0, 1);
  return law;
}

describe('a race of two rolls whose difference alone is read (Chance.race)', () => {
  for (const [a, b] of [[1, 1], [2, 1], [1, 3], [2, 2]] as const) {
    it(`${a}D6 against ${b}D6: exact lists the differences by their law, with sums that can fall`, () => {
      const law = differenceLaw(a, b);
      const { law: got, paths } = everyPath((e) => {
        const first = e.race(a, b);
        expect(first).toBeGreaterThanOrEqual(a);
        expect(first).toBeLessThanOrEqual(6 * a);
        expect(e.second).toBeGreaterThanOrEqual(b);
        expect(e.second).toBeLessThanOrEqual(6 * b);
        expect(e.rolled).toBe(a + b);
        return e.second - first;
      });
      expect(paths).toBe(5 * a + 5 * b + 1);
      sameLaw(got, law);
    });
  }
  it('sim and fight roll the first sum, then the second, die by die, with the faces of each', () => {
    const scripted = new DiceChance(new ScriptedDice([2, 5, 6]), true);
    expect(scripted.race(2, 1)).toBe(7);
    expect(scripted.second).toBe(6);
    expect(scripted.faces).toEqual([2, 5]);
    expect(scripted.secondFaces).toEqual([6]);
    // the seeded stream: the same dice as two sums in a row
    const one = new CountChance('race').start(3);
    const two = new CountChance('race').start(3);
    const first = one.race(1, 2);
    expect([first, one.second]).toEqual([two.sum(1), two.sum(2)]);
  });
});
