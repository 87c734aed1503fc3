// Hits spread at random over a unit's models (Chance.spread, waffle's sweeping advance, rules
// ruling 25): scripted dice read as the model numbers a player's dice make (re-rolled when too
// high), and the enumerating chance (exact) lists every way the hits fall with the law every
// sequence of models hit makes (worked out here); exact's one call for a sweep's hits spread,
// wounded and saved has the law of those calls one by one. Dice stream 2 is in
// test/counts.test.ts.
import { describe, expect, it } from 'vitest';
import { AUTO_HIT, DiceChance, REROLL_FAILED, REROLL_NONE, REROLL_ONES, ScriptedDice} from '../src/dice.js';
import { TooLarge } from '../src/exact/budget.js';
import { EnumChance } from '../src/exact/chance.js';
import { everyPath, sameLaw, spreadLaw } from './helpers.js';

const scripted = (faces: number[]) => new DiceChance(new ScriptedDice(faces), true);

describe('scripted dice: each hit\'s model from d6s, as a player rolls it', () => {
  it('5 models (2 + 3): one die a hit, a 6 rolled again; face f is model f', () => {
    const chance = scripted([6, 2, 3, 6, 6, 5]);
    const into = [7, 7];
    chance.spread(3, [2, 3], 2, into);
    // 6 again, 2: model 2 (the first class); 3: model 3 (the second); 6, 6 again, 5: model 5
    expect(into).toEqual([1, 2]);
    expect(chance.faces).toEqual([6, 2, 3, 6, 6, 5]);
    expect(chance.rolled).toBe(6);
  });
  it('3 models: one die a hit, face f is model (f - 1) mod 3 + 1, no re-roll', () => {
    const chance = scripted([1, 4, 3, 6]);
    const into: number[] = [];
    chance.spread(4, [2, 1], 2, into);
    expect(into).toEqual([2, 2]);
  });
  it('7 models (4 + 3): two dice a hit, the first die the higher digit; 6 6 (35) rolled again', () => {
    // (1,4) = 3: model 4, the first class; (6,6) = 35 again; (2,2) = 7: 7 mod 7 = 0, model 1; (1,5) = 4: model 5
    const chance = scripted([1, 4, 6, 6, 2, 2, 1, 5]);
    const into: number[] = [];
    chance.spread(3, [4, 3], 2, into);
    expect(into).toEqual([2, 1]);
    expect(chance.rolled).toBe(8);
  });
  it('no die when one class has models, nor for no hits; a class with none takes nothing', () => {
    const chance = scripted([]);
    const into: number[] = [];
    chance.spread(4, [0, 3, 0], 3, into);
    expect(into).toEqual([0, 4, 0]);
    chance.spread(0, [2, 3], 2, into);
    expect(into.slice(0, 2)).toEqual([0, 0]);
    expect(chance.rolled).toBe(0);
    expect(chance.faces).toEqual([]);
  });
});

describe('exact: every way the hits fall, with its chance', () => {
  for (const [k, counts] of [[3, [2, 1, 3]], [4, [5, 2]], [2, [1, 0, 4, 2]], [5, [1, 1]], [1, [3, 9, 2, 1]]] as const) {
    it(`${k} hits over classes of ${counts.join(', ')} models: the law of every sequence of models hit, each way one path`, () => {
      const models = counts.reduce((a, b) => a + b, 0);
      const { law, paths } = everyPath((e) => {
        const into: number[] = [];
        e.spread(k, counts, counts.length, into);
        // the dice a hit takes, as sim counts them
        expect(e.rolled).toBe(k * (models <= 6 ? 1 : 2));
        return into.slice(0, counts.length).join(',');
      });
      const want = spreadLaw(k, [...counts]);
      sameLaw(law, want);
      expect(paths).toBe(want.size);
    });
  }
  it('one class with models: one path, no dice', () => {
    const { law } = everyPath((e) => {
      const into: number[] = [];
      e.spread(6, [0, 5], 2, into);
      expect(e.rolled).toBe(0);
      return into.join(',');
    });
    expect([...law]).toEqual([['0,6', 1]]);
  });
  it('a spread of too many ways stops at once, named, and a table once built counts its ways as rolls', () => {
    const e = new EnumChance('huge');
    e.reset();
    e.restart();
    expect(() => e.spread(200, [1, 1, 1, 1, 1], 5, [])).toThrow(TooLarge);
    expect(() => e.spread(200, [1, 1, 1, 1, 1], 5, [])).toThrow(/huge: too large to enumerate exactly \(200 hits spread at random over 5 kinds of model: [\d,]+ ways\)/);
    e.spread(10, [1, 2, 3], 3, []);
    expect(e.worked).toBe(66);
  });
});

describe('exact: a sweep\'s hits spread, wounded and saved as one call (Chance.sweepUnsaved)', () => {
  // k hits, kinds of counts, to wound (0: cannot), to save (7: none), failures that kill the kind, re-rolls
  const cases = [
    { k: 3, counts: [2, 1, 3], wound: [3, 5, 2], save: [5, 4, 7], room: [2, 3, 3], reroll: REROLL_NONE },
    { k: 4, counts: [5, 2], wound: [4, 0], save: [3, 2], room: [5, 4], reroll: REROLL_FAILED },
    { k: 5, counts: [0, 3, 1], wound: [2, 4, 6], save: [7, 6, 2], room: [1, 1, 2], reroll: REROLL_NONE },
    { k: 2, counts: [4], wound: [3], save: [4], room: [1], reroll: REROLL_NONE },
    // the 1s to wound again (abilities.md B2): on a 2+ every failure is a 1
    { k: 3, counts: [2, 2], wound: [4, 2], save: [5, 7], room: [2, 2], reroll: REROLL_ONES },
  ];
  for (const c of cases) {
    it(`${c.k} hits over ${c.counts.join(', ')} models${c.reroll === REROLL_FAILED ? ', wounds re-rolled' : c.reroll === REROLL_ONES ? ', 1s to wound re-rolled' : ''}: the same law and the same dice on average`, () => {
      const n = c.counts.length;
      const capped = (u: number[]) => u.map((x, j) => Math.min(x, c.room[j]!)).join(',');
      let oneDice = 0;
      const one = everyPath((e) => {
        const into: number[] = [];
        e.sweepUnsaved(c.k, c.counts, n, c.wound, c.save, c.reroll, c.room, into);
        oneDice += e.prob * e.rolled;
        return capped(into.slice(0, n));
      });
      let callsDice = 0;
      const calls = everyPath((e) => {
        const hits: number[] = [];
        e.spread(c.k, c.counts, n, hits);
        const wounds = c.wound.map((w, j) => e.blows(hits[j]!, AUTO_HIT, w, false, true, c.reroll));
        const unsaved = wounds.map((w, j) => (c.save[j]! >= 7 ? w : e.saves(w, c.save[j]!, c.room[j]!)));
        callsDice += e.prob * e.rolled;
        return capped(unsaved);
      });
      sameLaw(one.law, calls.law);
      expect(Math.abs(oneDice - callsDice)).toBeLessThan(1e-12);
      expect(one.paths).toBeLessThanOrEqual(calls.paths);
    });
  }
});
