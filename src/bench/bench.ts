// `npm run bench`: how fast `sim` is, as ratios against the bare d6 generator measured in the
// same run. Figures vary with the machine; the ratios are what to compare.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { loadMatrix } from '../batch/matrix.js';
import { runBatch } from '../batch/batch.js';
import { packageRoot } from '../paths.js';
import { exact, TooLarge } from '../exact/exact.js';
import { SeededDice } from '../dice.js';
import { loadScenario, SHIPPED_ROSTERS } from '../io/load.js';
import type { ModelSpec, Profile, Scenario, UnitSpec } from '../model.js';
import { Aggregate, limitsOf } from '../report/aggregate.js';
import { COMPILE_FROM, Fights, simulate } from '../sim/run.js';
import { runsForShare, SIM_SE } from '../sim/precision.js';
import { kernelFor } from '../sim/kernel/kernel.js';
import { getRuleset } from '../editions/registry.js';
import { BENCH_ABILITIES, editionRates, marinesChargeBoyz } from './editions.js';

const scenarioFile = (name: string) => join(SHIPPED_ROSTERS, 'scenarios', name);
const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;

/**
 * The bare generator's d6 rate over `seconds`. Called once for a second, its loop runs as V8's
 * on-stack replacement of the function, about a quarter slower than the function optimised
 * whole, which a later call runs: so the bench warms it and takes slices (`bareRate`).
 */
function bareD6Rate(seconds: number): number {
  const dice = new SeededDice('bench');
  let n = 0;
  let sink = 0;
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    for (let i = 0; i < 1_000_000; i++) sink += dice.d6();
    n += 1_000_000;
  }
  if (sink === 42) console.log('');
  return n / ((performance.now() - start) / 1000);
}

/**
 * One sim's fights, fought on from where the last slice left (a tabled fight keeps what it
 * learned, as in one long `sim`): a long run's (the kernel where it takes the fight, compiled
 * where its compiler does, else the table), or with `reference` the reference steps'.
 */
class Running {
  private run = 1;
  readonly fights: Fights;
  constructor(private readonly s: Scenario, reference = false) {
    new Fights(s, 'warmup', reference, reference ? 0 : COMPILE_FROM).range(1, 2000, new Aggregate(limitsOf(s)));
    this.fights = new Fights(s, 'bench', reference, reference ? 0 : 1_000_000_000);
  }

  /** fights and dice a second over `seconds` */
  rate(seconds: number): { fights: number; dice: number } {
    const timed = new Aggregate(limitsOf(this.s));
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      this.fights.range(this.run, this.run + 4999, timed);
      this.run += 5000;
    }
    const secs = (performance.now() - start) / 1000;
    return { fights: timed.runs / secs, dice: timed.cells.dice.n / secs };
  }
}

/** `sim`'s fights a second over `seconds` (after 50,000 runs, as a long sim), or the reference steps'. */
function fightRate(s: Scenario, seconds = 2, reference = false): { fights: number; dice: number } {
  const r = new Running(s, reference);
  r.rate(0.05);
  return r.rate(seconds);
}

/** The bare generator's d6 rate, warm: the median of 10 slices of 0.1 s after 5. */
function bareRate(): number {
  const rates: number[] = [];
  for (let i = 0; i < 15; i++) rates.push(bareD6Rate(0.1));
  return median(rates.slice(5));
}

/**
 * `sim`'s fights and dice a second, and its dice against the bare generator's d6 rate measured
 * just before, in 8 rounds of a slice of each in turn (so a change of the machine's load hits
 * both sides of a ratio alike): the medians of each.
 */
function pairedRate(s: Scenario): { fights: number; dice: number; ratio: number; way: string } {
  const fights: number[] = [];
  const dice: number[] = [];
  const ratio: number[] = [];
  const running = new Running(s);
  running.rate(0.25);
  for (let r = 0; r < 8; r++) {
    const bare = bareD6Rate(0.1);
    const f = running.rate(0.25);
    fights.push(f.fights);
    dice.push(f.dice);
    ratio.push(f.dice / bare);
  }
  return { fights: median(fights), dice: median(dice), ratio: median(ratio), way: running.fights.way };
}

