// The tabled fights (src/sim/tabled.ts) against the reference steps, run by run: every outcome
// field and the dice rolled must be the same, on every shipped scenario under every edition where
// sim tables it (as shipped and for one phase), the shipped vehicle scenarios, the shipped edition files,
// generated scenarios of one and several units a side, and with a table too small to hold the
// fight. And `sim` with the table gives the report the reference steps give.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import { loadEditionFile } from '../src/io/edition.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import type { ModelSpec, Scenario } from '../src/model.js';
import { Aggregate, limitsOf, report } from '../src/report/aggregate.js';
import { Fights, TABLE_FROM } from '../src/sim/run.js';
import { STEPS_WINDOW, TabledFight, WINDOW } from '../src/sim/tabled.js';
import { kernelRefusal } from '../src/sim/kernel/domain.js';
import { generator } from './generated.js';
import { forgetReferences, tabledDifferences } from './tabled-differences.js';
import { modelIn, scenario, unit, wh40kScenarioFiles } from './helpers.js';
import { squadWithRhino } from './vehicle-scenarios.js';

afterAll(forgetReferences);

const EDITIONS = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;
const SCENARIOS = join(SHIPPED_ROSTERS, 'scenarios');
const VEHICLES = join(SCENARIOS, 'vehicles');
const shipped = () => wh40kScenarioFiles(SCENARIOS).map((f) => join(SCENARIOS, f));
const vehicles = () => readdirSync(VEHICLES).filter((f) => f.endsWith('.yaml')).map((f) => join(VEHICLES, f));

const differences = tabledDifferences;

