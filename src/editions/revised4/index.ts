// revised4: the revised 4th-edition Assault Phase with designer's notes
// (../shared/rules/000_f26ca7ba2492e63f.txt). It is srd4 with these differences, and only these:
// supporting models (one plain attack), the charge bonus only for units that did not fire,
// defenders in cover strike first and plasma grenades cancel it, a Toughness tie chosen by the
// owner, mixed armour ties chosen by the owner, Wipe Out! checks for nearby friends, the 2D6
// sweeping advance of ruling 11, and characters and monstrous creatures fighting apart.
// The charts are srd4's: 000 refers to charts it does not print.
import type { Foes, ModelClass, UnitState } from '../../engine/state.js';
import { majority } from '../../engine/mechanics.js';
import { insertAfter, type Step } from '../../engine/steps.js';
import { testMorale } from '../../engine/breakoff.js';
import { optionHooks, type RuleOptions } from '../../engine/options.js';
import { organize } from './apart.js';
import type { PhaseContext, Ruleset } from '../../engine/ruleset.js';
import { baseInitiative, everyModelFights, isCharging, SRD4_OPTIONS, srd4, weaponInitiative } from '../srd4/index.js';

/** Terminators, bikes, Dreadnoughts and walkers always count as stationary: they keep the charge bonus. */
function alwaysChargeBonus(unit: UnitState): boolean {
  return unit.has('terminator') || unit.has('bike') || unit.has('walker');
}

/** Who strikes first: defenders in cover at 10 unless plasma grenades; chargers with frag grenades with them. */
function revised4Initiative(m: ModelClass, foes: Foes, ctx: PhaseContext): number {
  let init = baseInitiative(m, ctx);
  if (ctx.firstRound) {
    if (!m.unit.charging && m.unit.spec.inCover && foes.charging && !foes.plasma) init = 10;
    // grenades are a special close combat attack: only models in base contact use them (000)
    if (isCharging(m, ctx) && m.inContact && m.loadout.grenades.frag && !m.loadout.grenades.plasma && foes.chargedInCover) init = 10;
  }
  // a supporting model does not use its special weapon (m.special is false), so a power fist does not slow it
  return weaponInitiative(m, init);
}

/**
 * Wipe Out!: when one side is destroyed, each unengaged friend of it near the combat
 * (`nearby: true`) takes a Morale check and falls back if it fails.
 */
/**
 * Models in base contact fight in full; the rest support with one plain attack (000), or with
 * `supportOne` false (the option `supporting: full`) every model fights in full. The charge bonus
 * only for units that did not fire, but terminators, bikes and walkers.
 */
/** the charge bonus only for units that did not fire, but terminators, bikes and walkers */
const chargeBonus = (unit: UnitState): boolean => !unit.spec.firedThisTurn || alwaysChargeBonus(unit);

function revised4Prepare(supportOne: boolean): Ruleset['prepareUnit'] {
  return (unit, ctx) => everyModelFights(unit, ctx, revised4Initiative, supportOne, chargeBonus);
}

export const wipeOutStep: Step = {
  name: 'wipeOut',
  run(c) {
    if (c.wiped.n !== 1) return null;
    for (let uI = 0; uI < c.state.units.length; uI++) {
      const u = c.state.units[uI]!;
      // a vehicle takes no Morale check (vehicles.md V11)
      if (u.side !== c.wiped.at(0) || !u.spec.nearby || u.aliveCount() === 0 || u.vehicle) continue;
      // B7, B8: the checks of Morale (engine/breakoff.ts)
      if (!testMorale(c, [u], 0, false, 'wipe-out')) u.fate = 'fellBack';
    }
    return null;
  },
};

/** Some living model of `u` is in base contact. */
function inContactNow(u: UnitState): boolean {
  for (let cI = 0; cI < u.classes.length; cI++) {
    const c = u.classes[cI]!;
    if (c.count > 0 && c.inContact) return true;
  }
  return false;
}

