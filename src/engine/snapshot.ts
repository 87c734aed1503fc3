// The whole state of a combat between two atoms (engine/fight.ts `advance`) as a list of
// numbers: the cursor, this phase's results so far, the outcome's tallies, every unit's flags
// and pending hits, every class's counts. `exact` keeps states this way, merges those that are
// equal and puts one back into the combat to fight its next atom. Scratch that is stale between
// atoms is cleared where it goes stale (an Initiative step's end, the fight step's end, after
// Morale, the start of a phase), so equal combats give equal lists.
import { SIDES, type SideId } from '../model.js';
import type { HitCause } from './events.js';
import { NO_WOUNDS } from './ending.js';
import { samePool } from './pools.js';
import { batchRank } from './allocate.js';
import { anyCharge, CHARGE_TALLIES, clearCharge } from './fight.js';
import { Slots } from './slots.js';
import { prepareFx } from './effects.js';
import type { StepState } from './strike.js';
import type { Combat } from './steps.js';
import type { ModelClass, UnitState } from './state.js';

/** where a saved state holds the combat's phase, and the outcome's count of phases */
export const PHASE_AT = 3;
export const PHASES_AT = 4;
const FATES = [null, 'fellBack', 'swept', 'destroyed', 'chargeFailed', 'disengaged'] as const;
const CAUSES: readonly HitCause[] = ['weapon', 'monstrous', 'rending', 'plain'];
const RESULTS = ['attacker', 'defender', 'draw', 'none'] as const;

/** Saves and loads the states of one combat (its units and classes are numbered once). */
export class Snapshots {
  private readonly classes: ModelClass[] = [];
  private readonly units: UnitState[];
  /** by unit: some model of it has abilities (whose phase's effects are worked out again as a state is put back) */
  private readonly withFx: boolean[];
  /** the names of the weapons pending hits can come from, numbered once */
  private readonly names: string[] = [];
  constructor(private readonly c: Combat) {
    this.units = c.state.units;
    this.withFx = this.units.map((u) => u.classes.some((k) => (k.spec.abilities ?? []).length > 0));
    for (const u of this.units) this.classes.push(...u.classes);
    for (const k of this.classes) if (k.loadout.weapon && !this.names.includes(k.loadout.weapon.name)) this.names.push(k.loadout.weapon.name);
  }

