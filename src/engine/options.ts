// The choices in which the 40K editions differ, as data: every ruleset says what it chose
// (`Ruleset.options`), and the hooks and the Morale step the shared steps run are made from
// those choices here, for the shipped editions and for an edition file alike. Each choice is
// named for what it does; the edition that has it is named in the comment only.
import { tOf } from './effects.js';
import { other } from '../model.js';
import { allocateWounds } from './allocate.js';
import { holdsNonSweeper, mayNotSweep, moraleStep } from './breakoff.js';
import { bestOf } from './mechanics.js';
import { allocatePools } from './pools.js';
import { chartLookup, type Ruleset, type SweepLoss } from './ruleset.js';
import type { Combat, Procedure, Step } from './steps.js';
import type { UnitState } from './state.js';

/** The values each choice may take, in the order the docs and the schema list them. */
export const CHOICES = {
  chargeRange: [6, '2d6'],
  supporting: ['full', 'one'],
  wounds: ['sets', 'pools'],
  moralePenalty: ['none', 'difference'],
  sweepRoll: ['d6+initiative', '2d6'],
  sweepCatches: ['equalOrHigher', 'higher'],
  sweepCaught: ['destroyed', 'held', 'woundsDifference', 'hitsPerModel'],
  sweepBarred: ['nobody', 'terminatorUnits', 'terminatorModels'],
  afterMassacre: [3, 'd6'],
  invulnerable: ['better', 'whenArmourFails'],
} as const;

type Choice<K extends keyof typeof CHOICES> = (typeof CHOICES)[K][number];

export interface RuleOptions {
  charge: {
    /** 6: 6" (difficult terrain: the highest of 2D6; srd4, revised4); '2d6': 2D6" (fightphase, waffle). Rolled only when a scenario gives a charge distance (ruling 12). */
    range: Choice<'chargeRange'>;
  };
  /** models not in base contact: 'full', every model fights with all its attacks and weapons (srd4; fightphase and waffle, where only engaged models reach); 'one', one plain attack, no bonus, no special weapon (revised4) */
  supporting: Choice<'supporting'>;
  /** 'sets': hits in sets by the majority save, lapping round (srd4, revised4); 'pools': wound pools to the closest model (fightphase, waffle; rulings 14, 15) */
  wounds: Choice<'wounds'>;
  morale: {
    /** 'difference': the loser tests on Ld less the difference in wounds (ruling 16) */
    penalty: Choice<'moralePenalty'>;
    /** Our Weapons Are Useless: a unit whose entry says `useless: fallBack` and that cannot wound fails on purpose (ruling 16) */
    weaponsUseless: boolean;
    /** a unit that fails is battleshocked (the log says so; fightphase, waffle) */
    battleshock: boolean;
  };
  sweep: {
    /** 'd6+initiative': D6 + the highest basic Initiative (srd4, fightphase, waffle); '2d6': 2D6, 3D6 for bikes and jump infantry, also the loser's fall back move (revised4) */
    roll: Choice<'sweepRoll'>;
    /** does the winner's total catch the loser's when it is equal ('equalOrHigher') or only when higher */
    catches: Choice<'sweepCatches'>;
    /** what a caught unit suffers */
    caught: Choice<'sweepCaught'>;
    /** which winners may not sweep: 'terminatorUnits' (a unit with the terminator rule: revised4), 'terminatorModels' (a unit with a living terminator model: fightphase, waffle) */
    barred: Choice<'sweepBarred'>;
    /** a loser with no model left in base contact falls back unswept (srd4) */
    needsContact: boolean;
  };
  consolidate: {
    /** after a massacre the winners consolidate 3" or D6" (srd4); only the log shows it */
    afterMassacre: Choice<'afterMassacre'>;
  };
  /** Final Blow (waffle, ruling 19) */
  finalBlow: boolean;
  /** 'better': the better of armour and invulnerable save; 'whenArmourFails': an invulnerable save only where the hit leaves no armour save (srd4) */
  invulnerable: Choice<'invulnerable'>;
}

/** One die (srd4's fall back and sweep roll). */
const oneDie = (): number => 1;
/** D6 + Initiative: the highest basic Initiative among the living models (ruling 8). */
export const highestInitiative = (units: readonly UnitState[]): number => bestOf(units, 'I');
const noBonus = (): number => 0;
const equalOrHigher = (sweep: number, flee: number): boolean => flee <= sweep;
const higher = (sweep: number, flee: number): boolean => sweep > flee;

/** Dice for a unit's fall back or sweeping advance: 3D6 for bikes and jump infantry, else 2D6 (revised4, ruling 11). */
export function moveDice(units: readonly UnitState[]): number {
  for (let uI = 0; uI < units.length; uI++) {
    const u = units[uI]!;
    if (!u.has('bike') && !u.has('jump-infantry')) return 2;
  }
  return 3;
}

const sweepDiceFor = (dice: (units: readonly UnitState[]) => number, barred: RuleOptions['sweep']['barred']) =>
  barred === 'nobody' ? dice
    : barred === 'terminatorUnits' ? (units: readonly UnitState[]) => (mayNotSweep(units) ? 0 : dice(units))
      : (units: readonly UnitState[]) => (holdsNonSweeper(units) ? 0 : dice(units));

const lossOf: Record<RuleOptions['sweep']['caught'], (sweep: number, flee: number) => SweepLoss> = {
  destroyed: () => 'destroyed',
  // revised4: the loser is held, not hurt (`caught: 'held'`): the loss is never asked
  held: () => 'destroyed',
  woundsDifference: (sweep, flee) => sweep - flee,
  hitsPerModel: () => 'hits',
};

