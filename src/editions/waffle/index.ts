// waffle: Waffle Edition 40K (../shared/rules/003_ec027f14e771b8c8.txt), fightphase plus what
// differs: the Charge sub-phase with Reaction to Charge (Overwatch, Fall Back) and the 2D6"
// charge range (rulings 12, 18), Fiery Charge (ruling 19), its own to-hit chart with automatic
// hits (ruling 4), Final Blow (ruling 19) and the sweeping advance of ruling 10 (one automatic
// hit per winning model, each on a model of the caught unit chosen at random: rules ruling 25).
import { replaceStep } from '../../engine/steps.js';
import type { Ruleset } from '../../engine/ruleset.js';
import { optionHooks, type RuleOptions } from '../../engine/options.js';
import { FIGHTPHASE_OPTIONS, fightphase } from '../fightphase/index.js';
import { fieryCharge, waffleChargeStep, waffleFightStep } from './charge.js';
import { WAFFLE_TO_HIT } from './charts.js';
import { aOf } from '../../engine/effects.js';

/** waffle's choices: fightphase's, with Final Blow and a sweep of automatic hits (ruling 10) spread at random (rules ruling 25). */
export const WAFFLE_OPTIONS: RuleOptions = {
  ...FIGHTPHASE_OPTIONS,
  sweep: { ...FIGHTPHASE_OPTIONS.sweep, caught: 'hitsPerModel' },
  finalBlow: true,
};

/** fightphase's preparation `inner`, then Rage's second charge attack and Fiery Charge's lost one. */
function wafflePrepare(inner: Ruleset['prepareUnit']): Ruleset['prepareUnit'] {
  return (unit, ctx) => {
    inner(unit, ctx);
    if (!ctx.firstRound || !unit.charging) return;
    const rage = unit.has('rage');
    // a unit with a Fiery Charge target as the phase begins pays for it (not one whose only foe is a walker)
    const fiery = fieryCharge(unit) !== null;
    if (!rage && !fiery) return;
    for (let mI = 0; mI < unit.classes.length; mI++) {
      const m = unit.classes[mI]!;
      // only models that have the charge bonus (photon grenades on the charged unit cancel it)
      if (m.count === 0 || m.attacks <= aOf(m) + (m.loadout.twoWeapons ? 1 : 0)) continue;
      m.attacks += (rage ? 1 : 0) - (fiery ? 1 : 0);
    }
  };
}

export const waffle: Ruleset = {
  ...fightphase,
  id: 'waffle',
  name: 'Waffle Edition 40K',
  document: '003_ec027f14e771b8c8.txt',
  summary:
    'Waffle Edition 40K, built on the Fight Phase rules: its own to-hit chart (A: automatic hits), Final Blow for a ' +
    'last model on its last wound, and a sweeping advance that strikes one automatic hit per winning model.',
  leftOut: [
    '(Proposed Rule) Shooting Into and out of Close Combat: a Shooting-phase rule, and the Morale penalty it names has no size (rules ruling 27).',
    'Charging several units at once with a primary and secondary targets as a move: a charge here is a scenario\'s lockedWith; line of sight, and the 12" a charge may be declared at, are the scenario\'s to get right (a charge of more than 12" is refused).',
    'Terrifying creatures that force a Fall Back, Flying Monstrous Creatures\' flight modes and Pinning tests: special rules no shipped unit has (thisTurn: [changedFlightMode] still bars a charge).',
    'Choosing the order of several separate combats, and consolidating into another combat: each combat is its own scenario, and a consolidation is printed, not made (there is no board).',
    'Moving on a table (the three orders of a pile-in, 6" vertically, difficult and dangerous terrain during a pile-in): the models stand on a line, each at its distance from the enemy (ruling 14).',
    'A model attacking at several Initiative steps: a model strikes with its first special weapon, at one step (ruling 1).',
    'Hammer of Wrath and Go to Ground: special rules no shipped unit has; they could be added as rules.',
    'Vehicles and walkers: the vehicle rules are srd4\'s and revised4\'s (../shared/rules/vehicles.md); a vehicle cannot be used here.',
  ],
  notes: [
    'To hit: the chart as printed (ruling 4); A hits automatically, no die rolled. To wound: the standard chart.',
    'Differs from fightphase:',
    'Charge sub-phase: each charged unit reacts once (reaction: overwatch, the default when it has a gun; fallBack; none). Overwatch: every model fires its first gun as snap shots (6s hit; Rapid Fire twice, the charger being within 1"), wounded and saved as in close combat; its wounds do not count for the result. Fall Back: 2D6" away (3D6" bikes, jump infantry, cavalry); the charger then needs its charge distance plus that move on 2D6.',
    'Fiery Charge (fieryCharge: true): chargers fire their Assault and Pistol guns at BS at the unit charged before the first blow; the wounds count for their side; they lose the charge bonus attack.',
    'Final Blow (ruling 19): the last model of a unit of several, on its last wound and not an independent character, makes one more attack for each successful to-wound roll, and again for those, at the same step against the same unit.',
    'Sweeping advance (ruling 10): D6 + the highest unmodified Initiative each; a winner whose total equals or beats the loser\'s strikes one automatic hit per model, counting as charging, with the weapon it fights with; the survivors fall back. Terminators may not sweep, as in fightphase.',
    'Sweep hits are randomly distributed (ruling 25): each goes to a living model of the caught unit chosen at random, every model as likely (not the closest first), and is wounded against that model\'s Toughness and saved with its save; a class of alike models takes its wounds on its wounded model first.',
  ],
  toHit: WAFFLE_TO_HIT,
  options: WAFFLE_OPTIONS,
  ...optionHooks(WAFFLE_OPTIONS),
  procedure: {
    charge: [waffleChargeStep],
    phase: replaceStep(fightphase.procedure.phase, 'fight', waffleFightStep),
    initiative: fightphase.procedure.initiative,
  },
  // as fightphase, but Rage makes the charge bonus two attacks (003, Fiery Charge), and a unit
  // that makes a Fiery Charge loses one of them (ruling 19)
  prepareUnit: wafflePrepare(fightphase.prepareUnit),
  prepareWith: (o) => (o.supporting === 'full' ? waffle.prepareUnit : wafflePrepare(fightphase.prepareWith!(o))),
};
