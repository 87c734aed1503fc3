// Wound allocation, saving throws and casualties, shared by the 4th-edition rulesets:
// hits go first to the models of the majority armour save, one hit to every model before any
// takes a second ("sets", "lapping round"), special attacks as early as possible; each hit is
// saved with the best save its model has against it; failed saves of one armour group kill
// that group's models in the owner's order, finishing a wounded multi-wound model first.
// Excess wounds are lost. All of it over model classes and counts (engine/state.ts): the hits
// of one batch that reach one class, in every lap, are saved in one call of the chance (the
// rules leave the order of the dice open, and the owner removes casualties once all are rolled).
import type { HitCause, SaveGroup } from './events.js';
import { NO_SAVE, withInvulnerable, type ModelClass, type Scratch, type UnitState } from './state.js';
import type { PhaseContext, Ruleset } from './ruleset.js';
import { groupLiving, ldOf, leadershipModelsOf, testLd } from './effects.js';
import type { SaveFaces } from '../dice.js';
import { fxAlike, logFx, painNeed, saveReroll, slays, spared } from './wound-fx.js';

/** A batch of wounding hits that share everything that matters to the save. */
export interface HitBatch {
  count: number;
  strength: number;
  /** no armour save (power weapons, rending 6s, monstrous creatures) */
  noArmour: boolean;
  maxSave: number | null;
  ap: number | null;
  /** the force weapon bearers (their attack group's first class) whose Psychic test follows, if any */
  force: ModelClass | null;
  /** what the hits came from, for the log */
  cause: HitCause;
  /** the weapon's name when `cause` is 'weapon' */
  weapon: string | null;
  /** shots (waffle's Overwatch and Fiery Charge), not blows: Feel No Pain whatever their AP (abilities.md B4) */
  shot: boolean;
}

/** A failed save on the first living model of `c`: one wound, or with Instant Death all it had left (what the result counts). */
export function takeWound(c: ModelClass, slain: boolean): number {
  if (!slain) {
    c.front--;
    return 1;
  }
  const lost = c.front;
  c.front = 0;
  return lost;
}

/** The roll a model of `c` needs to save a hit from `b`; NO_SAVE when it has none. */
export function saveNeeded(c: ModelClass, b: HitBatch): number {
  return saveAgainst(c, b.noArmour, b.ap, b.maxSave);
}

/**
 * The roll a model of `c` needs to save a hit that ignores armour, pierces it (`ap`) or caps it
 * (`maxSave`); NO_SAVE for none. A unit being shot at takes its cover save if it is better.
 */
export function saveAgainst(c: ModelClass, noArmour: boolean, ap: number | null, maxSave: number | null): number {
  return Math.min(withInvulnerable(armourAgainst(c, noArmour, ap, maxSave), c.inv, c.invAlways), c.unit.shotCover);
}

/** The kind of save a model makes against `b`: 0 none, 1 armour, 2 invulnerable, 3 cover (only where it is better than the others). */
function saveKind(c: ModelClass, b: HitBatch, need: number): number {
  if (need >= NO_SAVE) return 0;
  const armour = effectiveArmour(c, b);
  if (need === c.unit.shotCover && need < withInvulnerable(armour, c.inv, c.invAlways)) return 3;
  return need === c.inv && need < armour ? 2 : 1;
}

/** The armour save against `b`: none against armour-ignoring or piercing hits, no better than the weapon's cap. */
function effectiveArmour(c: ModelClass, b: HitBatch): number {
  return armourAgainst(c, b.noArmour, b.ap, b.maxSave);
}

function armourAgainst(c: ModelClass, noArmour: boolean, ap: number | null, maxSave: number | null): number {
  const armour = c.sv;
  if (noArmour || (ap !== null && ap <= armour)) return NO_SAVE;
  return maxSave !== null && armour < maxSave ? maxSave : armour;
}

/**
 * Armour groups (by Sv) of `unit`'s living models, in the order hits reach them: the majority
 * (more than half, ruling 5) first, or with none the group the edition's rule picks (srd4 the
 * worse save, revised4 the owner's choice: the better); then by size.
 */
function armourOrder(s: Scratch, unit: UnitState, n: number, tie: Ruleset['saveTie']): number {
  const { groupSv, groupCount } = s;
  let groups = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0) continue;
    let g = 0;
    while (g < groups && groupSv[g] !== c.sv) g++;
    if (g === groups) {
      groupSv[groups] = c.sv;
      groupCount[groups++] = 0;
    }
    groupCount[g]! += c.count;
  }
  return orderGroups(groupSv, groupCount, groups, n, tie);
}

