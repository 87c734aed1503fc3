// epic's `exact` and `sim` against probabilities worked out here, independently: a hand formula
// for a symmetric fight, and a small recursion over the tie chain for one with bonuses that move
// as the Blast markers do, a Leadership test, support and a gun that cannot retreat.
import { describe, expect, it } from 'vitest';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import type { SimReport } from '../src/report/aggregate.js';
import { detachment, epicScenario } from './epic-build.js';

const get = (r: SimReport, path: string): number => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], r) as number;
/** 1-5 on the result table: the scores to hit (winner, loser) */
const NEEDS: Record<number, [number, number]> = { 1: [4, 4], 2: [3, 4], 3: [3, 5], 4: [2, 5], 5: [2, 6] };
const hitChance = (need: number) => (7 - need) / 6;

/** Shares within 4.5 standard errors of p over n runs; means within 4.5 sd/sqrt(n). */
function near(sim: number, p: number, n: number, sd = Math.sqrt(p * (1 - p))): void {
  expect(Math.abs(sim - p)).toBeLessThanOrEqual(4.5 * Math.max(sd, 1e-3) / Math.sqrt(n) + 1e-6);
}

describe('one unit against one of equal Assault: a hand formula', () => {
  const s = epicScenario(detachment('A', [{ count: 1, assault: 4, distance: 0 }]), detachment('D', [{ count: 1, assault: 4 }], {}, false));
  // every roll-off is even (the bonuses stay equal, markers too); a decided one differs by d with chance (6 - d) / 15
  const pd = (d: number) => (6 - d) / 15;
  let destroyed = 0;
  let attackerWins = 0;
  let none = 0;
  for (let d = 1; d <= 5; d++) {
    const [w, l] = NEEDS[d]!;
    const pw = hitChance(w);
    const pl = hitChance(l);
    destroyed += pd(d) * (1 - (1 - pw) * (1 - pl));
    none += pd(d) * pw * pl;
    attackerWins += pd(d) * 0.5 * ((1 - pl) + pl * (1 - pw));
  }
  const expected: Record<string, number> = {
    'firstRound.result.attacker': 0.5,
    'firstRound.result.draw': 0,
    'final.end.destroyed': destroyed,
    'final.end.fellBack': 1 - destroyed,
    'final.winner.attacker': attackerWins,
    'final.winner.none': none,
    'close.resolutionRolls.mean': 6 / 5,
    // a marker each per tie (1/5 ties on average), and the loser's (capped at its 1 unit) half the time
    'final.blastMarkersPlaced.attacker.mean': 0.2 + 0.5,
    'final.broken.defender': 0.5,
    'charge.moved': 1,
    'charge.unitsInContact.mean': 1,
    'final.rounds.mean': 1,
  };
  it('exact agrees within 1e-9', () => {
    const r = exact(s);
    for (const [path, p] of Object.entries(expected)) expect(Math.abs(get(r, path) - p), path).toBeLessThan(1e-9);
  });
  it('sim agrees within 4.5 standard errors', async () => {
    const n = 40_000;
    const r = await simulate(s, { runs: n, seed: 'epic-hand' });
    for (const path of ['firstRound.result.attacker', 'final.end.destroyed', 'final.winner.attacker', 'final.winner.none', 'final.broken.defender']) near(get(r, path), expected[path]!, n);
    // the roll-offs: 1 + a geometric count of ties (chance 1/6), sd sqrt(q)/(1-q)
    near(get(r, 'close.resolutionRolls.mean'), 6 / 5, n, Math.sqrt(1 / 6) / (5 / 6));
  });
});

