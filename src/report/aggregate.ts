// What a Monte Carlo run keeps of each fight: counts and histograms, fixed in size (with at most
// KEEP_OUTCOMES distinct outcomes waiting to be added), mergeable across chunks and workers, and
// turned into the `sim --json` report at the end. Every statistic is declared once, in
// `declare` below: how it is read from a fight's outcome and where it goes in the report.
// Adding, merging, crossing a worker boundary and reporting are the same few lines for all.
import { CHARGE_TALLIES, VEHICLE_EXPLODES, VEHICLE_IMMOBILISED, VEHICLE_SHAKEN, VEHICLE_STUNNED, type ChargeTally, type FightOutcome } from '../engine/fight.js';
import { DICE_STREAM } from '../counts.js';
import { MAX_ROUNDS, SIDES, type Scenario, type SideId } from '../model.js';
import { editionFromFile, getEdition } from '../editions/registry.js';
import { isRuleset } from '../engine/ruleset.js';
import { basename } from 'node:path';
import { IntHistogram, round, roundExact, share as shareOf, type AtLeast, type Distribution, type Interval, type SerialHistogram } from './stats.js';
import { ENDS, FATES } from './fates.js';
import { OutcomeIds } from './outcomes.js';
import { grown } from './state-table.js';
import { CodeTable } from './codes.js';


export interface Limits {
  models: Record<SideId, number>;
  wounds: Record<SideId, number>;
  /** the units of the fight (as the ruleset organises them), reported one by one when a side has more than one */
  units: { side: SideId; name: string; models: number }[] | null;
  /** every unit of the scenario, by side (for headlines) */
  sides: Record<SideId, { name: string; models: number }[]>;
  /** an epic fight: its own figures are kept too (rules/epic.md E13); models are epic units */
  epic?: boolean;
  /** the vehicles and walkers (vehicles.md V14): their unit's place among the fight's units; reported under `vehicle` when there is one, else under each unit */
  vehicles?: { unit: number; name: string; side: SideId }[];
  /** the most glancing and penetrating hits a vehicle could take, for their histograms; and a side's wounds inflicted can reach the other's wounds plus these */
  vehicleHits?: Record<SideId, number>;
}

/** The most roll-offs and Blast markers an epic fight's histograms tell apart (more are counted as this many: ties beyond it have a chance below 6^-60). */
export const EPIC_MAX_ROLLS = 64;

export function limitsOf(s: Scenario): Limits {
  const sum = (side: SideId, f: (w: number) => number) =>
    s[side].units.reduce((n, u) => n + u.models.reduce((k, g) => k + g.count * f(g.spec.profile.W), 0), 0);
  const edition = getEdition(s.rules);
  const organized = (isRuleset(edition) ? edition.organize?.(s) : undefined) ?? s;
  const units = SIDES.flatMap((side) =>
    organized[side].units.map((u) => ({ side, name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })));
  const vehicles = SIDES.flatMap((side) => organized[side].units.map((u) => ({ side, u })))
    .flatMap(({ side, u }, i) => (u.models.some((g) => g.spec.vehicle) ? [{ unit: i, name: u.name, side }] : []));
  const several = organized.attacker.units.length > 1 || organized.defender.units.length > 1 || vehicles.length > 1;
  // each enemy model's attacks at most A + 2 (two weapons, the charge) a phase; a walker may fight every phase
  const phases = s.rounds === 'resolve' ? MAX_ROUNDS : Math.ceil(s.rounds);
  const hitsOn = (side: SideId) => {
    if (!vehicles.some((v) => v.side === side)) return 0;
    const walkers = organized[side].units.some((u) => u.models.some((g) => g.spec.vehicle?.kind === 'walker'));
    const enemy = side === 'attacker' ? 'defender' : 'attacker';
    const perPhase = organized[enemy].units.reduce((n, u) => n + u.models.reduce((k, g) => k + g.count * (g.spec.profile.A + 2), 0), 0);
    return perPhase * (walkers ? phases : 1);
  };
  return {
    ...(vehicles.length > 0 ? { vehicles, vehicleHits: { attacker: hitsOn('attacker'), defender: hitsOn('defender') } } : {}),
    models: { attacker: sum('attacker', () => 1), defender: sum('defender', () => 1) },
    wounds: { attacker: sum('attacker', (w) => w), defender: sum('defender', (w) => w) },
    units: several ? units : null,
    ...(s.attacker.units.some((u) => u.epic) ? { epic: true } : {}),
    sides: {
      attacker: s.attacker.units.filter((u) => !u.nearby).map((u) => ({ name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })),
      defender: s.defender.units.filter((u) => !u.nearby).map((u) => ({ name: u.name, models: u.models.reduce((n, g) => n + g.count, 0) })),
    },
  };
}

