#!/usr/bin/env node
// The command line as one file, dist/assault.mjs: Node then reads one module instead of a few
// hundred (zod alone is many), and `assault rules` or a one-run `fight` starts about a third
// faster (README, Performance). Run by `npm run build` and `prepare`, after tsc. The library
// (dist/index.js) and the worker threads (dist/sim/*.js) stay as tsc writes them.
import { renameSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const outfile = new URL('../dist/assault.mjs', import.meta.url).pathname;
const result = await build({
  entryPoints: [new URL('../dist/cli/main.js', import.meta.url).pathname],
  outfile,
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // CommonJS dependencies inside an ES module bundle need a require
  banner: { js: "import { createRequire as __assaultRequire } from 'node:module'; const require = __assaultRequire(import.meta.url);" },
});
// written aside and renamed: a CLI started while the tests rebuild never reads half a bundle
const tmp = `${outfile}.${process.pid}.tmp`;
writeFileSync(tmp, result.outputFiles[0].contents);
renameSync(tmp, outfile);
