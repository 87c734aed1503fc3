// `assault batch`: many matchups in one call, one row each (per ruleset). A matrix file lists
// scenario files and/or attackers x defenders (roster units, or whole rosters: every unit in
// them). Each row is its own sim with its own seed, printed so `sim` can replay it alone.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError, type Problem } from '../io/errors.js';
import { Loader, loadScenario } from '../io/load.js';
import { MatrixFile, type MatrixFileT } from '../io/schema.js';
import { didYouMean } from '../io/suggest.js';
import { YamlFile } from '../io/yamlfile.js';
import type { Scenario } from '../model.js';
import { DEFAULT_RULESET, getRuleset, rulesetProblem } from '../editions/registry.js';
import { runPool } from '../sim/pool.js';
import { own } from '../own.js';

export interface Matchup {
  label: string;
  /** a scenario file, or attacker and defender unit references */
  source: { scenario: string } | { attacker: string; defender: string };
  build(rules: string): Scenario;
}

export interface BatchRow {
  attacker: string;
  defender: string;
  rules: string;
  runs: number;
  seed: string;
  attackerWins: number;
  defenderWins: number;
  drawOrLocked: number;
  woundsByAttacker: number;
  woundsByDefender: number;
  attackerSurvivors: number;
  defenderSurvivors: number;
  /** the command that replays this row alone */
  replay: string;
}

export interface Matrix {
  file: string;
  runs: number;
  seed: string;
  rules: string[];
  /** the matrix's `rounds`, for every matchup (scenario files too); null: each keeps its own */
  rounds: number | 'resolve' | null;
  /** where attacker and defender references are looked up, when that differs from the current folder's lookup */
  rosterDir: string | null;
  matchups: Matchup[];
}

/** Build a one-unit-a-side scenario: the attacker charges. A `loader` given is reused (its rosters read once). */
export function matchupScenario(attacker: string, defender: string, rules: string, rounds: number | 'resolve', fromFile: string, loader = new Loader(getRuleset(rules))): Scenario {
  const at = YamlFile.parse(fromFile, `attacker: ${JSON.stringify(attacker)}\ndefender: ${JSON.stringify(defender)}\n`);
  const a = loader.scenarioUnit({ unit: attacker }, 'attacker', at, ['attacker']);
  const d = loader.scenarioUnit({ unit: defender }, 'defender', at, ['defender']);
  if (!a || !d || loader.problems.list.length) throw new InputError(loader.problems.list);
  return { name: `${a.name} vs ${d.name}`, rules, rounds, attacker: { units: [a] }, defender: { units: [d] }, file: null };
}

export function loadMatrix(file: string, opts: { runs?: number; seed?: string } = {}): Matrix {
  const yaml = YamlFile.read(file);
  const { value, problems } = yaml.validate(MatrixFile);
  if (!value) throw new InputError(problems);
  const m: MatrixFileT = value;
  const out: Problem[] = [];
  const rules = m.rules === undefined ? [DEFAULT_RULESET] : typeof m.rules === 'string' ? [m.rules] : m.rules;
  rules.forEach((r, i) => {
    const p = rulesetProblem(r);
    if (p) out.push(yaml.problem(typeof m.rules === 'string' ? ['rules'] : ['rules', i], p));
  });
  const loader = new Loader(getRuleset(DEFAULT_RULESET));
  const expand = (key: 'attackers' | 'defenders'): string[] => {
    const refs: string[] = [];
    (m[key] ?? []).forEach((ref, i) => {
      const [stem, unit] = ref.split('/', 2) as [string, string | undefined];
      const roster = loader.roster(stem, file);
      if (!roster) {
        out.push(yaml.problem([key, i], `no roster file '${stem}.yaml'${didYouMean(stem, loader.knownStems(file))}`));
        return;
      }
      if (unit === undefined) refs.push(...Object.keys(roster.data.units).map((u) => `${stem}/${u}`));
      else if (own(roster.data.units, unit)) refs.push(ref);
      else out.push(yaml.problem([key, i], `no unit '${unit}' in ${roster.yaml.file}${didYouMean(unit, Object.keys(roster.data.units))}`));
    });
    return refs;
  };
  const attackers = expand('attackers');
  const defenders = expand('defenders');
  out.push(...loader.problems.list);
  if ((m.attackers === undefined) !== (m.defenders === undefined)) {
    out.push(yaml.problem([], '`attackers` and `defenders` go together'));
  }
  const matchups: Matchup[] = [];
  (m.scenarios ?? []).forEach((s, i) => {
    const path = resolve(dirname(file), s);
    try {
      const first = loadScenario(path, { rules: rules[0] && !rulesetProblem(rules[0]) ? rules[0] : undefined });
      const rounds = m.rounds;
      matchups.push({ label: first.name, source: { scenario: path }, build: (r) => {
        const s = loadScenario(path, { rules: r });
        return rounds === undefined ? s : { ...s, rounds };
      } });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      out.push(...(e.problems[0]?.message === 'no such file' ? [yaml.problem(['scenarios', i], `no scenario file ${path}`)] : e.problems));
    }
  });
  const rounds = m.rounds ?? 'resolve';
  // one loader per ruleset for the whole matrix: each roster file is read and validated once
  const loaders = new Map<string, Loader>();
  const loaderFor = (r: string) => {
    if (!loaders.has(r)) loaders.set(r, new Loader(getRuleset(r)));
    return loaders.get(r)!;
  };
  for (const a of attackers) {
    for (const d of defenders) {
      matchups.push({ label: `${a} vs ${d}`, source: { attacker: a, defender: d }, build: (r) => matchupScenario(a, d, r, rounds, file, loaderFor(r)) });
    }
  }
  if (matchups.length === 0 && out.length === 0) out.push(yaml.problem([], 'no matchups: give `scenarios` or `attackers` and `defenders`'));
  if (out.length) throw new InputError(out);
  // the replay command names the matrix's folder only when its rosters are not the ones the current folder would find
  const here = join(process.cwd(), '(command line)');
  const stems = [...new Set([...attackers, ...defenders].map((r) => r.split('/')[0]!))];
  const same = stems.every((st) => loader.rosterCandidates(st, file).find((f) => existsSync(f)) === loader.rosterCandidates(st, here).find((f) => existsSync(f)));
  return {
    file, runs: opts.runs ?? m.runs ?? 5000, seed: opts.seed ?? String(m.seed ?? 1), rules, rounds: m.rounds ?? null,
    rosterDir: same ? null : dirname(resolve(file)), matchups,
  };
}

