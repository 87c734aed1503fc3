// Vehicles in `exact` and `sim` against probabilities worked out here, independently of the engine
// (nested loops over the dice and products of per-attack chances), under srd4 and revised4:
// exact within 1e-9, sim within 4.5 standard errors of 20,000 runs. And the kernel refuses
// vehicle fights (the reference steps fight them).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { everyPath, model, profile, scenario, unit, W } from './helpers.js';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { FightState } from '../src/engine/state.js';
import { getRuleset } from '../src/editions/registry.js';
import { kernelRefusal } from '../src/sim/kernel/domain.js';
import type { ModelSpec } from '../src/model.js';
import type { SimReport } from '../src/report/aggregate.js';

const RUNS = 20_000;
const dir = join(SHIPPED_ROSTERS, 'scenarios', 'vehicles');

/** [nothing, glancing, penetrating] of one penetration roll, by looping over every die. */
function pierce(dice: number, plus: number, armour: number, rending: boolean): number[] {
  const out = [0, 0, 0];
  const add = (total: number, p: number) => (out[total > armour ? 2 : total === armour ? 1 : 0]! += p);
  for (let a = 1; a <= 6; a++) {
    if (dice === 1) {
      if (rending && a === 6) for (let x = 1; x <= 6; x++) add(a + x + plus, 1 / 36);
      else add(a + plus, 1 / 6);
      continue;
    }
    for (let b = 1; b <= 6; b++) {
      if (rending && (a === 6 || b === 6)) for (let x = 1; x <= 6; x++) add(a + b + x + plus, 1 / 216);
      else add(a + b + plus, 1 / 36);
    }
  }
  return out;
}

const near = (got: number, want: number, what: string) => expect(Math.abs(got - want), `${what}: exact ${got}, by hand ${want}`).toBeLessThan(1e-9);
function sampled(got: number, p: number, what: string): void {
  const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
  expect(Math.abs(got - p), `${what}: sim ${got}, by hand ${p}`).toBeLessThanOrEqual(4.5 * se);
}

describe('the laws exact lists for a vehicle', () => {
  it('penetration rolls: each (glancing, penetrating) of n hits by its trinomial law, against the dice looped over', () => {
    for (const [dice, plus, armour, rending] of [[1, 6, 10, false], [2, 8, 14, false], [1, 4, 14, true], [2, 6, 15, true], [1, 8, 12, false]] as const) {
      const [none, g, p] = pierce(dice, plus, armour, rending);
      const n = 3;
      const { law } = everyPath((e) => {
        const pen = e.penetrate(n, dice, plus, armour, rending);
        return `${e.glancing},${pen}`;
      });
      const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
      for (let a = 0; a <= n; a++) {
        for (let b = 0; a + b <= n; b++) {
          const want = (fact(n) / (fact(a) * fact(b) * fact(n - a - b))) * g! ** a * p! ** b * none! ** (n - a - b);
          expect(Math.abs((law.get(`${a},${b}`) ?? 0) - want), `${dice}D6+${plus} vs ${armour} ${a},${b}`).toBeLessThan(1e-12);
        }
      }
    }
  });

  it('damage dice: what they do, against every face of every die', () => {
    // glancing 1 and penetrating 2, open-topped or not: 6^3 ways, each read on 002's table
    const GLANCING = [[1, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]];
    // [shaken, stunned, gun wrecked, immobilised, destroyed, explodes]
    const rowG = (r: number) => [...GLANCING[r - 1]!, 0];
    const rowP = (r: number) => [[0, 1, 0, 0, 0, 0], [0, 1, 1, 0, 0, 0], [0, 1, 0, 1, 0, 0], [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 1, 1]][r - 1]!;
    for (const shift of [0, 1]) {
      const want = new Map<string, number>();
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) {
        const rows = [rowG(Math.min(6, a + shift)), rowP(Math.min(6, b + shift)), rowP(Math.min(6, c + shift))];
        const sum = [0, 1, 2, 3, 4, 5].map((k) => rows.reduce((s, r) => s + r[k]!, 0));
        // what lasts: shaken, stunned, immobilised, destroyed (or exploded), explodes as flags; gun wrecked results counted
        const key = `${+(sum[0]! > 0)},${+(sum[1]! > 0)},${sum[2]},${+(sum[3]! > 0)},${+(sum[4]! > 0)},${+(sum[5]! > 0)}`;
        want.set(key, (want.get(key) ?? 0) + 1 / 216);
      }
      const { law } = everyPath((e) => {
        const code = e.damage(1, 2, shift);
        return `${code & 1 ? 1 : 0},${code & 2 ? 1 : 0},${code >>> 5},${code & 4 ? 1 : 0},${code & 8 ? 1 : 0},${code & 16 ? 1 : 0}`;
      });
      expect([...law.keys()].sort()).toEqual([...want.keys()].sort());
      for (const [k, p] of want) expect(Math.abs(law.get(k)! - p), k).toBeLessThan(1e-12);
    }
  });
});

