// `assault batch` as a terminal table: one row per matchup and ruleset.
import type { BatchRow } from '../batch/batch.js';
import { painter } from './color.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function renderBatch(rows: BatchRow[], color = false): string {
  const c = painter(color);
  const head = ['attacker', 'defender', 'rules', 'att win', 'def win', 'draw/locked', 'wounds A>D', 'wounds D>A', 'att left', 'def left'];
  const body = rows.map((r) => [
    r.attacker, r.defender, r.rules, pct(r.attackerWins), pct(r.defenderWins), pct(r.drawOrLocked),
    r.woundsByAttacker.toFixed(2), r.woundsByDefender.toFixed(2), r.attackerSurvivors.toFixed(2), r.defenderSurvivors.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((x, i) => (i < 3 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join('  ');
  const out = [c.bold(line(head)), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const [i, b] of body.entries()) {
    const r = rows[i]!;
    const text = line(b);
    out.push(r.attackerWins > 0.5 ? c.green(text) : r.defenderWins > 0.5 ? c.red(text) : text);
  }
  out.push('', c.dim(`${rows.length} rows; replay a row with the "replay" command of --json or --csv`));
  return out.join('\n') + '\n';
}
