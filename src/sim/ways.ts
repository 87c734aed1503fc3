// Where a node of the tabled fight (sim/tabled.ts) leads by a number: a call's code to the node
// after it, or a run's figures so far and a leaf's to the figures after. Each node whose numbers
// are few (below DENSE) has a block of its own, one read (its start is kept with the node, by
// the caller); the rest share an open-addressing table of (node, number, where) in one array, so
// a lookup reads one stretch of memory.
import { grown } from '../report/state-table.js';

/** a node whose numbers are all below this has a block of its own */
const DENSE = 64;
/** at most this many numbers in the blocks (64 MB); past it, nodes share the table */
const DENSE_LIMIT = 1 << 24;

export class Ways {
  /** the blocks */
  private dense = new Int32Array(4096);
  private denseEnd = 0;
  /** the shared table, three numbers a slot: node (-1: empty), number, where it leads */
  private slots = new Int32Array(3 * 1024).fill(-1);
  private used = 0;

  /** A block for numbers below `range`: where it starts, or -1 when `range` is not below DENSE (the shared table then). */
  open(range: number): number {
    if (range > DENSE || this.denseEnd + range > DENSE_LIMIT) return -1;
    if (this.denseEnd + range > this.dense.length) this.dense = grown(this.dense, 2 * (this.denseEnd + range));
    this.dense.fill(-1, this.denseEnd, this.denseEnd + range);
    const base = this.denseEnd;
    this.denseEnd += range;
    return base;
  }

  /** where node `node`, whose block starts at `base` (-1: none), leads by `n` (a whole number below 2^31), or -1 */
  get(node: number, base: number, n: number): number {
    if (base >= 0) return this.dense[base + n]!;
    const slots = this.slots;
    const mask = slots.length / 3 - 1;
    for (let i = hash(node, n) & mask; ; i = (i + 1) & mask) {
      const at = 3 * i;
      const held = slots[at]!;
      if (held === -1) return -1;
      if (held === node && slots[at + 1] === n) return slots[at + 2]!;
    }
  }

  /** node `node`, whose block starts at `base`, leads by `n` to `to` */
  set(node: number, base: number, n: number, to: number): void {
    if (base >= 0) {
      this.dense[base + n] = to;
      return;
    }
    if (2 * (this.used + 1) > this.slots.length / 3) this.grow();
    this.place(node, n, to);
    this.used++;
  }

  private place(node: number, n: number, to: number): void {
    const slots = this.slots;
    const mask = slots.length / 3 - 1;
    let i = hash(node, n) & mask;
    while (slots[3 * i] !== -1) i = (i + 1) & mask;
    slots[3 * i] = node;
    slots[3 * i + 1] = n;
    slots[3 * i + 2] = to;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(2 * old.length).fill(-1);
    for (let at = 0; at < old.length; at += 3) if (old[at] !== -1) this.place(old[at]!, old[at + 1]!, old[at + 2]!);
  }
}

function hash(node: number, n: number): number {
  let h = Math.imul(node, 0x9e3779b1) ^ Math.imul(n, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return h ^ (h >>> 12);
}
