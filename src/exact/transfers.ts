// The transfers of the starts of the later phases in `exact` (exact/beside-flow.ts): what one
// phase does to the figures carried beside (exact/beside.ts) from one start. Worked out once
// per start, over the nodes it reaches in a phase (every one of them fought), in an order in
// which each node comes after every node that leads to it: first the largest excess reaching
// each (to size its distribution), then the distributions. A transfer holds, for each start of
// the next phase reached (a pair), the probability of reaching it with each excess the phase
// folds off, and for the fights the phase ends, the probability of each value of each figure
// (the ending's own value plus what was folded off), what lies past a figure's largest counted
// value landing on it.

import { grown } from '../report/state-table.js';
/** The graph as the flow reads it (exact/phases.ts): by node, its edges and endings, with what each folds off (K numbers each). */
export interface PhaseEdges {
  /** how many nodes */
  readonly size: number;
  readonly isStart: Uint8Array;
  readonly edgeFirst: Int32Array;
  readonly edgeEnd: Int32Array;
  readonly to: Int32Array;
  readonly q: Float64Array;
  readonly sh: Int32Array;
  readonly endFirst: Int32Array;
  readonly endEnd: Int32Array;
  readonly endId: Int32Array;
  readonly endQ: Float64Array;
  readonly endSh: Int32Array;
}

/** How the flow learns what it does not hold: an ending's own value of a figure, and the ending of a fight whose phases ran out just before a start. */
export interface FlowEnds {
  value(id: number, k: number): number;
  ranOut(node: number, phase: number): number;
}

/**
 * The transfers of the starts of the later phases, by row (a number for each start, in the order
 * met): read by the flow (exact/beside-flow.ts); the arrays are replaced as they grow, so they are
 * read afresh after each `row` or `work`.
 */
export class Transfers {
  /** by start node: its row (-1: none yet) */
  private rowOf = new Int32Array(256).fill(-1);
  rows = 0;
  private rowNode = new Int32Array(64);

  // the transfers, by row: its pairs (first to end, -1: not worked out), each to a start (its
  // row and node) with, by figure, its probabilities by excess from `lo` (`len` of them, from
  // `off` in `coef`); and its endings by figure, the probability of each value from `lo`
  pairFirst = new Int32Array(64).fill(-1);
  pairEnd = new Int32Array(64);
  pairRow = new Int32Array(256);
  pairNode = new Int32Array(256);
  pairs = 0;
  pairOff: Int32Array;
  pairLo: Int32Array;
  pairLen: Int32Array;
  endOff: Int32Array;
  endLo: Int32Array;
  endLen: Int32Array;
  coef = new Float64Array(4096);
  private coefUsed = 0;

  // working out a transfer: by node, a mark, the edges left to reach it, its place in `poly`,
  // and by node and figure the largest excess that reaches it; by start reached, its pair
  private mark = new Int32Array(0);
  private indeg = new Int32Array(0);
  private most = new Int32Array(0);
  private polyAt = new Int32Array(0);
  private pairAt = new Int32Array(0);
  private stamp = 0;
  private poly = new Float64Array(1024);
  private readonly order: number[] = [];

  constructor(private readonly k: number, private readonly cap: Int32Array, private readonly ends: FlowEnds) {
    this.pairOff = new Int32Array(256 * k);
    this.pairLo = new Int32Array(256 * k);
    this.pairLen = new Int32Array(256 * k);
    this.endOff = new Int32Array(64 * k);
    this.endLo = new Int32Array(64 * k);
    this.endLen = new Int32Array(64 * k);
  }

  /** the row of start `node`, made if new */
  row(node: number): number {
    if (node >= this.rowOf.length) {
      let n = this.rowOf.length;
      while (n <= node) n *= 2;
      const b = new Int32Array(n).fill(-1);
      b.set(this.rowOf);
      this.rowOf = b;
    }
    if (this.rowOf[node]! >= 0) return this.rowOf[node]!;
    const r = this.rows++;
    if (r === this.rowNode.length) this.growRows(r * 2);
    this.rowOf[node] = r;
    this.rowNode[r] = node;
    this.pairFirst[r] = -1;
    return r;
  }

