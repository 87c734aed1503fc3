// Saves one wound at a time that stop when the models taking them are all dead (Chance.saveUntil,
// fightphase's allocation to one model until it dies): the law of (failures, dice used) is
// worked out here by listing every sequence of dice, and the seeded chance (sim), the scripted
// chance (tests) and the enumerating chance (exact) must all follow it. Then a whole fightphase
// first phase against numbers computed here from first principles.
import { describe, expect, it } from 'vitest';
import { CountChance } from '../src/counts.js';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { exact } from '../src/exact/exact.js';
import { everyPath, modelIn, sameLaw, scenario, unit } from './helpers.js';

/** every sequence of n dice needing `need`+, stopped at the `room`-th failure: the law of key(failures, dice used) */
function bruteLaw<K>(n: number, need: number, room: number, key: (failed: number, used: number) => K): Map<K, number> {
  const law = new Map<K, number>();
  const walk = (used: number, failed: number, p: number) => {
    if (used === n || failed === room) {
      const k = key(failed, used);
      law.set(k, (law.get(k) ?? 0) + p);
      return;
    }
    walk(used + 1, failed + 1, (p * (need - 1)) / 6);
    walk(used + 1, failed, (p * (7 - need)) / 6);
  };
  walk(0, 0, 1);
  return law;
}

const CASES = [[5, 4, 2], [6, 2, 3], [4, 6, 4], [7, 3, 1], [3, 5, 9]] as const;

describe('saves whose failures past the lethal one kill nobody more (Chance.saves)', () => {
  for (const [n, need, lethal] of [[8, 5, 3], [6, 2, 6], [4, 4, 9], [10, 3, 1]] as const) {
    it(`${n} saves at ${need}+, lethal at ${lethal}: exact lumps the failures from ${lethal} on, sim and scripted dice count them all`, () => {
      // every die rolled (no stop), the failures from `lethal` on counted as `lethal`
      const law = bruteLaw(n, need, Infinity, (failed) => Math.min(failed, lethal));
      const { law: got, paths } = everyPath((e) => {
        const failed = e.saves(n, need, lethal);
        expect(e.rolled).toBe(n);
        return failed;
      });
      expect(paths).toBe(Math.min(n, lethal) + 1);
      sameLaw(got, law);
      // the other chances: every failure, as the dice fell
      const dice = new ScriptedDice(Array.from({ length: n }, (_, i) => (i % 2 ? 1 : 6)));
      expect(new DiceChance(dice).saves(n, need, lethal)).toBe(Math.floor(n / 2));
    });
  }
});

describe('saves of more dice than a roll may list, whose outcomes are few (Chance.saves)', () => {
  // a Final Blow chain's tail can pend thousands of wounds on a unit of a few models
  for (const [n, need, lethal] of [[1880, 6, 9], [5000, 2, 30], [1001, 4, 1000]] as const) {
    it(`${n} saves at ${need}+, lethal at ${lethal}: the binomial law (worked out here in whole numbers)`, () => {
      // exactly, in whole numbers: P(f) = C(n,f) (need-1)^f (7-need)^(n-f) / 6^n, then read as a float
      const den = 6n ** BigInt(n);
      const float = (num: bigint) => {
        if (num === 0n) return 0;
        const shift = den.toString(2).length - num.toString(2).length + 60;
        return Number((num << BigInt(shift)) / den) * 2 ** -shift;
      };
      const fail = BigInt(need - 1);
      const pass = BigInt(7 - need);
      const want = new Map<number, number>();
      let c = 1n;
      let tailNum = 0n;
      for (let f = 0; f <= n; f++) {
        if (f > 0) c = (c * BigInt(n - f + 1)) / BigInt(f);
        const num = c * fail ** BigInt(f) * pass ** BigInt(n - f);
        if (f < lethal) want.set(f, float(num));
        else tailNum += num;
      }
      const tail = float(tailNum);
      if (tail > 0) want.set(lethal, tail);
      for (const [k, p] of want) if (p === 0) want.delete(k);
      const { law: got, paths } = everyPath((e) => e.saves(n, need, lethal));
      expect(paths).toBe(want.size);
      expect([...got.keys()].sort((a, b) => a - b)).toEqual([...want.keys()].sort((a, b) => a - b));
      for (const [k, p] of want) expect(Math.abs(got.get(k)! - p), String(k)).toBeLessThan(1e-12 + 1e-10 * p);
      expect(Math.abs([...got.values()].reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
    });
  }
  it('too many to work out, or too many outcomes, is refused by name', () => {
    expect(() => everyPath((e) => e.saves(100_001, 4, 3))).toThrow(/a roll of 100001 dice/);
    expect(() => everyPath((e) => e.saves(1500, 4, 1200))).toThrow(/a roll of 1500 dice/);
  });
});

describe('saves stopped at the last failure the models can take', () => {
  for (const [n, need, room] of CASES) {
    it(`${n} wounds at ${need}+, room for ${room} failures: exact enumeration and seeded draws follow the law of real dice`, () => {
      const law = bruteLaw(n, need, room, (failed, used) => `${failed},${used}`);
      // exact: the enumerating chance's outcomes and their chances, one call
      sameLaw(everyPath((e) => `${e.saveUntil(n, need, room)},${e.used}`).law, law);
      // sim: draws within 4 standard errors
      const c = new CountChance(`until-${n}-${need}-${room}`);
      const draws = 20_000;
      const seen = new Map<string, number>();
      for (let i = 0; i < draws; i++) {
        const failed = c.saveUntil(n, need, room);
        const k = `${failed},${c.used}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
      for (const k of seen.keys()) expect(law.has(k), k).toBe(true);
      for (const [k, p] of law) expect(Math.abs((seen.get(k) ?? 0) / draws - p), k).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / draws) + 1 / draws);
    });
  }
  it('scripted dice are read one at a time and stop at the last failure', () => {
    const c = new DiceChance(new ScriptedDice([1, 6, 2, 5, 1]), true);
    expect(c.saveUntil(9, 4, 3)).toBe(3);
    expect(c.used).toBe(5);
    expect(c.faces).toEqual([1, 6, 2, 5, 1]);
  });
});

describe('fightphase first principles: one model takes the wounds until it dies', () => {
  it('three attacks at 4+/4+ on two W2 models saving on 4+: wounds and survivors as computed here', () => {
    const m = (name: string, p: object, rules: Parameters<typeof modelIn>[4] = []) => modelIn('fightphase', name, p, [], rules);
    // fearless: no Morale check, so no sweeping advance adds wounds
    const s = scenario('fightphase', [unit('A', [[m('A', { WS: 4, S: 4, I: 4, A: 3 }), 1]])], [unit('D', [[m('D', { WS: 4, T: 4, W: 2, I: 1, A: 0, Sv: 4 }, ['fearless']), 2]])], 1);
    const r = exact(s);
    // failed saves F: each attack fails a save with chance 1/2 * 1/2 * 1/2 = 1/8, F ~ binomial(3, 1/8);
    // one model until it dies: floor(F / 2) die (spreading the wounds would kill none below 3)
    const pF = [0, 1, 2, 3].map((f) => [1, 3, 3, 1][f]! * (1 / 8) ** f * (7 / 8) ** (3 - f));
    const meanKilled = pF[2]! + pF[3]!;
    expect(r.firstRound.woundsInflicted.attacker.mean).toBeCloseTo(3 / 8, 12);
    expect(r.final.survivors.defender.mean).toBeCloseTo(2 - meanKilled, 12);
    expect(r.firstRound.result.attacker).toBeCloseTo(1 - pF[0]!, 12);
  });
});
