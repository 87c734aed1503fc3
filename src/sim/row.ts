// The figures of a batch row (src/batch/batch.ts), counted run by run: who won, the wounds each
// side inflicted and the models each has left. A row needs these five and no more, so its runs
// are summed as they are fought, not numbered by outcome and added to every cell of a full
// report (report/aggregate.ts): in a row of 1,000 runs a quarter of the runs end in a way not met
// before, and numbering those and adding them to the report's cells was a fifth of a batch. The
// figures are a sim report's, rounded the same way, so a row's replay command (`sim` with its
// seed and runs) prints them again (tested).
import type { FightOutcome } from '../engine/fight.js';
import type { FightKernel } from './kernel/kernel.js';
import { round, share, type Interval } from '../report/stats.js';

/** Winner numbers: the sides, then nobody (the kernel's DRAW). */
const NOBODY = 2;

export interface RowFigures {
  /** shares of the runs, and their 95% intervals (`final.winner`, `final.winnerCI` of a report) */
  winner: { attacker: number; defender: number; none: number };
  winnerCI: { attacker: Interval; defender: Interval };
  /** per run on average (`final.woundsInflicted.*.mean`, `final.survivors.*.mean`) */
  woundsInflicted: { attacker: number; defender: number };
  survivors: { attacker: number; defender: number };
}

export class RowTally {
  private runs = 0;
  private readonly wins = new Float64Array(3);
  private readonly wounds = new Float64Array(2);
  private readonly survivors = new Float64Array(2);

  /** The kernel's last fight (`Fights.range`). */
  addKernelRun(k: FightKernel): void {
    this.add(k.winner, k.totalWounds[0]!, k.totalWounds[1]!, k.alive[0]!, k.alive[1]!);
  }

  /** A fight the reference steps fought, its outcome numbered (sim/tabled.ts). */
  addRunNumbered(_n: number, fight: { outcome(): FightOutcome }): void {
    this.addRun(fight.outcome());
  }

  /** A fight the reference steps fought. */
  addRun(o: FightOutcome): void {
    const winner = o.winner === 'attacker' ? 0 : o.winner === 'defender' ? 1 : NOBODY;
    this.add(winner, o.totalWounds.attacker, o.totalWounds.defender, o.survivors.attacker.models, o.survivors.defender.models);
  }

  private add(winner: number, woundsA: number, woundsD: number, survivorsA: number, survivorsD: number): void {
    this.runs++;
    this.wins[winner]!++;
    this.wounds[0]! += woundsA;
    this.wounds[1]! += woundsD;
    this.survivors[0]! += survivorsA;
    this.survivors[1]! += survivorsD;
  }

  figures(): RowFigures {
    const n = this.runs;
    const mean = (sum: number) => (n ? round(sum / n) : 0);
    const a = share(this.wins[0]!, n, false);
    const d = share(this.wins[1]!, n, false);
    return {
      winner: { attacker: a.p, defender: d.p, none: share(this.wins[NOBODY]!, n, false).p },
      winnerCI: { attacker: { low: a.low, high: a.high }, defender: { low: d.low, high: d.high } },
      woundsInflicted: { attacker: mean(this.wounds[0]!), defender: mean(this.wounds[1]!) },
      survivors: { attacker: mean(this.survivors[0]!), defender: mean(this.survivors[1]!) },
    };
  }
}
