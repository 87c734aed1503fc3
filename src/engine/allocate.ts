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

/** Armour groups (by Sv) in the order hits reach them: the majority first, then the rest. */
function armourOrder(models: ModelState[], tie: Ruleset['saveTie']): number[] {
  const svs: number[] = [];
  const counts: number[] = [];
  for (const m of models) {
    const sv = m.spec.profile.Sv ?? NO_SAVE;
    const i = svs.indexOf(sv);
    if (i >= 0) counts[i]!++;
    else {
      svs.push(sv);
      counts.push(1);
    }
  }
  if (svs.length === 1) return svs;
  const better = tie === 'better' ? -1 : 1;
  return svs.map((sv, i) => [sv, counts[i]!] as const).sort((a, b) => b[1] - a[1] || (b[0] - a[0]) * better).map((e) => e[0]);
}

/** Special attacks first (no save, then limited saves), then ordinary hits. */
function batchRank(b: HitBatch): number {
  return b.noArmour ? 0 : b.ap !== null || b.maxSave !== null ? 1 : 2;
}

/**
 * Allocate `batches` of wounding hits to `target`, roll the saves, remove the casualties.
 * Returns the wounds actually inflicted (what the assault result counts).
 */
export function allocateWounds(target: UnitState, batches: HitBatch[], ctx: PhaseContext, ruleset: Ruleset): number {
  const alive = target.models.filter((m) => m.alive);
  if (alive.length === 0) return 0;
  const groups = armourOrder(alive, ruleset.saveTie);
  const svOf = (m: ModelState) => m.spec.profile.Sv ?? NO_SAVE;
  let order = alive;
  let orderGroup: number[] | null = null;
  if (groups.length > 1) {
    order = [];
    orderGroup = [];
    groups.forEach((sv, g) => {
      for (const m of alive) if (svOf(m) === sv) { order.push(m); orderGroup!.push(g); }
    });
  }
  const sorted = batches.length === 1 ? batches : batches.map((b, i) => ({ b, i })).sort((x, y) => batchRank(x.b) - batchRank(y.b) || x.i - y.i).map((x) => x.b);

  const log = ctx.log;
  const saveLog: SaveGroup[] = [];
  const failed: HitBatch[][] = groups.map(() => []);
  let pos = 0;
  let hits = 0;
  for (const b of sorted) {
    let entry: SaveGroup | null = null;
    let entryGroup = -1;
    for (let k = 0; k < b.count; k++) {
      const at = pos % order.length;
      const m = order[at]!;
      pos++;
      const g = orderGroup ? orderGroup[at]! : 0;
      const need = saveNeeded(m, b);
      let saved = false;
      let roll = 0;
      if (need < NO_SAVE) {
        roll = ctx.dice.d6();
        saved = roll >= need;
      }
      if (!saved) failed[g]!.push(b);
      if (log) {
        if (!entry || entryGroup !== g || entry.need !== (need < NO_SAVE ? need : null)) {
          entry = { model: groupLabel(alive, groups[g]!), count: 0, need: need < NO_SAVE ? need : null, why: saveWhy(m, b, need), rolls: [], failed: 0 };
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
  for (let g = 0; g < groups.length; g++) {
    const wounds = failed[g]!;
    if (wounds.length === 0) continue;
    const sv = groups[g]!;
    // the owner's order: a wounded multi-wound model first, then the removal order
    let next = 0;
    let current: ModelState | null = null;
    for (const m of alive) if (svOf(m) === sv && m.woundsLeft < m.spec.profile.W) { current = m; break; }
    for (const b of wounds) {
      while (!current && next < alive.length) {
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
    const wounded = alive.filter((m) => m.alive && m.woundsLeft < m.spec.profile.W).map((m) => `${m.spec.name} (${m.woundsLeft}/${m.spec.profile.W} W left)`);
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

function groupLabel(alive: ModelState[], sv: number): string {
  const names: string[] = [];
  for (const m of alive) if ((m.spec.profile.Sv ?? NO_SAVE) === sv && !names.includes(m.spec.name)) names.push(m.spec.name);
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
