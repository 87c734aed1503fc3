// A sweeping advance that strikes (SweepLoss 'hits': waffle, 003 and ruling 10): a fleeing unit
// that a winner's D6 + Initiative equals or beats takes one automatic hit per model of that
// winner (every such winner in a multiple combat), each struck with the weapon that model fights
// with and counting as charging. Where the edition says so (`sweepHitsAtRandom`: waffle, rules
// ruling 25, 003's "randomly distributed") each hit goes to a living model of the caught unit
// chosen at random, and is wounded against that model's Toughness and saved with its save;
// otherwise the hits are wounded against the unit's majority Toughness and allocated as the
// edition's close combat wounds are.
import { AUTO_HIT, type Reroll } from '../dice.js';
import { notesOf, sweepStrength, sweepWoundReroll } from './blow-effects.js';
import { tOf } from './effects.js';
import { woundNeed } from './ruleset.js';
import { lockedWith, weaponStrength } from './mechanics.js';
import { forceTests, forceVictim, mergeSaveLog, saveGroup, saveNeeded, takeWound, woundedOf, type HitBatch } from './allocate.js';
import { pools, samePool } from './pools.js';
import type { Combat } from './steps.js';
import type { EffectNote, SaveGroup } from './events.js';
import { NO_SAVE, type ModelClass, type UnitState } from './state.js';
import { pendWounds, startStep } from './strike.js';
import { logFx, painNeed, saveReroll, slays, spared } from './wound-fx.js';

/**
 * The hits of every winner that caught `caught` (which fled with `flee`), then their saves and
 * casualties; the log shows each after the roll. Returns the wounds they inflicted.
 */
export function sweepHits(c: Combat, caught: readonly UnitState[], flee: number): number {
  const target = caught[0]!;
  const by = c.state.scratch.sweepBy;
  const nBy = strikers(c, caught, flee, by);
  const inflicted = c.ruleset.sweepHitsAtRandom === true ? atRandom(c, target, by, nBy) : allocated(c, target, by, nBy);
  // the caught unit leaves the combat: nothing of this reckoning stays on it
  target.clearStep();
  return inflicted;
}

/** Into `by`, the classes with living models of every winner whose sweep catches `caught`; returns how many. */
function strikers(c: Combat, caught: readonly UnitState[], flee: number, by: ModelClass[]): number {
  let nBy = 0;
  for (let w = 0; w < c.winners.n; w++) {
    const g = c.winners.at(w);
    const sweep = c.sweepTotal[w]!;
    if (sweep < 0 || !c.ruleset.catches(sweep, flee) || !lockedWith(g, caught)) continue;
    for (let uI = 0; uI < g.length; uI++) {
      const u = g[uI]!;
      for (let mI = 0; mI < u.classes.length; mI++) {
        const m = u.classes[mI]!;
        if (m.count > 0) by[nBy++] = m;
      }
    }
  }
  return nBy;
}

/** The hits wounded against the caught unit's majority Toughness, then allocated by the edition (`allocate`). */
function allocated(c: Combat, target: UnitState, by: readonly ModelClass[], nBy: number): number {
  const { chance, log, ruleset } = c;
  startStep(target, ruleset, c.state.scratch);
  for (let b = 0; b < nBy; b++) {
    const m = by[b]!;
    const weapon = m.loadout.weapon;
    const strength = hitStrength(m, c);
    const need = woundNeed(ruleset, strength, weapon?.woundOn ?? null, target.stepT);
    const wounds = chance.blows(m.count, AUTO_HIT, need, false, true, sweepWoundReroll(m, target, c.firstRound, weapon !== null && weapon.rerollFailedWounds));
    log?.push({
      type: 'sweepHits', side: m.unit.side, unit: m.unit.name, model: m.spec.name, hits: m.count, target: target.name, weapon: weapon ? weapon.name : null,
      strength, toughness: target.stepT, need, rolls: chance.blow.woundFaces!, rerolls: chance.blow.rerollFaces!, wounds, ...sweepNotes(m, c, weapon !== null && weapon.rerollFailedWounds),
    });
    pendWounds(target, m, strength, wounds, 0);
  }
  return ruleset.allocate(target, target.pending, target.nPending, c, ruleset);
}

