// The library as built (dist/, what `npm run build` writes from src/), loaded by Node itself:
// vitest.config.ts leaves dist/ out of vitest's module runner, whose rewritten imports make a long
// enumeration or run of fights take about half as long again as the same code loaded by Node. For
// the files whose time is a few large `exact` enumerations or `sim` runs; built first when the
// sources are newer (test/cli-in-process.ts `ensureBuilt`), so a test never runs stale code.
// Its values are the built modules' own: a class, a setting or a method changed for a test
// (exact/beside.ts `carrying`) is the built one's, not that of the module of the same name in src/.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './cli-in-process.js';

/** The built module `dist/<path>`, typed as its source `src/<path>` (`T`). */
export async function built<T>(path: string): Promise<T> {
  ensureBuilt();
  return (await import(pathToFileURL(join(import.meta.dirname, '..', 'dist', path)).href)) as T;
}
