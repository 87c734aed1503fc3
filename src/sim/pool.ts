// Many independent simulations (the rows of a batch) over worker threads that live for the
// whole batch. Each job is fought exactly as `simulate` would fight it alone (same per-run
// seeds), so the reports do not depend on the number of workers or on which worker ran a job.
import { Worker } from 'node:worker_threads';
import { allThreads, threadsFor } from './threads.js';
import type { Scenario } from '../model.js';
import { Aggregate, limitsOf, report, type SimReport } from './aggregate.js';
import { MIN_RUNS_PER_WORKER, simulateRange } from './run.js';
import { distUrl } from '../paths.js';

export interface PoolJob { scenario: Scenario; seed: string; runs: number }
export type PoolRequest = { id: number; job: PoolJob };
export type PoolReply = { id: number; report: SimReport } | { id: number; error: string };

/** The threads `runPool` starts for `jobs`: at most `workers`, one per job, one per `minRunsPerWorker` runs in all, and the machine's cores. */
export function poolThreads(jobs: readonly PoolJob[], workers: number, minRunsPerWorker = MIN_RUNS_PER_WORKER): number {
  let runs = 0;
  for (const j of jobs) runs += j.runs;
  return threadsFor(Math.min(workers, jobs.length, Math.max(1, Math.floor(runs / minRunsPerWorker))));
}

/** Fight one job in this thread: its report. */
export function runJob(job: PoolJob): SimReport {
  const agg = new Aggregate(limitsOf(job.scenario));
  simulateRange(job.scenario, job.seed, 1, job.runs, agg);
  return report(agg, { rules: job.scenario.rules, scenario: job.scenario.name, seed: job.seed, partial: false });
}

/**
 * The reports of `jobs`, in order. With `workers` > 1 the jobs are shared among that many
 * threads: this one and `workers - 1` started, each started one with one job queued behind the
 * one it fights (so it never waits for the next) and writing its jobs' reports itself; this
 * thread fights a job whenever it has handed out the workers' (it fights from the first moment,
 * while the others start and warm up). `onDone` is called as each finishes (in any order). As
 * in `simulate`, a thread is started only for at least `minRunsPerWorker` runs in all: below
 * that, starting and warming threads costs more than they gain (729 rows of one run took 0.94 s
 * on two threads, 0.55 s on one).
 */
export async function runPool(jobs: PoolJob[], workers: number, onDone?: (index: number) => void, minRunsPerWorker = MIN_RUNS_PER_WORKER): Promise<SimReport[]> {
  const out: SimReport[] = new Array(jobs.length);
  const count = poolThreads(jobs, workers, minRunsPerWorker);
  let next = 0;
  let failed = false;
  /** this thread's share: the next job not handed out, until none is left (or a worker failed) */
  const here = async (): Promise<void> => {
    while (next < jobs.length && !failed) {
      const i = next++;
      out[i] = runJob(jobs[i]!);
      onDone?.(i);
      await new Promise((r) => setImmediate(r));
    }
  };
  if (count === 1) {
    await here();
    return out;
  }
  const url = distUrl('sim/pool-worker.js');
  const threads = allThreads<void>(count - 1, ({ done, fail }) => {
    const w = new Worker(url);
    let inHand = 0;
    const give = () => {
      if (next >= jobs.length) {
        if (inHand === 0) done();
        return;
      }
      const id = next++;
      inHand++;
      w.postMessage({ id, job: jobs[id]! } satisfies PoolRequest);
    };
    w.on('message', (m: PoolReply) => {
      if ('error' in m) return fail(new Error(m.error));
      inHand--;
      out[m.id] = m.report;
      onDone?.(m.id);
      give();
    });
    // two rows in hand, so that a worker never waits for its next one
    give();
    give();
    return w;
  });
  // a worker that fails stops this thread's jobs too (its failure is thrown below); a job that
  // fails here stops the handing out, and is thrown once the workers have finished theirs
  threads.catch(() => (failed = true));
  let error: unknown = null;
  try {
    await here();
  } catch (e) {
    error = e;
    next = jobs.length;
  }
  await threads;
  if (error) throw error;
  return out;
}
