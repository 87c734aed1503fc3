// epic's files as the registry offers them (engine/edition.ts, `EditionFiles`): io/ reads a
// scenario or roster whose edition is epic, and batch/ builds epic matchups, through this object
// alone, never asking which game it runs.
import { InputError } from '../../errors.js';
import type { EditionFiles, FileAccess, MatchupReader, MatchupSide } from '../../engine/edition.js';
import type { SideId } from '../../model.js';
import { checkEpicRoster, epicKeyMessage, epicScenarioFrom, epicWords, EpicLoader } from './read.js';
import { EpicRoster, EpicScenarioFile, EpicScenarioUnit, holdsEpicProfiles, type EpicScenarioUnitT } from './schema.js';

/** Matchups of epic detachments (rules/epic.md E1): one a side, every attacking unit group `distance` cm from the enemy (default 0). */
function epicMatchups(rules: string, access: FileAccess): MatchupReader {
  const epic = new EpicLoader(access, rules);
  // a variant is a detachment as a scenario writes one (checked as there: a defender's distance refused); the matrix's distance is the attacker's unless it gives its own
  const detachment = (e: MatchupSide, side: SideId, distance?: number) =>
    epic.detachment({ ...(distance !== undefined ? { distance } : {}), ...(e.unit as EpicScenarioUnitT) }, side, e.at, [...e.path]);
  return {
    problems: epic.problems,
    takesDistance: true,
    rosterUnits(stem, fromFile) {
      const r = epic.roster(stem, fromFile);
      return r ? { file: r.yaml.file, units: Object.keys(r.data.units) } : null;
    },
    check: (e, side) => detachment(e, side) !== null,
    foreignRoster: (stem, fromFile, ref) => epic.fortyKRoster(stem, fromFile, ref),
    matchup(a, d, distance = 0) {
      const at = detachment(a, 'attacker', distance);
      const de = detachment(d, 'defender');
      if (!at || !de || epic.problems.list.length) throw new InputError(epic.problems.list);
      // named by the caller, which names every matchup alike
      return { name: '', rules, rounds: 1, attacker: { units: [at] }, defender: { units: [de] }, file: null };
    },
  };
}

export const EPIC_FILES: EditionFiles = {
  holdsRoster: holdsEpicProfiles,
  rosterWords: 'an epic roster (its models carry epic profiles: speed, assault, firepower, armour)',
  keyMessage: epicKeyMessage,
  variant: EpicScenarioUnit,
  words: epicWords,
  scenario: epicScenarioFrom,
  checkRoster: checkEpicRoster,
  matchups: epicMatchups,
  schemas: { 'epic-roster': EpicRoster, 'epic-scenario': EpicScenarioFile },
};