export interface BatchOptions {
  /** worker threads to share the rows among (the rows are the same for any number) */
  workers?: number;
  onProgress?: (done: number, total: number) => void;
}

export async function runBatch(matrix: Matrix, opts: BatchOptions = {}): Promise<BatchRow[]> {
  const rows: { mu: Matchup; rules: string; scenario: Scenario; seed: string }[] = [];
  let index = 0;
  for (const rules of matrix.rules) {
    for (const mu of matrix.matchups) {
      index++;
      rows.push({ mu, rules, scenario: mu.build(rules), seed: `${matrix.seed}-${index}` });
    }
  }
  const total = rows.length * matrix.runs;
  let done = 0;
  const reports = await runPool(rows.map((r) => ({ scenario: r.scenario, seed: r.seed, runs: matrix.runs })), opts.workers ?? 1, () => {
    done += matrix.runs;
    opts.onProgress?.(done, total);
  });
  return rows.map(({ mu, rules, scenario, seed }, i) => {
    const r = reports[i]!;
    const src = mu.source;
    const [attacker, defender] = 'scenario' in src
      ? [scenario.attacker.units.map((u) => u.name).join(' + '), scenario.defender.units.map((u) => u.name).join(' + ')]
      : [src.attacker, src.defender];
    const target = 'scenario' in src ? [src.scenario] : ['--attacker', src.attacker, '--defender', src.defender, ...(matrix.rosterDir ? ['--roster-dir', matrix.rosterDir] : [])];
    return {
      attacker, defender, rules, runs: matrix.runs, seed,
      attackerWins: r.final.winner.attacker!, defenderWins: r.final.winner.defender!, drawOrLocked: r.final.winner.none!,
      woundsByAttacker: r.final.woundsInflicted.attacker.mean, woundsByDefender: r.final.woundsInflicted.defender.mean,
      attackerSurvivors: r.final.survivors.attacker.mean, defenderSurvivors: r.final.survivors.defender.mean,
      replay: ['assault', 'sim', ...target, '--rules', rules, '--runs', String(matrix.runs), '--seed', seed, ...(matrix.rounds !== null ? ['--rounds', String(matrix.rounds)] : [])].map(shellWord).join(' '),
    };
  });
}

export const COLUMNS: (keyof BatchRow)[] = [
  'attacker', 'defender', 'rules', 'runs', 'seed', 'attackerWins', 'defenderWins', 'drawOrLocked',
  'woundsByAttacker', 'woundsByDefender', 'attackerSurvivors', 'defenderSurvivors', 'replay',
];

/** A word for a POSIX shell: as it is when safe, else in single quotes. */
export function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}

function csvField(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: BatchRow[]): string {
  return [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => csvField(r[c])).join(','))].join('\n') + '\n';
}

/** Rows in reading order: by attacker win rate, or by name (matchups of several rulesets together). */
export function sortRows(rows: BatchRow[], by: 'win' | 'name'): BatchRow[] {
  const cmp = by === 'name'
    ? (a: BatchRow, b: BatchRow) => a.attacker.localeCompare(b.attacker) || a.defender.localeCompare(b.defender) || a.rules.localeCompare(b.rules)
    : (a: BatchRow, b: BatchRow) => b.attackerWins - a.attackerWins || a.attacker.localeCompare(b.attacker) || a.defender.localeCompare(b.defender);
  return [...rows].sort(cmp);
}
