// The distributions of the figures carried beside the later phases' states in `exact`
// (exact/beside.ts), moved from the starts of one phase to the starts of the next.
//
// The graph of the later phases (exact/phases.ts) moves each node's probability along its
// edges, phase after phase; each edge and ending also folds off an excess of each figure. The
// excess only adds up, and is only reported, so its distribution need not be moved node by node
// (a distribution of 20 to 40 values along every edge, every phase): each start of a phase is
// worked out once, when its phase has been fought, as its *transfer*: for each start of the next
// phase it reaches, the probability of reaching it with each excess the phase folds off (a few
// values), and for the fights the phase ends, the probability of each value of the figure
// (the ending's own value plus what was folded off). Each phase then moves each start's
// distribution to the next phase's starts by its transfers alone, and the distributions of
// every phase are summed by start and met with the starts' endings once, at the end: phase
// after phase the same graph, and the endings read the sum only.
//
// A figure's value is counted at most at its histogram's largest value (aggregate.ts
// `besideMax`), so an excess is kept only up to it: what lies past it counts as it, as the
// histogram would count it. Each figure is carried apart (only its own distribution is
// reported), each start's distributions in a row of fixed length by figure.

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

export class BesideFlow {
  /** by figure: the largest value counted (aggregate.ts `besideMax`) */
  private readonly cap: Int32Array;
  /** by start node: its row (-1: none yet) */
  private rowOf = new Int32Array(256).fill(-1);
  private rows = 0;
  private rowNode = new Int32Array(64);
  /**
   * by row and figure, this phase's distribution and the next's: the excesses given probability
   * [lo, hi), their probabilities from `off` in `cur` (`next`), the rows of a phase packed one
   * after another (the arrays reused phase after phase)
   */
  private cur = new Float64Array(1024);
  private next = new Float64Array(1024);
  private curOff: Int32Array;
  private curLo: Int32Array;
  private curHi: Int32Array;
  private nextOff: Int32Array;
  private nextLo: Int32Array;
  private nextHi: Int32Array;
  /** the rows given probability in this phase and in the next */
  private live: number[] = [];
  private liveNext: number[] = [];
  private isLiveNext = new Uint8Array(64);
  /** the probabilities that reach the starts of phase 2: start node, excess by figure, probability */
  private given: number[] = [];
  /** by figure: the fights of the later phases so far, by value */
  private readonly h: Float64Array[];

  // the transfers, by row: its pairs (first to end, -1: not worked out), each to a start (its
  // row and node) with, by figure, its probabilities by excess from `lo` (`len` of them, from
  // `off` in `coef`); and its endings by figure, the probability of each value from `lo`
  private pairFirst = new Int32Array(64).fill(-1);
  private pairEnd = new Int32Array(64);
  private pairRow = new Int32Array(256);
  private pairNode = new Int32Array(256);
  private pairs = 0;
  private pairOff: Int32Array;
  private pairLo: Int32Array;
  private pairLen: Int32Array;
  private endOff: Int32Array;
  private endLo: Int32Array;
  private endLen: Int32Array;
  private coef = new Float64Array(4096);
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

  constructor(private readonly k: number, cap: readonly number[], private readonly ends: FlowEnds) {
    this.cap = Int32Array.from(cap);
    this.h = this.cap.reduce<Float64Array[]>((a, c) => [...a, new Float64Array(c + 1)], []);
    this.curOff = new Int32Array(64 * k);
    this.curLo = new Int32Array(64 * k);
    this.curHi = new Int32Array(64 * k);
    this.nextOff = new Int32Array(64 * k);
    this.nextLo = new Int32Array(64 * k);
    this.nextHi = new Int32Array(64 * k);
    this.pairOff = new Int32Array(256 * k);
    this.pairLo = new Int32Array(256 * k);
    this.pairLen = new Int32Array(256 * k);
    this.endOff = new Int32Array(64 * k);
    this.endLo = new Int32Array(64 * k);
    this.endLen = new Int32Array(64 * k);
  }

  /** Probability `q` reaches the start `node` of phase 2 with the excess `shift[0..k)`. */
  start(node: number, shift: Int32Array, q: number): void {
    this.given.push(node);
    for (let f = 0; f < this.k; f++) this.given.push(Math.min(shift[f]!, this.cap[f]!));
    this.given.push(q);
  }

