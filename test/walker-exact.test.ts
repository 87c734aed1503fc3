// `exact` on walker fights over several phases, where the glancing and penetrating hits and the
// gun wrecked results are carried beside the states of the later phases (src/exact/beside.ts):
// their whole distributions against a small recursion over the phases written here from the
// damage table (vehicles.md V6, V8, V14), and the shipped Dreadnought against Boyz against `sim`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { model, profile, scenario, unit } from './helpers.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import type { ModelSpec } from '../src/model.js';
import type { Distribution } from '../src/report/stats.js';

/** The damage table (002): [stunned, gun wrecked, immobilised, destroyed, explodes] of a die, glancing or penetrating. */
function damage(penetrating: boolean, die: number): number[] {
  if (!penetrating) return [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]][die - 1]!;
  return [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 1]][die - 1]!;
}

interface End { p: number; glancing: number; penetrating: number; guns: number; destroyed: boolean; explodes: boolean; immobilised: boolean; stunned: boolean }

/**
 * A walker that cannot hurt its foe, struck each phase by `attacks` power fist attacks that hit
 * on 4+ and penetrate on D6 + 8 against front armour 12 (4: glancing, 5-6: penetrating), for
 * `phases` phases or until it is destroyed: every way the fight can end, with its probability.
 */
function walkerUnderFists(attacks: number, phases: number): End[] {
  // one attack: nothing, glancing, penetrating
  const one = [1 / 2 + 1 / 2 * 3 / 6, 1 / 2 * 1 / 6, 1 / 2 * 2 / 6];
  // the hits of one phase's attacks: [glancing, penetrating, probability]
  let hits: [number, number, number][] = [[0, 0, 1]];
  for (let i = 0; i < attacks; i++) hits = hits.flatMap(([g, n, q]) => one.map((c, k): [number, number, number] => [g + (k === 1 ? 1 : 0), n + (k === 2 ? 1 : 0), q * c]));
  const ends: End[] = [];
  // the walkers still standing, merged when alike
  let alive = new Map<string, End>([['start', { p: 1, glancing: 0, penetrating: 0, guns: 0, destroyed: false, explodes: false, immobilised: false, stunned: false }]]);
  for (let phase = 1; phase <= phases; phase++) {
    const next = new Map<string, End>();
    for (const at of alive.values()) {
      for (const [g, n, q] of hits) {
        // one damage die for each hit, every face of every die
        const dice = g + n;
        const faces = 6 ** dice;
        for (let f = 0; f < faces; f++) {
          const sum = [0, 0, 0, 0, 0];
          for (let d = 0, x = f; d < dice; d++, x = Math.floor(x / 6)) damage(d >= g, (x % 6) + 1).forEach((v, i) => (sum[i]! += v));
          const e: End = {
            p: (at.p * q) / faces, glancing: at.glancing + g, penetrating: at.penetrating + n, guns: at.guns + sum[1]!,
            destroyed: sum[3]! > 0, explodes: sum[4]! > 0, immobilised: at.immobilised || sum[2]! > 0, stunned: sum[0]! > 0,
          };
          if (e.destroyed) {
            ends.push(e);
            continue;
          }
          const key = `${e.glancing},${e.penetrating},${e.guns},${e.immobilised},${e.stunned}`;
          const same = next.get(key);
          if (same) same.p += e.p;
          else next.set(key, e);
        }
      }
    }
    alive = next;
  }
  return [...ends, ...alive.values()];
}

const near = (got: number, want: number, what: string) => expect(Math.abs(got - want), `${what}: exact ${got}, by the recursion ${want}`).toBeLessThan(1e-9);
const share = (ends: End[], f: (e: End) => boolean) => ends.reduce((s, e) => s + (f(e) ? e.p : 0), 0);
function law(ends: End[], read: (e: End) => number): Map<number, number> {
  const m = new Map<number, number>();
  for (const e of ends) m.set(read(e), (m.get(read(e)) ?? 0) + e.p);
  return m;
}
function sameLaw(d: Distribution, want: Map<number, number>, what: string): void {
  const got = new Map(d.histogram.filter(([, p]) => p !== 0));
  for (const [v, p] of want) near(got.get(v) ?? 0, p, `${what} = ${v}`);
  for (const [v, p] of got) if (!want.has(v)) near(p, 0, `${what} = ${v}`);
  const mean = [...want].reduce((s, [v, p]) => s + v * p, 0);
  near(d.mean, mean, `${what} mean`);
  near(d.sd, Math.sqrt([...want].reduce((s, [v, p]) => s + (v - mean) ** 2 * p, 0)), `${what} sd`);
}

