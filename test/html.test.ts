// The --html pages in a real headless browser (Debian's Chromium driven by playwright-core):
// each page loads with no console error, its charts are drawn (SVG elements of non-zero size),
// and a screenshot is saved. Without a browser the test says it was skipped and how to enable it.
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

async function inBrowser(file: string, shot: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: browserPath!, headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    const charts = await page.$$eval('svg', (svgs) => svgs.map((s) => { const b = s.getBoundingClientRect(); return { w: b.width, h: b.height, marks: s.querySelectorAll('rect, path, line, circle').length }; }));
    await page.screenshot({ path: shot, fullPage: true });
    return { errors, requests, charts };
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
    expect(plots.length).toBeGreaterThanOrEqual(8); // outcomes, two curves, five histograms
    expect(existsSync(shot)).toBe(true);
  });
  it('exact: the same page, drawn from exact probabilities', async () => {
    const report = exact({ ...loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), rounds: 1 });
    const file = join(out, 'exact.html');
    writeFileSync(file, renderSimHtml(report, 'assault exact rosters/scenarios/tactical-vs-boyz.yaml --rounds 1'));
    const r = await inBrowser(file, join(out, 'exact.png'));
    expect(r.errors).toEqual([]);
    expect(r.requests).toEqual([]);
    expect(r.charts.filter((c) => c.w > 100 && c.h > 100 && c.marks > 5).length).toBeGreaterThanOrEqual(8);
  });
  it('batch: a heat map of attacker against defender', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 100 }));
    const file = join(out, 'batch.html');
    writeFileSync(file, renderBatchHtml(rows, 'assault batch rosters/matrix-example.yaml --runs 100'));
    const shot = join(out, 'batch.png');
    const r = await inBrowser(file, shot);
    console.log(`batch page screenshot: ${shot}`);
    expect(r.errors).toEqual([]);
    const heat = r.charts.filter((c) => c.w > 300 && c.h > 100);
    expect(heat.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...heat.map((c) => c.marks))).toBeGreaterThanOrEqual(rows.length);
  });
});
