// `assault check`: expectation files for CI. Each names a scenario, runs it as `sim` would and
// compares paths of the `sim --json` report with expectations; a golden log is compared byte
// for byte with `fight --seed S --no-color`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fight } from '../index.js';
import { InputError, type Problem } from '../io/errors.js';
import { loadScenario, scenarioFrom } from '../io/load.js';
import { CheckFile, type CheckFileT } from '../io/schema.js';
import { YamlFile } from '../io/yamlfile.js';
import type { Scenario } from '../model.js';
import { renderLog } from '../render/text.js';
import { simulate } from '../sim/run.js';

export interface ExpectationResult {
  file: string;
  name: string;
  kind: 'approx' | 'range' | 'golden';
  pass: boolean;
  expected: string;
  got: string;
  /** for statistical expectations: how many standard errors the value is off */
  sigmas: number | null;
  /** golden logs: the first differing lines */
  diff: string | null;
}

export interface CheckRun { results: ExpectationResult[]; passed: number; failed: number }

/** Every *.check.yaml under the given files and folders, in a stable order. */
export function findCheckFiles(paths: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new InputError([{ file: p, line: 1, col: 1, path: '', message: 'no such file or folder' }]);
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const child = join(p, name);
        if (statSync(child).isDirectory()) walk(child);
        else if (name.endsWith('.check.yaml')) out.push(child);
      }
    } else out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

interface LoadedCheck { file: string; yaml: YamlFile; data: CheckFileT; scenario: Scenario }

export function loadCheck(file: string): LoadedCheck {
  const yaml = YamlFile.read(file);
  const { value, problems } = yaml.validate(CheckFile);
  if (!value) throw new InputError(problems);
  const extra: Problem[] = [];
  if (!value.expect && !value.fight) extra.push(yaml.problem([], 'a check file needs `expect` or `fight` (or both)'));
  for (const [path, e] of Object.entries(value.expect ?? {})) {
    const stat = e.approx !== undefined || e.within !== undefined;
    if (stat && (e.approx === undefined || e.within === undefined)) extra.push(yaml.problem(['expect', path], '`approx` needs `within` (and the other way round)'));
    if (!stat && e.min === undefined && e.max === undefined) extra.push(yaml.problem(['expect', path], 'give `approx` and `within`, or `min` and/or `max`'));
  }
  if (extra.length) throw new InputError(extra);
  const scenario = typeof value.scenario === 'string'
    ? loadScenarioAt(yaml, resolve(dirname(file), value.scenario), value.rules)
    : scenarioFrom(yaml.sub(['scenario']), { rules: value.rules });
  return { file, yaml, data: value, scenario };
}

function loadScenarioAt(at: YamlFile, path: string, rules: string | undefined): Scenario {
  try {
    return loadScenario(path, { rules });
  } catch (e) {
    if (e instanceof InputError && e.problems.length === 1 && e.problems[0]!.message === 'no such file') {
      throw new InputError([at.problem(['scenario'], `no scenario file ${path}`)]);
    }
    throw e;
  }
}

/** The value at a dotted path of the report, e.g. final.winner.attacker. */
export function lookup(report: unknown, path: string): unknown {
  let v: unknown = report;
  for (const k of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[k];
  }
  return v;
}

/** Paths of the report that are shares of the runs. */
const SHARE = /^(firstRound\.result|final\.winner|final\.end)\.[a-zA-Z]+$|\.runs(WithCheck|WithFailure|Attempted|Caught)$/;

/** The standard error of the figure at `path`: a mean's from its distribution, a share's as a proportion. */
function standardError(report: unknown, path: string, value: number, runs: number): number | null {
  if (path.endsWith('.mean')) {
    const se = lookup(report, `${path.slice(0, -5)}.se`);
    return typeof se === 'number' ? se : null;
  }
  if (SHARE.test(path)) return Math.sqrt(Math.max(value * (1 - value), 1 / runs) / runs);
  return null;
}

