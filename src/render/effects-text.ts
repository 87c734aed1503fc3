// The fight log's words for abilities acting on blows (abilities.md B13): what an ability adds to
// a characteristic, and the dice it had rolled again.
import type { ChalkInstance } from 'chalk';
import type { EffectNote } from '../engine/events.js';

/** `+1 Furious Charge`: what an ability adds, and its name (abilities.md B13). */
export const added = (n: EffectNote): string => `${n.value >= 0 ? '+' : ''}${n.value} ${n.by}`;

/** A characteristic as the log shows it with the abilities that changed it: `S5 (+1 Furious Charge)`. */
export function withMods(label: string, value: number, mods: readonly EffectNote[] | undefined): string {
  return mods && mods.length > 0 ? `${label}${value} (${mods.map(added).join(', ')})` : `${label}${value}`;
}

/**
 * Re-rolled dice as `re-rolled (Litanies of Hate): 1 3 -> 4 6`: the dice of `rolls` that were
 * rolled again (the failures, or the 1s), then their new faces.
 */
export function rerolledText(rolls: readonly number[], need: number, again: readonly number[], ones: boolean, by: readonly string[], c: ChalkInstance): string {
  const old = rolls.filter((r) => (ones ? r === 1 : r < need));
  const shown = again.map((r) => (r >= need ? c.green(String(r)) : c.dim(String(r)))).join(' ');
  return `  re-rolled${by.length > 0 ? ` (${by.join(', ')})` : ''}: ${old.join(' ')} -> ${shown}`;
}
