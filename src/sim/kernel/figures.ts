// The figures of the fight in progress that the kernels of one and of several units a side keep
// alike, as numbers, written into the outcome object (reused run after run) only when asked: a
// run whose code the statistics know already needs none of them as an object.
import type { FightOutcome } from '../../engine/fight.js';
import { clearOutcome } from '../../engine/fight.js';
import { SIDES } from '../../model.js';
import { ENDS } from '../../report/fates.js';
import { DRAW } from './ends.js';

export class FightFigures {
  /**
   * The outcome of the last fight as one number (Aggregate.addRunCoded): every figure the kernel
   * sets, in mixed radix; -1 when the radices of the fight's figures multiply past 2^53 even
   * lowered, or the run reached one of those lowered (`codeRadices`).
   */
  code = -1;
  /** the end (an ENDS number) and winner and the first phase's result (0, 1: the winning side; DRAW: nobody) */
  end = 0;
  winner = DRAW;
  first = DRAW;
  /** wounds each side inflicted in the first phase and in all; the phases, Morale checks and sweeps */
  readonly firstWounds = new Int32Array(2);
  readonly totalWounds = new Int32Array(2);
  phases = 0;
  moraleTaken = 0;
  moraleFailed = 0;
  sweepsCaught = 0;

  /** No figure yet: the start of a run. */
  clearFigures(): void {
    this.first = DRAW;
    this.firstWounds[0] = this.firstWounds[1] = this.totalWounds[0] = this.totalWounds[1] = 0;
    this.phases = this.moraleTaken = this.moraleFailed = this.sweepsCaught = 0;
  }

  /**
   * The assault result of phase `phase` (engine/steps.ts `resultStep`): the side that won (0, 1;
   * -1: none), from whether each side is wiped out and the wounds each inflicted; the first
   * phase's figures kept.
   */
  result(phase: number, wipedA: boolean, wipedD: boolean, inflicted: Int32Array): number {
    const winner = wipedA !== wipedD ? (wipedA ? 1 : 0) : wipedA ? -1 : inflicted[0]! > inflicted[1]! ? 0 : inflicted[1]! > inflicted[0]! ? 1 : -1;
    if (phase === 1) {
      this.firstWounds[0] = inflicted[0]!;
      this.firstWounds[1] = inflicted[1]!;
      this.first = winner < 0 ? DRAW : winner;
    }
    return winner;
  }

  /** `out` cleared and given these figures. */
  protected figuresInto(out: FightOutcome): FightOutcome {
    clearOutcome(out);
    out.end = ENDS[this.end]!;
    out.winner = this.winner === DRAW ? null : SIDES[this.winner]!;
    out.phases = this.phases;
    out.firstResult = this.first === DRAW ? 'draw' : SIDES[this.first]!;
    out.firstWounds.attacker = this.firstWounds[0]!;
    out.firstWounds.defender = this.firstWounds[1]!;
    out.totalWounds.attacker = this.totalWounds[0]!;
    out.totalWounds.defender = this.totalWounds[1]!;
    out.moraleTaken = this.moraleTaken;
    out.moraleFailed = this.moraleFailed;
    out.sweepsCaught = this.sweepsCaught;
    return out;
  }
}

/** A pair of counts, `lo` at most `hi`, as one digit of a fight's code: below `pairs(r)` for `hi` below `r`. */
export function pair(hi: number, lo: number): number {
  return (hi * (hi + 1)) / 2 + lo;
}

/** The radix of `pair` for a first count below `r`. */
export function pairs(r: number): number {
  return (r * (r + 1)) / 2;
}

/** the sweeps, and the phases and Morale checks, in a fight's code below which every run has one, where its radices must be lowered (`codeRadices`), before they are lowered further */
const SWEEPS_KEPT = 4;
const PHASES_KEPT = 5;

/**
 * The radices in a fight's code of its phases, Morale checks taken (paired with those failed:
 * `pairs`) and sweeps (paired too where `sweepsPaired`), each at its most (`phases`, `morale`,
 * `sweeps`: every run has a code) where their product with `fixed`, the other radices, stays
 * within 2^53. Else, where phases to resolution and many units make them large, the sweeps are
 * lowered to SWEEPS_KEPT, the Morale checks and the phases in turn to PHASES_KEPT, then the
 * sweeps to 2 and the others in turn to 2, until it fits: the runs that reach one have no code
 * (-1) and are counted as their outcomes (under 1.5% in the shipped fights; far more in fights of
 * three units a side to resolution, docs/performance.md). Empty where even the smallest pass 2^53.
 */
export function codeRadices(fixed: number, phases: number, morale: number, sweeps: number, sweepsPaired: boolean): Int32Array {
  const budget = Math.floor(Number.MAX_SAFE_INTEGER / fixed);
  while (phases * pairs(morale) * (sweepsPaired ? pairs(sweeps) : sweeps) > budget) {
    if (sweeps > SWEEPS_KEPT) sweeps--;
    else if (morale > PHASES_KEPT || phases > PHASES_KEPT) morale > phases ? morale-- : phases--;
    else if (sweeps > 2) sweeps--;
    else if (morale > 2 || phases > 2) morale > phases ? morale-- : phases--;
    else return new Int32Array(0);
  }
  return Int32Array.of(phases, morale, sweeps);
}
