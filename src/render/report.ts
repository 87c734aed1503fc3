// The `sim` report for a terminal: a headline, tables, unicode histograms.
import type { ChalkInstance } from 'chalk';
import { plain } from '../plain.js';
import type { SimReport } from '../report/aggregate.js';
import { grouped } from '../report/numbers.js';
import type { Distribution, Interval } from '../report/stats.js';
import { painter } from './color.js';
import { DEFAULT_WIDTH, table, wrap, wrapAll } from './layout.js';
import { renderEpicReport } from './epic-report.js';
import { vehicleFate, vehiclesOf } from './vehicle-text.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval) => `${pct(i.low)}-${pct(i.high)}`;
const BARS = ' ▁▂▃▄▅▆▇█';

/**
 * The report as `sim --json` and `exact --json` print it: as it is, with a note in `extremes`
 * on how to read them (the same keys in the same order as before the note moved here).
 */
export function reportJson(r: SimReport): SimReport & { extremes: { note: string } } {
  const note = r.method === 'exact'
    ? 'exact: the worst and longest outcomes possible, with no run to replay; value: wounds left (worst) or phases (longest)'
    : 'replay with: assault fight <scenario> --seed <seed> --run <run>; value: wounds left (worst) or phases (longest)';
  return { ...r, extremes: { ...r.extremes, note } };
}

/** One line of block characters, one per value, scaled to the tallest bar. */
export function sparkline(d: Distribution): string {
  // the largest bar is full: counts of runs (sim) or probabilities (exact) alike
  const top = Math.max(...d.histogram.map(([, n]) => n), Number.MIN_VALUE);
  return d.histogram.map(([, n]) => BARS[n === 0 ? 0 : Math.max(1, Math.round((n / top) * 8))]).join('');
}

/** "At least k" for list builders: wounds inflicted in the first phase, models left at the end. */
function atLeastTable(r: SimReport, width: number): string[] {
  const a = r.atLeast;
  const top = Math.max(a.firstRoundWounds.attacker.length, a.firstRoundWounds.defender.length, a.survivors.attacker.length, a.survivors.defender.length);
  const cell = (list: { p: number }[], k: number) => (list[k] ? pct(list[k]!.p) : '0.0%');
  const rows: string[][] = [];
  for (let k = 1; k < top; k++) {
    rows.push([`${k}`, cell(a.firstRoundWounds.attacker, k), cell(a.firstRoundWounds.defender, k), cell(a.survivors.attacker, k), cell(a.survivors.defender, k)]);
  }
  // rows that are 0.0% everywhere at the end say nothing
  while (rows.length > 0 && rows[rows.length - 1]!.slice(1).every((x) => x === '0.0%')) rows.pop();
  return table([
    { head: 'at least', left: true }, { head: 'attacker wounds r1' }, { head: 'defender wounds r1' }, { head: 'attacker left' }, { head: 'defender left' },
  ], rows, width);
}

const names = (units: { name: string; models: number }[]) => units.map((u) => `${u.name} (${u.models})`).join(' + ');

/** The `sim` report for a terminal of `width` columns (80 when unknown or piped). */
/**
 * `sim`'s and `exact`'s report in words. `replayArgs`: what `fight` needs besides --seed and --run
 * to replay a run as this one was fought (the --rules and --rounds the command was given), shell-quoted.
 */