  private growRows(n: number): void {
    const K = this.k;
    this.rowNode = grown(this.rowNode, n);
    this.pairFirst = grown(this.pairFirst, n);
    this.pairEnd = grown(this.pairEnd, n);
    this.endOff = grown(this.endOff, n * K);
    this.endLo = grown(this.endLo, n * K);
    this.endLen = grown(this.endLen, n * K);
  }

  /** `len` numbers of `coef`, all 0: where */
  private take(len: number): number {
    if (this.coefUsed + len > this.coef.length) this.coef = grown(this.coef, Math.max(this.coef.length * 2, this.coefUsed + len));
    const at = this.coefUsed;
    this.coefUsed += len;
    return at;
  }

  /**
   * Row `r`'s transfer, worked out from its start over the nodes it reaches in a phase (every one
   * of them fought), in an order in which each comes after every node that leads to it: first
   * the largest excess reaching each (to size its distribution), then the distributions.
   */
  work(g: PhaseEdges, r: number): void {
    const K = this.k;
    const s = this.rowNode[r]!;
    if (this.mark.length < g.size) {
      const n = Math.max(g.size, this.mark.length * 2);
      this.mark = grown(this.mark, n);
      this.indeg = grown(this.indeg, n);
      this.polyAt = grown(this.polyAt, n);
      this.pairAt = grown(this.pairAt, n);
      this.most = grown(this.most, n * K);
    }
    const { isStart, edgeFirst, edgeEnd, to, q, sh, endFirst, endEnd, endId, endQ, endSh } = g;
    const { mark, indeg, most, order, cap } = this;
    const stamp = ++this.stamp;
    // the nodes reached, and how many of the edges between them lead to each
    mark[s] = stamp;
    indeg[s] = 0;
    const stack = [s];
    let reached = 0;
    while (stack.length > 0) {
      const i = stack.pop()!;
      reached++;
      for (let f = 0; f < K; f++) most[i * K + f] = 0;
      for (let e = edgeFirst[i]!; e < edgeEnd[i]!; e++) {
        const j = to[e]!;
        if (isStart[j] === 1) continue;
        if (mark[j] !== stamp) {
          mark[j] = stamp;
          indeg[j] = 0;
          stack.push(j);
        }
        indeg[j]++;
      }
    }
    // in order, with the largest excess reaching each node, start and ending value
    order.length = 0;
    order.push(s);
    const firstPair = this.pairs;
    const eLo = new Int32Array(K).fill(0x7fffffff);
    const eHi = new Int32Array(K).fill(-1);
    for (let h = 0; h < order.length; h++) {
      const i = order[h]!;
      for (let e = edgeFirst[i]!; e < edgeEnd[i]!; e++) {
        const j = to[e]!;
        if (isStart[j] === 1) {
          let p = this.pairAt[j]!;
          if (p < firstPair || p >= this.pairs || this.pairNode[p] !== j) p = this.newPair(j);
          for (let f = 0; f < K; f++) {
            const m = Math.min(most[i * K + f]! + sh[e * K + f]!, cap[f]!);
            if (m > this.pairLen[p * K + f]!) this.pairLen[p * K + f] = m;
          }
          continue;
        }
        for (let f = 0; f < K; f++) {
          const m = Math.min(most[i * K + f]! + sh[e * K + f]!, cap[f]!);
          if (m > most[j * K + f]!) most[j * K + f] = m;
        }
        if (--indeg[j] === 0) order.push(j);
      }
      for (let e = endFirst[i]!; e < endEnd[i]!; e++) {
        for (let f = 0; f < K; f++) {
          const v = this.base(endId[e]!, f) + endSh[e * K + f]!;
          if (Math.min(v, cap[f]!) < eLo[f]!) eLo[f] = Math.min(v, cap[f]!);
          if (Math.min(v + most[i * K + f]!, cap[f]!) > eHi[f]!) eHi[f] = Math.min(v + most[i * K + f]!, cap[f]!);
        }
      }
    }
    if (order.length !== reached) throw new Error('exact: a node of the later phases leads back to one before it in its phase');
    // room: each node's distributions (working room, by figure in turn), each pair's and the endings'
    let room = 0;
    for (const i of order) {
      this.polyAt[i] = room;
      for (let f = 0; f < K; f++) room += most[i * K + f]! + 1;
    }
    if (room > this.poly.length) this.poly = new Float64Array(Math.max(room, this.poly.length * 2));
    const poly = this.poly;
    poly.fill(0, 0, room);
    for (let p = firstPair; p < this.pairs; p++) {
      for (let f = 0; f < K; f++) {
        const len = this.pairLen[p * K + f]! + 1;
        this.pairOff[p * K + f] = this.take(len);
        this.pairLo[p * K + f] = 0;
        this.pairLen[p * K + f] = len;
      }
      this.pairRow[p] = this.row(this.pairNode[p]!);
    }
    for (let f = 0; f < K; f++) {
      const len = eHi[f]! < 0 ? 0 : eHi[f]! - eLo[f]! + 1;
      this.endOff[r * K + f] = this.take(len);
      this.endLo[r * K + f] = len === 0 ? 0 : eLo[f]!;
      this.endLen[r * K + f] = len;
    }
    this.pairFirst[r] = firstPair;
    this.pairEnd[r] = this.pairs;
    // the distributions, node after node
    for (let f = 0, at = this.polyAt[s]!; f < K; at += most[s * K + f]! + 1, f++) poly[at] = 1;
    const coef = this.coef;
    for (const i of order) {
      for (let e = edgeFirst[i]!; e < edgeEnd[i]!; e++) {
        const j = to[e]!;
        const w = q[e]!;
        let from = this.polyAt[i]!;
        let at = isStart[j] === 1 ? -1 : this.polyAt[j]!;
        for (let f = 0; f < K; f++) {
          const len = most[i * K + f]! + 1;
          const x0 = sh[e * K + f]!;
          if (at < 0) {
            const p = this.pairAt[j]!;
            spill(coef, cap[f]!, poly, from, 0, len, x0, w, this.pairOff[p * K + f]!);
          } else {
            spill(poly, cap[f]!, poly, from, 0, len, x0, w, at);
            at += most[j * K + f]! + 1;
          }
          from += len;
        }
      }
      for (let e = endFirst[i]!; e < endEnd[i]!; e++) {
        const w = endQ[e]!;
        let from = this.polyAt[i]!;
        for (let f = 0; f < K; f++) {
          const len = most[i * K + f]! + 1;
          const lo = this.endLo[r * K + f]!;
          // values from `lo`: the distribution lands at its excess plus the ending's value, less lo
          spill(coef, cap[f]! - lo, poly, from, 0, len, this.base(endId[e]!, f) + endSh[e * K + f]! - lo, w, this.endOff[r * K + f]!);
          from += len;
        }
      }
    }
  }

