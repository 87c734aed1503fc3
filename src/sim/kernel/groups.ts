// The attack groups of an assault phase (engine/strike.ts `phaseGroups`), formed at its start by
// the kernels of one and of several units a side alike: the first living class of a unit that
// fights alike (`key`) leads its group, the others follow it through `nextMember`.
import type { PhaseTable } from './tables.js';

/**
 * The groups of the living classes that strike under table `t` and whose unit (`unitOf`) is in
 * the combat, their leaders written into `groups`: how many there are.
 */
export function formGroups(
  t: PhaseTable, count: Int32Array, inCombat: Uint8Array, unitOf: Int32Array,
  groups: Int32Array, nextMember: Int32Array, groupOfKey: Int32Array, lastMember: Int32Array,
): number {
  for (let k = 0; k < groupOfKey.length; k++) groupOfKey[k] = -1;
  let nGroups = 0;
  for (let c = 0; c < count.length; c++) {
    if (count[c] === 0 || t.attacks[c]! <= 0 || !inCombat[unitOf[c]!]) continue;
    const key = t.key[c]!;
    const g = groupOfKey[key]!;
    nextMember[c] = -1;
    if (g < 0) {
      groupOfKey[key] = c;
      groups[nGroups++] = c;
    } else nextMember[lastMember[g]!] = c;
    lastMember[g < 0 ? c : g] = c;
  }
  return nGroups;
}

/** The Initiative steps the first `nGroups` groups strike at, as bits (1 << step). */
export function stepsOf(t: PhaseTable, groups: Int32Array, nGroups: number): number {
  let steps = 0;
  for (let i = 0; i < nGroups; i++) steps |= 1 << t.initiative[groups[i]!]!;
  return steps;
}

/** The living models of each group at step `init` written into `striking`: whether any strikes. */
export function strikingAt(
  init: number, t: PhaseTable, count: Int32Array, groups: Int32Array, nGroups: number, nextMember: Int32Array, striking: Int32Array,
): boolean {
  let any = false;
  for (let i = 0; i < nGroups; i++) {
    const g = groups[i]!;
    if (t.initiative[g] !== init) continue;
    let n = 0;
    for (let m = g; m >= 0; m = nextMember[m]!) n += count[m]!;
    striking[g] = n;
    any ||= n > 0;
  }
  return any;
}
