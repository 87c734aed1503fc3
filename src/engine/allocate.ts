// Wound allocation, saving throws and casualties, shared by the 4th-edition rulesets:
// hits go first to the models of the majority armour save, one hit to every model before any
// takes a second ("sets", "lapping round"), special attacks as early as possible; each hit is
// saved with the best save its model has against it; failed saves of one armour group kill
// that group's models in the owner's order, finishing a wounded multi-wound model first.
// Excess wounds are lost.
import type { HitCause, SaveGroup } from './events.js';
import type { ModelState, Scratch, UnitState } from './state.js';
import type { PhaseContext, Ruleset } from '../editions/edition.js';

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
  /** what the hits came from, for the log */
  cause: HitCause;
  /** the weapon's name when `cause` is 'weapon' */
  weapon: string | null;
}

const NO_SAVE = 7;

/** The roll a model needs to save a hit from `b`; NO_SAVE when it has none. */
export function saveNeeded(m: ModelState, b: HitBatch): number {
  return Math.min(effectiveArmour(m, b), m.spec.profile.Inv ?? NO_SAVE);
}

/** The kind of save a model makes against `b`: 0 none, 1 armour, 2 invulnerable. */
function saveKind(m: ModelState, b: HitBatch, need: number): number {
  if (need >= NO_SAVE) return 0;
  return need === m.spec.profile.Inv && need < effectiveArmour(m, b) ? 2 : 1;
}

/** The armour save against `b`: none against armour-ignoring or piercing hits, no better than the weapon's cap. */
function effectiveArmour(m: ModelState, b: HitBatch): number {
  const armour = m.spec.profile.Sv ?? NO_SAVE;
  if (b.noArmour || (b.ap !== null && b.ap <= armour)) return NO_SAVE;
  return b.maxSave !== null && armour < b.maxSave ? b.maxSave : armour;
}


/**
 * Armour groups (by Sv) of the first `n` models of `alive`, in the order hits reach them: the
 * majority (more than half, ruling 5) first, or with none the group the edition's rule picks
 * (srd4 the worse save, revised4 the owner's choice: the better); then by size.
 */
