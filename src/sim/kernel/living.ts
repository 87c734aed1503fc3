// What the kernels (one unit a side and several) read from a unit's living models, as free
// functions over the typed arrays both hold: the classes of unit `u` are from[u] .. from[u + 1] - 1,
// `count` the living models of each class.
import type { PhaseTable } from './tables.js';

/** The highest of a characteristic among the living models of unit `u` (engine/state.ts `best`). */
export function bestOf(from: Int32Array, count: Int32Array, u: number, stat: Int32Array): number {
  let v = 0;
  for (let c = from[u]!; c < from[u + 1]!; c++) if (count[c]! > 0 && stat[c]! > v) v = stat[c]!;
  return v;
}

/** The fall back or sweep bonus of unit `u`: its best Initiative, or `bonus[u]` where the edition gives a fixed one. */
export function sweepBonusOf(from: Int32Array, count: Int32Array, u: number, bonusIsInitiative: boolean, I: Int32Array, bonus: Int32Array): number {
  return bonusIsInitiative ? bestOf(from, count, u, I) : bonus[u]!;
}

/** Some living model of unit `u` is in base contact (as it started: after the first phase every model is). */
export function touchingOf(from: Int32Array, count: Int32Array, contact: Uint8Array, u: number): boolean {
  for (let c = from[u]!; c < from[u + 1]!; c++) if (count[c]! > 0 && contact[c] === 1) return true;
  return false;
}

/** Wounds left on the living models of unit `u`, some of several wounds (`front`: what the first model of a class has left). */
export function woundsLeft(from: Int32Array, count: Int32Array, W: Int32Array, front: Int32Array, u: number): number {
  let n = 0;
  for (let c = from[u]!; c < from[u + 1]!; c++) if (count[c]! > 0) n += (count[c]! - 1) * W[c]! + front[c]!;
  return n;
}

/** Unit `u`, `alive` models living, passes its Morale checks now (abilities.md B7: engine/effects.ts `fearlessOf`). */
export function fearlessWith(t: PhaseTable, u: number, alive: number): boolean {
  const from = t.fearlessFrom[u]!;
  return from === 0 || (from > 0 && alive >= from);
}

/** The Leadership unit `u`, `alive` models living, tests on: its best, or its living models (at most 10) when it may and that is higher (B8: `testLd`). */
export function leadershipOf(t: PhaseTable, from: Int32Array, count: Int32Array, u: number, alive: number): number {
  const ld = bestOf(from, count, u, t.ld);
  if (t.leadershipModels[u] !== 1) return ld;
  const n = alive < 10 ? alive : 10;
  return n > ld ? n : ld;
}

/** Per unit of the `n`: all its models have one WS and one T in every phase, as its abilities modify them (B1). */
export function unitsAlike(n: number, from: Int32Array, tables: readonly PhaseTable[]): boolean[] {
  return Array.from({ length: n }, (_, u) => tables.every((t) => {
    const f = from[u]!;
    for (let c = f; c < from[u + 1]!; c++) if (t.ws[c] !== t.ws[f] || t.t[c] !== t.t[f]) return false;
    return true;
  }));
}

/** The WS and T of each of the `n` units whose models are alike, struck against in a phase under table `t`. */
export function alikeStats(t: PhaseTable, n: number, alike: readonly boolean[], from: Int32Array, stepWS: Int32Array, stepT: Int32Array): void {
  for (let u = 0; u < n; u++) {
    if (!alike[u]) continue;
    stepWS[u] = t.ws[from[u]!]!;
    stepT[u] = t.t[from[u]!]!;
  }
}
