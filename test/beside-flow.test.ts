// The distributions `exact` carries beside the later phases' states (exact/beside-flow.ts:
// moved from each phase's starts to the next's by each start's transfer, the later half of the
// phases worked out backwards) against the same distributions moved node by node, edge by edge
// and phase by phase here, on generated graphs: several starts, edges that fold off different
// excesses to one node, a start that leads back to itself, fights whose phases run out, values
// past the largest a histogram counts, and fights of two and three phases (the first moved
// forwards alone; the second, the last, backwards).
import { describe, expect, it } from 'vitest';
import { BesideFlow, type PhaseEdges } from '../src/exact/beside-flow.js';

/** a generator of whole numbers below n (a fixed seed: the same graphs every run) */
function numbers(seed: number): (n: number) => number {
  return (n) => {
    seed = (seed * 48271) % 2147483647;
    return seed % n;
  };
}

interface Graph extends PhaseEdges {
  /** by outcome and figure its own value; by start the outcome its phases ran out at */
  base: number[][];
  ranOut: number[];
}

/**
 * Nodes 0..n-1, each leading only to later nodes or to starts (node 0 and a few others), every
 * node's edges and endings summing to 1; K figures, each edge and ending folding off 0 to 3.
 */
function graph(rnd: (n: number) => number, n: number, K: number, outcomes: number): Graph {
  const isStart = new Uint8Array(n);
  isStart[0] = 1;
  for (let i = 1; i < n; i++) if (rnd(5) === 0) isStart[i] = 1;
  const starts = [...isStart.keys()].filter((i) => isStart[i] === 1);
  const edgeFirst = new Int32Array(n), edgeEnd = new Int32Array(n), endFirst = new Int32Array(n), endEnd = new Int32Array(n);
  const to: number[] = [], q: number[] = [], sh: number[] = [], endId: number[] = [], endQ: number[] = [], endSh: number[] = [];
  for (let i = 0; i < n; i++) {
    const w: number[] = [];
    edgeFirst[i] = to.length;
    const later = [...Array(n - i - 1).keys()].map((x) => x + i + 1).filter((j) => isStart[j] === 0);
    for (let e = rnd(4); e > 0; e--) {
      const j = later.length > 0 && rnd(3) > 0 ? later[rnd(Math.min(later.length, 6))]! : starts[rnd(starts.length)]!;
      to.push(j);
      w.push(1 + rnd(9));
      for (let f = 0; f < K; f++) sh.push(rnd(4));
    }
    edgeEnd[i] = to.length;
    endFirst[i] = endId.length;
    for (let e = to.length === edgeFirst[i] ? 1 + rnd(2) : rnd(2); e > 0; e--) {
      endId.push(rnd(outcomes));
      w.push(1 + rnd(9));
      for (let f = 0; f < K; f++) endSh.push(rnd(4));
    }
    endEnd[i] = endId.length;
    const total = w.reduce((a, b) => a + b, 0);
    const ws = w.map((x) => x / total);
    for (let e = edgeFirst[i]; e < edgeEnd[i]; e++) q.push(ws.shift()!);
    for (let e = endFirst[i]; e < endEnd[i]; e++) endQ.push(ws.shift()!);
  }
  const base = [...Array(outcomes + n).keys()].map(() => [...Array(K).keys()].map(() => rnd(2)));
  return {
    size: n, isStart, edgeFirst, edgeEnd, to: Int32Array.from(to), q: Float64Array.from(q), sh: Int32Array.from(sh),
    endFirst, endEnd, endId: Int32Array.from(endId), endQ: Float64Array.from(endQ), endSh: Int32Array.from(endSh),
    base, ranOut: [...Array(n).keys()].map((i) => outcomes + i),
  };
}

