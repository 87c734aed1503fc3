// `exact` carries the wounds each side inflicted beside the states of the later phases of a fight
// without a vehicle where folding them pays (exact/beside.ts): checked against a fight worked out
// here by a formula, carried and not carried; the same figures both ways on shipped fights; and
// the choice made where it pays.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadScenario } from '../src/index.js';
import { SHIPPED_ROSTERS } from '../src/io/load.js';
import { Beside, carrying } from '../src/exact/beside.js';
import { exact } from '../src/exact/exact.js';
import { model, scenario, unit } from './helpers.js';

const numbers = (r: unknown, at = ''): [string, number][] =>
  typeof r === 'number' ? [[at, r]] : r && typeof r === 'object' ? Object.entries(r).flatMap(([k, v]) => numbers(v, `${at}.${k}`)) : [];

/** `f` with the totals always carried beside (share 1) or never (-1) */
function withShare<T>(share: number, f: () => T): T {
  const was = carrying.share;
  carrying.share = share;
  try {
    return f();
  } finally {
    carrying.share = was;
  }
}

afterEach(() => {
  carrying.share = 0.5;
});

describe('exact: the totals carried beside a fight without a vehicle', () => {
  /**
   * One Hitter (WS4 S4 A1, no charge) against one fearless Wall (WS4 T4 W3 A0, no save), six
   * phases (srd4): each phase the Hitter hits on 4+ and wounds on 4+, one wound with p = 1/4, and
   * the Wall never strikes back nor leaves (fearless). So the Hitter's total is min(X, 3) with X
   * ~ binomial(6, 1/4) stopped at 3: P(k) = C(6, k) p^k (1-p)^(6-k) for k < 3, the rest on 3.
   */
  const fight = () => scenario('srd4', [unit('Hitter', [[model('Hitter', { WS: 4, S: 4, A: 1, I: 4 }), 1]])],
    [unit('Wall', [[model('Wall', { WS: 4, T: 4, W: 3, A: 0, I: 1 }, [], ['fearless']), 1]])], 6);
  const p = 1 / 4;
  const C = (n: number, k: number) => (k === 0 ? 1 : (C(n, k - 1) * (n - k + 1)) / k);
  const want = [0, 1, 2].map((k) => C(6, k) * p ** k * (1 - p) ** (6 - k));
  want.push(1 - want[0]! - want[1]! - want[2]!);
  const mean = want.reduce((a, q, k) => a + q * k, 0);
  const sd = Math.sqrt(want.reduce((a, q, k) => a + q * k * k, 0) - mean * mean);
  for (const [how, share] of [['carried', 1], ['kept in the states', -1]] as const) {
    it(`the wounds inflicted, ${how}, as worked out by the formula`, () => {
      const r = withShare(share, () => exact(fight()));
      const w = r.final.woundsInflicted.attacker;
      expect(Math.abs(w.mean - mean)).toBeLessThan(1e-12);
      expect(Math.abs(w.sd - sd)).toBeLessThan(1e-12);
      expect(Math.abs(r.final.woundsInflicted.defender.mean)).toBeLessThan(1e-12);
      expect(Math.abs((r.final.survivors.defender.mean) - (1 - want[3]!))).toBeLessThan(1e-12);
    });
  }

  it('the same figures carried or not, on shipped fights fought to resolution', { timeout: 120_000 }, () => {
    const dir = join(SHIPPED_ROSTERS, 'scenarios');
    for (const [f, rules] of [['fist-sergeant-vs-nob-mob', undefined], ['boyz-rear-ranks', undefined], ['tactical-vs-boyz', 'waffle'], ['banshees-vs-court', undefined]] as const) {
      const s = loadScenario(join(dir, `${f}.yaml`), rules ? { rules } : {});
      const want = new Map(numbers(withShare(-1, () => exact(s))));
      const got = numbers(withShare(1, () => exact(s)));
      expect(got.length).toBeGreaterThan(50);
      for (const [k, v] of got) expect(Math.abs(v - want.get(k)!), `${f} ${k}`).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(v)));
    }
  });

  it('carried where folding them at least halves the states that start the second phase, else not', { timeout: 120_000 }, () => {
    const seen: boolean[] = [];
    const was = Beside.worthCarrying;
    try {
      Beside.worthCarrying = (folded, whole) => {
        const yes = was(folded, whole);
        seen.push(yes);
        return yes;
      };
      const dir = join(SHIPPED_ROSTERS, 'scenarios');
      // two phases reach the second phase's starts: 147 of 450 once folded (a third)
      exact({ ...loadScenario(join(dir, 'tactical-vs-boyz.yaml'), { rules: 'waffle' }), rounds: 2 });
      exact(fight());
    } finally {
      Beside.worthCarrying = was;
    }
    expect(seen).toEqual([true, false]);
    expect(Beside.worthCarrying(50, 100)).toBe(true);
    expect(Beside.worthCarrying(51, 100)).toBe(false);
  });
});
