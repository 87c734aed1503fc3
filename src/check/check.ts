// `assault check`: expectation files for CI. Each names a scenario, runs it as `sim` would and
// compares paths of the `sim --json` report with expectations; a golden log is compared byte
// for byte with `fight --seed S --no-color`.
import { readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fight } from '../sim/fight.js';
import { InputError, MAX_PROBLEMS_COLLECTED, Problems, type Problem } from '../errors.js';
import type { CheckRun, ExpectationResult } from '../report/check-run.js';
import { loadScenario, scenarioFrom } from '../io/load.js';
import { WrongKind } from '../io/kind.js';
import { CheckFile, type CheckFileT } from '../io/schema.js';
import { YamlFile } from '../io/yamlfile.js';
import type { Scenario } from '../model.js';
import { renderLog } from '../render/text.js';
import { lineDiff } from '../render/diff.js';
import { A_NUMBER, goldenName, NO_SUCH_PATH } from '../report/labels.js';
import { simulate } from '../sim/run.js';
import { exact, TooLarge } from '../exact/exact.js';
import { shareJobs, threadsFor } from '../sim/threads.js';
import { distUrl } from '../paths.js';
import { own } from '../own.js';
import { Aggregate, limitsOf, report } from '../report/aggregate.js';
import { closest } from '../suggest.js';
import { nearHint, openError, Unreadable, unreadableAt } from '../io/readtext.js';
import { registeredAtRunTime } from '../editions/registry.js';
import { rulesAt } from '../io/edition.js';

/** Every *.check.yaml under the given files and folders, in a stable order; an entry that cannot be looked into is an InputError. */
export function findCheckFiles(paths: string[]): string[] {
  const { files, problems } = checkFilesIn(paths);
  if (problems.length) throw new InputError(problems);
  return files;
}

/**
 * Every *.check.yaml under the given files and folders, in a stable order, and each entry that
 * could not be looked into, by name (a folder that cannot be read, a broken or looping link
 * whatever its name, a link back to a folder above it): the other files are found all the same.
 * A folder met twice (through a link) is looked into once.
 */
export function checkFilesIn(paths: string[]): { files: string[]; problems: Problem[] } {
  const files: string[] = [];
  const problems: Problem[] = [];
  // a path that cannot be walked: the path itself is the problem, at no line (printed `file: why`)
  const bad = (file: string, message: string) => problems.push({ file, line: 0, col: 0, path: '', message });
  const walked = new Set<string>();
  const walk = (p: string, top: boolean, above: Map<string, string>) => {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      // a broken or looping link, or an entry of no permission: it may have been a check file
      // or a folder of them, so it is reported, by name
      const why = openError(p, (e as NodeJS.ErrnoException).code);
      bad(p, why === 'no such file' ? `no such file or folder${nearHint(p)}` : why);
      return;
    }
    if (!st.isDirectory()) {
      if (top || p.endsWith('.check.yaml')) files.push(p);
      return;
    }
    const id = `${st.dev}:${st.ino}`;
    if (above.has(id)) {
      bad(p, `a symbolic link loop: it leads back to ${above.get(id)}`);
      return;
    }
    if (walked.has(id)) return;
    walked.add(id);
    let names: string[];
    try {
      names = readdirSync(p).sort();
    } catch (e) {
      bad(p, `cannot look into the folder: ${openError(p, (e as NodeJS.ErrnoException).code)}`);
      return;
    }
    const inside = new Map(above).set(id, p);
    for (const name of names) walk(join(p, name), false, inside);
  };
  for (const p of paths) walk(p, true, new Map());
  return { files, problems };
}

interface LoadedCheck { file: string; yaml: YamlFile; data: CheckFileT; scenario: Scenario }

