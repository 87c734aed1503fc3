// Wound allocation, saving throws and casualties, shared by the 4th-edition rulesets:
// hits go first to the models of the majority armour save, one hit to every model before any
// takes a second ("sets", "lapping round"), special attacks as early as possible; each hit is
// saved with the best save its model has against it; failed saves of one armour group kill
// that group's models in the owner's order, finishing a wounded multi-wound model first.
// Excess wounds are lost.
import type { SaveGroup } from './events.js';
import type { ModelState, UnitState } from './state.js';
import type { PhaseContext, Ruleset } from '../rules/ruleset.js';
import { leadershipTest } from '../rules/mechanics.js';

/** A batch of wounding hits that share everything that matters to the save. */
export interface HitBatch {
  count: number;
  strength: number;
  /** no armour save (power weapons, rending 6s, monstrous creatures) */
  noArmour: boolean;
  maxSave: number | null;
  ap: number | null;
  /** the force weapon bearer whose Psychic test follows, if any */
  force: ModelState | null;
  /** why there is no armour save or a worse one, for the log */
  label: string;
}

const NO_SAVE = 7;

/** The roll a model needs to save a hit from `b`; NO_SAVE when it has none. */
export function saveNeeded(m: ModelState, b: HitBatch): number {
  let armour = m.spec.profile.Sv ?? NO_SAVE;
  if (b.noArmour || (b.ap !== null && b.ap <= armour)) armour = NO_SAVE;
  else if (b.maxSave !== null && armour < b.maxSave) armour = b.maxSave;
  const inv = m.spec.profile.Inv ?? NO_SAVE;
  return Math.min(armour, inv);
}

// Scratch of the allocation in progress (allocateWounds does not nest): no arrays per call.
const groupSv: number[] = [];
const groupCount: number[] = [];
const alive: ModelState[] = [];
const order: ModelState[] = [];
const orderGroup: number[] = [];
const failedBatch: HitBatch[] = [];
const failedGroup: number[] = [];

/** Armour groups (by Sv) of the first `n` models of `alive`, in the order hits reach them: the majority first. */
function armourOrder(n: number, tie: Ruleset['saveTie']): number {
  let groups = 0;
  for (let i = 0; i < n; i++) {
    const sv = svOf(alive[i]!);
    let g = 0;
    while (g < groups && groupSv[g] !== sv) g++;
    if (g === groups) {
      groupSv[groups] = sv;
      groupCount[groups++] = 0;
    }
    groupCount[g]!++;
  }
  // a handful of groups at most: insertion sort, most models first, ties by the edition's rule
  const better = tie === 'better' ? -1 : 1;
  for (let i = 1; i < groups; i++) {
    const sv = groupSv[i]!;
    const count = groupCount[i]!;
    let j = i - 1;
    while (j >= 0 && (groupCount[j]! < count || (groupCount[j] === count && (sv - groupSv[j]!) * better > 0))) {
      groupSv[j + 1] = groupSv[j]!;
      groupCount[j + 1] = groupCount[j]!;
      j--;
    }
    groupSv[j + 1] = sv;
    groupCount[j + 1] = count;
  }
  return groups;
}

const svOf = (m: ModelState) => m.spec.profile.Sv ?? NO_SAVE;

/** Special attacks first (no save, then limited saves), then ordinary hits. */
function batchRank(b: HitBatch): number {
  return b.noArmour ? 0 : b.ap !== null || b.maxSave !== null ? 1 : 2;
}

/**
 * Allocate `batches` of wounding hits to `target`, roll the saves, remove the casualties.
 * Returns the wounds actually inflicted (what the assault result counts).
 */
