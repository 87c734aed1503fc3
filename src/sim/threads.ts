// Worker threads started together for one piece of work (`sim`'s runs, the jobs of `batch` and
// `check`).
import { availableParallelism } from 'node:os';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { editionFiles, readEditionFiles } from '../io/edition.js';

/**
 * The threads to start for `wanted`: no more than the machine runs at once. More would be no
 * faster, and each holds a heap of its own (256 threads took 3 GB); the results are the same
 * for any number.
 */
export function threadsFor(wanted: number): number {
  return Math.max(1, Math.min(wanted, availableParallelism()));
}

/** How a thread reports the end of its work: `done` with its result, or `fail`. */
export interface ThreadEnd<T> { done(result: T): void; fail(e: Error): void }

/**
 * The results of `count` threads, each started by `start` and ended by its `done` (the thread
 * is then stopped). A thread that errors, calls `fail`, or stops before it is done fails the
 * whole: every thread is stopped and the first failure is thrown, never a wait for ever.
 */
export async function allThreads<T>(count: number, start: (end: ThreadEnd<T>) => Worker): Promise<T[]> {
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

/** What a worker serving jobs is started with: every job, the number of the next job to take (shared by every thread), and the edition files this thread read (the worker reads them too). */
export interface JobsData<J> { jobs: readonly J[]; next: Int32Array; editions: string[] }
/** From it: job `id` is done, with its result or what it threw; or no job is left. */
export type JobReply<R> = { id: number; result: R } | { id: number; error: string; stack: string | undefined } | { done: true };

/**
 * The results of `jobs`, in order, fought by this thread and `count - 1` workers started from
 * `url` (each serving jobs with `serveJobs`). Every thread takes the next job from one counter
 * in shared memory (`Atomics.add`), so none waits for another to hand it work (when this thread
 * handed the jobs out, a worker could wait out a long job of this thread's for its next). `onDone`
 * is called as each job finishes, in any order. A job that throws in a worker fails the whole
 * (every worker stopped, its error thrown with the worker's stack); one that throws here stops
 * the taking, and is thrown once the workers have finished theirs.
 */
export async function shareJobs<J, R>(jobs: readonly J[], count: number, url: URL, here: (job: J) => R | Promise<R>, onDone?: (index: number) => void): Promise<R[]> {
  const out: R[] = new Array<R>(jobs.length);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const stop = () => Atomics.store(next, 0, jobs.length);
  /** this thread's share: the next job not taken, until none is left */
  const ours = async (): Promise<void> => {
    for (let i = Atomics.add(next, 0, 1); i < jobs.length; i = Atomics.add(next, 0, 1)) {
      out[i] = await here(jobs[i]!);
      onDone?.(i);
      // the workers' results (and failures) come in between
      if (count > 1) await new Promise((r) => setImmediate(r));
    }
  };
  if (count <= 1) {
    await ours();
    return out;
  }
  const threads = allThreads<void>(count - 1, ({ done, fail }) => {
    const w = new Worker(url, { workerData: { jobs, next, editions: editionFiles() } satisfies JobsData<J> });
    w.on('message', (m: JobReply<R>) => {
      if ('done' in m) return done();
      if ('error' in m) {
        const e = new Error(m.error);
        if (m.stack) e.stack = m.stack;
        return fail(e);
      }
      out[m.id] = m.result;
      onDone?.(m.id);
    });
    return w;
  });
  threads.catch(stop);
  let error: unknown = null;
  try {
    await ours();
  } catch (e) {
    error = e;
    stop();
  }
  await threads;
  if (error) throw error;
  return out;
}

/** In a worker thread started by `shareJobs`: take job after job and send each one's result, or what it threw (and stop). */
export function serveJobs<J, R>(run: (job: J) => R | Promise<R>): void {
  const { jobs, next, editions } = workerData as JobsData<J>;
  // the edition files the jobs may name by id, as this thread's starter read them
  readEditionFiles(editions);
  const send = (m: JobReply<R>) => parentPort!.postMessage(m);
  void (async () => {
    for (let i = Atomics.add(next, 0, 1); i < jobs.length; i = Atomics.add(next, 0, 1)) {
      try {
        send({ id: i, result: await run(jobs[i]!) });
      } catch (e) {
        return send({ id: i, error: e instanceof Error ? e.message : String(e), stack: e instanceof Error ? e.stack : undefined });
      }
    }
    send({ done: true });
  })();
}
