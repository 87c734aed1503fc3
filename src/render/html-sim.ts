// The `sim` or `exact` report as a page: the headline and the command that reproduces it; who
// won and how it ended in plain words, each share with its 95% interval (only what happened; a
// note names the rest); a vehicle's fate; each unit's fate side by side when a side has several;
// the "at least k" curves, each with a table of its points; a histogram of each distribution,
// ending where its probability does. Every interval a chart draws is also written as a number,
// and every chart of a kind has one size.
import type { SimReport } from '../report/aggregate.js';
import { grouped } from '../report/numbers.js';
import { embed, escapeHtml, page } from './html.js';
import { vehicleFate, vehiclesOf } from './vehicle-text.js';

/** Each outcome of the report, as a reader would say it. */
const WORDS: Record<'firstRound' | 'winner' | 'end', Record<string, string>> = {
  firstRound: { attacker: 'the attacker won it', defender: 'the defender won it', draw: 'a draw' },
  winner: { attacker: 'the attacker wins', defender: 'the defender wins', none: 'nobody wins' },
  end: {
    destroyed: 'a side was destroyed', swept: 'caught by the sweeping advance', fellBack: 'the loser fell back',
    locked: 'still locked when the phases ran out', chargeFailed: 'the charge failed', disengaged: 'the sides drew apart',
  },
};
const FATES: Record<string, string> = {
  destroyed: 'destroyed', swept: 'caught by the sweep', fellBack: 'fell back', locked: 'still locked', chargeFailed: 'its charge failed',
  disengaged: 'drew apart', none: 'standing',
};

/** An epic fight's outcomes in its own words (rules/epic.md E13). */
const EPIC_WORDS: typeof WORDS = {
  firstRound: { attacker: 'the attacker won it', defender: 'the defender won it', draw: 'a draw' },
  winner: WORDS.winner,
  end: {
    destroyed: 'a side was destroyed by the hits', swept: 'the loser was destroyed retreating', fellBack: 'the loser retreated',
    locked: 'the loser held its ground (no-retreat)', chargeFailed: 'no close combat was fought', disengaged: 'the sides drew apart',
  },
};

type Share = { label: string; p: number; low: number; high: number };

/** The outcomes of one kind that happened, in words, and the words of those that never did. */
function happened(kind: keyof typeof WORDS, shares: Record<string, number>, cis: Record<string, { low: number; high: number }>, words = WORDS): { shown: Share[]; never: string[] } {
  const shown: Share[] = [];
  const never: string[] = [];
  for (const [k, p] of Object.entries(shares)) {
    const label = words[kind][k] ?? k;
    if (p > 0) shown.push({ label, p, low: cis[k]!.low, high: cis[k]!.high });
    else never.push(label);
  }
  return { shown, never };
}

/** Who won an epic resolution roll, without `draw` (always 0, rules/epic.md E13). */
function rollShares(r: SimReport): Record<string, number> {
  return { attacker: r.firstRound.result.attacker!, defender: r.firstRound.result.defender! };
}

/** The title of an epic fight's resolution roll shares: of all fights, adding up to those with a close combat. */
function rollTitle(r: SimReport, exact: boolean): string {
  const fought = r.firstRound.result.attacker! + r.firstRound.result.defender!;
  return `Who won the resolution roll (of all ${exact ? 'fights' : 'runs'}: together the ${(fought * 100).toFixed(1)}% with a close combat)`;
}

