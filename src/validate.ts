// A roster, scenario, check or matrix file, told apart by its keys.
import { loadMatrix } from './batch/batch.js';
import { loadCheck } from './check/check.js';
import { checkRoster, scenarioFrom } from './io/load.js';
import { YamlFile } from './io/yamlfile.js';
import { DEFAULT_RULESET } from './editions/registry.js';

/** Roster, scenario, check or matrix file, told apart by their keys (the file is read once). */
export function validateFile(file: string): void {
  const yaml = YamlFile.read(file);
  const data = (typeof yaml.data === 'object' ? yaml.data : {}) as Record<string, unknown>;
  if ('faction' in data) checkRoster(file, DEFAULT_RULESET, yaml);
  else if ('expect' in data || 'fight' in data) loadCheck(file, yaml);
  else if (!('attacker' in data) && ('attackers' in data || 'scenarios' in data)) loadMatrix(file, {}, yaml);
  else scenarioFrom(yaml);
}

