// Which abilities (abilities.md) the kernel fights: those whose every effect reaches the fight
// only through what the reference steps' prepare step sets (engine/steps.ts `prepareStep`: each
// class's attacks, Initiative and Strength), which the kernel's phase tables read from the steps
// themselves (sim/kernel/tables.ts), so that they hold whatever the steps make of the effect;
// and the shipped Fearless and Furious Charge, which it reads as rules. Every other effect acts
// in a roll, a test or a casualty the kernel works out itself: a fight with one is refused, and
// `sim` tables the reference steps (sim/tabled.ts).
import type { Ability, Effect } from '../../abilities.js';
import type { Ruleset } from '../../engine/ruleset.js';

/** `modify` of these alone: the attacks, Initiative and Strength of the phase tables (B1). */
const TABLED_MODIFY: readonly string[] = ['S', 'I', 'A'];

/** The effect reaches the fight only through the prepare step's numbers (B1 on S, I, A; B6; B9). */
export function tabledEffect(e: Effect): boolean {
  switch (e.kind) {
    case 'modify': return Object.keys(e.modify).every((k) => TABLED_MODIFY.includes(k));
    case 'chargeBonus':
    case 'strikeAt': return true;
    default: return false;
  }
}

/** Why the kernel does not fight a model with ability `a` under `ruleset`, or null when it does. */
export function abilityRefusal(a: Ability, ruleset: Ruleset): string | null {
  // the shipped rules read as rules (the kernel's `fearless`, the tables' Furious Charge)
  if (a === ruleset.abilities[a.key] && (a.key === 'fearless' || a.key === 'furious-charge')) return null;
  const other = a.effects.find((e) => !tabledEffect(e));
  return other === undefined ? null : `an ability the kernel does not fight (${a.key})`;
}
