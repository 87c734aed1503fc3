// `exact` against `sim` on generated scenarios: random profiles, wargear from the armoury,
// special rules (furious charge, fearless, independent characters), multi-wound models,
// invulnerable saves, cover, one or two units a side, one to three phases, under
// srd4, revised4, fightphase and waffle. Every winner share and the defenders' mean survivors must agree within 4.5
// standard errors of 5,000 runs (the
// tolerance follows the count), and the exact shares must sum to 1 within 1e-12. The scenarios
// come from a fixed seed, so the test always fights the same ones; those that `exact` cannot
// answer within a small budget are left out (and counted).
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../src/model.js';
import { exact, TooLarge } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import { generator } from './generated-exact.js';

const RUNS = 5_000;

/** The disagreements between exact and sim on `s`; null when exact stops at a small budget (too large to be quick). */
async function agree(s: Scenario): Promise<string[] | null> {
  let e;
  try {
    e = exact(s, { atoms: 1_000_000 });
  } catch (err) {
    if (err instanceof TooLarge) return null;
    throw err;
  }
  const m = await simulate(s, { runs: RUNS, seed: s.name });
  const wrong: string[] = [];
  for (const k of ['attacker', 'defender', 'none'] as const) {
    const p = e.final.winner[k]!;
    const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
    if (Math.abs(m.final.winner[k]! - p) > 4.5 * se) wrong.push(`${s.name} (${s.rules}) winner ${k}: exact ${p}, sim ${m.final.winner[k]}`);
  }
  const d = e.final.survivors.defender;
  if (Math.abs(m.final.survivors.defender.mean - d.mean) > 4.5 * (d.sd / Math.sqrt(RUNS)) + 1e-9) wrong.push(`${s.name} defenders left: exact ${d.mean}, sim ${m.final.survivors.defender.mean}`);
  const sum = Object.values(e.final.winner).reduce((a, b) => a + b, 0);
  if (Math.abs(sum - 1) > 1e-12) wrong.push(`${s.name} winner shares sum to ${sum}`);
  return wrong;
}

/** `count` scenarios from `seed`: none may disagree, and at least `least` must fit the small budget. */
async function compareMany(seed: number, count: number, kind: 'short' | 'long', least: number): Promise<void> {
  const make = generator(seed);
  const results = [];
  for (let i = 0; i < count; i++) results.push(await agree(make(i, kind)));
  console.log(`compared ${results.filter((r) => r !== null).length} of ${results.length}`);
  expect(results.flatMap((r) => r ?? [])).toEqual([]);
  expect(results.filter((r) => r !== null).length, 'compared within the small budget').toBeGreaterThanOrEqual(least);
}

describe('exact against sim on generated scenarios', () => {
  it('40 single units a side, one or two phases', { timeout: 120_000 }, () => compareMany(12345, 40, 'short', 36));
  it('20 with one or two units a side (independent characters among them), three phases', { timeout: 120_000 }, () => compareMany(777, 20, 'long', 12));
});