describe('bonuses that move with the markers, a Leadership test, support and a gun: a recursion over the ties', () => {
  // attacker: a unit of Assault 3 in contact, one 25 cm away (Speed 10/20: it ends 15 cm away and
  // supports), 2 Blast markers; defender: a unit of Assault 4 (Speed 10) and a gun of Speed 0
  const a = detachment('A', [{ name: 'In', count: 1, assault: 3, distance: 0, speed: [10, 20] }, { name: 'Back', count: 1, assault: 3, distance: 25, speed: [10, 20] }], { blastMarkers: 2 });
  const d = detachment('D', [{ name: 'Unit', count: 1, assault: 4, speed: 10 }, { name: 'Gun', count: 1, assault: 0, speed: 0 }], {}, false);
  const s = epicScenario(a, d);
  // totals: attacker 3 + 1 support = 4, defender 4 + 1 support = 5: the defender's +1 for the totals
  const bonuses = (ma: number, md: number): [number, number] => [
    (md >= 5 ? 1 : 0) + (md > ma ? 1 : 0),
    (ma >= 5 ? 1 : 0) + (ma > md ? 1 : 0) + 1,
  ];
  const pass = 4 / 6; // more than 2 on a D6
  const e = { attackerRoll: 0, swept: 0, fellBack: 0, rolls: 0, placedD: 0, destroyedD: 0 };
  // the chain: `mass` reaches the k-th roll-off, with 2 + k and k markers
  let mass = pass;
  for (let k = 0; k < 60; k++) {
    const [ba, bd] = bonuses(2 + k, k);
    let tie = 0;
    for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) {
      const diff = x + ba - (y + bd);
      const p = mass / 36;
      if (diff === 0) {
        tie += 1 / 36;
        continue;
      }
      const dd = Math.abs(diff);
      const [w, l] = NEEDS[Math.min(dd, 5)]!;
      e.rolls += p * (k + 1);
      if (diff > 0) {
        // the defender lost: its unit in contact dies to the attacker's die (w+); the gun, Speed 0, dies retreating
        e.attackerRoll += p;
        const kill = hitChance(w);
        e.swept += p * kill;
        e.fellBack += p * (1 - kill);
        e.destroyedD += p * (kill * 2 + (1 - kill) * 1);
        e.placedD += p * (k + 1);
      } else {
        // the attacker lost and retreats; its units move: the defender's unit may die to the attacker's die (l+)
        e.fellBack += p;
        e.destroyedD += p * hitChance(l);
        e.placedD += p * k;
      }
    }
    mass *= tie;
  }
  const expected: Record<string, number> = {
    'charge.moved': pass,
    'final.end.chargeFailed': 1 - pass,
    'firstRound.result.attacker': e.attackerRoll,
    'final.end.swept': e.swept,
    'final.end.fellBack': e.fellBack,
    'close.resolutionRolls.mean': e.rolls,
    'final.blastMarkersPlaced.defender.mean': e.placedD,
    'final.unitsDestroyed.defender.mean': e.destroyedD,
    'final.broken.defender': e.attackerRoll,
    'charge.supporting.attacker.mean': pass,
    'charge.supporting.defender.mean': pass,
  };
  it('exact agrees within 1e-9', () => {
    const r = exact(s);
    for (const [path, p] of Object.entries(expected)) expect(Math.abs(get(r, path) - p), path).toBeLessThan(1e-9);
  });
  it('sim agrees within 4.5 standard errors', async () => {
    const n = 40_000;
    const r = await simulate(s, { runs: n, seed: 'epic-chain' });
    for (const path of ['charge.moved', 'firstRound.result.attacker', 'final.end.swept', 'final.end.fellBack', 'final.broken.defender']) near(get(r, path), expected[path]!, n);
    near(get(r, 'final.unitsDestroyed.defender.mean'), expected['final.unitsDestroyed.defender.mean']!, n, 1);
  });
});

