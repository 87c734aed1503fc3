// A roster, scenario, check, matrix or edition file, told apart by its keys.
import { loadMatrix } from './batch/batch.js';
import { loadCheck } from './check/check.js';
import { checkRoster, scenarioFrom, type WeaponEditions } from './io/load.js';
import { loadEditionFile } from './io/edition.js';
import { YamlFile } from './io/yamlfile.js';
import { DEFAULT_RULESET } from './editions/registry.js';
import { fileKind } from './io/kind.js';
import { InputError } from './errors.js';
import { shellWord } from './batch/shell.js';

export { fileKind, type FileKind } from './io/kind.js';

/**
 * Check a roster, scenario, check, matrix or edition file, told apart by its keys (the file is
 * read once). A roster, checked for no one ruleset, may name any shipped 40K edition's weapons:
 * those not every edition has are returned, with the editions that have them.
 */
export function validateFile(file: string): WeaponEditions[] {
  // a list builder's export is not one of ours: said once, with the command that reads it
  if (/\.rosz?$/i.test(file)) throw new InputError([{ file, line: 0, col: 0, path: '', message: `a BattleScribe or New Recruit roster export, not an assault file: import it first (assault import ${shellWord(file)} -o ${shellWord(file.replace(/\.rosz?$/i, '.yaml'))})` }]);
  const yaml = YamlFile.read(file);
  switch (fileKind(yaml.data)) {
    case 'roster': return checkRoster(file, DEFAULT_RULESET, yaml, true);
    case 'check': loadCheck(file, yaml); return [];
    case 'matrix': loadMatrix(file, {}, yaml); return [];
    case 'scenario': scenarioFrom(yaml); return [];
    case 'edition': loadEditionFile(file); return [];
  }
}