describe.each(['srd4', 'revised4'])('a walker struck by a power fist over several phases under %s: exact against a recursion', (rules) => {
  it('four phases: the distributions of glancing, penetrating hits and gun wrecked results, and the fates', { timeout: 60_000 }, () => {
    // the Dreadnought's S1 cannot wound T8; the Sergeant's two fist attacks strike at I1
    const dread: ModelSpec = {
      key: 'dread', name: 'Dreadnought', profile: profile({ WS: 4, BS: 4, S: 1, T: 10, W: 1, I: 4, A: 2, Ld: 10 }),
      wargear: [], rules: ['walker'], vehicle: { kind: 'walker', front: 12, side: 12, rear: 10, types: [] },
    };
    const sgt = model('Sergeant', { WS: 4, S: 4, T: 8, I: 4, A: 2, Ld: 9, Sv: 3 }, ['power-fist']);
    const s = scenario(rules, [unit('Dreadnought', [[dread, 1]], { charged: true })], [unit('Squad', [[sgt, 1]])], 4);
    const ends = walkerUnderFists(2, 4);
    expect(Math.abs(ends.reduce((a, e) => a + e.p, 0) - 1)).toBeLessThan(1e-12);
    const r = exact(s);
    const v = r.vehicle!;
    sameLaw(v.glancing, law(ends, (e) => e.glancing), 'glancing');
    sameLaw(v.penetrating, law(ends, (e) => e.penetrating), 'penetrating');
    sameLaw(v.gunsWrecked, law(ends, (e) => e.guns), 'gun wrecked results');
    // each glancing or penetrating hit counts a wound to the result (V10): the Sergeant's wounds inflicted
    sameLaw(r.final.woundsInflicted.defender, law(ends, (e) => e.glancing + e.penetrating), 'wounds inflicted by the Squad');
    near(v.destroyed, share(ends, (e) => e.destroyed), 'destroyed');
    near(v.explodes, share(ends, (e) => e.explodes), 'explodes');
    near(v.immobilised, share(ends, (e) => !e.destroyed && e.immobilised), 'immobilised');
    near(v.stunned, share(ends, (e) => !e.destroyed && e.stunned), 'stunned at the end');
    near(v.gunWrecked, share(ends, (e) => !e.destroyed && e.guns > 0), 'gun wrecked');
    near(v.unharmed, share(ends, (e) => e.glancing + e.penetrating === 0), 'unharmed');
    near(r.final.end.destroyed!, share(ends, (e) => e.destroyed), 'ended destroyed');
  });
});

describe.each(['srd4', 'revised4'])('the Dreadnought against Boyz under %s (rosters/scenarios/vehicles): exact against sim', (rules) => {
  it('exact fits the default budget and agrees with 20,000 runs within 4.5 standard errors', { timeout: 180_000 }, async () => {
    const RUNS = 20_000;
    const s = loadScenario(join(SHIPPED_ROSTERS, 'scenarios', 'vehicles', 'dreadnought-vs-boyz.yaml'), { rules });
    const e = exact(s);
    const m = await simulate(s, { runs: RUNS, seed: `dreadnought-boyz-${rules}` });
    const sampled = (got: number, p: number, what: string) => {
      const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
      expect(Math.abs(got - p), `${what}: sim ${got}, exact ${p}`).toBeLessThanOrEqual(4.5 * se);
    };
    const ve = e.vehicle!;
    const vm = m.vehicle!;
    for (const k of ['destroyed', 'explodes', 'immobilised', 'stunned', 'shaken', 'gunWrecked', 'unharmed'] as const) sampled(vm[k], ve[k], k);
    for (const k of ['attacker', 'defender', 'none'] as const) sampled(m.final.winner[k] ?? 0, e.final.winner[k] ?? 0, `winner ${k}`);
    for (const k of Object.keys(e.final.end)) sampled(m.final.end[k] ?? 0, e.final.end[k]!, `end ${k}`);
    for (const k of ['glancing', 'penetrating', 'gunsWrecked'] as const) {
      const d = ve[k];
      expect(Math.abs(vm[k].mean - d.mean), `${k} mean: sim ${vm[k].mean}, exact ${d.mean}`).toBeLessThanOrEqual(4.5 * d.sd / Math.sqrt(RUNS));
      expect(Math.abs(d.histogram.reduce((a, [, p]) => a + p, 0) - 1), `${k} sums to 1`).toBeLessThan(1e-9);
      // each value's share
      for (const [x, p] of d.histogram) if (p > 1e-4) sampled((vm[k].histogram.find(([y]) => y === x)?.[1] ?? 0) / RUNS, p, `${k} = ${x}`);
    }
    const w = e.final.woundsInflicted.defender;
    expect(Math.abs(m.final.woundsInflicted.defender.mean - w.mean)).toBeLessThanOrEqual(4.5 * w.sd / Math.sqrt(RUNS));
  });
});
