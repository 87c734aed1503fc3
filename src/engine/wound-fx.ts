// What abilities do to a model's saves and the wounds it suffers (abilities.md B2 `reroll` of
// saves, B4 `feelNoPain`, B5 `eternalWarrior`): the numbers the allocations (allocate.ts,
// pools.ts, sweep-hits.ts) hand to `Chance.saves` and `Chance.saveUntil`, and what the log
// shows of the dice they rolled.
import type { SaveFaces } from '../dice.js';
import type { HitBatch } from './allocate.js';
import { tOf } from './effects.js';
import type { SaveGroup } from './events.js';
import { NO_SAVE, type ModelClass } from './state.js';

/**
 * Instant Death (B5): a wound of `strength` slays a multi-wound model of `c` outright when it is
 * at least twice the profile's Toughness (B1), unless the model has `eternalWarrior`.
 */
export function slays(c: ModelClass, strength: number): boolean {
  return c.W > 1 && strength >= 2 * c.T && !c.fx.eternalWarrior;
}

/** B5 in the log: a wound of `strength` that would slay a model of `c` outright is one wound, for its `eternalWarrior`. */
export function spared(c: ModelClass, strength: number): boolean {
  return c.W > 1 && strength >= 2 * c.T && c.fx.eternalWarrior;
}

/**
 * B4: the roll on which a model of `c` ignores an unsaved wound of `b`; 0 when it may not. Not
 * against a blow or shot of at least twice its Toughness as modified (B1) unless it has
 * `eternalWarrior`; not against a blow that allows no armour save by what it is (ignores armour,
 * a rending hit, a monstrous creature's: `noArmour`) or whose AP is equal to or better than its
 * armour save (a model with none rolls against any other blow); a shot whatever its AP.
 */
export function painNeed(c: ModelClass, b: HitBatch): number {
  const n = c.fx.feelNoPain;
  if (n === 0) return 0;
  if (b.strength >= 2 * tOf(c) && !c.fx.eternalWarrior) return 0;
  if (b.shot) return n;
  if (b.noArmour) return 0;
  if (b.ap !== null && c.sv < NO_SAVE && b.ap <= c.sv) return 0;
  return n;
}

/** A model of `c` re-rolls its saves against `b` (B2): the REROLL_* of engine/effects.ts, which `Chance.saves` reads. */
export function saveReroll(c: ModelClass): number {
  return c.fx.rerollSave;
}

/** Models of `a` and `b` save and suffer `b`'s wounds alike as far as abilities go: the same re-roll, the same Feel No Pain. */
export function fxAlike(a: ModelClass, c: ModelClass, b: HitBatch): boolean {
  return a.fx.rerollSave === c.fx.rerollSave && painNeed(a, b) === painNeed(c, b);
}

/**
 * The wound at `i` of the last saves (`faces`: their save dice, one a wound, or null when no
 * save was rolled; `fx` their re-rolls and Feel No Pain dice) is suffered: its save (re-rolled)
 * failed and its Feel No Pain die, if any, too.
 */
export function sufferedAt(faces: readonly number[] | null, fx: SaveFaces | null, need: number, pain: number, i: number): boolean {
  if (need < NO_SAVE) {
    const again = fx ? fx.again[i]! : 0;
    if ((again > 0 ? again : faces![i]!) >= need) return false;
  }
  return !(fx && pain > 0 && fx.pain[i]! >= pain);
}

/**
 * The log of wounds `from`..`to` of the last saves on `group` (B13): their re-rolls (the first
 * roll and the new one of each die re-rolled) and their Feel No Pain dice. Returns how many of
 * their saves failed, after the re-rolls (every one when none was rolled).
 */
export function logFx(group: SaveGroup, faces: readonly number[] | null, fx: SaveFaces | null, need: number, pain: number, from: number, to: number): number {
  let failed = 0;
  if (!fx) {
    for (let i = from; i < to; i++) if (need >= NO_SAVE || faces![i]! < need) failed++;
    return failed;
  }
  for (let i = from; i < to; i++) {
    const again = fx.again[i]!;
    if (again > 0) {
      group.rerolls ??= { from: [], to: [] };
      group.rerolls.from.push(faces![i]!);
      group.rerolls.to.push(again);
    }
    const final = need < NO_SAVE ? (again > 0 ? again : faces![i]!) : 0;
    if (need >= NO_SAVE || final < need) failed++;
    const p = fx.pain[i]!;
    if (pain > 0 && p > 0) {
      group.pain ??= { need: pain, rolls: [], ignored: 0 };
      group.pain.rolls.push(p);
      if (p >= pain) group.pain.ignored++;
    }
  }
  return failed;
}
