// What a ruleset is: its charts, its armoury, and the few procedures in which editions differ.
// The combat loop (engine/fight.ts) calls these hooks in a fixed order and knows no edition.
import type { Chance } from '../dice.js';
import type { HitBatch } from './allocate.js';
import type { ChargeRoll, Log, SweepRule } from './events.js';
import type { Procedure } from './steps.js';
import type { RuleOptions } from './options.js';
import type { FightState, ModelClass, UnitState } from './state.js';
import type { Scenario, Weapon } from '../model.js';
import type { Edition } from './edition.js';
import type { Ability } from '../abilities.js';

/** chart[row-1][col-1] is the roll needed; 0 means it cannot succeed ("-" on the chart). */
export type Chart = readonly (readonly number[])[];

export interface PhaseContext {
  state: FightState;
  /**
   * the assault phase, for the log only: a step may ask whether this is the first phase
   * (`firstRound`), never which later one it is, because `exact` fights every phase after the
   * first as one graph of states with their phase numbers cleared (exact/phases.ts)
   */
  phase: number;
  firstRound: boolean;
  /** every die of the fight is asked of this (src/dice.ts) */
  chance: Chance;
  log: Log;
  /** this phase's Initiative steps were lost: the sides stood more than 6" apart (fightphase, waffle: engine/pilein.ts) */
  stepsLost: boolean;
}

export type BreakOffOutcome = 'fellBack' | 'swept' | 'held';

/**
 * What a sweeping advance does to the unit it catches: 'destroyed' (srd4, revised4: every model
 * removed; ruling 11), a number of wounds lost with no saves (fightphase, ruling 9), or 'hits':
 * one automatic hit from each model of every winner that caught it, wounded and saved as blows
 * (waffle, ruling 10). Wounds and hits fall on the caught group's first unit, as before the
 * loss was data: of the editions, only revised4 splits characters off into units of their own,
 * and its sweep holds rather than hurts.
 */
export type SweepLoss = 'destroyed' | 'hits' | number;

/** A 40K edition: the core every edition has (engine/edition.ts), and the charts, armoury and hooks of the 40K steps. */
export interface Ruleset extends Edition {
  profileKind: 'wh40k';
  toHit: Chart;
  toWound: Chart;
  armoury: Readonly<Record<string, Weapon>>;
  /** its special rules written as effects (abilities.md A2), by key: a roster names them in `rules:` */
  abilities: Readonly<Record<string, Ability>>;

  /**
   * the WS that attacks against a unit are rolled against: the majority, where `counts[i]` models
   * have `values[i]` (i < n), with the edition's tie rule. Asked only when the unit's living
   * models are of more than one class: with one, its WS and T are the answer.
   */
  targetWS(values: readonly number[], counts: readonly number[], n: number): number;
  /** the Toughness hits are converted against, read the same way */
  targetT(values: readonly number[], counts: readonly number[], n: number): number;
  /** mixed armour: which Sv is "the majority" when two are tied */
  saveTie: 'worse' | 'better';

  /** at the start of each phase: how many attacks each model makes, at what Initiative, with which weapon */
  prepareUnit(unit: UnitState, ctx: PhaseContext): void;
  /** `prepareUnit` as the choices make it (`supporting`): a 40K edition's `prepareUnit` is `prepareWith(options)` */
  prepareWith?(options: RuleOptions): (unit: UnitState, ctx: PhaseContext) => void;
  /** the Strength of a model's blows this phase */
  strength(m: ModelClass, ctx: PhaseContext): number;
  /** which enemy units may be struck by this unit's models (srd4: every engaged enemy) */
  canStrike(attacker: UnitState, target: UnitState): boolean;