  /** The phase `phase` fought on `g` (every node it reached fought): the distributions moved to the next phase's starts, or (the last) to the fights that ran out. */
  phase(g: PhaseEdges, phase: number, lastPhase: number): void {
    const K = this.k;
    const last = phase === lastPhase;
    if (this.given.length > 0) this.giveStarts();
    this.lastPhase = lastPhase;
    // the later half of the phases: worked out backwards at the end (`finish`), from the starts each reaches
    this.middle = Math.ceil((lastPhase + 3) / 2);
    if (phase >= this.middle) return this.reach(g, phase);
    // the next phase's distributions become this phase's
    [this.cur, this.next] = [this.next, this.cur];
    [this.curOff, this.nextOff] = [this.nextOff, this.curOff];
    [this.curLo, this.nextLo] = [this.nextLo, this.curLo];
    [this.curHi, this.nextHi] = [this.nextHi, this.curHi];
    [this.live, this.liveNext] = [this.liveNext, this.live];
    for (const r of this.live) this.isLiveNext[r] = 0;
    // the transfers, and the room each start of the next phase takes
    for (const r of this.live) {
      if (this.pairFirst[r]! < 0) this.transfer(g, r);
      if (last) continue;
      for (let p = this.pairFirst[r]!; p < this.pairEnd[r]!; p++) {
        const to = this.pairRow[p]!;
        this.addNext(to);
        for (let f = 0; f < K; f++) {
          const i = r * K + f;
          const j = p * K + f;
          const cap = this.cap[f]!;
          this.widenNext(to * K + f, Math.min(this.curLo[i]! + this.pairLo[j]!, cap), Math.min(this.curHi[i]! + this.pairLo[j]! + this.pairLen[j]! - 1, cap + 1));
        }
      }
    }
    this.pack();
    // each start's distributions to its endings, and to the next phase's starts (or, the last, to the fights that ran out)
    for (const r of this.live) {
      for (let f = 0; f < K; f++) this.toEndings(r, f);
      for (let p = this.pairFirst[r]!; p < this.pairEnd[r]!; p++) {
        if (last) {
          const id = this.ends.ranOut(this.pairNode[p]!, phase);
          for (let f = 0; f < K; f++) this.move(r, f, p, this.h[f]!, 0, this.ends.value(id, f));
        } else {
          const to = this.pairRow[p]!;
          for (let f = 0; f < K; f++) this.move(r, f, p, this.next, this.nextOff[to * K + f]! - this.nextLo[to * K + f]!, 0);
        }
      }
      for (let f = 0; f < K; f++) this.curLo[r * K + f] = this.curHi[r * K + f] = 0;
    }
    this.live.length = 0;
  }

  /** Each figure's distribution over the fights of the later phases: `add(k, v, q)` for each value `v` of figure `k` given probability `q`. */
  finish(add: (k: number, v: number, q: number) => void): void {
    if (this.atMiddle) this.backwards();
    for (let f = 0; f < this.k; f++) {
      const h = this.h[f]!;
      for (let v = 0; v < h.length; v++) if (h[v] !== 0) add(f, v, h[v]!);
    }
  }

  /** the last phase, and the first worked out backwards */
  private lastPhase = 0;
  private middle = 0;
  /** the distributions at the start of phase `middle` (packed as `next` was, by row), and the rows given probability */
  private atMiddle: { buf: Float64Array; off: Int32Array; lo: Int32Array; hi: Int32Array; live: number[] } | null = null;
  /** by phase from `middle`: the starts it can reach */
  private reached: number[][] = [];

  /** (a phase of the later half) only the starts reached, and their transfers */
  private reach(g: PhaseEdges, phase: number): void {
    if (phase === this.middle) {
      this.atMiddle = { buf: this.next, off: this.nextOff.slice(), lo: this.nextLo.slice(), hi: this.nextHi.slice(), live: this.liveNext.slice() };
      this.next = new Float64Array(1024);
      for (const r of this.liveNext) for (let f = 0; f < this.k; f++) this.nextLo[r * this.k + f] = this.nextHi[r * this.k + f] = 0;
    }
    const live = this.liveNext;
    this.liveNext = [];
    for (const r of live) this.isLiveNext[r] = 0;
    this.reached[phase - this.middle] = live;
    for (const r of live) {
      if (this.pairFirst[r]! < 0) this.transfer(g, r);
      for (let p = this.pairFirst[r]!; p < this.pairEnd[r]!; p++) this.addNext(this.pairRow[p]!);
    }
  }

