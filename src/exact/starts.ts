// The states that start the second phase in `exact`, kept as the first phase reaches them and
// given to the graph of the later phases once it is known whether the totals are carried beside
// them (exact/beside.ts): counted both ways first.
import type { PhaseGraph } from './phases.js';
import { StateTable } from '../report/state-table.js';

/**
 * The states that start the second phase, as the first phase reaches them, before the graph of
 * the later phases takes them: each as saved with the figures carried beside folded (and what was
 * folded off), and (a fight without a vehicle) with its totals, so that `exact` can count both
 * ways before choosing.
 */
export class Starts {
  readonly folded = new StateTable();
  readonly whole = new StateTable();
  /** by start reached, in order: its state's number in each table, its probability, what was folded off */
  private readonly foldedId: number[] = [];
  private readonly wholeId: number[] = [];
  private readonly q: number[] = [];
  private readonly shifts: number[] = [];
  private k = 0;

  add(d: number[], n: number, q: number, shift: Int32Array, whole: number[] | null, wholeN: number): void {
    this.k = shift.length;
    this.foldedId.push(this.folded.add(d, n));
    this.wholeId.push(whole ? this.whole.add(whole, wholeN) : -1);
    this.q.push(q);
    for (let x = 0; x < shift.length; x++) this.shifts.push(shift[x]!);
  }

  /** Every start given to the graph, in the order reached: folded (what was folded off put in `shift`), or whole. */
  feed(graph: PhaseGraph, shift: Int32Array, folded: boolean): void {
    const k = this.k;
    // given as a plain array, as every other state the graph takes (one kind of array: its code stays fast)
    const d: number[] = [];
    for (let i = 0; i < this.q.length; i++) {
      if (folded) for (let x = 0; x < k; x++) shift[x] = this.shifts[i * k + x]!;
      const v = folded ? this.folded.view(this.foldedId[i]!) : this.whole.view(this.wholeId[i]!);
      for (let x = 0; x < v.length; x++) d[x] = v[x]!;
      graph.start(d, v.length, this.q[i]!);
    }
  }
}