export function renderReport(r: SimReport, color = false, width = DEFAULT_WIDTH, replayArgs: readonly string[] = []): string {
  const c: ChalkInstance = painter(color);
  const fightWith = ['fight', ...replayArgs].join(' ');
  // an epic fight's own figures, in its own words
  if (r.close) return renderEpicReport(r, c, sparkline, width, fightWith);
  const w = r.final.winner;
  const lines: string[] = [];
  const exact = r.method === 'exact';
  const how = exact ? 'exact' : `${r.runs} runs, seed ${plain(r.seed ?? '')}`;
  lines.push(c.bold(`${r.scenario}`) + `  (${r.rules}${r.rulesFile ? ` from ${plain(r.rulesFile)}` : ''}, ${how})${r.partial ? c.yellow('  PARTIAL: interrupted') : ''}`);
  lines.push(`${names(r.sides.attacker)} against ${names(r.sides.defender)}`);
  lines.push(c.bold(`Attacker wins ${pct(w.attacker!)}, defender wins ${pct(w.defender!)}, neither ${pct(w.none!)}`));
  lines.push(`First round: attacker ${pct(r.firstRound.result.attacker!)}, defender ${pct(r.firstRound.result.defender!)}, draw ${pct(r.firstRound.result.draw!)}`);
  lines.push('');
  const outcome = (label: string, counts: Record<string, number>, cis: Record<string, Interval>) =>
    Object.keys(counts).map((k) => [`${label} ${k}`, pct(counts[k]!), ci(cis[k]!), counts[k]!]);
  const outcomes = [
    ...outcome('first round', r.firstRound.result, r.firstRound.resultCI),
    ...outcome('winner', r.final.winner, r.final.winnerCI),
    ...outcome('ended', r.final.end, r.final.endCI),
    ['a Morale check taken', pct(r.morale.runsWithCheck), ci(r.morale.runsWithCheckCI), r.morale.runsWithCheck],
    ['a Morale check failed', pct(r.morale.runsWithFailure), ci(r.morale.runsWithFailureCI), r.morale.runsWithFailure],
    ['a sweeping advance', pct(r.sweepingAdvance.runsAttempted), ci(r.sweepingAdvance.runsAttemptedCI), r.sweepingAdvance.runsAttempted],
    ['a unit caught', pct(r.sweepingAdvance.runsCaught), ci(r.sweepingAdvance.runsCaughtCI), r.sweepingAdvance.runsCaught],
  ] as [string, string, string, number][];
  // an outcome that never happened is left out
  lines.push(...table([{ head: 'outcome', left: true }, { head: exact ? 'probability' : 'share' }, ...(exact ? [] : [{ head: '95% interval' }])],
    outcomes.filter((o) => o[3] > 0).map((o) => o.slice(0, exact ? 2 : 3) as string[]), width));
  lines.push('');
  const sa = r.sweepingAdvance;
  lines.push(...wrap((exact
    ? `Morale checks ${r.morale.perRun.toFixed(2)} per fight, ${(r.morale.failed / r.runs).toFixed(2)} failed; sweeping advances ${sa.perRun.toFixed(2)} per fight, ${pct(sa.caughtOfAttempted)} of them catch`
    : `Morale checks ${r.morale.perRun.toFixed(2)} per fight, ${grouped(r.morale.failed)} failed of ${grouped(r.morale.taken)}; sweeping advances ${grouped(sa.attempted)}, caught ${grouped(sa.caught)} (${pct(sa.caughtOfAttempted)})`)
    // fightphase's and waffle's sweeps wound the units they catch
    + (sa.woundsPerRun > 0 ? `; their wounds ${sa.woundsPerRun.toFixed(2)} per fight` : ''), width, '  '));
  const ch = r.charge;
  if (ch && Object.values(ch).some((v) => v > 0)) {
    // waffle: reactions to the charge, the shooting around it and Final Blows, per fight on average
    lines.push(...wrap(`Charge (per fight): Overwatch fired ${ch.overwatchFired.toFixed(2)}, its wounds ${ch.overwatchWounds.toFixed(2)} (not in the result); fell back ${ch.fellBack.toFixed(2)}, escaped the charge ${ch.evaded.toFixed(2)}; Fiery Charge wounds ${ch.fieryWounds.toFixed(2)}; Final Blow attacks ${ch.finalBlowAttacks.toFixed(2)}`, width, '  '));
  }
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
  // the least useful columns go first when the terminal is narrow
  lines.push(...table([
    { head: 'distribution', left: true }, { head: 'mean' }, { head: 'sd', drop: 3 }, { head: 'p5', drop: 4 }, { head: 'p25', drop: 6 },
    { head: 'p50', drop: 2 }, { head: 'p75', drop: 5 }, { head: 'p95', drop: 1 }, { head: 'histogram (min..max)', drop: 0 },
  ], dists.map(([name, d]) => [name, d.mean.toFixed(2), d.sd.toFixed(2), `${d.p5}`, `${d.p25}`, `${d.p50}`, `${d.p75}`, `${d.p95}`, `${d.min} ${c.cyan(sparkline(d))} ${d.max}`]), width));
  const vehicles = vehiclesOf(r);
  if (vehicles.length > 0) {
    lines.push('');
    for (const v of vehicles) lines.push(...wrap(`Vehicle ${vehicleFate(v, exact)}`, width, '  '));
  }
  lines.push('');
  lines.push(...atLeastTable(r, width));
  if (r.units) {
    lines.push('');
    // fates no unit ever met are left out
    const fates = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'disengaged', 'none'].filter((f) => r.units!.some((u) => (u.fate[f] ?? 0) > 0));
    lines.push(...table([{ head: 'unit', left: true, shrink: true }, ...fates.map((f) => ({ head: f === 'none' ? 'standing' : f })), { head: 'models left', drop: 1 }],
      r.units.map((u) => [`${u.side} ${u.name}`, ...fates.map((f) => pct(u.fate[f] ?? 0)), u.survivors.mean.toFixed(2)]), width));
  }
  lines.push('');
  const ex = r.extremes;
  if (exact) {
    lines.push(c.dim(`${r.diceRolled.toFixed(2)} dice rolled on average`));
  } else {
    const replay = (label: string, e: { run: number | null; value: number } | null) => (e ? `${label}: run ${e.run}` : '');
    lines.push(...wrap(c.dim(`replay with ${fightWith} --seed ${plain(r.seed ?? '')} --run K: ${[replay("attacker's worst", ex.attackerWorst), replay("defender's worst", ex.defenderWorst), replay('longest', ex.longest)].filter(Boolean).join(', ')}`), width, '  '));
    lines.push(c.dim(`${grouped(r.diceRolled)} dice rolled`));
  }
  return wrapAll(lines, width).join('\n') + '\n';
}