/**
 * The order hits reach `groups` armour groups (saves `groupSv`, living models `groupCount`, `n`
 * in all), in place: the most models first, ties by the edition's rule; with no majority, the
 * edition's pick first (srd4 the worse save, revised4 the better). Returns `groups`.
 */
export function orderGroups(groupSv: number[] | Int32Array, groupCount: number[] | Int32Array, groups: number, n: number, tie: Ruleset['saveTie']): number {
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

/** The segment of the way round (`segEnd`: where each ends) that position `at` is in. */
export function segmentAt(segEnd: ArrayLike<number>, at: number): number {
  let k = 0;
  while (at >= segEnd[k]!) k++;
  return k;
}

/**
 * `hits` hits going round the `n` models from position `at`, one to every model before any
 * takes a second: each of the `nSeg` segments' share in `segHits` (cleared first). Returns the
 * position after the last hit.
 */
export function goRound(segEnd: ArrayLike<number>, segHits: number[] | Int32Array, nSeg: number, at: number, hits: number, n: number): number {
  for (let j = 0; j < nSeg; j++) segHits[j] = 0;
  let k = segmentAt(segEnd, at);
  for (let left = hits; left > 0;) {
    if (at === 0 && left >= n) {
      // whole rounds at once: each segment takes its models' number of hits per round
      const rounds = Math.floor(left / n);
      for (let j = 0, from = 0; j < nSeg; from = segEnd[j++]!) segHits[j]! += rounds * (segEnd[j]! - from);
      left -= rounds * n;
      continue;
    }
    while (at >= segEnd[k]!) k++;
    const run = Math.min(left, segEnd[k]! - at);
    segHits[k]! += run;
    left -= run;
    at += run;
    if (at === n) at = k = 0;
  }
  return at;
}

/** Special attacks first (no save, then limited saves), then ordinary hits. */
export function batchRank(b: HitBatch): number {
  return rankOf(b.noArmour, b.ap !== null || b.maxSave !== null);
}

/** `batchRank` of hits that ignore armour, or whose save is `limited` (AP, a cap): 0, 1, else 2. */
export function rankOf(noArmour: boolean, limited: boolean): number {
  return noArmour ? 0 : limited ? 1 : 2;
}

/**
 * Allocate the first `nBatches` of `batches` (wounding hits) to `target`, roll the saves,
 * remove the casualties. Returns the wounds actually inflicted (what the assault result counts).
 */
export function allocateWounds(target: UnitState, batches: readonly HitBatch[], nBatches: number, ctx: PhaseContext, ruleset: Ruleset): number {
  // the fight's working arrays (allocateWounds does not nest): no arrays per call
  const s = ctx.state.scratch;
  const { groupSv, seg, segGroup, segEnd, segHits, segJoined, failedBatch, failedClass, failedNeed, failedCount } = s;
  const n = target.aliveCount();
  if (n === 0) return 0;
  // failures past every wound the unit has left kill nobody more (Chance.saves): the saves are all rolled before any casualty
  const lethal = target.woundsLeft();
  const groups = armourOrder(s, target, n, ruleset.saveTie);
  // the hits go round the models in armour-group order, each group's models in the removal order
  let nSeg = 0;
  let end = 0;
  for (let g = 0; g < groups; g++) {
    for (let cI = 0; cI < target.classes.length; cI++) {
      const c = target.classes[cI]!;
      if (c.count === 0 || c.sv !== groupSv[g]) continue;
      end += c.count;
      seg[nSeg] = c;
      segGroup[nSeg] = g;
      segEnd[nSeg++] = end;
    }
  }

  const log = ctx.log;
  const saveLog: SaveGroup[] | null = log ? [] : null;
  let nFailed = 0;
  let at = 0;
  let hits = 0;
  // special attacks first (batchRank 0, then 1, then 2), in the order struck within a rank: no sorted copy
  const ranks = nBatches === 1 ? 1 : 3;
  for (let rank = 0; rank < ranks; rank++) for (let bi = 0; bi < nBatches; bi++) {
    const b = batches[bi]!;
    if (ranks > 1 && batchRank(b) !== rank) continue;
    // the batch's hits go round the models (one to every model before any takes a second), and
    // each class's share of them is saved in one roll, the classes in the order the lap reaches them
    const from = segmentAt(segEnd, at);
    const fromAt = at;
    at = goRound(segEnd, segHits, nSeg, at, b.count, n);
    // classes of one armour group that save alike (the same roll, armour or invulnerable) roll
    // together: who of them takes a failed save is the owner's choice whoever rolled it (ruling 8)
    const faces: (number[] | null)[] | null = saveLog ? [] : null;
    const fxFaces: (SaveFaces | null)[] | null = saveLog ? [] : null;
    for (let j = 0; j < nSeg; j++) {
      const kk = (from + j) % nSeg;
      const run = segHits[kk]!;
      if (run === 0) continue;
      const c = seg[kk]!;
      const need = saveNeeded(c, b);
      let dice = 0;
      let nJoined = 0;
      for (let j2 = j; j2 < nSeg; j2++) {
        const k2 = (from + j2) % nSeg;
        if (segHits[k2] === 0 || (j2 > j && (seg[k2]!.sv !== c.sv || !saves(seg[k2]!, c, b, need)))) continue;
        segJoined[nJoined++] = k2;
        dice += segHits[k2]!;
      }
      // B2, B4: the re-roll and Feel No Pain of the classes rolling together (they share them); a
      // wound ignored is no failure at all (the failures are the wounds suffered)
      const reroll = saveReroll(c);
      const pain = painNeed(c, b);
      const failed = need < NO_SAVE || pain > 0 ? ctx.chance.saves(dice, need, lethal, reroll, pain) : dice;
      if (failed > 0) {
        failedBatch[nFailed] = b;
        failedClass[nFailed] = c;
        failedNeed[nFailed] = need;
        failedCount[nFailed++] = failed;
      }
      // the faces for the log, each class its share in turn; the classes that rolled are done
      const rolled = need < NO_SAVE ? ctx.chance.faces : null;
      const fx = ctx.chance.saveFx;
      let used = 0;
      for (let t = 0; t < nJoined; t++) {
        const k2 = segJoined[t]!;
        if (faces) {
          faces[k2] = rolled ? rolled.slice(used, used + segHits[k2]!) : null;
          fxFaces![k2] = fx ? { again: fx.again.slice(used, used + segHits[k2]!), pain: fx.pain.slice(used, used + segHits[k2]!) } : null;
        }
        used += segHits[k2]!;
        if (t > 0) segHits[k2] = 0;
      }
    }
    if (saveLog) logSaves(saveLog, target, b, { seg, segGroup, segEnd, groupSv, faces: faces!, fx: fxFaces!, n, from, at: fromAt });
    hits += b.count;
  }
  if (log) log.push({ type: 'saves', side: target.side, unit: target.name, hits, groups: mergeSaveLog(saveLog!) });

  let inflicted = 0;
  let instantDeath = 0;
  // wounds Eternal Warrior kept from Instant Death (abilities.md B5), for the log
  let eternal = 0;
  let excess = 0;
  let nForce = 0;
  const killed: string[] | null = log ? [] : null;
  for (let f = 0; f < nFailed; f++) {
    const b = failedBatch[f]!;
    const rolled = failedClass[f]!;
    const need = failedNeed[f]!;
    const alike = alikeMask(target, rolled, b, need);
    for (let j = failedCount[f]!; j > 0; j--) {
      const c = casualtyFor(target, rolled, b, need, alike);
      if (!c) {
        // nobody left to take them: nothing changes, so neither would the rest
        excess += j;
        break;
      }
      if (c.W === 1) {
        // single-wound models: the wounds keep going to this class while it has models (none of
        // them is ever wounded, and no other class changes), one model each: removed at once
        const k = Math.min(j, c.count);
        inflicted += k;
        c.count -= k;
        if (killed) for (let i = 0; i < k; i++) killed.push(c.spec.name);
        j -= k - 1;
        continue;
      }
      const slain = slays(c, b.strength);
      inflicted += takeWound(c, slain);
      if (log && !slain && spared(c, b.strength)) eternal++;
      if (slain) instantDeath++;
      if (b.force && c.front > 0) nForce = forceVictim(s, nForce, b.force, c);
      if (c.front === 0) {
        c.kill();
        killed?.push(c.spec.name);
      }
    }
  }
  log?.push({ type: 'casualties', side: target.side, unit: target.name, woundsInflicted: inflicted, killed: killed!, wounded: woundedOf(target), instantDeath, excess, ...(eternal > 0 ? { eternalWarrior: eternal } : {}) });
  forceTests(s, nForce, target, ctx);
  return inflicted;
}

/**
 * Once a unit's casualties are all taken: each force weapon's test, in the order its bearers
 * first wounded, only when a model it wounded (the first `nForce` remembered by `forceVictim`) is
 * still there to be slain.
 */
export function forceTests(s: Scratch, nForce: number, target: UnitState, ctx: PhaseContext): void {
  for (let i = 0; i < nForce; i++) {
    const by = s.forceBy[i]!;
    if (s.forceBy.indexOf(by) < i) continue;
    let victim = -1;
    for (let j = i; j < nForce && victim < 0; j++) if (s.forceBy[j] === by && forceAlive(s, j)) victim = j;
    if (victim >= 0) forceWeaponTest(by, s.forceClass[victim]!, target, ctx);
  }
}

/**
 * The log of one batch's saves: the hits in the order they go round (a run of hits on one class
 * per lap), each run shown with its share of its class's dice, consecutive runs of one armour
 * group and roll merged.
 */
function logSaves(
  saveLog: SaveGroup[], target: UnitState, b: HitBatch,
  w: { seg: ModelClass[]; segGroup: number[]; segEnd: number[]; groupSv: number[]; faces: (number[] | null)[]; fx: (SaveFaces | null)[]; n: number; from: number; at: number },
): void {
  const used = w.faces.map(() => 0);
  let entry: SaveGroup | null = null;
  let entryGroup = -1;
  let entryPain = 0;
  let k = w.from;
  let at = w.at;
  for (let left = b.count; left > 0;) {
    while (at >= w.segEnd[k]!) k++;
    const run = Math.min(left, w.segEnd[k]! - at);
    const c = w.seg[k]!;
    const g = w.segGroup[k]!;
    const need = saveNeeded(c, b);
    const rolls = w.faces[k] ? w.faces[k]!.slice(used[k]!, used[k]! + run) : [];
    const pain = painNeed(c, b);
    // models with another Feel No Pain (B4) are a line of their own
    if (!entry || entryGroup !== g || entry.need !== (need < NO_SAVE ? need : null) || entryPain !== pain) {
      entry = saveGroup(groupNames(target, w.groupSv[g]!, b, pain), c, b, need);
      entryGroup = g;
      entryPain = pain;
      saveLog.push(entry);
    }
    entry.count += run;
    entry.rolls.push(...rolls);
    entry.failed += logFx(entry, w.faces[k] ?? null, w.fx[k] ?? null, need, pain, used[k]!, used[k]! + run);
    used[k]! += run;
    left -= run;
    at += run;
    if (at === w.n) at = k = 0;
  }
}

/** Remember that `by`'s force weapon wounded the first living model of `c` (once per model). */
export function forceVictim(s: Scratch, nForce: number, by: ModelClass, c: ModelClass): number {
  const ordinal = c.size - c.count;
  for (let i = 0; i < nForce; i++) if (s.forceBy[i] === by && s.forceClass[i] === c && s.forceOrdinal[i] === ordinal) return nForce;
  s.forceBy[nForce] = by;
  s.forceClass[nForce] = c;
  s.forceOrdinal[nForce] = ordinal;
  return nForce + 1;
}

/** the model is alive while it is still its class's first (nobody of the class died after it was wounded) */
const forceAlive = (s: Scratch, i: number) => {
  const c = s.forceClass[i]!;
  return c.count > 0 && c.size - c.count === s.forceOrdinal[i];
};

/**
 * Who takes the wound of a save a model of `rolled` failed against `b`. Models of the same
 * armour group that save alike (the same roll, armour or invulnerable) are the owner's choice: a
 * wounded multi-wound model first, then the removal order (ruling 8). A save that only `rolled`
 * makes (a character's invulnerable save) wounds `rolled`. If none of `rolled` is left and
 * nobody saves alike, the wound goes to the next model of its armour group; past the group's
 * last model it is lost.
 */
function casualtyFor(target: UnitState, rolled: ModelClass, b: HitBatch, need: number, alikeClasses: number): ModelClass | null {
  const sv = rolled.sv;
  let alike: ModelClass | null = null;
  let any: ModelClass | null = null;
  for (let cI = 0; cI < target.classes.length; cI++) {
    const c = target.classes[cI]!;
    if (c.count === 0 || c.sv !== sv) continue;
    const wounded = c.front < c.W;
    if (cI < 31 ? (alikeClasses & (1 << cI)) !== 0 : saves(c, rolled, b, need)) {
      if (wounded) return c;
      alike ??= c;
    }
    if (!any || (wounded && any.front === any.W)) any = c;
  }
  return alike ?? any;
}

/** A model of `c` saves against `b` as one of `rolled` does: the same roll, armour or invulnerable, the same re-roll and Feel No Pain (abilities.md B2, B4). */
const saves = (c: ModelClass, rolled: ModelClass, b: HitBatch, need: number) =>
  saveNeeded(c, b) === need && saveKind(c, b, need) === saveKind(rolled, b, need) && fxAlike(c, rolled, b);

/** The first 31 classes of `target` whose models save alike with `rolled`'s, as bits (the rest are asked one by one). */
function alikeMask(target: UnitState, rolled: ModelClass, b: HitBatch, need: number): number {
  let mask = 0;
  const n = Math.min(31, target.classes.length);
  for (let cI = 0; cI < n; cI++) if (saves(target.classes[cI]!, rolled, b, need)) mask |= 1 << cI;
  return mask;
}

/**
 * 000, Force Weapons: after wounding, a Psychic test slays one wounded model outright: "a single
 * psychic test for the psyker", so none more once he has taken it in this phase (his attacks split
 * among units, wounds in two pools, waffle's sweep hits).
 */
export function forceWeaponTest(psyker: ModelClass, victim: ModelClass, target: UnitState, ctx: PhaseContext): void {
  if (psyker.psychicUsed) return;
  psyker.psychicUsed = true;
  // his Leadership (B1), or his unit's living models with the characters who test with it (B8)
  const own = ldOf(psyker);
  const group = (psyker.unit.partOf ?? psyker.unit).moveGroup;
  const ld = testLd(group, own);
  const passed = ctx.chance.leadership(ld);
  const rolls = ctx.chance.faces;
  if (passed) victim.kill();
  ctx.log?.push({
    type: 'psychic', side: target.side, unit: target.name, model: psyker.spec.name, ld, rolls: rolls!, passed, slain: passed ? victim.spec.name : null,
    ...(ld > own ? { models: groupLiving(group), ldBy: leadershipModelsOf(group)!.fx.leadershipBy } : {}),
  });
}

/** The names of `unit`'s living models of armour save `sv` whose Feel No Pain against `b` is `pain` (B4). */
function groupNames(unit: UnitState, sv: number, b: HitBatch, pain: number): string[] {
  const names: string[] = [];
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count > 0 && c.sv === sv && painNeed(c, b) === pain && !names.includes(c.spec.name)) names.push(c.spec.name);
  }
  return names;
}

