// The kind of a YAML file (roster, scenario, check, matrix, edition), told apart by its keys, and
// the refusal of a file of one kind named where another is expected.
import { basename } from 'node:path';
import { InputError } from '../errors.js';
import { closest } from '../suggest.js';
import { SCHEMAS } from './schema.js';
import { YamlFile } from './yamlfile.js';

export type FileKind = keyof typeof SCHEMAS;

type Shape = 'mapping' | 'list' | 'scalar';

/** The keys only one kind of file has, and the shape of value each holds. */
const MARKS: Record<FileKind, Record<string, Shape[]>> = {
  roster: { faction: ['scalar'], models: ['mapping'], units: ['mapping'], weapons: ['mapping'] },
  scenario: { attacker: ['mapping'], defender: ['mapping'] },
  check: { expect: ['mapping'], fight: ['mapping'], scenario: ['scalar', 'mapping'], method: ['scalar'] },
  matrix: { attackers: ['list'], defenders: ['list'], scenarios: ['list'] },
  edition: { edition: ['scalar'], base: ['scalar'], toHit: ['list'], toWound: ['list'], armoury: ['mapping'], sweep: ['mapping'], steps: ['mapping'] },
};

/** On a tie, the first kind here (nothing known at all: a scenario, the commonest). */
const ORDER: FileKind[] = ['scenario', 'roster', 'check', 'matrix', 'edition'];

const shapeOf = (v: unknown): Shape => (Array.isArray(v) ? 'list' : v !== null && typeof v === 'object' ? 'mapping' : 'scalar');

/**
 * The kind of file `data` is, by what it holds: each key that only one kind has counts for that
 * kind, a near miss of one (`attacker` in a file of `defenders`) half as much, either more when
 * its value has the shape that kind gives it (a list of `attacker`s is a matrix's), and any
 * other key of that kind a little. A roster that lacks
 * its `faction` is still a roster, and a matrix that misspells `attackers` still a matrix.
 */
export function fileKind(data: unknown): FileKind {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'scenario';
  const score = (kind: FileKind) => {
    const marks = MARKS[kind];
    const keys = Object.keys(SCHEMAS[kind].shape);
    let n = 0;
    for (const [k, v] of Object.entries(data)) {
      // a value of the shape a mark holds counts more than the mark's exact name
      const fits = (mark: string) => (marks[mark]!.includes(shapeOf(v)) ? 4 : 0);
      if (Object.hasOwn(marks, k)) n += 6 + fits(k);
      else if (keys.includes(k)) n += 1;
      else {
        const near = closest(k, Object.keys(marks));
        if (near !== null) n += 3 + fits(near);
      }
    }
    return n;
  };
  let best: FileKind = ORDER[0]!;
  let bestScore = 0;
  for (const kind of ORDER) {
    const s = score(kind);
    if (s > bestScore) [best, bestScore] = [kind, s];
  }
  return best;
}

/** What a file of each kind holds, in a message. */
const WHAT: Record<FileKind, string> = {
  roster: 'a roster file (faction, models, units)',
  scenario: 'a scenario file (attacker, defender)',
  check: 'a check file (scenario, expect)',
  matrix: 'a matrix file (attackers, defenders, scenarios)',
  edition: 'an edition file (edition, base)',
};

/** What a file of the kind expected is for, after the kind found: how to name the file meant. */
const INSTEAD: Record<FileKind, string> = {
  roster: 'a roster lists models and units, and a scenario or matrix names its units (orks/boyz)',
  scenario: 'a scenario names its units: attacker: { units: [ { unit: orks/boyz } ] }, and the same for defender',
  check: 'a check file names a scenario and the figures it expects',
  matrix: 'a matrix lists attackers and defenders (orks/boyz), or scenarios',
  edition: 'an edition file has edition, name and base (assault edition new --base srd4 writes one)',
};

/** A file of `kind` in a message: "a roster file (faction, models, units)". */
export function kindWords(kind: FileKind): string {
  return WHAT[kind];
}

/**
 * The kind of the YAML file at `file` when it plainly is one of ours (it has a key only that
 * kind has), else null: not there, not readable, not YAML, or none of ours. Its text is never quoted.
 */
export function kindOfFile(file: string): FileKind | null {
  let data: unknown;
  try {
    data = YamlFile.read(file).data;
  } catch {
    return null;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const kind = fileKind(data);
  return Object.keys(MARKS[kind]).some((k) => Object.hasOwn(data as object, k)) ? kind : null;
}

/** A file of another kind named where a file of `expected` kind goes: said at its top, as what it is. */
export class WrongKind extends InputError {
  constructor(readonly file: string, readonly found: FileKind, readonly expected: FileKind) {
    super([{ file, line: 1, col: 1, path: '', message: `${basename(file)} is ${WHAT[found]}, not ${WHAT[expected].replace(/ \(.*\)$/, '')}: ${INSTEAD[expected]}` }]);
  }

  /** The same, said where another file names it (`by`: the option or key that names it). */
  namedBy(by: string): string {
    return `${by} names ${basename(this.file)}, ${WHAT[this.found]}, where ${WHAT[this.expected].replace(/ \(.*\)$/, '')} goes: ${INSTEAD[this.expected]}`;
  }
}

/**
 * A file read where a file of kind `expected` goes but plainly of another kind (it has none of
 * the keys only `expected` files have, and the keys of another): a WrongKind; otherwise null, and
 * the file's own problems are found as for any file of that kind.
 */
export function wrongKind(yaml: YamlFile, expected: FileKind): WrongKind | null {
  const data = yaml.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  if (Object.keys(MARKS[expected]).some((k) => Object.hasOwn(data, k))) return null;
  const found = fileKind(data);
  if (found === expected || !Object.keys(MARKS[found]).some((k) => Object.hasOwn(data, k))) return null;
  return new WrongKind(yaml.file, found, expected);
}
