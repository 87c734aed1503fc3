// The --html pages in a real headless browser (Debian's Chromium driven by playwright-core), at a
// desktop's width and a phone's: each page loads with no console error and no request off the
// file, its charts are drawn (SVG elements of non-zero size) and fit the phone's width, the
// batch table sorts and filters, and screenshots are saved. Without a browser the test says it
// was skipped and how to enable it.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exact, loadMatrix, loadScenario, renderBatchHtml, renderSimHtml, runBatch, simulate } from '../src/index.js';

const root = new URL('..', import.meta.url).pathname;
const browserPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!browserPath) {
  console.log('browser test SKIPPED: no Chromium found. Install Debian\'s (apt-get install chromium) or set CHROMIUM_PATH to enable it.');
}
const out = mkdtempSync(join(tmpdir(), 'assault-html-'));

type Page = import('playwright-core').Page;

async function inBrowser(file: string, shot: string, width = 1100, more?: (page: Page) => Promise<void>) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: browserPath!, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    const charts = await page.$$eval('svg', (svgs) => svgs.map((s) => { const b = s.getBoundingClientRect(); return { w: b.width, h: b.height, marks: s.querySelectorAll('rect, path, line, circle').length, id: s.closest('[id]')?.id ?? '' }; }));
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    const text = await page.evaluate(() => document.body.innerText);
    await page.screenshot({ path: shot, fullPage: true });
    await more?.(page);
    return { errors, requests, charts, pageWidth, text };
  } finally {
    await browser.close();
  }
}

describe.skipIf(!browserPath)('--html pages in a headless browser', { timeout: 120_000 }, () => {
  it('sim: outcomes, "at least k" curves and histograms are drawn; no console error; no network', async () => {
    const report = await simulate(loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), { runs: 2000, seed: 'html' });
    const file = join(out, 'sim.html');
    writeFileSync(file, renderSimHtml(report, 'assault sim rosters/scenarios/tactical-vs-boyz.yaml --runs 2000 --seed html'));
    const shot = join(out, 'sim.png');
    const r = await inBrowser(file, shot);
    console.log(`sim page screenshot: ${shot}`);
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    const plots = r.charts.filter((c) => c.w > 100 && c.h > 100 && c.marks > 5);
    expect(plots.length).toBeGreaterThanOrEqual(9); // three outcome charts, two curves, five histograms (one may be small)
    expect(existsSync(shot)).toBe(true);
    // plain words, only what happened, and a note of the rest
    expect(r.text).toMatch(/the attacker wins/);
    expect(r.text).not.toMatch(/chargeFailed|fellBack|ended:/);
    expect(r.text).toMatch(/Never happened here, so not drawn: .*the charge failed/);
    // the charts of a grid are one size: the two curves as wide as the histograms
    const gridWidths = new Set(r.charts.filter((c) => c.id.startsWith('atleast') || c.id === 'distributions').filter((c) => c.h > 100).map((c) => Math.round(c.w)));
    expect(gridWidths.size).toBe(1);
    const phone = await inBrowser(file, join(out, 'sim-phone.png'), 390);
    expect(phone.errors).toEqual([]);
    expect(phone.pageWidth).toBeLessThanOrEqual(390);
  });
  it('exact: the same page, drawn from exact probabilities', async () => {
    const report = exact({ ...loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), rounds: 1 });
    const file = join(out, 'exact.html');
    writeFileSync(file, renderSimHtml(report, 'assault exact rosters/scenarios/tactical-vs-boyz.yaml --rounds 1'));
    const r = await inBrowser(file, join(out, 'exact.png'));
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    expect(r.charts.filter((c) => c.w > 100 && c.h > 100 && c.marks > 5).length).toBeGreaterThanOrEqual(8);
    expect(r.text).toMatch(/Never possible here, so not drawn/);
  });
  it('batch: heat maps in %, each matchup under each ruleset, a table that sorts and filters', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 100 }));
    const matrix = join(out, 'two-rulesets.yaml');
    writeFileSync(matrix, 'runs: 100\nseed: 1\nrules: [srd4, waffle]\nattackers: [space-marines/tactical-squad, space-marines/assault-squad]\ndefenders: [orks]\n');
    const twoRulesets = await runBatch(loadMatrix(matrix));
    const file = join(out, 'batch.html');
    writeFileSync(file, renderBatchHtml(twoRulesets, 'assault batch rosters/matrix-example.yaml --runs 100', 'rosters/matrix-example.yaml'));
    const shot = join(out, 'batch.png');
    const sorted: string[][] = [];
    const r = await inBrowser(file, shot, 1100, async (page) => {
      const firstColumn = () => page.$$eval('#rows tbody tr', (trs) => trs.map((tr) => tr.children[4]!.textContent!));
      await page.click('#rows th[data-col="4"]'); // att win: a number, so the first click puts the highest first
      sorted.push(await firstColumn());
      await page.click('#rows th[data-col="4"]');
      sorted.push(await firstColumn());
      await page.fill('#filter', 'gretchin waffle');
      sorted.push(await page.$$eval('#rows tbody tr', (trs) => trs.map((tr) => `${tr.children[2]!.textContent} ${tr.children[3]!.textContent}`)));
    });
    console.log(`batch page screenshot: ${shot}`);
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    expect(r.text).toMatch(/Batch: rosters\/matrix-example\.yaml/);
    const heat = r.charts.filter((c) => c.id.startsWith('heat-') && c.w > 300 && c.h > 100);
    expect(heat).toHaveLength(2);
    expect(r.charts.some((c) => c.id === 'compare' && c.h > 100)).toBe(true);
    expect(r.text).toMatch(/\d+%/);
    const value = (s: string) => Number(s.replace('%', ''));
    expect(sorted[0]!.map(value)).toEqual([...sorted[0]!.map(value)].sort((a, b) => b - a));
    expect(sorted[1]!.map(value)).toEqual([...sorted[1]!.map(value)].sort((a, b) => a - b));
    expect(sorted[0]).toHaveLength(twoRulesets.length);
    expect(sorted[2]!.length).toBeGreaterThan(0);
    expect(sorted[2]!.every((x) => x.includes('gretchin') && x.endsWith('waffle'))).toBe(true);
    // one ruleset: no comparison
    writeFileSync(file, renderBatchHtml(rows, 'assault batch rosters/matrix-example.yaml --runs 100', 'rosters/matrix-example.yaml'));
    const one = await inBrowser(file, join(out, 'batch-phone.png'), 390);
    expect(one.errors).toEqual([]);
    expect(one.charts.some((c) => c.id === 'compare')).toBe(false);
    expect(one.pageWidth).toBeLessThanOrEqual(390);
  });
});
