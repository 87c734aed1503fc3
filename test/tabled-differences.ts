// A fast way of fighting held to the reference steps run by run (outcome and dice), shared by the
// tests of the tabled sim, of the kernel's abilities and of the abilities the table fights.
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import type { Scenario } from '../src/model.js';
import { TabledFight, type TableLimits } from '../src/sim/tabled.js';

/** The first runs (up to 3) in which `fight` and the reference steps differ, described; [] when none. */
export function differencesFrom(name: string, s: Scenario, runs: number, fight: (chance: CountChance) => unknown, seed: string, label = 'fast'): string[] {
  const ruleset = getRuleset(s.rules);
  const state = new FightState(s, ruleset);
  const a = new CountChance(seed);
  const b = new CountChance(seed);
  const wrong: string[] = [];
  for (let run = 1; run <= runs && wrong.length < 3; run++) {
    state.reset();
    const want = JSON.stringify(runFight(state, ruleset, a.start(run), null));
    const got = JSON.stringify(fight(b.start(run)));
    if (got !== want || a.rolled !== b.rolled) wrong.push(`${name} run ${run}:\n  reference ${want} (${a.rolled} dice)\n  ${label.padEnd(9)} ${got} (${b.rolled} dice)`);
  }
  return wrong;
}

/** The first runs (up to 3) in which the tabled fight and the reference differ, described; [] when none. */
export function tabledDifferences(name: string, s: Scenario, runs: number, seed = 'tabled', limits?: TableLimits): string[] {
  const table = new TabledFight(s, getRuleset(s.rules), limits);
  return differencesFrom(name, s, runs, (chance) => {
    table.run(chance);
    return table.outcome();
  }, seed, 'tabled');
}
