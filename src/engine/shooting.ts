// Shooting where waffle needs it (003, Reaction to Charge and Fiery Charge; rules rulings 18-20):
// each model of a unit fires one ranged weapon (the first in its wargear that may fire) at one
// enemy unit; the shots hit on the model's BS (Overwatch: snap shots, a 6 only), wound on the
// standard chart against the target's majority Toughness, and are saved and allocated as in
// close combat (wound pools, the closest model first, engine/pools.ts). The target counts as
// within 1" (003, Overwatch), so Rapid Fire weapons fire twice their shots.
import { woundNeed as woundNeedOf } from './ruleset.js';
import type { ShotType, Weapon } from '../model.js';
import { allocatePools } from './pools.js';
import { prepareFx } from './effects.js';
import { NO_SAVE, type UnitState } from './state.js';
import type { Combat } from './steps.js';
import { startStep } from './strike.js';

export type ShotKind = 'overwatch' | 'fieryCharge';

/** The weapon a model fires: its first gun (Fiery Charge: its first Assault or Pistol gun). */
export function gunOf(wargear: readonly Weapon[], kind: ShotKind): Weapon | null {
  for (let i = 0; i < wargear.length; i++) {
    const w = wargear[i]!;
    if (w.shooting && (kind === 'overwatch' || w.shooting.type === 'assault' || w.shooting.type === 'pistol')) return w;
  }
  return null;
}

/** Shots a model fires with a gun at a target within 1" (Rapid Fire: twice, within half range). */
function shotsOf(type: ShotType, shots: number): number {
  return type === 'rapid-fire' ? 2 * shots : shots;
}

/** Some living model of `unit` can fire this kind of shot. */
export function canShoot(unit: UnitState, kind: ShotKind): boolean {
  for (let cI = 0; cI < unit.classes.length; cI++) {
    const c = unit.classes[cI]!;
    if (c.count > 0 && gunOf(c.spec.wargear, kind)) return true;
  }
  return false;
}

/** `shooters` fire at `target`; returns the wounds it suffered. */
export function shoot(shooters: UnitState, target: UnitState, kind: ShotKind, ctx: Combat): number {
  const { chance, log, ruleset } = ctx;
  // Overwatch comes before the first phase is prepared: what the target's abilities do to its
  // saves and wounds in it (abilities.md B2, B4, B5) is worked out now
  if (kind === 'overwatch') prepareFx(target, true);
  startStep(target, ruleset, ctx.state.scratch);
  for (let cI = 0; cI < shooters.classes.length; cI++) {
    const m = shooters.classes[cI]!;
    const gun = m.count > 0 ? gunOf(m.spec.wargear, kind) : null;
    if (!gun) continue;
    const g = gun.shooting!;
    const shots = m.count * shotsOf(g.type, g.shots);
    // Overwatch: snap shots hit on a 6 only; otherwise the BS chart, 7 - BS (2+ at best)
    const need = kind === 'overwatch' ? 6 : m.spec.profile.BS < 1 ? 0 : Math.max(2, 7 - m.spec.profile.BS);
    const woundNeed = woundNeedOf(ruleset, g.strength, g.woundOn, target.stepT);
    const wounds = chance.blows(shots, need, woundNeed, false, true, false);
    const b = chance.blow;
    if (log) {
      log.push({ type: 'shots', kind, side: shooters.side, unit: shooters.name, model: m.spec.name, count: m.count, weapon: gun.name, shots, target: target.name, bs: m.spec.profile.BS, need, rolls: b.hitFaces!, hits: b.hits });
      if (b.hits > 0) {
        log.push({
          type: 'wounds', side: shooters.side, unit: shooters.name, model: m.spec.name, weapon: gun.name, woundOn: g.woundOn, strength: g.strength,
          toughness: target.stepT, need: woundNeed, rolls: b.woundFaces!, rerolls: b.rerollFaces!, wounds, autoWounds: 0,
        });
      }
    }
    if (wounds > 0) target.pend(wounds, g.strength, false, null, g.ap, null, 'weapon', gun.name, true);
  }
  // its cover counts against these shots only (rules ruling 26; 003: "cover saves")
  target.shotCover = target.spec.coverSave ?? NO_SAVE;
  const lost = target.nPending > 0 ? allocatePools(target, target.pending, target.nPending, ctx) : 0;
  // nothing of this reckoning stays on the target: the fight works it out afresh
  target.shotCover = NO_SAVE;
  target.clearStep();
  return lost;
}
