// `exact` against `sim` on generated scenarios: random profiles, wargear from the armoury,
// special rules (furious charge, fearless, independent characters), multi-wound models,
// invulnerable saves, cover, one or two units a side, one to three phases, under
// srd4, revised4, fightphase and waffle. Every winner share and the defenders' mean survivors must agree within 4.5
// standard errors of 20,000 runs, and the exact shares must sum to 1 within 1e-12. The scenarios
// come from a fixed seed, so the test always fights the same ones; those that `exact` cannot
// answer within a small budget are left out (and counted).
import { describe, expect, it } from 'vitest';
import { exact, TooLarge } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import type { ModelSpec, Scenario, UnitSpec } from '../src/model.js';
import { fearlessAsAbility, type RuleName } from './helpers.js';

function generator(seed: number) {
  let s = seed;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const weapons = Object.keys(ARMOURY_4TH);
  const model = (name: string): ModelSpec => {
    const rules: RuleName[] = rnd(6) === 0 ? ['independent-character'] : rnd(5) === 0 ? ['furious-charge'] : rnd(8) === 0 ? ['fearless'] : [];
    return {
      key: name, name, rules: rules as ModelSpec['rules'], wargear: rnd(3) === 0 ? [ARMOURY_4TH[weapons[rnd(weapons.length)]!]!] : [],
      profile: {
        WS: 1 + rnd(6), BS: 3, S: 2 + rnd(5), T: 2 + rnd(5), W: rnd(4) === 0 ? 2 + rnd(2) : 1, I: 1 + rnd(6), A: 1 + rnd(3), Ld: 5 + rnd(6),
        Sv: rnd(3) === 0 ? null : 2 + rnd(5), Inv: rnd(5) === 0 ? 4 + rnd(2) : null,
      },
    };
  };
  // longer fights get smaller units, so that most stay within a small budget
  let size = 4;
  const unit = (name: string, charged: boolean): UnitSpec => ({
    ref: null, name, models: [{ spec: model(`${name}a`), count: 1 + rnd(size) }, ...(rnd(3) === 0 ? [{ spec: model(`${name}b`), count: 1 + rnd(2) }] : [])],
    charged, inCover: rnd(4) === 0, firedThisTurn: false, inContact: null, casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
  });
  const side = (names: string[], charged: boolean, several: boolean) => ({ units: (several && rnd(2) ? names : names.slice(0, 1)).map((n) => unit(n, charged)) });
  return (i: number, rounds: 'short' | 'long'): Scenario => {
    size = rounds === 'long' ? 3 : 4;
    return fearlessAsAbility({
    name: `random ${i}`, rules: (['srd4', 'revised4', 'fightphase', 'waffle'] as const)[rnd(4)]!, rounds: rounds === 'long' ? 3 : 1 + rnd(2),
    attacker: side(['A', 'B'], true, rounds === 'long'), defender: side(['D', 'E'], false, rounds === 'long'), file: null,
    });
  };
}

const RUNS = 20_000;

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
