// The distributions of the figures carried beside the later phases' states in `exact`
// (exact/beside.ts), moved from the starts of one phase to the starts of the next.
//
// The graph of the later phases (exact/phases.ts) moves each node's probability along its
// edges, phase after phase; each edge and ending also folds off an excess of each figure. The
// excess only adds up, and is only reported, so its distribution need not be moved node by node
// (20 to 40 values a figure along every edge, every phase): each start of a phase is worked out
// once, when its phase has been fought, as its transfer (exact/transfers.ts), and each phase
// moves each start's distributions by its transfers alone: to the next phase's starts, and met
// with the fights the phase ends. Since the excess widens phase after phase, so does that work;
// so only the first half of the phases is moved forwards, and the later half is worked out
// backwards at the end (`backwards`): from the last phase to the middle, for each start a phase
// can reach, each figure's distribution over the rest of the fight; the distributions at the
// middle are then met with those once. Each half widens only half as far.
//
// A figure's value is counted at most at its histogram's largest value (aggregate.ts
// `besideMax`), so an excess is kept only up to it: what lies past it counts as it, as the
// histogram would count it. Each figure is carried apart (only its own distribution is
// reported); each start's distributions are packed by phase, as wide as its excesses.

import { spill, Transfers, type FlowEnds, type PhaseEdges } from './transfers.js';
import { grown } from '../report/state-table.js';

export type { FlowEnds, PhaseEdges };

export class BesideFlow {
  /** by figure: the largest value counted (aggregate.ts `besideMax`) */
  private readonly cap: Int32Array;
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

  /** each start's transfer */
  private readonly t: Transfers;

