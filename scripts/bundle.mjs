#!/usr/bin/env node
// The command line as one file, dist/assault.cjs, with a V8 code cache beside it
// (dist/assault.cache): Node then reads one script instead of a few hundred modules (zod alone is
// many) and compiles nothing it has compiled before, so `assault rules` or a one-run `fight`
// starts in about 2x a bare node (docs/performance.md). Run by `npm run build` and `prepare`,
// after tsc. The library (dist/index.js) and the worker threads (dist/sim/*.js) stay as tsc
// writes them. CommonJS, not an ES module: Node 20 caches code only for scripts.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { BUNDLE, CODE_CACHE } from '../bin/load-bundle.mjs';

const result = await build({
  entryPoints: [new URL('../dist/cli/main.js', import.meta.url).pathname],
  write: false,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
  charset: 'ascii', // bin/load-bundle.mjs reads it as latin1
  minifyWhitespace: true,
  minifySyntax: true,
  // src/paths.ts finds the package from its own file's URL
  define: { 'import.meta.url': '__assaultUrl' },
  banner: { js: "const __assaultUrl = require('node:url').pathToFileURL(__filename).href;" },
});
// written aside and renamed: a CLI started while the tests rebuild never reads half a bundle; the
// build line ties the code cache to this bundle and no other
rmSync(CODE_CACHE, { force: true });
const tmp = `${BUNDLE}.${process.pid}.tmp`;
writeFileSync(tmp, Buffer.concat([result.outputFiles[0].contents, Buffer.from(`\n//# build ${randomUUID()}\n`)]));
renameSync(tmp, BUNDLE);
rmSync(new URL('../dist/assault.mjs', import.meta.url), { force: true }); // the ES module bundle of earlier builds
// the cache only makes start-up faster: without it the command line works as well (a test
// checks that the build wrote one)
try {
  execFileSync(process.execPath, [new URL('./code-cache.mjs', import.meta.url).pathname], { stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 });
} catch (e) {
  console.warn(`bundle: no code cache written (${String(e.stderr ?? e.message).trim().split('\n')[0]}); the command line starts slower`);
}