export function allocateWounds(target: UnitState, batches: HitBatch[], ctx: PhaseContext, ruleset: Ruleset): number {
  let nAlive = 0;
  for (const m of target.models) if (m.alive) alive[nAlive++] = m;
  if (nAlive === 0) return 0;
  const groups = armourOrder(nAlive, ruleset.saveTie);
  let n = 0;
  for (let g = 0; g < groups; g++) {
    for (let i = 0; i < nAlive; i++) {
      const m = alive[i]!;
      if (svOf(m) !== groupSv[g]) continue;
      order[n] = m;
      orderGroup[n++] = g;
    }
  }
  const sorted = batches.length === 1 ? batches : batches.map((b, i) => ({ b, i })).sort((x, y) => batchRank(x.b) - batchRank(y.b) || x.i - y.i).map((x) => x.b);

  const log = ctx.log;
  const saveLog: SaveGroup[] = [];
  let nFailed = 0;
  let pos = 0;
  let hits = 0;
  for (const b of sorted) {
    let entry: SaveGroup | null = null;
    let entryGroup = -1;
    for (let k = 0; k < b.count; k++) {
      const at = pos % n;
      const m = order[at]!;
      pos++;
      const g = orderGroup[at]!;
      const need = saveNeeded(m, b);
      let saved = false;
      let roll = 0;
      if (need < NO_SAVE) {
        roll = ctx.dice.d6();
        saved = roll >= need;
      }
      if (!saved) {
        failedBatch[nFailed] = b;
        failedGroup[nFailed++] = g;
      }
      if (log) {
        if (!entry || entryGroup !== g || entry.need !== (need < NO_SAVE ? need : null)) {
          entry = { model: groupLabel(nAlive, groupSv[g]!), count: 0, need: need < NO_SAVE ? need : null, why: saveWhy(m, b, need), rolls: [], failed: 0 };
          entryGroup = g;
          saveLog.push(entry);
        }
        entry.count++;
        if (need < NO_SAVE) entry.rolls.push(roll);
        if (!saved) entry.failed++;
      }
      hits++;
    }
  }
  if (log) log.push({ type: 'saves', side: target.side, unit: target.name, hits, groups: mergeSaveLog(saveLog) });

  let inflicted = 0;
  let instantDeath = 0;
  let excess = 0;
  const killed: string[] | null = log ? [] : null;
  let forceVictims: Map<ModelState, ModelState[]> | null = null;
  for (let g = 0; g < groups; g++) {
    const sv = groupSv[g]!;
    // the owner's order: a wounded multi-wound model first, then the removal order
    let next = 0;
    let current: ModelState | null = null;
    for (let i = 0; i < nAlive; i++) {
      const m = alive[i]!;
      if (svOf(m) === sv && m.woundsLeft < m.spec.profile.W) {
        current = m;
        break;
      }
    }
    for (let f = 0; f < nFailed; f++) {
      if (failedGroup[f] !== g) continue;
      const b = failedBatch[f]!;
      while (!current && next < nAlive) {
        const m = alive[next++]!;
        if (m.alive && svOf(m) === sv) current = m;
      }
      const m = current;
      if (!m) {
        excess++;
        continue;
      }
      if (m.spec.profile.W > 1 && b.strength >= 2 * m.spec.profile.T) {
        inflicted += m.woundsLeft;
        m.woundsLeft = 0;
        instantDeath++;
      } else {
        inflicted++;
        m.woundsLeft--;
      }
      if (b.force) {
        forceVictims ??= new Map();
        const list = forceVictims.get(b.force) ?? [];
        if (m.woundsLeft > 0 && !list.includes(m)) list.push(m);
        forceVictims.set(b.force, list);
      }
      if (m.woundsLeft === 0) {
        m.alive = false;
        killed?.push(m.spec.name);
        current = null;
      }
    }
  }
  if (log) {
    const wounded: string[] = [];
    for (let i = 0; i < nAlive; i++) {
      const m = alive[i]!;
      if (m.alive && m.woundsLeft < m.spec.profile.W) wounded.push(`${m.spec.name} (${m.woundsLeft}/${m.spec.profile.W} W left)`);
    }
    log.push({ type: 'casualties', side: target.side, unit: target.name, woundsInflicted: inflicted, killed: killed!, wounded, instantDeath, excess });
  }
  if (forceVictims) for (const [psyker, victims] of forceVictims) forceWeaponTest(psyker, victims, target, ctx);
  return inflicted;
}

/** 000, Force Weapons: after wounding, a Psychic test slays one wounded model outright. */
function forceWeaponTest(psyker: ModelState, victims: ModelState[], target: UnitState, ctx: PhaseContext): void {
  const rolls: number[] | null = ctx.log ? [] : null;
  const passed = leadershipTest(ctx.dice, psyker.spec.profile.Ld, rolls);
  const victim = passed ? victims.find((m) => m.alive) ?? null : null;
  if (victim) {
    victim.woundsLeft = 0;
    victim.alive = false;
  }
  ctx.log?.push({ type: 'psychic', side: target.side, unit: target.name, model: psyker.spec.name, ld: psyker.spec.profile.Ld, rolls: rolls!, passed, slain: victim ? victim.spec.name : null });
}

function groupLabel(nAlive: number, sv: number): string {
  const names: string[] = [];
  for (let i = 0; i < nAlive; i++) {
    const m = alive[i]!;
    if (svOf(m) === sv && !names.includes(m.spec.name)) names.push(m.spec.name);
  }
  return names.join('/');
}

function saveWhy(m: ModelState, b: HitBatch, need: number): string {
  const p = m.spec.profile;
  if (need >= NO_SAVE) return b.noArmour || b.ap !== null ? `no save (${b.label})` : 'no save';
  if (p.Inv !== null && need === p.Inv && (p.Sv === null || need < (p.Sv ?? NO_SAVE) || b.noArmour)) {
    return b.noArmour ? `invulnerable ${need}+ (${b.label})` : `invulnerable ${need}+`;
  }
  if (b.maxSave !== null && p.Sv !== null && p.Sv < b.maxSave) return `Sv ${p.Sv}+ limited to ${need}+ (${b.label})`;
  return `Sv ${need}+`;
}

/** Consecutive entries of the same group and save are one line in the log. */
function mergeSaveLog(entries: SaveGroup[]): SaveGroup[] {
  const out: SaveGroup[] = [];
  for (const e of entries) {
    const last = out[out.length - 1];
    if (last && last.model === e.model && last.need === e.need && last.why === e.why) {
      last.count += e.count;
      last.rolls.push(...e.rolls);
      last.failed += e.failed;
    } else out.push(e);
  }
  return out;
}