/** Read and check a check file and its scenario (`yaml`: the file, read already). */
export function loadCheck(file: string, yaml = YamlFile.read(file)): LoadedCheck {
  const { value, problems } = yaml.validate(CheckFile);
  if (!value) {
    // the scenario it names is still checked, so one pass finds every problem
    const raw = yaml.data as { scenario?: unknown } | null;
    if (raw && typeof raw === 'object' && typeof raw.scenario === 'string') {
      try {
        loadScenarioAt(yaml, resolve(dirname(file), raw.scenario), undefined);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        problems.push(...e.problems);
      }
    }
    throw new InputError(problems);
  }
  const extra: Problem[] = [];
  if (!value.expect && !value.fight) extra.push(yaml.problem([], 'a check file needs `expect` or `fight` (or both)'));
  if (value.method === 'exact') {
    for (const key of ['runs', 'seed'] as const) if (value[key] !== undefined) extra.push(yaml.problem([key], `\`method: exact\` measures no runs: leave out \`${key}\``));
  }
  if (value.expect && Object.keys(value.expect).length === 0) extra.push(yaml.problem(['expect'], '`expect` is empty: give at least one expectation, or leave it out'));
  for (const [path, e] of Object.entries(value.expect ?? {})) {
    const stat = e.approx !== undefined || e.within !== undefined;
    if (stat && (e.approx === undefined || e.within === undefined)) extra.push(yaml.problem(['expect', path], '`approx` needs `within` (and the other way round)'));
    if (stat && (e.min !== undefined || e.max !== undefined)) extra.push(yaml.problem(['expect', path], 'give `approx` and `within`, or `min` and/or `max`, not both'));
    if (!stat && e.min === undefined && e.max === undefined) extra.push(yaml.problem(['expect', path], 'give `approx` and `within`, or `min` and/or `max`'));
    if (e.min !== undefined && e.max !== undefined && e.min > e.max) extra.push(yaml.problem(['expect', path], `min ${e.min} is above max ${e.max}: nothing can pass`));
  }
  if (value.fight) {
    const problem = logPathProblem(file, value.fight.log);
    if (problem) extra.push(yaml.problem(['fight', 'log'], problem));
  }
  // the check file's own `rules` is located here, not as a command-line --rules
  // an id, or an edition file relative to this file
  const given = value.rules !== undefined ? rulesAt(value.rules, yaml, ['rules']) : null;
  if (given) extra.push(...given.problems);
  const rules = given?.id ?? undefined;
  let scenario: Scenario | null = null;
  try {
    scenario = typeof value.scenario === 'string'
      ? loadScenarioAt(yaml, resolve(dirname(file), value.scenario), rules)
      : scenarioFrom(yaml.sub(['scenario']), { rules, rulesBy: "the check file's rules" });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    extra.push(...e.problems);
  }
  let unlisted = 0;
  if (scenario && value.expect) {
    const known = reportPaths(scenario);
    const figures = new Set(known);
    const names = limitsOf(scenario).units?.map((u) => u.name) ?? [];
    for (const path of Object.keys(value.expect)) {
      if (figures.has(path) || figures.has(byUnitNumber(path, names))) continue;
      // past the problems a file may have, only counted: 60,000 unknown paths are not each compared with every figure
      if (extra.length >= MAX_PROBLEMS_COLLECTED) {
        unlisted++;
        continue;
      }
      const near = closest(path, known) ?? known.find((k) => k.startsWith(`${path}.`)) ?? null;
      extra.push(yaml.problem(['expect'], `the ${value.method === 'exact' ? 'exact' : 'sim'} report has no figure '${path}'${near ? `; did you mean '${near}'?` : ''}`, path));
    }
  }
  if (extra.length || !scenario) throw new InputError(collected(extra, yaml.file, unlisted));
  return { file, yaml, data: value, scenario };
}

/** `list`, at most MAX_PROBLEMS_COLLECTED of each file's, and `more` of `file`'s counted. */
function collected(list: Problem[], file: string, more: number): Problem[] {
  const problems = new Problems();
  problems.addAll(list);
  problems.skip(file, more);
  return problems.list;
}

/** A golden log lives in the check file's folder or below it: `--update` writes nothing else. */
function logPathProblem(checkFile: string, log: string): string | null {
  const dir = resolve(dirname(checkFile));
  const target = resolve(dir, log);
  const inside = (base: string, p: string) => {
    const rel = relative(base, p);
    return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  };
  if (!inside(dir, target)) return `the golden log must be inside the check file's folder (${dir}), not ${target}`;
  try {
    // a symbolic link on the way must not lead out either
    const real = realpathSync(dirname(target));
    if (!inside(realpathSync(dir), join(real, 'x'))) return `the golden log's folder leads out of the check file's folder (${real})`;
  } catch {
    /* its folder does not exist yet: reported when it is read or written */
  }
  return null;
}