/**
 * Minor and major garbage collections while `runs` one-phase fights run after a warm-up of
 * 50,000 (the same fights: a tabled fight learns its table there), in ranges as `sim` fights
 * them: none means nothing is allocated per run.
 */
async function collections(s: Scenario, runs: number): Promise<{ gcs: number; heapMB: number }> {
  const fights = new Fights(s, 'alloc', false, 50_000 + runs);
  for (let from = 1; from <= 50_000; from += 5000) fights.range(from, from + 4999, new Aggregate(limitsOf(s)));
  let gcs = 0;
  const obs = new PerformanceObserver((list) => {
    gcs += list.getEntries().length;
  });
  obs.observe({ entryTypes: ['gc'] });
  const agg = new Aggregate(limitsOf(s));
  const heap0 = process.memoryUsage().heapUsed;
  for (let from = 50_001; from <= 50_000 + runs; from += 5000) fights.range(from, Math.min(50_000 + runs, from + 4999), agg);
  const heapMB = (process.memoryUsage().heapUsed - heap0) / 1e6;
  await new Promise((r) => setTimeout(r, 50));
  obs.disconnect();
  return { gcs, heapMB };
}

/** The median time of each command, run in turn round after round (so a change of load hits them alike), and the median of each one's ratio to the first within a round. */
function interleaved(commands: string[][], rounds = 11): { ms: number[]; ratio: number[] } {
  const ms = commands.map(() => [] as number[]);
  const ratios = commands.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    const t = commands.map(([cmd, ...args]) => {
      const start = performance.now();
      spawnSync(cmd!, args, { stdio: 'ignore' });
      return performance.now() - start;
    });
    t.forEach((x, i) => {
      ms[i]!.push(x);
      ratios[i]!.push(x / t[0]!);
    });
  }
  return { ms: ms.map(median), ratio: ratios.map(median) };
}

/** Median wall time of `times` runs of a command, in ms. */
function medianMs(cmd: string, args: string[], times = 9): number {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    spawnSync(cmd, args, { stdio: 'ignore' });
    ms.push(performance.now() - t);
  }
  return median(ms);
}

/**
 * `sim` with --workers 1 and 2 (20,000 runs, `long`, and four times `long`: a long run), first
 * thing in the process after a warm-up (a heap grown by the rest of the bench would slow the
 * main thread's runs and flatter the workers): the whole time,
 * and the rate over the runs finished after the first half, once every thread is started and
 * warm. 20,000 runs are too few for workers (sim/run.ts `simThreads`): both run in this thread.
 */
async function workerSpeedups(s: Scenario, long: number): Promise<void> {
  await simulate(s, { runs: 200_000, seed: 'warm-up' }); // this thread's JIT warm, and the compiled fight (kept by its source) as warm as a long run makes it
  for (const runs of [20_000, long, 4 * long]) {
    const times: number[] = [];
    const rates: number[] = [];
    for (const workers of [1, 2]) {
      const heap0 = process.memoryUsage().heapUsed;
      const t = performance.now();
      // the rate once every thread is started and warm: over the runs finished after the first half (done -1: not reached)
      const half = { at: 0, done: -1 };
      await simulate(s, { runs, seed: 'bench', workers, onProgress: (done) => { if (half.done < 0 && done >= runs / 2) Object.assign(half, { at: performance.now(), done }); } });
      const end = performance.now();
      times.push((end - t) / 1000);
      rates.push(half.done >= 0 && end > half.at ? (runs - half.done) / ((end - half.at) / 1000) : NaN);
      const heap = (process.memoryUsage().heapUsed - heap0) / 1e6;
      console.log(`sim ${runs} runs, --workers ${workers}: ${times.at(-1)!.toFixed(2)} s (heap ${heap >= 0 ? '+' : ''}${heap.toFixed(1)} MB)`);
    }
    console.log(`  --workers 2 speed-up on ${runs} runs: ${(times[0]! / times[1]!).toFixed(2)}x` +
      (runs >= long ? `; in the second half (threads started and warm): ${(rates[1]! / rates[0]!).toFixed(2)}x (${Math.round(rates[0]!)} and ${Math.round(rates[1]!)} fights/s)` : ''));
  }
}

