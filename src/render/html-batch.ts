// A batch as a page: per ruleset a heat map of attacker against defender win share (in %); with
// several rulesets, each matchup under every one side by side (what the edition changes); and
// the full table of rows, which sorts by any column (click its head) and filters by name, by a
// plain inline script.
import type { BatchRow } from '../batch/batch.js';
import { plain } from '../plain.js';
import { grouped } from '../report/numbers.js';
import { versus } from '../report/labels.js';
import { embed, escapeHtml, page } from './html.js';
import { lossWords, type LossWords } from './losses.js';

/** The table's columns: head, the row's field (or how to make the cell), and whether it is text; the loss columns' words by the rows' editions. */
function columns(losses: LossWords): { head: string; key: string; text?: boolean }[] {
  return [
    { head: 'row', key: 'row' }, { head: 'attacker', key: 'attacker', text: true }, { head: 'defender', key: 'defender', text: true }, { head: 'rules', key: 'rules', text: true },
    { head: 'att win', key: 'attackerWins' }, { head: '95%', key: 'attackerCI', text: true }, { head: 'def win', key: 'defenderWins' },
    { head: 'draw or locked', key: 'drawOrLocked' }, { head: losses.byAttacker, key: 'woundsByAttacker' }, { head: losses.byDefender, key: 'woundsByDefender' },
    { head: 'att left', key: 'attackerSurvivors' }, { head: 'def left', key: 'defenderSurvivors' }, { head: 'att pts', key: 'attackerPoints' },
    { head: 'def pts', key: 'defenderPoints' }, { head: `A ${losses.perPoints}`, key: 'attackerWoundsPer100Points' }, { head: `D ${losses.perPoints}`, key: 'defenderWoundsPer100Points' },
    { head: 'replay', key: 'replay', text: true },
  ];
}

