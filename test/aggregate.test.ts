// A sim counts each run against its distinct outcome and adds the outcomes to the statistics
// when they are read (src/report/aggregate.ts, src/report/outcomes.ts). The report must be the one
// adding every run to every statistic gives, in any order, merged in any order, and however
// often the outcomes are forgotten to bound memory; and the key of an outcome must cover every
// figure of it, or two outcomes a statistic tells apart would be counted as one.
import { describe, expect, it } from 'vitest';
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { copyOutcome, runFight, type FightOutcome } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import { loadScenario } from '../src/io/load.js';
import { Aggregate, limitsOf, report } from '../src/report/aggregate.js';
import { ENDS, FATES } from '../src/report/fates.js';
import { OutcomeIds } from '../src/report/outcomes.js';

const RUNS = 3000;

function fought(file: string, rules: string): { limits: ReturnType<typeof limitsOf>; runs: { o: FightOutcome; run: number; dice: number }[] } {
  const scenario = loadScenario(`rosters/scenarios/${file}.yaml`, { rules });
  const ruleset = getRuleset(scenario.rules);
  const state = new FightState(scenario, ruleset);
  const chance = new CountChance('aggregate');
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    state.reset();
    chance.start(run);
    runs.push({ o: copyOutcome(runFight(state, ruleset, chance, null)), run, dice: chance.rolled });
  }
  return { limits: limitsOf(scenario), runs };
}

const meta = { rules: 'x', scenario: 'x', seed: 'aggregate', partial: false };

/** a fixed shuffle (no luck): every 7th run from a rotating start */
function shuffled<T>(xs: T[]): T[] {
  const out: T[] = [];
  for (let start = 0; start < 7; start++) for (let i = (start * 3) % 7; i < xs.length; i += 7) out.push(xs[i]!);
  return out;
}

describe('sim statistics counted by outcome', () => {
  const cases = [['tactical-vs-boyz', 'srd4'], ['two-squads-vs-boyz', 'revised4'], ['banshees-vs-mixed-armour', 'fightphase'], ['lone-sergeant-final-blow', 'waffle']] as const;
  for (const [file, rules] of cases) {
    it(`${file} under ${rules}: the report of adding every run to every statistic, in any order, merged in any order, however few outcomes are kept`, () => {
      const { limits, runs } = fought(file, rules);
      expect(new Set(shuffled(runs)).size).toBe(RUNS);
      // every run into every cell, one by one
      const direct = new Aggregate(limits);
      for (const r of runs) direct.add(r.o, r.run, r.dice);
      const want = report(direct, meta);

      const counted = new Aggregate(limits);
      for (const r of runs) counted.addRun(r.o, r.run, r.dice);
      expect(counted.runs).toBe(RUNS);
      expect(report(counted, meta)).toEqual(want);

      // shuffled, with at most 3 outcomes kept at once, read half way through
      const small = new Aggregate(limits, 3);
      const order = shuffled(runs);
      order.forEach((r, i) => {
        small.addRun(r.o, r.run, r.dice);
        if (i === RUNS / 2) expect(small.runs).toBe(RUNS / 2 + 1);
      });
      expect(report(small, meta)).toEqual(want);

      // two halves merged, the later one first, one of them across a worker boundary
      const late = new Aggregate(limits);
      const early = new Aggregate(limits);
      for (const r of runs) (r.run > RUNS / 2 ? late : early).addRun(r.o, r.run, r.dice);
      late.merge(Aggregate.from(early.serialize()));
      expect(report(late, meta)).toEqual(want);
      // each outcome is kept as its key alone, and read back whole
      const ids = new OutcomeIds();
      const back = runs.filter((r) => JSON.stringify(ids.outcome(ids.id(r.o))) !== JSON.stringify(r.o));
      expect(back).toEqual([]);
    }, 30_000);
  }

  it('the key of an outcome covers every figure in it: changing any one gives a new outcome', () => {
    const { runs } = fought('two-squads-vs-boyz', 'revised4');
    const base = runs[0]!.o;
    const changed: string[] = [];
    const leaves: string[] = [];
    // every leaf of the outcome, changed alone to another value it can take
    const visit = (path: string[], get: (o: FightOutcome) => Record<string, unknown> | unknown[]) => {
      for (const [k, v] of Object.entries(get(base))) {
        const at = [...path, k];
        if (v !== null && typeof v === 'object') {
          visit(at, (o) => (get(o) as Record<string, unknown>)[k] as Record<string, unknown>);
          continue;
        }
        leaves.push(at.join('.'));
        const ids = new OutcomeIds();
        const first = ids.id(base);
        const o = copyOutcome(base);
        const parent = get(o) as Record<string, unknown>;
        const other = (list: readonly unknown[]) => list.find((x) => x !== v);
        parent[k] = typeof v === 'number' ? v + 1
          : k === 'end' ? other(ENDS) : k === 'fate' ? other(FATES) : k === 'winner' ? (v === null ? 'attacker' : null) : other(['attacker', 'defender', 'draw']);
        if (ids.id(o) !== first) changed.push(at.join('.'));
      }
    };
    visit([], (o) => o as unknown as Record<string, unknown>);
    expect(leaves.length).toBeGreaterThanOrEqual(26);
    expect(changed).toEqual(leaves);
  });
});
