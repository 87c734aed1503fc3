// The majority WS and T of a unit's living models (engine/strike.ts `startStep`; every model is
// engaged), over the kernel's typed arrays: one piece for the kernel of one unit a side
// (kernel.ts) and of several (multi.ts).
import type { Ruleset } from '../../engine/ruleset.js';

/** The arrays a kernel keeps per class (`from` the first class of each unit) and per unit (`stepWS`, `stepT`). */
export interface MajorityArrays {
  from: Int32Array;
  count: Int32Array;
  phaseWS: Int32Array;
  phaseT: Int32Array;
  stepWS: Int32Array;
  stepT: Int32Array;
  /** scratch: the living classes' values and their models */
  values: number[];
  counts: number[];
}

/** Unit `u`'s majority WS and T, into `stepWS[u]` and `stepT[u]`: a single living class's own, else the ruleset's choice. */
export function majorities(k: MajorityArrays, ruleset: Ruleset, u: number): void {
  const { count, from } = k;
  let only = -1;
  let n = 0;
  for (let c = from[u]!; c < from[u + 1]!; c++) {
    if (count[c] === 0) continue;
    only = n === 0 ? c : -1;
    n++;
  }
  if (only >= 0) {
    k.stepWS[u] = k.phaseWS[only]!;
    k.stepT[u] = k.phaseT[only]!;
    return;
  }
  k.stepWS[u] = ruleset.targetWS(k.values, k.counts, living(k, u, k.phaseWS));
  k.stepT[u] = ruleset.targetT(k.values, k.counts, living(k, u, k.phaseT));
}

/** Unit `u`'s living classes' values of `stat` and their models, into `values` and `counts`: how many classes. */
function living(k: MajorityArrays, u: number, stat: Int32Array): number {
  const { count, values, counts, from } = k;
  let n = 0;
  for (let c = from[u]!; c < from[u + 1]!; c++) {
    if (count[c] === 0) continue;
    values[n] = stat[c]!;
    counts[n++] = count[c]!;
  }
  return n;
}
