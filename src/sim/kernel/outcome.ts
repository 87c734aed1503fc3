// The figures of a fight's outcome that the kernels (one unit a side and several) keep alike,
// written into the outcome object reused run after run.
import { clearOutcome, type FightOutcome } from '../../engine/fight.js';
import { SIDES } from '../../model.js';
import { ENDS } from '../../report/fates.js';
import { DRAW } from './ends.js';

/** `out` cleared and given the end (an ENDS number), the winner and first result (a side, or DRAW) and the counts of the phases and Morale. */
export function outcomeFigures(
  out: FightOutcome, end: number, winner: number, phases: number, first: number,
  firstWounds: Int32Array, totalWounds: Int32Array, moraleTaken: number, moraleFailed: number, sweepsCaught: number,
): FightOutcome {
  clearOutcome(out);
  out.end = ENDS[end]!;
  out.winner = winner === DRAW ? null : SIDES[winner]!;
  out.phases = phases;
  out.firstResult = first === DRAW ? 'draw' : SIDES[first]!;
  out.firstWounds.attacker = firstWounds[0]!;
  out.firstWounds.defender = firstWounds[1]!;
  out.totalWounds.attacker = totalWounds[0]!;
  out.totalWounds.defender = totalWounds[1]!;
  out.moraleTaken = moraleTaken;
  out.moraleFailed = moraleFailed;
  out.sweepsCaught = sweepsCaught;
  return out;
}