/**
 * Rules ruling 25. Alike models (the same model: `ModelClass.same`, wherever they stand) are
 * the owner's to choose among, so the dice decide only how many hits fall on each kind of
 * model: every striking class's hits are spread over the models living as the sweep strikes
 * (`Chance.spread`) before any is rolled to wound, as a player rolls them out. Then each striking
 * class's hits on each kind are rolled to wound against that kind's Toughness; and each kind
 * saves its own wounds, in pools (the one it saves worst first, as ruling 15 orders them), each
 * pool rolled whole, its wounded model first, then the removal order (ruling 8); failures past
 * its last model are lost, and never pass to another kind. `exact` draws a striking class's
 * unsaved wounds on each kind in one call (`Chance.sweepUnsaved`), by the same law.
 */
function atRandom(c: Combat, target: UnitState, by: readonly ModelClass[], nBy: number): number {
  const { chance, log } = c;
  const s = c.state.scratch;
  const { sweepOnto: onto, sweepLiving: living, sweepShare: share } = s;
  // the kinds of model with living models, each its first class and its models
  let n = 0;
  let models = 0;
  for (let cI = 0; cI < target.classes.length; cI++) {
    const d = target.classes[cI]!;
    if (d.count === 0) continue;
    let j = 0;
    while (j < n && onto[j]!.same !== d.same) j++;
    if (j === n) {
      onto[n] = d;
      living[n++] = 0;
    }
    living[j]! += d.count;
    models += d.count;
  }
  const unsaved = chance.sweepUnsaved !== undefined;
  if (unsaved) allUnsaved(c, target, by, nBy, n);
  else rolled(c, target, by, nBy, n, models);
  // the saves, kind by kind
  const { counts: poolCount, failedBatch: pool } = s;
  const saveLog: SaveGroup[] | null = log ? [] : null;
  const killed: string[] | null = log ? [] : null;
  let inflicted = 0;
  let nForce = 0;
  let instantDeath = 0;
  // wounds Eternal Warrior kept from Instant Death (abilities.md B5), for the log
  let eternal = 0;
  let excess = 0;
  let wounding = 0;
  for (let j = 0; j < n; j++) {
    const first = onto[j]!;
    target.nPending = 0;
    for (let b = 0; b < nBy; b++) {
      const wounds = share[b * n + j]!;
      if (wounds > 0) pendWounds(target, by[b]!, hitStrength(by[b]!, c), wounds, 0);
    }
    const nPools = pools(first, target.pending, target.nPending, s);
    for (let p = 0; p < nPools; p++) {
      const batch = pool[p]!;
      const hits = poolCount[p]!;
      wounding += hits;
      let d = next(target, first.same);
      const need = saveNeeded(first, batch);
      const slain = slays(first, batch.strength);
      // every wound of the pool is saved at once (re-rolled, then Feel No Pain: abilities.md B2,
      // B4); failures past the one that kills the last of the kind do nothing more (Chance.saves)
      const room = d ? (slain ? aliveOf(target, first.same) : woundsOf(target, first.same)) : 0;
      const pain = painNeed(first, batch);
      const failed = unsaved || (need >= NO_SAVE && pain === 0) ? hits : chance.saves(hits, need, room, saveReroll(first), pain);
      if (saveLog) {
        const faces = need < NO_SAVE ? chance.faces ?? [] : [];
        const g = saveGroup([first.spec.name], first, batch, need, hits, faces, failed);
        const fx = unsaved ? null : chance.saveFx;
        if (fx) g.failed = logFx(g, faces, fx, need, pain, 0, hits);
        saveLog.push(g);
      }
      for (let f = 0; f < failed; f++) {
        if (!d) {
          // every model of the kind is dead: the rest find nobody
          excess += failed - f;
          break;
        }
        inflicted += takeWound(d, slain);
        if (log && !slain && spared(d, batch.strength)) eternal++;
        if (slain) instantDeath++;
        if (d.front === 0) {
          d.kill();
          killed?.push(d.spec.name);
          d = next(target, first.same);
        } else if (batch.force) nForce = forceVictim(s, nForce, batch.force, d);
      }
    }
  }
  if (log) {
    log.push({ type: 'saves', side: target.side, unit: target.name, hits: wounding, groups: mergeSaveLog(saveLog!) });
    log.push({ type: 'casualties', side: target.side, unit: target.name, woundsInflicted: inflicted, killed: killed!, wounded: woundedOf(target), instantDeath, excess, ...(eternal > 0 ? { eternalWarrior: eternal } : {}) });
  }
  forceTests(s, nForce, target, c);
  return inflicted;
}

