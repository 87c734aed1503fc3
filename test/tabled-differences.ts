// The tabled sim held to the reference steps run by run (outcome and dice), shared by the tests
// of the table and of the abilities it tables.
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import type { Scenario } from '../src/model.js';
import { TabledFight, type TableLimits } from '../src/sim/tabled.js';

/** The first runs (up to 3) in which the table and the reference differ, described; [] when none. */
export function tabledDifferences(name: string, s: Scenario, runs: number, seed = 'tabled', limits?: TableLimits): string[] {
  const ruleset = getRuleset(s.rules);
  const table = new TabledFight(s, ruleset, limits);
  const state = new FightState(s, ruleset);
  const a = new CountChance(seed);
  const b = new CountChance(seed);
  const wrong: string[] = [];
  for (let run = 1; run <= runs && wrong.length < 3; run++) {
    state.reset();
    a.start(run);
    const want = JSON.stringify(runFight(state, ruleset, a, null));
    b.start(run);
    table.run(b);
    const got = JSON.stringify(table.outcome());
    if (got !== want || a.rolled !== b.rolled) wrong.push(`${name} run ${run}:\n  reference ${want} (${a.rolled} dice)\n  tabled    ${got} (${b.rolled} dice)`);
  }
  return wrong;
}