/** revised4's choices: srd4's but for the sweep, the massacre and the invulnerable save. */
export const REVISED4_OPTIONS: RuleOptions = {
  ...SRD4_OPTIONS,
  // supporting models (not in base contact) make one plain attack (000)
  supporting: 'one',
  // Sweeping advance (ruling 11): 2D6 (3D6) against the fall back 2D6 (3D6), which is the fall
  // back move too; a higher sweep holds the loser; terminators cannot sweep; 000 bars a sweep only
  // to a winner still locked with another unit (Multiple combats)
  sweep: { roll: '2d6', catches: 'higher', caught: 'held', barred: 'terminatorUnits', needsContact: false },
  // "If one side destroys the enemy ... They may consolidate as normal" (000, Wipe Out!): up to 3" (7, Consolidation)
  consolidate: { afterMassacre: 3 },
  // 000, Invulnerable saves: a model "may only elect to use its invulnerable save": the better of the two
  invulnerable: 'better',
};

export const revised4: Ruleset = {
  ...srd4,
  id: 'revised4',
  name: 'Revised 4th-edition Assault Phase',
  document: '000_f26ca7ba2492e63f.txt',
  summary:
    "A revised 4th-edition Assault Phase with designer's notes: models in base contact fight in full, supporting " +
    'models make one plain attack; defenders in cover strike first; a 2D6 sweeping advance holds the loser in combat.',
  leftOut: [
    'The Movement and Shooting phases (moving, unit coherency, shooting, scatter, cover saves against shots): assault fights one close combat, from the charge on, with no board.',
    'The charge move itself: a charge connects, or, with chargeDistance, is rolled against its reach (ruling 12); the models then stand in base contact or in support, not on a table.',
    'Tank Shock, Death or Glory and ramming (vehicles.md): Movement-phase rules, out of scope; vehicles and walkers in close combat are above.',
    'What follows a fall back (the move itself, regrouping, later turns): the combat ends when its losers fall back; only the consolidation is printed.',
    'Regrouping and Psychic powers other than a force weapon\'s test: they belong to later turns and other phases.',
  ],
  notes: [
    'Charts: those of srd4 (000 refers to charts it does not print).',
    'Differs from srd4:',
    'Models in base contact (inContact) fight with all their attacks and special weapons; the rest of the unit supports with exactly one attack, no bonuses, no special attacks.',
    'Charge bonus only for units that did not fire this turn (firedThisTurn), except terminators, bikes and walkers; only models in base contact get it, and the two-weapon bonus.',
    'Defenders in cover strike first (Initiative 10) in the first round; chargers in base contact with frag grenades strike with them; plasma grenades cancel the cover advantage. Power fists always strike at 1.',
    'No majority (more than half): WS the lowest in the unit; Toughness the owner chooses (the highest); saves the owner chooses which group is hit first (the better save). A model takes the better of its armour and invulnerable saves.',
    'Wipe Out!: the side that destroys its enemy wins; unengaged friends of the destroyed unit within 6" (nearby: true) take Morale checks.',
    'Sweeping advance (ruling 11): each winning unit rolls 2D6 (3D6 bikes, jump infantry) once against every fleeing unit\'s fall-back 2D6 (3D6); higher holds that unit in combat, nobody charging next phase; otherwise it falls back. Terminators cannot sweep.',
    'Independent characters fight as units of their own, their dice rolled apart, but charge, test Morale and fall back with the unit they joined. Monstrous creatures are units in their own right.',
  ],
  // WS with no majority: the lowest in the unit (000); T: the owner chooses, so the highest
  targetWS: (values, counts, n) => majority(values, counts, n, 'lowest'),
  targetT: (values, counts, n) => majority(values, counts, n, 'highest'),
  saveTie: 'better',

  prepareUnit: revised4Prepare(true),
  prepareWith: (o) => (o.supporting === 'one' ? revised4.prepareUnit : revised4Prepare(false)),

  // 000, Independent Characters: only enemy models engaged with a character fighting apart may
  // strike him, so one not in base contact cannot be struck (his unit can, while it lives)
  canStrike: (_attacker, target) => target.partOf === null || inContactNow(target),

  options: REVISED4_OPTIONS,
  ...optionHooks(REVISED4_OPTIONS),

  // Wipe Out! (000, step 4): after the result, before the winners consolidate
  procedure: { ...srd4.procedure, phase: insertAfter(srd4.procedure.phase, 'result', wipeOutStep) },

  // characters and monstrous creatures as units of their own (apart.ts)
  organize,
};
