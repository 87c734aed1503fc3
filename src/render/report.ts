// The `sim` report for a terminal: a headline, tables, unicode histograms.
import type { ChalkInstance } from 'chalk';
import { plain } from '../plain.js';
import type { SimReport } from '../sim/aggregate.js';
import type { Distribution, Interval } from '../sim/stats.js';
import { painter } from './color.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval) => `${pct(i.low)}-${pct(i.high)}`;
const BARS = ' ▁▂▃▄▅▆▇█';

function row(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [row(head, widths), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map((r) => row(r, widths))];
}

/** One line of block characters, one per value, scaled to the tallest bar. */
export function sparkline(d: Distribution): string {
  const top = Math.max(...d.histogram.map(([, n]) => n), 1);
  return d.histogram.map(([, n]) => BARS[n === 0 ? 0 : Math.max(1, Math.round((n / top) * 8))]).join('');
}

/** "At least k" for list builders: wounds inflicted in the first phase, models left at the end. */
function atLeastTable(r: SimReport): string[] {
  const a = r.atLeast;
  const top = Math.max(a.firstRoundWounds.attacker.length, a.firstRoundWounds.defender.length, a.survivors.attacker.length, a.survivors.defender.length);
  const cell = (list: { p: number }[], k: number) => (list[k] ? pct(list[k]!.p) : '0.0%');
  const rows: string[][] = [];
  for (let k = 1; k < top; k++) {
    rows.push([`${k}`, cell(a.firstRoundWounds.attacker, k), cell(a.firstRoundWounds.defender, k), cell(a.survivors.attacker, k), cell(a.survivors.defender, k)]);
  }
  // rows that are 0.0% everywhere at the end say nothing
  while (rows.length > 0 && rows[rows.length - 1]!.slice(1).every((x) => x === '0.0%')) rows.pop();
  return table(['at least', 'attacker wounds r1', 'defender wounds r1', 'attacker models left', 'defender models left'], rows);
}

export function renderReport(r: SimReport, color = false): string {
  const c: ChalkInstance = painter(color);
  const w = r.final.winner;
  const lines: string[] = [];
  lines.push(c.bold(`${r.scenario}`) + `  (${r.rules}, ${r.runs} runs, seed ${plain(r.seed)})${r.partial ? c.yellow('  PARTIAL: interrupted') : ''}`);
  lines.push(c.bold(`Attacker wins ${pct(w.attacker!)}, defender wins ${pct(w.defender!)}, neither ${pct(w.none!)}`) +
    `  | first round: attacker ${pct(r.firstRound.result.attacker!)}, defender ${pct(r.firstRound.result.defender!)}, draw ${pct(r.firstRound.result.draw!)}`);
  lines.push('');
  const outcome = (label: string, counts: Record<string, number>, cis: Record<string, Interval>) =>
    Object.keys(counts).map((k) => [`${label} ${k}`, pct(counts[k]!), ci(cis[k]!)]);
  lines.push(...table(['outcome', 'share', '95% interval'], [
    ...outcome('first round', r.firstRound.result, r.firstRound.resultCI),
    ...outcome('winner', r.final.winner, r.final.winnerCI),
    ...outcome('ended', r.final.end, r.final.endCI),
    ['a Morale check taken', pct(r.morale.runsWithCheck), ci(r.morale.runsWithCheckCI)],
    ['a Morale check failed', pct(r.morale.runsWithFailure), ci(r.morale.runsWithFailureCI)],
    ['a sweeping advance', pct(r.sweepingAdvance.runsAttempted), ci(r.sweepingAdvance.runsAttemptedCI)],
    ['a unit caught', pct(r.sweepingAdvance.runsCaught), ci(r.sweepingAdvance.runsCaughtCI)],
  ]));
  lines.push('');
  lines.push(`Morale checks ${r.morale.perRun.toFixed(2)} per fight, ${r.morale.failed} failed of ${r.morale.taken}; sweeping advances ${r.sweepingAdvance.attempted}, caught ${r.sweepingAdvance.caught} (${pct(r.sweepingAdvance.caughtOfAttempted)})`);
  lines.push('');
  const dists: [string, Distribution][] = [
    ['wounds by attacker, round 1', r.firstRound.woundsInflicted.attacker],
    ['wounds by defender, round 1', r.firstRound.woundsInflicted.defender],
    ['wounds by attacker, total', r.final.woundsInflicted.attacker],
    ['wounds by defender, total', r.final.woundsInflicted.defender],
    ['attacker models left', r.final.survivors.attacker],
    ['defender models left', r.final.survivors.defender],
    ['attacker wounds left', r.final.woundsLeft.attacker],
    ['defender wounds left', r.final.woundsLeft.defender],
    ['assault phases', r.final.rounds],
  ];
  lines.push(...table(['distribution', 'mean', 'sd', 'p5', 'p25', 'p50', 'p75', 'p95', 'histogram (min..max)'],
    dists.map(([name, d]) => [name, d.mean.toFixed(2), d.sd.toFixed(2), `${d.p5}`, `${d.p25}`, `${d.p50}`, `${d.p75}`, `${d.p95}`, `${d.min} ${c.cyan(sparkline(d))} ${d.max}`])));
  lines.push('');
  lines.push(...atLeastTable(r));
  if (r.units) {
    lines.push('');
    const fates = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'none'];
    lines.push(...table(['unit', ...fates.map((f) => (f === 'none' ? 'standing' : f)), 'models left'],
      r.units.map((u) => [`${u.side} ${u.name}`, ...fates.map((f) => pct(u.fate[f] ?? 0)), u.survivors.mean.toFixed(2)])));
  }
  lines.push('');
  const ex = r.extremes;
  const replay = (label: string, e: { run: number; value: number } | null) => (e ? `${label}: run ${e.run}` : '');
  lines.push(c.dim(`replay with fight --seed ${plain(r.seed)} --run K: ${[replay("attacker's worst", ex.attackerWorst), replay("defender's worst", ex.defenderWorst), replay('longest', ex.longest)].filter(Boolean).join(', ')}`));
  lines.push(c.dim(`${r.diceRolled} dice rolled`));
  return lines.join('\n') + '\n';
}
