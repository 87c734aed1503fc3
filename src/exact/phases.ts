// The assault phases after the first, in `exact`. Each is fought by the same steps from the
// same kinds of states, whatever its number: only the phase numbers in a state differ. So the
// states of these phases are kept with their phase numbers cleared, as the nodes of a graph,
// and each node is fought once, when first reached: its paths become edges to the nodes they
// lead to (merged, with their probabilities), the fights they end and the counts they add.
// Every phase after that pushes its probabilities along the edges without fighting again.
// The last phase differs only at its very end, where the phases run out: a path that would
// start another phase ends there (engine/fight.ts `phasesRanOut`).
import { phasesRanOut, type FightOutcome } from '../engine/fight.js';
import type { Aggregate } from '../sim/aggregate.js';
import { Ends } from './ends.js';
import { TALLIES, within, type Enumeration } from './enumeration.js';
import { CursorQueue } from './cursor-queue.js';
import { StateSet } from './states.js';

/** A state of a phase after the first, its phase numbers cleared. */
class Node {
  /** the probability that reaches it in the phase being fought */
  p = 0;
  /** the phase it is queued for */
  queued = 0;
  /** fought: the nodes its paths lead to, with their probabilities */
  edges: Node[] | null = null;
  q: number[] = [];
  /** the fights its paths end (exact/ends.ts), with their probabilities */
  ends: number[] | null = null;
  endQ: number[] | null = null;
  /** where the counts its paths add, per unit of probability, are kept (PhaseGraph.tallies), -1 until fought */
  talliesAt = -1;
  /** (a phase's start) the fight's outcome if the phases ran out just before it (exact/ends.ts), -1 until known */
  ranOut = -1;
  /** the last node fought that leads here, and where in its edges */
  from: Node | null = null;
  slot = 0;
  /** its place in the flat graph */
  index = -1;
  constructor(readonly data: number[], readonly within: number, readonly start: boolean) {}
}

/**
 * The graph as arrays: node i's edges are first[i] to first[i+1], to nodes `to` with
 * probabilities `q`, and its endings endFirst[i] to endFirst[i+1], outcomes `endId` with
 * probabilities `endQ`; `p` the probabilities of this phase, `next` of the next phase's start,
 * `reached` the probability of every phase so far (the counts added are worked out from it
 * once, at the end); `endP` the probability of each outcome in this phase.
 */
interface Flat {
  nodes: Node[]; start: Uint8Array; first: Int32Array; to: Int32Array; q: Float64Array;
  endFirst: Int32Array; endId: Int32Array; endQ: Float64Array;
  p: Float64Array; next: Float64Array; reached: Float64Array; endP: Float64Array;
}

export class PhaseGraph {
  private readonly nodes = new StateSet<Node>();
  private starts: Node[] = [];
  private count = 0;
  /** nodes made and not yet fought */
  private unfought = 0;

  /** every fought node's counts, TALLIES numbers each: one array, not one per node (a typed array each cost 6% of the time) */
  private tallies = new Float64Array(TALLIES * 1024);
  private talliesUsed = 0;
  /** the counts of the node being fought */
  private readonly t = new Float64Array(TALLIES);

  private readonly ends: Ends;
  constructor(private readonly e: Enumeration, agg: Aggregate) {
    this.ends = new Ends(agg);
  }

  /** The node of the state `d[0..n)` (the enumeration's combat stands there). */
  private node(d: number[], n: number): Node {
    const held = this.nodes.add(d, n, 0);
    if (!held.value) {
      this.unfought++;
      if (++this.count > this.e.maxStates) this.e.outgrew(this.e.maxStates, 'states in the later phases');
      held.value = new Node(held.data, this.e.atLaterPhase() ? 0 : within(this.e.c), this.e.atLaterPhase());
    }
    return held.value;
  }

  /** Probability `q` reaches the start of phase 2 in the state `d[0..n)` (phase numbers cleared). */
  start(d: number[], n: number, q: number): void {
    const node = this.node(d, n);
    if (node.queued !== 2) {
      node.queued = 2;
      this.starts.push(node);
    }
    node.p += q;
  }

  /** Fight phases 2 to `last`, adding the fights that end and the counts to the aggregate and `tallies`. */
  run(last: number, tallies: Float64Array): void {
    let flat: Flat | null = null;
    for (let phase = 2; phase <= last; phase++) {
      if (flat) {
        const left = this.flatPhase(flat, phase, phase === last);
        this.ends.flush(phase);
        if (!left) break;
        continue;
      }
      if (this.starts.length === 0) break;
      this.lazyPhase(phase, phase === last, tallies);
      this.ends.flush(phase);
      flat = this.flatten();
    }
    if (flat) this.settleFlat(flat, tallies);
  }

  /** One phase, fighting the nodes it reaches that were never fought. */
  private lazyPhase(phase: number, last: boolean, tallies: Float64Array): void {
    const queue = new CursorQueue<Node[]>();
    const starts = this.starts;
    queue.at(0, () => starts);
    this.starts = [];
    while (queue.size > 0) {
      const list = queue.take();
      for (let i = 0; i < list.length; i++) this.push(list[i]!, phase, last, queue, tallies);
    }
  }

