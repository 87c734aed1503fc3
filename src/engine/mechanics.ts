// Mechanics every Initiative-era ruleset shares: majorities, the best characteristic of a unit
// and the Strength of a blow. (Dice, sums and Leadership tests are asked of the Chance: src/dice.ts.)
import type { ModelClass, UnitState } from './state.js';

/**
 * The value more than half of the models have (ruling 5: a majority is more than half), where
 * `counts[i]` models have `values[i]` (i < n; a value may repeat); with no such value, the
 * lowest or the highest value present (the edition's rule). 0 when there are no models.
 */
export function majority(values: readonly number[], counts: readonly number[], n: number, none: 'lowest' | 'highest'): number {
  let total = 0;
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < n; i++) {
    if (counts[i]! <= 0) continue;
    total += counts[i]!;
    if (values[i]! < lowest) lowest = values[i]!;
    if (values[i]! > highest) highest = values[i]!;
  }
  if (total === 0) return 0;
  // the only value that can have more than half: a weighted vote (Boyer and Moore), then counted
  // (one pass each, where counting every value's models was quadratic in the classes)
  let candidate = 0;
  let lead = 0;
  for (let i = 0; i < n; i++) {
    const c = counts[i]!;
    if (c <= 0) continue;
    if (values[i] === candidate) lead += c;
    else if (c > lead) {
      candidate = values[i]!;
      lead = c - lead;
    } else lead -= c;
  }
  let with_ = 0;
  for (let i = 0; i < n; i++) if (counts[i]! > 0 && values[i] === candidate) with_ += counts[i]!;
  if (with_ * 2 > total) return candidate;
  return none === 'lowest' ? lowest : highest;
}

/** The highest of a characteristic among the living models of `units` (Leadership, sweeping Initiative). */
export function bestOf(units: readonly UnitState[], stat: 'Ld' | 'I'): number {
  let v = 0;
  for (let uI = 0; uI < units.length; uI++) {
    const u = units[uI]!;
    v = Math.max(v, u.best(stat));
  }
  return v;
}

/**
 * The value most of the models have (fightphase and waffle, ruling 5: "the majority" is the most
 * common value; two or more tied for most common: the highest of them). 0 when there are none.
 */
export function mostCommon(values: readonly number[], counts: readonly number[], n: number): number {
  if (n > 32) return mostCommonOfMany(values, counts, n);
  let best = 0;
  let most = 0;
  for (let i = 0; i < n; i++) {
    let with_ = 0;
    for (let j = 0; j < n; j++) if (values[j] === values[i]) with_ += counts[j]!;
    if (with_ <= 0) continue;
    if (with_ > most || (with_ === most && values[i]! > best)) {
      most = with_;
      best = values[i]!;
    }
  }
  return best;
}

/** `mostCommon` for units of many classes: the models of each value tallied once (not once per class). */
function mostCommonOfMany(values: readonly number[], counts: readonly number[], n: number): number {
  const tally = new Map<number, number>();
  for (let i = 0; i < n; i++) tally.set(values[i]!, (tally.get(values[i]!) ?? 0) + counts[i]!);
  let best = 0;
  let most = 0;
  for (const [value, with_] of tally) {
    if (with_ <= 0) continue;
    if (with_ > most || (with_ === most && value > best)) {
      most = with_;
      best = value;
    }
  }
  return best;
}

/**
 * The Strength of a model's blows: its weapon's (x2, +N, fixed) worked out from the profile's,
 * then `plus` added (abilities.md B1: `modify: S`, as Furious Charge), at most 10 and at least 1;
 * a Strength of 0 stays 0 (ruling 13).
 */
export function weaponStrength(m: ModelClass, plus: number): number {
  const base = m.spec.profile.S;
  const w = m.special ? m.loadout.weapon : null;
  let s = base;
  if (w) {
    const mod = w.strength;
    if (mod.kind === 'times') s = Math.min(10, base * mod.factor);
    else if (mod.kind === 'plus') s = base + mod.n;
    else if (mod.kind === 'fixed') s = mod.n;
  }
  return plus === 0 || s === 0 ? Math.min(10, s) : Math.min(10, Math.max(1, s + plus));
}

/** Some unit of `g` is locked with some unit of `h` (ruling 17). */
export function lockedWith(g: readonly UnitState[], h: readonly UnitState[]): boolean {
  for (let i = 0; i < g.length; i++) {
    const locked = g[i]!.locked;
    for (let j = 0; j < h.length; j++) if (locked.includes(h[j]!)) return true;
  }
  return false;
}
