// srd4: the 4th Edition Standard Reference Document (../shared/rules/002_ac0b1f17e761e0b5.txt),
// The Assault Phase, Charging and Close Combat steps 1-13, with the to-hit and to-wound charts
// of steps 4 and 5 and the weapons of document 000 (ruling 2).
import type { Foes, ModelClass, UnitState } from '../../engine/state.js';
import { ARMOURY_4TH } from './armoury.js';
import { FURIOUS_CHARGE_4TH, shippedAbilities } from '../abilities.js';
import { majority, weaponStrength } from '../../engine/mechanics.js';
import { chargeBonusOf, strikesAt } from '../../engine/blow-effects.js';
import { aOf, iOf } from '../../engine/effects.js';
import type { PhaseContext, Ruleset } from '../../engine/ruleset.js';
import { SRD4_TO_HIT, SRD4_TO_WOUND } from './charts.js';
import { BASE_PROCEDURE, insertAfter } from '../../engine/steps.js';
import { vehiclesLeaveStep } from '../../engine/vehicle.js';
import { optionHooks, sweepHooks, type RuleOptions } from '../../engine/options.js';

/** Charging this phase (only ever the first). */
export function isCharging(m: ModelClass, ctx: PhaseContext): boolean {
  return ctx.firstRound && m.unit.charging;
}

/** Strength of a model's blows: the weapon works on basic Strength, bonuses come after (000; abilities.md B1: `modify: S`, as Furious Charge). */
export function blowStrength(m: ModelClass, _ctx: PhaseContext): number {
  return weaponStrength(m, m.fx.S);
}

/** What a unit's models need to know about the enemy at the start of a phase (kept in the unit's `foes`). */
export function foesOf(unit: UnitState, ctx: PhaseContext): Foes {
  const foes = unit.foes;
  foes.charging = foes.chargedInCover = foes.photon = foes.plasma = false;
  for (let eI = 0; eI < ctx.state.units.length; eI++) {
    const e = ctx.state.units[eI]!;
    if (e.side === unit.side || !e.inCombat) continue;
    if (e.charging) {
      foes.charging = true;
      foes.plasma ||= e.plasma;
    } else {
      foes.chargedInCover ||= e.spec.inCover;
      foes.photon ||= e.photon;
    }
  }
  return foes;
}

/** Initiative before cover and grenades: the profile's as its abilities modify it (abilities.md B1: Furious Charge's +1 on the charge). */
export function baseInitiative(m: ModelClass, _ctx: PhaseContext): number {
  return iOf(m);
}

/**
 * A weapon that fixes the Initiative (power fist: 1) overrides everything, when the model uses
 * it; else an ability's `strikeAt` replaces the Initiative worked out (abilities.md B9).
 */
export function weaponInitiative(m: ModelClass, init: number): number {
  const fixed = m.special ? m.loadout.weapon?.initiative : null;
  return fixed ?? strikesAt(m, init);
}

/** Step 2: charged models in cover strike at 10, and so do chargers using frag or plasma grenades. */
function srd4Initiative(m: ModelClass, foes: Foes, ctx: PhaseContext): number {
  let init = baseInitiative(m, ctx);
  if (ctx.firstRound) {
    if (!m.unit.charging && m.unit.spec.inCover && foes.charging) init = 10;
    const grenades = m.loadout.grenades.frag || m.loadout.grenades.plasma;
    if (isCharging(m, ctx) && grenades && foes.chargedInCover) init = 10;
  }
  return weaponInitiative(m, init);
}

const always = (): boolean => true;

/**
 * Every model fights in full with its special weapon: A, +1 for two single-handed weapons, +1 on
 * the charge unless a charged unit carries photon grenades (002 step 3), at the Initiative the
 * edition gives it. With `supportOne` (the option `supporting: one`, revised4's rule) a model
 * not in base contact makes one plain attack instead: no bonus, no special weapon. `chargeBonus` says
 * whether a charging unit gets its +1 attack (revised4: not after firing, but for some units).
 */
export function everyModelFights(
  unit: UnitState, ctx: PhaseContext, initiative: (m: ModelClass, foes: Foes, ctx: PhaseContext) => number, supportOne = false,
  chargeBonus: (unit: UnitState) => boolean = always,
): void {
  const foes = foesOf(unit, ctx);
  const charge = ctx.firstRound && unit.charging && !foes.photon && chargeBonus(unit) ? 1 : 0;
  for (let mI = 0; mI < unit.classes.length; mI++) {
    const m = unit.classes[mI]!;
    if (m.count === 0) continue;
    m.special = !supportOne || m.inContact;
    // the profile's A as its abilities modify it, then the bonuses (abilities.md B1); Slow and Purposeful takes no charge bonus (B6)
    m.attacks = m.special ? aOf(m) + (m.loadout.twoWeapons ? 1 : 0) + chargeBonusOf(m, charge) : 1;
    m.initiative = initiative(m, foes, ctx);
  }
}

/**
 * Step 10: D6 + Initiative each (the highest basic Initiative among living models, ruling 8); a
 * sweep that equals or beats the fall back catches. (fightphase sweeps the same way.)
 */
