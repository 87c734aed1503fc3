// Fighting the close combat: Initiative steps from 10 down to 1. Models at the same step strike
// simultaneously (all their dice are rolled before any casualty is removed); casualties are
// removed before the next step, and the dead do not strike back.
import type { SideId } from '../model.js';
import type { PhaseContext, Ruleset } from './ruleset.js';
import { chartLookup, woundNeed as woundNeedOf } from './ruleset.js';
import type { ModelClass, Scratch, UnitState } from './state.js';
import { hasRule } from '../model.js';
import { Slots } from './slots.js';
import { hitsCount, strikeVehicle, vehicleCasualties, vehicleFoe } from './vehicle.js';
import { blowNotes, hitNeed, hitReroll, notesOf, woundReroll } from './blow-effects.js';
import { aOf, tOf, wsOf } from './effects.js';
import { chosenTarget } from './target-choice.js';
import { weaponStrength } from './mechanics.js';
import { REROLL_NONE, REROLL_ONES } from '../dice.js';


/**
 * A unit's living models and majority WS and T at the start of a step, as the ruleset reads
 * majorities: among its engaged models (all of them in srd4 and revised4), or among all its
 * living models when none is engaged.
 */
export function startStep(unit: UnitState, ruleset: Ruleset, scratch: Scratch): void {
  unit.nPending = 0;
  const alive = unit.aliveCount();
  unit.stepAlive = alive;
  if (alive === unit.majorityFor || alive === 0) return; // nobody died since: the same majorities
  unit.majorityFor = alive;
  const engaged = anyEngaged(unit);
  const only = onlyClass(unit, engaged);
  if (only) {
    // one kind of model counted: its WS and T are the majority's
    unit.stepWS = wsOf(only);
    unit.stepT = tOf(only);
    return;
  }
  const { values, counts } = scratch;
  let n = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0 || (engaged && !c.engaged)) continue;
    values[n] = wsOf(c);
    counts[n++] = c.count;
  }
  unit.stepWS = ruleset.targetWS(values, counts, n);
  n = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0 || (engaged && !c.engaged)) continue;
    values[n] = tOf(c);
    counts[n++] = c.count;
  }
  unit.stepT = ruleset.targetT(values, counts, n);
}

function anyEngaged(unit: UnitState): boolean {
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count > 0 && c.engaged) return true;
  }
  return false;
}

/** The unit's one class with living models (engaged ones, if `engaged`), if only one has any. */
function onlyClass(unit: UnitState, engaged: boolean): ModelClass | null {
  let only: ModelClass | null = null;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0 || (engaged && !c.engaged)) continue;
    if (only) return null;
    only = c;
  }
  return only;
}

/**
 * Classes that fight alike (the same model, Initiative, number of attacks and weapon use) strike
 * as one group: "where the same roll To Hit is needed, the dice should be rolled together" (000,
 * 001), whatever entries or ranks of the unit the models stand in.
 */
function alike(a: ModelClass, b: ModelClass): boolean {
  return a.kind === b.kind && a.initiative === b.initiative && a.attacks === b.attacks && a.special === b.special;
}

/**
 * At the start of the phase: each fighting class joins the first class of its unit that fights
 * alike (its `lead`). Returns the Initiative values struck at, as bits.
 */
function phaseGroups(units: Slots<UnitState>, everyStep: boolean): number {
  let steps = 0;
  for (let u = 0; u < units.n; u++) {
    const unit = units.at(u);
    // a unit of many classes finds its groups by profile (searching every class before each one is quadratic)
    const many = unit.classes.length > 32 ? new Map<number, ModelClass[]>() : null;
    for (let i = 0; i < unit.classes.length; i++) {
      const c = unit.classes[i]!;
      c.lead = null;
      if (c.count === 0) continue;
      if (c.attacks <= 0) {
        // models that strike nothing still pile in at their step (fightphase, waffle)
        if (everyStep) steps |= 1 << c.initiative;
        continue;
      }
      if (many) {
        const leads = many.get(c.kind) ?? many.set(c.kind, []).get(c.kind)!;
        for (let j = 0; j < leads.length && !c.lead; j++) if (alike(leads[j]!, c)) c.lead = leads[j]!;
        if (!c.lead) leads.push(c);
      } else {
        for (let j = 0; j < i && !c.lead; j++) {
          const l = unit.classes[j]!;
          if (l.lead === l && alike(l, c)) c.lead = l;
        }
      }
      c.lead ??= c;
      steps |= 1 << c.initiative;
    }
  }
  return steps;
}

