// Worker threads that fail: the work stops with the failure, every thread is stopped, nothing hangs.
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { allThreads, threadsFor } from '../src/sim/threads.js';

/** A thread running `code`, that answers every message with `ok` */
const thread = (code: string) => new Worker(`const { parentPort } = require('node:worker_threads'); ${code}`, { eval: true });

/** Wait until `cond` holds (checked every 20 ms), at most 10 s: a loaded machine stops threads late. */
async function until(cond: () => boolean): Promise<void> {
  for (let t = 0; t < 500 && !cond(); t++) await new Promise((r) => setTimeout(r, 20));
}

describe('threadsFor', () => {
  it('starts no more threads than the machine runs at once, and at least one', () => {
    expect(threadsFor(256)).toBe(availableParallelism());
    expect(threadsFor(1)).toBe(1);
    expect(threadsFor(0)).toBe(1);
  });
});

describe('allThreads', { timeout: 30_000 }, () => {
  it('gives each thread\'s result, in order', async () => {
    const r = await allThreads<number>(3, ({ done }) => {
      const w = thread("parentPort.on('message', (n) => parentPort.postMessage(n * 2));");
      w.on('message', done);
      w.postMessage(21);
      return w;
    });
    expect(r).toEqual([42, 42, 42]);
  });
  it('a thread that stops before it is done fails the whole, and the others are stopped', async () => {
    const exits: number[] = [];
    let i = 0;
    const p = allThreads<number>(2, () => {
      // the first dies at once; the second would wait for ever
      const w = i++ === 0 ? thread('process.exit(3);') : thread('setInterval(() => {}, 1000);');
      w.on('exit', (code) => exits.push(code));
      return w;
    });
    await expect(p).rejects.toThrow(/a worker thread stopped \(exit code 3\) before its work was done/);
    await until(() => exits.length === 2);
    // both have stopped: the first by itself (3), the second terminated (1; 0 if it was still starting)
    expect(exits).toHaveLength(2);
    expect(exits).toContain(3);
  });
  it('a thread that throws, or reports a failure, fails the whole', async () => {
    await expect(allThreads(1, () => thread("throw new Error('broken');"))).rejects.toThrow(/broken/);
    await expect(allThreads(2, ({ fail }) => {
      const w = thread("parentPort.postMessage('no');");
      w.on('message', (m) => fail(new Error(`said ${m}`)));
      return w;
    })).rejects.toThrow(/said no/);
  });
  it('a thread done before start returns it is still stopped', async () => {
    const exits: number[] = [];
    const r = await allThreads<string>(1, ({ done }) => {
      const w = thread('setInterval(() => {}, 1000);');
      w.on('exit', (code) => exits.push(code));
      done('at once');
      return w;
    });
    expect(r).toEqual(['at once']);
    await until(() => exits.length === 1);
    expect(exits).toHaveLength(1); // stopped (a thread stopped while it starts exits with 0)
  });
});
