// srd4 sim: Monte Carlo figures against exact probabilities computed here, independently of the
// engine (binomial arithmetic), within 4 standard errors.
import { describe, expect, it } from 'vitest';
import { fight } from '../src/index.js';
import { Fights, MIN_COMPILED_RUNS_PER_WORKER, MIN_RUNS_PER_WORKER, MIN_TABLED_RUNS_PER_WORKER, simThreads, simulate } from '../src/sim/run.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { join } from 'node:path';
import { binom, cappedMoments, simultaneousDuel } from './exact.js';
import { model, scenario, unit } from './helpers.js';

const within = (got: number, p: number, runs: number) => {
  const se = Math.sqrt(Math.max(p * (1 - p), 1e-9) / runs);
  expect(Math.abs(got - p), `got ${got}, exact ${p.toFixed(5)}, se ${se.toFixed(5)}`).toBeLessThanOrEqual(4 * se + 1e-6);
};
const withinMean = (got: number, mean: number, variance: number, runs: number) => {
  const se = Math.sqrt(variance / runs);
  expect(Math.abs(got - mean), `got ${got}, exact ${mean.toFixed(5)}, se ${se.toFixed(5)}`).toBeLessThanOrEqual(4 * se + 1e-6);
};
const RUNS = 20_000;

describe('srd4 sim against exact probabilities', { timeout: 60_000 }, () => {
  it('srd4 one model, three attacks at 4+ and 4+: wounds ~ Binomial(3, 1/4)', async () => {
    const s = scenario('srd4', [unit('A', [[model('A', { WS: 4, S: 4, I: 4, A: 3 }), 1]])], [unit('D', [[model('D', { WS: 4, T: 4, I: 1, A: 0 }), 10]])], 1);
    const r = await simulate(s, { runs: RUNS, seed: 'exact-1' });
    const pmf = binom(3, 1 / 4);
    withinMean(r.firstRound.woundsInflicted.attacker.mean, 0.75, 3 * 0.25 * 0.75, RUNS);
    within(r.firstRound.result.attacker!, 1 - pmf[0]!, RUNS);
    within(r.firstRound.result.draw!, pmf[0]!, RUNS);
  });

  it('srd4 ten charging Marines against ten Guardsmen: 20 attacks at 8/27, excess over 10 lost', async () => {
    const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
    const guard = model('Guard', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 7, Sv: 5 });
    const s = scenario('srd4', [unit('M', [[marine, 10]], { charged: true })], [unit('G', [[guard, 10]])], 1);
    const r = await simulate(s, { runs: RUNS, seed: 'exact-2' });
    const p = (2 / 3) * (2 / 3) * (2 / 3); // hit 3+, wound 3+, save 5+ fails
    const pmf = binom(20, p);
    const { mean, variance } = cappedMoments(pmf, 10);
    withinMean(r.firstRound.woundsInflicted.attacker.mean, mean, variance, RUNS);
    within(r.final.end.destroyed!, pmf.slice(10).reduce((a, b) => a + b, 0), RUNS);
    // "at least k" wounds in the first phase: the binomial's upper tail
    const tail = (k: number) => pmf.slice(k).reduce((a, b) => a + b, 0);
    for (const k of [1, 3, 5, 7, 9]) within(r.atLeast.firstRoundWounds.attacker[k]!.p, tail(k), RUNS);
    expect(r.atLeast.firstRoundWounds.attacker[0]).toMatchObject({ k: 0, p: 1 });
  });

  it('srd4 "at least k models left": fearless Guardsmen never break, so 10 - wounds >= k', async () => {
    const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
    const guard = model('Guard', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 7, Sv: 5 }, [], ['fearless']);
    const s = scenario('srd4', [unit('M', [[marine, 10]], { charged: true })], [unit('G', [[guard, 10]])], 1);
    const r = await simulate(s, { runs: RUNS, seed: 'exact-4' });
    const pmf = binom(20, (2 / 3) ** 3);
    const atMost = (w: number) => pmf.slice(0, w + 1).reduce((a, b) => a + b, 0);
    for (const k of [1, 4, 8, 10]) within(r.atLeast.survivors.defender[k]?.p ?? 0, atMost(10 - k), RUNS);
  });

  it('srd4 simultaneous blows, then Morale at Ld7 (fails 15/36): first-round result and final winner', async () => {
    const m = (name: string) => model(name, { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 7 });
    const s = scenario('srd4', [unit('A', [[m('A'), 5]], { charged: false })], [unit('D', [[m('D'), 5]])], 1);
    const r = await simulate(s, { runs: RUNS, seed: 'exact-3' });
    const { firstWin: aWins, finalWin: finalA } = simultaneousDuel(5, 1 / 4, 7);
    within(r.firstRound.result.attacker!, aWins, RUNS);
    within(r.firstRound.result.defender!, aWins, RUNS);
    within(r.final.winner.attacker!, finalA, RUNS);
    within(r.final.winner.defender!, finalA, RUNS);
  });
});