  constructor(private readonly k: number, cap: readonly number[], private readonly ends: FlowEnds) {
    this.cap = Int32Array.from(cap);
    this.t = new Transfers(k, this.cap, ends);
    this.h = this.cap.reduce<Float64Array[]>((a, c) => [...a, new Float64Array(c + 1)], []);
    this.curOff = new Int32Array(64 * k);
    this.curLo = new Int32Array(64 * k);
    this.curHi = new Int32Array(64 * k);
    this.nextOff = new Int32Array(64 * k);
    this.nextLo = new Int32Array(64 * k);
    this.nextHi = new Int32Array(64 * k);
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
      if (this.t.pairFirst[r]! < 0) {
        this.t.work(g, r);
        this.fit();
      }
      if (last) continue;
      for (let p = this.t.pairFirst[r]!; p < this.t.pairEnd[r]!; p++) {
        const to = this.t.pairRow[p]!;
        this.addNext(to);
        for (let f = 0; f < K; f++) {
          const i = r * K + f;
          const j = p * K + f;
          const cap = this.cap[f]!;
          this.widenNext(to * K + f, Math.min(this.curLo[i]! + this.t.pairLo[j]!, cap), Math.min(this.curHi[i]! + this.t.pairLo[j]! + this.t.pairLen[j]! - 1, cap + 1));
        }
      }
    }
    this.pack();
    // each start's distributions to its endings, and to the next phase's starts (or, the last, to the fights that ran out)
    for (const r of this.live) {
      for (let f = 0; f < K; f++) this.toEndings(r, f);
      for (let p = this.t.pairFirst[r]!; p < this.t.pairEnd[r]!; p++) {
        if (last) {
          const id = this.ends.ranOut(this.t.pairNode[p]!, phase);
          for (let f = 0; f < K; f++) this.move(r, f, p, this.h[f]!, 0, this.t.base(id, f));
        } else {
          const to = this.t.pairRow[p]!;
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
      if (this.t.pairFirst[r]! < 0) {
        this.t.work(g, r);
        this.fit();
      }
      for (let p = this.t.pairFirst[r]!; p < this.t.pairEnd[r]!; p++) this.addNext(this.t.pairRow[p]!);
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
    const n = this.t.rows * K;
    const b: Backwards = {
      prev: new Float64Array(0), now: new Float64Array(1024),
      pOff: new Int32Array(n), pLo: new Int32Array(n), pHi: new Int32Array(n),
      nOff: new Int32Array(n), nLo: new Int32Array(n), nHi: new Int32Array(n),
      room: 0, ranOut: new Int32Array(this.t.pairs),
    };
    // (no transfer is worked out from here on) the fights whose phases ran out, by pair of the last phase's starts
    const { pairFirst, pairEnd, pairNode } = this.t;
    for (const r of this.reached[this.lastPhase - this.middle] ?? []) {
      for (let p = pairFirst[r]!; p < pairEnd[r]!; p++) b.ranOut[p] = this.ends.ranOut(pairNode[p]!, this.lastPhase);
    }
    for (let phase = this.lastPhase; phase >= this.middle; phase--) {
      const rows = this.reached[phase - this.middle] ?? [];
      const last = phase === this.lastPhase;
      // the room: the endings' values, and each pair's excess met with the values after it
      b.room = 0;
      for (const r of rows) for (let f = 0; f < K; f++) this.backRoom(b, r, f, last);
      if (b.room > b.now.length) b.now = new Float64Array(Math.max(b.room, b.now.length * 2));
      else b.now.fill(0, 0, b.room);
      for (const r of rows) for (let f = 0; f < K; f++) this.backFill(b, r, f, last);
      // this phase's become the later one's
      for (const r of this.reached[phase + 1 - this.middle] ?? []) for (let f = 0; f < K; f++) b.pLo[r * K + f] = b.pHi[r * K + f] = 0;
      [b.prev, b.now] = [b.now, b.prev];
      [b.pOff, b.nOff] = [b.nOff, b.pOff];
      [b.pLo, b.nLo] = [b.nLo, b.pLo];
      [b.pHi, b.nHi] = [b.nHi, b.pHi];
    }
    // the distributions at the start of the later half met with what follows them
    for (const r of this.atMiddle!.live) for (let f = 0; f < K; f++) this.meet(b, r, f);
  }

  /** (backwards) the room row `r`'s distribution of figure `f` takes in this phase */
  private backRoom(b: Backwards, r: number, f: number, last: boolean): void {
    const K = this.k;
    const { pairFirst, pairEnd, pairRow, pairLo, pairLen, endLo, endLen } = this.t;
    const cap = this.cap[f]!;
    const i = r * K + f;
    let lo = endLen[i]! > 0 ? endLo[i]! : cap + 1;
    let hi = endLen[i]! > 0 ? endLo[i]! + endLen[i]! : 0;
    for (let p = pairFirst[r]!; p < pairEnd[r]!; p++) {
      const j = p * K + f;
      let a = 0;
      let z = 0;
      if (last) {
        a = this.t.base(b.ranOut[p]!, f);
        z = a + 1;
      } else {
        const t = pairRow[p]! * K + f;
        if (b.pHi[t] === 0) continue;
        a = b.pLo[t]!;
        z = b.pHi[t]!;
      }
      const l = Math.min(a + pairLo[j]!, cap);
      const h = Math.min(z + pairLo[j]! + pairLen[j]! - 1, cap + 1);
      if (l < lo) lo = l;
      if (h > hi) hi = h;
    }
    if (hi <= lo) lo = hi = 0;
    b.nLo[i] = lo;
    b.nHi[i] = hi;
    b.nOff[i] = b.room;
    b.room += hi - lo;
  }

  /** (backwards) row `r`'s distribution of figure `f` over the rest of the fight from this phase */
  private backFill(b: Backwards, r: number, f: number, last: boolean): void {
    const K = this.k;
    const { coef, pairFirst, pairEnd, pairRow, pairOff, pairLo, pairLen, endOff, endLo, endLen } = this.t;
    const cap = this.cap[f]!;
    const i = r * K + f;
    const now = b.now;
    const o = b.nOff[i]! - b.nLo[i]!;
    for (let d = 0; d < endLen[i]!; d++) now[o + endLo[i]! + d] += coef[endOff[i]! + d]!;
    for (let p = pairFirst[r]!; p < pairEnd[r]!; p++) {
      const j = p * K + f;
      const off = pairOff[j]!;
      const plo = pairLo[j]!;
      const len = pairLen[j]!;
      if (last) {
        const base = this.t.base(b.ranOut[p]!, f);
        for (let d = 0; d < len; d++) now[o + Math.min(base + plo + d, cap)] += coef[off + d]!;
        continue;
      }
      const t = pairRow[p]! * K + f;
      const lo = b.pLo[t]!;
      const hi = b.pHi[t]!;
      if (hi === 0) continue;
      const from = b.pOff[t]! - lo;
      for (let d = 0; d < len; d++) {
        const c = coef[off + d]!;
        if (c !== 0) spill(now, cap, b.prev, from, lo, hi, plo + d, c, o);
      }
    }
  }

  /** row `r`'s distribution of figure `f` at the start of the later half met with what follows it */
  private meet(b: Backwards, r: number, f: number): void {
    const at = this.atMiddle!;
    const i = r * this.k + f;
    const lo = b.pLo[i]!;
    const hi = b.pHi[i]!;
    if (at.hi[i] === 0 || hi === 0) return;
    const h = this.h[f]!;
    const from = at.off[i]! - at.lo[i]!;
    for (let v = lo; v < hi; v++) {
      const c = b.prev[b.pOff[i]! + v - lo]!;
      if (c !== 0) spill(h, this.cap[f]!, at.buf, from, at.lo[i]!, at.hi[i]!, v, c, 0);
    }
  }

  /** the probabilities given to the starts of phase 2, as the next phase's distributions */
  private giveStarts(): void {
    const K = this.k;
    const g = this.given;
    for (let i = 0; i < g.length; i += K + 2) {
      const r = this.t.row(g[i]!);
      this.fit();
      this.addNext(r);
      for (let f = 0; f < K; f++) this.widenNext(r * K + f, g[i + 1 + f]!, g[i + 1 + f]! + 1);
    }
    this.pack();
    for (let i = 0; i < g.length; i += K + 2) {
      const r = this.t.row(g[i]!);
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
    const j = p * this.k + f;
    this.spread(r, f, this.t.pairOff[j]!, base + this.t.pairLo[j]!, this.t.pairLen[j]!, dst, at);
  }

  /** row `r`'s distribution of figure `f` in this phase met with its endings: the fights it ends, by value */
  private toEndings(r: number, f: number): void {
    const i = r * this.k + f;
    this.spread(r, f, this.t.endOff[i]!, this.t.endLo[i]!, this.t.endLen[i]!, this.h[f]!, 0);
  }

  /** row `r`'s distribution of figure `f` in this phase, times the `len` coefficients from `off` (the first moving it by `first`), added to `dst` from `at` */
  private spread(r: number, f: number, off: number, first: number, len: number, dst: Float64Array, at: number): void {
    const i = r * this.k + f;
    const lo = this.curLo[i]!;
    const hi = this.curHi[i]!;
    if (hi === 0) return;
    const coef = this.t.coef;
    const from = this.curOff[i]! - lo;
    for (let d = 0; d < len; d++) {
      const c = coef[off + d]!;
      if (c !== 0) spill(dst, this.cap[f]!, this.cur, from, lo, hi, first + d, c, at);
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

  /** room for every row the transfers have numbered */
  private fit(): void {
    if (this.t.rows <= this.isLiveNext.length) return;
    let n = this.isLiveNext.length;
    while (n < this.t.rows) n *= 2;
    const K = this.k;
    this.isLiveNext = grown(this.isLiveNext, n);
    this.curOff = grown(this.curOff, n * K);
    this.curLo = grown(this.curLo, n * K);
    this.curHi = grown(this.curHi, n * K);
    this.nextOff = grown(this.nextOff, n * K);
    this.nextLo = grown(this.nextLo, n * K);
    this.nextHi = grown(this.nextHi, n * K);
  }
}

/** (backwards) by row and figure, the later phase's distributions (`prev`) and this one's (`now`), packed; the room taken so far; by pair of the last phase's starts, the fight whose phases ran out */
interface Backwards {
  prev: Float64Array; now: Float64Array;
  pOff: Int32Array; pLo: Int32Array; pHi: Int32Array;
  nOff: Int32Array; nLo: Int32Array; nHi: Int32Array;
  room: number; ranOut: Int32Array;
}
