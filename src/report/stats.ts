// Streaming statistics with fixed memory: counts for outcomes, integer histograms for
// distributions (every quantity we track is a whole number with a known maximum). Every
// aggregate is made of integers, so merging partial results in any order gives identical
// figures: the same for one worker or many.

/** Counts of whole-number values 0..max; mean, sd and percentiles come out exact. */
export class IntHistogram {
  readonly counts: Float64Array;
  n = 0;
  sum = 0;
  sumSq = 0;
  constructor(readonly max: number) {
    this.counts = new Float64Array(max + 1);
  }
  /** a run with value `v`, or (exact) a share `w` of the fights with it */
  add(v: number, w = 1): void {
    const x = v < 0 ? 0 : v > this.max ? this.max : v;
    this.counts[x]! += w;
    this.n += w;
    this.sum += w * x;
    this.sumSq += w * x * x;
  }
  merge(o: IntHistogram): void {
    for (let i = 0; i <= this.max; i++) this.counts[i]! += o.counts[i]!;
    this.n += o.n;
    this.sum += o.sum;
    this.sumSq += o.sumSq;
  }
  /**
   * the smallest value v with at least fraction q of the runs at or below it; `exact`'s counts are
   * probabilities whose sums carry rounding, so a share that is q to within 1e-12 reaches q (run
   * counts are whole numbers and never that close without being equal)
   */
  percentile(q: number): number {
    const target = q * this.n - 1e-12 * this.n;
    let acc = 0;
    for (let i = 0; i <= this.max; i++) {
      acc += this.counts[i]!;
      if (acc >= target && acc > 0) return i;
    }
    return this.max;
  }
  /** `exact`: the counts are probabilities (the variance is the distribution's, the standard error 0) */
  summary(exact = false): Distribution {
    const n = this.n;
    const mean = n ? this.sum / n : 0;
    const variance = exact ? this.spread(mean) : n > 1 ? Math.max(0, (this.sumSq - n * mean * mean) / (n - 1)) : 0;
    const r = exact ? roundExact : round;
    let min = 0;
    let max = 0;
    for (let i = 0; i <= this.max; i++) if (this.counts[i]) { min = i; break; }
    for (let i = this.max; i >= 0; i--) if (this.counts[i]) { max = i; break; }
    const histogram: [number, number][] = [];
    for (let i = min; i <= max; i++) histogram.push([i, exact ? roundExact(this.counts[i]!) : this.counts[i]!]);
    return {
      mean: r(mean), sd: r(Math.sqrt(variance)), se: exact ? 0 : round(n ? Math.sqrt(variance / n) : 0), min, max,
      p5: this.percentile(0.05), p25: this.percentile(0.25), p50: this.percentile(0.5), p75: this.percentile(0.75), p95: this.percentile(0.95),
      histogram,
    };
  }
  /**
   * (exact) The variance about `mean`, summed value by value: E[x^2] - E[x]^2 would lose a
   * quantity that is almost always one value to rounding (an sd of 1e-7 instead of 0).
   */
  private spread(mean: number): number {
    if (!this.n) return 0;
    let v = 0;
    for (let i = 0; i <= this.max; i++) if (this.counts[i]) v += this.counts[i]! * (i - mean) ** 2;
    return v / this.n;
  }
  /**
   * "At least k", for every k from 0 to the largest possible value (so index k is k): the share
   * of runs with a value of k or more, with its 95% interval.
   */
  atLeast(exact = false): AtLeast[] {
    const out: AtLeast[] = new Array(this.max + 1);
    let above = 0;
    for (let k = this.max; k >= 0; k--) {
      above += this.counts[k]!;
      out[k] = { k, ...share(above, this.n, exact) };
    }
    return out;
  }
  toJSON(): SerialHistogram {
    return { max: this.max, counts: Array.from(this.counts), n: this.n, sum: this.sum, sumSq: this.sumSq };
  }
  static from(s: SerialHistogram): IntHistogram {
    const h = new IntHistogram(s.max);
    h.counts.set(s.counts);
    h.n = s.n;
    h.sum = s.sum;
    h.sumSq = s.sumSq;
    return h;
  }
}

export interface SerialHistogram { max: number; counts: number[]; n: number; sum: number; sumSq: number }

/** The share of runs with a value of at least `k`, and its 95% interval. */
export interface AtLeast { k: number; p: number; low: number; high: number }

export interface Distribution {
  mean: number; sd: number; se: number; min: number; max: number;
  p5: number; p25: number; p50: number; p75: number; p95: number;
  /** [value, runs] for every value from min to max */
  histogram: [number, number][];
}

export interface Interval { low: number; high: number }

/** A share `k` of `n` with its 95% interval (exact: the share itself, with no interval to speak of). */
export function share(k: number, n: number, exact: boolean): { p: number } & Interval {
  if (!exact) return { p: n ? round(k / n) : 0, ...wilson(k, n) };
  const p = n ? roundExact(k / n) : 0;
  return { p, low: p, high: p };
}

/** Wilson score interval, 95%: sensible even for proportions at or near 0 and 1. */
export function wilson(k: number, n: number, z = 1.959964): Interval {
  if (n === 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: round(Math.max(0, centre - half)), high: round(Math.min(1, centre + half)) };
}

/** Exact figures keep 15 digits (what a double holds): checks at 1e-9 and sums to 1 within 1e-12 stay meaningful. */
export const roundExact = (x: number) => round(x, 15);

export function round(x: number, digits = 6): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