/** The run that produced an extreme, so a user can replay it with `fight --run`. */
export interface Extreme { run: number; value: number }
/** An extreme in a report: exact has no run to replay */
export type ReportExtreme = { run: number | null; value: number } | null;

type Counts = Record<string, number>;

/** The cells of the first phase's result and wounds, known once the first phase is over. */
export const FIRST_PHASE = 1;
/** The cells that count events over a fight (Morale checks, sweeps): sums of what each step adds. */
export const COUNTS = 2;
/**
 * The distributions `exact` may carry beside the states of the later phases of a vehicle fight
 * (exact/beside.ts), in this order: the wounds each side inflicted, then each vehicle's glancing
 * hits, penetrating hits and gun wrecked results (`Aggregate.addBeside`).
 */
export const BESIDE = 4;

// ---- the cells a statistic is kept in -----------------------------------------------------

/** One kind of cell: what a fight adds, how two merge, how it crosses a worker boundary. */
interface Cell<S> {
  /** FIRST_PHASE, COUNTS or 0: which `exact` adds apart (`Aggregate.add`); set where the statistic is declared */
  part: number;
  /** a fight: run `run` of a sim (w = 1), or (exact) the share `w` of fights that end this way */
  add(o: FightOutcome, run: number, w: number): void;
  merge(other: this): void;
  save(): S;
  load(s: S): void;
}

/** A whole number summed over the runs (a count of checks, of fights with a sweep, ...). */
class Tally implements Cell<number> {
  part = 0;
  n = 0;
  constructor(private readonly read: (o: FightOutcome) => number) {}
  add(o: FightOutcome, _run: number, w: number): void { this.n += w * this.read(o); }
  merge(o: Tally): void { this.n += o.n; }
  save(): number { return this.n; }
  load(s: number): void { this.n = s; }
}

/** How many runs fell in each category (who won, how it ended, a unit's fate). */
class Categories implements Cell<Counts> {
  part = 0;
  /** runs per category, in the order of `keys` (a Map finds the slot: faster than a keyed object) */
  private readonly n: Float64Array;
  private readonly slot: Map<string, number>;
  constructor(private readonly keys: readonly string[], private readonly read: (o: FightOutcome) => string) {
    this.n = new Float64Array(keys.length);
    this.slot = new Map(keys.map((k, i) => [k, i]));
  }
  get counts(): Counts { return Object.fromEntries(this.keys.map((k, i) => [k, this.n[i]!])); }
  add(o: FightOutcome, _run: number, w: number): void { this.n[this.slot.get(this.read(o))!]! += w; }
  merge(o: Categories): void { for (let i = 0; i < this.n.length; i++) this.n[i]! += o.n[i]!; }
  save(): Counts { return this.counts; }
  load(s: Counts): void { this.keys.forEach((k, i) => (this.n[i] = s[k] ?? 0)); }
}

/** A whole-number quantity's distribution (wounds, survivors, phases). */
class Histogram implements Cell<SerialHistogram> {
  part = 0;
  h: IntHistogram;
  constructor(max: number, private readonly read: (o: FightOutcome) => number) {
    this.h = new IntHistogram(max);
  }
  add(o: FightOutcome, _run: number, w: number): void { this.h.add(this.read(o), w); }
  merge(o: Histogram): void { this.h.merge(o.h); }
  save(): SerialHistogram { return this.h.toJSON(); }
  load(s: SerialHistogram): void { this.h = IntHistogram.from(s); }
}