/**
 * The dice as a player rolls them: every striking class's hits spread over the `n` kinds
 * (`models` in all), then each class's hits on each kind rolled to wound; the wounds into
 * `sweepShare`.
 */
function rolled(c: Combat, target: UnitState, by: readonly ModelClass[], nBy: number, n: number, models: number): void {
  const { chance, log, ruleset } = c;
  const { sweepOnto: onto, sweepLiving: living, sweepShare: share, sweepRow: row } = c.state.scratch;
  for (let b = 0; b < nBy; b++) {
    const m = by[b]!;
    chance.spread(m.count, living, n, row);
    for (let j = 0; j < n; j++) share[b * n + j] = row[j]!;
    if (log) {
      const spread: { model: string; count: number; hits: number }[] = [];
      for (let j = 0; j < n; j++) spread.push({ model: onto[j]!.spec.name, count: living[j]!, hits: row[j]! });
      log.push({ type: 'sweepSpread', side: m.unit.side, unit: m.unit.name, model: m.spec.name, hits: m.count, target: target.name, models, onto: spread, rolls: chance.faces! });
    }
  }
  for (let b = 0; b < nBy; b++) {
    const m = by[b]!;
    const weapon = m.loadout.weapon;
    const strength = hitStrength(m, c);
    const reroll = sweepWoundReroll(m, target, c.firstRound, weapon !== null && weapon.rerollFailedWounds);
    for (let j = 0; j < n; j++) {
      const hits = share[b * n + j]!;
      if (hits === 0) continue;
      const d = onto[j]!;
      const need = woundNeed(ruleset, strength, weapon?.woundOn ?? null, tOf(d));
      const wounds = chance.blows(hits, AUTO_HIT, need, false, true, reroll);
      share[b * n + j] = wounds;
      log?.push({
        type: 'sweepHits', side: m.unit.side, unit: m.unit.name, model: m.spec.name, hits, target: target.name, targetModel: d.spec.name,
        weapon: weapon ? weapon.name : null, strength, toughness: tOf(d), need, rolls: chance.blow.woundFaces!, rerolls: chance.blow.rerollFaces!, wounds,
        ...sweepNotes(m, c, weapon !== null && weapon.rerollFailedWounds),
      });
    }
  }
}

/**
 * (exact) The unsaved wounds of every striking class on each of the `n` kinds, into
 * `sweepShare`. A run of striking classes one after another whose hits fall, wound and are saved
 * alike on every kind (the same law for each hit) and whose wounds pool together (`samePool`) is
 * drawn as one call of all their hits, given to the first of the run (the others none): every hit
 * is independent with one law, so their sum has the law of one class with all of them; the pool
 * takes the sum either way, at the run's place among the pools, and what falls past a kind's room
 * is lost either way. One call instead of one per class: far fewer paths for `exact` to follow.
 */
function allUnsaved(c: Combat, target: UnitState, by: readonly ModelClass[], nBy: number, n: number): void {
  const s = c.state.scratch;
  const { sweepLiving: living, sweepShare: share, sweepRow: row, sweepWound: wound, sweepSave: save, sweepRoom: room, sweepFx: fx } = s;
  for (let b = 0; b < nBy; ) {
    const m = by[b]!;
    const reroll = lawOf(c, target, m, n, wound, save, room, fx);
    const lead = target.pending[0]!;
    let hits = m.count;
    let e = b + 1;
    while (e < nBy && alike(c, target, lead, by[e]!, n, reroll)) hits += by[e++]!.count;
    // (lawOf set the law of the first class again, and its batch: alike reads the next class's into the second)
    c.chance.sweepUnsaved!(hits, living, n, wound, save, reroll, room, row, fx);
    for (let j = 0; j < n; j++) share[b * n + j] = row[j]!;
    for (let x = b + 1; x < e; x++) for (let j = 0; j < n; j++) share[x * n + j] = 0;
    b = e;
  }
  target.nPending = 0;
}

