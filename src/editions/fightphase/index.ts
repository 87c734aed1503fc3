// fightphase: the Fight Phase wiki ruleset (../shared/rules/001_83f9a11fbaff6d19.txt). Models
// stand at distances from the enemy (ruling 14) and pile in 3" at the start of their Initiative
// step; only engaged models (within 1") fight; attacks against a unit use the most common WS
// and T of its engaged models (ties: the highest); wounds form pools and go to the closest model,
// saved by armour unless the AP pierces it (rulings 14, 15); the result counts wounds suffered;
// the loser tests Morale at a penalty of the difference (ruling 16); a sweeping advance of D6 +
// Initiative against the loser's catches it on an equal or higher total and takes the
// difference in wounds with no save (ruling 9). Multiple combats are every edition's (ruling 17).
import { mostCommon } from '../../engine/mechanics.js';
import { LINE_INITIATIVE_STEPS } from '../../engine/pilein.js';
import { optionHooks, withMorale, type RuleOptions } from '../../engine/options.js';
import { BASE_PROCEDURE, insertAfter } from '../../engine/steps.js';
import { disengageStep } from '../../engine/disengage.js';
import type { Foes, ModelClass } from '../../engine/state.js';
import type { PhaseContext, Ruleset } from '../../engine/ruleset.js';
import type { Ability } from '../../abilities.js';
import { shippedAbilities } from '../abilities.js';
import { blowStrength, everyModelFights, isCharging, weaponInitiative } from '../srd4/index.js';
import { iOf } from '../../engine/effects.js';
import { ARMOURY_AP } from './armoury.js';
import { FIGHTPHASE_TO_HIT, FIGHTPHASE_TO_WOUND } from './charts.js';

/**
 * A model's Initiative step: its own, Unwieldy weapons at 1; and in the phase it charged through
 * difficult terrain, step 1 unless it carries assault (frag or plasma) grenades (001: such
 * models pile in at step 1; docs/rulings.md, fightphase).
 */
function fightphaseInitiative(m: ModelClass, _foes: Foes, ctx: PhaseContext): number {
  const grenades = m.loadout.grenades.frag || m.loadout.grenades.plasma;
  const slowed = isCharging(m, ctx) && m.unit.spec.difficultTerrain && !grenades;
  // step 1 through difficult terrain decides as a weapon's Initiative does (abilities.md B9)
  if (slowed) return m.special ? m.loadout.weapon?.initiative ?? 1 : 1;
  return weaponInitiative(m, iOf(m));
}

/** fightphase's choices among those the editions differ by (engine/options.ts). */
export const FIGHTPHASE_OPTIONS: RuleOptions = {
  // ruling 12: 2D6" when the scenario gives a charge distance
  charge: { range: '2d6' },
  // every engaged model fights in full (only engaged models reach: ruling 14)
  supporting: 'full',
  // wound pools to the closest model (rulings 14, 15)
  wounds: 'pools',
  // ruling 16: Ld less the difference; Our Weapons Are Useless; a unit that fails is battleshocked
  morale: { penalty: 'difference', weaponsUseless: true, battleshock: true },
  // D6 + the highest unmodified Initiative each; an equal or higher sweep catches and takes the
  // difference in wounds, no saves (ruling 9). "Some units, as detailed in their special rules,
  // are not permitted": a unit with a terminator (000, 7), with no roll
  sweep: { roll: 'd6+initiative', catches: 'equalOrHigher', caught: 'woundsDifference', barred: 'terminatorModels', needsContact: false },
  consolidate: { afterMassacre: 3 },
  finalBlow: false,
  invulnerable: 'better',
};

/** Furious Charge as fightphase (and waffle) read it: +1 Strength in the phase the unit charged. */
const FURIOUS_CHARGE_FIGHTPHASE: Ability = {
  key: 'furious-charge', name: 'Furious Charge', effects: [{ kind: 'modify', modify: { S: 1 }, when: 'charging' }], source: 'the Fight Phase rules (+1 Strength on the charge)',
};

