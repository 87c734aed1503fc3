// Wound pools and allocation to the closest model, shared by fightphase and waffle (001, "The
// Wound Pool", "Allocating Wounds & Remove Casualties"; rulings 14 and 15). The wounds of one
// Initiative step against one unit form pools, one per Strength, AP and special rule; the
// attacker allocates the pool whose wounds get through most often first (the save's failure,
// times Feel No Pain's where it may roll: abilities.md B13; ties: the higher Strength). Each wound goes to the closest model (ties: a wounded model, then the owner's
// casualty order, ruling 8) and stays on it until it dies; its save is the better of its armour
// (none if the AP pierces it) and its invulnerable save; cover never counts in close combat.
// The models next in line that save alike roll together, and their saves stop at the failure
// that kills the last of them (Chance.saveUntil), so a wound is only ever rolled against the
// model it would really reach; when they are all that is left, the whole pool is rolled at once.
import type { PhaseContext } from './ruleset.js';
import { forceTests, forceVictim, mergeSaveLog, saveGroup, saveNeeded, takeWound, woundedOf, type HitBatch } from './allocate.js';
import type { SaveGroup } from './events.js';
import { suffered216 } from '../dice.js';
import { NO_SAVE, type ModelClass, type Scratch, type UnitState } from './state.js';
import { fxAlike, logFx, painNeed, saveReroll, slays, spared, sufferedAt } from './wound-fx.js';

/** Hits of two batches go in one pool: the same Strength, AP and special rules. */
export function samePool(a: HitBatch, b: HitBatch): boolean {
  return a.strength === b.strength && a.ap === b.ap && a.noArmour === b.noArmour && a.maxSave === b.maxSave && a.force === b.force && a.cause === b.cause && a.weapon === b.weapon && a.shot === b.shot;
}

/** The next model in line for a wound: the closest living class, its wounded model first, then the removal order. */
export function nextInLine(unit: UnitState): ModelClass | null {
  let best: ModelClass | null = null;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0) continue;
    if (!best || c.distance < best.distance || (c.distance === best.distance && c.front < c.W && best.front === best.W)) best = c;
  }
  return best;
}

/** The living classes of `unit` in the order wounds reach them, into `out`: closest first, a wounded model first, then the removal order. */
function lineUp(unit: UnitState, out: ModelClass[]): number {
  let n = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count === 0) continue;
    // insertion: after every class closer, or as close and wounded while c is not, or as close and as wounded
    let j = n++;
    while (j > 0 && before(c, out[j - 1]!)) {
      out[j] = out[j - 1]!;
      j--;
    }
    out[j] = c;
  }
  return n;
}

/** `a` is reached before `b` (b comes earlier in the removal order). */
const before = (a: ModelClass, b: ModelClass) => a.distance < b.distance || (a.distance === b.distance && a.front < a.W && b.front === b.W);

/**
 * The pools of the first `nBatches` of `batches`, in the order they are taken: the first batch of
 * each kind stands for it (in `scratch.failedBatch`), with every like batch's count (in
 * `scratch.counts`); ruling 15 with abilities.md B13: the pool whose wounds `first` suffers most
 * often first (its save failing, re-rolled, then its Feel No Pain where it may roll against the
 * pool: the chance in 216ths in `scratch.values`), then the higher Strength. Returns how many.
 */
export function pools(first: ModelClass, batches: readonly HitBatch[], nBatches: number, s: Scratch): number {
  const { counts: poolCount, values: poolNeed, failedBatch: pool } = s;
  let nPools = 0;
  for (let bi = 0; bi < nBatches; bi++) {
    const b = batches[bi]!;
    let p = 0;
    while (p < nPools && !samePool(pool[p]!, b)) p++;
    if (p === nPools) {
      pool[nPools] = b;
      poolCount[nPools++] = 0;
    }
    poolCount[p]! += b.count;
  }
  // insertion sort, a few pools
  for (let p = 0; p < nPools; p++) poolNeed[p] = suffered216(saveNeeded(first, pool[p]!), saveReroll(first), painNeed(first, pool[p]!));
  for (let i = 1; i < nPools; i++) {
    const b = pool[i]!;
    const count = poolCount[i]!;
    const need = poolNeed[i]!;
    let j = i - 1;
    while (j >= 0 && (poolNeed[j]! < need || (poolNeed[j] === need && pool[j]!.strength < b.strength))) {
      pool[j + 1] = pool[j]!;
      poolCount[j + 1] = poolCount[j]!;
      poolNeed[j + 1] = poolNeed[j]!;
      j--;
    }
    pool[j + 1] = b;
    poolCount[j + 1] = count;
    poolNeed[j + 1] = need;
  }
  return nPools;
}

/**
 * Allocate the first `nBatches` of `batches` (this step's wounds against `target`) as pools,
 * roll the saves, remove the casualties. Returns the wounds actually suffered (Instant Death
 * counts every wound the model had left, 001).
 */