/** The run with the lowest (or highest) value; on a tie the earlier run, so the order runs are added or merged in does not matter. Exact: run 0, the value alone. */
class Extremum implements Cell<Extreme | null> {
  part = 0;
  e: Extreme | null = null;
  constructor(private readonly read: (o: FightOutcome) => number, private readonly lowest: boolean) {}
  private better(v: number, than: number): boolean { return this.lowest ? v < than : v > than; }
  add(o: FightOutcome, run: number): void {
    const v = this.read(o);
    if (!this.e || this.better(v, this.e.value) || (v === this.e.value && run < this.e.run)) this.e = { run, value: v };
  }
  merge(o: Extremum): void {
    const b = o.e;
    if (b && (!this.e || this.better(b.value, this.e.value) || (b.value === this.e.value && b.run < this.e.run))) this.e = b;
  }
  save(): Extreme | null { return this.e; }
  load(s: Extreme | null): void { this.e = s; }
}

// ---- every statistic, once ------------------------------------------------------------------

/** The cell `c`, of the part `part` (FIRST_PHASE, COUNTS). */
function of<C extends Cell<unknown>>(part: number, c: C): C {
  c.part = part;
  return c;
}

/**
 * The cells of one sim, by name. Each line is one statistic and its part (the first phase's,
 * or a count of events over a fight: `exact` adds those apart); `report` below places it.
 */
function declare(limits: Limits) {
  const hist = (max: number, read: (o: FightOutcome) => number) => new Histogram(max, read);
  const bySide = <T>(f: (side: SideId, other: SideId) => T) => ({ attacker: f('attacker', 'defender'), defender: f('defender', 'attacker') });
  return {
    runs: new Tally(() => 1),
    dice: new Tally(() => 0), // added apart: the dice a fight rolled are counted by its dice
    // 'none': no close combat was fought (epic); the report leaves it out
    firstResult: of(FIRST_PHASE, new Categories(['attacker', 'defender', 'draw', 'none'], (o) => o.firstResult)),
    winner: new Categories(['attacker', 'defender', 'none'], (o) => o.winner ?? 'none'),
    end: new Categories(ENDS, (o) => o.end),
    moraleTaken: of(COUNTS, new Tally((o) => o.moraleTaken)),
    moraleFailed: of(COUNTS, new Tally((o) => o.moraleFailed)),
    runsWithMorale: new Tally((o) => (o.moraleTaken > 0 ? 1 : 0)),
    runsWithFailedMorale: new Tally((o) => (o.moraleFailed > 0 ? 1 : 0)),
    sweepsAttempted: of(COUNTS, new Tally((o) => o.sweepsAttempted)),
    sweepsCaught: of(COUNTS, new Tally((o) => o.sweepsCaught)),
    runsWithSweep: new Tally((o) => (o.sweepsAttempted > 0 ? 1 : 0)),
    runsCaught: new Tally((o) => (o.sweepsCaught > 0 ? 1 : 0)),
    sweepWounds: of(COUNTS, new Tally((o) => o.sweepWounds)),
    charge: Object.fromEntries(CHARGE_TALLIES.map((k) => [k, of(COUNTS, new Tally((o) => o.charge[k]))])) as Record<keyof ChargeTally, Tally>,
    // wounds inflicted BY a side are bounded by the other side's wounds
    firstWounds: bySide((s, e) => of(FIRST_PHASE, hist(limits.wounds[e] + (limits.vehicleHits?.[e] ?? 0), (o) => o.firstWounds[s]))),
    totalWounds: bySide((s, e) => of(BESIDE, hist(limits.wounds[e] + (limits.vehicleHits?.[e] ?? 0), (o) => o.totalWounds[s]))),
    survivors: bySide((s) => hist(limits.models[s], (o) => o.survivors[s].models)),
    woundsLeft: bySide((s) => hist(limits.wounds[s], (o) => o.survivors[s].wounds)),
    phases: hist(MAX_ROUNDS, (o) => o.phases),
    /** fewest wounds left on each side (its worst loss); the longest fight */
    worst: bySide((s) => new Extremum((o) => o.survivors[s].wounds, true)),
    longest: new Extremum((o) => o.phases, false),
    unitFates: (limits.units ?? []).map((_, i) => new Categories(FATES, (o) => o.units[i]!.fate)),
    unitSurvivors: (limits.units ?? []).map((u, i) => hist(u.models, (o) => o.units[i]!.survivors)),
    epic: limits.epic ? epicCells(limits, hist, bySide) : null,
    vehicles: (limits.vehicles ?? []).map((v) => vehicleCells(v.unit, limits.vehicleHits![v.side], hist)),
  };
}

