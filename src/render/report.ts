// The `sim` report for a terminal: a headline, tables, unicode histograms.
import type { ChalkInstance } from 'chalk';
import { plain } from '../plain.js';
import type { SimReport } from '../report/aggregate.js';
import { grouped } from '../report/numbers.js';
import type { Distribution, Interval } from '../report/stats.js';
import { painter } from './color.js';
import { DEFAULT_WIDTH, fitTable, table, visible, wrap, wrapAll } from './layout.js';
import { renderEpicReport } from './epic-report.js';
import { vehicleFate, vehiclesOf } from './vehicle-text.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval) => `${pct(i.low)}-${pct(i.high)}`;
const BARS = ' ▁▂▃▄▅▆▇█';

/** A unit's fate, as a column head. */
const FATE_WORDS: Record<string, string> = {
  destroyed: 'destroyed', swept: 'swept', fellBack: 'fell back', locked: 'locked', chargeFailed: 'no charge', disengaged: 'drew apart', none: 'standing',
};

/** How a fight ended, in a player's words (the report's keys in --json stay as they are). */
export const END_WORDS: Record<string, string> = {
  destroyed: 'destroyed', swept: 'swept away', fellBack: 'fell back', locked: 'still locked',
  chargeFailed: 'charge failed', disengaged: 'drew apart', none: 'standing',
};

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
export function sparkline(d: Distribution, most = Infinity): string {
  // at most `most` bars: neighbouring values share a bar when there are more
  const per = Math.max(1, Math.ceil(d.histogram.length / Math.max(1, most)));
  const bins: number[] = [];
  d.histogram.forEach(([, n], i) => (bins[Math.floor(i / per)] = (bins[Math.floor(i / per)] ?? 0) + n));
  // the largest bar is full: counts of runs (sim) or probabilities (exact) alike
  const top = Math.max(...bins, Number.MIN_VALUE);
  return bins.map((n) => BARS[n === 0 ? 0 : Math.max(1, Math.round((n / top) * 8))]).join('');
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
    { head: 'at least', short: 'k', left: true }, { head: 'attacker wounds r1', short: 'A wounds r1' }, { head: 'defender wounds r1', short: 'D wounds r1' },
    { head: 'attacker left', short: 'A left' }, { head: 'defender left', short: 'D left' },
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
    Object.keys(counts).map((k) => [`${label} ${label === 'ended' ? END_WORDS[k] ?? k : k}`, pct(counts[k]!), ci(cis[k]!), counts[k]!]);
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
  // Morale checks are taken by the units that lose an assault result, of either side
  const morale = r.morale.taken === 0 && r.morale.perRun === 0
    ? 'No Morale check was taken (no unit lost an assault result and stood to test)'
    : exact
      ? `Morale checks taken by losing units (either side): ${r.morale.perRun.toFixed(2)} per fight on average, ${(r.morale.failed / r.runs).toFixed(2)} of them failed`
      : `Morale checks taken by losing units (either side): ${r.morale.perRun.toFixed(2)} per fight on average; ${grouped(r.morale.failed)} failed of ${grouped(r.morale.taken)}`;
  const sweeps = sa.perRun === 0 && sa.attempted === 0
    ? 'no sweeping advance was made'
    : exact
      ? `sweeping advances by the winners ${sa.perRun.toFixed(2)} per fight, ${pct(sa.caughtOfAttempted)} of them catch the unit that falls back`
      : `sweeping advances by the winners ${grouped(sa.attempted)}, caught the unit that fell back ${grouped(sa.caught)} (${pct(sa.caughtOfAttempted)})`;
  // fightphase's and waffle's sweeps wound the units they catch
  lines.push(...wrap(`${morale}; ${sweeps}${sa.woundsPerRun > 0 ? `; their wounds ${sa.woundsPerRun.toFixed(2)} per fight` : ''}`, width, '  '));
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
  // the figures as sim and exact both give them; the histogram takes the room left, its
  // neighbouring values sharing a bar when they are many (a walker's long fights), and goes
  // first when there is no room for a few bars; then the least useful figures
  const figures = dists.map(([name, d]) => [name, d.mean.toFixed(2), d.sd.toFixed(2), `${d.p5}`, `${d.p25}`, `${d.p50}`, `${d.p75}`, `${d.p95}`]);
  const heads = ['distribution', 'mean', 'sd', 'p5', 'p25', 'p50', 'p75', 'p95'];
  const used = heads.reduce((n, h, i) => n + Math.max(h.length, ...figures.map((f) => f[i]!.length)) + 2, 0);
  const ends = Math.max(...dists.map(([, d]) => `${d.min}  ${d.max}`.length));
  const room = width - used - ends;
  const histogramHead = width - used >= 20 ? 'histogram (min..max)' : 'histogram';
  lines.push(...table([
    { head: 'distribution', left: true }, { head: 'mean' }, { head: 'sd', drop: 3 }, { head: 'p5', drop: 4 }, { head: 'p25', drop: 6 },
    { head: 'p50', drop: 2 }, { head: 'p75', drop: 5 }, { head: 'p95', drop: 1 }, { head: histogramHead, drop: room >= 4 ? 0 : 10 },
  ], dists.map(([, d], i) => [...figures[i]!, `${d.min} ${c.cyan(sparkline(d, Math.max(4, room)))} ${d.max}`]), width));
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
    const units = r.units;
    const t = fitTable([{ head: 'unit', left: true }, ...fates.map((f) => ({ head: FATE_WORDS[f] ?? f })), { head: 'models left', drop: 1 }],
      units.map((u) => [`${u.side} ${u.name}`, ...fates.map((f) => pct(u.fate[f] ?? 0)), u.survivors.mean.toFixed(2)]), width);
    // a table too wide for the terminal stacks: a paragraph per unit with every figure
    if (t.notes.length === 0 && visible(t.rule) <= width) lines.push(t.head, t.rule, ...t.rows);
    else {
      lines.push("Each unit's fate:");
      for (const u of units) lines.push(...wrap(`  ${u.side} ${u.name}: ${fates.map((f) => `${FATE_WORDS[f] ?? f} ${pct(u.fate[f] ?? 0)}`).join(', ')}; models left ${u.survivors.mean.toFixed(2)}`, width, '    '));
    }
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
