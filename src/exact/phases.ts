// The assault phases after the first, in `exact`. Each is fought by the same steps from the
// same kinds of states, whatever its number: only the phase numbers in a state differ. So the
// states of these phases are kept with their phase numbers cleared, as the nodes of a graph,
// and each node is fought once, when first reached: its paths become edges to the nodes they
// lead to (merged, with their probabilities), the fights they end and the counts they add.
// Every phase after that pushes its probabilities along the edges without fighting again.
// The last phase differs only at its very end, where the phases run out: a path that would
// start another phase ends there (engine/fight.ts `phasesRanOut`).
//
// A node is a number (its state's in a StateTable) and what is known of it is kept in typed
// arrays by that number, its edges and endings in arrays of all the edges and endings (a
// node's are together: it is fought whole before the next): no object per node or edge.
//
// In a vehicle fight the figures only reported (exact/beside.ts) are folded out of the states:
// each edge and ending keeps what its paths fold off (`sh`, `endSh`: K numbers each), paths to
// one node that fold off different amounts being different edges, and the distributions of what
// was folded off are moved from each phase's starts to the next's (exact/beside-flow.ts).
import { phasesRanOut, type FightOutcome } from '../engine/fight.js';
import type { Aggregate } from '../report/aggregate.js';
import { Ends } from './ends.js';
import { TALLIES, within, type Enumeration } from './enumeration.js';
import { CursorQueue } from './cursor-queue.js';
import { grown, StateTable } from '../report/state-table.js';
import { BesideFlow, type PhaseEdges } from './beside-flow.js';

/**
 * The graph in the order of the procedure (each node after those that lead to it): the node
 * of rank r is nodes[r]; its edges are first[r] to first[r + 1], to ranks `to` with
 * probabilities `q`, its endings endFirst[r] to endFirst[r + 1], outcomes `endId` with
 * probabilities `endQ`; `p` the probabilities of this phase, `next` of the next phase's start,
 * `reached` the probability of every phase so far (the counts added are worked out from it
 * once, at the end); `endP` the probability of each outcome in this phase.
 */
interface Flat {
  nodes: Int32Array; start: Uint8Array; first: Int32Array; to: Int32Array; q: Float64Array;
  endFirst: Int32Array; endId: Int32Array; endQ: Float64Array;
  p: Float64Array; next: Float64Array; reached: Float64Array; endP: Float64Array;
}

export class PhaseGraph {
  private readonly states = new StateTable();
  private starts: number[] = [];
  /** nodes made and not yet fought */
  private unfought = 0;

  // by node: the probability that reaches it in the phase being fought; the phase it is queued
  // for; where it is in its phase (enumeration.ts `within`); whether it is a phase's start; its
  // edges and endings (first to end; first -1 until fought); where its counts are kept
  // (`tallies`); (a start) the fight's outcome if the phases ran out just before it (-1 until
  // known); the last node fought that leads to it, and where in that node's edges
  private p = new Float64Array(256);
  /**
   * (a start) the probability that reaches it for the next phase, kept apart from `p` while the
   * phase is fought: a path may go from one start to the next phase's start, and a state can be
   * a start of both phases
   */
  private pNext = new Float64Array(256);
  private queued = new Int32Array(256);
  private within = new Int32Array(256);
  private isStart = new Uint8Array(256);
  private edgeFirst = new Int32Array(256);
  private edgeEnd = new Int32Array(256);
  private endFirst = new Int32Array(256);
  private endEnd = new Int32Array(256);
  private talliesAt = new Int32Array(256);
  private ranOuts = new Int32Array(256);
  private from = new Int32Array(256);
  private slot = new Int32Array(256);

  // every edge (the node it goes to, its probability) and every ending (the outcome, exact/ends.ts; its probability)
  private to = new Int32Array(1024);
  private q = new Float64Array(1024);
  private edges = 0;
  private endId = new Int32Array(256);
  private endQ = new Float64Array(256);
  private endings = 0;
  /** (figures carried beside: k of them) what each edge and each ending folds off, k numbers each */
  private readonly k: number;
  private sh = new Int32Array(1024);
  private endSh = new Int32Array(256);
  /** (figures carried beside) the distributions of what is folded off, phase by phase */
  private readonly flow: BesideFlow | null;

