// `assault batch`: the rows of a matrix (src/batch/matrix.ts), one each per matchup and ruleset,
// each its own sim with its own seed, printed with the command that replays it alone; the rows
// as CSV (also the pivot and the summary of views.ts).
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import type { Scenario } from '../model.js';
import { runPool } from '../sim/pool.js';
import type { Matchup, Matrix } from './matrix.js';
import { shellWord } from './shell.js';
import { together } from '../report/labels.js';
import { rulesArgument } from '../io/edition.js';
import { pivots, summaries } from './views.js';

export { loadMatrix, matchupScenario, MAX_ROWS, type Entry, type Matchup, type Matrix } from './matrix.js';

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
  /** 95% intervals of the win shares */
  attackerWinsLow: number;
  attackerWinsHigh: number;
  defenderWinsLow: number;
  defenderWinsHigh: number;
  /** what each side costs, when the rosters say (null: unknown) */
  attackerPoints: number | null;
  defenderPoints: number | null;
  /** wounds each side inflicts per 100 points it costs */
  attackerWoundsPer100Points: number | null;
  defenderWoundsPer100Points: number | null;
  /** the command that replays this row alone */
  replay: string;
  /** its number in the matrix (rulesets, then matchups in the file's order, from 1): what `batch --row N` fights */
  row: number;
}

export interface BatchOptions {
  /** worker threads to share the rows among (the rows are the same for any number) */
  workers?: number;
  /** run only this row (1-based, in matrix order): what a variant row's replay command does */
  row?: number;
  onProgress?: (done: number, total: number) => void;
  /** start a thread only for at least this many runs in all (default MIN_RUNS_PER_WORKER; tests make it small) */
  minRunsPerWorker?: number;
}

/** A side's cost, when every unit's is known. */
function pointsOf(units: Scenario['attacker']['units']): number | null {
  let sum = 0;
  for (const u of units) {
    if (u.nearby) continue;
    if (u.points == null) return null;
    sum += u.points;
  }
  return sum;
}

export async function runBatch(matrix: Matrix, opts: BatchOptions = {}): Promise<BatchRow[]> {
  const rows: { index: number; mu: Matchup; rules: string; scenario: Scenario; seed: string }[] = [];
  let index = 0;
  for (const rules of matrix.rules) {
    for (const mu of matrix.matchups) {
      index++;
      if (opts.row !== undefined && opts.row !== index) continue;
      rows.push({ index, mu, rules, scenario: mu.build(rules), seed: `${matrix.seed}-${index}` });
    }
  }
  if (opts.row !== undefined && rows.length === 0) throw new UsageError(`--row ${opts.row}: the matrix has ${index} rows`);
  const total = rows.length * matrix.runs;
  let done = 0;
  const figures = await runPool(rows.map((r) => ({ scenario: r.scenario, seed: r.seed, runs: matrix.runs })), opts.workers ?? 1, () => {
    done += matrix.runs;
    opts.onProgress?.(done, total);
  }, opts.minRunsPerWorker);
  return rows.map(({ index: n, mu, rules, scenario, seed }, i) => {
    const r = figures[i]!;
    const src = mu.source;
    const [attacker, defender] = 'scenario' in src
      ? [together(scenario.attacker.units.map((u) => u.name)), together(scenario.defender.units.map((u) => u.name))]
      : [src.attacker.label, src.defender.label];
    const rounds = matrix.rounds !== null ? ['--rounds', String(matrix.rounds)] : [];
    // a scenario file or two plain references replay with sim; a variant with the matrix itself
    const replay = 'scenario' in src
      ? ['assault', 'sim', src.scenario, '--rules', rulesArgument(rules), '--runs', String(matrix.runs), '--seed', seed, ...rounds]
      // a matchup at the matrix's distance (epic) cannot: the command line does not give one
      : src.attacker.ref && src.defender.ref && matrix.distance === null
        ? ['assault', 'sim', '--attacker', src.attacker.ref, '--defender', src.defender.ref, ...(matrix.rosterDir ? ['--roster-dir', matrix.rosterDir] : []),
          '--rules', rulesArgument(rules), '--runs', String(matrix.runs), '--seed', seed, ...rounds]
        : ['assault', 'batch', resolve(matrix.file), '--row', String(n), '--runs', String(matrix.runs), '--seed', matrix.seed];
    const attackerPoints = pointsOf(scenario.attacker.units);
    const defenderPoints = pointsOf(scenario.defender.units);
    const per100 = (wounds: number, points: number | null) => (points ? Math.round((wounds / points) * 100 * 1e4) / 1e4 : null);
    const wa = r.woundsInflicted.attacker;
    const wd = r.woundsInflicted.defender;
    return {
      attacker, defender, rules, runs: matrix.runs, seed,
      attackerWins: r.winner.attacker, defenderWins: r.winner.defender, drawOrLocked: r.winner.none,
      woundsByAttacker: wa, woundsByDefender: wd,
      attackerSurvivors: r.survivors.attacker, defenderSurvivors: r.survivors.defender,
      attackerWinsLow: r.winnerCI.attacker.low, attackerWinsHigh: r.winnerCI.attacker.high,
      defenderWinsLow: r.winnerCI.defender.low, defenderWinsHigh: r.winnerCI.defender.high,
      attackerPoints, defenderPoints,
      attackerWoundsPer100Points: per100(wa, attackerPoints), defenderWoundsPer100Points: per100(wd, defenderPoints),
      replay: replay.map(shellWord).join(' '),
      row: n,
    };
  });
}

export const COLUMNS: (keyof BatchRow)[] = [
  'attacker', 'defender', 'rules', 'runs', 'seed', 'attackerWins', 'defenderWins', 'drawOrLocked',
  'woundsByAttacker', 'woundsByDefender', 'attackerSurvivors', 'defenderSurvivors',
  'attackerWinsLow', 'attackerWinsHigh', 'defenderWinsLow', 'defenderWinsHigh',
  'attackerPoints', 'defenderPoints', 'attackerWoundsPer100Points', 'defenderWoundsPer100Points', 'replay', 'row',
];


function csvField(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The pivot as CSV: one table per ruleset (a `rules` column), attackers down, defenders across. */
export function pivotCsv(rows: BatchRow[]): string {
  const all = pivots(rows);
  // every ruleset's table has the same defenders (all of the batch's), so one header serves
  const out: string[] = [['rules', 'attacker', ...(all[0]?.defenders ?? [])].map(csvField).join(',')];
  for (const p of all) p.attackers.forEach((a, i) => out.push([p.rules, a, ...p.cells[i]!.map((c) => (c === null ? '' : String(c)))].map(csvField).join(',')));
  return out.join('\n') + '\n';
}

/** The summary per attacker as CSV. */
export function summaryCsv(rows: BatchRow[]): string {
  const head = ['attacker', 'rules', 'matchups', 'meanWins', 'bestDefender', 'bestWins', 'worstDefender', 'worstWins', 'woundsPer100Points'];
  return [head.join(','), ...summaries(rows).map((s) => [s.attacker, s.rules, s.matchups, s.meanWins, s.best.defender, s.best.wins, s.worst.defender, s.worst.wins, s.woundsPer100Points].map(csvField).join(','))].join('\n') + '\n';
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
