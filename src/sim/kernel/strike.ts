// A group's blows against a unit (engine/strike.ts `strike`), rolled alike by the kernels of one
// and of several units a side.
import type { Chance, Reroll } from '../../dice.js';
import type { PhaseTable } from './tables.js';

/** Group `g`'s `attacks` rolled to hit WS `ws` and to wound Toughness `toughness` under table `t`: the wounds (`chance.blow.autoWounds`: those that wound automatically). */
export function rollBlows(t: PhaseTable, g: number, ws: number, toughness: number, attacks: number, chance: Chance): number {
  const need = t.hit[g * 11 + (ws < 10 ? ws : 10)]!;
  const woundNeed = t.wound[g * 11 + (toughness < 10 ? toughness : 10)]!;
  return chance.blows(attacks, need, woundNeed, t.rending[g] === 1, t.strength[g]! >= 1, t.reroll[g] as Reroll, t.rerollHit[g] as Reroll);
}