  /** every fought node's counts, TALLIES numbers each */
  private tallies = new Float64Array(TALLIES * 1024);
  private talliesUsed = 0;
  /** the counts of the node being fought */
  private readonly t = new Float64Array(TALLIES);

  private readonly ends: Ends;
  constructor(private readonly e: Enumeration, agg: Aggregate) {
    this.ends = new Ends(agg, e.beside);
    this.k = e.beside.k;
    const caps = Array.from({ length: this.k }, (_, k) => agg.besideMax(k));
    this.flow = this.k > 0 ? new BesideFlow(this.k, caps, { value: (id, k) => this.ends.value(id, k), ranOut: (n, phase) => this.ranOut(n, phase) }) : null;
    this.sh = new Int32Array(1024 * this.k);
    this.endSh = new Int32Array(256 * this.k);
  }

  /** The node of the state `d[0..n)` (the enumeration's combat stands there, unless it is given as a phase's start: `given`). */
  private node(d: number[], n: number, given = false): number {
    // kept packed (exact/packing.ts)
    const packer = this.e.packer;
    const id = this.states.add(packer.out, packer.pack(d, n));
    if (this.states.added) {
      if (id >= this.e.maxNodes) this.e.outgrew(this.e.maxNodes, 'states in the later phases');
      if (id >= this.p.length) this.growNodes();
      this.unfought++;
      const start = given || this.e.atLaterPhase();
      this.p[id] = 0;
      this.pNext[id] = 0;
      this.queued[id] = 0;
      this.within[id] = start ? 0 : within(this.e.c);
      this.isStart[id] = start ? 1 : 0;
      this.edgeFirst[id] = -1;
      this.ranOuts[id] = -1;
      this.from[id] = -1;
    }
    return id;
  }

  private growNodes(): void {
    const n = this.p.length * 2;
    this.p = grown(this.p, n);
    this.pNext = grown(this.pNext, n);
    this.queued = grown(this.queued, n);
    this.within = grown(this.within, n);
    this.isStart = grown(this.isStart, n);
    this.edgeFirst = grown(this.edgeFirst, n);
    this.edgeEnd = grown(this.edgeEnd, n);
    this.endFirst = grown(this.endFirst, n);
    this.endEnd = grown(this.endEnd, n);
    this.talliesAt = grown(this.talliesAt, n);
    this.ranOuts = grown(this.ranOuts, n);
    this.from = grown(this.from, n);
    this.slot = grown(this.slot, n);
  }

  /** Probability `q` reaches the start of phase 2 in the state `d[0..n)` (phase numbers cleared; what was folded off in `beside.shift`). */
  start(d: number[], n: number, q: number): void {
    const node = this.node(d, n, true);
    this.flow?.start(node, this.e.beside.shift, q);
    if (this.queued[node] !== 2) {
      this.queued[node] = 2;
      this.starts.push(node);
    }
    this.p[node] += q;
  }

  /** Fight phases 2 to `last`, adding the fights that end and the counts to the aggregate and `tallies`. */
  run(last: number, tallies: Float64Array): void {
    let flat: Flat | null = null;
    for (let phase = 2; phase <= last; phase++) {
      if (flat) {
        const left = this.flatPhase(flat, phase, phase === last);
        this.ends.flush(phase);
        this.flow?.phase(this.edgesNow(), phase, last);
        if (!left) break;
        continue;
      }
      if (this.starts.length === 0) break;
      this.lazyPhase(phase, phase === last, tallies);
      this.ends.flush(phase);
      this.flow?.phase(this.edgesNow(), phase, last);
      if (phase < last) this.fightAhead(phase + 1);
      flat = this.flatten();
    }
    if (flat) this.settleFlat(flat, tallies);
    this.flow?.finish((k, v, q) => this.ends.addBeside(k, v, q));
  }

  /** the graph as it stands, for the distributions carried beside */
  private edgesNow(): PhaseEdges {
    const { isStart, edgeFirst, edgeEnd, to, q, sh, endFirst, endEnd, endId, endQ, endSh } = this;
    return { size: this.states.size, isStart, edgeFirst, edgeEnd, to, q, sh, endFirst, endEnd, endId, endQ, endSh };
  }