/**
 * The Initiative steps of one assault phase as their steps see them: who strikes at `init`,
 * the units struck so far, and where the phase is (`init`, the Initiative step's part `part`,
 * its atom `atom` of `atoms`), so that the steps can be run one atom at a time (a group's
 * blows, one unit's casualties) and the state between atoms is all in this and the units.
 */
export interface StepState {
  ctx: PhaseContext;
  ruleset: Ruleset;
  units: Slots<UnitState>;
  init: number;
  /** the groups striking at `init`, in order (their first class) */
  strikers: Slots<ModelClass>;
  /** the units struck in this step */
  struck: Slots<UnitState>;
  /** the Initiative values some group of the phase strikes at, as bits */
  steps: number;
  /** the part of the Initiative step being fought (-1: between Initiative steps) and its next atom */
  part: number;
  atom: number;
  atoms: number;
  inflicted: Record<SideId, number>;
  /**
   * (exact) the atom of the blows at which the casualties of the second unit are worked out,
   * once the first unit's groups have struck it and before its own groups strike (-1: with the
   * other casualties, after every blow): `earlyCasualties`
   */
  early: number;
}

/** A named part of one Initiative step (the procedure's `initiative` list), fought in atoms. */
export interface InitiativeStep {
  name: string;
  /** at the start of this part of the step: how many atoms it has */
  begin(s: StepState): number;
  /** atom `k` */
  atom(s: StepState, k: number): void;
}

/** Every group striking at this Initiative rolls to hit and to wound against its target (ruling 11): one atom per group. */
export const blowsStep: InitiativeStep = {
  name: 'blows',
  begin(s) {
    s.struck.clear();
    s.strikers.clear();
    for (let u = 0; u < s.units.n; u++) startStep(s.units.at(u), s.ruleset, s.ctx.state.scratch);
    for (let i = 0; i < s.units.n; i++) {
      const unit = s.units.at(i);
      // each group strikes with its engaged living models (all of them, but in fightphase and
      // waffle), counted in one pass over the classes (a class follows its group's first)
      const classes = unit.classes;
      for (let cI = 0; cI < classes.length; cI++) {
        const c = classes[cI]!;
        const g = c.lead;
        if (g === c) c.striking = 0;
        if (g !== null && g.initiative === s.init && c.engaged) g.striking += c.count;
      }
      for (let gI = 0; gI < classes.length; gI++) {
        const g = classes[gI]!;
        if (g.lead === g && g.initiative === s.init && g.striking > 0) s.strikers.push(g);
      }
    }
    s.early = earlyCasualties(s);
    return s.strikers.n + (s.early >= 0 ? 1 : 0);
  },
  atom(s, k) {
    if (s.early >= 0 && k >= s.early) {
      if (k === s.early) return casualtiesOf(s, s.units.at(1));
      k--;
    }
    const g = s.strikers.at(k);
    if (g.grenade !== null) {
      // a grenade is thrown at the vehicle it was chosen against (V19); gone by now, it has no target
      const v = vehicleFoe(g.unit);
      if (v !== null && v.stepAlive > 0) hit(s, g, v, g.striking * g.attacks);
      return;
    }
    const targets = s.ctx.state.scratch.targets;
    let n = 0;
    for (let j = 0; j < g.unit.locked.length; j++) {
      const u = g.unit.locked[j]!;
      if (u.inCombat && u.stepAlive > 0 && s.ruleset.canStrike(g.unit, u) && (s.ruleset.inches !== true || reaches(s, g, u))) targets[n++] = u;
    }
    if (n === 0) return;
    const all = g.striking * g.attacks;
    const split = n > 1 ? g.unit.spec.attackSplit : undefined;
    if (split === 'even') {
      // every model splits its attacks evenly, the odd ones to the first units in order (ruling 17)
      const each = Math.floor(g.attacks / n);
      const odd = g.attacks - each * n;
      for (let t = 0; t < n; t++) {
        const attacks = g.striking * (each + (t < odd ? 1 : 0));
        if (attacks > 0) hit(s, g, targets[t]!, attacks);
      }
      return;
    }
    hit(s, g, n === 1 ? targets[0]! : chosenTarget(g, targets, n, s.ctx, s.ruleset, split), all);
  },
};

