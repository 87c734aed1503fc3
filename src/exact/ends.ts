// The ways the fights of the later phases end, in `exact`: each distinct outcome (report/outcomes.ts,
// the phase count aside) is numbered once, and the probability of ending each way is summed
// over the phase, then added to the aggregate once per outcome and phase.
import type { FightOutcome } from '../engine/fight.js';
import { BESIDE, COUNTS, FIRST_PHASE, type Aggregate } from '../report/aggregate.js';
import { OutcomeIds } from '../report/outcomes.js';
import { Spreads, type Beside } from './beside.js';

export class Ends {
  /** (the charge figures in them are 0: they are added atom by atom, exact/enumeration.ts) */
  private readonly ids = new OutcomeIds(false);
  private readonly p: number[] = [];
  /** the outcomes given probability in this phase */
  private readonly touched: number[] = [];
  private readonly isTouched: boolean[] = [];

  /** (a vehicle fight) each outcome's excess of the figures carried beside (exact/beside.ts) */
  private readonly spreads: Spreads;
  constructor(private readonly agg: Aggregate, private readonly beside: Beside) {
    this.spreads = new Spreads(beside.k, beside.pool);
  }

  /** Probability `w` times slot `s` of `from` (reached with that excess), more of ending as `id`, with the excess `shift[off..]` more. */
  addSpread(id: number, w: number, from: Spreads, s: number, shift: Int32Array, off: number): void {
    this.spreads.addFrom(id, from, s, shift, off, w);
  }

  /** The number of the outcome `o` (its key kept when new). */
  id(o: FightOutcome): number {
    const id = this.ids.id(o);
    if (id === this.p.length) {
      this.p.push(0);
      this.isTouched.push(false);
    }
    return id;
  }

  /** Probability `q` more of ending as outcome `id` in this phase. */
  add(id: number, q: number): void {
    if (!this.isTouched[id]) {
      this.isTouched[id] = true;
      this.touched.push(id);
    }
    this.p[id]! += q;
  }

  /** Add the fights that ended in phase `phase` to the aggregate. */
  flush(phase: number): void {
    for (const id of this.touched) {
      const o = this.ids.outcome(id);
      o.phases = phase;
      const k = this.beside.k;
      this.agg.add(o, 0, 0, this.p[id]!, COUNTS | FIRST_PHASE | (k > 0 ? BESIDE : 0));
      for (let f = 0; f < k; f++) {
        const base = this.beside.valueOf(o, f);
        for (let x = this.spreads.from(id, f); x < this.spreads.to(id, f); x++) {
          const q = this.spreads.get(id, f, x);
          if (q !== 0) this.agg.addBeside(f, base + x, q);
        }
      }
      this.spreads.clear(id);
      this.p[id] = 0;
      this.isTouched[id] = false;
    }
    this.touched.length = 0;
  }
}