/** Each figure's distribution over the values 0..cap, moved edge by edge: a distribution per node and figure, phase after phase. */
function byEdges(g: Graph, K: number, cap: number[], given: [number, number[], number][], last: number): number[][] {
  const h = cap.map((c) => new Array<number>(c + 1).fill(0));
  const count = (f: number, v: number, q: number) => (h[f]![Math.min(v, cap[f]!)]! += q);
  const none = () => [...Array(K).keys()].map(() => new Map<number, number>());
  const add = (m: Map<number, number>, x: number, q: number) => m.set(x, (m.get(x) ?? 0) + q);
  let starts = [...Array(g.size).keys()].map(none);
  for (const [node, shift, q] of given) for (let f = 0; f < K; f++) add(starts[node]![f]!, shift[f]!, q);
  for (let phase = 2; phase <= last; phase++) {
    const at = [...Array(g.size).keys()].map((i) => (g.isStart[i] === 1 ? starts[i]! : none()));
    const next = [...Array(g.size).keys()].map(none);
    for (let i = 0; i < g.size; i++) {
      for (let e = g.endFirst[i]!; e < g.endEnd[i]!; e++) {
        for (let f = 0; f < K; f++) for (const [x, q] of at[i]![f]!) count(f, g.base[g.endId[e]!]![f]! + g.endSh[e * K + f]! + x, q * g.endQ[e]!);
      }
      for (let e = g.edgeFirst[i]!; e < g.edgeEnd[i]!; e++) {
        const j = g.to[e]!;
        for (let f = 0; f < K; f++) {
          for (const [x, q] of at[i]![f]!) {
            const y = x + g.sh[e * K + f]!;
            if (g.isStart[j] === 0) add(at[j]![f]!, y, q * g.q[e]!);
            else if (phase === last) count(f, g.base[g.ranOut[j]!]![f]! + y, q * g.q[e]!);
            else add(next[j]![f]!, y, q * g.q[e]!);
          }
        }
      }
    }
    starts = next;
  }
  return h;
}

describe('the distributions carried beside, moved start to start', () => {
  for (const [seed, n, K, cap, last, past] of [[7, 12, 1, [40], 4, false], [11, 40, 3, [6, 30, 2], 7, true], [23, 80, 2, [25, 25], 12, true], [5, 200, 2, [60, 3], 9, true], [13, 30, 2, [20, 4], 2, true], [17, 30, 1, [30], 3, false]] as const) {
    it(`as moved edge by edge: ${n} nodes, ${K} figures (largest values ${cap.join(', ')}), phases 2 to ${last}`, () => {
      const rnd = numbers(seed);
      const g = graph(rnd, n, K, 5);
      const starts = [...g.isStart.keys()].filter((i) => g.isStart[i] === 1);
      const given: [number, number[], number][] = [];
      for (let i = 0; i < 4; i++) given.push([starts[rnd(starts.length)]!, [...Array(K).keys()].map(() => rnd(3)), 0.25]);
      const want = byEdges(g, K, [...cap], given, last);

      const flow = new BesideFlow(K, cap, { value: (id, f) => g.base[id]![f]!, ranOut: (node) => g.ranOut[node]! });
      for (const [node, shift, q] of given) flow.start(node, Int32Array.from(shift), q);
      for (let phase = 2; phase <= last; phase++) flow.phase(g, phase, last);
      const got = cap.map((c) => new Array<number>(c + 1).fill(0));
      flow.finish((f, v, q) => (got[f]![v]! += q));

      for (let f = 0; f < K; f++) {
        // every path's probability is counted once: the distributions sum to 1
        expect(Math.abs(got[f]!.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
        for (let v = 0; v <= cap[f]!; v++) {
          expect(Math.abs(got[f]![v]! - want[f]![v]!), `figure ${f}, value ${v}`).toBeLessThan(1e-14);
          // a value given no probability stays 0: the histogram's least and largest values are exact
          expect(got[f]![v] === 0, `figure ${f}, value ${v}`).toBe(want[f]![v] === 0);
        }
      }
      // (all but the first) values past the largest counted, landing on it
      if (past) expect(want.some((h, f) => h[cap[f]!]! > 0)).toBe(true);
    });
  }
});