  /** One phase, fighting the nodes it reaches that were never fought. */
  private lazyPhase(phase: number, last: boolean, tallies: Float64Array): void {
    const queue = new CursorQueue<number[]>();
    const starts = this.starts;
    for (let i = 0; i < starts.length; i++) {
      this.p[starts[i]!] += this.pNext[starts[i]!]!;
      this.pNext[starts[i]!] = 0;
    }
    queue.at(0, () => starts);
    this.starts = [];
    while (queue.size > 0) {
      const list = queue.take();
      for (let i = 0; i < list.length; i++) this.push(list[i]!, phase, last, queue, tallies);
    }
  }

  /**
   * The few nodes made and never fought (new starts of the next phase, `phase`, and the nodes
   * they lead to) fought ahead, with no probability yet: the graph is then whole and flattened
   * now, rather than every node pushed lazily again, phase after phase, for a handful of new ones
   * (two-squads-vs-boyz: five such phases). Only when they are at most 1 in FEW of the nodes, and
   * at most 1 in AHEAD fights: past that the phases go on lazily (a node fought ahead is fought
   * once, as it would be when reached; one no phase reaches costs its fight).
   */
  private fightAhead(phase: number): void {
    if (this.unfought === 0 || this.unfought * FEW > this.states.size) return;
    let left = Math.ceil(this.states.size / AHEAD);
    const todo: number[] = [];
    for (const n of this.starts) if (this.edgeFirst[n]! < 0) todo.push(n);
    while (todo.length > 0 && left-- > 0) {
      const n = todo.pop()!;
      if (this.edgeFirst[n]! >= 0) continue;
      this.fight(n, phase);
      for (let e = this.edgeFirst[n]!; e < this.edgeEnd[n]!; e++) if (this.edgeFirst[this.to[e]!]! < 0) todo.push(this.to[e]!);
    }
  }

  /**
   * The graph in the order of the procedure, once every node it holds has been fought (no phase
   * can reach a new one), and if its edges all go forward in that order; else null, and the
   * phases go on fighting lazily.
   */
  private flatten(): Flat | null {
    if (this.unfought > 0) return null;
    const N = this.states.size;
    const within = this.within;
    const nodes = byWithin(within, N);
    const rank = new Int32Array(N);
    for (let r = 0; r < N; r++) rank[nodes[r]!] = r;
    let outcomes = 0;
    for (let e = 0; e < this.endings; e++) outcomes = Math.max(outcomes, this.endId[e]! + 1);
    const f: Flat = {
      nodes, start: new Uint8Array(N), first: new Int32Array(N + 1), to: new Int32Array(this.edges), q: new Float64Array(this.edges),
      endFirst: new Int32Array(N + 1), endId: new Int32Array(this.endings), endQ: new Float64Array(this.endings),
      p: new Float64Array(N), next: new Float64Array(N), reached: new Float64Array(N), endP: new Float64Array(outcomes),
    };
    let k = 0;
    let m = 0;
    for (let r = 0; r < N; r++) {
      const n = nodes[r]!;
      f.start[r] = this.isStart[n]!;
      f.first[r] = k;
      for (let e = this.edgeFirst[n]!; e < this.edgeEnd[n]!; e++) {
        const to = this.to[e]!;
        if (this.isStart[to] === 0 && rank[to]! <= r) return null;
        f.to[k] = rank[to]!;
        f.q[k++] = this.q[e]!;
      }
      f.endFirst[r] = m;
      for (let e = this.endFirst[n]!; e < this.endEnd[n]!; e++) {
        f.endId[m] = this.endId[e]!;
        f.endQ[m++] = this.endQ[e]!;
      }
    }
    f.endFirst[N] = m;
    f.first[N] = k;
    for (const n of this.starts) {
      f.next[rank[n]!] = this.pNext[n]!;
      this.pNext[n] = 0;
    }
    this.starts = [];
    return f;
  }

