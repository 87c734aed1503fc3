// `assault batch` as a terminal table: one row per matchup and ruleset.
import type { BatchRow } from '../batch/batch.js';
import { pivots, summaries } from '../batch/views.js';
import { painter } from './color.js';
import { DEFAULT_WIDTH, fitTable, table, wrap } from './layout.js';
import { lossWords } from './losses.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The batch for a terminal of `width` columns: the least useful columns go first, then long names are shortened. */
export function renderBatch(rows: BatchRow[], color = false, width = DEFAULT_WIDTH): string {
  const c = painter(color);
  const oneRuleset = new Set(rows.map((r) => r.rules)).size <= 1;
  const anyPoints = rows.some((r) => r.attackerPoints !== null || r.defenderPoints !== null);
  const losses = lossWords(rows);
  const points = (a: number | null, d: number | null) => `${a ?? '-'} v ${d ?? '-'}`;
  const per100 = (a: number | null, d: number | null) => `${a === null ? '-' : a.toFixed(2)} v ${d === null ? '-' : d.toFixed(2)}`;
  const body = rows.map((r) => [
    String(r.row), r.attacker, r.defender, r.rules, pct(r.attackerWins), pct(r.defenderWins), pct(r.drawOrLocked),
    `${(r.attackerWinsLow * 100).toFixed(1)}-${(r.attackerWinsHigh * 100).toFixed(1)}%`,
    r.woundsByAttacker.toFixed(2), r.woundsByDefender.toFixed(2), r.attackerSurvivors.toFixed(2), r.defenderSurvivors.toFixed(2),
    points(r.attackerPoints, r.defenderPoints), per100(r.attackerWoundsPer100Points, r.defenderWoundsPer100Points),
  ]);
  // the three shares always stay (they add up to 100%): the names are shortened before they go
  const t = fitTable([
    { head: 'row' }, { head: 'attacker', left: true, shrink: true }, { head: 'defender', left: true, shrink: true }, { head: 'rules', left: true, drop: oneRuleset ? 20 : undefined },
    { head: 'att win', short: 'A win' }, { head: 'def win', short: 'D win' }, { head: 'draw/locked', short: 'draw' }, { head: 'att win 95%', short: 'A win 95%', drop: 15 },
    // the README's promise first: wounds, survivors, points; the interval and the rate go first
    { head: losses.byAttacker, short: 'A>D', drop: 6 }, { head: losses.byDefender, short: 'D>A', drop: 7 }, { head: 'att left', short: 'A left', drop: 8 }, { head: 'def left', short: 'D left', drop: 9 },
    { head: 'points A v D', short: 'pts', drop: anyPoints ? 10 : 30 }, { head: `${losses.perPoints} A v D`, short: 'per 100', drop: anyPoints ? 14 : 30 },
  ], body, width);
  const out = [c.bold(t.head), t.rule];
  t.rows.forEach((text, i) => {
    const r = rows[i]!;
    out.push(r.attackerWins > 0.5 ? c.green(text) : r.defenderWins > 0.5 ? c.red(text) : text);
  });
  out.push(...t.notes.map((n) => c.dim(n)));
  out.push('', ...wrap(c.dim(`${rows.length} row${rows.length === 1 ? '' : 's'}${oneRuleset && rows[0] ? ` (${rows[0].rules})` : ''}; replay row N alone with batch --row N, or with the "replay" command of --json or --csv`), width, ''));
  return out.join('\n') + '\n';
}

/** The pivot for a terminal: attackers down, defenders across, attacker win %, per ruleset. */
export function renderPivot(rows: BatchRow[], color = false, width = DEFAULT_WIDTH): string {
  const c = painter(color);
  const out: string[] = [];
  const short = (name: string) => name.split('/').pop()!;
  for (const p of pivots(rows)) {
    out.push(...wrap(c.bold(`attacker win % (${p.rules}): attackers down, defenders across`), width, ''));
    // as many defenders as fit the width in each table: the name column, then 8 columns a defender
    const nameWidth = Math.min(24, Math.max(8, ...p.attackers.map((a) => a.length)));
    const per = Math.max(1, Math.floor((width - nameWidth) / 9));
    for (let from = 0; from < p.defenders.length; from += per) {
      const cols = p.defenders.slice(from, from + per);
      out.push(...table([{ head: 'attacker', left: true, shrink: true }, ...cols.map((d) => ({ head: short(d), shrink: true }))],
        p.attackers.map((a, i) => [a, ...p.cells[i]!.slice(from, from + per).map((x) => (x === null ? '-' : pct(x)))]), width), '');
    }
  }
  return out.join('\n');
}

/** A line per attacker: its mean win % over its matchups, its best and worst, wounds (epic: units destroyed) per 100 points. */
export function renderSummary(rows: BatchRow[], color = false, width = DEFAULT_WIDTH): string {
  const c = painter(color);
  const list = summaries(rows);
  const oneRuleset = new Set(rows.map((r) => r.rules)).size <= 1;
  const [head, rule, ...lines] = table([
    { head: 'attacker', left: true, shrink: true }, { head: 'rules', left: true, drop: oneRuleset ? 3 : undefined }, { head: 'n', drop: 4 }, { head: 'mean win', short: 'mean' },
    { head: 'best', left: true, drop: 2 }, { head: 'worst', left: true, drop: 1 }, { head: lossWords(rows).perPoints, drop: 5 },
  ], list.map((s) => [
    s.attacker, s.rules, String(s.matchups), pct(s.meanWins), `${s.best.defender.split('/').pop()} ${pct(s.best.wins)}`,
    `${s.worst.defender.split('/').pop()} ${pct(s.worst.wins)}`, s.woundsPer100Points === null ? '-' : s.woundsPer100Points.toFixed(2),
  ]), width);
  return [c.bold(head!), rule!, ...lines].join('\n') + '\n';
}
