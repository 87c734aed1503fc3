// Ruling 17: of several enemy units a group is engaged with, the one it strikes with all its
// attacks: the first of its unit's `attackSplit` list still there, or else the one its blows
// hurt most, counting what the target's abilities do to the wounds (abilities.md B13: its Feel
// No Pain, where it may roll against these blows, and its save re-rolls).
import type { PhaseContext, Ruleset } from './ruleset.js';
import { chartLookup, woundNeed as woundNeedOf } from './ruleset.js';
import type { ModelClass, UnitState } from './state.js';
import { saveNeeded, type HitBatch } from './allocate.js';
import { lockName } from '../model.js';
import { expectedVehicleHits } from './vehicle.js';
import { hitNeed, hitReroll, rerolled, woundReroll } from './blow-effects.js';
import { wsOf } from './effects.js';
import { fxAlike, painNeed, saveReroll } from './wound-fx.js';
import { rerollShare, suffered216 } from '../dice.js';

/** The unit of `targets` (the first `n`) that `g` strikes: by `split`, else the most wounds expected per attack (the first in order on a tie). */
export function chosenTarget(g: ModelClass, targets: readonly UnitState[], n: number, ctx: PhaseContext, ruleset: Ruleset, split: readonly string[] | undefined): UnitState {
  if (split) {
    for (let p = 0; p < split.length; p++) {
      for (let t = 0; t < n; t++) if (lockName(targets[t]!.spec) === split[p]) return targets[t]!;
    }
  }
  let best = targets[0]!;
  let most = -1;
  for (let t = 0; t < n; t++) {
    const e = expectedWounds(g, targets[t]!, ctx, ruleset);
    if (e > most) {
      most = e;
      best = targets[t]!;
    }
  }
  return best;
}

/**
 * Wounds one attack of `g` is expected to make `target` suffer, against the models most of its
 * living share in how they take these blows (the save they need, its re-roll, their Feel No
 * Pain): the hits (re-rolled), the rending 6s that wound with no armour save and no Feel No Pain
 * (B4), the other hits' wounds (re-rolled), each kind through its save and Feel No Pain.
 */
export function expectedWounds(g: ModelClass, target: UnitState, ctx: PhaseContext, ruleset: Ruleset): number {
  if (target.vehicle) return expectedVehicleHits(g, target, ctx, ruleset);
  const weapon = g.special ? g.loadout.weapon : null;
  const need = hitNeed(g, target, chartLookup(ruleset.toHit, wsOf(g), target.stepWS));
  const strength = ruleset.strength(g, ctx);
  const woundNeed = woundNeedOf(ruleset, strength, weapon?.woundOn ?? null, target.stepT);
  const monstrous = g.loadout.monstrous && g.special;
  // the blows, and their rending 6s, in two batches kept for this (nothing allocated: a tabled fight learns through here)
  const blow = BLOW;
  blow.strength = strength;
  blow.noArmour = (weapon?.ignoresArmour ?? false) || monstrous;
  blow.maxSave = weapon?.maxSave ?? null;
  blow.ap = weapon?.ap ?? null;
  blow.cause = monstrous ? 'monstrous' : weapon ? 'weapon' : 'plain';
  blow.weapon = weapon ? weapon.name : null;
  const rend = REND;
  rend.strength = strength;
  rend.weapon = blow.weapon;
  const most = mostAlike(target, blow);
  const hitReach = hitReroll(g, target);
  const hits = rerolled(chanceOf(need), need, hitReach);
  // a rending 6 on the roll to hit or its re-roll (the failures: 1 - p; the 1s: 1/6) wounds with no roll (Strength 1 or more)
  const rolled = need >= 2 && need <= 6;
  const again = rerollShare(chanceOf(need), need, hitReach);
  const rends = weapon !== null && weapon.rending && rolled && strength >= 1 ? (1 + again) / 6 : 0;
  const wounds = rerolled(chanceOf(woundNeed), woundNeed, woundReroll(g, target, weapon?.rerollFailedWounds === true));
  return (hits - rends) * wounds * suffered(most, blow) + (rends > 0 ? rends * suffered(most, rend) : 0);
}

/** one die's chance to make `need` */
function chanceOf(need: number): number {
  return need < 1 || need > 6 ? 0 : (7 - need) / 6;
}

/** the share of wounds of `b` that `most` suffers (its save, re-roll and Feel No Pain) */
function suffered(most: ModelClass, b: HitBatch): number {
  return suffered216(saveNeeded(most, b), saveReroll(most), painNeed(most, b)) / 216;
}

/** an attack's blows and its rending 6s, as `expectedWounds` weighs them (filled in there each time) */
const BLOW: HitBatch = { count: 1, strength: 0, noArmour: false, maxSave: null, ap: null, force: null, cause: 'plain', weapon: null, shot: false };
const REND: HitBatch = { count: 1, strength: 0, noArmour: true, maxSave: null, ap: null, force: null, cause: 'rending', weapon: null, shot: false };

/** The living class of `target` most of whose living models save and suffer `b` alike (the first on a tie). */
function mostAlike(target: UnitState, b: HitBatch): ModelClass {
  let most: ModelClass | null = null;
  let mostShare = 0;
  for (let cI = 0; cI < target.classes.length; cI++) {
    const c = target.classes[cI]!;
    if (c.count === 0) continue;
    const need = saveNeeded(c, b);
    let share = 0;
    for (let dI = 0; dI < target.classes.length; dI++) {
      const d = target.classes[dI]!;
      if (d.count > 0 && saveNeeded(d, b) === need && fxAlike(d, c, b)) share += d.count;
    }
    if (share > mostShare) {
      most = c;
      mostShare = share;
    }
  }
  return most!;
}