describe('sim determinism and replay', { timeout: 60_000 }, () => {
  it('workers start for long runs only: longer when the kernel compiles the fights, longest when each thread learns a table', () => {
    const shipped = (f: string, rules?: string) => loadScenario(join(SHIPPED_ROSTERS, 'scenarios', f), rules ? { rules } : undefined);
    // compiled: 10 Marines against 10 Boyz; not: two units a side (the reference steps), waffle with a charge to roll (no kernel)
    expect(new Fights(shipped('tactical-vs-boyz.yaml'), 's', false, MIN_COMPILED_RUNS_PER_WORKER).isCompiled).toBe(true);
    expect(new Fights(shipped('two-squads-vs-boyz.yaml'), 's', false, MIN_COMPILED_RUNS_PER_WORKER).isCompiled).toBe(false);
    expect(new Fights(shipped('boyz-charge-into-overwatch.yaml', 'waffle'), 's', false, MIN_COMPILED_RUNS_PER_WORKER).isCompiled).toBe(false);
    expect(MIN_COMPILED_RUNS_PER_WORKER).toBeGreaterThan(MIN_RUNS_PER_WORKER);
    // a tabled fight (waffle with a charge to roll, a million runs planned): each thread learns its own table
    expect(new Fights(shipped('boyz-charge-into-overwatch.yaml', 'waffle'), 's', false, MIN_TABLED_RUNS_PER_WORKER).runsPerWorker).toBe(MIN_TABLED_RUNS_PER_WORKER);
    expect(new Fights(shipped('tactical-vs-boyz.yaml'), 's', false, MIN_COMPILED_RUNS_PER_WORKER).runsPerWorker).toBe(MIN_COMPILED_RUNS_PER_WORKER);
    expect(new Fights(shipped('boyz-charge-into-overwatch.yaml', 'waffle'), 's', false, 20_000).runsPerWorker).toBe(MIN_RUNS_PER_WORKER);
    expect(MIN_TABLED_RUNS_PER_WORKER).toBeGreaterThan(MIN_COMPILED_RUNS_PER_WORKER);
    expect(simThreads(2 * MIN_RUNS_PER_WORKER, 2, MIN_RUNS_PER_WORKER)).toBe(2);
    expect(simThreads(2 * MIN_RUNS_PER_WORKER, 2, MIN_COMPILED_RUNS_PER_WORKER)).toBe(Math.floor((2 * MIN_RUNS_PER_WORKER) / MIN_COMPILED_RUNS_PER_WORKER));
    expect(simThreads(2 * MIN_COMPILED_RUNS_PER_WORKER, 2, MIN_COMPILED_RUNS_PER_WORKER)).toBe(2);
    expect(simThreads(2 * MIN_COMPILED_RUNS_PER_WORKER, 1, MIN_COMPILED_RUNS_PER_WORKER)).toBe(1);
    expect(simThreads(4000, 2, MIN_COMPILED_RUNS_PER_WORKER, 1000)).toBe(2);
  });

  const s = scenario('srd4',
    [unit('A', [[model('A', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 8, Sv: 4 }), 6]], { charged: true })],
    [unit('D', [[model('D', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 }), 8]])], 'resolve');
  it('the same seed gives identical JSON for --workers 1 and --workers 2', async () => {
    const one = await simulate(s, { runs: 4000, seed: 'w', workers: 1 });
    const two = await simulate(s, { runs: 4000, seed: 'w', workers: 2, minRunsPerWorker: 1000 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
  it('fight --run K replays run K of the sim: the reported extremes come out again', async () => {
    const r = await simulate(s, { runs: 3000, seed: 'replay' });
    const worst = r.extremes.attackerWorst!;
    const replay = fight(s, { seed: 'replay', run: worst.run, quiet: true });
    expect(replay.outcome.survivors.attacker.wounds).toBe(worst.value);
    const longest = r.extremes.longest!;
    expect(fight(s, { seed: 'replay', run: longest.run, quiet: true }).outcome.phases).toBe(longest.value);
  });
  it('stopping (Ctrl-C) reports the runs finished so far, marked partial', async () => {
    const signal = { stopped: false };
    const r = await simulate(s, { runs: 50_000, seed: 'p', signal, onProgress: () => { signal.stopped = true; } });
    expect(r.partial).toBe(true);
    expect(r.runs).toBeGreaterThan(0);
    expect(r.runs).toBeLessThan(50_000);
  });
  it('stopping with workers: each finishes its ranges in hand and the partial report counts exactly them', async () => {
    const signal = { stopped: false };
    const seen: number[] = [];
    const r = await simulate(s, { runs: 200_000, seed: 'p', workers: 2, minRunsPerWorker: 1000, signal, onProgress: (done) => { seen.push(done); signal.stopped = true; } });
    expect(r.partial).toBe(true);
    // ranges are handed out 5,000 runs at a time, two ahead per started worker and one to this thread: at most three in hand when stopped
    expect(r.runs % 5000).toBe(0);
    expect(r.runs).toBeGreaterThanOrEqual(5000);
    expect(r.runs).toBeLessThanOrEqual(15_000);
    expect(seen.at(-1)).toBe(r.runs);
  });
  it('workers share the runs as they free up: a long sim gives the same JSON for 1, 2 and 3 workers', async () => {
    const one = await simulate(s, { runs: 23_456, seed: 'share', workers: 1 });
    for (const workers of [2, 3]) {
      const many = await simulate(s, { runs: 23_456, seed: 'share', workers, minRunsPerWorker: 1000 });
      expect(JSON.stringify(many)).toBe(JSON.stringify(one));
    }
  });
  it('a different seed gives different runs', async () => {
    const a = await simulate(s, { runs: 500, seed: 'a' });
    const b = await simulate(s, { runs: 500, seed: 'b' });
    expect(JSON.stringify(a.final)).not.toBe(JSON.stringify(b.final));
  });
});

describe('sim: each unit\'s fate with several units a side (contract: `units`)', { timeout: 60_000 }, () => {
  const two = scenario('srd4',
    [unit('A', [[model('A', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 8, Sv: 4 }), 6]], { charged: true })],
    [unit('D1', [[model('D', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 }), 4]]), unit('D2', [[model('E', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7 }), 4]])], 'resolve');
  it('fate shares of every unit sum to 1, survivors are bounded, and workers give the same figures', async () => {
    const one = await simulate(two, { runs: 3000, seed: 'u' });
    expect(one.units!.map((u) => [u.side, u.name])).toEqual([['attacker', 'A'], ['defender', 'D1'], ['defender', 'D2']]);
    for (const u of one.units!) expect(Object.values(u.fate).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(one.units![1]!.survivors.max).toBeLessThanOrEqual(4);
    const w = await simulate(two, { runs: 3000, seed: 'u', workers: 2, minRunsPerWorker: 1000 });
    expect(JSON.stringify(w.units)).toBe(JSON.stringify(one.units));
  });
  it('one unit a side: no `units` in the report', async () => {
    const single = scenario('srd4', [two.attacker.units[0]!], [two.defender.units[0]!], 'resolve');
    expect((await simulate(single, { runs: 100, seed: 'u' })).units).toBeUndefined();
  });
});
