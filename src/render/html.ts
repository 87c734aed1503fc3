// One self-contained HTML page for a person to look at and share: the `sim` report or a batch
// drawn as charts with Observable Plot (and d3 under it), both inlined, so the page needs no
// network. The figures are embedded as JSON; the page draws them when it opens.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { BatchRow } from '../batch/batch.js';
import { packageRoot } from '../paths.js';
import { plain } from '../plain.js';
import type { SimReport } from '../report/aggregate.js';

/** The folder of an installed package (its `exports` hide dist/ from require.resolve). */
function packageDir(name: string): string {
  let dir = dirname(createRequire(join(packageRoot(), 'package.json')).resolve(name));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name === name) return dir;
    } catch {
      /* not the package's own folder yet */
    }
    const up = dirname(dir);
    if (up === dir) throw new Error(`cannot find the package folder of ${name}`);
    dir = up;
  }
}

let libraries: string | null = null;
/** d3 and Observable Plot as inline scripts (read once). */
function inlineLibraries(): string {
  libraries ??= [join(packageDir('d3'), 'dist/d3.min.js'), join(packageDir('@observablehq/plot'), 'dist/plot.umd.min.js')]
    .map((f) => `<script>${readFileSync(f, 'utf8').replace(/<\/script/gi, '<\\/script')}</script>`).join('\n');
  return libraries;
}

const escapeHtml = (s: string) => plain(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON safe inside a <script> element */
const embed = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

const STYLE = `body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.1rem;margin-top:2rem}.sub{color:#555}
code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}.chart{margin:.5rem 0 1.5rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(18rem,1fr));gap:1rem}`;

function page(title: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style></head>
<body>
${body}
${inlineLibraries()}
<script>
${script}
</script>
</body></html>
`;
}

/** The `sim` report as a page: the headline, outcome shares with intervals, histograms, "at least k" curves. */
export function renderSimHtml(r: SimReport, reproduce: string): string {
  const names = (side: 'attacker' | 'defender') => r.sides[side].map((u) => `${u.name} (${u.models})`).join(' + ');
  const w = r.final.winner;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const body = `<h1>${escapeHtml(r.scenario)}</h1>
<p class="sub">${escapeHtml(names('attacker'))} against ${escapeHtml(names('defender'))}: ${escapeHtml(r.rules)}, ${r.method === 'exact' ? 'exact' : `${r.runs} runs`}${r.partial ? ' (partial: interrupted)' : ''}</p>
<p><strong>Attacker wins ${pct(w.attacker!)}, defender wins ${pct(w.defender!)}, neither ${pct(w.none!)}.</strong></p>
<p class="sub">Reproduce: <code>${escapeHtml(reproduce)}</code>${r.seed === null ? '' : ` (seed ${escapeHtml(r.seed)})`}</p>
<h2>Outcomes${r.method === 'exact' ? ' (exact probabilities)' : ', with 95% intervals'}</h2><div id="outcomes" class="chart"></div>
<h2>"At least k"</h2><div class="grid"><div id="atleast-wounds" class="chart"></div><div id="atleast-left" class="chart"></div></div>
<h2>Distributions</h2><div id="distributions" class="grid"></div>`;
  const data = {
    outcomes: [
      ...Object.entries(r.firstRound.result).map(([k, v]) => ({ group: 'first round', label: `first round: ${k}`, p: v, ...r.firstRound.resultCI[k]! })),
      ...Object.entries(r.final.winner).map(([k, v]) => ({ group: 'winner', label: `winner: ${k}`, p: v, ...r.final.winnerCI[k]! })),
      ...Object.entries(r.final.end).map(([k, v]) => ({ group: 'ended', label: `ended: ${k}`, p: v, ...r.final.endCI[k]! })),
    ],
    atLeast: r.atLeast,
    distributions: [
      ['wounds by attacker, round 1', r.firstRound.woundsInflicted.attacker], ['wounds by defender, round 1', r.firstRound.woundsInflicted.defender],
      ['attacker models left', r.final.survivors.attacker], ['defender models left', r.final.survivors.defender],
      ['assault phases', r.final.rounds],
    ].map(([name, d]) => ({ name, runs: r.runs, histogram: (d as SimReport['final']['rounds']).histogram })),
    share: r.method === 'exact' ? 'probability' : 'share of runs',
    percent: r.method === 'exact' ? '% probability' : '% of runs',
  };
  const script = `const data = ${embed(data)};
const put = (id, node) => document.getElementById(id).append(node);
put('outcomes', Plot.plot({
  marginLeft: 150, width: 720, x: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true }, y: { label: null },
  color: { legend: true },
  marks: [
    Plot.barX(data.outcomes, { y: 'label', x: 'p', fill: 'group', sort: null }),
    Plot.ruleY(data.outcomes, { y: 'label', x1: 'low', x2: 'high', stroke: '#000' }),
    Plot.text(data.outcomes, { y: 'label', x: 'high', text: (d) => (d.p * 100).toFixed(1) + '%', dx: 18, fontSize: 11 }),
  ],
}));
const curve = (id, key, label) => {
  const rows = ['attacker', 'defender'].flatMap((side) => data.atLeast[key][side].filter((d) => d.k > 0).map((d) => ({ ...d, side })));
  put(id, Plot.plot({
    width: 340, height: 240, y: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true }, x: { label, tickFormat: 'd' }, color: { legend: true },
    marks: [Plot.areaY(rows, { x: 'k', y1: 'low', y2: 'high', fill: 'side', fillOpacity: 0.2 }), Plot.line(rows, { x: 'k', y: 'p', stroke: 'side', marker: true })],
  }));
};
curve('atleast-wounds', 'firstRoundWounds', 'at least k wounds inflicted in the first phase');
curve('atleast-left', 'survivors', 'at least k models left at the end');
for (const d of data.distributions) {
  const box = document.createElement('div');
  box.className = 'chart';
  const title = document.createElement('div');
  title.textContent = d.name;
  box.append(title, Plot.plot({
    width: 340, height: 200, x: { label: null, tickFormat: 'd' }, y: { percent: true, label: data.percent, grid: true },
    marks: [Plot.barY(d.histogram.map(([v, n]) => ({ v, p: n / d.runs })), { x: 'v', y: 'p', fill: 'steelblue' })],
  }));
  document.getElementById('distributions').append(box);
}`;
  return page(`${r.scenario}: assault sim`, body, script);
}

/** A batch as a page: a heat map of attacker against defender win share, per ruleset. */
export function renderBatchHtml(rows: BatchRow[], reproduce: string): string {
  const rulesets = [...new Set(rows.map((r) => r.rules))];
  const body = `<h1>Batch: ${rows.length} rows</h1>