export function renderSimHtml(r: SimReport, reproduce: string): string {
  const exact = r.method === 'exact';
  const names = (side: 'attacker' | 'defender') => r.sides[side].map((u) => `${u.name} (${u.models})`).join(' + ');
  const w = r.final.winner;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  /** a share and, for a sim, its 95% interval: 92.1% (92.0-92.2) */
  const share = (p: number, ci?: { low: number; high: number }) => (exact || !ci ? pct(p) : `${pct(p)} (${(ci.low * 100).toFixed(1)}-${(ci.high * 100).toFixed(1)})`);
  // an epic fight: units, Blast markers, Broken, the resolution roll (rules/epic.md E13)
  const epic = r.close !== undefined;
  const words = epic ? EPIC_WORDS : WORDS;
  const broken = (side: 'attacker' | 'defender') => ({ label: `the ${side} ends Broken`, p: r.final.broken?.[side] ?? 0, low: r.final.brokenCI?.[side].low ?? 0, high: r.final.brokenCI?.[side].high ?? 0 });
  const groups = [
    // epic: no drawn roll (a tie is rolled again, E8); the two shares add up to the fights with a close combat
    { id: 'first', title: epic ? rollTitle(r, exact) : 'Who won the first assault phase', ...happened('firstRound', epic ? rollShares(r) : r.firstRound.result, r.firstRound.resultCI, words) },
    { id: 'winner', title: 'Who won the fight', ...happened('winner', r.final.winner, r.final.winnerCI, words) },
    { id: 'end', title: 'How the fight ended', ...happened('end', r.final.end, r.final.endCI, words) },
    ...(epic ? [{ id: 'broken', title: 'Broken at the end', shown: [broken('attacker'), broken('defender')].filter((b) => b.p > 0), never: [] as string[] }] : []),
  ];
  const never = groups.flatMap((g) => g.never.map((n) => `${n} (${g.title.toLowerCase()})`));
  const units = (r.units ?? []).map((u) => ({
    unit: `${u.side}: ${u.name}`,
    fates: Object.entries(u.fate).filter(([, p]) => p > 0).map(([f, p]) => ({ fate: FATES[f] ?? f, p, low: u.fateCI[f]?.low ?? p, high: u.fateCI[f]?.high ?? p })),
  }));
  const vehicles = vehiclesOf(r);
  // a vehicle's glancing and penetrating hits count as wounds where they count for the result (V10, V17)
  const woundWords = vehicles.length ? 'Wounds inflicted in the first phase (glancing and penetrating hits included)' : 'Wounds inflicted in the first phase';
  const body = `<h1>${escapeHtml(r.scenario)}</h1>
<p class="sub">${escapeHtml(names('attacker'))} against ${escapeHtml(names('defender'))}: ${escapeHtml(r.rules)}, ${exact ? 'exact probabilities' : `${grouped(r.runs)} fights`}${r.partial ? ' (partial: interrupted)' : ''}</p>
<p><strong>The attacker wins ${share(w.attacker!, r.final.winnerCI.attacker)}, the defender ${share(w.defender!, r.final.winnerCI.defender)}, nobody ${share(w.none!, r.final.winnerCI.none)}.</strong></p>
<p class="sub">Reproduce: <code>${escapeHtml(reproduce)}</code>${r.seed === null ? '' : ` (seed ${escapeHtml(r.seed)})`}</p>
<h2>Outcomes${exact ? '' : ', with 95% intervals'}</h2>
${exact ? '' : '<p class="note">Each share is followed by its 95% interval in brackets, drawn as the black bar.</p>'}
${groups.map((g) => `<div class="chart"><h3>${g.title}</h3><div id="outcome-${g.id}"></div></div>`).join('\n')}
${never.length ? `<p class="note">Never ${exact ? 'possible' : 'happened'} here, so not drawn: ${escapeHtml(never.join('; '))}.</p>` : ''}
${vehicles.map((v, i) => `<h2>${escapeHtml(v.name)}</h2><div class="chart"><h3>What became of it (${exact ? 'probability' : 'share of fights'}; a vehicle can be left in several states at once)</h3><div id="vehicle-${i}"></div></div><p>${escapeHtml(vehicleFate(v, exact))}</p>`).join('\n')}
${units.length ? `<h2>Each unit</h2><div id="units" class="chart"></div>\n<ul class="note">${units.map((u) => `<li>${escapeHtml(u.unit)}: ${escapeHtml(u.fates.map((f) => `${f.fate} ${share(f.p, exact ? undefined : f)}`).join(', '))}</li>`).join('')}</ul>` : ''}
<h2>"At least k"</h2>
${vehicles.length ? '<p class="note">On this page a wound inflicted counts the glancing and penetrating hits on a vehicle or walker that count for the assault result: every one on a walker, and on a vehicle when no other unit fights beside it (V10, V17).</p>' : ''}
<div class="grid"><div class="chart"><h3>${epic ? 'Enemy units destroyed by hits' : woundWords}</h3><div id="atleast-wounds"></div></div><div class="chart"><h3>${epic ? 'Units left at the end' : 'Models left at the end'}</h3><div id="atleast-left"></div></div></div>
<h2>Distributions</h2>
<p class="note">Each chart ends where its values stop happening (a tail below 0.05% in all is named under its chart).</p>
<div id="distributions" class="grid"></div>`;
  const data = {
    groups: groups.map((g) => ({ id: g.id, shown: g.shown })),
    units,
    vehicles: vehicles.map((v) => ([['destroyed', v.destroyed], ['explodes (destroyed)', v.explodes], ['immobilised', v.immobilised], ['stunned', v.stunned],
      ['shaken', v.shaken], ['a gun wrecked', v.gunWrecked], ['untouched', v.unharmed]] as const).filter(([, p]) => p > 0).map(([label, p]) => ({ label, p }))),
    exact,
    epic,
    atLeast: r.atLeast,
    distributions: (epic ? [
      ['Attacking units in base contact', r.charge.unitsInContact!], ['Resolution rolls', r.close!.resolutionRolls],
      ['Blast markers placed on the attacker', r.final.blastMarkersPlaced!.attacker], ['Blast markers placed on the defender', r.final.blastMarkersPlaced!.defender],
      ['Attacker units destroyed', r.final.unitsDestroyed!.attacker], ['Defender units destroyed', r.final.unitsDestroyed!.defender],
      ['Attacker units left', r.final.survivors.attacker], ['Defender units left', r.final.survivors.defender],
    ] : [
      [vehicles.length ? 'Wounds by the attacker, first phase (glancing and penetrating hits included)' : 'Wounds by the attacker, first phase', r.firstRound.woundsInflicted.attacker],
      [vehicles.length ? 'Wounds by the defender, first phase (glancing and penetrating hits included)' : 'Wounds by the defender, first phase', r.firstRound.woundsInflicted.defender],
      ['Attacker models left', r.final.survivors.attacker], ['Defender models left', r.final.survivors.defender],
      ['Assault phases fought', r.final.rounds],
    ]).map(([name, d]) => ({ name, runs: r.runs, histogram: (d as SimReport['final']['rounds']).histogram })),
    share: exact ? 'probability' : 'share of fights',
  };
  const script = `const data = ${embed(data)};
const pctText = (p) => (p * 100).toFixed(1) + '%';
/** a share and, for a sim, its 95% interval: 92.1% (92.0-92.2) */
const shareText = (d) => pctText(d.p) + (data.exact || d.low === undefined ? '' : ' (' + (d.low * 100).toFixed(1) + '-' + (d.high * 100).toFixed(1) + ')');
/** the room a band axis needs for these labels (13px text) */
const labelWidth = (labels) => Math.ceil(14 + 7.4 * Math.max(...labels.map((l) => l.length)));
/** bars of shares, each with its number (and interval) written beside it, or above it on a narrow screen */
const shares = (id, rows) => {
  if (!rows.length) return;
  const w = wide();
  const intervals = !data.exact && rows.some((d) => d.low !== undefined);
  const longest = Math.max(...rows.map((d) => shareText(d).length));
  const left = labelWidth(rows.map((d) => d.label));
  // where the labels, the numbers and bars of some length do not fit side by side, each label
  // and its number go above the bar, wrapped to the width
  const narrow = NARROW;
  const right = 16 + 7.5 * longest;
  put(id, Plot.plot({
    style: FONT, width: w, height: 56 + (narrow ? 16 + 72 * rows.length : 30 * rows.length), marginTop: narrow ? 36 : 20, marginLeft: narrow ? 18 : left,
    marginRight: narrow ? 24 : right, marginBottom: 44,
    x: { domain: [0, 1], tickFormat: '%', label: data.share + ' →', labelAnchor: 'center', labelOffset: 36, grid: true, ticks: narrow ? 4 : Math.max(2, Math.min(10, Math.floor((w - left - right) / 45))) },
    y: { label: null, domain: rows.map((s) => s.label), axis: narrow ? null : 'left', paddingInner: narrow ? 0.55 : 0.1, paddingOuter: narrow ? 0.5 : 0.1 },
    marks: [
      Plot.barX(rows, { y: 'label', x: 'p', fill: '#9ecae1' }),
      ...(narrow ? [Plot.text(rows, { y: 'label', x: 0, text: (d) => d.label + ': ' + shareText(d), textAnchor: 'start', lineAnchor: 'bottom', dy: -22, lineHeight: 1.15, lineWidth: (w - 40) / 15, fontWeight: 600 })] : []),
      ...(intervals ? [
        Plot.ruleY(rows, { y: 'label', x1: 'low', x2: 'high', stroke: '#000', strokeWidth: 2 }),
        Plot.tickX(rows, { y: 'label', x: 'low', stroke: '#000', strokeWidth: 2 }),
        Plot.tickX(rows, { y: 'label', x: 'high', stroke: '#000', strokeWidth: 2 }),
      ] : []),
      ...(narrow ? [] : [Plot.text(rows, { y: 'label', x: (d) => d.high ?? d.p, text: shareText, textAnchor: 'start', dx: 6, fontWeight: 600 })]),
    ],
  }));
};
/** every chart of shares on the page in one layout: above the bars if any would need it */
const NARROW = [...data.groups.map((g) => g.shown), ...data.vehicles].some((rows) => rows.length > 0 && wide() - labelWidth(rows.map((d) => d.label)) - (16 + 7.5 * Math.max(...rows.map((d) => shareText(d).length))) < 200);
for (const g of data.groups) shares('outcome-' + g.id, g.shown);
data.vehicles.forEach((rows, i) => shares('vehicle-' + i, rows));
if (data.units.length) {
  const rows = data.units.flatMap((u) => u.fates.map((f) => ({ unit: u.unit, fate: f.fate, p: f.p })));
  const w = wide();
  const left = labelWidth(data.units.map((u) => u.unit));
  // each unit's name above its bar where the names leave the bars too little room
  const narrow = w - left < 260;
  put('units', Plot.plot({
    style: FONT, width: w, height: 74 + (narrow ? 16 + 64 * data.units.length : 36 * data.units.length), marginTop: narrow ? 36 : 20, marginBottom: 44, marginLeft: narrow ? 18 : left, marginRight: 24,
    x: { domain: [0, 1], tickFormat: '%', label: data.share + ' →', labelAnchor: 'center', labelOffset: 36, grid: true, ticks: narrow ? 4 : Math.max(2, Math.min(10, Math.floor((w - left - 24) / 45))) },
    y: { label: null, domain: data.units.map((u) => u.unit), axis: narrow ? null : 'left', paddingInner: narrow ? 0.5 : 0.1, paddingOuter: narrow ? 0.4 : 0.1 },
    color: { legend: true, scheme: 'Tableau10' },
    marks: [
      Plot.barX(rows, Plot.stackX({ y: 'unit', x: 'p', fill: 'fate', title: (d) => d.unit + ': ' + d.fate + ' ' + pctText(d.p) })),
      ...(narrow ? [Plot.text(data.units, { y: 'unit', x: 0, text: 'unit', textAnchor: 'start', lineAnchor: 'bottom', dy: -22, lineWidth: (w - 40) / 15 })] : []),
    ],
  }));
}
/** the last value worth drawing: past it, what is left in all is below 0.05% (none at all for a sim) */
const TAIL = 0.0005;
const curve = (id, key, label) => {
  // up to the largest k whose share is worth drawing (a walker's hits make the possible far above the likely)
  const reached = ['attacker', 'defender'].flatMap((side) => data.atLeast[key][side].filter((d) => d.p >= TAIL).map((d) => d.k));
  const last = Math.max(1, ...reached);
  const rows = ['attacker', 'defender'].flatMap((side) => data.atLeast[key][side].filter((d) => d.k > 0 && d.k <= last).map((d) => ({ ...d, side })));
  const box = document.getElementById(id);
  put(id, Plot.plot({
    style: FONT, width: widthOf(box), height: 260, marginLeft: 48, y: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true },
    x: { label: label + ' →', labelAnchor: 'center', labelOffset: 34, ticks: fewTicks([...new Set(rows.map((d) => d.k))], 10), tickFormat: 'd' }, marginBottom: 42,
    color: { legend: true, domain: ['attacker', 'defender'] },
    marks: [Plot.areaY(rows, { x: 'k', y1: 'low', y2: 'high', fill: 'side', fillOpacity: 0.2 }), Plot.line(rows, { x: 'k', y: 'p', stroke: 'side', marker: true })],
  }));
  // every point and interval the chart draws, as numbers
  const table = document.createElement('table');
  table.className = 'numbers';
  const byK = [...new Set(rows.map((d) => d.k))];
  const of = (side, k) => rows.find((d) => d.side === side && d.k === k);
  table.innerHTML = '<thead><tr><th>' + label.replace('at least k', 'k') + '</th><th>attacker</th><th>defender</th></tr></thead>';
  const tbody = document.createElement('tbody');
  for (const k of byK) {
    const tr = document.createElement('tr');
    for (const text of ['≥ ' + k, ...['attacker', 'defender'].map((side) => { const d = of(side, k); return d ? shareText(d) : pctText(0); })]) {
      const td = document.createElement('td');
      // a share and its interval may go on two lines, the interval never broken
      const [p, ci] = text.split(' (');
      td.append(p);
      if (ci) { const span = document.createElement('span'); span.className = 'ci'; span.textContent = '(' + ci; td.append(' ', span); }
      tr.append(td);
    }
    tbody.append(tr);
  }
  table.append(tbody);
  box.append(table);
  // a k some fight reached but too rarely to draw is named, not left out in silence
  if (['attacker', 'defender'].some((side) => data.atLeast[key][side].some((d) => d.k > last && d.p > 0))) {
    const note = document.createElement('p');
    note.className = 'note';
    note.textContent = 'Past ' + last + ': below 0.05% for each side, not drawn.';
    box.append(note);
  }
};
curve('atleast-wounds', 'firstRoundWounds', data.epic ? 'at least k units' : 'at least k wounds');
curve('atleast-left', 'survivors', data.epic ? 'at least k units' : 'at least k models');
for (const d of data.distributions) {
  const box = document.createElement('div');
  box.className = 'chart';
  const title = document.createElement('h3');
  title.textContent = d.name;
  const all = d.histogram.map(([v, n]) => ({ v, p: n / d.runs }));
  // the axis ends where the probability does: a tail worth less than 0.05% in all is named, not drawn
  let end = all.length;
  let tail = 0;
  while (end > 1 && tail + all[end - 1].p < TAIL) tail += all[--end].p;
  const bars = all.slice(0, end);
  box.append(title);
  document.getElementById('distributions').append(box);
  box.append(Plot.plot({
    style: FONT, width: widthOf(box), height: 260, x: { label: null, ticks: fewTicks(bars.map((b) => b.v), 10) }, y: { percent: true, label: '%', grid: true },
    marks: [Plot.barY(bars, { x: 'v', y: 'p', fill: 'steelblue', title: (b) => b.v + ': ' + pctText(b.p) })],
  }));
  if (tail > 0) {
    const note = document.createElement('p');
    note.className = 'note';
    note.textContent = 'Above ' + bars[bars.length - 1].v + ': less than 0.05% in all, not drawn.';
    box.append(note);
  }
}`;
  return page(`${r.scenario}: assault ${exact ? 'exact' : 'sim'}`, body, script);
}