/** A log entry for saves of `models` against `b`: which save, and why it is that one; `count` saves rolled as `rolls`, `failed` failing. */
export function saveGroup(models: string[], c: ModelClass, b: HitBatch, need: number, count = 0, rolls: number[] = [], failed = 0): SaveGroup {
  const kind = saveKind(c, b, need);
  const sv = c.spec.profile.Sv;
  const limited = kind === 1 && b.maxSave !== null && sv !== null && sv < b.maxSave;
  const save = kind === 0 ? 'none' : kind === 2 ? 'invulnerable' : kind === 3 ? 'cover' : limited ? 'limited' : 'armour';
  // the cause is kept only where it explains the save (an armour-ignoring hit, a limited save)
  const special = b.noArmour || b.ap !== null;
  const explains = limited || (special && save !== 'armour');
  return {
    models, count, need: need < NO_SAVE ? need : null, save, sv, special: explains && special,
    cause: explains ? b.cause : 'plain', weapon: explains ? b.weapon : null, rolls, failed,
  };
}

/** The log's list of `u`'s wounded models: each class whose first living model has lost wounds. */
export function woundedOf(u: UnitState): { model: string; left: number; of: number }[] {
  const out: { model: string; left: number; of: number }[] = [];
  for (let cI = 0; cI < u.classes.length; cI++) {
    const c = u.classes[cI]!;
    if (c.count > 0 && c.front < c.W) out.push({ model: c.spec.name, left: c.front, of: c.W });
  }
  return out;
}

/** Consecutive entries of the same group and save are one line in the log. */
export function mergeSaveLog(entries: SaveGroup[]): SaveGroup[] {
  const out: SaveGroup[] = [];
  const same = (a: SaveGroup, e: SaveGroup) =>
    a.models.join('/') === e.models.join('/') && a.need === e.need && a.save === e.save && a.sv === e.sv && a.special === e.special && a.cause === e.cause && a.weapon === e.weapon;
  for (let eI = 0; eI < entries.length; eI++) {
    const e = entries[eI]!;
    const last = out[out.length - 1];
    if (last && same(last, e) && (!last.pain || !e.pain || last.pain.need === e.pain.need)) {
      last.count += e.count;
      last.rolls.push(...e.rolls);
      last.failed += e.failed;
      if (e.rerolls) {
        last.rerolls ??= { from: [], to: [] };
        last.rerolls.from.push(...e.rerolls.from);
        last.rerolls.to.push(...e.rerolls.to);
      }
      if (e.pain) {
        last.pain ??= { need: e.pain.need, rolls: [], ignored: 0 };
        last.pain.rolls.push(...e.pain.rolls);
        last.pain.ignored += e.pain.ignored;
      }
    } else out.push(e);
  }
  return out;
}
