// Loads the one-file command line, dist/assault.cjs, with the V8 code cache that the build wrote
// beside it (dist/assault.cache): Node then neither parses 1 MB of JavaScript nor compiles the
// functions a fight uses, and `assault rules` or a one-run `fight` starts 40-70 ms sooner
// (README, Performance). The cache is used only when its first line names the bundle's build, and V8
// itself refuses a cache from another Node; without one the bundle is compiled as usual.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
export const BUNDLE = join(dist, 'assault.cjs');
export const CODE_CACHE = join(dist, 'assault.cache');

/** The build line at the end of the bundle: `//# build <id>`. */
export function buildId(source) {
  const at = source.lastIndexOf('//# build ');
  return at < 0 ? '' : source.slice(at + 10).trim();
}

/** The code cache in `file` if it was written for the build `id`, else undefined. */
export function cacheFor(id, file = CODE_CACHE) {
  let data;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const nl = data.indexOf(10);
  return id !== '' && nl > 0 && data.toString('latin1', 0, nl) === id ? data.subarray(nl + 1) : undefined;
}

/** The bundle's exports (`main`) and the compiled script (for `createCachedData`). */
export function loadBundle() {
  const source = readFileSync(BUNDLE, 'latin1'); // esbuild writes ASCII only (charset: 'ascii'), and latin1 reads it fastest
  const script = new Script(Module.wrap(source), { filename: BUNDLE, cachedData: cacheFor(buildId(source)) });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, dist);
  return { exports: module.exports, script, id: buildId(source) };
}
