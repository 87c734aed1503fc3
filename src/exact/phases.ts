// The assault phases after the first, in `exact`. Each is fought by the same steps from the
// same kinds of states, whatever its number: only the phase numbers in a state differ. So the
// states of these phases are kept with their phase numbers cleared, as the nodes of a graph,
// and each node is fought once, when first reached: its paths become edges to the nodes they
// lead to (merged, with their probabilities), the fights they end and the counts they add.
// Every phase after that pushes its probabilities along the edges without fighting again.
// The last phase differs only at its very end, where the phases run out: a path that would
// start another phase ends there (engine/fight.ts `phasesRanOut`).
import { copyOutcome, phasesRanOut, type FightOutcome } from '../engine/fight.js';
import { COUNTS, FIRST_PHASE, type Aggregate } from '../sim/aggregate.js';
import { tooLarge } from './budget.js';
import { TALLIES, within, type Enumeration } from './enumeration.js';
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
  /** the fights its paths end, with their probabilities (the phase count set when added) */
  ends: FightOutcome[] = [];
  endQ: number[] = [];
  /** the counts its paths add, per unit of probability */
  tallies: Float64Array | null = null;
  /** (a phase's start) the fight's outcome if the phases ran out just before it */
  ranOut: FightOutcome | null = null;
  /** the last node fought that leads here, and where in its edges */
  from: Node | null = null;
  slot = 0;
  constructor(readonly data: number[], readonly within: number, readonly start: boolean) {}
}

export class PhaseGraph {
  private readonly nodes = new StateSet<Node>();
  private starts: Node[] = [];
  private count = 0;

  constructor(private readonly e: Enumeration, private readonly agg: Aggregate) {}

  /** The node of the state `d[0..n)` (the enumeration's combat stands there). */
  private node(d: number[], n: number): Node {
    const held = this.nodes.add(d, n, 0);
    if (!held.value) {
      if (++this.count > this.e.maxStates) tooLarge(this.e.where, `more than ${this.e.maxStates.toLocaleString('en')} states in the later phases`);
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
    for (let phase = 2; phase <= last && this.starts.length > 0; phase++) {
      const queue = new Map<number, Node[]>();
      queue.set(0, this.starts);
      this.starts = [];
      while (queue.size > 0) {
        let at = Infinity;
        for (const k of queue.keys()) if (k < at) at = k;
        const list = queue.get(at)!;
        queue.delete(at);
        for (const n of list) this.push(n, phase, phase === last, queue, tallies);
      }
    }
  }

  /** Move the probability of node `n` in phase `phase` along its edges (fighting it first if it never was). */
  private push(n: Node, phase: number, last: boolean, queue: Map<number, Node[]>, tallies: Float64Array): void {
    if (!n.edges) this.fight(n, phase);
    const p = n.p;
    n.p = 0;
    const t = n.tallies!;
    for (let i = 0; i < TALLIES; i++) tallies[i] += p * t[i]!;
    for (let i = 0; i < n.ends.length; i++) {
      const o = n.ends[i]!;
      o.phases = phase;
      this.agg.add(o, 0, 0, p * n.endQ[i]!, COUNTS | FIRST_PHASE);
    }
    const edges = n.edges!;
    for (let i = 0; i < edges.length; i++) {
      const to = edges[i]!;
      const q = p * n.q[i]!;
      if (to.start) {
        if (last) {
          this.agg.add(this.ranOut(to, phase), 0, 0, q, COUNTS | FIRST_PHASE);
          continue;
        }
        if (to.queued !== phase + 1) {
          to.queued = phase + 1;
          this.starts.push(to);
        }
      } else if (to.queued !== phase) {
        to.queued = phase;
        let list = queue.get(to.within);
        if (!list) queue.set(to.within, (list = []));
        list.push(to);
      }
      to.p += q;
    }
  }

  /** Fight node `n` once (as phase `phase`): its edges, ends and counts. */
  private fight(n: Node, phase: number): void {
    const e = this.e;
    const edges: Node[] = [];
    const t = new Float64Array(TALLIES);
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
    n.tallies = t;
  }

  private addEnd(n: Node, o: FightOutcome, q: number): void {
    for (let i = 0; i < n.ends.length; i++) {
      if (sameEnd(n.ends[i]!, o)) {
        n.endQ[i]! += q;
        return;
      }
    }
    n.ends.push(copyOutcome(o));
    n.endQ.push(q);
  }

  /** The outcome of a fight whose phases ran out at the end of phase `phase`, just before the start `n`. */
  private ranOut(n: Node, phase: number): FightOutcome {
    if (!n.ranOut) {
      this.e.load(n.data, phase);
      n.ranOut = copyOutcome(phasesRanOut(this.e.c));
    }
    n.ranOut.phases = phase;
    return n.ranOut;
  }
}

/** Two ended fights alike in every figure the aggregate reads, their phase counts aside. */
function sameEnd(a: FightOutcome, b: FightOutcome): boolean {
  if (a.end !== b.end || a.winner !== b.winner || a.firstResult !== b.firstResult) return false;
  if (a.totalWounds.attacker !== b.totalWounds.attacker || a.totalWounds.defender !== b.totalWounds.defender) return false;
  if (a.firstWounds.attacker !== b.firstWounds.attacker || a.firstWounds.defender !== b.firstWounds.defender) return false;
  if (a.moraleTaken !== b.moraleTaken || a.moraleFailed !== b.moraleFailed || a.sweepsAttempted !== b.sweepsAttempted || a.sweepsCaught !== b.sweepsCaught) return false;
  for (const s of ['attacker', 'defender'] as const) if (a.survivors[s].models !== b.survivors[s].models || a.survivors[s].wounds !== b.survivors[s].wounds) return false;
  for (let i = 0; i < a.units.length; i++) if (a.units[i]!.fate !== b.units[i]!.fate || a.units[i]!.survivors !== b.units[i]!.survivors) return false;
  return true;
}
