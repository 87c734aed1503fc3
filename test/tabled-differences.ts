// A fast way of fighting held to the reference steps run by run (outcome and dice), shared by the
// tests of the tabled sim, of the kernel's abilities and of the abilities the table fights.
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import type { Scenario } from '../src/model.js';
import { TabledFight, type TableLimits } from '../src/sim/tabled.js';

/**
 * The reference steps' runs of a fight (outcome and dice rolled) by seed and scenario, each run
 * fought once in a test file: the fast ways held to the same fight and seed (the table, the
 * kernel reading its tables and compiled, a table too small) are held to the same runs.
 */
const references = new Map<string, { state: FightState; chance: CountChance; runs: { want: string; rolled: number }[] }>();

/** Forget the runs kept (a test file's `afterAll`: the next file in the worker keeps its own). */
export function forgetReferences(): void {
  references.clear();
}

/** The runs of `s` from `seed` as the reference steps fight them, each fought once. */
export function referenceRuns(s: Scenario, seed: string): (run: number) => { want: string; rolled: number } {
  const key = `${seed}\0${JSON.stringify(s)}`;
  let kept = references.get(key);
  if (!kept) references.set(key, (kept = { state: new FightState(s, getRuleset(s.rules)), chance: new CountChance(seed), runs: [] }));
  const { state, chance, runs } = kept;
  const ruleset = getRuleset(s.rules);
  return (run) => {
    if (!runs[run]) {
      state.reset();
      const want = JSON.stringify(runFight(state, ruleset, chance.start(run), null));
      runs[run] = { want, rolled: chance.rolled };
    }
    return runs[run]!;
  };
}

/**
 * The first runs (up to 3) in which `fight` and the reference steps differ, described; [] when
 * none. `also`, when given, is asked after each run's comparison what else is wrong with the run
 * fought (given its outcome as JSON).
 */
export function differencesFrom(name: string, s: Scenario, runs: number, fight: (chance: CountChance) => unknown, seed: string, label = 'fast', also?: (got: string) => string[]): string[] {
  const reference = referenceRuns(s, seed);
  const b = new CountChance(seed);
  const wrong: string[] = [];
  for (let run = 1; run <= runs && wrong.length < 3; run++) {
    const { want, rolled } = reference(run);
    const got = JSON.stringify(fight(b.start(run)));
    if (got !== want || rolled !== b.rolled) wrong.push(`${name} run ${run}:\n  reference ${want} (${rolled} dice)\n  ${label.padEnd(9)} ${got} (${b.rolled} dice)`);
    if (also) for (const m of also(got)) wrong.push(`${name} run ${run}: ${m}`);
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