  /** by outcome and figure: the outcome's own value (-1: not yet asked) */
  private bases = new Int32Array(0);
  base(id: number, f: number): number {
    const i = id * this.k + f;
    if (i >= this.bases.length) {
      const b = new Int32Array(Math.max(i + 1, this.bases.length * 2)).fill(-1);
      b.set(this.bases);
      this.bases = b;
    }
    if (this.bases[i]! < 0) this.bases[i] = this.ends.value(id, f);
    return this.bases[i]!;
  }

  private newPair(j: number): number {
    const p = this.pairs++;
    if (p === this.pairRow.length) {
      const n = p * 2;
      this.pairRow = grown(this.pairRow, n);
      this.pairNode = grown(this.pairNode, n);
      this.pairOff = grown(this.pairOff, n * this.k);
      this.pairLo = grown(this.pairLo, n * this.k);
      this.pairLen = grown(this.pairLen, n * this.k);
    }
    this.pairNode[p] = j;
    this.pairAt[j] = p;
    for (let f = 0; f < this.k; f++) this.pairLen[p * this.k + f] = 0;
    return p;
  }
}

/**
 * `dst[at + x + s] += c * src[from + x]` for x in [lo, hi), what would land past `cap` landing on
 * `cap` (a larger value counts as the largest)
 */
export function spill(dst: Float64Array, cap: number, src: Float64Array, from: number, lo: number, hi: number, s: number, c: number, at: number): void {
  // (most often) one excess
  if (hi - lo === 1) {
    dst[at + Math.min(lo + s, cap)] += c * src[from + lo]!;
    return;
  }
  const end = Math.max(lo, Math.min(hi, cap - s + 1));
  const o = at + s - from;
  for (let x = from + lo; x < from + end; x++) dst[o + x] += c * src[x]!;
  let rest = 0;
  for (let x = from + end; x < from + hi; x++) rest += src[x]!;
  if (rest !== 0) dst[at + cap] += c * rest;
}