function armourOrder(s: Scratch, n: number, tie: Ruleset['saveTie']): number {
  const { groupSv, groupCount, alive } = s;
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
  if (groups > 1 && groupCount[0]! * 2 <= n) {
    // no majority: the edition's pick goes first, the rest keep their order
    let pick = 0;
    for (let g = 1; g < groups; g++) if ((groupSv[g]! - groupSv[pick]!) * better > 0) pick = g;
    const sv = groupSv[pick]!;
    const count = groupCount[pick]!;
    for (let g = pick; g > 0; g--) {
      groupSv[g] = groupSv[g - 1]!;
      groupCount[g] = groupCount[g - 1]!;
    }
    groupSv[0] = sv;
    groupCount[0] = count;
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
  // the fight's working arrays (allocateWounds does not nest): no arrays per call
  const s = ctx.state.scratch;
  const { groupSv, alive, order, orderGroup, failedBatch, failedModel, failedNeed } = s;
  let nAlive = 0;
  for (const m of target.models) if (m.alive) alive[nAlive++] = m;
  if (nAlive === 0) return 0;
  const groups = armourOrder(s, nAlive, ruleset.saveTie);
  let n = 0;
  for (let g = 0; g < groups; g++) {
    for (let i = 0; i < nAlive; i++) {
      const m = alive[i]!;
      if (svOf(m) !== groupSv[g]) continue;
      order[n] = m;
      orderGroup[n++] = g;
    }
  }

  const log = ctx.log;
  const saveLog: SaveGroup[] = [];
  let nFailed = 0;
  let pos = 0;
  let hits = 0;
  // special attacks first (batchRank 0, then 1, then 2), in the order struck within a rank: no sorted copy
  const ranks = batches.length === 1 ? 1 : 3;
  for (let rank = 0; rank < ranks; rank++) for (const b of batches) {
    if (ranks > 1 && batchRank(b) !== rank) continue;
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
        saved = ctx.chance.test(1, need) === 1;
        roll = ctx.chance.faces?.[0] ?? 0;
      }
      if (!saved) {
        failedBatch[nFailed] = b;
        failedModel[nFailed] = m;
        failedNeed[nFailed++] = need;
      }
      if (log) {
        if (!entry || entryGroup !== g || entry.need !== (need < NO_SAVE ? need : null)) {
          entry = saveGroup(groupNames(s, nAlive, groupSv[g]!), m, b, need);
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
  for (let f = 0; f < nFailed; f++) {
    const b = failedBatch[f]!;
    const m = casualtyFor(s, failedModel[f]!, b, failedNeed[f]!, nAlive);
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
    if (b.force && m.woundsLeft > 0) {
      forceVictims ??= new Map();
      const list = forceVictims.get(b.force) ?? [];
      if (!list.includes(m)) list.push(m);
      forceVictims.set(b.force, list);
    }
    if (m.woundsLeft === 0) {
      m.alive = false;
      killed?.push(m.spec.name);
    }
  }
  if (log) {
    const wounded: { model: string; left: number; of: number }[] = [];
    for (let i = 0; i < nAlive; i++) {
      const m = alive[i]!;
      if (m.alive && m.woundsLeft < m.spec.profile.W) wounded.push({ model: m.spec.name, left: m.woundsLeft, of: m.spec.profile.W });
    }
    log.push({ type: 'casualties', side: target.side, unit: target.name, woundsInflicted: inflicted, killed: killed!, wounded, instantDeath, excess });
  }
  if (forceVictims) {
    for (const [psyker, victims] of forceVictims) {
      // the test is taken only when a model it wounded is still there to be slain
      const left = victims.filter((v) => v.alive);
      if (left.length > 0) forceWeaponTest(psyker, left, target, ctx);
    }
  }
  return inflicted;
}

/**
 * Who takes the wound of a save `rolled` failed against `b`. Models of the same armour group that
 * save alike (the same roll, armour or invulnerable) are the owner's choice: a wounded multi-wound
 * model first, then the removal order (ruling 8). A save that only `rolled` makes (a character's
 * invulnerable save) kills `rolled`. If `rolled` is already dead and nobody saves alike, the
 * wound goes to the next model of its armour group; past the group's last model it is lost.
 */
function casualtyFor(s: Scratch, rolled: ModelState, b: HitBatch, need: number, nAlive: number): ModelState | null {
  const { alive } = s;
  const sv = svOf(rolled);
  const kind = saveKind(rolled, b, need);
  let alike: ModelState | null = null;
  let any: ModelState | null = null;
  for (let i = 0; i < nAlive; i++) {
    const m = alive[i]!;
    if (!m.alive || svOf(m) !== sv) continue;
    const wounded = m.woundsLeft < m.spec.profile.W;
    if (saveNeeded(m, b) === need && saveKind(m, b, need) === kind) {
      if (wounded) return m;
      alike ??= m;
    }
    if (!any || (wounded && any.woundsLeft === any.spec.profile.W)) any = m;
  }
  return alike ?? any;
}

/** 000, Force Weapons: after wounding, a Psychic test slays one wounded model outright. */
function forceWeaponTest(psyker: ModelState, victims: ModelState[], target: UnitState, ctx: PhaseContext): void {
  const passed = ctx.chance.leadership(psyker.spec.profile.Ld);
  const rolls = ctx.chance.faces;
  const victim = passed ? victims.find((m) => m.alive) ?? null : null;
  if (victim) {
    victim.woundsLeft = 0;
    victim.alive = false;
  }
  ctx.log?.push({ type: 'psychic', side: target.side, unit: target.name, model: psyker.spec.name, ld: psyker.spec.profile.Ld, rolls: rolls!, passed, slain: victim ? victim.spec.name : null });
}

function groupNames(s: Scratch, nAlive: number, sv: number): string[] {
  const { alive } = s;
  const names: string[] = [];
  for (let i = 0; i < nAlive; i++) {
    const m = alive[i]!;
    if (svOf(m) === sv && !names.includes(m.spec.name)) names.push(m.spec.name);
  }
  return names;
}

/** A log entry for saves of `models` against `b`: which save, and why it is that one. */
function saveGroup(models: string[], m: ModelState, b: HitBatch, need: number): SaveGroup {
  const kind = saveKind(m, b, need);
  const sv = m.spec.profile.Sv;
  const limited = kind === 1 && b.maxSave !== null && sv !== null && sv < b.maxSave;
  const save = kind === 0 ? 'none' : kind === 2 ? 'invulnerable' : limited ? 'limited' : 'armour';
  // the cause is kept only where it explains the save (an armour-ignoring hit, a limited save)
  const special = b.noArmour || b.ap !== null;
  const explains = limited || (special && save !== 'armour');
  return {
    models, count: 0, need: need < NO_SAVE ? need : null, save, sv, special: explains && special,
    cause: explains ? b.cause : 'plain', weapon: explains ? b.weapon : null, rolls: [], failed: 0,
  };
}

/** Consecutive entries of the same group and save are one line in the log. */
function mergeSaveLog(entries: SaveGroup[]): SaveGroup[] {
  const out: SaveGroup[] = [];
  const same = (a: SaveGroup, e: SaveGroup) =>
    a.models.join('/') === e.models.join('/') && a.need === e.need && a.save === e.save && a.sv === e.sv && a.special === e.special && a.cause === e.cause && a.weapon === e.weapon;
  for (const e of entries) {
    const last = out[out.length - 1];
    if (last && same(last, e)) {
      last.count += e.count;
      last.rolls.push(...e.rolls);
      last.failed += e.failed;
    } else out.push(e);
  }
  return out;
}