export function allocatePools(target: UnitState, batches: readonly HitBatch[], nBatches: number, ctx: PhaseContext): number {
  const s = ctx.state.scratch;
  const { counts: poolCount, failedBatch: pool } = s;
  const first = nextInLine(target);
  if (!first) return 0;
  const nPools = pools(first, batches, nBatches, s);

  const log = ctx.log;
  const saveLog: SaveGroup[] | null = log ? [] : null;
  const killed: string[] | null = log ? [] : null;
  let inflicted = 0;
  // the models force weapons wounded, for the Psychic tests once every pool is taken (allocate.ts `forceTests`)
  let nForce = 0;
  let instantDeath = 0;
  // wounds Eternal Warrior kept from Instant Death (abilities.md B5), for the log
  let eternal = 0;
  let excess = 0;
  let hits = 0;
  const line = s.seg;
  for (let p = 0; p < nPools; p++) {
    const b = pool[p]!;
    let left = poolCount[p]!;
    hits += left;
    while (left > 0) {
      const n = lineUp(target, line);
      if (n === 0) {
        excess += left;
        break;
      }
      // the models next in line that save alike and suffer alike take one roll: never more dice
      // than they can take failures, unless they are all that is left (then the rest is excess)
      const c = line[0]!;
      const need = saveNeeded(c, b);
      const slain = slays(c, b.strength);
      // B2, B4: their saves' re-roll and Feel No Pain, alike too; a wound ignored is no failure
      const reroll = saveReroll(c);
      const pain = painNeed(c, b);
      let room = 0;
      let k = 0;
      for (; k < n; k++) {
        const d = line[k]!;
        if (saveNeeded(d, b) !== need || slays(d, b.strength) !== slain || !fxAlike(d, c, b)) break;
        room += slain ? d.count : d.wounds;
      }
      // when they are all that is left every wound is rolled at once; otherwise the saves stop at
      // the failure that kills the last of them (the wounds after it go on down the line)
      let dice: number;
      let failed: number;
      if (need >= NO_SAVE && pain === 0) {
        dice = k === n ? left : left < room ? left : room;
        failed = dice;
      } else if (k === n || left <= room) {
        dice = left;
        // (failures past `room` kill nobody more: when they are all that is left, the rest is excess)
        failed = ctx.chance.saves(dice, need, room, reroll, pain);
      } else {
        failed = ctx.chance.saveUntil(left, need, room, reroll, pain);
        dice = ctx.chance.used;
      }
      // with the log, the wounds are followed die by die: with no save rolled, by their Feel No Pain dice
      const fx = saveLog ? ctx.chance.saveFx : null;
      const faces = saveLog && (need < NO_SAVE || fx) ? (need < NO_SAVE ? ctx.chance.faces ?? [] : []) : null;
      left -= dice;
      // the failed saves in the order rolled: each to the model next in line until it dies
      let used = 0;
      for (let j = 0; j < k && (faces ? used < dice : failed > 0); j++) {
        const d = line[j]!;
        const rolledFrom = used;
        let fails = 0;
        while (d.count > 0 && (faces ? used < dice : failed > 0)) {
          const fail = faces ? sufferedAt(need < NO_SAVE ? faces : null, fx, need, pain, used++) : true;
          if (!faces) failed--;
          if (!fail) continue;
          fails++;
          inflicted += takeWound(d, slain);
          if (log && !slain && spared(d, b.strength)) eternal++;
          if (slain) instantDeath++;
          if (d.front === 0) {
            d.kill();
            killed?.push(d.spec.name);
          } else if (b.force) nForce = forceVictim(s, nForce, b.force, d);
        }
        if (saveLog) {
          const g = saveGroup([d.spec.name], d, b, need, faces ? used - rolledFrom : fails, faces ? faces.slice(rolledFrom, used) : [], fails);
          if (fx) g.failed = logFx(g, faces, fx, need, pain, rolledFrom, used);
          saveLog.push(g);
        }
      }
      if (faces) {
        // the dice of the hits that found nobody left: rolled with the others, shown, their failures lost
        let lost = 0;
        for (let j = used; j < dice; j++) if (sufferedAt(need < NO_SAVE ? faces : null, fx, need, pain, j)) lost++;
        excess += lost;
        if (used < dice) {
          const g = saveGroup([], c, b, need, dice - used, faces.slice(used), lost);
          if (fx) g.failed = logFx(g, faces, fx, need, pain, used, dice);
          saveLog!.push(g);
        }
      } else excess += failed;
    }
  }
  if (log) {
    log.push({ type: 'saves', side: target.side, unit: target.name, hits, groups: mergeSaveLog(saveLog!) });
    log.push({ type: 'casualties', side: target.side, unit: target.name, woundsInflicted: inflicted, killed: killed!, wounded: woundedOf(target), instantDeath, excess, ...(eternal > 0 ? { eternalWarrior: eternal } : {}) });
  }
  forceTests(s, nForce, target, ctx);
  return inflicted;
}

/** `n` wounds with no save, each to the model next in line (ruling 9: a fightphase sweeping advance). Returns the wounds lost. */
export function loseWounds(unit: UnitState, n: number): number {
  let lost = 0;
  while (lost < n) {
    const c = nextInLine(unit);
    if (!c) break;
    const take = Math.min(n - lost, c.wounds);
    lost += take;
    let t = take;
    // the wounded model first, then whole models
    if (t >= c.front) {
      t -= c.front;
      c.kill();
      const whole = Math.floor(t / c.W);
      c.count -= whole;
      t -= whole * c.W;
      c.front = c.count > 0 ? c.W - t : c.W;
    } else c.front -= t;
  }
  return lost;
}