/** 10 Marines charge 10 Boyz, one phase, srd4, written inline: with no special rules, and with the bench's abilities (bench/editions.ts). */
function abilityFights(): { plain: Scenario; abilities: Scenario; rerolls: Scenario } {
  const dir = mkdtempSync(join(os.tmpdir(), 'assault-bench-'));
  try {
    const load = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return loadScenario(join(dir, name));
    };
    return {
      plain: load('plain.yaml', marinesChargeBoyz('no special rules', [], [])),
      abilities: load('abilities.yaml', marinesChargeBoyz('with abilities', BENCH_ABILITIES.marines, BENCH_ABILITIES.boyz)),
      rerolls: load('rerolls.yaml', marinesChargeBoyz('with abilities and re-rolls to hit', BENCH_ABILITIES.rerolls, BENCH_ABILITIES.boyz)),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A unit of `count` models of `spec` (the flags of a unit written inline). */
function benchUnit(name: string, spec: ModelSpec, count: number, charged: boolean): UnitSpec {
  return {
    ref: null, name, models: [{ spec, count }], charged, inCover: false, firedThisTurn: false, inContact: null,
    casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
  };
}

/**
 * A vehicle fight against an infantry fight with as many attacks (vehicles.md): 10 Marines (A1,
 * two close combat weapons: 20 attacks, not charging) against a stationary Rhino, and against 10
 * Guardsmen (who strike back), one phase each, both through the reference steps (the kernel
 * refuses vehicles); and the infantry fight through `sim` as it runs it (the kernel).
 */
function vehicleCost(): void {
  const armoury = getRuleset('srd4').armoury;
  const profile = (p: Partial<Profile>): Profile => ({ WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3, Inv: null, ...p });
  const ccw = armoury['close-combat-weapon']!;
  const marine: ModelSpec = { key: 'marine', name: 'Marine', profile: profile({}), wargear: [ccw, ccw], rules: [] };
  const guard: ModelSpec = { key: 'guard', name: 'Guardsman', profile: profile({ WS: 3, S: 3, T: 3, I: 3, Ld: 7, Sv: 5 }), wargear: [ccw], rules: [] };
  const rhino: ModelSpec = {
    key: 'rhino', name: 'Rhino', profile: profile({ WS: 0, S: 0, T: 10, I: 0, A: 0, Ld: 10, Sv: null }), wargear: [], rules: [],
    vehicle: { kind: 'vehicle', front: 11, side: 11, rear: 10, types: [] },
  };
  const fightOf = (name: string, defender: UnitSpec): Scenario => ({
    name, rules: 'srd4', rounds: 1, file: null, attacker: { units: [benchUnit('Marines', marine, 10, false)] }, defender: { units: [defender] },
  });
  const vehicle = fightOf('Marines vs a Rhino', benchUnit('Rhino', rhino, 1, false));
  const infantry = fightOf('Marines vs Guardsmen', benchUnit('Guardsmen', guard, 10, false));
  const v = fightRate(vehicle, 2, true);
  const i = fightRate(infantry, 2, true);
  const k = fightRate(infantry, 2, false);
  console.log('vehicle fight per run (20 attacks, one phase, reference steps) against an infantry fight with as many attacks:');
  console.log(`  20 attacks on a stationary Rhino: ${(1e6 / v.fights).toFixed(2)} us a run (${Math.round(v.fights)} fights/s); on 10 Guardsmen: ${(1e6 / i.fights).toFixed(2)} us a run (${Math.round(i.fights)} fights/s, the kernel ${(1e6 / k.fights).toFixed(2)} us); vehicle/infantry ${(i.fights / v.fights).toFixed(2)}x`);
}

async function main(): Promise<void> {
  const long = Number(process.argv[2] ?? 1_000_000);
  console.log(`assault bench ${new Date().toISOString().slice(0, 10)}: ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}, node ${process.version}`);
  const bare = bareRate();
  console.log(`bare generator (tychei, exact d6, warm: the median of 10 slices of 0.1 s): ${(bare / 1e6).toFixed(1)} M d6/s`);
  console.log('');
  await workerSpeedups(loadScenario(scenarioFile('tactical-vs-boyz.yaml')), long);
  const withAbilities = abilityFights();
  const cases: [string, Scenario][] = [
    ['10 Marines charge 10 Boyz, one phase', { ...loadScenario(scenarioFile('tactical-vs-boyz.yaml')), rounds: 1 }],
    ['10 Marines charge 10 Boyz, to resolution', loadScenario(scenarioFile('tactical-vs-boyz.yaml'))],
    ['power-fist sergeant squad vs Boyz with a Nob', loadScenario(scenarioFile('fist-sergeant-vs-nob-mob.yaml'))],
    ['Terminators vs Tactical squad in cover', loadScenario(scenarioFile('terminators-vs-tactical.yaml'))],
    ['20 Hormagaunts vs 10 Guardsmen, to resolution', loadScenario(scenarioFile('hormagaunts-vs-guardsmen.yaml'))],
    ['two squads vs Boyz (two units a side)', loadScenario(scenarioFile('two-squads-vs-boyz.yaml'))],
    ['10 Marines charge 10 Boyz, one phase, fightphase', { ...loadScenario(scenarioFile('tactical-vs-boyz.yaml'), { rules: 'fightphase' }), rounds: 1 }],
    ['10 Marines charge 10 Boyz, one phase, waffle', { ...loadScenario(scenarioFile('tactical-vs-boyz.yaml'), { rules: 'waffle' }), rounds: 1 }],
    ['two squads vs Boyz, one phase, srd4', { ...loadScenario(scenarioFile('two-squads-vs-boyz.yaml'), { rules: 'srd4' }), rounds: 1 }],
    ['Marines charge Boyz, no special rules, srd4', withAbilities.plain],
    ['the same with abilities', withAbilities.abilities],
    ['the same and re-rolls to hit', withAbilities.rerolls],
  ];
  console.log('');
  console.log('sim fights each run with the kernel where it takes the fight (src/sim/kernel/), compiled for the scenario where its compiler takes it, else with the reference steps tabled as they are fought (src/sim/tabled.ts), as for a sim of a million runs (medians of 8 slices of 0.25 s of one long sim, each after a slice of the bare generator: dice/bare is the median of their ratios); "reference" is the reference steps alone, measured in turn, and "fast" sim against them; "how": compiled, kernel (its tables), tabled, or steps (the table did not pay):');
  console.log(`${'scenario'.padEnd(48)} ${'fights/s'.padStart(10)} ${'dice/s'.padStart(10)} ${'dice/bare'.padStart(9)} ${'reference'.padStart(10)} ${'fast'.padStart(7)}  how`);
  for (const [name, s] of cases) {
    const r = pairedRate(s);
    const old = fightRate(s, 2, true);
    const kernel = kernelFor(s, getRuleset(s.rules));
    const how = kernel && kernel.notCompiled !== null ? `kernel (not compiled: ${kernel.notCompiled})` : r.way;
    console.log(`${name.padEnd(48)} ${Math.round(r.fights).toString().padStart(10)} ${(r.dice / 1e6).toFixed(1).padStart(8)} M ${(r.ratio * 100).toFixed(1).padStart(8)}% ${Math.round(old.fights).toString().padStart(10)} ${`${(r.fights / old.fights).toFixed(2)}x`.padStart(7)}  ${how}`);
  }
  console.log('');
  editionRates(long);
  console.log('');
  vehicleCost();
  const s = loadScenario(scenarioFile('tactical-vs-boyz.yaml'));
  console.log('');
  console.log('allocation: garbage collections during 1,000,000 one-phase fights after a warm-up of 50,000, as sim fights them:');
  const onePhase = { ...s, rounds: 1 as const };
  const twoASide = loadScenario(scenarioFile('two-squads-vs-boyz.yaml'), { rules: 'srd4' });
  // each fight named with the way sim fights it (compiled, kernel, tabled, steps), as it is found, not as written
  for (const [what, sc] of [['10 Marines charge 10 Boyz, srd4', onePhase], ['the same, fightphase', { ...onePhase, rules: 'fightphase' }],
    ['the same, waffle', { ...onePhase, rules: 'waffle' }], ['two squads against Boyz, srd4', { ...twoASide, rounds: 1 as const }],
    ['Marines charge Boyz with abilities, srd4', withAbilities.abilities], ['Marines charge Boyz and re-rolls to hit, srd4', withAbilities.rerolls]] as const) {
    const name = `${what} (${new Fights(sc, 'way', false, 1_000_000).way})`;
    const steady = await collections(sc, 1_000_000);
    console.log(`  ${name.padEnd(48)} ${steady.gcs} garbage collection${steady.gcs === 1 ? '' : 's'} (heap ${steady.heapMB >= 0 ? '+' : ''}${steady.heapMB.toFixed(1)} MB)`);
  }
  const root = packageRoot();
  const start = interleaved([
    [process.execPath, '-e', ''],
    [process.execPath, join(root, 'bin/assault'), 'rules', 'srd4'],
    [process.execPath, join(root, 'bin/assault'), 'fight', scenarioFile('tactical-vs-boyz.yaml'), '--seed', '1'],
  ]);
  console.log(`start-up (11 rounds of the three in turn, medians): node -e '' ${start.ms[0]!.toFixed(0)} ms; assault rules ${start.ratio[1]!.toFixed(2)}x (${start.ms[1]!.toFixed(0)} ms); a one-run fight ${start.ratio[2]!.toFixed(2)}x (${start.ms[2]!.toFixed(0)} ms)`);
  const matrix = loadMatrix(join(SHIPPED_ROSTERS, 'matrix-all.yaml'));
  for (const workers of [1, 2]) {
    const t = performance.now();
    const rows = await runBatch(matrix, { workers });
    const auto = workers === os.availableParallelism() ? ' (the default here: auto, the machine\'s cores)' : '';
    console.log(`batch matrix-all.yaml (${rows.length} rows x ${matrix.runs} runs), --workers ${workers}${auto}: ${((performance.now() - t) / 1000).toFixed(2)} s`);
  }
  console.log('');
  console.log('exact (as shipped, under its own ruleset; in this process, and a whole `assault exact` process, median of 3) beside the time sim needs for a standard error of 0.001 on the attacker win share:');
  // the scenarios, then the vehicle scenarios (their folder's name before each)
  const shipped = (dir: string) => readdirSync(join(SHIPPED_ROSTERS, 'scenarios', dir)).filter((x) => x.endsWith('.yaml')).sort().map((x) => join(dir, x));
  for (const f of [...shipped(''), ...shipped('vehicles')]) {
    const sc = loadScenario(scenarioFile(f));
    const t = performance.now();
    let line: string;
    try {
      const p = exact(sc).final.winner.attacker!;
      const secs = (performance.now() - t) / 1000;
      const runs = runsForShare(p, SIM_SE);
      const simSecs = runs / fightRate(sc, 0.5).fights;
      // what a user waits for: a process of its own, start-up and a cold JIT included
      const whole = medianMs(process.execPath, [join(root, 'bin/assault'), 'exact', scenarioFile(f)], 3) / 1000;
      line = `exact ${secs.toFixed(2)} s (whole process ${whole.toFixed(2)} s); sim ${runs} runs, ${simSecs.toFixed(2)} s`;
    } catch (e) {
      if (!(e instanceof TooLarge)) throw e;
      line = `exact over the budget after ${((performance.now() - t) / 1000).toFixed(1)} s`;
    }
    console.log(`  ${f.replace(/\.yaml$/, '').padEnd(42)} ${sc.rules.padEnd(10)} ${line}`);
  }
}

void main();