/** (exact) What striking class `m` needs on each of the `n` kinds, to wound, to save, and its room (into the arrays); whether it re-rolls failed wounds. Leaves one pending batch of its wounds on `target` (the first), to compare pools. */
function lawOf(c: Combat, target: UnitState, m: ModelClass, n: number, wound: number[], save: number[], room: number[], fx: number[]): Reroll {
  const onto = c.state.scratch.sweepOnto;
  const weapon = m.loadout.weapon;
  const strength = hitStrength(m, c);
  // the save a kind makes against this class's wounds: read off a batch of them
  target.nPending = 0;
  pendWounds(target, m, strength, 1, 0);
  const batch = target.pending[0]!;
  for (let j = 0; j < n; j++) {
    const d = onto[j]!;
    wound[j] = woundNeed(c.ruleset, strength, weapon?.woundOn ?? null, tOf(d));
    save[j] = saveNeeded(d, batch);
    room[j] = slays(d, strength) ? aliveOf(target, d.same) : woundsOf(target, d.same);
    fx[j] = saveReroll(d) + 4 * painNeed(d, batch);
  }
  return sweepWoundReroll(m, target, c.firstRound, weapon !== null && weapon.rerollFailedWounds);
}

/** (exact) Striking class `m`'s hits have the law of the run's (`wound`, `save`, `room`, `reroll` hold it; `lead` its batch) and pool with them. */
function alike(c: Combat, target: UnitState, lead: HitBatch, m: ModelClass, n: number, reroll: Reroll): boolean {
  const s = c.state.scratch;
  const { sweepWound: wound, sweepSave: save, sweepRoom: room } = s;
  const weapon = m.loadout.weapon;
  if (sweepWoundReroll(m, target, c.firstRound, weapon !== null && weapon.rerollFailedWounds) !== reroll) return false;
  const strength = hitStrength(m, c);
  // the second pending batch: the first is the run's
  target.nPending = 1;
  pendWounds(target, m, strength, 1, 0);
  const batch = target.pending[1]!;
  target.nPending = 1;
  if (!samePool(lead, batch)) return false;
  const onto = s.sweepOnto;
  for (let j = 0; j < n; j++) {
    const d = onto[j]!;
    if (wound[j] !== woundNeed(c.ruleset, strength, weapon?.woundOn ?? null, tOf(d))) return false;
    if (save[j] !== saveNeeded(d, batch)) return false;
    if (room[j] !== (slays(d, strength) ? aliveOf(target, d.same) : woundsOf(target, d.same))) return false;
    if (s.sweepFx[j] !== saveReroll(d) + 4 * painNeed(d, batch)) return false;
  }
  return true;
}

/** For the log (abilities.md B13): the abilities that add to the Strength of `m`'s sweep hits and re-roll their rolls to wound. */
function sweepNotes(m: ModelClass, c: Combat, weaponRerolls: boolean): { strengthBy?: EffectNote[]; rerollBy?: string[]; rerollOnes?: boolean } {
  if ((m.spec.abilities ?? []).length === 0) return {};
  const s = hitStrength(m, c) !== weaponStrength(m, 0) ? notesOf(m, 'S', c.firstRound, true) : [];
  const r = weaponRerolls ? [] : notesOf(m, 'rerollWound', c.firstRound, true);
  const best = Math.max(0, ...r.map((x) => x.value));
  return {
    ...(s.length > 0 ? { strengthBy: s } : {}),
    ...(best > 0 ? { rerollBy: r.filter((x) => x.value === best).map((x) => x.by), rerollOnes: best === 1 } : {}),
  };
}

/** The Strength of a sweeping-advance hit of `m`: its weapon's, with the abilities that act when it charges (it counts as charging: ruling 10, abilities.md A3). */
function hitStrength(m: ModelClass, c: Combat): number {
  return weaponStrength(m, sweepStrength(m, c.firstRound));
}

/** The class of `unit`'s models of `same` that takes the next wound: its wounded model first, then the removal order (ruling 8). */
function next(unit: UnitState, same: number): ModelClass | null {
  let first: ModelClass | null = null;
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const d = unit.classes[cI]!;
    if (d.count === 0 || d.same !== same) continue;
    if (d.front < d.W) return d;
    first ??= d;
  }
  return first;
}

/** `unit`'s living models of `same`, and the wounds they have left. */
function aliveOf(unit: UnitState, same: number): number {
  let n = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) if (unit.classes[cI]!.same === same) n += unit.classes[cI]!.count;
  return n;
}
function woundsOf(unit: UnitState, same: number): number {
  let n = 0;
  for (let cI = 0; cI < unit.classes.length; cI++) if (unit.classes[cI]!.same === same) n += unit.classes[cI]!.wounds;
  return n;
}