/**
 * On a line (docs/rulings.md, ruling 38) a group strikes an enemy unit only if every striking model of it
 * stands within 1" of that unit's closest: a unit whose closest models stand behind its side's
 * closest (its front rank dead, or placed back) is that much further off. (Every model, not the
 * closest: how models are grouped to roll together must not decide whom they may strike.)
 */
function reaches(s: StepState, g: ModelClass, u: UnitState): boolean {
  let mine = 0;
  const classes = g.unit.classes;
  for (let cI = 0; cI < classes.length; cI++) {
    const c = classes[cI]!;
    if (c.lead === g && c.count > 0 && c.engaged && c.distance > mine) mine = c.distance;
  }
  return mine + (u.closest() - closestOf(s, u.side)) <= 1;
}

/** The distance of `side`'s closest living model in the fight from the enemy (ruling 14); Infinity: none. */
export function closestOf(s: StepState, side: SideId): number {
  let closest = Infinity;
  for (let u = 0; u < s.units.n; u++) {
    const unit = s.units.at(u);
    if (unit.side === side) closest = Math.min(closest, unit.closest());
  }
  return closest;
}

function hit(s: StepState, g: ModelClass, target: UnitState, attacks: number): void {
  if (!s.struck.includes(target)) s.struck.push(target);
  strike(g, target, attacks, s.ctx, s.ruleset);
}

/** Blows were struck together; casualties are worked out target by target, in the order struck: one atom per target. */
export const casualtiesStep: InitiativeStep = {
  name: 'casualties',
  begin: (s) => s.struck.n,
  atom: (s, k) => casualtiesOf(s, s.struck.at(k)),
};

/** The casualties of `target`: its pending hits worked out and the wounds counted. */
function casualtiesOf(s: StepState, target: UnitState): void {
  if (target.vehicle) {
    const hits = vehicleCasualties(target, s.ctx, s.ruleset);
    // hits on a vehicle that is not a walker beside other enemy units count for nothing (V17)
    if (hitsCount(target, s.units)) s.inflicted[target.side === 'attacker' ? 'defender' : 'attacker'] += hits;
    return;
  }
  if (target.nPending === 0) return;
  s.inflicted[target.side === 'attacker' ? 'defender' : 'attacker'] += s.ruleset.allocate(target, target.pending, target.nPending, s.ctx, s.ruleset);
  target.nPending = 0;
}

/**
 * (exact) Where the second unit's casualties can be worked out among the blows: -1, or the atom
 * after the first unit's groups. In a step of two units, one a side, the first unit's groups
 * strike first and only the second unit; once they have, the second unit's pending hits are all
 * it takes in the step, and its casualties can come at once, before its own groups strike: these
 * read only what was fixed as the step began (the groups striking and their models, the foe's
 * majorities), never the models the casualties remove, so the outcomes and their probabilities
 * are the same (docs/design.md, `exact`). The states between then keep the second unit's losses
 * rather than every way its pending hits can stand beside the first unit's, far fewer. Only
 * where nothing reads the counts as a group strikes: not with positions in inches (a group
 * reaches by its models), Final Blow (the last model), a vehicle, or steps of an edition's own;
 * and only for `exact`'s chance (`sim` and `fight` keep the procedure's order, die for die).
 */
