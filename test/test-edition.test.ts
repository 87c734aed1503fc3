// Adding an edition touches its folder and the registry, nothing else. This file holds two such
// editions, made for the test: srd4 with a Morale penalty (the loser tests on Ld minus the
// difference in wounds, as fightphase will), built from srd4's procedure by replacing one
// named step; and srd4 whose sweeping advance costs the caught unit two wounds with no saves
// instead of destroying it, said as data (`sweepLoss`) that the shared sweep step applies. Each
// is registered at run time and fought through the library like any other.
import { describe, expect, it } from 'vitest';
import { srd4 } from '../src/editions/srd4/index.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import { getRuleset, registerRuleset } from '../src/editions/registry.js';
import { moraleStep, replaceStep } from '../src/engine/steps.js';
import { simulate } from '../src/sim/run.js';
import { poolThreads, runPool } from '../src/sim/pool.js';
import { checkThreads, runChecks } from '../src/check/check.js';
import { resolve } from 'node:path';
import { eventsOf, model, scenario, scripted, tempFiles, unit } from './helpers.js';

const penalty: Ruleset = {
  ...srd4,
  id: 'test-morale-penalty',
  name: 'srd4 with a Morale penalty (test only)',
  procedure: {
    ...srd4.procedure,
    phase: replaceStep(srd4.procedure.phase, 'morale', moraleStep({ penalty: (c) => Math.abs(c.wounds.attacker - c.wounds.defender) })),
  },
};
registerRuleset(penalty);

const twoWounds: Ruleset = { ...srd4, id: 'test-sweep-wounds', name: 'srd4 whose sweep costs two wounds (test only)', sweepLoss: () => 2 };
registerRuleset(twoWounds);

describe('a test-only edition: srd4 with a Morale penalty', () => {
  const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 4, A: 2 }), 1]]);
  const targets = () => unit('Targets', [[model('Target', { T: 4, I: 1, A: 0, Ld: 8 }), 5]]);
  // two hits, two wounds (no save): 2-0; Morale 4+3 = 7 holds on Ld8 in srd4, fails on Ld 8-2 here
  const dice = [4, 4, 4, 4, 4, 3];
  it('the registry knows it', () => {
    expect(getRuleset('test-morale-penalty')).toBe(penalty);
    expect(() => registerRuleset(penalty)).toThrow(/exists already/);
  });
  it('srd4 holds on 7', () => {
    const { events } = scripted(scenario('srd4', [killers], [targets()]), dice);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ ld: 8, penalty: 0, passed: true });
  });
  it('the new edition takes the difference in wounds off Ld: 7 fails on Ld 8-2, and the fight goes to the sweep', () => {
    const { events } = scripted(scenario('test-morale-penalty', [killers], [targets()]), [...dice, 1, 6]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ ld: 8, penalty: 2, passed: false });
    expect(eventsOf(events, 'breakoff')[0]!.outcome).toBe('swept');
  });
  it('sim runs it: the loser breaks more often than under srd4', async () => {
    const s = scenario('srd4', [unit('A', [[model('A', { WS: 4, S: 4, I: 4, A: 2 }), 5]], { charged: true })], [unit('D', [[model('D', { T: 3, I: 3, A: 1, Ld: 7 }), 8]])], 1);
    const base = await simulate(s, { runs: 2000, seed: 'p' });
    const harsh = await simulate({ ...s, rules: 'test-morale-penalty' }, { runs: 2000, seed: 'p' });
    expect(harsh.morale.runsWithFailure).toBeGreaterThan(base.morale.runsWithFailure);
  });
  it('sim with workers fights it in this thread, where it is registered: the same figures as one worker', async () => {
    const s = scenario('test-morale-penalty', [unit('A', [[model('A', { WS: 4, S: 4, I: 4, A: 2 }), 5]], { charged: true })], [unit('D', [[model('D', { T: 3, I: 3, A: 1, Ld: 7 }), 8]])], 1);
    const one = await simulate(s, { runs: 3000, seed: 'w' });
    const two = await simulate(s, { runs: 3000, seed: 'w', workers: 2, minRunsPerWorker: 1 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
  });
  it('a batch with a row under it fights every row in this thread: the same reports as one worker', async () => {
    const s = scenario('test-morale-penalty', [unit('A', [[model('A', { WS: 4, S: 4, I: 4, A: 2 }), 5]], { charged: true })], [unit('D', [[model('D', { T: 3, I: 3, A: 1, Ld: 7 }), 8]])], 1);
    const jobs = [{ scenario: s, seed: 'r1', runs: 500 }, { scenario: { ...s, rules: 'srd4' }, seed: 'r2', runs: 500 }];
    expect(poolThreads(jobs, 2, 1)).toBe(1);
    expect(JSON.stringify(await runPool(jobs, 2, undefined, 1))).toBe(JSON.stringify(await runPool(jobs, 1)));
  });
  it('check files that name it run in this thread, whatever --workers says', async () => {
    const files = tempFiles('test-edition');
    const scenarioFile = resolve(import.meta.dirname, '../rosters/scenarios/tactical-vs-boyz.yaml');
    const checks = ['a', 'b'].map((n) => files.write(`${n}.check.yaml`, `scenario: ${JSON.stringify(scenarioFile)}\nrules: test-morale-penalty\nruns: 500\nseed: ${n}\nexpect:\n  final.winner.attacker: { min: 0, max: 1 }\n`));
    expect(checkThreads(checks.length, 2)).toBe(1);
    const run = await runChecks(checks, { workers: 2 });
    expect(run.problems).toEqual([]);
    expect(run.passed).toBe(2);
  });
});

describe('a test-only edition: srd4 whose sweeping advance costs two wounds', () => {
  const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 4, A: 2 }), 1]]);
  const targets = unit('Targets', [[model('Target', { T: 4, I: 1, A: 0, Ld: 8 }), 5]]);
  // two hits, two wounds (no save); Morale 6+6 fails; flee 1 + I1 against sweep 6 + I4: caught
  const dice = [4, 4, 4, 4, 6, 6, 1, 6];
  it('srd4 destroys the caught unit', () => {
    const { events, outcome } = scripted(scenario('srd4', [killers], [targets]), dice);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'swept' });
    expect(outcome.survivors.defender.models).toBe(0);
  });
  it('the new edition takes two wounds off it, no saves, and it leaves the combat with the rest', () => {
    const { events, outcome } = scripted(scenario('test-sweep-wounds', [killers], [targets]), dice);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'swept', woundsLost: 2 });
    expect(outcome.survivors.defender.models).toBe(1);
    expect(outcome.units[1]!.fate).toBe('swept');
  });
});
