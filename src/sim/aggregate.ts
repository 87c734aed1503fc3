// What a Monte Carlo run keeps of each fight: counts and histograms, fixed in size, mergeable
// across chunks and workers, and turned into the `sim --json` report at the end. Every
// statistic is declared once, in `declare` below: how it is read from a fight's outcome and
// where it goes in the report. Adding, merging, crossing a worker boundary and reporting are
// the same few lines for all of them.
import type { EndKind } from '../engine/events.js';
import type { FightOutcome, UnitFate } from '../engine/fight.js';
import { DICE_STREAM } from '../counts.js';
import { MAX_ROUNDS, type Scenario, type SideId } from '../model.js';
import { getRuleset } from '../editions/registry.js';
import { IntHistogram, round, wilson, type AtLeast, type Distribution, type Interval, type SerialHistogram } from './stats.js';

const ENDS: EndKind[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed'];
const FATES: UnitFate[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'none'];
const SIDES = ['attacker', 'defender'] as const;

export interface Limits {
  models: Record<SideId, number>;
  wounds: Record<SideId, number>;
  /** the units of the fight (as the ruleset organises them), reported one by one when a side has more than one */
  units: { side: SideId; name: string; models: number }[] | null;
  /** every unit of the scenario, by side (for headlines) */
  sides: Record<SideId, { name: string; models: number }[]>;
}

export function limitsOf(s: Scenario): Limits {
  const sum = (side: SideId, f: (w: number) => number) =>
    s[side].units.reduce((n, u) => n + u.models.reduce((k, g) => k + g.count * f(g.spec.profile.W), 0), 0);
  const organized = getRuleset(s.rules).organize?.(s) ?? s;
  const units = SIDES.flatMap((side) =>
    organized[side].units.map((u) => ({ side, name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })));
  const several = organized.attacker.units.length > 1 || organized.defender.units.length > 1;
  return {
    models: { attacker: sum('attacker', () => 1), defender: sum('defender', () => 1) },
    wounds: { attacker: sum('attacker', (w) => w), defender: sum('defender', (w) => w) },
    units: several ? units : null,
    sides: {
      attacker: s.attacker.units.filter((u) => !u.nearby).map((u) => ({ name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })),
      defender: s.defender.units.filter((u) => !u.nearby).map((u) => ({ name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })),
    },
  };
}

/** The run that produced an extreme, so a user can replay it with `fight --run`. */
export interface Extreme { run: number; value: number }

type Counts = Record<string, number>;

// ---- the cells a statistic is kept in -----------------------------------------------------

/** One kind of cell: what a fight adds, how two merge, how it crosses a worker boundary. */
interface Cell<S> {
  add(o: FightOutcome, run: number): void;
  merge(other: this): void;
  save(): S;
  load(s: S): void;
}

/** A whole number summed over the runs (a count of checks, of fights with a sweep, ...). */
class Tally implements Cell<number> {
  n = 0;
  constructor(private readonly read: (o: FightOutcome) => number) {}
  add(o: FightOutcome): void { this.n += this.read(o); }
  merge(o: Tally): void { this.n += o.n; }
  save(): number { return this.n; }
  load(s: number): void { this.n = s; }
}

/** How many runs fell in each category (who won, how it ended, a unit's fate). */
class Categories implements Cell<Counts> {
  /** runs per category, in the order of `keys` (a Map finds the slot: faster than a keyed object) */
  private readonly n: Float64Array;
  private readonly slot: Map<string, number>;
  constructor(private readonly keys: readonly string[], private readonly read: (o: FightOutcome) => string) {
    this.n = new Float64Array(keys.length);
    this.slot = new Map(keys.map((k, i) => [k, i]));
  }
  get counts(): Counts { return Object.fromEntries(this.keys.map((k, i) => [k, this.n[i]!])); }
  add(o: FightOutcome): void { this.n[this.slot.get(this.read(o))!]!++; }
  merge(o: Categories): void { for (let i = 0; i < this.n.length; i++) this.n[i]! += o.n[i]!; }
  save(): Counts { return this.counts; }
  load(s: Counts): void { this.keys.forEach((k, i) => (this.n[i] = s[k] ?? 0)); }
}

/** A whole-number quantity's distribution (wounds, survivors, phases). */
class Histogram implements Cell<SerialHistogram> {
  h: IntHistogram;
  constructor(max: number, private readonly read: (o: FightOutcome) => number) {
    this.h = new IntHistogram(max);
  }
  add(o: FightOutcome): void { this.h.add(this.read(o)); }
  merge(o: Histogram): void { this.h.merge(o.h); }
  save(): SerialHistogram { return this.h.toJSON(); }
  load(s: SerialHistogram): void { this.h = IntHistogram.from(s); }
}

/** The run with the lowest (or highest) value; on a tie the earlier run, so merging order does not matter. */
class Extremum implements Cell<Extreme | null> {
  e: Extreme | null = null;
  constructor(private readonly read: (o: FightOutcome) => number, private readonly lowest: boolean) {}
  private better(v: number, than: number): boolean { return this.lowest ? v < than : v > than; }
  add(o: FightOutcome, run: number): void {
    const v = this.read(o);
    if (!this.e || this.better(v, this.e.value)) this.e = { run, value: v };
  }
  merge(o: Extremum): void {
    const b = o.e;
    if (b && (!this.e || this.better(b.value, this.e.value) || (b.value === this.e.value && b.run < this.e.run))) this.e = b;
  }
  save(): Extreme | null { return this.e; }
  load(s: Extreme | null): void { this.e = s; }
}

// ---- every statistic, once ------------------------------------------------------------------

/** The cells of one sim, by name. Each line is one statistic; `report` below places it. */
function declare(limits: Limits) {
  const hist = (max: number, read: (o: FightOutcome) => number) => new Histogram(max, read);
  const bySide = <T>(f: (side: SideId, other: SideId) => T) => ({ attacker: f('attacker', 'defender'), defender: f('defender', 'attacker') });
  return {
    runs: new Tally(() => 1),
    dice: new Tally(() => 0), // added apart: the dice a fight rolled are counted by its dice
    firstResult: new Categories(['attacker', 'defender', 'draw'], (o) => o.firstResult),
    winner: new Categories(['attacker', 'defender', 'none'], (o) => o.winner ?? 'none'),
    end: new Categories(ENDS, (o) => o.end),
    moraleTaken: new Tally((o) => o.moraleTaken),
    moraleFailed: new Tally((o) => o.moraleFailed),
    runsWithMorale: new Tally((o) => (o.moraleTaken > 0 ? 1 : 0)),
    runsWithFailedMorale: new Tally((o) => (o.moraleFailed > 0 ? 1 : 0)),
    sweepsAttempted: new Tally((o) => o.sweepsAttempted),
    sweepsCaught: new Tally((o) => o.sweepsCaught),
    runsWithSweep: new Tally((o) => (o.sweepsAttempted > 0 ? 1 : 0)),
    runsCaught: new Tally((o) => (o.sweepsCaught > 0 ? 1 : 0)),
    // wounds inflicted BY a side are bounded by the other side's wounds
    firstWounds: bySide((s, e) => hist(limits.wounds[e], (o) => o.firstWounds[s])),
    totalWounds: bySide((s, e) => hist(limits.wounds[e], (o) => o.totalWounds[s])),
    survivors: bySide((s) => hist(limits.models[s], (o) => o.survivors[s].models)),
    woundsLeft: bySide((s) => hist(limits.wounds[s], (o) => o.survivors[s].wounds)),
    phases: hist(MAX_ROUNDS, (o) => o.phases),
    /** fewest wounds left on each side (its worst loss); the longest fight */
    worst: bySide((s) => new Extremum((o) => o.survivors[s].wounds, true)),
    longest: new Extremum((o) => o.phases, false),
    unitFates: (limits.units ?? []).map((_, i) => new Categories(FATES, (o) => o.units[i]!.fate)),
    unitSurvivors: (limits.units ?? []).map((u, i) => hist(u.models, (o) => o.units[i]!.survivors)),
  };
}

type Cells = ReturnType<typeof declare>;
/** every cell of `cells`, with its path, in a fixed order */
function each(cells: Cells): [string, Cell<unknown>][] {
  const out: [string, Cell<unknown>][] = [];
  const walk = (v: unknown, path: string) => {
    if (v instanceof Tally || v instanceof Categories || v instanceof Histogram || v instanceof Extremum) out.push([path, v as Cell<unknown>]);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(cells, '');
  return out;
}

export class Aggregate {
  readonly cells: Cells;
  private readonly list: [string, Cell<unknown>][];
  /** the cells alone, for adding a run without an iterator */
  private readonly cellList: Cell<unknown>[];
  constructor(readonly limits: Limits) {
    this.cells = declare(limits);
    this.list = each(this.cells);
    this.cellList = this.list.map(([, c]) => c);
  }
  get runs(): number {
    return this.cells.runs.n;
  }
  add(o: FightOutcome, run: number, dice: number): void {
    const cells = this.cellList;
    for (let i = 0; i < cells.length; i++) cells[i]!.add(o, run);
    this.cells.dice.n += dice;
  }
  merge(o: Aggregate): void {
    for (let i = 0; i < this.list.length; i++) this.list[i]![1].merge(o.list[i]![1] as never);
  }
  /** A plain object that crosses a worker boundary. */
  serialize(): SerialAggregate {
    return { limits: this.limits, cells: this.list.map(([, c]) => c.save()) };
  }
  static from(s: SerialAggregate): Aggregate {
    const a = new Aggregate(s.limits);
    a.list.forEach(([, c], i) => c.load(s.cells[i]));
    return a;
  }
}

export type SerialAggregate = { limits: Limits; cells: unknown[] };

export interface SimReport {
  rules: string;
  scenario: string;
  runs: number;
  seed: string;
  /** the dice stream the runs were fought with (src/counts.ts) */
  dice: number;
  partial: boolean;
  /** the units that fight on each side, with their models */
  sides: Record<SideId, { name: string; models: number }[]>;
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
  /** "at least k": wounds each side inflicts in the first phase, models each side has left at the end (index = k) */
  atLeast: { firstRoundWounds: Record<SideId, AtLeast[]>; survivors: Record<SideId, AtLeast[]> };
  diceRolled: number;
  /** with more than one unit on a side: each unit's fate (shares of the runs) and models left */
  units?: { side: SideId; name: string; fate: Counts; fateCI: Record<string, Interval>; survivors: Distribution }[];
}

/** Where each statistic goes in the `sim --json` report. */
export function report(a: Aggregate, meta: { rules: string; scenario: string; seed: string; partial: boolean }): SimReport {
  const c = a.cells;
  const n = c.runs.n;
  const share = (t: Tally) => (n ? round(t.n / n) : 0);
  const perRun = (t: Tally) => (n ? round(t.n / n) : 0);
  const frac = (k: Categories) => Object.fromEntries(Object.entries(k.counts).map(([key, v]) => [key, n ? round(v / n) : 0]));
  const ci = (k: Categories) => Object.fromEntries(Object.entries(k.counts).map(([key, v]) => [key, wilson(v, n)]));
  const dist = (r: Record<SideId, Histogram>) => ({ attacker: r.attacker.h.summary(), defender: r.defender.h.summary() });
  return {
    rules: meta.rules, scenario: meta.scenario, runs: n, seed: meta.seed, dice: DICE_STREAM, partial: meta.partial, sides: a.limits.sides,
    firstRound: { result: frac(c.firstResult), resultCI: ci(c.firstResult), woundsInflicted: dist(c.firstWounds) },
    final: {
      winner: frac(c.winner), winnerCI: ci(c.winner), end: frac(c.end), endCI: ci(c.end),
      survivors: dist(c.survivors), woundsLeft: dist(c.woundsLeft), woundsInflicted: dist(c.totalWounds), rounds: c.phases.h.summary(),
    },
    morale: {
      taken: c.moraleTaken.n, failed: c.moraleFailed.n, perRun: perRun(c.moraleTaken),
      runsWithCheck: share(c.runsWithMorale), runsWithCheckCI: wilson(c.runsWithMorale.n, n),
      runsWithFailure: share(c.runsWithFailedMorale), runsWithFailureCI: wilson(c.runsWithFailedMorale.n, n),
    },
    sweepingAdvance: {
      attempted: c.sweepsAttempted.n, caught: c.sweepsCaught.n, perRun: perRun(c.sweepsAttempted),
      caughtOfAttempted: c.sweepsAttempted.n ? round(c.sweepsCaught.n / c.sweepsAttempted.n) : 0,
      runsAttempted: share(c.runsWithSweep), runsAttemptedCI: wilson(c.runsWithSweep.n, n),
      runsCaught: share(c.runsCaught), runsCaughtCI: wilson(c.runsCaught.n, n),
    },
    extremes: {
      attackerWorst: c.worst.attacker.e, defenderWorst: c.worst.defender.e, longest: c.longest.e,
      note: 'replay with: assault fight <scenario> --seed <seed> --run <run>; value: wounds left (worst) or phases (longest)',
    },
    atLeast: {
      firstRoundWounds: { attacker: c.firstWounds.attacker.h.atLeast(), defender: c.firstWounds.defender.h.atLeast() },
      survivors: { attacker: c.survivors.attacker.h.atLeast(), defender: c.survivors.defender.h.atLeast() },
    },
    diceRolled: c.dice.n,
    ...(a.limits.units ? {
      units: a.limits.units.map((u, i) => ({
        side: u.side, name: u.name, fate: frac(c.unitFates[i]!), fateCI: ci(c.unitFates[i]!), survivors: c.unitSurvivors[i]!.h.summary(),
      })),
    } : {}),
  };
}
