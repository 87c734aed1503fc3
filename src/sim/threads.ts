// Worker threads started together for one piece of work (`sim`'s runs, `batch`'s rows).
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';

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
