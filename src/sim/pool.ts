// Many independent simulations (the rows of a batch) over worker threads that live for the
// whole batch. Each job is fought exactly as `simulate` would fight it alone (same per-run
// seeds), so the figures (sim/row.ts) do not depend on the number of workers or on which worker ran a job.
import { shareJobs, threadsFor } from './threads.js';
import type { Scenario } from '../model.js';
import { Fights, MIN_RUNS_PER_WORKER } from './run.js';
import { RowTally, type RowFigures } from './row.js';
import { distUrl } from '../paths.js';
import { knownToWorkers } from '../editions/registry.js';

export interface PoolJob { scenario: Scenario; seed: string; runs: number }

/** The threads `runPool` starts for `jobs`: at most `workers`, one per job, one per `minRunsPerWorker` runs in all, and the machine's cores. */
export function poolThreads(jobs: readonly PoolJob[], workers: number, minRunsPerWorker = MIN_RUNS_PER_WORKER): number {
  // an edition registered at run time is known in this thread alone
  if (jobs.some((j) => !knownToWorkers(j.scenario.rules))) return 1;
  let runs = 0;
  for (const j of jobs) runs += j.runs;
  return threadsFor(Math.min(workers, jobs.length, Math.max(1, Math.floor(runs / minRunsPerWorker))));
}

/** Fight one job in this thread: its figures (those of its `sim` report). */
export function runJob(job: PoolJob): RowFigures {
  const row = new RowTally();
  new Fights(job.scenario, job.seed, false, job.runs).range(1, job.runs, row);
  return row.figures();
}

/**
 * The figures of `jobs`, in order, shared among `workers` threads: this one and `workers - 1`
 * started (threads.ts `shareJobs`); each works out its jobs' figures itself. `onDone` is called as
 * each finishes (in any order). As in `simulate`, a thread is started only for at least
 * `minRunsPerWorker` runs in all: below that, starting and warming threads costs more than they
 * gain (729 rows of one run took 0.94 s on two threads, 0.55 s on one).
 */
export function runPool(jobs: PoolJob[], workers: number, onDone?: (index: number) => void, minRunsPerWorker = MIN_RUNS_PER_WORKER): Promise<RowFigures[]> {
  return shareJobs(jobs, poolThreads(jobs, workers, minRunsPerWorker), distUrl('sim/pool-worker.js'), runJob, onDone);
}