export const INITIATIVE_SWEEP: Pick<Ruleset, 'fleeDice' | 'fleeBonus' | 'sweepDice' | 'sweepBonus' | 'catches' | 'caught' | 'sweepRule'> = (() => {
  const { fleeDice, fleeBonus, sweepDice, sweepBonus, catches, caught, sweepRule } = sweepHooks({ roll: 'd6+initiative', catches: 'equalOrHigher', caught: 'destroyed', barred: 'nobody', needsContact: true });
  return { fleeDice, fleeBonus, sweepDice, sweepBonus, catches, caught, sweepRule };
})();

/** srd4's choices among those the editions differ by (engine/options.ts). */
export const SRD4_OPTIONS: RuleOptions = {
  charge: { range: 6 },
  // step 3: every model in the unit fights
  supporting: 'full',
  wounds: 'sets',
  morale: { penalty: 'none', weaponsUseless: false, battleshock: false },
  // step 10: D6 + Initiative each; an equal or higher sweep catches, and the caught unit is destroyed.
  // "if the Unit currently Falling Back no longer has any model in base-to-base contact with the
  // winner, the winning Unit may not use a Sweeping Advance"
  sweep: { roll: 'd6+initiative', catches: 'equalOrHigher', caught: 'destroyed', barred: 'nobody', needsContact: true },
  // Consolidation: "If the victor caused a Massacre they may move 1D6" instead"
  consolidate: { afterMassacre: 'd6' },
  finalBlow: false,
  // Invulnerable Saves: "may make this Saving Throw if AP negates their normal Sv" (or it has none)
  invulnerable: 'whenArmourFails',
};

export const srd4: Ruleset = {
  id: 'srd4',
  profileKind: 'wh40k',
  name: '4th Edition SRD',
  document: '002_ac0b1f17e761e0b5.txt',
  summary:
    'The Warhammer 40,000 4th Edition Standard Reference Document: Charging and Close Combat steps 1-13. ' +
    'Every engaged model fights with all its attacks; 1D6+Initiative decides fall back against sweeping advance.',
  leftOut: [
    'The Movement and Shooting phases (moving, unit coherency, shooting, scatter, cover saves against shots): assault fights one close combat, from the charge on, with no board.',
    'The charge move itself: a charge connects, or, with chargeDistance, is rolled against its reach (ruling 12); the models then stand in base contact or in support, not on a table.',
    'Tank Shock, Death or Glory and ramming (vehicles.md): Movement-phase rules, out of scope; vehicles and walkers in close combat are above.',
    'What follows a fall back (the move itself, regrouping, later turns): the combat ends when its losers fall back; only the consolidation is printed.',
  ],
  notes: [
    'Majority WS and T among engaged enemies (a majority is more than half); with none, the lowest value present. Mixed armour: the majority Sv first (with none, the worse save), hits in sets.',
    'Attacks: A, +1 for two or more single-handed weapons, +1 on the charge in the first round (cancelled by photon grenades on the charged unit).',
    'Initiative: charged models in cover fight at 10 in the first round; chargers with frag or plasma grenades charging a unit in cover fight at 10 too. Power fists always strike at 1.',
    'Losers test Morale (2D6 <= Ld, fearless passes); each broken unit rolls D6+Initiative, each winning unit once: a broken unit escapes only on a higher total than every winner\'s, otherwise it is swept away (massacred: the winners may consolidate D6"); one with no model left in base contact falls back unswept.',
    'Saves: armour; an invulnerable save only where the hit leaves no armour save (power weapons, monstrous creatures, rending) or the model has none.',
    'Weapons: the special close combat attacks of document 000 (ruling 2); photon grenades from 002.',
  ],
  // a vehicle that is not a walker leaves after the phase (vehicles.md V10)
  procedure: { ...BASE_PROCEDURE, phase: insertAfter(BASE_PROCEDURE.phase, 'sweep', vehiclesLeaveStep) },
  toHit: SRD4_TO_HIT,
  toWound: SRD4_TO_WOUND,
  armoury: ARMOURY_4TH,
  abilities: shippedAbilities(FURIOUS_CHARGE_4TH),
  targetWS: (values, counts, n) => majority(values, counts, n, 'lowest'),
  targetT: (values, counts, n) => majority(values, counts, n, 'lowest'),
  saveTie: 'worse',

  prepareUnit: (unit, ctx) => everyModelFights(unit, ctx, srd4Initiative),
  prepareWith: (o) => (o.supporting === 'full' ? srd4.prepareUnit : (unit, ctx) => everyModelFights(unit, ctx, srd4Initiative, true)),
  strength: blowStrength,
  canStrike: () => true,
  options: SRD4_OPTIONS,
  // the sweep, the charge range (6", difficult terrain: the highest of 2D6, 000 Terrain Effects),
  // wounds in sets, the massacre's D6" and the invulnerable save, as the choices say
  ...optionHooks(SRD4_OPTIONS),
  // vehicles and walkers (vehicles.md), the shared mechanic of engine/vehicle.ts
  vehicles: true,

};