/** Every numeric figure of the `sim --json` report of this scenario, by dotted path. */
export function reportPaths(scenario: Scenario): string[] {
  const skeleton = report(new Aggregate(limitsOf(scenario)), { rules: scenario.rules, scenario: scenario.name, seed: '', partial: false });
  const out: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'number') out.push(path);
    else if (v === null && path.startsWith('extremes.')) out.push(`${path}.run`, `${path}.value`);
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(skeleton, '');
  return out;
}

function loadScenarioAt(at: YamlFile, path: string, rules: string | undefined): Scenario {
  try {
    return loadScenario(path, { rules, rulesBy: "the check file's rules" });
  } catch (e) {
    // a roster (or other file) named as the scenario: said at the check file's `scenario`, as what it is
    if (e instanceof WrongKind && e.file === path) throw new InputError([at.problem(['scenario'], e.namedBy('scenario'))]);
    // the scenario file itself cannot be read: said at the check file's `scenario`
    if (e instanceof Unreadable && e.file === path) {
      throw new InputError([at.problem(['scenario'], e.reason === 'no such file' ? `no scenario file ${path}` : unreadableAt('scenario', e))]);
    }
    throw e;
  }
}

/** The value at a dotted path of the report, e.g. final.winner.attacker. */
export function lookup(report: unknown, path: string): unknown {
  let v: unknown = report;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    // a list of units is also read by a unit's name (units.<name>.vehicle: vehicles.md V14)
    v = own(v as Record<string, unknown>, k) ?? (Array.isArray(v) ? v.find((x: { name?: unknown }) => x?.name === k) : undefined);
  }
  return v;
}

/** `units.<name>.rest` as `units.<i>.rest`, the unit's place in the report's list (`lookup` reads either). */
function byUnitNumber(path: string, names: readonly string[]): string {
  const m = /^units\.([^.]+)\.(.+)$/.exec(path);
  if (!m || /^\d+$/.test(m[1]!)) return path;
  const i = names.indexOf(m[1]!);
  return i < 0 ? path : `units.${i}.${m[2]}`;
}

/** Paths of the report that are shares of the runs. */
const SHARE = /^(firstRound\.result|final\.winner|final\.end|units\.[^.]+\.fate)\.[a-zA-Z]+$|(^|\.)vehicle\.(destroyed|explodes|immobilised|stunned|shaken|gunWrecked|unharmed)$|\.runs(WithCheck|WithFailure|Attempted|Caught)$|^atLeast\.\w+\.\w+\.\d+\.p$/;

/** The standard error of the figure at `path`: a mean's from its distribution, a share's as a proportion. */
function standardError(report: unknown, path: string, value: number, runs: number): number | null {
  if (path.endsWith('.mean')) {
    const se = lookup(report, `${path.slice(0, -5)}.se`);
    return typeof se === 'number' ? se : null;
  }
  if (SHARE.test(path)) return Math.sqrt(Math.max(value * (1 - value), 1 / runs) / runs);
  return null;
}

/** What one check file gave: its expectations' results, and its problems if it could not (all) be run. */
export interface FileCheck {
  results: ExpectationResult[];
  problems: Problem[];
}

/**
 * Run the check files, `workers` of them at a time (this thread and `workers - 1` started, at most
 * one per file and the machine's cores): the results are in the files' order whatever the number.
 */
export async function runChecks(files: string[], opts: { update?: boolean; workers?: number } = {}): Promise<CheckRun> {
  const update = opts.update ?? false;
  const count = checkThreads(files.length, opts.workers ?? 1);
  const each = await shareJobs(files.map((file) => ({ file, update })), count, distUrl('check/check-worker.js'), checkFile);
  const results = each.flatMap((f) => f.results);
  const failed = results.filter((r) => !r.pass).length;
  return { results, passed: results.length - failed, failed, problems: each.flatMap((f) => f.problems) };
}

/**
 * The threads `runChecks` fights `files` check files with: at most one per file and the
 * machine's cores; one when an edition was registered at run time (known in this thread alone,
 * and a file may name it).
 */