  /** the state now, as numbers, into `o` (reused: nothing allocated once it has grown); returns how many */
  save(o: number[] = []): number {
    const c = this.c;
    let i = 0;
    o[i++] = c.part;
    o[i++] = c.stepIndex;
    o[i++] = (c.inStep ? 1 : 0) | (c.stepsLost ? 2 : 0);
    o[i++] = c.phase; // PHASE_AT
    o[i++] = c.out.phases; // PHASES_AT
    o[i++] = side(c.winner);
    o[i++] = c.wounds.attacker;
    o[i++] = c.wounds.defender;
    o[i++] = c.wiped.n;
    for (let k = 0; k < c.wiped.n; k++) o[i++] = side(c.wiped.at(k));
    i = saveGroups(o, i, c.losers);
    i = saveGroups(o, i, c.broken);
    o[i++] = c.units.n;
    for (let k = 0; k < c.units.n; k++) o[i++] = c.units.at(k).index;
    const out = c.out;
    o[i++] = RESULTS.indexOf(out.firstResult);
    o[i++] = out.firstWounds.attacker;
    o[i++] = out.firstWounds.defender;
    o[i++] = out.totalWounds.attacker;
    o[i++] = out.totalWounds.defender;
    o[i++] = out.moraleTaken;
    o[i++] = out.moraleFailed;
    o[i++] = out.sweepsAttempted;
    // waffle's charge figures, when any is not 0 (exact keeps them out of its states: one number)
    const charged = anyCharge(out.charge);
    o[i++] = charged ? 1 : 0;
    if (charged) for (let k = 0; k < CHARGE_TALLIES.length; k++) o[i++] = out.charge[CHARGE_TALLIES[k]!];
    o[i++] = out.sweepsCaught;
    o[i++] = out.sweepWounds;
    const s = c.state.step;
    if (s) {
      o[i++] = s.init;
      o[i++] = s.part;
      o[i++] = s.atom;
      o[i++] = s.atoms;
      o[i++] = s.steps;
      o[i++] = s.early;
      o[i++] = s.inflicted.attacker;
      o[i++] = s.inflicted.defender;
      o[i++] = s.strikers.n;
      for (let k = 0; k < s.strikers.n; k++) o[i++] = s.strikers.at(k).index;
      o[i++] = s.struck.n;
      for (let k = 0; k < s.struck.n; k++) o[i++] = s.struck.at(k).index;
    } else for (let k = 0; k < NO_STEP.length; k++) o[i++] = NO_STEP[k]!;
    for (let uI = 0; uI < this.units.length; uI++) {
      const u = this.units[uI]!;
      o[i++] = u.inCombat ? 1 : 0;
      // whether it was charged as the phase began: its abilities' `when: charged` (engine/effects.ts)
      o[i++] = (u.charging ? 1 : 0) | (c.firstRound && this.withFx[uI] && u.fx.charged ? 2 : 0);
      o[i++] = FATES.indexOf(u.fate);
      o[i++] = u.held ? 1 : 0;
      o[i++] = u.stepAlive;
      o[i++] = u.majorityFor;
      o[i++] = u.stepWS;
      o[i++] = u.stepT;
      o[i++] = u.nPending;
      for (let k = 0; k < u.nPending; k++) {
        const b = u.pending[k]!;
        o[i++] = b.count;
        o[i++] = b.strength;
        o[i++] = b.noArmour ? 1 : 0;
        o[i++] = b.maxSave ?? -1;
        o[i++] = b.ap ?? -1;
        o[i++] = b.force ? b.force.index : -1;
        o[i++] = CAUSES.indexOf(b.cause);
        o[i++] = this.name(b.weapon);
      }
      const v = u.vehicle;
      if (v) {
        o[i++] = v.need;
        o[i++] = v.shaken;
        o[i++] = v.stunned;
        o[i++] = (v.immobilised ? 1 : 0) | (v.explodes ? 2 : 0) | (v.slowed ? 4 : 0) | (v.slowedBy ? 8 : 0);
        o[i++] = v.gunsWrecked;
        o[i++] = v.glancing;
        o[i++] = v.penetrating;
        o[i++] = v.lost;
        o[i++] = v.pendGlancing;
        o[i++] = v.pendPenetrating;
      }
    }
    for (let kI = 0; kI < this.classes.length; kI++) {
      const k = this.classes[kI]!;
      o[i++] = k.count;
      o[i++] = k.front;
      o[i++] = k.distance;
      o[i++] = k.initiative;
      o[i++] = k.attacks;
      o[i++] = (k.special ? 1 : 0) + (k.psychicUsed ? 2 : 0) + (k.grenade ? 4 : 0);
      o[i++] = k.lead ? k.lead.index : -1;
      o[i++] = k.striking;
    }
    return i;
  }

