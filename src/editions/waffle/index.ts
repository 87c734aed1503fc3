// waffle: Waffle Edition 40K (../shared/rules/003_ec027f14e771b8c8.txt), fightphase plus what
// differs: its own to-hit chart with automatic hits (ruling 4), Final Blow (ruling 19) and the
// sweeping advance of ruling 10 (one automatic hit per winning model). Not yet registered: the
// charge sub-phase's Reaction to Charge (Overwatch, Fall Back) and Fiery Charge need shooting,
// which comes next (issue 12); until then `assault` says waffle is not implemented.
import type { Ruleset } from '../edition.js';
import { fightphase } from '../fightphase/index.js';
import { WAFFLE_TO_HIT } from './charts.js';
import { sweepHits } from './sweep.js';

export const waffle: Ruleset = {
  ...fightphase,
  id: 'waffle',
  name: 'Waffle Edition 40K',
  document: '003_ec027f14e771b8c8.txt',
  summary:
    'Waffle Edition 40K, built on the Fight Phase rules: its own to-hit chart (A: automatic hits), Final Blow for a ' +
    'last model on its last wound, and a sweeping advance that strikes one automatic hit per winning model.',
  notes: [
    'To hit: the chart as printed (ruling 4); A hits automatically, no die rolled. To wound: the standard chart.',
    'Differs from fightphase:',
    'Final Blow (ruling 19): the last model of a unit of several, on its last wound and not an independent character, makes one more attack for each successful to-wound roll, and again for those, at the same step against the same unit.',
    'Sweeping advance (ruling 10): D6 + the highest unmodified Initiative each; a winner whose total equals or beats the loser\'s strikes one automatic hit per model, counting as charging, with the weapon it fights with, wounded and saved normally; the survivors fall back.',
  ],
  toHit: WAFFLE_TO_HIT,
  finalBlow: true,
  sweepLoss: (c, caught, _sweep, flee) => sweepHits(c, caught, flee),
};