describe.each(['srd4', 'revised4'])('vehicle fights under %s: exact and sim against the chances worked out by hand', (rules) => {
  it('krak grenades against a parked Rhino (rosters/scenarios/vehicles)', { timeout: 60_000 }, async () => {
    const s = loadScenario(join(dir, 'krak-grenades-vs-parked-rhino.yaml'), { rules });
    // 9 Marines: one krak grenade each (S6 + D6 against rear 10: 4 glances, 5-6 penetrate), every
    // one hitting; the Veteran Sergeant's 4 attacks (A2, two weapons, the charge) at S4 glance on 6
    const [, kg, kp] = pierce(1, 6, 10, false);
    const [, sg] = pierce(1, 4, 10, false);
    const destroyKrak = kg! * (1 / 6) + kp! * (1 / 2);
    const destroySgt = sg! * (1 / 6);
    const survives = (1 - destroyKrak) ** 9 * (1 - destroySgt) ** 4;
    const explodes = 1 - (1 - kp! / 6) ** 9;
    const untouched = (1 - kg! - kp!) ** 9 * (1 - sg!) ** 4;
    const expectAll = (r: SimReport, check: (got: number, want: number, what: string) => void) => {
      check(r.vehicle!.destroyed, 1 - survives, 'destroyed');
      check(r.final.end.destroyed!, 1 - survives, 'ended destroyed');
      check(r.final.end.disengaged!, survives, 'ended disengaged');
      check(r.final.winner.none!, survives, 'no winner');
      check(r.vehicle!.explodes, explodes, 'explodes');
      check(r.vehicle!.unharmed, untouched, 'untouched');
      check(r.firstRound.result.attacker!, 1 - untouched, 'first result attacker');
    };
    const e = exact(s);
    expectAll(e, near);
    near(e.vehicle!.glancing.mean, 9 * kg! + 4 * sg!, 'glancing mean');
    near(e.vehicle!.penetrating.mean, 9 * kp!, 'penetrating mean');
    near(e.firstRound.woundsInflicted.attacker.mean, 9 * (kg! + kp!) + 4 * sg!, 'wounds inflicted');
    expectAll(await simulate(s, { runs: RUNS, seed: `krak-${rules}` }), sampled);
  });

  it('a chainfist against a Land Raider that moved (rosters/scenarios/vehicles)', { timeout: 60_000 }, async () => {
    const s = loadScenario(join(dir, 'chainfist-vs-moving-land-raider.yaml'), { rules });
    // 3 attacks each (A2 and the charge), hitting on 4+ (combat speed); 3 power fists (S8 + D6
    // against rear 14: a 6 glances), the chainfist 2D6 + 8; the sergeant's S4 cannot reach 14
    const [, fg] = pierce(1, 8, 14, false);
    const [, cg, cp] = pierce(2, 8, 14, false);
    const destroyFist = 0.5 * fg! / 6;
    const destroyChain = 0.5 * (cg! / 6 + cp! / 2);
    const survives = (1 - destroyFist) ** 9 * (1 - destroyChain) ** 3;
    const untouched = (1 - 0.5 * fg!) ** 9 * (1 - 0.5 * (cg! + cp!)) ** 3;
    const e = exact(s);
    near(e.vehicle!.destroyed, 1 - survives, 'destroyed');
    near(e.vehicle!.unharmed, untouched, 'untouched');
    near(e.vehicle!.explodes, 1 - (1 - 0.5 * cp! / 6) ** 3, 'explodes');
    near(e.vehicle!.penetrating.mean, 3 * 0.5 * cp!, 'penetrating mean');
    const m = await simulate(s, { runs: RUNS, seed: `chainfist-${rules}` });
    sampled(m.vehicle!.destroyed, 1 - survives, 'destroyed');
    sampled(m.vehicle!.unharmed, untouched, 'untouched');
  });

  it('a power fist against a Dreadnought that strikes first (one phase)', { timeout: 60_000 }, async () => {
    const dread: ModelSpec = {
      key: 'dread', name: 'Dreadnought', profile: profile({ WS: 4, BS: 4, S: 6, T: 10, W: 1, I: 4, A: 2, Ld: 10 }),
      wargear: [W['dreadnought-close-combat-weapon']!], rules: ['walker'], vehicle: { kind: 'walker', front: 12, side: 12, rear: 10, types: [] },
    };
    const sgt = model('Sergeant', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 9, Sv: 3 }, ['power-fist']);
    const s = scenario(rules, [unit('Squad', [[sgt, 1]])], [unit('Dreadnought', [[dread, 1]])], 1);
    // I4: the walker's 2 attacks (4+ to hit, S10 wounds T4 on 2+, no save); I1: the fist's 2
    // attacks (4+, then D6 + 8 against front 12)
    const alive = (1 - 0.5 * (5 / 6)) ** 2;
    const [, g, p] = pierce(1, 8, 12, false);
    const scores = 1 - (1 - 0.5 * (g! + p!)) ** 2;
    const destroyed = alive * (1 - (1 - 0.5 * (g! / 6 + p! / 2)) ** 2);
    // each attack: destroys (glancing 6, penetrating 4-6), else stuns (glancing 3, penetrating 1-3), else neither
    const stunned = alive * ((1 - 0.5 * (g! / 6 + p! / 2)) ** 2 - (1 - 0.5 * (g! * 2 / 6 + p!)) ** 2);
    const e = exact(s);
    near(e.firstRound.result.attacker!, alive * scores, 'first result attacker');
    near(e.firstRound.result.defender!, 1 - alive, 'first result defender');
    near(e.vehicle!.destroyed, destroyed, 'destroyed');
    // stunned and not destroyed: a stunning die (glancing 3, penetrating 1-3), none destroying
    near(e.vehicle!.stunned, stunned, 'stunned');
    const m = await simulate(s, { runs: RUNS, seed: `dread-${rules}` });
    sampled(m.firstRound.result.attacker!, alive * scores, 'first result attacker');
    sampled(m.vehicle!.destroyed, destroyed, 'destroyed');
    sampled(m.vehicle!.stunned, stunned, 'stunned');
  });

  it('the kernel refuses a vehicle fight; sim fights it with the reference steps', () => {
    for (const f of ['krak-grenades-vs-parked-rhino.yaml', 'dreadnought-vs-boyz.yaml']) {
      const s = loadScenario(join(dir, f), { rules });
      expect(kernelRefusal(new FightState(s, getRuleset(rules)), getRuleset(rules))).toBe('a vehicle or walker');
    }
  });
});

