// Worker threads started together for one piece of work (`sim`'s runs, the jobs of `batch` and
// `check`).
import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';

/**
 * The threads to start for `wanted`: no more than the machine runs at once. More would be no
 * faster, and each holds a heap of its own (256 threads took 3 GB); the results are the same
 * for any number.
 */
export function threadsFor(wanted: number): number {
  return Math.max(1, Math.min(wanted, availableParallelism()));
}

/** How a thread reports the end of its work: `done` with its result, or `fail`. */
export interface Ends<T> { done(result: T): void; fail(e: Error): void }

/**
 * The results of `count` threads, each started by `start` and ended by its `done` (the thread
 * is then stopped). A thread that errors, calls `fail`, or stops before it is done fails the
 * whole: every thread is stopped and the first failure is thrown, never a wait for ever.
 */
export async function allThreads<T>(count: number, start: (ends: Ends<T>) => Worker): Promise<T[]> {
  const threads: Worker[] = [];
  try {
    return await Promise.all(Array.from({ length: count }, () => new Promise<T>((resolve, reject) => {
      let over = false;
      const w = start({
        done: (result) => {
          over = true;
          resolve(result);
          // (`done` may come before `start` has returned the thread)
          queueMicrotask(() => void w.terminate());
        },
        fail: (e) => {
          over = true;
          reject(e);
        },
      });
      threads.push(w);
      w.on('error', (e) => {
        over = true;
        reject(e);
      });
      w.on('exit', (code) => {
        if (!over) reject(new Error(`a worker thread stopped (exit code ${code}) before its work was done`));
      });
    })));
  } catch (e) {
    for (const w of threads) void w.terminate();
    throw e;
  }
}

/** To a worker serving jobs: job `id` is `job`. */
export interface JobRequest<J> { id: number; job: J }
/** From it: job `id` is done, with its result or the message of what it threw. */
export type JobReply<R> = { id: number; result: R } | { id: number; error: string };

/**
 * The results of `jobs`, in order, fought by this thread and `count - 1` workers started from
 * `url` (each serving jobs with `serveJobs`). A worker has two jobs in hand, so that it never
 * waits for the next; this thread takes the next job not handed out whenever it has handed out
 * the workers' (it works from the first moment, while the workers start and warm up). `onDone`
 * is called as each job finishes, in any order. A job that throws in a worker fails the whole
 * (every worker stopped, its message thrown); one that throws here stops the handing out, and
 * is thrown once the workers have finished theirs.
 */
export async function shareJobs<J, R>(jobs: readonly J[], count: number, url: URL, here: (job: J) => R | Promise<R>, onDone?: (index: number) => void): Promise<R[]> {
  const out: R[] = new Array<R>(jobs.length);
  let next = 0;
  let failed = false;
  /** this thread's share: the next job not handed out, until none is left (or a worker failed) */
  const ours = async (): Promise<void> => {
    while (next < jobs.length && !failed) {
      const i = next++;
      out[i] = await here(jobs[i]!);
      onDone?.(i);
      // the workers' messages come in between
      await new Promise((r) => setImmediate(r));
    }
  };
  if (count <= 1) {
    await ours();
    return out;
  }
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
      w.postMessage({ id, job: jobs[id]! } satisfies JobRequest<J>);
    };
    w.on('message', (m: JobReply<R>) => {
      if ('error' in m) return fail(new Error(m.error));
      inHand--;
      out[m.id] = m.result;
      onDone?.(m.id);
      give();
    });
    give();
    give();
    return w;
  });
  threads.catch(() => (failed = true));
  let error: unknown = null;
  try {
    await ours();
  } catch (e) {
    error = e;
    next = jobs.length;
  }
  await threads;
  if (error) throw error;
  return out;
}

/** In a worker thread: answer each job posted, one at a time, with `run`'s result or the message of what it threw. */
export function serveJobs<J, R>(run: (job: J) => R | Promise<R>): void {
  let last: Promise<void> = Promise.resolve();
  parentPort!.on('message', (m: JobRequest<J>) => {
    last = last.then(async () => {
      let reply: JobReply<R>;
      try {
        reply = { id: m.id, result: await run(m.job) };
      } catch (e) {
        reply = { id: m.id, error: e instanceof Error ? e.message : String(e) };
      }
      parentPort!.postMessage(reply);
    });
  });
}
