// A roster, scenario, check, matrix or edition file, told apart by its keys.
import { loadMatrix } from './batch/batch.js';
import { loadCheck } from './check/check.js';
import { checkRoster, scenarioFrom } from './io/load.js';
import { loadEditionFile } from './io/edition.js';
import { SCHEMAS } from './io/schema.js';
import { YamlFile } from './io/yamlfile.js';
import { DEFAULT_RULESET } from './editions/registry.js';
import { closest } from './suggest.js';

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

/** Check a roster, scenario, check, matrix or edition file, told apart by its keys (the file is read once). */
export function validateFile(file: string): void {
  const yaml = YamlFile.read(file);
  switch (fileKind(yaml.data)) {
    case 'roster': return checkRoster(file, DEFAULT_RULESET, yaml);
    case 'check': return void loadCheck(file, yaml);
    case 'matrix': return void loadMatrix(file, {}, yaml);
    case 'scenario': return void scenarioFrom(yaml);
    case 'edition': return void loadEditionFile(file);
  }
}
