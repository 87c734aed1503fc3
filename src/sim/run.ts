// Monte Carlo: the same engine as `fight`, with the event log off. Run k (1-based) of a sim
// with seed S is fought with dice stream 2 started at (S, k) (src/counts.ts), whatever the
// chunk or worker that runs it, so results depend only on scenario, seed and runs, and
// `fight --run k` replays it.
import { Worker } from 'node:worker_threads';
import { allThreads, threadsFor } from './threads.js';
import { CountChance } from '../counts.js';
import { distUrl } from '../paths.js';
import { runFight, type FightOutcome } from '../engine/fight.js';
import { FightState } from '../engine/state.js';
import type { Scenario } from '../model.js';
import { getEdition, knownToWorkers } from '../editions/registry.js';
import { isRuleset } from '../engine/ruleset.js';
import type { OwnFights } from '../engine/edition.js';
import { kernelFor, type FightKernel } from './kernel/kernel.js';
import { TabledFight } from './tabled.js';
import type { Ruleset } from '../engine/ruleset.js';
import { Aggregate, limitsOf, report, type SerialAggregate, type SimReport } from '../report/aggregate.js';
import { editionFiles } from '../io/edition.js';

/**
 * Compiling the kernel (sim/kernel/compile.ts) pays from about this many runs on. A new function
 * runs slowly until V8 has optimised it: over 40 matchups of matrix-all.yaml fought to
 * resolution, compiled from the first run, 5,000 runs took 11.7 ms a matchup against 11.0
 * reading the tables, 7,500 16.3 against 16.9, 10,000 18.1 against 21.3 and 20,000 31.3 against
 * 33.2; compiled only after 10,000 runs, 20,000 took 38.4. So the choice is made up front, from
 * the runs to fight: a batch row of 1,000 runs is fought reading the tables, a `sim` of the
 * default 10,000 compiled.
 */
export const COMPILE_FROM = 10_000;

/**
 * Tabling the reference steps' fights (sim/tabled.ts) pays from about this many runs on: the
 * table's first few thousand runs learn most of its ways, with the steps' code still cold, and
 * cost ten to twenty times a warm run. Measured in one process each (a scenario loaded, then its
 * runs), the steps alone against the table: 10 Marines charging 10 Boyz for one phase, fightphase,
 * 247 against 278 ms at 30,000 runs and 471 against 248 at 100,000; waffle 634 against 635 at
 * 100,000; the same fight to resolution, fightphase, 458 against 524 at 50,000 and 1,394 against
 * 766 at 300,000. So a default `sim` of 10,000 runs, a `batch` row or a sampled `check` pin is
 * fought by the steps alone, as before.
 */
export const TABLE_FROM = 100_000;

/** What `Fights.range` adds each run to: run `run`, which rolled `dice` dice, fought by the kernel (its figures in it) or the reference steps. */
export interface RunSink {
  addKernelRun(k: FightKernel, run: number, dice: number): void;
  addRun(o: FightOutcome, run: number, dice: number): void;
  /** `addRun` with the outcome numbered from 0 up (`n`: equal numbers, equal outcomes) */
  addRunNumbered(n: number, fight: { outcome(): FightOutcome }, run: number, dice: number): void;
}

/**
 * The fights of one scenario and seed, range after range, built once for a sim (and once in
 * each of its workers): with the kernel when it takes the fight (sim/kernel/kernel.ts: the same
 * outcomes, run by run, faster), compiled when `runs` (how many it will fight) is at least
 * COMPILE_FROM, else the reference steps. Nothing is kept between sims: a scenario changed
 * between two is fought as it is then.
 */
export class Fights {
  private readonly ruleset: Ruleset | null;
  private readonly chance: CountChance;
  private readonly kernel: FightKernel | null;
  /** the reference steps' fights tabled as they are fought (sim/tabled.ts), where the kernel does not take the fight */
  private readonly tabled: TabledFight | null;
  /** an edition's own fight (epic), which neither the kernel nor the 40K steps fight */
  private readonly own: OwnFights | null;
  private state: FightState | null = null;
  /** `reference`: the reference steps, whatever the kernel would take (the kernel's tests and the bench compare the two) */
  constructor(private readonly scenario: Scenario, seed: string, reference = false, runs = 0) {
    const edition = getEdition(scenario.rules);
    this.own = edition.ownFights?.(scenario) ?? null;
    this.ruleset = !this.own && isRuleset(edition) ? edition : null;
    if (!this.own && !this.ruleset) throw new Error(`ruleset '${edition.id}' has neither its own fight nor the 40K steps`);
    this.chance = new CountChance(seed);
    this.kernel = reference || !this.ruleset ? null : kernelFor(scenario, this.ruleset);
    if (runs >= COMPILE_FROM) this.kernel?.compile();
    this.tabled = !reference && !this.kernel && this.ruleset && runs >= TABLE_FROM ? new TabledFight(scenario, this.ruleset) : null;
  }

