// epic: Epic-scale assault moves and charges (../shared/rules/004_d460ed8d8c822bb8.txt) and the
// close combat of the same game that follows them, as rules/epic.md (E1-E15) sets it out:
// detachments of units, centimetres, Blast markers, Assault values, one resolution roll per
// combat. Its fight is its own (fight.ts), not the 40K steps; its tables are data (tables.ts);
// its files are its own too (files.ts: the reader io/ and batch/ call through `files`).
import type { Edition } from '../../engine/edition.js';
import { EPIC_FILES } from './files.js';
import { EpicFights } from './fight.js';
import { MANY_MARKERS, RESULT_TABLE, TOTAL_BONUSES } from './tables.js';

const RESULT_NAMES: Record<string, string> = {
  narrowWin: 'Narrow Win', forcedBack: 'Forced Back', drivenOff: 'Driven Off', hurledBack: 'Hurled Back', overwhelmed: 'Overwhelmed',
};

/** The report paths epic fills beyond the contract's (rules/epic.md E13). */
export const EPIC_FIGURES: readonly string[] = [
  'charge.moved', 'charge.unitsInContact', 'charge.supporting.attacker', 'charge.supporting.defender',
  'close.resolutionRolls', 'final.blastMarkersPlaced.attacker', 'final.blastMarkersPlaced.defender',
  'final.unitsDestroyed.attacker', 'final.unitsDestroyed.defender', 'final.broken.attacker', 'final.broken.defender',
];

export const epic: Edition = {
  id: 'epic',
  name: 'Epic 40,000 assault',
  document: '004_d460ed8d8c822bb8.txt',
  profileKind: 'epic',
  summary:
    'Epic-scale assault moves and charges (document 004) and the close combat that follows them (rulings E1-E15): ' +
    'one detachment a side, units with Speed (cm), Assault, Firepower and Armour; a Leadership test against Blast markers, ' +
    'charges against the charge Speed, Assault totals and bonuses, one resolution roll, hits, and the loser\'s retreat.',
  stepNames: ['leadership', 'move', 'contact', 'totals', 'bonuses', 'resolution roll', 'result', 'hits', 'retreat'],
  figures: EPIC_FIGURES,
  tables: [
    {
      title: 'Close combat bonuses (E7), each side, added to its D6',
      columns: ['bonus', 'when'],
      rows: [
        ['+1', `the enemy has ${MANY_MARKERS} or more Blast markers`],
        ['+1', 'the enemy has more Blast markers'],
        ['+1', 'more psyker units in contact or supporting than the enemy'],
        ...TOTAL_BONUSES.map((b) => [`+${b.bonus}`, b.times === 1 ? 'a higher Assault total' : `an Assault total at least ${b.times} times the enemy's`]),
        [`+${TOTAL_BONUSES[0]!.bonus}`, 'any Assault total against an enemy total of 0 (0 against 0: nothing)'],
      ],
    },
    {
      title: 'Close combat result (E9): by the difference of the rolls; above 5 reads 5',
      columns: ['difference', 'result', 'winner hits on', 'loser hits on'],
      rows: RESULT_TABLE.map((r) => [r.difference, RESULT_NAMES[r.result]!, `${r.winnerNeeds}+`, `${r.loserNeeds}+`]),
    },
  ],
  notes: [
    'E3 Leadership: an attacker with Blast markers rolls a D6 before it moves and passes on more than its markers (+1 with 15 or more units; a 6 always passes); a failed test is a failed charge.',
    'E4 Moves: a unit reaches base contact when its distance is at most its charge Speed (the second value of a split Speed); one that does not moves its ordinary Speed.',
    'E5 Ganging up: at most two attackers per enemy unit, one each before any second; with too many, the best Assault values go in.',
    'E6 Totals: the Assault values in contact, +1 for each unit within 15 cm that supports (Close Support: its Firepower); a Broken detachment halves its total, rounding up.',
    'E8 Resolution: D6 + bonus each, the higher wins; a tie puts a Blast marker on each detachment and both roll again.',
    'E9-E10 Result: the difference gives the result and the scores to hit; the loser takes that many Blast markers (at most its units in contact); every unit in contact rolls one die; each hit destroys a unit in contact.',
    'E11 The loser is Broken (unless unbreakable) and retreats 20 cm (unless no-retreat); its units of Speed 0 within 15 cm of the enemy are destroyed.',
    'E12 One phase: rounds is 1 (resolve means 1); rounds or --rounds above 1 is refused.',
    'E14 The side that scores the hits chooses which units they destroy: a winner\'s hits on a loser that will retreat take first the units the retreat would not destroy (Speed above 0), the highest Assault first; every other hit the highest Assault first.',
    'E15 A Broken detachment cannot assault (only the defender may start Broken), and an unbreakable one is never Broken.',
  ],
  sources: [
    'Document 004 (assault moves and charges) and ../shared/rules/epic.md (rulings E1-E15), which restate epicremastered.com:',
    'leadership-test, assault-move-examples, work-out-close-combat-bonuses, roll-to-resolve-the-close-combat, determine-the-close-combat-result-and-place-blast-markers, roll-for-close-combat-hits, broken-detachments, use-of-dice; special rules close-support, unbreakable, no-retreat, walker; the quick reference',
    'the E40K compendium (Rule Book p. 22, FAQ) and the 1997 Q&A (rpr.kapsi.fi)',
  ],
  leftOut: [
    'Firefights: units left within 15 cm with no one in base contact (their tables could not be read).',
    'War engines (damage capacity, war engine barging, marked experimental in 004): refused with a message.',
    'Hit and run, and several detachments a side: one detachment a side.',
    'The board: each attacking unit group stands at a distance in cm from the nearest enemy unit; terrain and the route of a move are not modelled.',
  ],
  files: EPIC_FILES,
  losses: 'units',
  onePhase: 'an epic close combat is settled in the phase it starts (E12)',
  ownFights: (scenario) => new EpicFights(scenario, 'epic', 'Epic 40,000 assault'),
};