  /**
   * Step 10 (ruling 17): every fleeing unit rolls `fleeDice` D6 plus `fleeBonus`, every winning
   * unit that may sweep `sweepDice` D6 (0: it may not) plus `sweepBonus`, and a fleeing unit any
   * sweep catches suffers `caught`. `units` is one unit with the independent characters that
   * joined it.
   */
  fleeDice(units: readonly UnitState[]): number;
  fleeBonus(units: readonly UnitState[]): number;
  sweepDice(units: readonly UnitState[]): number;
  sweepBonus(units: readonly UnitState[]): number;
  /** does a sweep total catch a flee total (srd4: unless the loser rolled higher; revised4: only a higher sweep) */
  catches(sweep: number, flee: number): boolean;
  caught: Exclude<BreakOffOutcome, 'fellBack'>;
  /**
   * What a sweeping advance whose total `sweep` catches a unit that fled with `flee` does to it
   * (when `caught` is 'swept'), before it leaves the combat, as data the shared sweep step
   * applies (engine/breakoff.ts).
   */
  sweepLoss(sweep: number, flee: number): SweepLoss;
  /** how the rolls are compared, for the log */
  sweepRule: Extract<SweepRule, 'initiative' | 'distance'>;
  /**
   * a sweep's automatic hits (SweepLoss 'hits') each go to a living model of the caught unit
   * chosen at random, and are wounded against that model's Toughness and saved with its save
   * (engine/sweep-hits.ts; waffle, rules ruling 25); unset: they are wounded against the unit's
   * majority Toughness and allocated as the edition's `allocate` allocates
   */
  sweepHitsAtRandom?: boolean;
  /**
   * the choices this edition makes among those the 40K editions differ by (engine/options.ts),
   * as data: its sweep, Morale, charge range, wound allocation, Final Blow and saves hooks are
   * made from them (`optionHooks`, `withMorale`), and an edition file replaces them. Unset: a
   * ruleset of its own hooks, which an edition file cannot build on.
   */
  options?: RuleOptions;
  /**
   * an edition file's (io/edition.ts): the file it was read from, its `base` as written, the id
   * that base was registered under, and the shipped edition at the bottom of its chain
   */
  file?: { path: string; base: string; baseId: string; root: string };
  /** what happens, in order: the charge steps, then one assault phase's steps (engine/steps.ts) */
  procedure: Procedure;
  /** reorganise the sides before a fight (revised4: characters and monstrous creatures fight apart) */
  organize?(scenario: Scenario): Scenario;
  /** it has the rules for vehicles and walkers (vehicles.md: engine/vehicle.ts); unset: a scenario with one is refused (V16) */
  vehicles?: boolean;
  /** waffle's Final Blow (ruling 19): a unit's last model on its last wound attacks again for each wound it rolls */
  finalBlow?: boolean;
  /** positions in inches (ruling 14: fightphase, waffle); otherwise a model is in base contact or support */
  inches?: boolean;
  /** after a massacre the winners may consolidate D6" instead of 3" (srd4: 002, Consolidation); unset: 3" always */
  massacreD6?: boolean;
  /** a unit falling back with no model left in base contact cannot be swept (srd4, step 10); unset: it can */
  sweepNeedsContact?: boolean;
  /**
   * the fleeing unit's roll is its fall back move too (revised4: 2D6"), so it is rolled even when no
   * winner may sweep; unset: it is rolled only against a sweep (001: "there is no need to roll")
   */
  fleeRollMoves?: boolean;
  /**
   * an invulnerable save only where the hit negates the armour save or the model has none (srd4:
   * 002, Invulnerable Saves, "if AP negates their normal Sv"); unset: the better of the two
   */
  invulnerableWhenArmourFails?: boolean;
  /**
   * How `allocate` treats like hits (the same Strength, AP and special rules), so that `exact` may
   * merge like pending batches (engine/snapshot.ts `mergeBatches`): 'pooled', it pools them before
   * rolling anything (engine/pools.ts: fightphase, waffle); 'lapped', it is srd4's lapping round
   * (engine/allocate.ts `allocateWounds`). Unset: nothing is merged (an allocation of its own).
   */
  likeHits?: 'pooled' | 'lapped';
  /** the casualties of one unit in one Initiative step: its pending hits allocated and saved; returns the wounds suffered */
  allocate(target: UnitState, batches: readonly HitBatch[], nBatches: number, ctx: PhaseContext, ruleset: Ruleset): number;
  /** how far the charging unit reaches when the charge is rolled (ruling 12) */
  chargeReach(unit: UnitState, ctx: PhaseContext): { roll: ChargeRoll; rolls: number[]; reach: number };
}

/**
 * The roll a blow or shot of `strength` needs to wound Toughness `t`: nothing at Strength 0
 * (ruling 13), a weapon's fixed roll (poisoned), else the ruleset's chart.
 */
export function woundNeed(ruleset: Ruleset, strength: number, woundOn: number | null, t: number): number {
  return strength < 1 ? 0 : woundOn ?? chartLookup(ruleset.toWound, strength, t);
}

/**
 * The chart's cell; a characteristic of 0 cannot be tested (ruling 13), so a row of 0 (WS 0 to
 * hit, Strength 0 to wound) gives 0, "cannot succeed", and a column of 0 reads as 1.
 */
export function chartLookup(chart: Chart, row: number, col: number): number {
  if (row < 1) return 0;
  const r = Math.min(10, row);
  const c = Math.min(10, Math.max(1, col));
  return chart[r - 1]![c - 1]!;
}

/** The edition is fought by the 40K steps with 40K profiles (its data has the charts and procedure). */
export function isRuleset(e: Edition): e is Ruleset {
  return e.profileKind === 'wh40k' && 'toHit' in e && 'procedure' in e;
}
