// The ways the fights of the later phases end, in `exact`: each distinct outcome (report/outcomes.ts,
// the phase count aside) is numbered once, and the probability of ending each way is summed
// over the phase, then added to the aggregate once per outcome and phase.
import type { FightOutcome } from '../engine/fight.js';
import { BESIDE, COUNTS, FIRST_PHASE, type Aggregate } from '../report/aggregate.js';
import { OutcomeIds } from '../report/outcomes.js';
import type { Beside } from './beside.js';

export class Ends {
  /** (the charge figures in them are 0: they are added atom by atom, exact/enumeration.ts) */
  private readonly ids = new OutcomeIds(false);
  private readonly p: number[] = [];
  /** the outcomes given probability in this phase */
  private readonly touched: number[] = [];
  private readonly isTouched: boolean[] = [];

  constructor(private readonly agg: Aggregate, private readonly beside: Beside) {}

  /** Figure `k` of those carried beside (exact/beside.ts) of outcome `id`, as folded (what was folded off is carried apart: exact/beside-flow.ts). */
  value(id: number, k: number): number {
    return this.beside.valueOf(this.ids.outcome(id), k);
  }

  /** A share `q` more of the fights of the later phases whose figure `k` of those carried beside is `v`. */
  addBeside(k: number, v: number, q: number): void {
    this.agg.addBeside(k, v, q);
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
      this.agg.add(o, 0, 0, this.p[id]!, COUNTS | FIRST_PHASE | (this.beside.k > 0 ? BESIDE : 0));
      this.p[id] = 0;
      this.isTouched[id] = false;
    }
    this.touched.length = 0;
  }
}