function earlyCasualties(s: StepState): number {
  const { ruleset, units, strikers } = s;
  if (s.ctx.chance.enumerates !== true || units.n !== 2 || ruleset.inches === true || ruleset.finalBlow === true) return -1;
  const steps = ruleset.procedure.initiative;
  if (steps.length !== 2 || steps[0] !== blowsStep || steps[1] !== casualtiesStep) return -1;
  const first = units.at(0);
  const second = units.at(1);
  if (first.side === second.side || first.vehicle || second.vehicle) return -1;
  let k = 0;
  while (k < strikers.n && strikers.at(k).unit === first) k++;
  // both units strike, the first unit's groups first
  return k > 0 && k < strikers.n ? k : -1;
}

/**
 * (exact) The step's first group has struck and nothing else has happened in it: as a rule a
 * state only one path reaches, since the state before it held no pending hit and each outcome of
 * the blows pends its own (`exact` fights on through it rather than keeping it, where that was
 * measured to pay: exact/enumeration.ts `paths`, `marking`).
 */
export function afterFirstBlows(s: StepState): boolean {
  return s.part >= 0 && s.atom === 1 && s.ruleset.procedure.initiative[s.part] === blowsStep;
}

export const BASE_INITIATIVE_STEPS: readonly InitiativeStep[] = [blowsStep, casualtiesStep];

/** The phase's step state (one per fight state, reused), set for a new phase of `units`. */
export function beginInitiativeSteps(units: Slots<UnitState>, ctx: PhaseContext, ruleset: Ruleset): StepState {
  const s = (ctx.state.step ??= {
    ctx, ruleset, units, init: 11, strikers: new Slots(), struck: new Slots(), steps: 0, part: -1, atom: 0, atoms: 0, inflicted: { attacker: 0, defender: 0 }, early: -1,
  });
  s.ctx = ctx;
  s.ruleset = ruleset;
  s.units = units;
  s.inflicted.attacker = s.inflicted.defender = 0;
  s.steps = phaseGroups(units, ruleset.inches === true);
  s.init = 11;
  s.part = -1;
  s.atom = s.atoms = 0;
  s.early = -1;
  return s;
}

/** Fight the next atom of the phase's Initiative steps (10 down to 1); false when none was left. */
export function initiativeAtom(s: StepState): boolean {
  const steps = s.ruleset.procedure.initiative;
  for (;;) {
    if (s.part < 0) {
      const init = nextInitiative(s);
      if (init === 0) return false;
      s.init = init;
      s.ctx.log?.push({ type: 'step', initiative: init });
      s.part = 0;
      s.atom = 0;
      s.atoms = steps[0]!.begin(s);
    }
    if (s.atom < s.atoms) {
      steps[s.part]!.atom(s, s.atom++);
      // the step's last atom: the step is over at once (what it leaves is then the same for equal fights)
      if (s.atom === s.atoms && s.part === steps.length - 1) endStep(s);
      return true;
    }
    if (++s.part < steps.length) {
      s.atom = 0;
      s.atoms = steps[s.part]!.begin(s);
    } else endStep(s);
  }
}

/** An Initiative step is over: its scratch is cleared (the next step works it out again); `init` stays, the step just fought. */
function endStep(s: StepState): void {
  s.part = -1;
  s.atom = s.atoms = 0;
  s.early = -1;
  s.strikers.clear();
  s.struck.clear();
  // nPending too: the step's casualties have taken every pending hit
  for (let u = 0; u < s.units.n; u++) s.units.at(u).clearStep();
}

/**
 * The next Initiative below `s.init` at which some group has living models (engaged or not: they
 * may pile in), or, where models pile in at their step, any living model; 0: none.
 */