export async function runChecks(files: string[], opts: { update?: boolean } = {}): Promise<CheckRun> {
  // every file is validated, and every problem reported, before anything runs
  const loaded: LoadedCheck[] = [];
  const problems: Problem[] = [];
  for (const f of files) {
    try {
      loaded.push(loadCheck(f));
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      problems.push(...e.problems);
    }
  }
  if (problems.length) throw new InputError(problems);
  const results: ExpectationResult[] = [];
  for (const c of loaded) {
    if (c.data.expect) {
      const runs = c.data.runs ?? 10_000;
      const report = await simulate(c.scenario, { runs, seed: String(c.data.seed ?? 1) });
      for (const [path, e] of Object.entries(c.data.expect)) results.push(expectation(c.file, report, runs, path, e));
    }
    if (c.data.fight) results.push(golden(c, opts.update ?? false));
  }
  const failed = results.filter((r) => !r.pass).length;
  return { results, passed: results.length - failed, failed };
}

function expectation(file: string, report: unknown, runs: number, path: string, e: NonNullable<CheckFileT['expect']>[string]): ExpectationResult {
  const v = lookup(report, path);
  if (typeof v !== 'number') {
    return { file, name: path, kind: e.approx !== undefined ? 'approx' : 'range', pass: false, expected: 'a number', got: v === undefined ? 'no such path in the sim report' : JSON.stringify(v), sigmas: null, diff: null };
  }
  const se = standardError(report, path, v, runs);
  if (e.approx !== undefined) {
    const pass = Math.abs(v - e.approx) <= e.within!;
    return { file, name: path, kind: 'approx', pass, expected: `${e.approx} ± ${e.within}`, got: String(v), sigmas: se ? Math.abs(v - e.approx) / se : null, diff: null };
  }
  const pass = (e.min === undefined || v >= e.min) && (e.max === undefined || v <= e.max);
  const bound = e.min !== undefined && v < e.min ? e.min : e.max !== undefined && v > e.max ? e.max : null;
  const expected = e.min !== undefined && e.max !== undefined ? `${e.min}..${e.max}` : e.min !== undefined ? `>= ${e.min}` : `<= ${e.max}`;
  return { file, name: path, kind: 'range', pass, expected, got: String(v), sigmas: se && bound !== null ? Math.abs(v - bound) / se : null, diff: null };
}

function golden(c: LoadedCheck, update: boolean): ExpectationResult {
  const spec = c.data.fight!;
  const logFile = resolve(dirname(c.file), spec.log);
  const actual = renderLog(fight(c.scenario, { seed: String(spec.seed) }).events, false);
  const name = `fight --seed ${spec.seed} = ${spec.log}`;
  if (update) {
    writeFileSync(logFile, actual);
    return { file: c.file, name, kind: 'golden', pass: true, expected: spec.log, got: 'updated', sigmas: null, diff: null };
  }
  let expected: string;
  try {
    expected = readFileSync(logFile, 'utf8');
  } catch {
    throw new InputError([c.yaml.problem(['fight', 'log'], `no golden log ${logFile} (write it with --update)`)]);
  }
  const pass = expected === actual;
  return { file: c.file, name, kind: 'golden', pass, expected: spec.log, got: pass ? 'identical' : 'different', sigmas: null, diff: pass ? null : lineDiff(expected, actual) };
}

/** The first differing lines with a little context, `-` expected, `+` got. */
export function lineDiff(expected: string, actual: string, context = 2, max = 12): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const out: string[] = [`first difference at line ${i + 1}:`];
  for (let k = Math.max(0, i - context); k < i; k++) out.push(`  ${a[k]}`);
  for (let k = i; k < Math.min(a.length, i + max); k++) out.push(`- ${a[k]}`);
  for (let k = i; k < Math.min(b.length, i + max); k++) out.push(`+ ${b[k]}`);
  return out.join('\n');
}

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JUnit XML: one testsuite per check file, one testcase per expectation. */
export function junit(run: CheckRun): string {
  const byFile = new Map<string, ExpectationResult[]>();
  for (const r of run.results) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
  const suites = [...byFile].map(([file, rs]) => {
    const cases = rs.map((r) => {
      const body = r.pass ? '' : `<failure message="${xml(`expected ${r.expected}, got ${r.got}`)}">${xml(r.diff ?? `expected ${r.expected}, got ${r.got}${r.sigmas !== null ? ` (${r.sigmas.toFixed(1)} standard errors off)` : ''}`)}</failure>`;
      return `    <testcase classname="${xml(file)}" name="${xml(r.name)}">${body}</testcase>`;
    });
    return `  <testsuite name="${xml(file)}" tests="${rs.length}" failures="${rs.filter((r) => !r.pass).length}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="${run.results.length}" failures="${run.failed}">\n${suites.join('\n')}\n</testsuites>\n`;
}