  /** Whether the kernel fights these runs compiled now (sim/kernel/compile.ts: about twice as fast). */
  get isCompiled(): boolean {
    return this.kernel?.isCompiled ?? false;
  }

  /** How these runs are fought now: by an edition's own fight, the kernel compiled or reading its tables, the table of the steps' fights, or the steps alone. */
  get way(): 'own' | 'compiled' | 'kernel' | 'tabled' | 'steps' {
    if (this.own) return 'own';
    if (this.kernel) return this.kernel.isCompiled ? 'compiled' : 'kernel';
    return this.tabled?.on ? 'tabled' : 'steps';
  }

  /** The runs a worker thread pays from, for these fights: more when they are fast, most when each thread learns a table of its own. */
  get runsPerWorker(): number {
    return this.tabled ? MIN_TABLED_RUNS_PER_WORKER : this.isCompiled ? MIN_COMPILED_RUNS_PER_WORKER : MIN_RUNS_PER_WORKER;
  }

  /** Fight runs [from, to] (1-based, inclusive) into `agg`: a report's statistics, or a batch row's figures (sim/row.ts). */
  range(from: number, to: number, agg: RunSink): void {
    const { chance, kernel, own } = this;
    if (own) {
      for (let run = from; run <= to; run++) {
        chance.start(run);
        agg.addRun(own.fight(chance, null), run, chance.rolled);
      }
      return;
    }
    if (kernel) {
      for (let run = from; run <= to; run++) {
        chance.start(run);
        kernel.run(chance);
        agg.addKernelRun(kernel, run, chance.rolled);
      }
      return;
    }
    const tabled = this.tabled;
    if (tabled) {
      for (; from <= to && tabled.on; from++) {
        chance.start(from);
        tabled.run(chance);
        if (tabled.code >= 0) agg.addRunNumbered(tabled.code, tabled, from, chance.rolled);
        else agg.addRun(tabled.outcome(), from, chance.rolled);
      }
    }
    const ruleset = this.ruleset!;
    const state = (this.state ??= new FightState(this.scenario, ruleset));
    for (let run = from; run <= to; run++) {
      state.reset();
      chance.start(run);
      const outcome = runFight(state, ruleset, chance, null);
      agg.addRun(outcome, run, chance.rolled);
    }
  }
}

/** Fight runs [from, to] of `scenario` with `seed` into `agg` (`Fights`, for one range). */
export function simulateRange(scenario: Scenario, seed: string, from: number, to: number, agg: Aggregate): void {
  new Fights(scenario, seed, false, to - from + 1).range(from, to, agg);
}

export interface SimOptions {
  runs: number;
  seed: string;
  /** worker threads to use for long runs (1: none; at most the machine's cores) */
  workers?: number;
  /** called now and then with the runs finished so far */
  onProgress?: (done: number, total: number) => void;
  /** set `.stopped` to finish early with partial statistics */
  signal?: { stopped: boolean };
  /** start a worker only for at least this many runs each (default: `Fights.runsPerWorker`) */
  minRunsPerWorker?: number;
}

/** Below this many runs, starting threads costs more than it gains. */
export const MIN_RUNS_PER_WORKER = 100_000;
/**
 * The same for fights the kernel compiles, twice as fast: `sim --workers 2` on 10 Marines
 * against 10 Boyz took 1.14x the time of one thread on 200,000 runs, 1.02x on 400,000, 0.93x on
 * 600,000 and 0.84x on a million (whole processes, medians of 7 pairs: `hyperfine` can repeat it).
 */
export const MIN_COMPILED_RUNS_PER_WORKER = 250_000;
/**
 * The same for tabled fights (sim/tabled.ts): each thread learns a table of its own, which takes
 * a few tenths of a second (the steps' code cold), as long as several hundred thousand runs of
 * the table take.
 */
export const MIN_TABLED_RUNS_PER_WORKER = 1_000_000;
const CHUNK = 5_000;

/** The threads a sim of `runs` asks for, `wanted` at most: one per `perWorker` runs (`Fights.runsPerWorker`), or per `minRunsPerWorker` when given (`threadsFor` caps them at the cores). */
export function simThreads(runs: number, wanted: number, perWorker: number, minRunsPerWorker?: number): number {
  return Math.min(wanted, Math.floor(runs / (minRunsPerWorker ?? perWorker)));
}

