// `assault rules ID`: a ruleset's charts, its source and how it plays.
import { AUTO_HIT } from '../dice.js';
import { isRuleset, type Chart } from '../engine/ruleset.js';
import type { Edition, EditionTable } from '../engine/edition.js';
import { table } from './layout.js';
import { DEFAULT_WIDTH, wrap } from './layout.js';

function chart(title: string, rowLabel: string, colLabel: string, c: Chart): string[] {
  const head = `${rowLabel.padEnd(6)}| ${colLabel} 1..10`;
  const cols = '      | ' + Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(3)).join('');
  // 1 is waffle's A: the attack hits automatically
  const rows = c.map((r, i) => `${String(i + 1).padStart(5)} | ` + r.map((v) => (v === 0 ? '  -' : v === AUTO_HIT ? '  A' : `${v}+`.padStart(3))).join(''));
  return [title, head, cols, ...rows];
}

/** The notes as a list; a note that ends with a colon heads the ones after it, which are indented below it. */
function notes(list: readonly string[], width: number): string[] {
  let under = '';
  return list.flatMap((n) => {
    if (n.endsWith(':')) {
      under = '  ';
      return wrap(n, width, '');
    }
    return wrap(`${under}- ${n}`, width, `${under}  `);
  });
}

/** An edition's own table, with its title. */
function ownTable(t: EditionTable, width: number): string[] {
  return [t.title, ...table(t.columns.map((head, i) => ({ head, left: i > 0 || typeof t.rows[0]?.[0] === 'string' })), t.rows.map((r) => r.map(String)), width), ''];
}

export function renderRuleset(r: Edition, width = DEFAULT_WIDTH): string {
  const charts = isRuleset(r) ? [
    ...chart('To hit (attacker WS down, defender WS across)', 'WS', "defender's WS", r.toHit),
    '',
    ...chart("To wound (Strength down, Toughness across; - cannot wound)", 'S', 'T', r.toWound),
    '',
  ] : [];
  return [
    `${r.id}: ${r.name}`,
    `source: ../shared/rules/${r.document}`,
    ...(r.sources ?? []).flatMap((s) => wrap(`  ${s}`, width, '    ')),
    '',
    ...wrap(r.summary, width, ''),
    '',
    ...charts,
    ...(r.stepNames ? [...wrap(`Steps, in order: ${r.stepNames.join(', ')}.`, width, '  '), ''] : []),
    ...(r.tables ?? []).flatMap((t) => ownTable(t, width)),
    ...notes(r.notes, width),
    ...(r.leftOut.length > 0 ? ['', `Left out${isRuleset(r) ? ` of ${r.document}` : ' (out of scope)'}, and why:`, ...r.leftOut.flatMap((n) => wrap(`- ${n}`, width, '  '))] : []),
  ].flatMap((l) => wrap(l, width)).join('\n');
}
