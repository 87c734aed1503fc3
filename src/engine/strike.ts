// Fighting the close combat: Initiative steps from 10 down to 1. Models at the same step strike
// simultaneously (all their dice are rolled before any casualty is removed); casualties are
// removed before the next step, and the dead do not strike back.
import type { SideId } from '../model.js';
import type { PhaseContext, Ruleset } from '../editions/edition.js';
import { chartLookup } from '../editions/edition.js';
import { allocateWounds } from './allocate.js';
import type { ModelState, Scratch, UnitState } from './state.js';


/** A unit's living models and majority WS and T at the start of a step, as the ruleset reads majorities. */
function startStep(unit: UnitState, ruleset: Ruleset, scratch: Scratch): void {
  unit.pending.length = 0;
  let alive = 0;
  for (const m of unit.models) if (m.alive) alive++;
  unit.stepAlive = alive;
  if (alive === unit.majorityFor || alive === 0) return; // nobody died since: the same majorities
  let n = 0;
  for (const m of unit.models) {
    if (!m.alive) continue;
    scratch.ws[n] = m.spec.profile.WS;
    scratch.t[n] = m.spec.profile.T;
    n++;
  }
  unit.majorityFor = n;
  unit.stepWS = ruleset.targetWS(scratch.ws, n);
  unit.stepT = ruleset.targetT(scratch.t, n);
}

/** Models that fight alike: same unit, profile, Initiative, number of attacks and weapon use. */
export interface AttackGroup {
  unit: UnitState;
  initiative: number;
  members: ModelState[];
  /** members alive at the start of the step being fought */
  count: number;
}

function alike(a: ModelState, b: ModelState): boolean {
  return a.spec === b.spec && a.initiative === b.initiative && a.attacks === b.attacks && a.special === b.special;
}

function phaseGroups(units: UnitState[]): AttackGroup[] {
  const groups: AttackGroup[] = [];
  for (const unit of units) {
    const first = groups.length;
    for (const m of unit.models) {
      if (!m.alive || m.attacks <= 0) continue;
      let g: AttackGroup | null = null;
      for (let i = first; i < groups.length; i++) {
        if (alike(groups[i]!.members[0]!, m)) {
          g = groups[i]!;
          break;
        }
      }
      if (g) g.members.push(m);
      else groups.push({ unit, initiative: m.initiative, members: [m], count: 0 });
    }
  }
  return groups;
}

/** One Initiative step as its steps see it: who strikes at `init`, the units struck so far. */
export interface StepState {
  ctx: PhaseContext;
  ruleset: Ruleset;
  units: UnitState[];
  init: number;
  groups: AttackGroup[];
  struck: UnitState[];
  inflicted: Record<SideId, number>;
}

/** A named part of one Initiative step (the procedure's `initiative` list). */
export interface InitiativeStep {
  name: string;
  run(s: StepState): void;
}

/** Every group striking at this Initiative rolls to hit and to wound against its target (ruling 11). */
export const blowsStep: InitiativeStep = {
  name: 'blows',
  run(s) {
    s.struck.length = 0;
    for (const g of s.groups) {
      if (g.count === 0) continue;
      let target: UnitState | null = null;
      for (const u of s.units) {
        if (u.side !== g.unit.side && u.stepAlive > 0 && s.ruleset.canStrike(g.unit, u)) {
          target = u;
          break;
        }
      }
      if (!target) continue;
      if (!s.struck.includes(target)) s.struck.push(target);
      strike(g, target, s.ctx, s.ruleset);
    }
  },
};

/** Blows were struck together; casualties are worked out target by target, in the order struck. */
export const casualtiesStep: InitiativeStep = {
  name: 'casualties',
  run(s) {
    for (const target of s.struck) {
      if (target.pending.length === 0) continue;
      s.inflicted[target.side === 'attacker' ? 'defender' : 'attacker'] += allocateWounds(target, target.pending, s.ctx, s.ruleset);
    }
  },
};

export const BASE_INITIATIVE_STEPS: readonly InitiativeStep[] = [blowsStep, casualtiesStep];