  /** One phase on the flat graph: false when no probability is left to fight on. */
  private flatPhase(f: Flat, phase: number, last: boolean): boolean {
    const p = f.next;
    f.next = f.p;
    f.p = p;
    const { nodes, start, first, to, q, endFirst, endId, endQ, next, reached, endP } = f;
    const ends = this.ends;
    let left = false;
    for (let i = 0; i < nodes.length; i++) {
      const pi = p[i]!;
      if (pi === 0) continue;
      left = true;
      p[i] = 0;
      reached[i] += pi;
      for (let e = endFirst[i]!; e < endFirst[i + 1]!; e++) endP[endId[e]!] += pi * endQ[e]!;
      for (let e = first[i]!; e < first[i + 1]!; e++) {
        const j = to[e]!;
        if (start[j] === 0) p[j] += pi * q[e]!;
        else if (last) ends.add(this.ranOut(nodes[j]!, phase), pi * q[e]!);
        else next[j] += pi * q[e]!;
      }
    }
    for (let id = 0; id < endP.length; id++) {
      if (endP[id] === 0) continue;
      this.ends.add(id, endP[id]!);
      endP[id] = 0;
    }
    return left;
  }

  /** The counts added by the nodes on the flat graph in every phase it fought. */
  private settleFlat(f: Flat, tallies: Float64Array): void {
    for (let r = 0; r < f.nodes.length; r++) {
      const p = f.reached[r]!;
      if (p === 0) continue;
      const at = this.talliesAt[f.nodes[r]!]!;
      for (let k = 0; k < TALLIES; k++) tallies[k] += p * this.tallies[at + k]!;
    }
  }

  /** The fights node `n` ends and the counts it adds, reached with probability `p`. */
  private settle(n: number, p: number, tallies: Float64Array): void {
    const at = this.talliesAt[n]!;
    for (let i = 0; i < TALLIES; i++) tallies[i] += p * this.tallies[at + i]!;
    for (let e = this.endFirst[n]!; e < this.endEnd[n]!; e++) this.ends.add(this.endId[e]!, p * this.endQ[e]!);
  }

  /** Move the probability of node `n` in phase `phase` along its edges (fighting it first if it never was). */
  private push(n: number, phase: number, last: boolean, queue: CursorQueue<number[]>, tallies: Float64Array): void {
    if (this.edgeFirst[n]! < 0) this.fight(n, phase);
    const p = this.p[n]!;
    this.p[n] = 0;
    this.settle(n, p, tallies);
    const { to: edgeTo, q: edgeQ, isStart, queued } = this;
    for (let e = this.edgeFirst[n]!; e < this.edgeEnd[n]!; e++) {
      const to = edgeTo[e]!;
      const q = p * edgeQ[e]!;
      if (isStart[to] === 1) {
        if (last) {
          this.ends.add(this.ranOut(to, phase), q);
          continue;
        }
        if (queued[to] !== phase + 1) {
          queued[to] = phase + 1;
          this.starts.push(to);
        }
        this.pNext[to] += q;
        continue;
      }
      if (queued[to] !== phase) {
        queued[to] = phase;
        queue.at(this.within[to]!, newList).push(to);
      }
      this.p[to] += q;
    }
  }

  /** Fight node `n` once (as phase `phase`): its edges, ends and counts. */
  private fight(n: number, phase: number): void {
    const e = this.e;
    const t = this.t;
    for (let i = 0; i < TALLIES; i++) t[i] = 0;
    const first = (this.edgeFirst[n] = this.edges);
    this.endFirst[n] = this.endings;
    // the paths' ends and the nodes they reach (node() may grow the arrays by node: read them after it)
    const K = this.k;
    const shift = e.beside.shift;
    e.paths(this.states, n, 1, phase, t, (over, q) => {
      if (over) {
        if (K > 0) e.beside.foldOutcome(e.c.out);
        return this.addEnd(n, e.c.out, q);
      }
      const to = this.node(e.buf, e.saveNow());
      if (this.from[to] === n && this.sameShift(this.sh, (first + this.slot[to]!) * K, shift)) this.q[first + this.slot[to]!] += q;
      else {
        // (figures carried beside) an edge to the node that folds off as much, else a new one
        if (K > 0 && this.from[to] === n) {
          for (let x = first; x < this.edges; x++) {
            if (this.to[x] === to && this.sameShift(this.sh, x * K, shift)) {
              this.q[x] += q;
              return;
            }
          }
        }
        this.from[to] = n;
        this.slot[to] = this.edges - first;
        this.addEdge(to, q);
      }
    });
    this.edgeEnd[n] = this.edges;
    this.endEnd[n] = this.endings;
    this.talliesAt[n] = this.keepTallies(t);
    this.unfought--;
  }

