// What the kernels (one unit a side and several) roll to fall back and to sweep with, and what
// bars a sweep, worked out once per fight from the ruleset and the first phase's table.
import type { Ruleset } from '../../engine/ruleset.js';
import type { UnitState } from '../../engine/state.js';
import { INITIATIVE_SWEEP } from '../../editions/srd4/index.js';
import type { PhaseTable } from './tables.js';

export interface SweepRolls {
  /** per unit: dice to fall back and to sweep */
  readonly fleeDice: Int32Array;
  readonly sweepDice: Int32Array;
  /** the fall back and sweep bonus: the best Initiative among the living (srd4), else the fixed `bonus` */
  readonly bonusIsInitiative: boolean;
  readonly bonus: Int32Array;
  /** per class: in base contact at the start; whether a loser with none of them left cannot be swept (srd4, and some model starts out of contact) */
  readonly contact: Uint8Array;
  readonly needsContact: boolean;
}

/** The fight's `SweepRolls`, `first` the first phase's table. */
export function sweepRolls(units: readonly UnitState[], ruleset: Ruleset, first: PhaseTable): SweepRolls {
  // with no character joined, the dice depend only on the unit's rules (revised4: bikes, jump infantry, terminators)
  const fleeDice = Int32Array.from(units, (u) => ruleset.fleeDice([u]));
  // barred by its living models (`bars`): while none lives, it sweeps with the dice it falls back with (engine/options.ts `sweepHooks`)
  const sweepDice = Int32Array.from(units, (u) => (ruleset.options?.sweep.barred === 'terminatorModels' ? ruleset.fleeDice([u]) : ruleset.sweepDice([u])));
  const bonusIsInitiative = ruleset.fleeBonus === INITIATIVE_SWEEP.fleeBonus && ruleset.sweepBonus === INITIATIVE_SWEEP.sweepBonus;
  // revised4's bonus is a constant (0)
  const bonus = Int32Array.from(units, (u) => (bonusIsInitiative ? 0 : ruleset.fleeBonus([u])));
  // as the first phase is prepared: a unit with `engageAll` (B10) has every model in base contact
  const contact = Uint8Array.from(first.contact);
  const needsContact = ruleset.sweepNeedsContact === true && contact.includes(0);
  return { fleeDice, sweepDice, bonusIsInitiative, bonus, contact, needsContact };
}