/** Fight every Initiative step of one assault phase, 10 down to 1; returns the wounds each side inflicted. */
export function fightSteps(units: UnitState[], ctx: PhaseContext, ruleset: Ruleset): Record<SideId, number> {
  const s: StepState = { ctx, ruleset, units, init: 10, groups: phaseGroups(units), struck: [], inflicted: { attacker: 0, defender: 0 } };
  const steps = ruleset.procedure.initiative;
  for (let init = 10; init >= 1; init--) {
    let any = false;
    for (const g of s.groups) {
      g.count = 0;
      if (g.initiative !== init) continue;
      for (const m of g.members) if (m.alive) g.count++;
      if (g.count > 0) any = true;
    }
    if (!any) continue;
    s.init = init;
    ctx.log?.push({ type: 'step', initiative: init });
    for (const u of units) startStep(u, ruleset, ctx.state.scratch);
    for (const step of steps) step.run(s);
  }
  return s.inflicted;
}

/** Roll one group's attacks to hit and to wound; wounding hits go into `batches`. */
function strike(g: AttackGroup, target: UnitState, ctx: PhaseContext, ruleset: Ruleset): void {
  const batches = target.pending;
  const m = g.members[0]!;
  const p = m.spec.profile;
  const chance = ctx.chance;
  const log = ctx.log;
  const weapon = m.special ? m.loadout.weapon : null;
  const attacks = g.count * m.attacks;
  const need = chartLookup(ruleset.toHit, p.WS, target.stepWS);
  const rending = weapon !== null && weapon.rending;
  // WS 0 hits nothing (ruling 13): need 0, no dice are rolled
  const hits = chance.test(attacks, need);
  const sixes = chance.sixes;
  const hitRolls = chance.faces;
  const strength = ruleset.strength(m, ctx);
  // rending 6s wound automatically, but a blow of Strength 0 wounds nothing (ruling 13)
  const autoWounds = rending && strength >= 1 ? sixes : 0;
  if (log) {
    log.push({
      type: 'attacks', side: g.unit.side, unit: g.unit.name, model: m.spec.name, count: g.count, attacks, ...attackParts(m),
      target: target.name, weapon: weapon ? weapon.name : null, ws: p.WS, targetWs: target.stepWS, need, rolls: hitRolls!, hits, rending: autoWounds,
    });
  }
  const toRoll = hits - autoWounds;
  // Strength 0 wounds nothing, whatever the weapon (ruling 13)
  const woundNeed = strength < 1 ? 0 : weapon?.woundOn ?? chartLookup(ruleset.toWound, strength, target.stepT);
  const reroll = weapon !== null && weapon.rerollFailedWounds;
  let wounds = chance.test(toRoll, woundNeed);
  const woundRolls = chance.faces;
  let rerolls: number[] | null = log ? [] : null;
  if (reroll && woundNeed > 0 && toRoll > wounds) {
    // the failures are re-rolled once each
    wounds += chance.test(toRoll - wounds, woundNeed);
    rerolls = chance.faces;
  }
  if (log && hits > 0) {
    log.push({
      type: 'wounds', side: g.unit.side, unit: g.unit.name, model: m.spec.name, weapon: weapon ? weapon.name : null,
      woundOn: weapon?.woundOn ?? null, strength, toughness: target.stepT, need: woundNeed,
      rolls: woundRolls!, rerolls: rerolls!, wounds, autoWounds,
    });
  }
  // a monstrous creature's blows are a special attack: not when it only supports (revised4)
  const monstrous = m.loadout.monstrous && m.special;
  const force = weapon !== null && weapon.force ? m : null;
  if (wounds > 0) {
    batches.push({
      count: wounds, strength, noArmour: (weapon?.ignoresArmour ?? false) || monstrous,
      maxSave: weapon?.maxSave ?? null, ap: weapon?.ap ?? null, force,
      cause: monstrous ? 'monstrous' : weapon ? 'weapon' : 'plain', weapon: weapon ? weapon.name : null,
    });
  }
  if (autoWounds > 0) {
    batches.push({ count: autoWounds, strength, noArmour: true, maxSave: null, ap: null, force, cause: 'rending', weapon: weapon ? weapon.name : null });
  }
}

/** Where a group's attacks come from: its profile, and the bonuses it has this phase. */
function attackParts(m: ModelState): { base: number; twoWeapons: boolean; charge: boolean; supporting: boolean } {
  const p = m.spec.profile;
  if (!m.special) return { base: m.attacks, twoWeapons: false, charge: false, supporting: true };
  const two = m.loadout.twoWeapons && m.attacks > p.A;
  return { base: p.A, twoWeapons: two, charge: m.attacks > p.A + (two ? 1 : 0), supporting: false };
}