describe('a squadron: several vehicles, each reported under its unit (V13, V14)', () => {
  it('two Rhinos charged by Marines: units.<name>.vehicle, read by name in a check path', async () => {
    const { lookup } = await import('../src/check/check.js');
    const rhino = (name: string): ModelSpec => ({
      key: name.toLowerCase(), name, profile: profile({ WS: 0, BS: 4, S: 0, T: 10, W: 1, I: 0, A: 0, Ld: 10 }), wargear: [], rules: [],
      vehicle: { kind: 'vehicle', front: 11, side: 11, rear: 10, types: [] },
    });
    const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 }, ['close-combat-weapon', 'krak-grenades']);
    // each Marines unit locked with one Rhino: 3 krak grenades each, every one hitting
    const s = scenario('srd4', [
      unit('Alpha', [[marine, 3]], { charged: true, lockedWith: ['Rhino One'] }),
      unit('Beta', [[marine, 3]], { charged: true, lockedWith: ['Rhino Two'] }),
    ], [unit('Rhino One', [[rhino('Rhino One'), 1]]), unit('Rhino Two', [[rhino('Rhino Two'), 1]])]);
    const r = exact(s);
    expect(r.vehicle).toBeUndefined();
    const [, kg, kp] = pierce(1, 6, 10, false);
    const destroyed = 1 - (1 - kg! / 6 - kp! / 2) ** 3;
    for (const name of ['Rhino One', 'Rhino Two']) {
      near(lookup(r, `units.${name}.vehicle.destroyed`) as number, destroyed, `${name} destroyed`);
      near(lookup(r, `units.${name}.vehicle.penetrating.mean`) as number, 3 * kp!, `${name} penetrating`);
    }
    // both Rhinos destroyed: the fight ends destroyed; else the Rhinos left drive off
    near(r.final.end.destroyed!, destroyed ** 2, 'both destroyed');
    near(r.final.end.disengaged!, 1 - destroyed ** 2, 'disengaged');
  });
});