function nextInitiative(s: StepState): number {
  const { units } = s;
  for (let init = s.init - 1; init >= 1; init--) {
    if ((s.steps & (1 << init)) === 0) continue;
    for (let u = 0; u < units.n; u++) {
      const unit = units.at(u);
      for (let cI = 0; cI < unit.classes.length; cI++) {
        const c = unit.classes[cI]!;
        if (c.count > 0 && (c.lead !== null || s.ruleset.inches === true) && c.initiative === init) return init;
      }
    }
  }
  return 0;
}

/**
 * After the phase's last Initiative step: the scratch of the steps is cleared (groups,
 * majorities), so that fights that reached the same state between phases are the same state.
 */
export function endInitiativeSteps(s: StepState): void {
  endStep(s);
  s.init = 11;
  for (let u = 0; u < s.units.n; u++) {
    const unit = s.units.at(u);
    unit.nPending = 0;
    for (let cI = 0; cI < unit.classes.length; cI++) {
      const c = unit.classes[cI]!;
      c.lead = null;
      c.striking = 0;
    }
  }
}

/** Roll `attacks` of one group's attacks to hit and to wound against `target`; wounding hits go into its pending batches. */
function strike(m: ModelClass, target: UnitState, attacks: number, ctx: PhaseContext, ruleset: Ruleset): void {
  // a vehicle is hit, penetrated and damaged, never wounded (vehicles.md: engine/vehicle.ts)
  if (target.vehicle) return strikeVehicle(m, target, attacks, ctx, ruleset);
  const chance = ctx.chance;
  const log = ctx.log;
  const weapon = m.special ? m.loadout.weapon : null;
  const ws = wsOf(m);
  const chart = chartLookup(ruleset.toHit, ws, target.stepWS);
  // hitOn (abilities.md B3) where it gives a better roll than the chart
  const need = hitNeed(m, target, chart);
  const rerollHit = hitReroll(m, target);
  const rending = weapon !== null && weapon.rending;
  const strength = ruleset.strength(m, ctx);
  // Strength 0 wounds nothing, whatever the weapon (ruling 13)
  const woundNeed = woundNeedOf(ruleset, strength, weapon?.woundOn ?? null, target.stepT);
  // a weapon's re-roll and an ability's do not add up (B2)
  const reroll = woundReroll(m, target, weapon !== null && weapon.rerollFailedWounds);
  // Final Blow (waffle, ruling 19): a last model on its last wound attacks again for each wound it rolled
  const lastStand = ruleset.finalBlow === true && finalBlowFrom(m);
  if (lastStand && chance.chain) {
    // `exact`: the whole chain by its law, one call (its states merge where paths link by link would not)
    const wounds = chance.chain(attacks, need, woundNeed, rending, strength >= 1, reroll, rerollHit);
    ctx.state.outcome!.charge.finalBlowAttacks += chance.chained!;
    pendWounds(target, m, strength, wounds, chance.blow.autoWounds);
    return;
  }
  for (let n = attacks, finalBlow = false; n > 0; finalBlow = true) {
    if (finalBlow) ctx.state.outcome!.charge.finalBlowAttacks += n;
    // WS 0 hits nothing (ruling 13): need 0, no dice are rolled; rending 6s wound automatically,
    // but a blow of Strength 0 wounds nothing (ruling 13)
    const wounds = chance.blows(n, need, woundNeed, rending, strength >= 1, reroll, rerollHit);
    const { hits, autoWounds } = chance.blow;
    if (log) {
      const b = chance.blow;
      log.push({
        type: 'attacks', side: m.unit.side, unit: m.unit.name, model: m.spec.name, count: finalBlow ? 1 : m.striking, attacks: n, ...attackParts(m),
        target: target.name, weapon: weapon ? weapon.name : null, ws, targetWs: target.stepWS, need, rolls: b.hitFaces!, hits, rending: autoWounds,
        ...(finalBlow ? { finalBlow: true } : {}),
        ...blowNotes(m, ctx.firstRound, chart, need, rerollHit, b.hitRerollFaces),
      });
      if (hits > 0) {
        // shown only where it changed the Strength (a Strength of 0 stays 0, 10 stays 10: B1)
        const sNotes = strength !== weaponStrength(m, 0) ? notesOf(m, 'S', ctx.firstRound) : [];
        const byAbility = reroll !== REROLL_NONE && !(weapon !== null && weapon.rerollFailedWounds);
        log.push({
          type: 'wounds', side: m.unit.side, unit: m.unit.name, model: m.spec.name, weapon: weapon ? weapon.name : null,
          woundOn: weapon?.woundOn ?? null, strength, toughness: target.stepT, need: woundNeed,
          rolls: b.woundFaces!, rerolls: b.rerollFaces!, wounds, autoWounds,
          ...(sNotes.length > 0 ? { strengthBy: sNotes } : {}),
          ...(byAbility ? { rerollBy: notesOf(m, 'rerollWound', ctx.firstRound).filter((x) => x.value === reroll).map((x) => x.by), rerollOnes: reroll === REROLL_ONES } : {}),
        });
      }
    }
    pendWounds(target, m, strength, wounds, autoWounds);
    if (!lastStand) return;
    // one more attack for each wound rolled, and so on
    n = wounds;
  }
}