export const fightphase: Ruleset = {
  id: 'fightphase',
  profileKind: 'wh40k',
  name: 'Fight Phase (wiki ruleset)',
  document: '001_83f9a11fbaff6d19.txt',
  summary:
    'The Fight Phase wiki ruleset: models pile in 3" at the start of their Initiative step and only engaged models fight; ' +
    'wounds form pools and go to the closest model, saved by AP; the loser tests Morale at a penalty; a D6+Initiative ' +
    'sweeping advance inflicts the difference in wounds.',
  leftOut: [
    'Choosing the order of several separate combats, and consolidating into another combat: each combat is its own scenario, and a consolidation is printed, not made (there is no board).',
    'Moving on a table (the three orders of a pile-in, 6" vertically, difficult and dangerous terrain during a pile-in): the models stand on a line, each at its distance from the enemy (ruling 14).',
    'A model attacking at several Initiative steps: a model strikes with its first special weapon, at one step (ruling 1).',
    'Hammer of Wrath and Go to Ground: special rules of units and of the Shooting phase that assault does not know; no shipped unit has them.',
    'Vehicles and walkers: the vehicle rules are srd4\'s and revised4\'s (../shared/rules/vehicles.md); a vehicle cannot be used here.',
  ],
  notes: [
    'To hit (no printed chart; 001\'s mechanism): against a lower WS 3+, an equal WS or up to twice it 4+, more than twice it 5+. To wound: the standard chart (srd4\'s).',
    'Differs from srd4:',
    'Positions: each model group stands `distance` inches from the enemy (0 = base contact, ruling 14). At the start of each Initiative step the models striking at it pile in 3"; a model within 1" is engaged, and only engaged models fight. A distance is to the nearest living enemy (docs/rulings.md, ruling 38): when a side\'s closest models die, the enemy stands further off. If no models are within 6" the remaining steps are lost; after the result, Morale and sweep, units the pile-ins cannot bring back (more than 6" away) consolidate and leave, and a combat with no unit left on one side ends disengaged, with no winner (rules ruling 23).',
    'Attacks: A, +1 on the charge, +1 for two single-handed weapons (a power fist and a pistol are two). Unwieldy weapons (power fist, power claw, thunder hammer, chainfist) strike at step 1; chargers through difficult terrain strike and pile in at step 1 unless they carry frag or plasma grenades. Defenders in cover gain nothing.',
    'Majority WS and T: the most common value among the engaged models of the unit struck (ties: the highest).',
    'Wound pools by Strength, AP and special rules, the pool the target saves worst first (ruling 15); each wound goes to the closest model, a wounded model first, and stays on it until it dies (models out of the fight can die). Armour saves unless AP <= Sv; invulnerable saves always; no cover saves. Instant Death counts all the wounds the model had.',
    'Result: wounds suffered. Losers test Morale at Ld minus the difference (ruling 16), failing on purpose when they cannot hurt the enemy and their scenario entry says useless: fallBack; a unit that fails falls back battleshocked.',
    'Sweeping advance: D6 + the highest unmodified Initiative each; the winner catches on an equal or higher total, and the caught unit loses wounds equal to the difference, no saves (ruling 9), then falls back. A winning unit with a terminator may not sweep: the loser disengages with no roll.',
    'Weapons: AP armoury (ruling 3) from the 7th-edition Melee Weapons appendix: power weapon AP3; power fist and power claw x2 AP2 Unwieldy; lightning claw AP3 re-rolls failed wounds; thunder hammer and chainfist x2 AP2 Unwieldy; force weapon AP3; chainsword and close combat weapon plain; choppa and heavy close combat weapon no save better than 4+ (000).',
  ],
  toHit: FIGHTPHASE_TO_HIT,
  toWound: FIGHTPHASE_TO_WOUND,
  armoury: ARMOURY_AP,
  abilities: shippedAbilities(FURIOUS_CHARGE_FIGHTPHASE),
  targetWS: mostCommon,
  targetT: mostCommon,
  saveTie: 'better',
  inches: true,

  // every engaged model: A, +1 two weapons, +1 on the charge (photon grenades on a charged unit cancel it, 002)
  prepareUnit: (unit, ctx) => everyModelFights(unit, ctx, fightphaseInitiative),
  prepareWith: (o) => (o.supporting === 'full' ? fightphase.prepareUnit : (unit, ctx) => everyModelFights(unit, ctx, fightphaseInitiative, true)),
  strength: blowStrength,
  canStrike: () => true,

  options: FIGHTPHASE_OPTIONS,
  ...optionHooks(FIGHTPHASE_OPTIONS),

  procedure: {
    charge: BASE_PROCEDURE.charge,
    // rules ruling 23: after a phase whose steps were lost, units the pile-ins cannot bring back leave
    phase: insertAfter(withMorale(BASE_PROCEDURE, FIGHTPHASE_OPTIONS.morale).phase, 'sweep', disengageStep),
    initiative: LINE_INITIATIVE_STEPS,
  },
};

