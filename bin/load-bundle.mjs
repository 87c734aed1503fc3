// Loads the one-file command line, dist/assault.cjs, with the V8 code cache that the build wrote
// beside it (dist/assault.cache): Node then neither parses 1 MB of JavaScript nor compiles the
// functions a fight uses, and `assault rules` or a one-run `fight` starts 40-70 ms sooner
// (docs/performance.md). The cache is used only when its first line names the bundle's build and
// the SHA-1 of the rest (V8 checks the Node version and flags, but crashes on a damaged cache: a
// release build checks no sum of its own); without one the bundle is compiled as usual.
import { createHash } from 'node:crypto';
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

/** The SHA-1 of a code cache, as its first line gives it. */
export function digest(data) {
  return createHash('sha1').update(data).digest('hex');
}

/** The code cache in `file` if it was written for the build `id` and is whole (its first line: `<id> <sha1>`), else undefined. */
export function cacheFor(id, file = CODE_CACHE) {
  let data;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  const nl = data.indexOf(10);
  if (id === '' || nl < 0) return undefined;
  const [forId, sum] = data.toString('latin1', 0, nl).split(' ');
  const cache = data.subarray(nl + 1);
  return forId === id && sum === digest(cache) ? cache : undefined;
}

/** The bundle's exports (`main`) and the compiled script (for `createCachedData`). */
export function loadBundle() {
  const source = readFileSync(BUNDLE, 'latin1'); // esbuild writes ASCII only (charset: 'ascii'), and latin1 reads it fastest
  const id = buildId(source);
  const script = new Script(Module.wrap(source), { filename: BUNDLE, cachedData: cacheFor(id) });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, dist);
  return { exports: module.exports, script, id };
}