describe('a tabled fight fights every run as the reference steps', () => {
  // sim tables a fight only where the kernel refuses it (sim/run.ts): the shipped fights the kernel
  // takes are held to the reference run by run in test/kernel.test.ts (as sim fights them), and the
  // table on them (under an edition file, which the kernel refuses) by the shipped edition files below
  it('every shipped scenario under every edition that sim tables (the kernel refuses it), as shipped and for one phase', { timeout: 300_000 }, () => {
    const wrong: string[] = [];
    const why = new Set<string>();
    let tabled = 0;
    for (const f of shipped()) {
      for (const rules of EDITIONS) {
        const s = loadScenario(f, { rules });
        for (const [name, sc, runs] of [[`${f} ${rules}`, s, 1500], [`${f} ${rules} one phase`, { ...s, rounds: 1 }, 1000]] as const) {
          const refusal = kernelRefusal(new FightState(sc, getRuleset(rules)), getRuleset(rules));
          if (refusal === null) continue;
          tabled++;
          why.add(refusal);
          wrong.push(...differences(name, sc, runs));
        }
      }
    }
    expect(wrong).toEqual([]);
    // of 152: Fiery Charge, charges rolled and models not in contact (waffle, fightphase), a character
    // apart, several units a side under fightphase and waffle, abilities on saves in a unit of mixed saves
    expect([tabled, why.size]).toEqual([34, 8]);
  });

  it('the shipped vehicle scenarios (srd4 and revised4), as shipped and for one phase', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    for (const f of vehicles()) {
      for (const rules of ['srd4', 'revised4']) {
        const s = loadScenario(f, { rules });
        wrong.push(...differences(`${f} ${rules}`, s, 1500));
        wrong.push(...differences(`${f} ${rules} one phase`, { ...s, rounds: 1 }, 1000));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a squad with its Rhino (vehicles.md V17, V18), srd4 and revised4, one phase and to resolution', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    for (const rules of ['srd4', 'revised4']) {
      for (const rounds of [1, 'resolve'] as const) wrong.push(...differences(`squad with Rhino ${rules} ${rounds}`, squadWithRhino(rules, rounds), 1500));
    }
    expect(wrong).toEqual([]);
  });

  it('the shipped edition files, on every shipped scenario', { timeout: 120_000 }, () => {
    const dir = join(SHIPPED_ROSTERS, 'editions');
    const ids = readdirSync(dir).filter((f) => f.endsWith('.edition.yaml')).map((f) => loadEditionFile(join(dir, f)).id);
    expect(ids.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const rules of ids) for (const f of shipped()) wrong.push(...differences(`${f} ${rules}`, loadScenario(f, { rules }), 500));
    expect(wrong).toEqual([]);
  });

  it('generated scenarios under every edition, one and several units a side', { timeout: 300_000 }, () => {
    const make = generator(20261127, false, { rules: EDITIONS, sides: 3 });
    const wrong: string[] = [];
    let several = 0;
    for (let i = 0; i < 300; i++) {
      const s = make(i);
      if (s.attacker.units.length + s.defender.units.length > 2) several++;
      wrong.push(...differences(s.name, s, 300, `g${i}`));
    }
    expect(wrong).toEqual([]);
    expect(several).toBeGreaterThan(100);
  });

  it('a sweep over more kinds of model than a code can number: not kept, fought on by the steps', { timeout: 60_000 }, () => {
    // 12 Marines charge ten kinds of Grots under waffle, which break and are caught in about a run in five: 12 sweep hits spread over up to ten classes, 13^10 ways (past 2^31)
    const marine = modelIn('waffle', 'Marine', { WS: 5, S: 4, T: 4, I: 4, A: 1, Ld: 9, Sv: 3 }, ['close-combat-weapon']);
    const kinds = Array.from({ length: 10 }, (_, i) => [modelIn('waffle', `Grot ${i}`, { WS: 1, S: 1, T: 4 + (i % 3), I: 1, A: 1, Ld: 4, Sv: 4 }), 2] as [ModelSpec, number]);
    const s = scenario('waffle', [unit('Marines', [[marine, 12]], { charged: true })], [unit('Grots', kinds)]);
    expect(differences('ten kinds', s, 2000)).toEqual([]);
  });

  it('a leader by Leadership (rules ruling 28): an untagged sergeant listed first dies after his men, under every edition', { timeout: 60_000 }, () => {
    const wrong: string[] = [];
    for (const rules of EDITIONS) {
      const sergeant = modelIn(rules, 'Sergeant', { WS: 3, S: 3, T: 3, I: 3, A: 2, Ld: 8, Sv: 5 }, ['power-weapon']);
      const guardsman = modelIn(rules, 'Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 });
      const marine = modelIn(rules, 'Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
      const s = scenario(rules, [unit('Marines', [[marine, 5]], { charged: true })], [unit('Guard', [[sergeant, 1], [guardsman, 9]])], 'resolve');
      wrong.push(...differences(`leader ${rules}`, s, 1000));
    }
    expect(wrong).toEqual([]);
  });

  it('what only a program can give: phases not a whole number, no phase', { timeout: 60_000 }, () => {
    const wrong: string[] = [];
    for (const rules of EDITIONS) {
      const s = loadScenario(join(SCENARIOS, 'tactical-vs-boyz.yaml'), { rules });
      for (const rounds of [2.5, 3.5, 0.5, 0]) {
        wrong.push(...differences(`${rules} ${rounds} phases`, { ...s, rounds }, 500));
        // and with a table that fills at once, so that runs are fought on by the steps
        wrong.push(...differences(`${rules} ${rounds} phases, small`, { ...s, rounds }, 300, 'tabled', { nodes: 40, numbers: 1 << 20, outcomes: 1 << 10 }));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a table too small for the fight: runs that leave it are fought on by the steps', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    for (const limits of [{ nodes: 60, numbers: 1 << 24, outcomes: 1 << 17 }, { nodes: 1 << 22, numbers: 2000, outcomes: 1 << 17 }, { nodes: 1 << 22, numbers: 1 << 24, outcomes: 5 }]) {
      for (const f of ['tactical-vs-boyz.yaml', 'two-squads-vs-boyz.yaml', 'boyz-charge-into-overwatch.yaml']) {
        // the seed of the first test: the reference's runs are those it fought
        for (const rules of EDITIONS) wrong.push(...differences(`${f} ${rules} ${JSON.stringify(limits)}`, loadScenario(join(SCENARIOS, f), { rules }), 600, 'tabled', limits));
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('sim with the table', () => {
  /** the report of runs 1..n of `s` fought by `Fights` (reference: the steps alone) */
  const reportOf = (s: Scenario, n: number, reference: boolean) => {
    const agg = new Aggregate(limitsOf(s));
    // planned as a sim of TABLE_FROM runs, so that the table fights them; the first n fought
    const fights = new Fights(s, 'same', reference, TABLE_FROM);
    expect(fights.way).toBe(reference ? 'steps' : 'tabled');
    for (let from = 1; from <= n; from += 5000) fights.range(from, Math.min(n, from + 4999), agg);
    return report(agg, { rules: s.rules, scenario: s.name, seed: 'same', partial: false });
  };

  it('the same report as the reference steps, its extremes and their runs included', { timeout: 120_000 }, () => {
    for (const [f, rules] of [['two-squads-vs-boyz.yaml', 'fightphase'], ['boyz-charge-into-overwatch.yaml', 'waffle'], ['guardians-fall-back.yaml', 'waffle']] as const) {
      const s = loadScenario(join(SCENARIOS, f), { rules });
      expect(reportOf(s, 3 * WINDOW, false)).toEqual(reportOf(s, 3 * WINDOW, true));
    }
  });

  it('the table stops being used once windows of its runs take longer a run than a window of the steps alone, three in a row', () => {
    const s = loadScenario(join(SCENARIOS, 'tactical-vs-boyz.yaml'), { rules: 'fightphase' });
    // the clock read when the table is made, then at the end of each window
    const timed = (times: number[]) => {
      let i = 0;
      const table = new TabledFight(s, getRuleset('fightphase'), undefined, () => times[Math.min(i++, times.length - 1)]!);
      const chance = new CountChance('judge');
      for (let run = 1; run <= 7 * WINDOW; run++) table.run(chance.start(run));
      return table.on;
    };
    // windows: the table learning (WINDOW runs, twice: 10 ms each), the steps (STEPS_WINDOW runs, 10 ms
    // for each quarter of WINDOW), then the table (WINDOW runs) ...
    const steps = (10 * 4 * STEPS_WINDOW) / WINDOW;
    const after = (ms: number[]) => [0, 10, 20, 20 + steps, ...ms.map((m) => 20 + steps + m)];
    // ... three windows in a row slower a run (60 ms each): stopped
    expect(timed(after([60, 120, 180]))).toBe(false);
    // ... slower, slower, faster, slower: on
    expect(timed(after([60, 120, 125, 185]))).toBe(true);
    // ... a little slower (45 ms, under 1.2 times the steps' time a run), three times: on
    expect(timed(after([45, 90, 135]))).toBe(true);
  });

  it('a table stopped, or timing its window of steps, fights the same runs', { timeout: 120_000 }, () => {
    const s = loadScenario(join(SCENARIOS, 'two-squads-vs-boyz.yaml'), { rules: 'waffle' });
    const ruleset = getRuleset('waffle');
    const state = new FightState(s, ruleset);
    const table = new TabledFight(s, ruleset, undefined, () => 0);
    const a = new CountChance('steps');
    const b = new CountChance('steps');
    let wrong = 0;
    for (let run = 1; run <= 3 * WINDOW; run++) {
      state.reset();
      const want = JSON.stringify(runFight(state, ruleset, a.start(run), null));
      table.run(b.start(run));
      if (JSON.stringify(table.outcome()) !== want || a.rolled !== b.rolled) wrong++;
    }
    expect(wrong).toBe(0);
  });

});