  /**
   * The graph as arrays, once every node it holds has been fought (no phase can reach a new
   * one), and if its edges all go forward in the order of the procedure (each node after those
   * that lead to it); else null, and the phases go on fighting lazily.
   */
  private flatten(): Flat | null {
    if (this.unfought > 0) return null;
    const nodes: Node[] = [];
    this.nodes.forEach((w) => nodes.push(w.value!));
    nodes.sort((a, b) => a.within - b.within);
    for (let i = 0; i < nodes.length; i++) nodes[i]!.index = i;
    let edges = 0;
    let endings = 0;
    let outcomes = 0;
    for (const n of nodes) {
      edges += n.edges!.length;
      endings += n.ends?.length ?? 0;
      for (const id of n.ends ?? []) outcomes = Math.max(outcomes, id + 1);
    }
    const N = nodes.length;
    const f: Flat = {
      nodes, start: Uint8Array.from(nodes, (n) => (n.start ? 1 : 0)), first: new Int32Array(N + 1), to: new Int32Array(edges), q: new Float64Array(edges),
      endFirst: new Int32Array(N + 1), endId: new Int32Array(endings), endQ: new Float64Array(endings),
      p: new Float64Array(N), next: new Float64Array(N), reached: new Float64Array(N), endP: new Float64Array(outcomes),
    };
    let k = 0;
    let m = 0;
    for (let i = 0; i < N; i++) {
      const n = nodes[i]!;
      f.first[i] = k;
      for (let j = 0; j < n.edges!.length; j++) {
        const to = n.edges![j]!;
        if (!to.start && to.index <= i) return null;
        f.to[k] = to.index;
        f.q[k++] = n.q[j]!;
      }
      f.endFirst[i] = m;
      for (let j = 0; j < (n.ends?.length ?? 0); j++) {
        f.endId[m] = n.ends![j]!;
        f.endQ[m++] = n.endQ![j]!;
      }
    }
    f.endFirst[N] = m;
    f.first[nodes.length] = k;
    for (const n of this.starts) {
      f.next[n.index] = n.p;
      n.p = 0;
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
        else if (last) this.ends.add(this.ranOut(nodes[j]!, phase), pi * q[e]!);
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
    for (let i = 0; i < f.nodes.length; i++) {
      const r = f.reached[i]!;
      if (r === 0) continue;
      const at = f.nodes[i]!.talliesAt;
      for (let k = 0; k < TALLIES; k++) tallies[k] += r * this.tallies[at + k]!;
    }
  }

  /** The fights node `n` ends and the counts it adds, reached with probability `p`. */
  private settle(n: Node, p: number, tallies: Float64Array): void {
    const at = n.talliesAt;
    for (let i = 0; i < TALLIES; i++) tallies[i] += p * this.tallies[at + i]!;
    const ends = n.ends;
    if (ends) for (let i = 0; i < ends.length; i++) this.ends.add(ends[i]!, p * n.endQ![i]!);
  }

  /** Move the probability of node `n` in phase `phase` along its edges (fighting it first if it never was). */
  private push(n: Node, phase: number, last: boolean, queue: CursorQueue<Node[]>, tallies: Float64Array): void {
    if (!n.edges) this.fight(n, phase);
    const p = n.p;
    n.p = 0;
    this.settle(n, p, tallies);
    const edges = n.edges!;
    for (let i = 0; i < edges.length; i++) {
      const to = edges[i]!;
      const q = p * n.q[i]!;
      if (to.start) {
        if (last) {
          this.ends.add(this.ranOut(to, phase), q);
          continue;
        }
        if (to.queued !== phase + 1) {
          to.queued = phase + 1;
          this.starts.push(to);
        }
      } else if (to.queued !== phase) {
        to.queued = phase;
        queue.at(to.within, newList).push(to);
      }
      to.p += q;
    }
  }

  /** Fight node `n` once (as phase `phase`): its edges, ends and counts. */
  private fight(n: Node, phase: number): void {
    const e = this.e;
    const edges: Node[] = [];
    const t = this.t;
    t.fill(0);
    e.paths(n.data, 1, phase, t, (over, q) => {
      if (over) return this.addEnd(n, e.c.out, q);
      const to = this.node(e.buf, e.saveNow());
      if (to.from === n) n.q[to.slot]! += q;
      else {
        to.from = n;
        to.slot = edges.length;
        edges.push(to);
        n.q.push(q);
      }
    });
    n.edges = edges;
    n.talliesAt = this.keepTallies(t);
    this.unfought--;
  }

  /** `t` kept with the other nodes' counts (the array doubles when full); where */
  private keepTallies(t: Float64Array): number {
    if (this.talliesUsed + TALLIES > this.tallies.length) {
      const grown = new Float64Array(this.tallies.length * 2);
      grown.set(this.tallies);
      this.tallies = grown;
    }
    const at = this.talliesUsed;
    this.tallies.set(t, at);
    this.talliesUsed += TALLIES;
    return at;
  }

  private addEnd(n: Node, o: FightOutcome, q: number): void {
    const id = this.ends.id(o);
    const ends = (n.ends ??= []);
    const endQ = (n.endQ ??= []);
    const i = ends.indexOf(id);
    if (i >= 0) endQ[i]! += q;
    else {
      ends.push(id);
      endQ.push(q);
    }
  }

  /** The outcome of a fight whose phases ran out at the end of phase `phase`, just before the start `n`. */
  private ranOut(n: Node, phase: number): number {
    if (n.ranOut < 0) {
      this.e.load(n.data, phase);
      n.ranOut = this.ends.id(phasesRanOut(this.e.c));
    }
    return n.ranOut;
  }
}

const newList = (): Node[] => [];