<p class="sub">Attacker win share, attackers down, defenders across; each cell's row replays alone (see the CSV or JSON).</p>
<p class="sub">Reproduce: <code>${escapeHtml(reproduce)}</code></p>
${rulesets.map((r, i) => `<h2>${escapeHtml(r)}</h2><div id="heat-${i}" class="chart"></div>`).join('\n')}`;
  const data = rows.map((r) => ({ attacker: plain(r.attacker), defender: plain(r.defender), rules: r.rules, wins: r.attackerWins, low: r.attackerWinsLow, high: r.attackerWinsHigh }));
  const script = `const rows = ${embed(data)};
${embed(rulesets)}.forEach((rules, i) => {
  const mine = rows.filter((r) => r.rules === rules);
  document.getElementById('heat-' + i).append(Plot.plot({
    marginLeft: 220, marginBottom: 110, width: Math.max(480, 220 + 70 * new Set(mine.map((r) => r.defender)).size),
    x: { label: null, tickRotate: -35 }, y: { label: null }, color: { type: 'linear', domain: [0, 1], scheme: 'RdYlGn', legend: true, label: 'attacker win share' },
    marks: [
      Plot.cell(mine, { x: 'defender', y: 'attacker', fill: 'wins', inset: 1, title: (d) => d.attacker + ' vs ' + d.defender + ': ' + (d.wins * 100).toFixed(1) + '% (' + (d.low * 100).toFixed(1) + '-' + (d.high * 100).toFixed(1) + '%)' }),
      Plot.text(mine, { x: 'defender', y: 'attacker', text: (d) => (d.wins * 100).toFixed(0), fontSize: 11 }),
    ],
  }));
});`;
  return page('assault batch', body, script);
}
