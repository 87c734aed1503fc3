// The ways the fights of the later phases end, in `exact`: each distinct outcome (every figure
// the aggregate reads, the phase count aside) is numbered once, and the probability of ending
// each way is summed over the phase, then added to the aggregate once per outcome and phase.
import { copyOutcome, type FightOutcome } from '../engine/fight.js';
import { COUNTS, ENDS, FATES, FIRST_PHASE, type Aggregate } from '../sim/aggregate.js';
import { StateSet } from './states.js';

const WINNERS = ['attacker', 'defender', null] as const;
const FIRST = ['attacker', 'defender', 'draw'] as const;

export class Ends {
  private readonly known = new StateSet<number>();
  private readonly outcomes: FightOutcome[] = [];
  private readonly p: number[] = [];
  /** the outcomes given probability in this phase */
  private readonly touched: number[] = [];
  private readonly isTouched: boolean[] = [];
  private readonly key: number[] = [];

  constructor(private readonly agg: Aggregate) {}

  /** The number of the outcome `o` (copied when new). */
  id(o: FightOutcome): number {
    const k = this.key;
    let i = 0;
    k[i++] = ENDS.indexOf(o.end);
    k[i++] = WINNERS.indexOf(o.winner);
    k[i++] = FIRST.indexOf(o.firstResult);
    k[i++] = o.firstWounds.attacker;
    k[i++] = o.firstWounds.defender;
    k[i++] = o.totalWounds.attacker;
    k[i++] = o.totalWounds.defender;
    k[i++] = o.moraleTaken;
    k[i++] = o.moraleFailed;
    k[i++] = o.sweepsAttempted;
    k[i++] = o.sweepsCaught;
    k[i++] = o.survivors.attacker.models;
    k[i++] = o.survivors.attacker.wounds;
    k[i++] = o.survivors.defender.models;
    k[i++] = o.survivors.defender.wounds;
    // (the charge figures are not read: they are added atom by atom, exact/enumeration.ts)
    for (const u of o.units) {
      k[i++] = FATES.indexOf(u.fate);
      k[i++] = u.survivors;
    }
    const held = this.known.add(k, i, 0);
    if (held.value === null) {
      held.value = this.outcomes.length;
      this.outcomes.push(copyOutcome(o));
      this.p.push(0);
      this.isTouched.push(false);
    }
    return held.value;
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
      const o = this.outcomes[id]!;
      o.phases = phase;
      this.agg.add(o, 0, 0, this.p[id]!, COUNTS | FIRST_PHASE);
      this.p[id] = 0;
      this.isTouched[id] = false;
    }
    this.touched.length = 0;
  }
}