export type SweepHooks = Pick<Ruleset, 'fleeDice' | 'fleeBonus' | 'sweepDice' | 'sweepBonus' | 'catches' | 'caught' | 'sweepLoss' | 'sweepRule' | 'fleeRollMoves' | 'sweepNeedsContact' | 'sweepHitsAtRandom'>;

/** The sweeping advance's hooks (step 10, ruling 17), from the choices. */
export function sweepHooks(o: RuleOptions['sweep']): SweepHooks {
  const initiative = o.roll === 'd6+initiative';
  const dice = initiative ? oneDie : moveDice;
  return {
    fleeDice: dice,
    fleeBonus: initiative ? highestInitiative : noBonus,
    sweepDice: sweepDiceFor(dice, o.barred),
    sweepBonus: initiative ? highestInitiative : noBonus,
    // the 2D6 fall back roll is the fall back move too: rolled even when no winner may sweep
    fleeRollMoves: !initiative,
    sweepRule: initiative ? 'initiative' : 'distance',
    catches: o.catches === 'equalOrHigher' ? equalOrHigher : higher,
    caught: o.caught === 'held' ? 'held' : 'swept',
    sweepLoss: lossOf[o.caught],
    sweepHitsAtRandom: o.caught === 'hitsPerModel',
    sweepNeedsContact: o.needsContact,
  };
}

/** The penalty of ruling 16: the difference in wounds inflicted, the same for every losing unit. */
export function defeatMargin(c: Combat): number {
  return c.winner ? c.wounds[c.winner] - c.wounds[other(c.winner)] : 0;
}

/** "Our Weapons Are Useless" (ruling 16): a unit that says `useless: fallBack` and cannot wound any enemy it is locked with. */
export function useless(c: Combat, g: readonly UnitState[]): boolean {
  for (let uI = 0; uI < g.length; uI++) {
    const u = g[uI]!;
    if (u.spec.useless !== 'fallBack' || canHurt(u, c)) return false;
  }
  return true;
}

function canHurt(u: UnitState, c: Combat): boolean {
  for (let mI = 0; mI < u.classes.length; mI++) {
    const m = u.classes[mI]!;
    if (m.count === 0 || m.attacks <= 0) continue;
    const w = m.loadout.weapon;
    const s = c.ruleset.strength(m, c);
    if (s >= 1 && w && (w.woundOn !== null || w.rending)) return true;
    for (let eI = 0; eI < u.locked.length; eI++) {
      const e = u.locked[eI]!;
      if (!e.inCombat) continue;
      for (let k = 0; k < e.classes.length; k++) {
        const t = e.classes[k]!;
        // the Toughness as the phase's abilities modify it (abilities.md B1)
        if (t.count > 0 && s >= 1 && chartLookup(c.ruleset.toWound, s, tOf(t)) > 0) return true;
      }
    }
  }
  return false;
}

/** The Morale step the choices make (step 9). */
export function moraleFor(o: RuleOptions['morale']): Step {
  return moraleStep({
    ...(o.penalty === 'difference' ? { penalty: defeatMargin } : {}),
    ...(o.weaponsUseless ? { failsOnPurpose: useless } : {}),
    battleshock: o.battleshock,
  });
}

/** Charge range (ruling 12): 6", in difficult terrain the highest of 2D6 (srd4, revised4). */
export const reachSix: Ruleset['chargeReach'] = (unit, ctx) => {
  if (!unit.spec.difficultTerrain) return { roll: 'fixed', rolls: [], reach: 6 };
  // difficult terrain: the highest of 2D6 (000, Terrain Effects)
  const reach = ctx.chance.highest(2);
  return { roll: 'highest', rolls: ctx.chance.faces ?? [], reach };
};

/** Charge range (ruling 12): 2D6" (fightphase, waffle). */
export const reach2D6: Ruleset['chargeReach'] = (_unit, ctx) => {
  const reach = ctx.chance.sum(2);
  return { roll: 'sum', rolls: ctx.chance.faces ?? [], reach };
};

const pooled: Ruleset['allocate'] = (target, batches, n, ctx) => allocatePools(target, batches, n, ctx);

/** Every hook the choices make but the Morale step (which is in the procedure: `withMorale`). */
export function optionHooks(o: RuleOptions): SweepHooks & Pick<Ruleset, 'chargeReach' | 'allocate' | 'likeHits' | 'massacreD6' | 'finalBlow' | 'invulnerableWhenArmourFails'> {
  return {
    ...sweepHooks(o.sweep),
    chargeReach: o.charge.range === 6 ? reachSix : reach2D6,
    allocate: o.wounds === 'sets' ? allocateWounds : pooled,
    likeHits: o.wounds === 'sets' ? 'lapped' : 'pooled',
    massacreD6: o.consolidate.afterMassacre === 'd6',
    finalBlow: o.finalBlow,
    invulnerableWhenArmourFails: o.invulnerable === 'whenArmourFails',
  };
}

/** `procedure` with its Morale step made from the choices (a procedure with none keeps none). */
export function withMorale(procedure: Procedure, o: RuleOptions['morale']): Procedure {
  if (!procedure.phase.some((s) => s.name === 'morale')) return procedure;
  const morale = moraleFor(o);
  return { ...procedure, phase: procedure.phase.map((s) => (s.name === 'morale' ? morale : s)) };
}

/** `base` with `options` in place of its own: the hooks, the preparation and the Morale step they make (an edition file's ruleset, before its charts and steps). */
export function withOptions(base: Ruleset, options: RuleOptions): Ruleset {
  return {
    ...base, options, ...optionHooks(options), procedure: withMorale(base.procedure, options.morale),
    prepareUnit: base.prepareWith ? base.prepareWith(options) : base.prepareUnit,
  };
}