  private addEdge(to: number, q: number): void {
    const K = this.k;
    if (this.edges === this.to.length) {
      this.to = grown(this.to, this.edges * 2);
      this.q = grown(this.q, this.edges * 2);
      if (K > 0) this.sh = grown(this.sh, this.edges * 2 * K);
    }
    for (let x = 0; x < K; x++) this.sh[this.edges * K + x] = this.e.beside.shift[x]!;
    this.to[this.edges] = to;
    this.q[this.edges++] = q;
  }

  /** (figures carried beside) `a[at..at + k)` is what the last path folded off */
  private sameShift(a: Int32Array, at: number, shift: Int32Array): boolean {
    for (let x = 0; x < this.k; x++) if (a[at + x] !== shift[x]) return false;
    return true;
  }

  /** `t` kept with the other nodes' counts (the array doubles when full); where */
  private keepTallies(t: Float64Array): number {
    if (this.talliesUsed + TALLIES > this.tallies.length) this.tallies = grown(this.tallies, this.tallies.length * 2);
    const at = this.talliesUsed;
    // a loop, not `set`: a call into the runtime for a dozen numbers, once a node
    for (let i = 0; i < TALLIES; i++) this.tallies[at + i] = t[i]!;
    this.talliesUsed += TALLIES;
    return at;
  }

  /** Probability `q` of node `n` (being fought) ending as the fight `o`. */
  private addEnd(n: number, o: FightOutcome, q: number): void {
    const id = this.ends.id(o);
    const K = this.k;
    const shift = this.e.beside.shift;
    for (let e = this.endFirst[n]!; e < this.endings; e++) {
      if (this.endId[e] === id && this.sameShift(this.endSh, e * K, shift)) {
        this.endQ[e] += q;
        return;
      }
    }
    if (this.endings === this.endId.length) {
      this.endId = grown(this.endId, this.endings * 2);
      this.endQ = grown(this.endQ, this.endings * 2);
      if (K > 0) this.endSh = grown(this.endSh, this.endings * 2 * K);
    }
    for (let x = 0; x < K; x++) this.endSh[this.endings * K + x] = shift[x]!;
    this.endId[this.endings] = id;
    this.endQ[this.endings++] = q;
  }

  /** The outcome of a fight whose phases ran out at the end of phase `phase`, just before the start `n`. */
  private ranOut(n: number, phase: number): number {
    if (this.ranOuts[n]! < 0) {
      this.e.load(this.e.unpacked(this.states, n), phase);
      this.ranOuts[n] = this.ends.id(phasesRanOut(this.e.c));
    }
    return this.ranOuts[n]!;
  }
}

const newList = (): number[] => [];

/**
 * The nodes 0 to n - 1 in the order of `within`, the smaller number first where equal: each
 * node's key `within * n + node` sorted as numbers (no comparison function called), exact while
 * the keys stay below 2^53 (`within` under 2^26 and at most 2^27 nodes; else sorted by comparing).
 */
function byWithin(within: Int32Array, n: number): Int32Array {
  let wide = n >= 2 ** 27;
  for (let i = 0; i < n && !wide; i++) wide = within[i]! < 0 || within[i]! >= 2 ** 26;
  if (wide) return Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => within[a]! - within[b]! || a - b);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = within[i]! * n + i;
  keys.sort();
  const nodes = new Int32Array(n);
  for (let r = 0; r < n; r++) nodes[r] = keys[r]! % n;
  return nodes;
}
/** `fightAhead`: the unfought nodes at most 1 in FEW of the graph's, the fights ahead at most 1 in AHEAD */
const FEW = 100;
const AHEAD = 20;
