// `assault rules ID`: a ruleset's charts, its source and how it plays.
import { AUTO_HIT } from '../dice.js';
import type { Chart, Ruleset } from '../engine/ruleset.js';
import { DEFAULT_WIDTH, wrap } from './layout.js';
import { damageTable, VEHICLE_RULINGS } from './vehicle-text.js';

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

export function renderRuleset(r: Ruleset, width = DEFAULT_WIDTH): string {
  return [
    `${r.id}: ${r.name}`,
    `source: ../shared/rules/${r.document}`,
    '',
    ...wrap(r.summary, width, ''),
    '',
    ...chart('To hit (attacker WS down, defender WS across)', 'WS', "defender's WS", r.toHit),
    '',
    ...chart("To wound (Strength down, Toughness across; - cannot wound)", 'S', 'T', r.toWound),
    '',
    ...notes(r.notes, width),
    ...(r.vehicles ? ['', ...damageTable(), '', ...notes(VEHICLE_RULINGS, width)] : []),
    ...(r.leftOut.length > 0 ? ['', `Left out of ${r.document}, and why:`, ...r.leftOut.flatMap((n) => wrap(`- ${n}`, width, '  '))] : []),
  ].flatMap((l) => wrap(l, width)).join('\n');
}