  /** put a saved state back into the combat */
  load(d: ArrayLike<number>): void {
    const c = this.c;
    c.part = d[0]!;
    c.stepIndex = d[1]!;
    c.inStep = (d[2]! & 1) === 1;
    c.stepsLost = (d[2]! & 2) !== 0;
    c.phase = d[PHASE_AT]!;
    c.firstRound = c.phase === 1;
    c.out.phases = d[PHASES_AT]!;
    c.winner = sideOf(d[5]!);
    const s = (c.state.step ??= blankStep(c));
    s.inflicted.attacker = d[6]!;
    s.inflicted.defender = d[7]!;
    c.wounds = s.inflicted;
    let i = 8;
    c.wiped.clear();
    for (let n = d[i++]!; n > 0; n--) c.wiped.push(sideOf(d[i++]!)!);
    i = this.loadGroups(d, i, c.losers);
    i = this.loadGroups(d, i, c.broken);
    c.units.clear();
    for (let n = d[i++]!; n > 0; n--) c.units.push(this.units[d[i++]!]!);
    const out = c.out;
    out.firstResult = RESULTS[d[i++]!]!;
    out.firstWounds.attacker = d[i++]!;
    out.firstWounds.defender = d[i++]!;
    out.totalWounds.attacker = d[i++]!;
    out.totalWounds.defender = d[i++]!;
    out.moraleTaken = d[i++]!;
    out.moraleFailed = d[i++]!;
    out.sweepsAttempted = d[i++]!;
    const charge = out.charge;
    if (d[i++] === 1) for (let k = 0; k < CHARGE_TALLIES.length; k++) charge[CHARGE_TALLIES[k]!] = d[i++]!;
    else clearCharge(charge);
    out.sweepsCaught = d[i++]!;
    out.sweepWounds = d[i++]!;
    s.ctx = c;
    s.ruleset = c.ruleset;
    s.units = c.units;
    s.init = d[i++]!;
    s.part = d[i++]!;
    s.atom = d[i++]!;
    s.atoms = d[i++]!;
    s.steps = d[i++]!;
    s.early = d[i++]!;
    const inflictedA = d[i++]!;
    const inflictedD = d[i++]!;
    // the phase's wounds so far: in the step state while the fight step runs, kept as c.wounds after it
    if (c.inStep) {
      s.inflicted.attacker = inflictedA;
      s.inflicted.defender = inflictedD;
      c.wounds = NO_WOUNDS;
    }
    s.strikers.clear();
    for (let n = d[i++]!; n > 0; n--) s.strikers.push(this.classes[d[i++]!]!);
    s.struck.clear();
    for (let n = d[i++]!; n > 0; n--) s.struck.push(this.units[d[i++]!]!);
    for (let uI = 0; uI < this.units.length; uI++) {
      const u = this.units[uI]!;
      u.inCombat = d[i++] === 1;
      const charging = d[i++]!;
      u.charging = (charging & 1) === 1;
      // what its abilities do in this phase, worked out again as the phase began (engine/effects.ts)
      if (this.withFx[uI]) prepareFx(u, c.firstRound, (charging & 2) !== 0);
      u.fate = FATES[d[i++]!]!;
      u.held = d[i++] === 1;
      u.stepAlive = d[i++]!;
      u.majorityFor = d[i++]!;
      u.stepWS = d[i++]!;
      u.stepT = d[i++]!;
      const pending = d[i++]!;
      u.nPending = 0;
      for (let k = 0; k < pending; k++, i += BATCH) {
        const force = d[i + 5]!;
        const name = d[i + 7]!;
        u.pend(d[i]!, d[i + 1]!, d[i + 2] === 1, orNull(d[i + 3]!), orNull(d[i + 4]!), force >= 0 ? this.classes[force]! : null, CAUSES[d[i + 6]!]!, name >= 0 ? this.names[name]! : null);
      }
      const v = u.vehicle;
      if (v) {
        v.need = d[i++]!;
        v.shaken = d[i++]!;
        v.stunned = d[i++]!;
        const flags = d[i++]!;
        v.immobilised = (flags & 1) !== 0;
        v.explodes = (flags & 2) !== 0;
        v.slowed = (flags & 4) !== 0;
        v.slowedBy = (flags & 8) !== 0 ? 1 : 0;
        v.gunsWrecked = d[i++]!;
        v.glancing = d[i++]!;
        v.penetrating = d[i++]!;
        v.lost = d[i++]!;
        v.pendGlancing = d[i++]!;
        v.pendPenetrating = d[i++]!;
        u.classes[0]!.loadout = v.loadouts[v.lost]!;
      }
    }
    for (let kI = 0; kI < this.classes.length; kI++) {
      const k = this.classes[kI]!;
      k.count = d[i++]!;
      k.front = d[i++]!;
      k.distance = d[i++]!;
      k.initiative = d[i++]!;
      k.attacks = d[i++]!;
      k.special = (d[i]! & 1) === 1;
      k.psychicUsed = (d[i]! & 2) === 2;
      k.grenade = (d[i++]! & 4) === 4 ? k.loadout.antiTank : null;
      const lead = d[i++]!;
      k.lead = lead >= 0 ? this.classes[lead]! : null;
      k.striking = d[i++]!;
    }
  }

  private name(w: string | null): number {
    return w === null ? -1 : this.names.indexOf(w);
  }

  /** the groups saved at `d[i]` into `into`; where they end */
  private loadGroups(d: ArrayLike<number>, i: number, into: Combat['losers']): number {
    into.clear();
    for (let n = d[i++]!; n > 0; n--) {
      const size = d[i++]!;
      const first = this.units[d[i]!]!;
      // the unit's own group when it is that one (as moveGroups gives it), else a group of its own
      const own = first.moveGroup;
      let same = own.length === size;
      for (let k = 0; k < size && same; k++) same = own[k] === this.units[d[i + k]!];
      if (same) into.push(own);
      else {
        const g: UnitState[] = [];
        for (let k = 0; k < size; k++) g.push(this.units[d[i + k]!]!);
        into.push(g);
      }
      i += size;
    }
    return i;
  }
}

/** the groups of `groups` saved into `o` from `i`; where they end */
function saveGroups(o: number[], i: number, groups: Combat['losers']): number {
  o[i++] = groups.n;
  for (let k = 0; k < groups.n; k++) {
    const g = groups.at(k);
    o[i++] = g.length;
    for (let m = 0; m < g.length; m++) o[i++] = g[m]!.index;
  }
  return i;
}

