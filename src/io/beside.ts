// The ability keys of the roster files beside a file (abilities.md A1): a `notAgainst` may name a
// foe's own ability, defined in the foe's roster, which stands in the same folder (or its
// rosters/ folder) or among the shipped rosters. Looked in only for a name known nowhere else,
// each folder once, within bounds that keep the answer immediate (rules ruling 29).
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { packageRoot } from '../paths.js';
import { YamlFile } from './yamlfile.js';

/** Each folder's ability keys, read once. */
const BESIDE = new Map<string, ReadonlySet<string>>();
/** At most this many files of a folder, each of at most this many bytes, are looked in (so a `notAgainst` name is answered at once). */
const BESIDE_FILES = 200;
const BESIDE_BYTES = 256 * 1024;

/** The ability keys of the roster files in `file`'s folder (and its rosters/ folder) and of the shipped rosters: the names a `notAgainst` may give besides its own file's. */
export function abilityKeysBeside(file: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const dir of [dirname(resolve(file)), join(dirname(resolve(file)), 'rosters'), join(packageRoot(), 'rosters')]) {
    let keys = BESIDE.get(dir);
    if (!keys) {
      const found = new Set<string>();
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith('.yaml')).sort();
      } catch {
        /* a folder that is not there */
      }
      // a roster is a few kilobytes: a folder's other files (a big matrix, a stray log) are not read for this
      for (const n of names.slice(0, BESIDE_FILES)) {
        try {
          if (statSync(join(dir, n)).size > BESIDE_BYTES) continue;
          const data = YamlFile.read(join(dir, n)).data as { abilities?: unknown } | null;
          const a = data && typeof data === 'object' ? data.abilities : undefined;
          if (a && typeof a === 'object' && !Array.isArray(a)) for (const k of Object.keys(a)) found.add(k);
        } catch {
          /* a file that cannot be read is said where it is used, if it is */
        }
      }
      BESIDE.set(dir, (keys = found));
    }
    for (const k of keys) out.add(k);
  }
  return out;
}