export function checkThreads(files: number, workers: number): number {
  return registeredAtRunTime() ? 1 : threadsFor(Math.min(workers, files));
}

/** One check file (a broken one is reported as its problems, and the others run anyway). */
export async function checkFile({ file, update }: { file: string; update: boolean }): Promise<FileCheck> {
  const problems: Problem[] = [];
  const results: ExpectationResult[] = [];
  let c: LoadedCheck;
  try {
    c = loadCheck(file);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { results, problems: e.problems };
  }
  if (c.data.expect) {
    const runs = c.data.runs ?? 10_000;
    let report: unknown = null;
    try {
      report = c.data.method === 'exact' ? exact(c.scenario) : await simulate(c.scenario, { runs, seed: String(c.data.seed ?? 1) });
    } catch (e) {
      if (!(e instanceof TooLarge)) throw e;
      // a scenario past exact's budget is a mistake of the file's `method:` line; its golden log still runs
      problems.push(c.yaml.problem(['method'], e.message));
    }
    if (report !== null) for (const [path, e] of Object.entries(c.data.expect)) results.push(expectation(c.file, report, c.data.method === 'exact' ? Infinity : runs, path, e));
  }
  if (c.data.fight) {
    try {
      results.push(golden(c, update));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(...e.problems);
    }
  }
  return { results, problems };
}

function expectation(file: string, report: unknown, runs: number, path: string, e: NonNullable<CheckFileT['expect']>[string]): ExpectationResult {
  const v = lookup(report, path);
  if (typeof v !== 'number') {
    return { file, name: path, kind: e.approx !== undefined ? 'approx' : 'range', pass: false, expected: A_NUMBER, got: v === undefined ? NO_SUCH_PATH : JSON.stringify(v), sigmas: null, diff: null };
  }
  const se = standardError(report, path, v, runs);
  if (e.approx !== undefined) {
    const pass = Math.abs(v - e.approx) <= e.within!;
    return { file, name: path, kind: 'approx', pass, expected: `${e.approx} ± ${e.within}`, got: String(v), sigmas: se ? Math.abs(v - e.approx) / se : null, diff: null };
  }
  // an exact figure carries the rounding of its sums (a mean of 6 may read 5.99999999999998)
  const slack = (report as { method?: string }).method === 'exact' ? 1e-9 : 0;
  const pass = (e.min === undefined || v >= e.min - slack) && (e.max === undefined || v <= e.max + slack);
  const bound = e.min !== undefined && v < e.min ? e.min : e.max !== undefined && v > e.max ? e.max : null;
  const expected = e.min !== undefined && e.max !== undefined ? `${e.min}..${e.max}` : e.min !== undefined ? `>= ${e.min}` : `<= ${e.max}`;
  return { file, name: path, kind: 'range', pass, expected, got: String(v), sigmas: se && bound !== null ? Math.abs(v - bound) / se : null, diff: null };
}

function golden(c: LoadedCheck, update: boolean): ExpectationResult {
  const spec = c.data.fight!;
  const logFile = resolve(dirname(c.file), spec.log);
  const actual = renderLog(fight(c.scenario, { seed: String(spec.seed) }).events, false);
  const name = goldenName(spec.seed, spec.log);
  if (update) {
    try {
      writeFileSync(logFile, actual);
    } catch (e) {
      throw new InputError([c.yaml.problem(['fight', 'log'], `cannot write the golden log ${logFile}: ${openError(logFile, (e as NodeJS.ErrnoException).code)}`)]);
    }
    return { file: c.file, name, kind: 'golden', pass: true, expected: spec.log, got: 'updated', sigmas: null, diff: null };
  }
  let expected: string;
  try {
    expected = readFileSync(logFile, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError([c.yaml.problem(['fight', 'log'], code === 'ENOENT' ? `no golden log ${logFile} (write it with --update)` : `cannot read the golden log ${logFile}: ${openError(logFile, code)}`)]);
  }
  const pass = expected === actual;
  return { file: c.file, name, kind: 'golden', pass, expected: spec.log, got: pass ? 'identical' : 'different', sigmas: null, diff: pass ? null : lineDiff(expected, actual, { expected: spec.log, actual: `fight --seed ${spec.seed}` }) };
}
