// Which abilities (abilities.md) the kernel fights: those whose every effect reaches the fight
// only through numbers its phase tables read from the reference steps themselves, after their
// prepare step worked out the phase's abilities (sim/kernel/tables.ts): each class's attacks,
// Initiative, Strength, WS, Toughness and Leadership, the rolls it needs to hit and how it re-rolls
// its rolls to hit and to wound, its saves' re-roll, Feel No Pain and Eternal Warrior, each
// unit's Fearless, Leadership on its models, sweep-proofing and Hit & Run, who is in base
// contact (Counter-Attack); so that they hold whatever the
// steps make of the effect. Every other effect acts in a roll, a test or a casualty the kernel
// works out itself: a fight with one is refused, and `sim` tables the reference steps
// (sim/tabled.ts).
import type { Ability, Effect } from '../../abilities.js';
import type { UnitState } from '../../engine/state.js';
import { hasAny } from '../../engine/blow-effects.js';

/** The effect acts on the saves and wounds a model suffers (B2 on saves, B4, B5): the kernel's casualties read them from its tables, for a unit whose models save alike (`savesRefusal`). */
export function onSaves(e: Effect): boolean {
  return e.kind === 'feelNoPain' || e.kind === 'eternalWarrior' || (e.kind === 'reroll' && e.roll === 'save');
}

/** The effect acts on the unit's Morale checks, what a sweep does to it, whether it leaves and who is in base contact (B7, B8, B10-B12): the kernel reads them from its tables. */
export function onMorale(e: Effect): boolean {
  return e.kind === 'fearless' || e.kind === 'leadership' || e.kind === 'sweepProof' || e.kind === 'hitAndRun' || e.kind === 'engageAll';
}

/** `modify` of these alone: the WS, Strength, Toughness, Initiative, attacks and Leadership of the phase tables (B1). */
const TABLED_MODIFY: readonly string[] = ['WS', 'S', 'T', 'I', 'A', 'Ld'];

/** The effect acts on a model's rolls to hit and to wound (B2 on hits and wounds, B3): against whom, its `notAgainst` says (`notAgainstRefusal`). */
export function onBlows(e: Effect): boolean {
  return e.kind === 'hitOn' || (e.kind === 'reroll' && (e.roll === 'hit' || e.roll === 'wound'));
}

/** The effect reaches the fight only through numbers the kernel's tables read from the steps (B1; B2 on hits and wounds; B3; B6; B9). */
export function tabledEffect(e: Effect): boolean {
  switch (e.kind) {
    case 'modify': return Object.keys(e.modify).every((k) => TABLED_MODIFY.includes(k));
    case 'chargeBonus':
    case 'strikeAt': return true;
    default: return onBlows(e);
  }
}

/**
 * Why the kernel does not fight unit `u`'s effects on its blows against `foe` that are not
 * against a unit most of whose living models have one of the rules named (A3 `notAgainst`), or
 * null when it does: its tables read them once, so every model of `foe` must have one of them,
 * or none (then who has died changes nothing); in a unit of models that differ in it, who has
 * died decides.
 */
export function notAgainstRefusal(u: UnitState, foe: UnitState): string | null {
  for (const c of u.classes) {
    for (const a of c.spec.abilities ?? []) {
      for (const e of a.effects) {
        const names = onBlows(e) ? e.notAgainst : undefined;
        if (names === undefined || names.length === 0) continue;
        const have = foe.classes.map((f) => hasAny(foe, f, names));
        if (have.some((h) => h !== have[0])) return `notAgainst a unit whose models differ in it (${a.key})`;
      }
    }
  }
  return null;
}

/** Why the kernel does not fight a model with ability `a`, or null when it does. */
export function abilityRefusal(a: Ability): string | null {
  // the shipped Furious Charge (srd4, revised4: modify of S and I when charging) as any other
  const other = a.effects.find((e) => !tabledEffect(e) && !onSaves(e) && !onMorale(e));
  return other === undefined ? null : `an ability the kernel does not fight (${a.key})`;
}

/**
 * Why the kernel does not fight unit `u`'s abilities on saves, or null when it does: its
 * casualties are its own code only for a unit whose models save alike (one save, one
 * invulnerable save, one Toughness, the same abilities) and whom no force weapon strikes
 * (sim/kernel/casualties.ts `ALIKE`).
 */
export function savesRefusal(u: UnitState, foe: UnitState): string | null {
  const classes = u.classes;
  if (!classes.some((c) => (c.spec.abilities ?? []).some((a) => a.effects.some(onSaves)))) return null;
  const first = classes[0]!;
  const same = (a: readonly Ability[] | undefined, b: readonly Ability[] | undefined) => (a ?? []).length === (b ?? []).length && (a ?? []).every((x) => (b ?? []).includes(x));
  if (classes.some((c) => c.sv !== first.sv || c.inv !== first.inv || c.T !== first.T || !same(c.spec.abilities, first.spec.abilities))) return 'abilities on saves in a unit whose models save or suffer wounds differently';
  if (foe.classes.some((c) => c.loadout.weapon?.force)) return 'abilities on saves in a unit a force weapon strikes';
  return null;
}

/**
 * Why the kernel does not fight unit `u`'s Leadership modified or on its living models, or null
 * when it does: a psyker's Psychic test (a force weapon) reads it too (B1, B8), in the
 * reference's own allocation, which the kernel runs without the phase's abilities.
 */
export function leadershipRefusal(u: UnitState): string | null {
  const models = u.classes.some((c) => (c.spec.abilities ?? []).some((a) => a.effects.some((e) => e.kind === 'leadership' || (e.kind === 'modify' && e.modify.Ld !== undefined))));
  return models && u.classes.some((c) => c.loadout.weapon?.force) ? 'Leadership modified or on the living models in a unit with a force weapon' : null;
}
