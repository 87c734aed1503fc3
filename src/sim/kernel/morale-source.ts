// What the compiled kernels (compile.ts for one unit a side, multi-compile.ts for several) write
// for a unit's Morale check, as JavaScript source with the scenario's numbers in it: the same
// reads as sim/kernel/living.ts `bestOf`, `fearlessWith` and `leadershipOf`, each compiler
// naming its own living models (`living`: a class's, as an expression; `alive`: the unit's).
import type { PhaseTable } from './tables.js';

/** The highest `stat` among the living models of `classes`, as an expression (engine/state.ts `best`; 0 with none above it). */
export function bestSource(classes: readonly number[], stat: Int32Array, living: (c: number) => string): string {
  const cs = [...classes].sort((a, b) => stat[b]! - stat[a]!);
  return `(${cs.map((c) => `${living(c)} > 0 ? ${Math.max(stat[c]!, 0)} : `).join('')}0)`;
}

/** Whether unit `u` passes its Morale checks under table `t` (abilities.md B7): 'true', 'false', or an expression of `alive`. */
export function fearlessSource(t: PhaseTable, u: number, alive: string): string {
  const from = t.fearlessFrom[u]!;
  return from === 0 ? 'true' : from > 0 ? `${alive} >= ${from}` : 'false';
}

/** The Leadership unit `u` of `classes` tests on under table `t`, as an expression: its best, or its living models (at most 10) when it may and that is higher (B8). */
export function leadershipSource(t: PhaseTable, u: number, classes: readonly number[], living: (c: number) => string, alive: string): string {
  const best = bestSource(classes, t.ld, living);
  return t.leadershipModels[u] === 1 ? `Math.max(${best}, ${alive} < 10 ? ${alive} : 10)` : best;
}
