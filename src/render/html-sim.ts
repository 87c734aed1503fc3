// The `sim` or `exact` report as a page: the headline and the command that reproduces it; who
// won and how it ended in plain words, each share with its 95% interval (only what happened; a
// note names the rest); each unit's fate side by side when a side has several; the "at least k"
// curves; a histogram of each distribution. Every chart of a kind has one size.
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
    fates: Object.entries(u.fate).filter(([, p]) => p > 0).map(([f, p]) => ({ fate: FATES[f] ?? f, p })),
  }));
  const body = `<h1>${escapeHtml(r.scenario)}</h1>
<p class="sub">${escapeHtml(names('attacker'))} against ${escapeHtml(names('defender'))}: ${escapeHtml(r.rules)}, ${exact ? 'exact probabilities' : `${grouped(r.runs)} fights`}${r.partial ? ' (partial: interrupted)' : ''}</p>
<p><strong>The attacker wins ${pct(w.attacker!)}, the defender ${pct(w.defender!)}, nobody ${pct(w.none!)}.</strong></p>
<p class="sub">Reproduce: <code>${escapeHtml(reproduce)}</code>${r.seed === null ? '' : ` (seed ${escapeHtml(r.seed)})`}</p>
<h2>Outcomes${exact ? '' : ', with 95% intervals'}</h2>
${groups.map((g) => `<div class="chart"><h3>${g.title}</h3><div id="outcome-${g.id}"></div></div>`).join('\n')}
${never.length ? `<p class="note">Never ${exact ? 'possible' : 'happened'} here, so not drawn: ${escapeHtml(never.join('; '))}.</p>` : ''}
${vehiclesOf(r).map((v) => `<h2>${escapeHtml(v.name)}</h2><p>${escapeHtml(vehicleFate(v, exact))}</p>`).join('\n')}
${units.length ? '<h2>Each unit</h2><div id="units" class="chart"></div>' : ''}
<h2>"At least k"</h2><div class="grid"><div class="chart"><h3>${epic ? 'Enemy units destroyed by hits' : 'Wounds inflicted in the first phase'}</h3><div id="atleast-wounds"></div></div><div class="chart"><h3>${epic ? 'Units left at the end' : 'Models left at the end'}</h3><div id="atleast-left"></div></div></div>
<h2>Distributions</h2><div id="distributions" class="grid"></div>`;
  const data = {
    groups: groups.map((g) => ({ id: g.id, shown: g.shown })),
    units,
    exact,
    epic,
    atLeast: r.atLeast,
    distributions: (epic ? [
      ['Attacking units in base contact', r.charge.unitsInContact!], ['Resolution rolls', r.close!.resolutionRolls],
      ['Blast markers placed on the attacker', r.final.blastMarkersPlaced!.attacker], ['Blast markers placed on the defender', r.final.blastMarkersPlaced!.defender],
      ['Attacker units destroyed', r.final.unitsDestroyed!.attacker], ['Defender units destroyed', r.final.unitsDestroyed!.defender],
      ['Attacker units left', r.final.survivors.attacker], ['Defender units left', r.final.survivors.defender],
    ] : [
      ['Wounds by the attacker, first phase', r.firstRound.woundsInflicted.attacker], ['Wounds by the defender, first phase', r.firstRound.woundsInflicted.defender],
      ['Attacker models left', r.final.survivors.attacker], ['Defender models left', r.final.survivors.defender],
      ['Assault phases fought', r.final.rounds],
    ]).map(([name, d]) => ({ name, runs: r.runs, histogram: (d as SimReport['final']['rounds']).histogram })),
    share: exact ? 'probability' : 'share of fights',
  };
  const script = `const data = ${embed(data)};
const pctText = (p) => (p * 100).toFixed(1) + '%';
for (const g of data.groups) {
  const w = wide();
  // on a narrow screen each label goes above its bar, not beside it
  const narrow = w < 520;
  put('outcome-' + g.id, Plot.plot({
    style: FONT, width: w, height: 48 + (narrow ? 48 : 30) * g.shown.length, marginLeft: narrow ? 8 : Math.min(250, Math.round(w * 0.42)), marginRight: 56,
    x: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true, ticks: narrow ? 4 : 10 },
    y: { label: null, domain: g.shown.map((s) => s.label), axis: narrow ? null : 'left', paddingInner: narrow ? 0.5 : 0.1, paddingOuter: narrow ? 0.4 : 0.1 },
    marks: [
      Plot.barX(g.shown, { y: 'label', x: 'p', fill: '#9ecae1' }),
      ...(narrow ? [Plot.text(g.shown, { y: 'label', x: 0, text: 'label', textAnchor: 'start', dy: -16 })] : []),
      ...(data.exact ? [] : [
        Plot.ruleY(g.shown, { y: 'label', x1: 'low', x2: 'high', stroke: '#000', strokeWidth: 2 }),
        Plot.tickX(g.shown, { y: 'label', x: 'low', stroke: '#000', strokeWidth: 2 }),
        Plot.tickX(g.shown, { y: 'label', x: 'high', stroke: '#000', strokeWidth: 2 }),
      ]),
      Plot.text(g.shown, { y: 'label', x: 'high', text: (d) => pctText(d.p), textAnchor: 'start', dx: 6, fontWeight: 600 }),
    ],
  }));
}
if (data.units.length) {
  const rows = data.units.flatMap((u) => u.fates.map((f) => ({ unit: u.unit, fate: f.fate, p: f.p })));
  const w = wide();
  const narrow = w < 520;
  put('units', Plot.plot({
    style: FONT, width: w, height: 60 + (narrow ? 64 : 36) * data.units.length, marginLeft: narrow ? 8 : Math.min(220, w / 3), marginRight: 16,
    x: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true, ticks: narrow ? 4 : 10 },
    y: { label: null, domain: data.units.map((u) => u.unit), axis: narrow ? null : 'left', paddingInner: narrow ? 0.5 : 0.1, paddingOuter: narrow ? 0.4 : 0.1 },
    color: { legend: true, scheme: 'Tableau10' },
    marks: [
      Plot.barX(rows, Plot.stackX({ y: 'unit', x: 'p', fill: 'fate', title: (d) => d.unit + ': ' + d.fate + ' ' + pctText(d.p) })),
      ...(narrow ? [Plot.text(data.units, { y: 'unit', x: 0, text: 'unit', textAnchor: 'start', dy: -22 })] : []),
    ],
  }));
}
const curve = (id, key, label) => {
  // up to the largest k any fight reached (a walker's hits make the possible far above the likely)
  const reached = ['attacker', 'defender'].flatMap((side) => data.atLeast[key][side].filter((d) => d.p > 0).map((d) => d.k));
  const last = Math.max(1, ...reached);
  const rows = ['attacker', 'defender'].flatMap((side) => data.atLeast[key][side].filter((d) => d.k > 0 && d.k <= last).map((d) => ({ ...d, side })));
  put(id, Plot.plot({
    style: FONT, width: widthOf(document.getElementById(id)), height: 260, marginLeft: 48, y: { domain: [0, 1], tickFormat: '%', label: data.share, grid: true },
    x: { label, ticks: fewTicks([...new Set(rows.map((d) => d.k))], 10), tickFormat: 'd' }, color: { legend: true, domain: ['attacker', 'defender'] },
    marks: [Plot.areaY(rows, { x: 'k', y1: 'low', y2: 'high', fill: 'side', fillOpacity: 0.2 }), Plot.line(rows, { x: 'k', y: 'p', stroke: 'side', marker: true })],
  }));
};
curve('atleast-wounds', 'firstRoundWounds', data.epic ? 'at least k units' : 'at least k wounds');
curve('atleast-left', 'survivors', data.epic ? 'at least k units' : 'at least k models');
for (const d of data.distributions) {
  const box = document.createElement('div');
  box.className = 'chart';
  const title = document.createElement('h3');
  title.textContent = d.name;
  const bars = d.histogram.map(([v, n]) => ({ v, p: n / d.runs }));
  box.append(title);
  document.getElementById('distributions').append(box);
  box.append(Plot.plot({
    style: FONT, width: widthOf(box), height: 260, x: { label: null, ticks: fewTicks(bars.map((b) => b.v), 10) }, y: { percent: true, label: '%', grid: true },
    marks: [Plot.barY(bars, { x: 'v', y: 'p', fill: 'steelblue', title: (b) => b.v + ': ' + pctText(b.p) })],
  }));
}`;
  return page(`${r.scenario}: assault ${exact ? 'exact' : 'sim'}`, body, script);
}