  /**
   * The later half of the phases, backwards: for each start a phase can reach, the distribution
   * of each figure's value over the fights it goes on to, from that phase to the last (the
   * endings of its phase, and its transfers met with the next phase's starts' distributions, or
   * in the last phase with the fights that ran out); then the distributions at the start of the
   * later half met with them.
   */
  private backwards(): void {
    const K = this.k;
    const cap = this.cap;
    const coef = this.coef;
    const at = this.atMiddle!;
    // by row and figure, the later phase's distributions (`prev`) and this one's (`now`), packed
    let prev = new Float64Array(0);
    let now = new Float64Array(1024);
    let pOff = new Int32Array(this.rows * K), pLo = new Int32Array(this.rows * K), pHi = new Int32Array(this.rows * K);
    let nOff = new Int32Array(this.rows * K), nLo = new Int32Array(this.rows * K), nHi = new Int32Array(this.rows * K);
    for (let phase = this.lastPhase; phase >= this.middle; phase--) {
      const rows = this.reached[phase - this.middle] ?? [];
      const last = phase === this.lastPhase;
      // the room: the endings' values, and each pair's excess met with the values after it
      let room = 0;
      for (const r of rows) {
        for (let f = 0; f < K; f++) {
          const i = r * K + f;
          let lo = this.endLen[i]! > 0 ? this.endLo[i]! : cap[f]! + 1;
          let hi = this.endLen[i]! > 0 ? this.endLo[i]! + this.endLen[i]! : 0;
          for (let p = this.pairFirst[r]!; p < this.pairEnd[r]!; p++) {
            const j = p * K + f;
            let a: number, b: number;
            if (last) {
              const base = this.ends.value(this.ends.ranOut(this.pairNode[p]!, phase), f);
              a = base;
              b = base + 1;
            } else {
              const t = this.pairRow[p]! * K + f;
              if (pHi[t] === 0) continue;
              a = pLo[t]!;
              b = pHi[t]!;
            }
            lo = Math.min(lo, a + this.pairLo[j]!, cap[f]!);
            hi = Math.max(hi, Math.min(b + this.pairLo[j]! + this.pairLen[j]! - 1, cap[f]! + 1));
          }
          if (hi <= lo) lo = hi = 0;
          nLo[i] = lo;
          nHi[i] = hi;
          nOff[i] = room;
          room += hi - lo;
        }
      }
      if (room > now.length) now = new Float64Array(Math.max(room, now.length * 2));
      else now.fill(0, 0, room);
      for (const r of rows) {
        for (let f = 0; f < K; f++) {
          const i = r * K + f;
          const o = nOff[i]! - nLo[i]!;
          for (let d = 0; d < this.endLen[i]!; d++) now[o + this.endLo[i]! + d] += coef[this.endOff[i]! + d]!;
          for (let p = this.pairFirst[r]!; p < this.pairEnd[r]!; p++) {
            const j = p * K + f;
            if (last) {
              const base = this.ends.value(this.ends.ranOut(this.pairNode[p]!, phase), f);
              for (let d = 0; d < this.pairLen[j]!; d++) now[o + Math.min(base + this.pairLo[j]! + d, cap[f]!)] += coef[this.pairOff[j]! + d]!;
              continue;
            }
            const t = this.pairRow[p]! * K + f;
            if (pHi[t] === 0) continue;
            for (let d = 0; d < this.pairLen[j]!; d++) {
              const c = coef[this.pairOff[j]! + d]!;
              if (c !== 0) spill(now, cap[f]!, prev, pOff[t]! - pLo[t]!, pLo[t]!, pHi[t]!, this.pairLo[j]! + d, c, o);
            }
          }
        }
      }
      // this phase's become the later one's
      for (const r of this.reached[phase + 1 - this.middle] ?? []) for (let f = 0; f < K; f++) pLo[r * K + f] = pHi[r * K + f] = 0;
      [prev, now] = [now, prev];
      [pOff, nOff] = [nOff, pOff];
      [pLo, nLo] = [nLo, pLo];
      [pHi, nHi] = [nHi, pHi];
    }
    // the distributions at the start of the later half met with what follows them
    for (const r of at.live) {
      for (let f = 0; f < K; f++) {
        const i = r * K + f;
        if (at.hi[i] === 0 || pHi[i] === 0) continue;
        const h = this.h[f]!;
        for (let v = pLo[i]!; v < pHi[i]!; v++) {
          const c = prev[pOff[i]! + v - pLo[i]!]!;
          if (c !== 0) spill(h, cap[f]!, at.buf, at.off[i]! - at.lo[i]!, at.lo[i]!, at.hi[i]!, v, c, 0);
        }
      }
    }
  }

