// Where a path that is not there may be: the same path from a folder above the working folder
// (`../rosters/...` from a folder of one's own inside the clone), or the close names in the
// deepest folder of the path that is there. Read only when a path is missing.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { distance } from '../suggest.js';

const isFolder = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/** At most `most` paths, written as `path` is (relative to the working folder unless absolute), that may be what `path` meant. */
export function nearPaths(path: string, most = 3): string[] {
  const out: string[] = [];
  const shown = (p: string) => (isAbsolute(path) ? p : relative(process.cwd(), p) || '.');
  // the same path, relative to the working folder, from up to three folders above
  const rel = relative(process.cwd(), resolve(path));
  if (!rel.startsWith('..') && !isAbsolute(rel)) {
    for (let d = dirname(resolve('.')), up = 1; up <= 3 && d !== dirname(d); d = dirname(d), up++) {
      if (existsSync(join(d, rel))) {
        out.push(shown(join(d, rel)));
        break;
      }
    }
  }
  // close names in the deepest folder of the path that is there
  let dir = dirname(resolve(path));
  let name = basename(resolve(path));
  while (!isFolder(dir) && dir !== dirname(dir)) {
    name = basename(dir);
    dir = dirname(dir);
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  // a name of the same stem and ending: `x.check.yaml` for `x.srd4.check.yaml`
  const stem = name.split('.')[0]!.toLowerCase();
  const ending = name.includes('.') ? name.slice(name.lastIndexOf('.')).toLowerCase() : '';
  const limit = Math.max(1, Math.floor(name.length / 4));
  const close = names
    .map((n) => ({ n, d: distance(name.toLowerCase(), n.toLowerCase()) }))
    .filter(({ n, d }) => d <= limit || (stem.length >= 3 && n.toLowerCase().startsWith(stem) && n.toLowerCase().endsWith(ending)))
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n));
  for (const { n } of close) if (!out.includes(shown(join(dir, n)))) out.push(shown(join(dir, n)));
  return out.slice(0, most);
}
