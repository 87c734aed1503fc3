// Which fights of several units a side the kernel fights (sim/kernel/multi.ts): srd4 and
// revised4, every unit a unit of its own (no character joined to one, nobody near the combat, no
// vehicle), each locked with the enemy units its `lockedWith` says (ruling 17), striking as
// `attackSplit` lists or, with none, the unit its blows hurt most (sim/kernel/targets.ts). Anything
// else is refused with the reason, and `sim` fights it with the reference engine.
import type { Ruleset } from '../../engine/ruleset.js';
import { revised4 } from '../../editions/revised4/index.js';
import { srd4 } from '../../editions/srd4/index.js';
import type { FightState } from '../../engine/state.js';
import { abilityRefusal, onBlows, onSaves } from './abilities.js';

/** Why the kernel cannot fight the combat of `state` (more than one unit on some side) under `ruleset`, or null when it can. */
export function multiRefusal(state: FightState, ruleset: Ruleset): string | null {
  if (ruleset !== srd4 && ruleset !== revised4) return 'several units a side under a ruleset not srd4 or revised4';
  const units = state.units;
  if (!units.some((u) => u.side === 'attacker') || !units.some((u) => u.side === 'defender')) return 'a side with no unit';
  const rounds = state.scenario.rounds;
  if (rounds !== 'resolve' && !(rounds >= 1)) return 'no assault phase to fight';
  if (rounds !== 'resolve' && !Number.isInteger(rounds)) return 'phases not a whole number';
  for (const u of units) {
    if (u.spec.nearby) return 'a unit near the combat, not in it';
    if (u.partOf !== null || u.moveGroup.length > 1) return 'a character joined to a unit, of several units a side';
    if (u.vehicle) return 'a vehicle or walker';
    if (u.classes.length === 0) return 'a unit with no models';
    if (u.spec.charged && u.spec.chargeDistance !== null) return 'a charge rolled for, of several units a side';
    if (u.spec.attackSplit === 'even') return 'attacks split evenly (attackSplit: even)';
    for (const c of u.classes) {
      if (!(c.W >= 1)) return 'a model of no wounds';
      if (!c.engaged) return 'a model not engaged';
      if (c.loadout.weapon?.force) return 'a force weapon, of several units a side';
      if (c.spec.profile.WS > 10 || c.T > 10) return 'WS or Toughness above 10';
      for (const a of c.spec.abilities ?? []) {
        const why = abilityRefusal(a);
        if (why !== null) return why;
        for (const e of a.effects) {
          // what the tables read of the unit struck is of one enemy unit (sim/kernel/tables.ts), and targets.ts reads WS and T as the profile's
          if (onSaves(e)) return `an ability on saves, of several units a side (${a.key})`;
          if (onBlows(e) && (e.notAgainst ?? []).length > 0) return `an ability not against some units, of several units a side (${a.key})`;
          if (e.kind === 'modify' && (e.modify.WS !== undefined || e.modify.T !== undefined)) return `an ability modifying WS or T, of several units a side (${a.key})`;
        }
      }
    }
  }
  return null;
}
