// The figures of a fight's outcome that the steps only add to (or, for the first phase's,
// set once) and never read: the wounds and the first phase's result, Morale checks, sweeps and
// waffle's charge figures (engine/steps.ts, engine/breakoff.ts, editions/waffle/charge.ts). The
// tabled fight (sim/tabled.ts) keeps them out of its states, so that fights that differ only in
// them meet in one state: each stretch of the table carries what it added, and a run adds them up.
import { CHARGE_TALLIES, type FightOutcome } from '../engine/fight.js';

const RESULTS = ['attacker', 'defender', 'draw'] as const;

/** how many figures (the first phase's result as 0, none yet, or 1 plus its place in RESULTS) */
export const TALLIES = 10 + CHARGE_TALLIES.length;

/** Put the figures of `out` in `into[at..)`, and clear them in `out` (the first phase's result to 'none': not given yet). */
export function takeTallies(out: FightOutcome, into: Int32Array | number[], at: number): void {
  const r = out.firstResult;
  into[at] = r === 'none' ? 0 : 1 + RESULTS.indexOf(r);
  into[at + 1] = out.firstWounds.attacker;
  into[at + 2] = out.firstWounds.defender;
  into[at + 3] = out.totalWounds.attacker;
  into[at + 4] = out.totalWounds.defender;
  into[at + 5] = out.moraleTaken;
  into[at + 6] = out.moraleFailed;
  into[at + 7] = out.sweepsAttempted;
  into[at + 8] = out.sweepsCaught;
  into[at + 9] = out.sweepWounds;
  const ch = out.charge;
  for (let k = 0; k < CHARGE_TALLIES.length; k++) into[at + 10 + k] = ch[CHARGE_TALLIES[k]!];
  clearTallies(out);
}

/** The figures of `out` cleared, its first phase's result 'none' (not given yet). */
export function clearTallies(out: FightOutcome): void {
  out.firstResult = 'none';
  out.firstWounds.attacker = out.firstWounds.defender = 0;
  out.totalWounds.attacker = out.totalWounds.defender = 0;
  out.moraleTaken = out.moraleFailed = out.sweepsAttempted = out.sweepsCaught = out.sweepWounds = 0;
  const ch = out.charge;
  for (let k = 0; k < CHARGE_TALLIES.length; k++) ch[CHARGE_TALLIES[k]!] = 0;
}

/** Add the figures `from[at..)` to `out`; a first phase's result not given by either is a draw, as a fight starts with. */
export function addTallies(out: FightOutcome, from: ArrayLike<number>, at: number): void {
  const r = from[at]!;
  if (r !== 0) out.firstResult = RESULTS[r - 1]!;
  else if (out.firstResult === 'none') out.firstResult = 'draw';
  out.firstWounds.attacker += from[at + 1]!;
  out.firstWounds.defender += from[at + 2]!;
  out.totalWounds.attacker += from[at + 3]!;
  out.totalWounds.defender += from[at + 4]!;
  out.moraleTaken += from[at + 5]!;
  out.moraleFailed += from[at + 6]!;
  out.sweepsAttempted += from[at + 7]!;
  out.sweepsCaught += from[at + 8]!;
  out.sweepWounds += from[at + 9]!;
  const ch = out.charge;
  for (let k = 0; k < CHARGE_TALLIES.length; k++) ch[CHARGE_TALLIES[k]!] += from[at + 10 + k]!;
}
