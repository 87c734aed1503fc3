// `npm test`: one test file per core at once. Vitest's default keeps a core free (on a 2-core
// machine, one file at a time), but most files here compute in their worker, or wait on a process
// they spawned, so every core pays. VITEST_MAX_WORKERS still overrides it.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: Math.max(availableParallelism(), 1),
  },
});