describe.each(['srd4', 'revised4'])('a walker fight over several phases under %s: exact and sim agree', (rules) => {
  it('a Dreadnought against a Nob with a power claw and a Boy, two phases', { timeout: 120_000 }, async () => {
    const s = { ...loadScenario(join(dir, 'dreadnought-vs-boyz.yaml'), { rules }), rounds: 2 as const };
    s.defender.units[0]!.models = s.defender.units[0]!.models.map((g) => (g.count > 1 ? { ...g, count: 1 } : g));
    const e = exact(s, { states: 400_000 });
    const m = await simulate(s, { runs: RUNS, seed: `walker-${rules}` });
    for (const [what, p, got] of [
      ['winner attacker', e.final.winner.attacker!, m.final.winner.attacker!], ['winner defender', e.final.winner.defender!, m.final.winner.defender!],
      ['ended locked', e.final.end.locked ?? 0, m.final.end.locked ?? 0], ['destroyed', e.vehicle!.destroyed, m.vehicle!.destroyed],
      ['immobilised', e.vehicle!.immobilised, m.vehicle!.immobilised], ['stunned', e.vehicle!.stunned, m.vehicle!.stunned],
      ['gun wrecked', e.vehicle!.gunWrecked, m.vehicle!.gunWrecked], ['unharmed', e.vehicle!.unharmed, m.vehicle!.unharmed],
    ] as const) sampled(got, p, what);
    for (const [what, d, got] of [['glancing', e.vehicle!.glancing, m.vehicle!.glancing.mean], ['penetrating', e.vehicle!.penetrating, m.vehicle!.penetrating.mean]] as const) {
      expect(Math.abs(got - d.mean), what).toBeLessThanOrEqual(4.5 * d.sd / Math.sqrt(RUNS) + 1e-9);
    }
    expect(Math.abs(e.vehicle!.glancing.histogram.reduce((a, [, p]) => a + p, 0) - 1)).toBeLessThan(1e-12);
  });
});
