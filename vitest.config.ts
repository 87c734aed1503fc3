// `npm test`: one test file per core at once. Vitest's default keeps a core free (on a 2-core
// machine, one file at a time), but most files here compute in their worker, or wait on a process
// they spawned, so every core pays. VITEST_MAX_WORKERS still overrides it. Files that share the
// cores with others (and two copies of the suite on a loaded machine) run slower than alone: a
// test without a timeout of its own gets 30 s, not vitest's 5 s, so a slow machine fails none.
// The longest files start first (test/sequencer.ts).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

export default defineConfig({
  test: {
    maxWorkers: Math.max(availableParallelism(), 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    sequence: { sequencer: LongestFirst },
  },
});
