// The --html pages in a real headless browser (Debian's Chromium driven by playwright-core), each
// at a desktop's width (1280 px) and a phone's (390 px): the page loads with no console error and
// no request off the file; its charts are drawn; no element's content overflows its box and no
// chart's text leaves its chart; every table cell is on the screen; every interval a chart draws
// is also written as a number; the batch table shows every row (cards on a phone) and sorts and
// filters. Without a browser the test says it was skipped and how to enable it.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exact, loadMatrix, loadScenario, renderBatchHtml, renderSimHtml, runBatch, simulate, type BatchRow, type SimReport } from '../src/index.js';

const root = new URL('..', import.meta.url).pathname;
const browserPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!browserPath) {
  console.log('browser test SKIPPED: no Chromium found. Install Debian\'s (apt-get install chromium) or set CHROMIUM_PATH to enable it.');
}
const out = mkdtempSync(join(tmpdir(), 'assault-html-'));
/** Whether each page is also saved as a picture at each width, beside it in `out` */
const SCREENSHOTS = Boolean(process.env.HTML_SCREENSHOTS);
const WIDTHS = [1280, 390] as const;

type Browser = import('playwright-core').Browser;
type Page = import('playwright-core').Page;
let browser: Browser | undefined;

/** What a page looks like at one width. */
interface Seen {
  errors: string[]; requests: string[]; text: string; pageWidth: number;
  charts: { id: string; w: number; h: number; marks: number }[];
  /** elements whose content is wider than their box, chart text outside its chart, table cells off the screen or of no size */
  problems: string[];
  /** the batch table's rows on the screen */
  visibleRows: number;
  /** the batch table shown as a card for each row */
  cards: boolean;
}