/** Epic's own figures (rules/epic.md E13), read from its outcome's `epic`. */
function epicCells(
  limits: Limits,
  hist: (max: number, read: (o: FightOutcome) => number) => Histogram,
  bySide: <T>(f: (side: SideId, other: SideId) => T) => Record<SideId, T>,
) {
  return {
    moved: new Tally((o) => o.epic!.moved),
    unitsInContact: hist(limits.models.attacker, (o) => o.epic!.unitsInContact),
    supporting: bySide((s) => hist(limits.models[s], (o) => o.epic!.supporting[s])),
    resolutionRolls: hist(EPIC_MAX_ROLLS, (o) => o.epic!.resolutionRolls),
    markersPlaced: bySide((s) => hist(EPIC_MAX_ROLLS + limits.models[s], (o) => o.epic!.markersPlaced[s])),
    unitsDestroyed: bySide((s) => hist(limits.models[s], (o) => o.epic!.unitsDestroyed[s])),
    broken: bySide((s) => new Tally((o) => o.epic!.broken[s])),
  };
}

/**
 * A vehicle's figures (vehicles.md V14): shares of runs in which it was destroyed, exploded, or
 * ended (surviving) immobilised, stunned, shaken, with a gun wrecked, or took no glancing or
 * penetrating hit; and its hits and gun wrecked results.
 */
function vehicleCells(i: number, most: number, hist: (max: number, read: (o: FightOutcome) => number) => Histogram) {
  const alive = (o: FightOutcome) => o.units[i]!.survivors > 0;
  const flag = (bit: number) => new Tally((o) => (alive(o) && (o.units[i]!.vehicle!.flags & bit) !== 0 ? 1 : 0));
  return {
    destroyed: new Tally((o) => (alive(o) ? 0 : 1)),
    explodes: new Tally((o) => ((o.units[i]!.vehicle!.flags & VEHICLE_EXPLODES) !== 0 ? 1 : 0)),
    immobilised: flag(VEHICLE_IMMOBILISED),
    stunned: flag(VEHICLE_STUNNED),
    shaken: flag(VEHICLE_SHAKEN),
    gunWrecked: new Tally((o) => (alive(o) && o.units[i]!.vehicle!.gunsWrecked > 0 ? 1 : 0)),
    unharmed: new Tally((o) => (o.units[i]!.vehicle!.glancing + o.units[i]!.vehicle!.penetrating === 0 ? 1 : 0)),
    glancing: of(BESIDE, hist(most, (o) => o.units[i]!.vehicle!.glancing)),
    penetrating: of(BESIDE, hist(most, (o) => o.units[i]!.vehicle!.penetrating)),
    gunsWrecked: of(BESIDE, hist(most, (o) => o.units[i]!.vehicle!.gunsWrecked)),
  };
}

/** a vehicle's distribution carried beside: 0 glancing, 1 penetrating, 2 gun wrecked results */
function beside(v: ReturnType<typeof vehicleCells>, f: number): Histogram {
  return f === 0 ? v.glancing : f === 1 ? v.penetrating : v.gunsWrecked;
}

