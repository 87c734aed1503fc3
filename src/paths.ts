// Where assault's own files are, whether this code runs from src/ (tests), dist/ (the library)
// or the one-file CLI bundle (dist/assault.cjs): the package root is the nearest folder above
// that holds assault's package.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'assault') return dir;
      } catch {
        /* not ours */
      }
    }
    const up = dirname(dir);
    if (up === dir) throw new Error('assault: cannot find its own package folder');
    dir = up;
  }
}

let root: string | null = null;

/** The package folder (where package.json, rosters/ and dist/ are). */
export function packageRoot(): string {
  root ??= findRoot();
  return root;
}

/** A compiled module of dist/ as a URL, for worker threads. */
export function distUrl(path: string): URL {
  return pathToFileURL(join(packageRoot(), 'dist', path));
}
