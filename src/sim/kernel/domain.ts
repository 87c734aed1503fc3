// Which fights the kernel (sim/kernel/kernel.ts; of several units a side sim/kernel/multi.ts,
// multi-domain.ts) fights: the ones whose every rule it does exactly as the reference steps do. Anything else is refused with the reason, and `sim`
// fights it with the reference engine (DESIGN.md item 6).
import type { Ruleset } from '../../engine/ruleset.js';
import { revised4 } from '../../editions/revised4/index.js';
import { srd4 } from '../../editions/srd4/index.js';
import { fightphase } from '../../editions/fightphase/index.js';
import { waffle } from '../../editions/waffle/index.js';
import type { FightState, UnitState } from '../../engine/state.js';
import { abilityRefusal, leadershipRefusal, notAgainstRefusal, savesRefusal } from './abilities.js';
import { multiRefusal } from './multi-domain.js';
import { waffleRefusal } from './waffle.js';

/** The rulesets the kernel knows, as registered (a ruleset built from them is not one of them). */
export const KERNEL_RULESETS: readonly Ruleset[] = [srd4, revised4, fightphase, waffle];

/** waffle as registered: the kernel adds its Overwatch, Final Blow and sweep hits (sim/kernel/waffle.ts). */
export const isWaffle = (ruleset: Ruleset): boolean => ruleset === waffle;

/** The fight is of one unit a side (sim/kernel/kernel.ts), not of several (sim/kernel/multi.ts). */
export function oneASide(state: FightState): boolean {
  const units = state.units;
  return units.length === 2 && units[0]!.side === 'attacker' && units[1]!.side === 'defender';
}

/** Why the kernel cannot fight the combat of `state` under `ruleset`, or null when it can. */
export function kernelRefusal(state: FightState, ruleset: Ruleset): string | null {
  if (!KERNEL_RULESETS.includes(ruleset)) return `the ruleset '${ruleset.id}' is not srd4, revised4, fightphase or waffle as registered`;
  const units = state.units;
  // one unit a side: no character fighting apart from the unit he joined (revised4), nobody near the combat; else several (sim/kernel/multi.ts)
  if (!oneASide(state)) return multiRefusal(state, ruleset);
  const rounds = state.scenario.rounds;
  // what the loader never gives, a program might: the kernel's figures assume at least one phase and one wound a model
  if (rounds !== 'resolve' && !(rounds >= 1)) return 'no assault phase to fight';
  // and a whole number of phases (a string "3" or 2.5 never equals the phase the fight has reached)
  if (rounds !== 'resolve' && !Number.isInteger(rounds)) return 'phases not a whole number';
  const [a, d] = units as [NonNullable<(typeof units)[0]>, NonNullable<(typeof units)[1]>];
  if (!a.locked.includes(d) || !d.locked.includes(a)) return 'the two units are not locked together';
  for (let uI = 0; uI < units.length; uI++) {
    const u = units[uI]!;
    if (u.spec.nearby) return 'a unit near the combat, not in it';
    // vehicles and walkers are fought by the reference steps alone (engine/vehicle.ts)
    if (u.vehicle) return 'a vehicle or walker';
    if (u.classes.length === 0) return 'a unit with no models';
    // abilities (abilities.md): those whose effects its tables read (sim/kernel/abilities.ts); the rest are the reference steps' (sim/tabled.ts tables them)
    for (let cI = 0; cI < u.classes.length; cI++) {
      for (const a of u.classes[cI]!.spec.abilities ?? []) {
        const why = abilityRefusal(a);
        if (why !== null) return why;
      }
    }
    const saves = savesRefusal(u, units[1 - uI]!) ?? leadershipRefusal(u) ?? notAgainstRefusal(u, units[1 - uI]!);
    if (saves !== null) return saves;
    for (let cI = 0; cI < u.classes.length; cI++) if (!(u.classes[cI]!.W >= 1)) return 'a model of no wounds';
    for (let cI = 0; cI < u.classes.length; cI++) if (!u.classes[cI]!.engaged) return 'a model not engaged';
    if (ruleset.inches) {
      const why = lineRefusal(u);
      if (why !== null) return why;
    }
  }
  // waffle (every model in base contact, as fightphase): what it adds that the kernel does exactly, and no more
  return ruleset === waffle ? waffleRefusal(state) : null;
}

/**
 * Why the kernel does not fight unit `u` on a line (fightphase: rulings 9, 14-16, 23), or null
 * when it does: where every model stands in base contact from the start, the pile-ins move
 * nobody, every model is engaged and as close as any to the enemy, and the steps are never
 * lost; what is left is the kernel's (wound pools as engine/pools.ts makes them, Morale at a
 * penalty and Our Weapons Are Useless, a sweep that takes the difference in wounds, a
 * terminator's bar on the sweep).
 */
function lineRefusal(u: UnitState): string | null {
  for (let cI = 0; cI < u.classes.length; cI++) if (u.classes[cI]!.distance !== 0) return 'a model not in base contact at the start (a distance)';
  return null;
}
