// Final Blow (waffle, ruling 19) in `exact`: a last model's chain of attacks (one more for each
// wound the last link rolled) is one call of the enumerating chance, drawn from its law
// (exact/chance.ts `chain`). Checked against the chain worked out here path by path, link by
// link, from the dice: each attack wounds (hits on `hit`+ but not a rending 6, then wounds on
// `wound`+, a failure re-rolled once when asked), wounds automatically (a rending 6), or does
// nothing; a link's wounds, not its automatic ones, are the next link's attacks.
import { describe, expect, it } from 'vitest';
import { everyPath } from './helpers.js';
import { REROLL_FAILED, REROLL_NONE } from '../src/dice.js';

function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

interface Case { n: number; hit: number; wound: number; rending: boolean; reroll: boolean }

/** (wounds, automatic wounds) -> [probability, expected attacks after the first link, expected dice], path by path */
function byPaths(c: Case): Map<string, [number, number, number]> {
  const pAuto = c.rending ? 1 / 6 : 0;
  const pToWound = (7 - c.hit) / 6 - pAuto;
  const pw1 = (7 - c.wound) / 6;
  const pw = c.reroll ? pw1 + (1 - pw1) * pw1 : pw1;
  const pWound = pToWound * pw;
  const pNone = 1 - pWound - pAuto;
  // dice one attack rolls on average: to hit, to wound for the hits that roll, the re-rolls
  const dice = 1 + pToWound + (c.reroll ? pToWound * (1 - pw1) : 0);
  const law = new Map<string, [number, number, number]>();
  const end = (w: number, a: number, p: number, extra: number, d: number) => {
    const k = `${w},${a}`;
    const was = law.get(k) ?? [0, 0, 0];
    law.set(k, [was[0] + p, was[1] + p * extra, was[2] + p * d]);
  };
  const link = (k: number, w0: number, a0: number, p0: number, extra: number, d0: number) => {
    const d = d0 + k * dice;
    for (let w = 0; w <= k; w++) {
      for (let a = 0; a <= k - w; a++) {
        const p = p0 * choose(k, w) * choose(k - w, a) * pWound ** w * pAuto ** a * pNone ** (k - w - a);
        if (p === 0) continue;
        // a link that wounds nothing ends the chain; so does one whose chance is negligible
        if (w === 0 || p < 1e-12) end(w0 + w, a0 + a, p, extra, d);
        else link(w, w0 + w, a0 + a, p, extra + w, d);
      }
    }
  };
  link(c.n, 0, 0, 1, 0, 0);
  return law;
}

describe('a Final Blow chain in exact: one call, by its law', () => {
  const cases: Case[] = [
    { n: 3, hit: 4, wound: 4, rending: false, reroll: false },
    { n: 4, hit: 3, wound: 3, rending: true, reroll: false },
    { n: 2, hit: 3, wound: 2, rending: false, reroll: true },
  ];
  for (const c of cases) {
    it(`${c.n} attacks on ${c.hit}+ and ${c.wound}+${c.rending ? ', rending' : ''}${c.reroll ? ', wounds re-rolled' : ''}`, () => {
      const extra = new Map<string, number>();
      const dice = new Map<string, number>();
      const { law } = everyPath((e) => {
        const w = e.chain(c.n, c.hit, c.wound, c.rending, true, c.reroll ? REROLL_FAILED : REROLL_NONE);
        const k = `${w},${e.blow.autoWounds}`;
        extra.set(k, e.chained);
        dice.set(k, e.rolled);
        return k;
      });
      const want = byPaths(c);
      let total = 0;
      let meanExtra = 0;
      let wantExtra = 0;
      for (const k of new Set([...law.keys(), ...want.keys()])) {
        const [p, x, d] = want.get(k) ?? [0, 0, 0];
        const got = law.get(k) ?? 0;
        // the paths stop each on its own chance, the law on its points' (merged): they part below 1e-11
        expect(Math.abs(got - p), k).toBeLessThan(1e-10);
        if (p > 1e-6) {
          // given an outcome: as close as the chance the two ways part by allows
          expect(Math.abs(extra.get(k)! - x / p), `attacks after the first link given ${k}`).toBeLessThan(1e-9 / p);
          expect(Math.abs(dice.get(k)! - d / p), `dice given ${k}`).toBeLessThan(1e-9 / p);
        }
        total += got;
        meanExtra += got * (extra.get(k) ?? 0);
        wantExtra += x;
      }
      expect(Math.abs(total - 1)).toBeLessThan(1e-12);
      expect(Math.abs(meanExtra - wantExtra)).toBeLessThan(1e-8);
      // worked out once for its kind of chain
      const worked = (() => {
        const { law: again } = everyPath((e) => {
          e.chain(c.n, c.hit, c.wound, c.rending, true, c.reroll ? REROLL_FAILED : REROLL_NONE);
          const once = e.worked;
          e.chain(c.n, c.hit, c.wound, c.rending, true, c.reroll ? REROLL_FAILED : REROLL_NONE);
          return e.worked === once;
        });
        return again;
      })();
      expect([...worked.keys()]).toEqual([true]);
    });
  }

  it('no chain where no attack can hit, and none of no attacks', () => {
    const { law } = everyPath((e) => `${e.chain(3, 7, 4, false, true, REROLL_NONE)},${e.chain(0, 4, 4, false, true, REROLL_NONE)},${e.chained}`);
    expect([...law]).toEqual([['0,0,0', 1]]);
  });
});