  /** the probabilities given to the starts of phase 2, as the next phase's distributions */
  private giveStarts(): void {
    const K = this.k;
    const g = this.given;
    for (let i = 0; i < g.length; i += K + 2) {
      const r = this.row(g[i]!);
      this.addNext(r);
      for (let f = 0; f < K; f++) this.widenNext(r * K + f, g[i + 1 + f]!, g[i + 1 + f]! + 1);
    }
    this.pack();
    for (let i = 0; i < g.length; i += K + 2) {
      const r = this.rowOf[g[i]!]!;
      for (let f = 0; f < K; f++) this.next[this.nextOff[r * K + f]! + g[i + 1 + f]! - this.nextLo[r * K + f]!] += g[i + 1 + K]!;
    }
    this.given = [];
  }

  /** the next phase's rows laid out one after another, all 0 */
  private pack(): void {
    let at = 0;
    for (const r of this.liveNext) {
      for (let f = 0; f < this.k; f++) {
        const i = r * this.k + f;
        this.nextOff[i] = at;
        at += this.nextHi[i]! - this.nextLo[i]!;
      }
    }
    if (at > this.next.length) this.next = new Float64Array(Math.max(at, this.next.length * 2));
    else this.next.fill(0, 0, at);
  }

  /** row `r`'s distribution of figure `f` in this phase, times pair `p`'s and moved by `base`, added to `dst` from `at` (what lands past the figure's largest value landing on it) */
  private move(r: number, f: number, p: number, dst: Float64Array, at: number, base: number): void {
    const K = this.k;
    const i = r * K + f;
    const lo = this.curLo[i]!;
    const hi = this.curHi[i]!;
    if (hi === 0) return;
    const j = p * K + f;
    const off = this.pairOff[j]!;
    const plo = this.pairLo[j]!;
    const len = this.pairLen[j]!;
    const coef = this.coef;
    const from = this.curOff[i]! - lo;
    for (let d = 0; d < len; d++) {
      const c = coef[off + d]!;
      if (c !== 0) spill(dst, this.cap[f]!, this.cur, from, lo, hi, base + plo + d, c, at);
    }
  }

  /** row `r`'s distribution of figure `f` in this phase met with its endings: the fights it ends, by value */
  private toEndings(r: number, f: number): void {
    const i = r * this.k + f;
    const lo = this.curLo[i]!;
    const hi = this.curHi[i]!;
    if (hi === 0) return;
    const off = this.endOff[i]!;
    const elo = this.endLo[i]!;
    const len = this.endLen[i]!;
    const coef = this.coef;
    const from = this.curOff[i]! - lo;
    for (let d = 0; d < len; d++) {
      const c = coef[off + d]!;
      if (c !== 0) spill(this.h[f]!, this.cap[f]!, this.cur, from, lo, hi, elo + d, c, 0);
    }
  }

  private widenNext(i: number, lo: number, hi: number): void {
    if (this.nextHi[i] === 0) {
      this.nextLo[i] = lo;
      this.nextHi[i] = hi;
    } else {
      if (lo < this.nextLo[i]!) this.nextLo[i] = lo;
      if (hi > this.nextHi[i]!) this.nextHi[i] = hi;
    }
  }

  private addNext(r: number): void {
    if (this.isLiveNext[r] === 0) {
      this.isLiveNext[r] = 1;
      this.liveNext.push(r);
    }
  }

  /** the row of start `node`, made if new */
  private row(node: number): number {
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
    this.isLiveNext = grown(this.isLiveNext, n);
    this.curOff = grown(this.curOff, n * K);
    this.curLo = grown(this.curLo, n * K);
    this.curHi = grown(this.curHi, n * K);
    this.nextOff = grown(this.nextOff, n * K);
    this.nextLo = grown(this.nextLo, n * K);
    this.nextHi = grown(this.nextHi, n * K);
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
  private transfer(g: PhaseEdges, r: number): void {
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
  private base(id: number, f: number): number {
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
function spill(dst: Float64Array, cap: number, src: Float64Array, from: number, lo: number, hi: number, s: number, c: number, at: number): void {
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

/** `a` copied into a new array of length `n` */
function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a.subarray(0, Math.min(a.length, n)) as never);
  return b;
}