describe('exact and sim agree on generated epic fights', () => {
  // a small generator of its own (no Math.random): every rule of E3-E11 comes up somewhere
  let seed = 12345;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  // E15: an attacker is never Broken, nor is an unbreakable detachment
  const brokenOrNot = (attacker: boolean, broken: boolean, unbreakable: boolean) => ({ broken: broken && !attacker && !unbreakable, unbreakable });
  const side = (attacker: boolean) => {
    const groups = Array.from({ length: 1 + next(3) }, (_, i) => ({
      name: `G${i}`, count: 1 + next(4), assault: next(7), firepower: next(4), psyker: next(5) === 0, closeSupport: next(4) === 0,
      speed: (next(5) === 0 ? [0, 0] : [10, 10 + 10 * next(3)]) as [number, number], ...(attacker ? { distance: [0, 5, 15, 20, 25, 40][next(6)]! } : {}),
    }));
    return detachment(attacker ? 'A' : 'D', groups, { blastMarkers: next(4), ...brokenOrNot(attacker, next(4) === 0, next(5) === 0), noRetreat: next(5) === 0 }, attacker);
  };
  const paths = ['charge.moved', 'firstRound.result.attacker', 'final.winner.attacker', 'final.winner.none', 'final.end.destroyed', 'final.end.swept',
    'final.end.fellBack', 'final.end.locked', 'final.end.chargeFailed', 'final.broken.attacker', 'final.broken.defender'];
  const means = ['final.survivors.attacker', 'final.survivors.defender', 'close.resolutionRolls', 'final.blastMarkersPlaced.attacker', 'final.blastMarkersPlaced.defender'];
  it('on 25 fights, every share and mean within 4.5 standard errors', { timeout: 60_000 }, async () => {
    for (let k = 0; k < 25; k++) {
      const s = epicScenario(side(true), side(false));
      const e = exact(s);
      const n = 6000;
      const r = await simulate(s, { runs: n, seed: `gen-${k}` });
      for (const p of paths) near(get(r, p), get(e, p), n);
      for (const p of means) near(get(r, `${p}.mean`), get(e, `${p}.mean`), n, get(e, `${p}.sd`));
      let total = 0;
      for (const end of ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed']) total += get(e, `final.end.${end}`);
      expect(Math.abs(total - 1)).toBeLessThan(1e-9);
    }
  });
});

describe('fight --run K is run K of sim, under epic too', () => {
  it('the extremes replay with their values', async () => {
    const { fight } = await import('../src/sim/fight.js');
    const { loadScenario } = await import('../src/io/load.js');
    const s = loadScenario(new URL('../rosters/scenarios/epic-jump-pack-charge.yaml', import.meta.url).pathname);
    const r = await simulate(s, { runs: 2000, seed: 'replay' });
    for (const side of ['attacker', 'defender'] as const) {
      const e = r.extremes[side === 'attacker' ? 'attackerWorst' : 'defenderWorst']!;
      expect(fight(s, { seed: 'replay', run: e.run!, quiet: true }).outcome.survivors[side].wounds).toBe(e.value);
    }
  });
});

describe('E14: the order of model groups in a file changes no figure', () => {
  // 2 units of Assault 1 charge a gun (Speed 0) and a Boy (Speed 10), each of Assault 1: the bonuses
  // stay equal through every tie, so each side wins the roll half the time, by d with chance (6 - d)/15
  const a = detachment('A', [{ name: 'Marine', count: 2, assault: 1, distance: 0, speed: [10, 20] }]);
  const gun = { name: 'Gun', count: 1, assault: 1, speed: 0 };
  const boy = { name: 'Boy', count: 1, assault: 1, speed: 10 };
  const orders = [epicScenario(a, detachment('D', [gun, boy], {}, false)), epicScenario(a, detachment('D', [boy, gun], {}, false))];
  const e = { swept: 0, fellBack: 0, destroyedD: 0 };
  for (let d = 1; d <= 5; d++) {
    const p = (6 - d) / 15 / 2;
    const [w, l] = NEEDS[d]!;
    const qw = hitChance(w);
    const ql = hitChance(l);
    // the attacker won: one hit takes the Boy (it would get clear) and the gun dies retreating: swept
    const aliveA = 1 - ql * ql; // the defender's 2 dice do not both hit
    e.swept += p * 2 * qw * (1 - qw) * aliveA;
    e.fellBack += p * (1 - qw) ** 2 * aliveA;
    // defender units lost: no hit, the gun alone in the retreat (none when the attacker was wiped out
    // first: no retreat); one hit, the Boy and then the gun (the gun lives when no retreat follows); two, both
    e.destroyedD += p * ((1 - qw) ** 2 * aliveA + 2 * qw * (1 - qw) * (2 * aliveA + (1 - aliveA)) + qw * qw * 2);
    // the defender won: the attacker's units get clear; destroyed when either side loses both units
    e.fellBack += p * (1 - qw * qw) * (1 - ql * ql);
    e.destroyedD += p * 2 * ql * (1 - ql) + p * 2 * ql * ql;
  }
  const figures = (r: SimReport) => JSON.stringify({ final: r.final, firstRound: r.firstRound, charge: r.charge, close: r.close }, (_, v) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));
  it('exact: both orders give the same figures, as worked out here', () => {
    const [x, y] = orders.map((s) => exact(s));
    expect(figures(x!)).toBe(figures(y!));
    expect(Math.abs(get(x!, 'final.end.swept') - e.swept)).toBeLessThan(1e-9);
    expect(Math.abs(get(x!, 'final.end.fellBack') - e.fellBack)).toBeLessThan(1e-9);
    expect(Math.abs(get(x!, 'final.unitsDestroyed.defender.mean') - e.destroyedD)).toBeLessThan(1e-9);
    expect(Math.abs(get(x!, 'firstRound.result.attacker') - 0.5)).toBeLessThan(1e-9);
  });
  it('sim: both orders give the same figures run for run', async () => {
    const [x, y] = await Promise.all(orders.map((s) => simulate(s, { runs: 20_000, seed: 'e14-order' })));
    expect(figures(x!)).toBe(figures(y!));
    near(get(x!, 'final.end.swept'), e.swept, 20_000);
  });
  it('on generated fights, every order of every side\'s groups gives the same exact figures', () => {
    const att = [{ name: 'Nob', count: 1, assault: 4, distance: 0, speed: [10, 20] as [number, number] }, { name: 'Boy', count: 3, assault: 2, distance: 5, speed: [10, 20] as [number, number] }];
    const def = [{ name: 'Gun', count: 2, assault: 3, speed: 0 }, { name: 'Guard', count: 1, assault: 1, speed: 10 }, { name: 'Sarge', count: 1, assault: 2, speed: 10 }];
    const perms = <T>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => perms([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));
    const seen = new Set<string>();
    for (const ap of perms(att)) for (const dp of perms(def)) {
      for (const det of [{}, { noRetreat: true }]) seen.add(`${JSON.stringify(det)} ${figures(exact(epicScenario(detachment('A', ap), detachment('D', dp, det, false))))}`);
    }
    expect(seen.size).toBe(2);
  });
});
