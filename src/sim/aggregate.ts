// What a Monte Carlo run keeps of each fight: counts and histograms, fixed in size, mergeable
// across chunks and workers, and turned into the `sim --json` report at the end.
import type { EndKind } from '../engine/events.js';
import type { FightOutcome, UnitFate } from '../engine/fight.js';
import { MAX_ROUNDS, type Scenario, type SideId } from '../model.js';
import { getRuleset } from '../editions/registry.js';
import { IntHistogram, round, wilson, type Distribution, type Interval, type SerialHistogram } from './stats.js';

const ENDS: EndKind[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed'];

const FATES: UnitFate[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'none'];

export interface Limits {
  models: Record<SideId, number>;
  wounds: Record<SideId, number>;
  /** the units of the fight (as the ruleset organises them), reported one by one when a side has more than one */
  units: { side: SideId; name: string; models: number }[] | null;
}

export function limitsOf(s: Scenario): Limits {
  const sum = (side: SideId, f: (w: number) => number) =>
    s[side].units.reduce((n, u) => n + u.models.reduce((k, g) => k + g.count * f(g.spec.profile.W), 0), 0);
  const organized = getRuleset(s.rules).organize?.(s) ?? s;
  const units = (['attacker', 'defender'] as const).flatMap((side) =>
    organized[side].units.map((u) => ({ side, name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })));
  const several = organized.attacker.units.length > 1 || organized.defender.units.length > 1;
  return {
    models: { attacker: sum('attacker', () => 1), defender: sum('defender', () => 1) },
    wounds: { attacker: sum('attacker', (w) => w), defender: sum('defender', (w) => w) },
    units: several ? units : null,
  };
}

/** The run that produced an extreme, so a user can replay it with `fight --run`. */
export interface Extreme { run: number; value: number }

type Counts = Record<string, number>;

export class Aggregate {
  runs = 0;
  dice = 0;
  firstResult: Counts = { attacker: 0, defender: 0, draw: 0 };
  winner: Counts = { attacker: 0, defender: 0, none: 0 };
  end: Counts = Object.fromEntries(ENDS.map((e) => [e, 0]));
  moraleTaken = 0;
  moraleFailed = 0;
  runsWithFailedMorale = 0;
  runsWithMorale = 0;
  runsWithSweep = 0;
  runsCaught = 0;
  sweepsAttempted = 0;
  sweepsCaught = 0;
  firstWounds: Record<SideId, IntHistogram>;
  totalWounds: Record<SideId, IntHistogram>;
  survivors: Record<SideId, IntHistogram>;
  woundsLeft: Record<SideId, IntHistogram>;
  phases: IntHistogram;
  /** fewest survivors of each side (its worst loss); the longest fight */
  worst: Record<SideId, Extreme | null> = { attacker: null, defender: null };
  longest: Extreme | null = null;
  /** per unit (when reported): fate counts in FATES order, and models left */
  unitFates: Counts[];
  unitSurvivors: IntHistogram[];

  constructor(readonly limits: Limits) {
    this.unitFates = (limits.units ?? []).map(() => Object.fromEntries(FATES.map((f) => [f, 0])));
    this.unitSurvivors = (limits.units ?? []).map((u) => new IntHistogram(u.models));
    // wounds inflicted BY a side are bounded by the other side's wounds
    this.firstWounds = { attacker: new IntHistogram(limits.wounds.defender), defender: new IntHistogram(limits.wounds.attacker) };
    this.totalWounds = { attacker: new IntHistogram(limits.wounds.defender), defender: new IntHistogram(limits.wounds.attacker) };
    this.survivors = { attacker: new IntHistogram(limits.models.attacker), defender: new IntHistogram(limits.models.defender) };
    this.woundsLeft = { attacker: new IntHistogram(limits.wounds.attacker), defender: new IntHistogram(limits.wounds.defender) };
    this.phases = new IntHistogram(MAX_ROUNDS);
  }

  add(o: FightOutcome, run: number, dice: number): void {
    this.runs++;
    this.dice += dice;
    this.firstResult[o.firstResult]!++;
    this.winner[o.winner ?? 'none']!++;
    this.end[o.end]!++;
    this.moraleTaken += o.moraleTaken;
    this.moraleFailed += o.moraleFailed;
    if (o.moraleFailed > 0) this.runsWithFailedMorale++;
    if (o.moraleTaken > 0) this.runsWithMorale++;
    if (o.sweepsAttempted > 0) this.runsWithSweep++;
    if (o.sweepsCaught > 0) this.runsCaught++;
    this.sweepsAttempted += o.sweepsAttempted;
    this.sweepsCaught += o.sweepsCaught;
    for (const side of ['attacker', 'defender'] as const) {
      this.firstWounds[side].add(o.firstWounds[side]);
      this.totalWounds[side].add(o.totalWounds[side]);
      this.survivors[side].add(o.survivors[side].models);
      this.woundsLeft[side].add(o.survivors[side].wounds);
      const left = o.survivors[side].wounds;
      const w = this.worst[side];
      if (!w || left < w.value) this.worst[side] = { run, value: left };
    }
    this.phases.add(o.phases);
    if (!this.longest || o.phases > this.longest.value) this.longest = { run, value: o.phases };
    for (let i = 0; i < this.unitFates.length; i++) {
      const u = o.units[i]!;
      this.unitFates[i]![u.fate]!++;
      this.unitSurvivors[i]!.add(u.survivors);
    }
  }

  merge(o: Aggregate): void {
    this.runs += o.runs;
    this.dice += o.dice;
    for (const [mine, theirs] of [[this.firstResult, o.firstResult], [this.winner, o.winner], [this.end, o.end]] as const) {
      for (const k of Object.keys(mine)) mine[k]! += theirs[k]!;
    }
    this.moraleTaken += o.moraleTaken;
    this.moraleFailed += o.moraleFailed;
    this.runsWithFailedMorale += o.runsWithFailedMorale;
    this.runsWithMorale += o.runsWithMorale;
    this.runsWithSweep += o.runsWithSweep;
    this.runsCaught += o.runsCaught;
    this.sweepsAttempted += o.sweepsAttempted;
    this.sweepsCaught += o.sweepsCaught;
    for (const side of ['attacker', 'defender'] as const) {
      this.firstWounds[side].merge(o.firstWounds[side]);
      this.totalWounds[side].merge(o.totalWounds[side]);
      this.survivors[side].merge(o.survivors[side]);
      this.woundsLeft[side].merge(o.woundsLeft[side]);
      if (o.worst[side]) this.worst[side] = pick(this.worst[side], o.worst[side]!, (a, b) => a < b);
    }
    this.phases.merge(o.phases);
    if (o.longest) this.longest = pick(this.longest, o.longest, (a, b) => a > b);
    this.unitFates.forEach((mine, i) => {
      for (const k of Object.keys(mine)) mine[k]! += o.unitFates[i]![k]!;
    });
    this.unitSurvivors.forEach((h, i) => h.merge(o.unitSurvivors[i]!));
  }

  /** A plain object that crosses a worker boundary. */
  serialize(): SerialAggregate {
    const h = (r: Record<SideId, IntHistogram>) => ({ attacker: r.attacker.toJSON(), defender: r.defender.toJSON() });
    return {
      limits: this.limits, runs: this.runs, dice: this.dice, firstResult: this.firstResult, winner: this.winner, end: this.end,
      moraleTaken: this.moraleTaken, moraleFailed: this.moraleFailed, runsWithFailedMorale: this.runsWithFailedMorale,
      runsWithMorale: this.runsWithMorale, runsWithSweep: this.runsWithSweep, runsCaught: this.runsCaught,
      sweepsAttempted: this.sweepsAttempted, sweepsCaught: this.sweepsCaught,
      firstWounds: h(this.firstWounds), totalWounds: h(this.totalWounds), survivors: h(this.survivors), woundsLeft: h(this.woundsLeft),
      phases: this.phases.toJSON(), worst: this.worst, longest: this.longest,
      unitFates: this.unitFates, unitSurvivors: this.unitSurvivors.map((h) => h.toJSON()),
    };
  }

  static from(s: SerialAggregate): Aggregate {
    const a = new Aggregate(s.limits);
    const h = (r: Record<SideId, SerialHistogram>) => ({ attacker: IntHistogram.from(r.attacker), defender: IntHistogram.from(r.defender) });
    Object.assign(a, {
      runs: s.runs, dice: s.dice, firstResult: s.firstResult, winner: s.winner, end: s.end, moraleTaken: s.moraleTaken,
      moraleFailed: s.moraleFailed, runsWithFailedMorale: s.runsWithFailedMorale, sweepsAttempted: s.sweepsAttempted,
      runsWithMorale: s.runsWithMorale, runsWithSweep: s.runsWithSweep, runsCaught: s.runsCaught,
      sweepsCaught: s.sweepsCaught, firstWounds: h(s.firstWounds), totalWounds: h(s.totalWounds), survivors: h(s.survivors),
      woundsLeft: h(s.woundsLeft), phases: IntHistogram.from(s.phases), worst: s.worst, longest: s.longest,
      unitFates: s.unitFates, unitSurvivors: s.unitSurvivors.map((x) => IntHistogram.from(x)),
    });
    return a;
  }
}

export type SerialAggregate = {
  limits: Limits; runs: number; dice: number; firstResult: Counts; winner: Counts; end: Counts;
  moraleTaken: number; moraleFailed: number; runsWithFailedMorale: number; sweepsAttempted: number; sweepsCaught: number;
  runsWithMorale: number; runsWithSweep: number; runsCaught: number;
  firstWounds: Record<SideId, SerialHistogram>; totalWounds: Record<SideId, SerialHistogram>;
  survivors: Record<SideId, SerialHistogram>; woundsLeft: Record<SideId, SerialHistogram>;
  phases: SerialHistogram; worst: Record<SideId, Extreme | null>; longest: Extreme | null;
  unitFates: Counts[]; unitSurvivors: SerialHistogram[];
};

/** Keep the more extreme of two; on a tie the earlier run, so merging order does not matter. */
function pick(a: Extreme | null, b: Extreme, better: (x: number, y: number) => boolean): Extreme {
  if (!a) return b;
  if (better(b.value, a.value) || (b.value === a.value && b.run < a.run)) return b;
  return a;
}

export interface SimReport {
  rules: string;
  scenario: string;
  runs: number;
  seed: string;
  partial: boolean;
  firstRound: {
    result: Counts; resultCI: Record<string, Interval>;
    woundsInflicted: Record<SideId, Distribution>;
  };
  final: {
    winner: Counts; winnerCI: Record<string, Interval>;
    end: Counts; endCI: Record<string, Interval>;
    survivors: Record<SideId, Distribution>;
    woundsLeft: Record<SideId, Distribution>;
    woundsInflicted: Record<SideId, Distribution>;
    rounds: Distribution;
  };
  morale: {
    taken: number; failed: number; perRun: number;
    /** share of fights with at least one check taken / failed */
    runsWithCheck: number; runsWithCheckCI: Interval; runsWithFailure: number; runsWithFailureCI: Interval;
  };
  sweepingAdvance: {
    attempted: number; caught: number; perRun: number; caughtOfAttempted: number;
    /** share of fights with a sweeping advance attempted / a unit caught */
    runsAttempted: number; runsAttemptedCI: Interval; runsCaught: number; runsCaughtCI: Interval;
  };
  extremes: { attackerWorst: Extreme | null; defenderWorst: Extreme | null; longest: Extreme | null; note: string };
  diceRolled: number;
  /** with more than one unit on a side: each unit's fate (shares of the runs) and models left */
  units?: { side: SideId; name: string; fate: Counts; fateCI: Record<string, Interval>; survivors: Distribution }[];
}

export function report(a: Aggregate, meta: { rules: string; scenario: string; seed: string; partial: boolean }): SimReport {
  const n = a.runs;
  const share = (k: number) => (n ? round(k / n) : 0);
  const frac = (c: Counts) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, n ? round(v / n) : 0]));
  const ci = (c: Counts) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, wilson(v, n)]));
  const dist = (r: Record<SideId, IntHistogram>) => ({ attacker: r.attacker.summary(), defender: r.defender.summary() });
  return {
    rules: meta.rules, scenario: meta.scenario, runs: n, seed: meta.seed, partial: meta.partial,
    firstRound: { result: frac(a.firstResult), resultCI: ci(a.firstResult), woundsInflicted: dist(a.firstWounds) },
    final: {
      winner: frac(a.winner), winnerCI: ci(a.winner), end: frac(a.end), endCI: ci(a.end),
      survivors: dist(a.survivors), woundsLeft: dist(a.woundsLeft), woundsInflicted: dist(a.totalWounds), rounds: a.phases.summary(),
    },
    morale: {
      taken: a.moraleTaken, failed: a.moraleFailed, perRun: n ? round(a.moraleTaken / n) : 0,
      runsWithCheck: share(a.runsWithMorale), runsWithCheckCI: wilson(a.runsWithMorale, n),
      runsWithFailure: share(a.runsWithFailedMorale), runsWithFailureCI: wilson(a.runsWithFailedMorale, n),
    },
    sweepingAdvance: {
      attempted: a.sweepsAttempted, caught: a.sweepsCaught, perRun: n ? round(a.sweepsAttempted / n) : 0,
      caughtOfAttempted: a.sweepsAttempted ? round(a.sweepsCaught / a.sweepsAttempted) : 0,
      runsAttempted: share(a.runsWithSweep), runsAttemptedCI: wilson(a.runsWithSweep, n),
      runsCaught: share(a.runsCaught), runsCaughtCI: wilson(a.runsCaught, n),
    },
    extremes: {
      attackerWorst: a.worst.attacker, defenderWorst: a.worst.defender, longest: a.longest,
      note: 'replay with: assault fight <scenario> --seed <seed> --run <run>; value: wounds left (worst) or phases (longest)',
    },
    diceRolled: a.dice,
    ...(a.limits.units ? {
      units: a.limits.units.map((u, i) => ({
        side: u.side, name: u.name, fate: frac(a.unitFates[i]!), fateCI: ci(a.unitFates[i]!), survivors: a.unitSurvivors[i]!.summary(),
      })),
    } : {}),
  };
}
