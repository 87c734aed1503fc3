// A batch as a page: per ruleset a heat map of attacker against defender win share, each cell
// with its 95% interval (a table that turns round or scrolls with its names in view where it does
// not fit); the scenario files' rows in a heat map of their own; with several rulesets, each
// matchup under every one side by side (what the edition changes); and the full table of rows,
// every row on the screen (a card for each where the columns do not fit), which sorts by any
// column (click its head) and filters by name, by a plain inline script.
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

/** A row fought from a scenario file: its replay runs that file (a grid row names its attacker and defender, or the matrix). */
const fromScenario = (r: BatchRow) => /^assault sim (?!--attacker )/.test(r.replay);

export function renderBatchHtml(rows: BatchRow[], reproduce: string, matrix = 'a matrix'): string {
  const rulesets = [...new Set(rows.map((r) => r.rules))];
  const cols = columns(lossWords(rows));
  // the attacker-by-defender heat maps hold the grid's rows; scenario files are each a matchup of their own
  const gridRules = rulesets.filter((r) => rows.some((row) => row.rules === r && !fromScenario(row)));
  const scenarios = rows.some(fromScenario);
  const body = `<h1>Batch: ${escapeHtml(matrix)}</h1>
<p class="sub">${grouped(rows.length)} rows (matchups x rulesets) of ${grouped(rows[0]?.runs ?? 0)} fights each. Reproduce: <code>${escapeHtml(reproduce)}</code></p>
${gridRules.length ? `<h2>Attacker win share</h2><p class="note">Each cell: the attacker's win share, and under it its 95% interval.</p>
${gridRules.map((r) => `<div class="chart"><h3>${escapeHtml(r)}</h3><p class="note" id="heat-note-${rulesets.indexOf(r)}"></p><div id="heat-${rulesets.indexOf(r)}" class="heat"></div></div>`).join('\n')}` : ''}
${scenarios ? `<h2>Scenario files</h2><p class="note">Each scenario file is a matchup of its own: its attacker's win share${rulesets.length > 1 ? ' under each ruleset' : ''}, and under it its 95% interval.</p><div id="heat-scenarios" class="heat"></div>` : ''}
<div id="legend"></div>
${rulesets.length > 1 ? '<h2>Each matchup under each ruleset</h2><p class="note">What the edition changes: the attacker\'s win share with its 95% interval, one colour a ruleset (the figures are in the table below).</p><div id="compare" class="chart"></div>' : ''}
<h2>Every row</h2>
<input type="search" id="filter" placeholder="filter by attacker, defender or ruleset" aria-label="filter rows">
<p class="note sort-note">Sort by a column: tap its name.</p>
<table id="rows"><thead><tr>${cols.map((c, i) => `<th data-col="${i}"${c.text ? ' class="text"' : ''}>${escapeHtml(c.head).replace(/\//g, '/<wbr>')}</th>`).join('')}</tr></thead><tbody></tbody></table>
<p class="note"><span id="shown"></span> Each row's replay command fights it again alone.</p>`;
  const data = {
    rulesets,
    gridRules,
    columns: cols.map((c) => ({ key: c.key, text: c.text === true, head: c.head })),
    rows: [...rows].sort((a, b) => a.row - b.row).map((r) => ({
      ...r, attacker: plain(r.attacker), defender: plain(r.defender), matchup: versus(plain(r.attacker), plain(r.defender)),
      attackerCI: `${(r.attackerWinsLow * 100).toFixed(1)}-${(r.attackerWinsHigh * 100).toFixed(1)}%`, scenario: fromScenario(r),
    })),
    // the order the rows came in (sorted as the command sorts them)
    order: rows.map((r) => r.row),
  };
  const script = `const data = ${embed(data)};
const pctText = (p) => (p * 100).toFixed(1) + '%';
const colour = d3.interpolateRdYlGn;
/** a name that may wrap after each '/' */
const nameNode = (name) => {
  const span = document.createElement('span');
  name.split('/').forEach((part, i, all) => { span.append(part + (i < all.length - 1 ? '/' : '')); if (i < all.length - 1) span.append(document.createElement('wbr')); });
  return span;
};
/**
 * A heat map as a table: a row for each of \`down\`, a column for each of \`across\`, each cell the
 * attacker's win share and its interval, coloured. Empty where no row was fought.
 */
const heatTable = (down, across, find, corner) => {
  const table = document.createElement('table');
  table.className = 'heat';
  const head = document.createElement('tr');
  const c = document.createElement('th');
  c.className = 'name corner';
  c.textContent = corner;
  head.append(c);
  for (const a of across) { const th = document.createElement('th'); th.append(nameNode(a)); head.append(th); }
  const thead = document.createElement('thead');
  thead.append(head);
  const tbody = document.createElement('tbody');
  for (const d of down) {
    const tr = document.createElement('tr');
    const th = document.createElement('th');
    th.className = 'name';
    th.append(nameNode(d));
    tr.append(th);
    for (const a of across) {
      const td = document.createElement('td');
      const r = find(d, a);
      if (r) {
        td.style.background = colour(r.attackerWins);
        td.style.color = r.attackerWins < 0.15 || r.attackerWins > 0.85 ? '#fff' : '#111';
        td.title = r.matchup + ' (' + r.rules + '): ' + pctText(r.attackerWins) + ' (' + r.attackerCI + ')';
        const p = document.createElement('strong');
        p.textContent = Math.round(r.attackerWins * 100) + '%';
        const ci = document.createElement('small');
        ci.textContent = '(' + (r.attackerWinsLow * 100).toFixed(0) + '-' + (r.attackerWinsHigh * 100).toFixed(0) + ')';
        td.append(p, document.createElement('br'), ci);
      }
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(thead, tbody);
  return table;
};
/**
 * Put a heat map where it fits: attackers down and defenders across; turned round when that is
 * too wide and there are more defenders than attackers; still too wide, it scrolls sideways with
 * the names kept in view.
 */
const placeHeat = (box, note, attackers, defenders, find, words) => {
  let table = heatTable(attackers, defenders, find, 'attacker \\u2193 defender \\u2192');
  box.replaceChildren(table);
  let text = words.normal;
  if (table.scrollWidth > box.clientWidth && defenders.length > attackers.length) {
    table = heatTable(defenders, attackers, (d, a) => find(a, d), 'defender \\u2193 attacker \\u2192');
    box.replaceChildren(table);
    text = words.turned;
  }
  if (table.scrollWidth > box.clientWidth) {
    box.classList.add('scrolls');
    text += ' Scroll it sideways: the names stay in view.';
  }
  if (note) note.textContent = text;
};
const grid = data.rows.filter((r) => !r.scenario);
data.gridRules.forEach((rules) => {
  const i = data.rulesets.indexOf(rules);
  const mine = grid.filter((r) => r.rules === rules);
  const attackers = [...new Set(mine.map((r) => r.attacker))];
  const defenders = [...new Set(mine.map((r) => r.defender))];
  placeHeat(document.getElementById('heat-' + i), document.getElementById('heat-note-' + i), attackers, defenders,
    (a, d) => mine.find((r) => r.attacker === a && r.defender === d),
    { normal: 'Attackers down, defenders across.', turned: 'Defenders down, attackers across (turned to fit the screen).' });
});
const scenarioRows = data.rows.filter((r) => r.scenario);
if (scenarioRows.length) {
  const matchups = [...new Set(scenarioRows.map((r) => r.matchup))];
  const rulesets = [...new Set(scenarioRows.map((r) => r.rules))];
  placeHeat(document.getElementById('heat-scenarios'), null, matchups, rulesets,
    (m, rules) => scenarioRows.find((r) => r.matchup === m && r.rules === rules), { normal: '', turned: '' });
  for (const corner of document.querySelectorAll('#heat-scenarios th.corner')) corner.textContent = 'scenario file';
}
if (data.rows.length) {
  document.getElementById('legend').append(Plot.legend({
    color: { type: 'linear', domain: [0, 1], scheme: 'RdYlGn', label: 'attacker win share', tickFormat: '%' },
    style: FONT, width: Math.min(320, document.body.clientWidth - 8), marginLeft: 16, marginRight: 24,
  }));
}
if (data.rulesets.length > 1) {
  const matchups = [...new Set(data.rows.map((r) => r.matchup))];
  const w = wide();
  // each ruleset a little apart on its matchup's line, so that equal shares do not hide each other
  const off = (i) => (i - (data.rulesets.length - 1) / 2) * 6;
  // on a narrow screen, or with names too long for the margin, each matchup's name goes above its line
  const longest = 12 + 7 * Math.max(...matchups.map((m) => m.length));
  const narrow = w < 560 || longest > w * 0.55;
  put('compare', Plot.plot({
    style: FONT, width: w, height: 84 + (narrow ? 44 : 12 + 8 * data.rulesets.length) * matchups.length,
    marginLeft: narrow ? 18 : longest, marginRight: 24, marginBottom: 44,
    x: { domain: [0, 1], tickFormat: '%', label: 'attacker win share \\u2192', labelAnchor: 'center', labelOffset: 36, grid: true, ticks: narrow ? 4 : 10 },
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
      ...(narrow ? [Plot.text(matchups, { y: (m) => m, x: 0, text: (m) => m, textAnchor: 'start', lineAnchor: 'bottom', dy: -10, fontSize: 11, lineWidth: (w - 40) / 11 })] : []),
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
const byRow = new Map(data.rows.map((r) => [r.row, r]));
const given = data.order.map((n) => byRow.get(n));
let sortBy = -1;
let ascending = true;
const draw = () => {
  const words = document.getElementById('filter').value.toLowerCase().split(/\\s+/).filter(Boolean);
  let shown = given.filter((r) => words.every((w) => (r.attacker + ' ' + r.defender + ' ' + r.rules).toLowerCase().includes(w)));
  if (sortBy >= 0) {
    const col = data.columns[sortBy];
    const value = (r) => r[col.key] ?? (col.text ? '' : -Infinity);
    shown = [...shown].sort((a, b) => { const x = value(a), y = value(b); const c = col.text ? String(x).localeCompare(String(y)) : x - y; return ascending ? c : -c; });
  }
  body.replaceChildren(...shown.map((r) => {
    const tr = document.createElement('tr');
    for (const col of data.columns) {
      const td = document.createElement('td');
      td.className = (col.text ? 'text ' : '') + 'c-' + col.key;
      // on a phone each row is a card, each figure under its column's name
      td.dataset.head = col.head;
      const span = document.createElement('span');
      if (col.key === 'attacker' || col.key === 'defender') span.append(nameNode(cell(r, col)));
      else span.textContent = cell(r, col);
      td.append(span);
      tr.append(td);
    }
    return tr;
  }));
  document.getElementById('shown').textContent = shown.length + ' of ' + data.rows.length + ' rows shown.';
  fit();
};
/** the table as it is when its columns fit the page, else a card for each row: no column is ever off the screen */
function fit() {
  const table = document.getElementById('rows');
  table.classList.remove('cards');
  if (table.scrollWidth > document.body.clientWidth + 1 || table.getBoundingClientRect().width > document.body.clientWidth + 1) table.classList.add('cards');
}
window.addEventListener('resize', fit);
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
  return page(`${matrix}: assault batch`, body, script, { wide: true });
}