/** A vehicle's figures in the report (vehicles.md V14). */
export interface VehicleReport {
  /** the vehicle's unit and side */
  name: string; side: SideId;
  destroyed: number; explodes: number; immobilised: number; stunned: number; shaken: number; gunWrecked: number; unharmed: number;
  glancing: Distribution; penetrating: Distribution; gunsWrecked: Distribution;
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


/**
 * Distinct outcomes a sim keeps before it adds their runs to the cells and forgets them: memory
 * stays bounded (a few hundred bytes an outcome). 16,384 made tactical-vs-boyz to resolution
 * (about 20,000 outcomes in a million runs) forget and number its common outcomes again and
 * again: 2,000,000 runs took 5% longer and peaked 23 MiB higher than with 65,536.
 */
export const KEEP_OUTCOMES = 65_536;

/**
 * A sim's runs are not added to the cells one by one: each run counts one more for its outcome
 * (report/outcomes.ts), and the cells take each outcome once, with its count and its first run,
 * when they are read (or when too many outcomes are kept). Every cell adds whole numbers, and an
 * extreme keeps the earliest run, so the figures are those of adding run by run; each run costs
 * one lookup instead of a call per cell.
 */
export class Aggregate {
  private readonly all: Cells;
  private readonly list: [string, Cell<unknown>][];
  /** the cells alone, for adding a run without an iterator */
  private readonly cellList: Cell<unknown>[];
  /** the runs not yet in the cells: per outcome how many, and the first of them */
  private ids = new OutcomeIds();
  private pending: number[] = [];
  private firstRun: number[] = [];
  private pendingRuns = 0;
  /** `keep`: the distinct outcomes kept before they are added to the cells (tests make it small) */
  constructor(readonly limits: Limits, private readonly keep = KEEP_OUTCOMES) {
    this.all = declare(limits);
    this.list = each(this.all);
    this.cellList = this.list.map(([, c]) => c);
    this.part = this.cellList.map((c) => c.part);
  }
  /** each cell's part (FIRST_PHASE, COUNTS or 0) */
  private readonly part: number[];
  /** the cells, every run added so far in them */
  get cells(): Cells {
    this.settle();
    return this.all;
  }
  get runs(): number {
    return this.all.runs.n + this.pendingRuns;
  }
  /** Run `run` of a sim, which rolled `dice` dice. */
  addRun(o: FightOutcome, run: number, dice: number): void {
    this.count(this.ids.id(o), run, dice);
  }
  /**
   * `addRun`, for a caller that has also reduced the outcome to a code: a number that outcomes
   * share only when they are equal in every figure (sim/kernel/kernel.ts), given as its low and
   * high 32 bits (report/codes.ts). A known code is one lookup of a number, not the outcome's key
   * built and hashed.
   */
  addRunCoded(lo: number, hi: number, fight: { outcome(): FightOutcome }, run: number, dice: number): void {
    let id = this.codes.get(lo, hi);
    if (id < 0) {
      id = this.ids.id(fight.outcome());
      this.codes.set(lo, hi, id);
    }
    this.count(id, run, dice);
  }
  /**
   * `addRunCoded` for codes numbered from 0 up (sim/tabled.ts: a few thousand): the outcome's
   * number read from an array, not a table of codes.
   */
  addRunNumbered(n: number, fight: { outcome(): FightOutcome }, run: number, dice: number): void {
    if (n >= this.numbered.length) {
      const had = this.numbered.length;
      this.numbered = grown(this.numbered, Math.max(2 * had, n + 1));
      this.numbered.fill(-1, had);
    }
    let id = this.numbered[n]!;
    if (id < 0) this.numbered[n] = id = this.ids.id(fight.outcome());
    this.count(id, run, dice);
  }
  /** the outcome numbers of the numbers given to `addRunNumbered` (-1: not met; forgotten with the outcomes) */
  private numbered = new Int32Array(256).fill(-1);
  /** Run `run`, which the kernel fought rolling `dice` dice: by its code when it has one. */
  addKernelRun(k: { coded: boolean; code: number; outcome(): FightOutcome }, run: number, dice: number): void {
    // a fight may have no code where its others have (sim/kernel/kernel.ts `encode`: -1)
    const code = k.code;
    if (k.coded && code >= 0) this.addRunCoded(code | 0, (code / 4294967296) | 0, k, run, dice);
    else this.addRun(k.outcome(), run, dice);
  }
  /** the outcome numbers of the codes given to `addRunCoded` (forgotten with the outcomes) */
  private codes = new CodeTable();
  private count(id: number, run: number, dice: number): void {
    const pending = this.pending;
    if (id === pending.length) {
      pending.push(0);
      this.firstRun.push(run);
    } else if (run < this.firstRun[id]!) this.firstRun[id] = run;
    pending[id]!++;
    this.pendingRuns++;
    this.all.dice.n += dice;
    if (id >= this.keep) this.settle(true);
  }
  /** The runs counted by outcome added to the cells, each outcome once; `forget`: and the outcomes forgotten. */
  private settle(forget = false): void {
    if (this.pendingRuns > 0) {
      const cells = this.cellList;
      const { pending, firstRun } = this;
      for (let id = 0; id < pending.length; id++) {
        const n = pending[id]!;
        if (n === 0) continue;
        const o = this.ids.outcome(id);
        for (let i = 0; i < cells.length; i++) cells[i]!.add(o, firstRun[id]!, n);
        pending[id] = 0;
      }
      this.pendingRuns = 0;
    }
    if (forget) {
      this.ids = new OutcomeIds();
      this.codes = new CodeTable();
      this.numbered.fill(-1);
      this.pending = [];
      this.firstRun = [];
    }
  }
  /**
   * Straight into the cells: (exact) a share `w` of the fights ending as `o`, leaving out the
   * cells of `skip`: the first phase's (FIRST_PHASE) or the counts' (COUNTS), which `exact` adds
   * as soon as they are known.
   */
  add(o: FightOutcome, run: number, dice: number, w = 1, skip = 0): void {
    const cells = this.cellList;
    if (skip === 0) for (let i = 0; i < cells.length; i++) cells[i]!.add(o, run, w);
    else for (let i = 0; i < cells.length; i++) if ((this.part[i]! & skip) === 0) cells[i]!.add(o, run, w);
    this.all.dice.n += dice;
  }
  /** (exact) a share `w` of the fights whose figure `k` of those carried beside (`BESIDE`) is `v` */
  addBeside(k: number, v: number, w: number): void {
    this.besideCell(k).h.add(v, w);
  }
  /** (exact) the largest value figure `k` of those carried beside is counted at: a larger one counts as it */
  besideMax(k: number): number {
    return this.besideCell(k).h.max;
  }
  private besideCell(k: number): Histogram {
    const t = this.all.totalWounds;
    return k === 0 ? t.attacker : k === 1 ? t.defender : beside(this.all.vehicles[Math.floor((k - 2) / 3)]!, (k - 2) % 3);
  }
  /** (exact) only the cells of `parts` */
  addOnly(o: FightOutcome, w: number, parts: number): void {
    const cells = this.cellList;
    for (let i = 0; i < cells.length; i++) if ((this.part[i]! & parts) !== 0) cells[i]!.add(o, 0, w);
  }
  merge(o: Aggregate): void {
    this.settle();
    o.settle();
    for (let i = 0; i < this.list.length; i++) this.list[i]![1].merge(o.list[i]![1] as never);
  }
  /** A plain object that crosses a worker boundary. */
  serialize(): SerialAggregate {
    this.settle();
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
  /** an edition file's: its file name (the id is `rules`) */
  rulesFile?: string;
  scenario: string;
  /** 'exact' (assault exact): every figure is the exact probability or expectation, `runs` is 1 and counts are shares */
  method: 'sim' | 'exact';
  runs: number;
  /** null for exact */
  seed: string | null;
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
    /** epic (rules/epic.md E13): Blast markers put on each side in the fight, its own units destroyed, the share of fights it ends Broken */
    blastMarkersPlaced?: Record<SideId, Distribution>;
    unitsDestroyed?: Record<SideId, Distribution>;
    broken?: Record<SideId, number>;
    brokenCI?: Record<SideId, Interval>;
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
    /** wounds the sweeps inflicted on the units they caught, per fight on average (fightphase, waffle; 0 where a sweep destroys) */
    woundsPerRun: number;
  };
  /** the worst outcome of each side and the longest fight (the JSON adds a note on how to read them: render/report.ts `reportJson`) */
  extremes: { attackerWorst: ReportExtreme; defenderWorst: ReportExtreme; longest: ReportExtreme };
  /** "at least k": wounds each side inflicts in the first phase, models each side has left at the end (index = k) */
  atLeast: { firstRoundWounds: Record<SideId, AtLeast[]>; survivors: Record<SideId, AtLeast[]> };
  diceRolled: number;
  /**
   * waffle's charge sub-phase and Final Blow, per fight on average: units that fired Overwatch, fell
   * back as their reaction, and escaped the charge so; wounds from Overwatch (not in the result)
   * and Fiery Charge (in it); Final Blow attacks. All 0 in the other rulesets.
   */
  charge: ChargeTally & Partial<EpicCharge>;
  /** epic (rules/epic.md E13): the roll-offs of the close combat */
  close?: { resolutionRolls: Distribution };
  /** with more than one unit on a side: each unit's fate (shares of the runs) and models left (a vehicle's figures too, with more than one vehicle) */
  units?: { side: SideId; name: string; fate: Counts; fateCI: Record<string, Interval>; survivors: Distribution; vehicle?: VehicleReport }[];
  /** the one vehicle or walker of the fight (vehicles.md V14) */
  vehicle?: VehicleReport;
}

/** Epic's charge figures (rules/epic.md E13): the share of fights the attacker moved, its units in base contact, each side's supporting units. */
export interface EpicCharge { moved: number; movedCI: Interval; unitsInContact: Distribution; supporting: Record<SideId, Distribution> }

/** `r` less its key `k`. */
function without<T>(r: Record<string, T>, k: string): Record<string, T> {
  const { [k]: _, ...rest } = r;
  return rest;
}

/** An edition file's name, for the report beside its id. */
function fileOf(id: string): { rulesFile?: string } {
  const file = editionFromFile(id)?.file?.path;
  return file ? { rulesFile: basename(file) } : {};
}

/** Where each statistic goes in the `sim --json` report (and `exact`'s: the same paths, exact figures). */
export function report(a: Aggregate, meta: { rules: string; scenario: string; seed: string | null; partial: boolean; method?: 'sim' | 'exact' }): SimReport {
  const c = a.cells;
  const n = c.runs.n;
  const exact = meta.method === 'exact';
  const r = exact ? roundExact : round;
  const share = (t: Tally) => (n ? r(t.n / n) : 0);
  const perRun = (t: Tally) => (n ? r(t.n / n) : 0);
  const frac = (k: Categories) => Object.fromEntries(Object.entries(k.counts).map(([key, v]) => [key, n ? r(v / n) : 0]));
  const wilson = (k: number, total: number): Interval => {
    const { low, high } = shareOf(k, total, exact);
    return { low, high };
  };
  const ci = (k: Categories) => Object.fromEntries(Object.entries(k.counts).map(([key, v]) => [key, wilson(v, n)]));
  const dist = (h: Record<SideId, Histogram>) => ({ attacker: h.attacker.h.summary(exact), defender: h.defender.h.summary(exact) });
  // exact: no run to replay, the worst and longest possible
  const ep = c.epic;
  const extreme = (e: Extreme | null): ReportExtreme => (e && exact ? { run: null, value: e.value } : e);
  const vs: VehicleReport[] = c.vehicles.map((v, i) => ({
    name: a.limits.vehicles![i]!.name, side: a.limits.vehicles![i]!.side,
    destroyed: share(v.destroyed), explodes: share(v.explodes), immobilised: share(v.immobilised), stunned: share(v.stunned),
    shaken: share(v.shaken), gunWrecked: share(v.gunWrecked), unharmed: share(v.unharmed),
    glancing: v.glancing.h.summary(exact), penetrating: v.penetrating.h.summary(exact), gunsWrecked: v.gunsWrecked.h.summary(exact),
  }));
  return {
    rules: meta.rules, ...fileOf(meta.rules), scenario: meta.scenario, method: exact ? 'exact' : 'sim', runs: exact ? 1 : n, seed: meta.seed, dice: DICE_STREAM, partial: meta.partial, sides: a.limits.sides,
    firstRound: { result: without(frac(c.firstResult), 'none'), resultCI: without(ci(c.firstResult), 'none'), woundsInflicted: dist(c.firstWounds) },
    final: {
      winner: frac(c.winner), winnerCI: ci(c.winner), end: frac(c.end), endCI: ci(c.end),
      survivors: dist(c.survivors), woundsLeft: dist(c.woundsLeft), woundsInflicted: dist(c.totalWounds), rounds: c.phases.h.summary(exact),
      ...(ep ? {
        blastMarkersPlaced: dist(ep.markersPlaced), unitsDestroyed: dist(ep.unitsDestroyed),
        broken: { attacker: share(ep.broken.attacker), defender: share(ep.broken.defender) },
        brokenCI: { attacker: wilson(ep.broken.attacker.n, n), defender: wilson(ep.broken.defender.n, n) },
      } : {}),
    },
    morale: {
      taken: r(c.moraleTaken.n), failed: r(c.moraleFailed.n), perRun: perRun(c.moraleTaken),
      runsWithCheck: share(c.runsWithMorale), runsWithCheckCI: wilson(c.runsWithMorale.n, n),
      runsWithFailure: share(c.runsWithFailedMorale), runsWithFailureCI: wilson(c.runsWithFailedMorale.n, n),
    },
    sweepingAdvance: {
      attempted: r(c.sweepsAttempted.n), caught: r(c.sweepsCaught.n), perRun: perRun(c.sweepsAttempted),
      caughtOfAttempted: c.sweepsAttempted.n ? r(c.sweepsCaught.n / c.sweepsAttempted.n) : 0,
      runsAttempted: share(c.runsWithSweep), runsAttemptedCI: wilson(c.runsWithSweep.n, n),
      runsCaught: share(c.runsCaught), runsCaughtCI: wilson(c.runsCaught.n, n),
      woundsPerRun: perRun(c.sweepWounds),
    },
    extremes: {
      attackerWorst: extreme(c.worst.attacker.e), defenderWorst: extreme(c.worst.defender.e), longest: extreme(c.longest.e),
    },
    atLeast: {
      firstRoundWounds: { attacker: c.firstWounds.attacker.h.atLeast(exact), defender: c.firstWounds.defender.h.atLeast(exact) },
      survivors: { attacker: c.survivors.attacker.h.atLeast(exact), defender: c.survivors.defender.h.atLeast(exact) },
    },
    diceRolled: r(c.dice.n),
    charge: {
      ...Object.fromEntries(CHARGE_TALLIES.map((k) => [k, perRun(c.charge[k])])) as unknown as ChargeTally,
      ...(ep ? {
        moved: share(ep.moved), movedCI: wilson(ep.moved.n, n),
        unitsInContact: ep.unitsInContact.h.summary(exact), supporting: dist(ep.supporting),
      } : {}),
    },
    ...(ep ? { close: { resolutionRolls: ep.resolutionRolls.h.summary(exact) } } : {}),
    ...(a.limits.units ? {
      units: a.limits.units.map((u, i) => {
        const v = vs.length > 1 ? a.limits.vehicles!.findIndex((x) => x.unit === i) : -1;
        return {
          side: u.side, name: u.name, fate: frac(c.unitFates[i]!), fateCI: ci(c.unitFates[i]!), survivors: c.unitSurvivors[i]!.h.summary(exact),
          ...(v >= 0 ? { vehicle: vs[v]! } : {}),
        };
      }),
    } : {}),
    ...(vs.length === 1 ? { vehicle: vs[0]! } : {}),
  };
}