export async function simulate(scenario: Scenario, opts: SimOptions): Promise<SimReport> {
  const agg = new Aggregate(limitsOf(scenario));
  // an edition registered at run time is known in this thread alone
  const wanted = knownToWorkers(scenario.rules) ? (opts.workers ?? 1) : 1;
  // this thread's fights, which fight too when there are workers
  const fights = new Fights(scenario, opts.seed, false, opts.runs);
  const workers = threadsFor(simThreads(opts.runs, wanted, fights.runsPerWorker, opts.minRunsPerWorker));
  if (workers > 1) await inWorkers(scenario, opts, workers, agg, fights);
  else await inThisThread(fights, opts, agg);
  const partial = agg.runs < opts.runs;
  return report(agg, { rules: scenario.rules, scenario: scenario.name, seed: opts.seed, partial });
}

async function inThisThread(fights: Fights, opts: SimOptions, agg: Aggregate): Promise<void> {
  for (let from = 1; from <= opts.runs; from += CHUNK) {
    if (opts.signal?.stopped) return;
    const to = Math.min(opts.runs, from + CHUNK - 1);
    fights.range(from, to, agg);
    opts.onProgress?.(agg.runs, opts.runs);
    if (opts.onProgress || opts.signal) await new Promise((r) => setImmediate(r));
  }
}

/** What a `sim` worker is started with (`runs`: the whole sim's, as `Fights` is told in this thread); it then fights the ranges of runs it is handed, one at a time. */
export interface WorkerJob { scenario: Scenario; seed: string; runs: number; /** the edition files this thread read (the worker reads them too) */ editions: string[] }
/** To a worker: fight runs [from, to] next, or send what you have and finish. */
export type WorkerOrder = { type: 'range'; from: number; to: number } | { type: 'finish' };
/** From a worker: a range is done (its size), or its aggregate of every range it fought. */
export type WorkerMessage = { type: 'progress'; done: number } | { type: 'done'; agg: SerialAggregate };

/**
 * The runs are handed out CHUNK at a time to whichever thread is free, not split in equal
 * shares up front: no thread is left with a fixed share when its core is slower (though on
 * this machine, even with a busy process on one core, it measured the same), and a stop takes
 * effect within a range, with no timer. This thread fights ranges too, between the workers'
 * messages, so that `count` threads fight with `count - 1` started: it fights from the first
 * moment, while a worker starts and warms up (two workers and an idle main thread made 1.37x
 * over a million runs where the warm threads made 1.76x). Every run is fought with its own
 * seed wherever it is fought, and the aggregates are whole-number counts that add up the same
 * in any order, so the report is the same for any worker count. Each worker has one range
 * queued behind the one it fights, so it never waits for the next.
 */
async function inWorkers(scenario: Scenario, opts: SimOptions, count: number, agg: Aggregate, fights: Fights): Promise<void> {
  let next = 1;
  let done = 0;
  /** the next range to fight, or null when every run is handed out or the sim is stopped */
  const take = (): [number, number] | null => {
    if (opts.signal?.stopped || next > opts.runs) return null;
    const from = next;
    next = Math.min(opts.runs, from + CHUNK - 1) + 1;
    return [from, next - 1];
  };
  const finished = (n: number) => {
    done += n;
    opts.onProgress?.(done, opts.runs);
  };
  // the compiled worker, whether this module runs from dist/, the CLI bundle or src/ (tests)
  const url = distUrl('sim/worker.js');
  const threads = allThreads<SerialAggregate>(count - 1, ({ done: over }) => {
    const w = new Worker(url, { workerData: { scenario, seed: opts.seed, runs: opts.runs, editions: editionFiles() } satisfies WorkerJob });
    const order = (o: WorkerOrder) => w.postMessage(o);
    let finishing = false;
    const give = () => {
      if (finishing) return;
      const range = take();
      if (!range) {
        finishing = true;
        return order({ type: 'finish' });
      }
      order({ type: 'range', from: range[0], to: range[1] });
    };
    w.on('message', (m: WorkerMessage) => {
      if (m.type === 'done') return over(m.agg);
      finished(m.done);
      give();
    });
    // two ranges ahead, so that a worker never waits for its next one
    give();
    give();
    return w;
  });
  // a worker that fails stops this thread's runs too (its failure is thrown below); a range
  // that fails here stops the handing out, and is thrown once the workers have sent theirs
  let failed = false;
  threads.catch(() => (failed = true));
  let error: unknown = null;
  try {
    for (let range = take(); range && !failed; range = take()) {
      fights.range(range[0], range[1], agg);
      finished(range[1] - range[0] + 1);
      await new Promise((r) => setImmediate(r));
    }
  } catch (e) {
    error = e;
    next = opts.runs + 1;
  }
  const parts = await threads;
  if (error) throw error;
  for (const p of parts) agg.merge(Aggregate.from(p));
}
