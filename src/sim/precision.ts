// What `sim` needs for a given precision on a scenario: a short sim in this thread gives the
// attacker's win share p and the rate fights are fought at; the runs for a standard error `se`
// on that share are p(1 - p) / se^2, and their time at that rate (what `exact` gives beside a
// refusal, exact/budget.ts).
import type { Scenario } from '../model.js';
import { Aggregate, limitsOf, report } from '../report/aggregate.js';
import { Fights } from './run.js';

/** The standard error on the attacker's win share that `exact`'s refusal and the bench quote `sim`'s runs and time for. */
export const SIM_SE = 0.001;

export interface Precision {
  /** the runs for the standard error asked for */
  runs: number;
  /** their time at the rate measured, in seconds (one thread) */
  seconds: number;
  /** the runs the short sim fought */
  sampled: number;
}

/** `sim`'s runs and time for a standard error `se` on the attacker's win share, from a sim of at most `seconds` (and at most `most` runs). */
export function runsFor(scenario: Scenario, se: number, seconds = 0.3, most = 20_000): Precision {
  const agg = new Aggregate(limitsOf(scenario));
  const fights = new Fights(scenario, 'precision', false, most);
  const start = performance.now();
  let done = 0;
  while (done < most && (done === 0 || performance.now() - start < seconds * 1000)) {
    // a few runs first, then more as they prove quick (a huge fight's first 500 could take seconds)
    const to = Math.min(most, done + Math.min(500, Math.max(20, done)));
    fights.range(done + 1, to, agg);
    done = to;
  }
  const secs = (performance.now() - start) / 1000;
  const p = report(agg, { rules: scenario.rules, scenario: scenario.name, seed: 'precision', partial: false }).final.winner.attacker ?? 0;
  const runs = runsForShare(p, se, 1 / done);
  return { runs, seconds: (runs * secs) / done, sampled: done };
}

/** The runs for a standard error `se` on a share `p` (its variance taken as at least `least`). */
export function runsForShare(p: number, se: number, least = 1e-9): number {
  // (less a millionth of a run, so that rounding in the division does not add a run)
  return Math.max(1, Math.ceil(Math.max(p * (1 - p), least) / (se * se) - 1e-6));
}
