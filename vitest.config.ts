// `npm test`: one test file per core at once. Vitest's default keeps a core free (on a 2-core
// machine, one file at a time), but most files here compute in their worker, or wait on a process
// they spawned, so every core pays. VITEST_MAX_WORKERS still overrides it. Files that share the
// cores with others (and two copies of the suite on a loaded machine) run slower than alone: a
// test without a timeout of its own gets 30 s, not vitest's 5 s, so a slow machine fails none.
// The longest files start first (test/sequencer.ts).
//
// Two projects: the long files, and those that touch what a process holds (the working folder,
// its listeners, the command line run in process with its caches, the editions registered at run
// time), each run in a module graph of its own ("isolated"); the many short files of pure
// computation share one graph a worker ("shared": each imports the engine once, and runs it
// already optimised, instead of once a file).
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

/** The files run each in a module graph of its own; every other file is in the shared graph. */
const OWN_GRAPH = [
  // long: what a worker gains from a shared graph is small beside them
  'exact-mode', 'kernel', 'fast-abilities', 'tabled', 'html', 'edition-file', 'exact-beside-totals', 'walker-exact', 'exact-random',
  'regression-revised4-waffle', 'regression-srd4-vehicles', 'regression-fightphase-epic-exact',
  // the command line, in process or spawned; the working folder, signals, process listeners; the
  // layout of every shipped fight (slow late in a worker that ran a dozen files before: docs/performance.md)
  'abilities-files', 'abilities-saves', 'batch-list-builders', 'batch', 'check', 'cli-in-process', 'cli', 'edition-cli',
  'edition-refusals', 'epic-cli', 'exact-estimate', 'exact-reach', 'fightphase', 'files', 'hostile-limits', 'hostile', 'import',
  'layout', 'missing-paths', 'pointed-errors', 'readme', 'regression', 'vehicle-charge-files', 'waffle',
  // editions registered at run time
  'left-out', 'test-edition',
];
const own = OWN_GRAPH.map((f) => `test/${f}.test.ts`);

/** Every test runs the library as built: an import of `src/X.js` is one of `dist/X.js` (docs/performance.md "The test suite"). */
const DIST = new URL('./dist/', import.meta.url).pathname;

export default defineConfig({
  resolve: { alias: [{ find: /^(?:\.\.\/)+src\/(.*)\.js$/, replacement: `${DIST}$1.js` }] },
  test: {
    // a process per worker (vitest's default): the command line run in process changes its working folder
    pool: 'forks',
    maxWorkers: Math.max(availableParallelism(), 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    sequence: { sequencer: LongestFirst },
    globalSetup: ['./test/global-setup.ts'],
    // the built library (dist/, built first by test/global-setup.ts) is loaded by Node, not rewritten by vitest's module runner
    server: { deps: { external: [/\/dist\//] } },
    projects: [
      { extends: true, test: { name: 'isolated', include: own } },
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: own, isolate: false } },
    ],
  },
});