async function inBrowser(file: string, width: number, more?: (page: Page) => Promise<void>): Promise<Seen> {
  const page = await browser!.newPage({ viewport: { width, height: 900 } });
  try {
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    const seen = await page.evaluate((width) => {
      const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : ''} "${(el.textContent ?? '').slice(0, 40)}"`;
      const problems: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (!(el instanceof HTMLElement) || el.clientWidth === 0) continue;
        const scrolls = ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
        // a heat map too wide even turned round may scroll, its names kept in view
        if (el.scrollWidth > el.clientWidth + 1 && !(scrolls && el.classList.contains('scrolls'))) problems.push(`content ${el.scrollWidth} px in a box of ${el.clientWidth}: ${name(el)}`);
        // nothing hides rows in a box of its own height either
        if (getComputedStyle(el).overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) problems.push(`content ${el.scrollHeight} px high in a box of ${el.clientHeight}: ${name(el)}`);
      }
      for (const t of document.querySelectorAll('svg text')) {
        const svg = t.closest('svg')!.getBoundingClientRect();
        const b = t.getBoundingClientRect();
        if (b.width === 0) continue;
        if (b.left < svg.left - 1 || b.right > svg.right + 1 || b.top < svg.top - 1 || b.bottom > svg.bottom + 1 || b.left < -1 || b.right > width + 1) problems.push(`chart text outside its chart: "${t.textContent}"`);
      }
      for (const c of document.querySelectorAll('td, th')) {
        const b = c.getBoundingClientRect();
        if (b.width === 0 || b.height === 0 || b.left < -1 || b.right > width + 1) problems.push(`table cell not on the screen: ${name(c)}`);
      }
      const visibleRows = [...document.querySelectorAll('#rows tbody tr')].filter((tr) => tr.getBoundingClientRect().height > 0).length;
      const charts = [...document.querySelectorAll('svg')].map((s) => { const b = s.getBoundingClientRect(); return { w: b.width, h: b.height, marks: s.querySelectorAll('rect, path, line, circle').length, id: s.closest('[id]')?.id ?? '' }; });
      const cards = document.getElementById('rows')?.classList.contains('cards') ?? false;
      return { problems, visibleRows, cards, charts, pageWidth: document.documentElement.scrollWidth, text: document.body.innerText.replace(/\s+/g, ' ') };
    }, width);
    // a picture of the page for a person to look at (no test reads it): HTML_SCREENSHOTS=1
    if (SCREENSHOTS) await page.screenshot({ path: file.replace(/\.html$/, `-${width}.png`), fullPage: true });
    await more?.(page);
    return { errors, requests, ...seen };
  } finally {
    await page.close();
  }
}

/** The page at both widths, each checked for what every page must be. */
async function bothWidths(file: string, widths: readonly number[] = WIDTHS): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (const width of widths) {
    const s = await inBrowser(file, width);
    expect(s.errors, `${width} px`).toEqual([]);
    expect(s.requests, `${width} px`).toEqual([]);
    expect(s.problems, `${width} px`).toEqual([]);
    expect(s.pageWidth, `${width} px`).toBeLessThanOrEqual(width);
    seen.push(s);
  }
  return seen;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
/** `text` holds `words`, however a chart wrapped them into lines */
const holds = (text: string, words: string) => text.replace(/\s/g, '').includes(words.replace(/\s/g, ''));
const withInterval = (p: number, ci: { low: number; high: number }) => `${pct(p)} (${(ci.low * 100).toFixed(1)}-${(ci.high * 100).toFixed(1)})`;

/** The bars of the histogram under the chart titled `title`. */
async function barsOf(file: string, title: string): Promise<number> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    return await page.evaluate((title) => {
      const box = [...document.querySelectorAll('#distributions .chart')].find((c) => c.querySelector('h3')?.textContent === title)!;
      return box.querySelectorAll('g[aria-label="bar"] rect').length;
    }, title);
  } finally {
    await page.close();
  }
}

describe.skipIf(!browserPath)('--html pages in a headless browser', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    // launch() gives the browser a fresh profile folder of its own each time
    browser = await chromium.launch({
      executablePath: browserPath!, headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  }, 30_000);
  afterAll(async () => { await browser?.close(); });

  it('sim: charts drawn; every interval written beside its bar and under its curve; fits 1280 and 390 px', async () => {
    const report = await simulate(loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), { runs: 2000, seed: 'html' });
    const file = join(out, 'sim.html');
    writeFileSync(file, renderSimHtml(report, 'assault sim rosters/scenarios/tactical-vs-boyz.yaml --runs 2000 --seed html'));
    const [desk, phone] = await bothWidths(file);
    if (SCREENSHOTS) console.log(`sim page screenshots: ${file.replace(/\.html$/, '-*.png')}`);
    for (const s of [desk!, phone!]) {
      const plots = s.charts.filter((c) => c.w > 100 && c.h > 100 && c.marks > 5);
      expect(plots.length).toBeGreaterThanOrEqual(9); // three outcome charts, two curves, five histograms (one may be small)
      expect(s.text).toMatch(/the attacker wins/);
      expect(s.text).not.toMatch(/chargeFailed|fellBack|ended:/);
      expect(s.text).toMatch(/Never happened here, so not drawn: .*the charge failed/);
      // each share a bar draws, with its interval, as words
      for (const [k, p] of Object.entries(report.final.winner).filter(([, p]) => p > 0)) expect(holds(s.text, withInterval(p, report.final.winnerCI[k]!)), k).toBe(true);
      for (const [k, p] of Object.entries(report.final.end).filter(([, p]) => p > 0)) expect(holds(s.text, withInterval(p, report.final.endCI[k]!)), k).toBe(true);
      // each point of the "at least k" curves and its interval band
      for (const side of ['attacker', 'defender'] as const) {
        for (const d of report.atLeast.firstRoundWounds[side].filter((d) => d.k > 0 && d.k <= 10)) expect(holds(s.text, withInterval(d.p, d)), `${side} ${d.k}`).toBe(true);
      }
    }
    // the charts of a grid are one size: the two curves as wide as the histograms
    const gridWidths = new Set(desk!.charts.filter((c) => c.id.startsWith('atleast') || c.id === 'distributions').filter((c) => c.h > 100).map((c) => Math.round(c.w)));
    expect(gridWidths.size).toBe(1);
  });

  it('exact: the same page, drawn from exact probabilities, no intervals', async () => {
    const report = exact({ ...loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), rounds: 1 });
    const file = join(out, 'exact.html');
    writeFileSync(file, renderSimHtml(report, 'assault exact rosters/scenarios/tactical-vs-boyz.yaml --rounds 1'));
    for (const s of await bothWidths(file)) {
      expect(s.charts.filter((c) => c.w > 100 && c.h > 100 && c.marks > 5).length).toBeGreaterThanOrEqual(8);
      expect(s.text).toMatch(/Never possible here, so not drawn/);
      expect(s.text).toContain(`${pct(report.final.winner.attacker!)}`);
      expect(s.text).not.toMatch(/\d\.\d% \(\d/);
    }
  });

  it('epic (exact): each histogram ends where its probability does; the tail past it is named', async () => {
    const report: SimReport = exact(loadScenario(join(root, 'rosters/scenarios/epic-tactical-vs-boyz.yaml')));
    const file = join(out, 'epic.html');
    writeFileSync(file, renderSimHtml(report, 'assault exact rosters/scenarios/epic-tactical-vs-boyz.yaml'));
    const [desk] = await bothWidths(file);
    for (const side of ['attacker', 'defender'] as const) {
      const h = report.final.blastMarkersPlaced![side].histogram;
      const all = h.reduce((n, [, c]) => n + c, 0);
      // the last value past which less than 0.05% is left, counted here from the histogram
      let last = h.length - 1;
      let tail = 0;
      while (last > 0 && tail + h[last]![1] / all < 0.0005) tail += h[last--]![1] / all;
      expect(await barsOf(file, `Blast markers placed on the ${side}`)).toBe(last + 1);
      if (tail > 0) expect(desk!.text).toContain(`Above ${h[last]![0]}:`);
    }
  });

  it('vehicle: its fate is a chart as well as words; wounds say they count glancing and penetrating hits', async () => {
    const report = await simulate(loadScenario(join(root, 'rosters/scenarios/vehicles/krak-grenades-vs-parked-rhino.yaml')), { runs: 2000, seed: 'html' });
    const file = join(out, 'vehicle.html');
    writeFileSync(file, renderSimHtml(report, 'assault sim rosters/scenarios/vehicles/krak-grenades-vs-parked-rhino.yaml --runs 2000 --seed html'));
    for (const s of await bothWidths(file)) {
      expect(s.charts.some((c) => c.id === 'vehicle-0' && c.h > 100 && c.marks > 3)).toBe(true);
      expect(s.text).toContain(`destroyed ${pct(report.vehicle!.destroyed)}`);
      expect(s.text).toMatch(/Wounds inflicted in the first phase \(glancing and penetrating hits included\)/);
      expect(s.text).toMatch(/counts the glancing and penetrating hits/);
    }
  });

  it('batch: heat maps with their intervals, scenario files apart, every row shown, a table that sorts and filters', async () => {
    const matrix = join(out, 'two-rulesets.yaml');
    writeFileSync(matrix, `runs: 100\nseed: 1\nrules: [srd4, waffle]\nscenarios: [${join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')}]\nattackers: [space-marines/tactical-squad, space-marines/assault-squad]\ndefenders: [orks]\n`);
    const rows: BatchRow[] = await runBatch(loadMatrix(matrix));
    const file = join(out, 'batch.html');
    writeFileSync(file, renderBatchHtml(rows, 'assault batch two-rulesets.yaml', 'two-rulesets.yaml'));
    // and a tablet's width between them, where the table turns to cards when its columns do not fit
    const [desk, phone, tablet] = await bothWidths(file, [...WIDTHS, 800]);
    expect(desk!.cards).toBe(false);
    expect(phone!.cards).toBe(true);
    expect(tablet!.visibleRows).toBe(rows.length);
    if (SCREENSHOTS) console.log(`batch page screenshots: ${file.replace(/\.html$/, '-*.png')}`);
    for (const s of [desk!, phone!]) {
      expect(s.text).toMatch(/Batch: two-rulesets\.yaml/);
      // every row on the screen, and the count says so
      expect(s.visibleRows).toBe(rows.length);
      expect(s.text).toContain(`${rows.length} of ${rows.length} rows shown.`);
      expect(s.text).not.toMatch(/hover/i);
      expect(s.charts.some((c) => c.id === 'compare' && c.h > 100)).toBe(true);
    }
    // the heat maps: the grid's rows only, each cell filled, each with its interval; the scenario file apart
    const page = await browser!.newPage({ viewport: { width: 390, height: 900 } });
    try {
      await page.goto(`file://${file}`, { waitUntil: 'load' });
      const heat = await page.evaluate(() => [0, 1].map((i) => {
        const box = document.getElementById(`heat-${i}`)!;
        return { text: box.innerText, empty: [...box.querySelectorAll('td')].filter((td) => td.textContent === '').length, cells: box.querySelectorAll('td').length };
      }));
      const scenarios = await page.evaluate(() => document.getElementById('heat-scenarios')!.innerText);
      for (const [i, h] of heat.entries()) {
        expect(h.cells).toBe(rows.filter((r) => r.rules === ['srd4', 'waffle'][i] && r.replay.includes('--attacker')).length);
        expect(h.empty).toBe(0);
        expect(h.text).not.toMatch(/Tactical Squad/);
      }
      const one = rows.find((r) => r.rules === 'srd4' && r.replay.includes('--attacker'))!;
      expect(heat[0]!.text).toContain(`(${(one.attackerWinsLow * 100).toFixed(0)}-${(one.attackerWinsHigh * 100).toFixed(0)})`);
      expect(scenarios).toMatch(/Tactical Squad vs Boyz/);
      // the phone's table is cards: each figure beside its column's name
      expect(await page.$eval('#rows tbody tr', (tr) => getComputedStyle(tr).display)).toBe('grid');
    } finally {
      await page.close();
    }
    const sorted: string[][] = [];
    await inBrowser(file, 1280, async (page) => {
      const column = () => page.$$eval('#rows tbody tr', (trs) => trs.map((tr) => tr.children[4]!.textContent!));
      await page.click('#rows th[data-col="4"]'); // att win: a number, so the first click puts the highest first
      sorted.push(await column());
      await page.click('#rows th[data-col="4"]');
      sorted.push(await column());
      await page.fill('#filter', 'gretchin waffle');
      sorted.push(await page.$$eval('#rows tbody tr', (trs) => trs.map((tr) => `${tr.children[2]!.textContent} ${tr.children[3]!.textContent}`)));
    });
    const value = (s: string) => Number(s.replace('%', ''));
    expect(sorted[0]!.map(value)).toEqual([...sorted[0]!.map(value)].sort((a, b) => b - a));
    expect(sorted[1]!.map(value)).toEqual([...sorted[1]!.map(value)].sort((a, b) => a - b));
    expect(sorted[0]).toHaveLength(rows.length);
    expect(sorted[2]!.length).toBeGreaterThan(0);
    expect(sorted[2]!.every((x) => x.includes('gretchin') && x.endsWith('waffle'))).toBe(true);
  });

  it('batch: one ruleset, no comparison; an epic matrix fits both widths', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-epic.yaml'), { runs: 50 }));
    const file = join(out, 'batch-epic.html');
    writeFileSync(file, renderBatchHtml(rows, 'assault batch rosters/matrix-epic.yaml --runs 50', 'rosters/matrix-epic.yaml'));
    for (const s of await bothWidths(file)) {
      expect(s.charts.some((c) => c.id === 'compare')).toBe(false);
      expect(s.visibleRows).toBe(rows.length);
      expect(s.text).toMatch(/units destroyed/);
    }
  });
});