/**
 * (exact) The combat put in the form that equal futures share, before it is saved: every outcome
 * keeps its probability (tested: snapshot.test.ts, merge-batches.test.ts), and states that
 * differ only in what is folded here are one state.
 * - From the second phase on, the wounds both sides have inflicted alike this phase are moved
 *   into the fight's totals. The steps read a phase's wounds only as their difference (the
 *   result; the Morale penalty of ruling 16) and add them to the totals once the fight step
 *   ends. (Not in the first phase, whose wounds the report shows side by side.) This halves the
 *   states of the later phases of fist-sergeant-vs-nob-mob.
 * - Like pending batches are merged (`mergeBatches`).
 */
export function canonicalize(c: Combat): void {
  const how = c.ruleset.likeHits;
  if (how) for (const u of c.state.units) if (u.nPending > 1) mergeBatches(u, how === 'pooled');
  foldCommonWounds(c);
}

/** (exact) From the second phase on, the wounds both sides have inflicted alike this phase moved into the totals (`canonicalize`). */
export function foldCommonWounds(c: Combat): void {
  if (c.phase < 2) return;
  const step = c.state.step;
  // inside the fight step the wounds so far are the step's, not yet in the totals
  const w = c.inStep && step ? step.inflicted : c.wounds;
  const m = Math.min(w.attacker, w.defender);
  if (m <= 0) return;
  w.attacker -= m;
  w.defender -= m;
  if (c.inStep && w === step?.inflicted) {
    c.out.totalWounds.attacker += m;
    c.out.totalWounds.defender += m;
  }
}

/**
 * (exact) Like pending batches of `u` (the same Strength, AP and special rules) merged, in place
 * (the batch objects are kept for reuse):
 * - where the allocation pools like hits (`pools`: fightphase, waffle), each batch is added to
 *   the first like one: the pools, their order and every die are the same (a Final Blow chain
 *   pends a batch per wound);
 * - otherwise (srd4's lapping round, engine/allocate.ts) a batch is added to the batch before it
 *   in the order they are allocated (special attacks first, then in the order struck) when that
 *   one is like it: their hits go round the models one after the other from where the first
 *   began, so together they reach each class as often, the saves of a class's share are one
 *   binomial law instead of two, and its failures kill the same models in the same order. Not the
 *   same dice, but the same law of every outcome (tested against every sequence of dice). Only
 *   where the classes of each armour group save alike against any hit (`groupsSaveAlike`): a
 *   class whose own models are gone passes its failures to the group's models, a wounded one
 *   first, so where the group saves unlike (a Marine, Shield Veterans with 3+ invulnerable saves
 *   and a Chaplain with 4+ against power weapons) the order of the failures decides who dies.
 */
export function mergeBatches(u: UnitState, pools: boolean): void {
  if (!pools && !groupsSaveAlike(u)) return;
  const p = u.pending;
  let n = 0;
  for (let i = 0; i < u.nPending; i++) {
    const b = p[i]!;
    let j: number;
    if (pools) {
      j = 0;
      while (j < n && !samePool(p[j]!, b)) j++;
    } else {
      // the last batch kept that is allocated in the same pass as b
      const rank = batchRank(b);
      j = n - 1;
      while (j >= 0 && batchRank(p[j]!) !== rank) j--;
      if (j >= 0 && !samePool(p[j]!, b)) j = n;
    }
    if (j >= 0 && j < n) p[j]!.count += b.count;
    else {
      p[i] = p[n]!;
      p[n++] = b;
    }
  }
  u.nPending = n;
}

/** Every two classes of `u` with one armour save have one invulnerable save too, so that those of an armour group save alike against any hit. */
function groupsSaveAlike(u: UnitState): boolean {
  const k = u.classes;
  for (let i = 1; i < k.length; i++) for (let j = 0; j < i; j++) if (k[i]!.sv === k[j]!.sv && k[i]!.inv !== k[j]!.inv) return false;
  return true;
}

/** the numbers a pending batch is saved as */
const BATCH = 8;

/** the step part of a state saved outside the fight step */
const NO_STEP = [11, -1, 0, 0, 0, -1, 0, 0, 0, 0];

const side = (s: SideId | null) => (s === null ? -1 : SIDES.indexOf(s));
const sideOf = (n: number): SideId | null => (n < 0 ? null : SIDES[n]!);
const orNull = (n: number) => (n < 0 ? null : n);

function blankStep(c: Combat): StepState {
  return { ctx: c, ruleset: c.ruleset, units: c.units, init: 11, strikers: new Slots(), struck: new Slots(), steps: 0, part: -1, atom: 0, atoms: 0, inflicted: { attacker: 0, defender: 0 }, early: -1 };
}