/**
 * Final Blow (003, ruling 19): the group striking is the last model of a unit of several, on its
 * last wound, and not an independent character ("cannot be made by Independent Characters": the
 * model, by its own rules or its unit's; an independent character who died before it does not
 * bar it).
 */
function finalBlowFrom(m: ModelClass): boolean {
  const u = m.unit;
  if (m.striking !== 1 || u.stepAlive !== 1 || hasRule(m.spec.rules, 'independent-character') || hasRule(u.spec.rules, 'independent-character')) return false;
  let size = 0;
  let front = 0;
  for (let cI = 0; cI < u.classes.length; cI++) {
    const c = u.classes[cI]!;
    size += c.size;
    if (c.count > 0) front = c.front;
  }
  return size > 1 && front === 1;
}


/** Wounds a group of `m` caused `target`, kept as its pending hits until its casualties are worked out. */
export function pendWounds(target: UnitState, m: ModelClass, strength: number, wounds: number, autoWounds: number): void {
  const weapon = m.special ? m.loadout.weapon : null;
  // a monstrous creature's blows are a special attack: not when it only supports (revised4)
  const monstrous = m.loadout.monstrous && m.special;
  const force = weapon !== null && weapon.force ? m : null;
  const name = weapon ? weapon.name : null;
  if (wounds > 0) {
    target.pend(wounds, strength, (weapon?.ignoresArmour ?? false) || monstrous, weapon?.maxSave ?? null, weapon?.ap ?? null, force, monstrous ? 'monstrous' : weapon ? 'weapon' : 'plain', name);
  }
  if (autoWounds > 0) target.pend(autoWounds, strength, true, null, null, force, 'rending', name);
}

/** Where a group's attacks come from: its profile, and the bonuses it has this phase. */
function attackParts(m: ModelClass): { base: number; twoWeapons: boolean; charge: boolean; supporting: boolean; slowed?: boolean } {
  if (!m.special) return { base: m.attacks, twoWeapons: false, charge: false, supporting: true };
  // a stunned or immobilised walker's attack fewer (vehicles.md V9)
  const slowed = m.unit.vehicle?.slowedBy ?? 0;
  const attacks = m.attacks + slowed;
  // the profile's A, as modified (abilities.md B1: the log's `mods` say by whom)
  const a = aOf(m);
  const two = m.loadout.twoWeapons && attacks > a;
  return { base: m.spec.profile.A, twoWeapons: two, charge: attacks > a + (two ? 1 : 0), supporting: false, ...(slowed ? { slowed: true } : {}) };
}
