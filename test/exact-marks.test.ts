// `exact` does not keep the state a step's first group leaves with its blows (engine/strike.ts
// `afterFirstBlows`) where that pays: as a rule no other path reaches it, so each path fights on
// through it from a mark (exact/enumeration.ts `paths`) and only the states after it are kept.
// The distribution must be the one the steps give: checked against the law worked out here, and
// against `exact` keeping every state (`marking.where` never), figure by figure, under every 40K
// edition (marks forced on under each: `always`).
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exact } from '../src/exact/exact.js';
import { marking } from '../src/exact/enumeration.js';
import { loadScenario } from '../src/index.js';
import { SHIPPED_ROSTERS } from '../src/io/load.js';
import { binomial, model, scenario, unit } from './helpers.js';
import { EDITIONS } from './abilities-build.js';

/** every number of a report, by its path */
const numbers = (r: unknown, at = ''): [string, number][] =>
  typeof r === 'number' ? [[at, r]] : r && typeof r === 'object' ? Object.entries(r).flatMap(([k, v]) => numbers(v, `${at}.${k}`)) : [];

/** `f` with every state kept (no path fights on through a mark) */
function keepingEvery<T>(f: () => T): T {
  marking.where = 'never';
  try {
    return f();
  } finally {
    marking.where = 'always';
  }
}

/** every figure of `got` as in `kept`, to 1e-12 (the same sums taken in another order) */
function sameFigures(got: unknown, kept: unknown): void {
  const want = new Map(numbers(kept));
  const all = numbers(got);
  expect(all.length).toBe(want.size);
  for (const [at, v] of all) {
    const w = want.get(at);
    expect(w, at).toBeDefined();
    expect(Math.abs(v - w!), at).toBeLessThanOrEqual(1e-12 * Math.max(1e-3, Math.abs(w!)));
  }
}

// marks under every edition, not only where they pay: the law must be the same everywhere
beforeEach(() => {
  marking.where = 'always';
});

afterEach(() => {
  marking.where = 'paying';
});

describe.each(EDITIONS)('exact, %s: a path fights on through the state a step\'s first group leaves', (rules) => {
  /**
   * Two Fast (I5) and two Slow (I3) models, one attack each, hitting on 4+ and wounding on 4+
   * (p = 1/4), no saves, W1, one phase: the Fast inflict L ~ Binomial(2, 1/4); the Slow left,
   * 2 - L, inflict D ~ Binomial(2 - L, 1/4). Each step has one group striking: both are marked.
   * (Under waffle a last model on its last wound strikes again for each wound it rolled (Final
   * Blow): the Slow's last model when L = 1, worked out below.)
   */
  const fast = model('Fast', { WS: 4, S: 4, T: 4, W: 1, I: 5, A: 1 });
  const slow = model('Slow', { WS: 4, S: 4, T: 4, W: 1, I: 3, A: 1 });
  const s = scenario(rules, [unit('Fast', [[fast, 2]])], [unit('Slow', [[slow, 2]])], 1);
  const p = 1 / 4;

  /** the law of D given the Slow left, `n`: Binomial(n, p), or under waffle a lone Slow's Final Blow chain */
  function slowLaw(n: number): number[] {
    if (rules !== 'waffle' || n !== 1) return binomial(n, p);
    // each wound rolled earns one more attack, until one fails: k wounds with p^k (1 - p); the
    // Fast have two models, so wounds past 2 kill nobody more and are lost
    return [1 - p, p * (1 - p), p * p];
  }

  it('the law of the first phase as worked out here', () => {
    const r = exact(s);
    const l = binomial(2, p);
    let wins = 0;
    let losses = 0;
    let draws = 0;
    let inflicted = 0;
    for (let a = 0; a <= 2; a++) {
      const d = slowLaw(2 - a);
      for (let k = 0; k < d.length; k++) {
        const q = l[a]! * d[k]!;
        if (a > k) wins += q;
        else if (a < k) losses += q;
        else draws += q;
        inflicted += q * k;
      }
    }
    expect(r.firstRound.result.attacker).toBeCloseTo(wins, 12);
    expect(r.firstRound.result.defender).toBeCloseTo(losses, 12);
    expect(r.firstRound.result.draw).toBeCloseTo(draws, 12);
    expect(r.firstRound.woundsInflicted.attacker.mean).toBeCloseTo(2 * p, 12);
    expect(r.firstRound.woundsInflicted.defender.mean).toBeCloseTo(inflicted, 12);
  });

  it('every figure as when every state is kept, where a path goes from one phase\'s start to the next', () => {
    // Genestealers against a Carnifex, four phases: a phase whose blows and casualties are one
    // path each leads from a start straight to the next phase's start, which may be a start of
    // this phase too (its probability for the next phase is kept apart)
    const sc = { ...loadScenario(join(SHIPPED_ROSTERS, 'scenarios', 'carnifex-vs-genestealers.yaml'), { rules }), rounds: 4 };
    sameFigures(exact(sc), keepingEvery(() => exact(sc)));
  });

  it('every figure as when every state is kept, on two squads against a mob for three phases', { timeout: 60_000 }, () => {
    // the Marines strike at I4 (several groups: the first marked), the Boyz at I2 and their Nob
    // at I1 (alone: blows and casualties in one path), each picking the squad it hurts most
    const marine = model('Marine', { WS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 });
    const sergeant = model('Sergeant', { WS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 9, Sv: 3 });
    const boy = model('Boy', { WS: 4, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 });
    const nob = model('Nob', { WS: 4, S: 4, T: 4, W: 2, I: 1, A: 3, Ld: 7, Sv: 6 });
    const sc = scenario(rules, [unit('Tactical', [[sergeant, 1], [marine, 2]]), unit('Assault', [[marine, 3]])], [unit('Boyz', [[nob, 1], [boy, 6]])], 3);
    sameFigures(exact(sc), keepingEvery(() => exact(sc)));
  });
});
