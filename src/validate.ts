// A roster, scenario, check, matrix or edition file, told apart by its keys.
import { loadMatrix } from './batch/batch.js';
import { loadCheck } from './check/check.js';
import { checkRoster, scenarioFrom } from './io/load.js';
import { loadEditionFile } from './io/edition.js';
import { YamlFile } from './io/yamlfile.js';
import { DEFAULT_RULESET } from './editions/registry.js';
import { fileKind } from './io/kind.js';

export { fileKind, type FileKind } from './io/kind.js';

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
