// Armour penetration and the vehicle damage table (../shared/rules/vehicles.md V6, V8), as
// numbers: what one penetration roll gives, and what one damage die does. Shared by the chance
// implementations (src/dice.ts rolls them, src/exact/ lists their laws) and the engine
// (engine/vehicle.ts applies them).

/** What a damage die can do to a vehicle, as bits of a result mask. */
export const SHAKEN = 1;
export const STUNNED = 2;
export const IMMOBILISED = 4;
export const DESTROYED = 8;
export const EXPLODES = 16;
/** A damage code is the mask of what the dice did, with the gun wrecked results counted above it: mask | guns << GUNS_AT. */
export const GUNS_AT = 5;
export const MASK = (1 << GUNS_AT) - 1;

/** One damage die's result (002's table, V8), for the log. */
export type DamageResult = 'shaken' | 'stunned' | 'gunWrecked' | 'immobilised' | 'destroyed' | 'stunnedGunWrecked' | 'stunnedImmobilised' | 'explodes';

/** 002, the damage table, rows 1-6: the glancing column and the penetrating column (never the Ordnance column). */
export const GLANCING_ROWS: readonly DamageResult[] = ['shaken', 'shaken', 'stunned', 'gunWrecked', 'immobilised', 'destroyed'];
export const PENETRATING_ROWS: readonly DamageResult[] = ['stunned', 'stunnedGunWrecked', 'stunnedImmobilised', 'destroyed', 'destroyed', 'explodes'];

/** The row a die reads: its face, plus `shift` (open-topped: 1), 6 the highest row. */
export function damageRow(face: number, shift: number): number {
  return Math.min(6, face + shift);
}

/** The result of a damage die showing `face` in the penetrating column or not, with `shift`. */
export function damageResult(face: number, penetrating: boolean, shift: number): DamageResult {
  return (penetrating ? PENETRATING_ROWS : GLANCING_ROWS)[damageRow(face, shift) - 1]!;
}

/** What a result does: its mask bits and gun wrecked results. */
export function resultMask(r: DamageResult): number {
  switch (r) {
    case 'shaken': return SHAKEN;
    case 'stunned': return STUNNED;
    case 'gunWrecked': return 1 << GUNS_AT;
    case 'immobilised': return IMMOBILISED;
    case 'destroyed': return DESTROYED;
    case 'stunnedGunWrecked': return STUNNED | (1 << GUNS_AT);
    case 'stunnedImmobilised': return STUNNED | IMMOBILISED;
    case 'explodes': return DESTROYED | EXPLODES;
  }
}

/** Two damage codes together: their masks joined, their gun wrecked results added. */
export function joinCodes(a: number, b: number): number {
  return ((a | b) & MASK) | ((((a >>> GUNS_AT) + (b >>> GUNS_AT))) << GUNS_AT);
}

/** The code of one die: `face` in its column, with `shift`. */
export function dieCode(face: number, penetrating: boolean, shift: number): number {
  return resultMask(damageResult(face, penetrating, shift));
}

/**
 * One hit's penetration roll (V6): `dice` D6 (1, or 2 for a monstrous creature, a chainfist or
 * melta bombs), and with `rending` one more D6 when any of them shows a 6 (never more than
 * one), plus `plus` (the blow's Strength, +1 for tank hunters), against `armour`: its chances of
 * nothing, a glancing hit (equal) and a penetrating hit (more), as counts out of 6^(dice+1)
 * (every roll counted as if the extra die were always rolled).
 */
export function penetrationWays(dice: number, plus: number, armour: number, rending: boolean): [number, number, number] {
  const ways: [number, number, number] = [0, 0, 0];
  const faces = dice + 1;
  const n = 6 ** faces;
  for (let k = 0; k < n; k++) {
    let rest = k;
    let sum = 0;
    let six = false;
    for (let d = 0; d < dice; d++) {
      const f = (rest % 6) + 1;
      rest = Math.floor(rest / 6);
      sum += f;
      six ||= f === 6;
    }
    if (rending && six) sum += (rest % 6) + 1;
    const total = sum + plus;
    ways[total > armour ? 2 : total === armour ? 1 : 0]++;
  }
  return ways;
}

/** `penetrationWays` as chances: [nothing, glancing, penetrating]. */
export function penetrationChances(dice: number, plus: number, armour: number, rending: boolean): [number, number, number] {
  const w = penetrationWays(dice, plus, armour, rending);
  const n = w[0] + w[1] + w[2];
  return [w[0] / n, w[1] / n, w[2] / n];
}