export function renderBatchHtml(rows: BatchRow[], reproduce: string, matrix = 'a matrix'): string {
  const rulesets = [...new Set(rows.map((r) => r.rules))];
  const cols = columns(lossWords(rows));
  const body = `<h1>Batch: ${escapeHtml(matrix)}</h1>
<p class="sub">${grouped(rows.length)} rows (matchups x rulesets) of ${grouped(rows[0]?.runs ?? 0)} fights each. Reproduce: <code>${escapeHtml(reproduce)}</code></p>
<h2>Attacker win share</h2><p class="note">Attackers down, defenders across; hover a cell for its 95% interval.</p>
${rulesets.map((r, i) => `<div class="chart"><h3>${escapeHtml(r)}</h3><div id="heat-${i}"></div></div>`).join('\n')}
${rulesets.length > 1 ? '<h2>Each matchup under each ruleset</h2><p class="note">What the edition changes: the attacker\'s win share with its 95% interval, one colour a ruleset.</p><div id="compare" class="chart"></div>' : ''}
<h2>Every row</h2>
<input type="search" id="filter" placeholder="filter by attacker, defender or ruleset" aria-label="filter rows">
<div class="scroll"><table id="rows"><thead><tr>${cols.map((c, i) => `<th data-col="${i}"${c.text ? ' class="text"' : ''}>${escapeHtml(c.head)}</th>`).join('')}</tr></thead><tbody></tbody></table></div>
<p class="note"><span id="shown"></span> Each row's replay command fights it again alone.</p>`;
  const data = {
    rulesets,
    columns: cols.map((c) => ({ key: c.key, text: c.text === true })),
    rows: rows.map((r) => ({
      ...r, attacker: plain(r.attacker), defender: plain(r.defender), matchup: versus(plain(r.attacker), plain(r.defender)),
      attackerCI: `${(r.attackerWinsLow * 100).toFixed(1)}-${(r.attackerWinsHigh * 100).toFixed(1)}%`,
    })),
  };
  const script = `const data = ${embed(data)};
const pctText = (p) => (p * 100).toFixed(1) + '%';
data.rulesets.forEach((rules, i) => {
  const mine = data.rows.filter((r) => r.rules === rules);
  const defenders = [...new Set(mine.map((r) => r.defender))];
  const attackers = [...new Set(mine.map((r) => r.attacker))];
  const left = Math.min(240, 12 + 7 * Math.max(...attackers.map((a) => a.length)));
  put('heat-' + i, Plot.plot({
    // its full size, scrolled sideways on a narrow screen: shrunk, its cells' text could not be read
    style: { ...FONT, maxWidth: 'none' }, marginLeft: left, marginBottom: 120, width: Math.max(wide(), left + 64 * defenders.length), height: 140 + 34 * attackers.length,
    x: { label: null, tickRotate: -35, domain: defenders }, y: { label: null, domain: attackers },
    color: { type: 'linear', domain: [0, 1], scheme: 'RdYlGn', legend: true, label: 'attacker win share', tickFormat: '%' },
    marks: [
      Plot.cell(mine, { x: 'defender', y: 'attacker', fill: 'attackerWins', inset: 1, title: (d) => d.matchup + ': ' + pctText(d.attackerWins) + ' (' + d.attackerCI + ')' }),
      Plot.text(mine, { x: 'defender', y: 'attacker', text: (d) => Math.round(d.attackerWins * 100) + '%' }),
    ],
  }));
});
if (data.rulesets.length > 1) {
  const matchups = [...new Set(data.rows.map((r) => r.matchup))];
  const w = wide();
  // each ruleset a little apart on its matchup's line, so that equal shares do not hide each other
  const off = (i) => (i - (data.rulesets.length - 1) / 2) * 6;
  // on a narrow screen each matchup's name goes above its line
  const narrow = w < 520;
  put('compare', Plot.plot({
    style: FONT, width: w, height: 70 + (narrow ? 36 : 12 + 8 * data.rulesets.length) * matchups.length,
    marginLeft: narrow ? 8 : Math.min(Math.round(w * 0.55), 12 + 7 * Math.max(...matchups.map((m) => m.length))), marginRight: 16,
    x: { domain: [0, 1], tickFormat: '%', label: 'attacker win share', grid: true, ticks: narrow ? 4 : 10 },
    y: { label: null, domain: matchups, axis: narrow ? null : 'left' },
    color: { legend: true, domain: data.rulesets, scheme: 'Tableau10' },
    marks: [
      ...data.rulesets.flatMap((rules, i) => {
        const mine = data.rows.filter((r) => r.rules === rules);
        return [
          Plot.ruleY(mine, { y: 'matchup', x1: 'attackerWinsLow', x2: 'attackerWinsHigh', stroke: 'rules', strokeWidth: 2, dy: off(i) }),
          Plot.dot(mine, { y: 'matchup', x: 'attackerWins', fill: 'rules', r: 4, dy: off(i), title: (d) => d.matchup + ' (' + d.rules + '): ' + pctText(d.attackerWins) + ' (' + d.attackerCI + ')' }),
        ];
      }),
      ...(narrow ? [Plot.text(matchups, { y: (m) => m, x: 0, text: (m) => m, textAnchor: 'start', dy: -14, fontSize: 11 })] : []),
    ],
  }));
}
const body = document.querySelector('#rows tbody');
const cell = (row, col) => {
  const v = row[col.key];
  if (v === null || v === undefined) return '-';
  if (col.text) return String(v);
  return /Wins|drawOrLocked/.test(col.key) ? pctText(v) : Number.isInteger(v) ? String(v) : v.toFixed(2);
};
let sortBy = -1;
let ascending = true;
const draw = () => {
  const words = document.getElementById('filter').value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = data.rows.filter((r) => words.every((w) => (r.attacker + ' ' + r.defender + ' ' + r.rules).toLowerCase().includes(w)));
  if (sortBy >= 0) {
    const col = data.columns[sortBy];
    const value = (r) => r[col.key] ?? (col.text ? '' : -Infinity);
    shown = [...shown].sort((a, b) => { const x = value(a), y = value(b); const c = col.text ? String(x).localeCompare(String(y)) : x - y; return ascending ? c : -c; });
  }
  body.replaceChildren(...shown.map((r) => {
    const tr = document.createElement('tr');
    for (const col of data.columns) {
      const td = document.createElement('td');
      if (col.text) td.className = 'text';
      td.textContent = cell(r, col);
      tr.append(td);
    }
    return tr;
  }));
  document.getElementById('shown').textContent = shown.length + ' of ' + data.rows.length + ' rows shown.';
};
for (const th of document.querySelectorAll('#rows th')) {
  th.addEventListener('click', () => {
    const col = Number(th.dataset.col);
    ascending = sortBy === col ? !ascending : data.columns[col].text;
    sortBy = col;
    for (const other of document.querySelectorAll('#rows th')) other.removeAttribute('aria-sort');
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    draw();
  });
}
document.getElementById('filter').addEventListener('input', draw);
draw();`;
  return page(`${matrix}: assault batch`, body, script);
}
