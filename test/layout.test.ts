// Output that fits: every line of fight, sim, batch and rules fits 80 columns (the width when
// piped or unknown), and 120 when told so; long dice lists wrap with a tally.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { fight, loadMatrix, loadScenario, renderBatch, renderLog, renderReport, renderRuleset, getRuleset, RULESETS, runBatch, simulate } from '../src/index.js';
import { renderPivot, renderSummary } from '../src/render/batch.js';
import { shortenNames, table } from '../src/render/layout.js';
import { exact } from '../src/index.js';

const root = new URL('..', import.meta.url).pathname;
const scenarios = readdirSync(join(root, 'rosters/scenarios')).filter((f) => f.endsWith('.yaml')).map((f) => join(root, 'rosters/scenarios', f));
/** the vehicle scenarios: only the rulesets with vehicles (srd4, revised4) take them */
const vehicleScenarios = readdirSync(join(root, 'rosters/scenarios/vehicles')).map((f) => join(root, 'rosters/scenarios/vehicles', f));
const tooWide = (text: string, width: number) => text.split('\n').filter((l) => [...l].length > width);
/** The rulesets a shipped scenario can be fought under: those of its game (40K profiles or epic's). */
const rulesFor = (f: string) => {
  const kind = RULESETS[loadScenario(f).rules]!.profileKind;
  return Object.values(RULESETS).filter((r) => r.profileKind === kind).map((r) => r.id);
};

// the fights, sims and batch rows are made once and laid out at both widths
let fights: { what: string; events: ReturnType<typeof fight>['events'] }[] | undefined;
const foughtOnce = () => {
  fights ??= [...scenarios, ...vehicleScenarios].flatMap((f) =>
    rulesFor(f).filter((r) => !vehicleScenarios.includes(f) || getRuleset(r).vehicles).flatMap((rules) =>
      [1, 2, 3].map((seed) => ({ what: `${f} ${rules} ${seed}`, events: fight(loadScenario(f, { rules }), { seed }).events }))));
  return fights;
};
let reports: Promise<{ what: string; report: Awaited<ReturnType<typeof simulate>> }[]> | undefined;
const simulatedOnce = () => {
  reports ??= (async () => {
    const out = [];
    for (const f of [...scenarios, ...vehicleScenarios]) {
      const rules = rulesFor(f).includes('revised4') ? 'revised4' : undefined;
      out.push({ what: f, report: await simulate(loadScenario(f, { rules }), { runs: 300, seed: 'w' }) });
    }
    return out;
  })();
  return reports;
};
let batchRows: ReturnType<typeof runBatch> | undefined;
let walker: ReturnType<typeof exact> | undefined;
/** exact on the shipped walker fight, enumerated once for the tests that lay it out */
const walkerExact = () => (walker ??= exact(loadScenario(join(root, 'rosters/scenarios/vehicles/dreadnought-vs-boyz.yaml'))));
const batchedOnce = () => (batchRows ??= runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 50 })));

describe.each([80, 120])('output fits %i columns', { timeout: 120_000 }, (width) => {
  it(`fight: every shipped scenario under every ruleset, three seeds`, () => {
    for (const { what, events } of foughtOnce()) expect(tooWide(renderLog(events, false, width), width), what).toEqual([]);
  });
  it('sim: every shipped scenario', async () => {
    for (const { what, report } of await simulatedOnce()) expect(tooWide(renderReport(report, false, width), width), what).toEqual([]);
  });
  it('batch and rules', async () => {
    const rows = await batchedOnce();
    const batch = renderBatch(rows, false, width);
    expect(tooWide(batch, width)).toEqual([]);
    // the three shares are always shown, so each row adds up to 100%; intervals and points when the width allows
    expect(batch.split('\n')[0]).toMatch(/att win +def win +draw\/locked|A win +D win +draw/);
    if (width >= 120) expect(batch.split('\n')[0]).toMatch(/wounds A>D|A>D/);
    expect(renderBatch(rows, false, 220).split('\n')[0]).toMatch(/att win 95%.*points A v D {2}W\/100pt A v D$/);
    for (const r of Object.values(RULESETS)) expect(tooWide(renderRuleset(r, width), width), r.id).toEqual([]);
  });
});

describe('layout', () => {
  it('a long dice list gets a tally on its line and wraps below it with an indent', () => {
    const text = renderLog(fight(loadScenario(join(root, 'rosters/scenarios/hormagaunts-vs-guardsmen.yaml')), { seed: 1 }).events, false, 80);
    expect(text).toMatch(/^ {4}to hit WS4 vs WS3: 3\+ {2}60 dice: \d+ hits\n {6}[1-6]( [1-6])+$/m);
  });
  it('the command line lays out for --width, else $COLUMNS, else 80 when piped', async () => {
    // in this process, its output piped as a spawned one's (test/cli-in-process.ts)
    const run = async (args: string[], env: Record<string, string> = {}) => (await assault(args, { env: { NO_COLOR: '1', COLUMNS: '', ...env } })).stdout;
    const widest = (s: string) => Math.max(...s.split('\n').map((l) => [...l].length));
    const args = ['fight', join(root, 'rosters/scenarios/hormagaunts-vs-guardsmen.yaml'), '--seed', '1'];
    expect(widest(await run(args))).toBeLessThanOrEqual(80);
    expect(widest(await run(args, { COLUMNS: '60' }))).toBeLessThanOrEqual(60);
    expect(widest(await run([...args, '--width', '150']))).toBeGreaterThan(100);
  }, 30_000);
  it('a name with no spaces longer than a line is cut to fit, an emoji never split', async () => {
    const { YamlFile } = await import('../src/io/yamlfile.js');
    const { scenarioFrom } = await import('../src/io/load.js');
    const long = `${'🐸'.repeat(30)}${'X'.repeat(120)}`;
    const s = scenarioFrom(YamlFile.parse('long.yaml', `attacker:\n  units:\n    - { unit: orks/boyz, name: "${long}" }\ndefender:\n  units:\n    - unit: orks/gretchin\n`));
    const text = renderLog(fight(s, { seed: 1 }).events, false, 80);
    expect(tooWide(text, 80)).toEqual([]);
    expect(text).not.toMatch(/\uFFFD/);
  });
  it('the sim headline names the units; outcomes that never happened are left out', async () => {
    const text = renderReport(await simulate(loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), { runs: 200, seed: 'h' }), false, 80);
    expect(text.split('\n')[1]).toBe('Tactical Squad (10) against Boyz (10)');
    expect(text).not.toMatch(/ended chargeFailed/);
  });
});

describe('histogram bars', () => {
  it('the largest bar is full whether the histogram holds counts of runs (sim) or probabilities (exact)', async () => {
    const { sparkline } = await import('../src/render/report.js');
    const d = (histogram: [number, number][]) => ({ histogram }) as unknown as Parameters<typeof sparkline>[0];
    expect(sparkline(d([[0, 100], [1, 600], [2, 300]]))).toBe('▁█▄');
    expect(sparkline(d([[0, 0.1], [1, 0.6], [2, 0.3]]))).toBe('▁█▄');
    expect(sparkline(d([[0, 0], [1, 0]]))).toBe('  ');
  });
});

describe('counts in the sim report', () => {
  it('big counts have their thousands grouped: dice rolled, Morale checks, sweeping advances', async () => {
    const r = await simulate(loadScenario(join(import.meta.dirname, '../rosters/scenarios/tactical-vs-boyz.yaml')), { runs: 2000, seed: '1' });
    const text = renderReport(r, false, 120).replace(/\n {2}/g, ' ');
    expect(text).toMatch(/\n\d{1,3}(,\d{3})+ dice rolled\n/);
    expect(text).toMatch(/failed of \d{1,3},\d{3}; sweeping advances by the winners \d{1,3}(,\d{3})*, caught/);
  });
});

describe('fight log details', () => {
  const logOf = (f: string, rules: string) => renderLog(fight(loadScenario(join(root, 'rosters/scenarios', f), { rules }), { seed: 7 }).events, false, 80);
  it('an Initiative step with nothing in it gets no header, in any shipped fight under any ruleset', () => {
    for (const f of readdirSync(join(root, 'rosters/scenarios')).filter((x) => x.endsWith('.yaml'))) {
      for (const rules of rulesFor(join(root, 'rosters/scenarios', f))) {
        const lines = logOf(f, rules).split('\n');
        const empty = lines.findIndex((l, i) => /^Initiative \d+$/.test(l) && /^(Initiative \d+|Result:|End after|)$/.test(lines[i + 1] ?? ''));
        expect([f, rules, empty]).toEqual([f, rules, -1]);
      }
    }
  });
  it('models that save alike are named "A or B"; a few dice that do not fit go below their line with their result', () => {
    const text = logOf('tactical-vs-boyz.yaml', 'srd4');
    expect(text).toContain('hits on Space Marine or Veteran Sergeant, Sv 3+ limited to 4+ (Choppa):\n      3 5 -> 1 unsaved\n');
    expect(text).not.toMatch(/Marine\/Veteran/);
  });
});

/**
 * Tables laid out whole: no table is wrapped by the line-wrapping after it (a wrapped head or rule
 * shows as a line of dashes that starts with spaces, or a rule under an indented line), and no
 * row is wider than its rule.
 */
function tablesWhole(text: string, width: number): string[] {
  const lines = text.split('\n');
  const bad: string[] = [];
  lines.forEach((l, i) => {
    if ([...l].length > width) bad.push(`too wide: ${l}`);
    if (!/^-+( +-+)*$/.test(l)) return;
    if (/^ {4}/.test(lines[i - 1] ?? '') || /^ +-[- ]*$/.test(lines[i + 1] ?? '')) bad.push(`wrapped table: ${lines[i - 1]}`);
    for (let k = i + 1; k < lines.length && lines[k] !== '' && !/^(not shown|\S+: )/.test(lines[k]!); k++) {
      if ([...lines[k]!].length > l.length) bad.push(`row wider than its rule: ${lines[k]}`);
    }
  });
  return bad;
}

describe('every table fits every width from 60 up, whole', { timeout: 120_000 }, () => {
  const widths = [60, 80, 100, 200];
  it('sim: the shipped scenarios', async () => {
    for (const f of [...scenarios, ...vehicleScenarios]) {
      const report = await simulate(loadScenario(f), { runs: 200, seed: 'w' });
      for (const width of widths) expect(tablesWhole(renderReport(report, false, width), width), `${f} at ${width}`).toEqual([]);
    }
  });
  it('exact on a walker fight, and every ruleset\'s charts', () => {
    const report = walkerExact();
    for (const width of widths) {
      expect(tablesWhole(renderReport(report, false, width), width), `exact at ${width}`).toEqual([]);
      for (const r of Object.values(RULESETS)) expect(tablesWhole(renderRuleset(r, width), width), `rules ${r.id} at ${width}`).toEqual([]);
    }
  });
  it('batch: every view', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 20 }));
    for (const width of widths) {
      for (const [view, text] of [['rows', renderBatch(rows, false, width)], ['pivot', renderPivot(rows, false, width)], ['summary', renderSummary(rows, false, width)]] as const) {
        expect(tablesWhole(text, width), `${view} at ${width}`).toEqual([]);
      }
    }
  });
  it('batch at 80 columns: the wounds, or a line naming every column left out and the width that shows it', async () => {
    const rows = await runBatch(loadMatrix(join(root, 'rosters/matrix-example.yaml'), { runs: 20 }));
    const text = renderBatch(rows, false, 80);
    const full = renderBatch(rows, false, 1000).split('\n')[0]!.split(/ {2,}/).filter(Boolean);
    const shown = text.split('\n')[0]!;
    const joined = text.replace(/\n {2}/g, ' ');
    const note = /not shown at 80 columns: ([^(]*) \(--width (\d+) shows/.exec(joined);
    const legend = joined.split('\n').filter((l) => /^\S[^:]*: /.test(l) && !l.startsWith('not shown')).join('; ');
    for (const col of full) {
      const abbreviated = new RegExp(`(^|; )([^;:]+): ${col.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(;|$)`).exec(legend);
      const there = shown.includes(col) || (abbreviated !== null && shown.includes(abbreviated[2]!));
      const left = note !== null && note[1]!.split(', ').includes(col);
      expect([col, there || left]).toEqual([col, true]);
    }
    if (note) expect(renderBatch(rows, false, Number(note[2])).split('\n')[0]).not.toMatch(/not shown/);
  });
});

describe('names shortened, never into ambiguity', () => {
  it('a common part goes first, then the roster; the rest tells the rows apart', () => {
    expect(shortenNames(['orks/boyz', 'orks/boyz-no-nob', 'orks/nobz'], 12)).toEqual(['boyz', 'boyz-no-nob', 'nobz']);
    expect(shortenNames(['orks/boyz', 'eldar/howling-banshees'], 16)).toEqual(['boyz', 'howling-banshees']);
    // cut at the end where that keeps them apart, in the middle where it would not
    const cut = shortenNames(['orks/boyz-no-nob-a', 'orks/boyz-no-nob-b'], 8);
    expect(new Set(cut).size).toBe(2);
    for (const s of cut) expect([...s].length).toBeLessThanOrEqual(8);
  });
  it('a table of names that share a start keeps them apart (never `orks/bo…` twice)', () => {
    const lines = table([{ head: 'unit', left: true, shrink: true }, { head: 'figure' }], [['orks/boyz', '1'], ['orks/boyz-no-nob', '2']], 19);
    expect(lines.slice(2).map((l) => l.split(/ {2,}/)[0])).toEqual(['boyz', 'boyz-no-nob']);
  });
});

describe('words a player uses', { timeout: 120_000 }, () => {
  it('every end in words, never a key', async () => {
    const text = renderReport(await simulate(loadScenario(join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')), { runs: 2000, seed: '1' }), false, 100).replace(/\n {2}/g, ' ');
    expect(text).toMatch(/ended fell back/);
    expect(text).not.toMatch(/fellBack|chargeFailed/);
    expect(text).toMatch(/Morale checks taken by losing units \(either side\): [\d.]+ per fight on average/);
  });
  it('a fight with no sweep says so, not "0.0% of them catch"', async () => {
    const f = join(root, 'rosters/scenarios/vehicles/krak-grenades-vs-parked-rhino.yaml');
    for (const report of [await simulate(loadScenario(f), { runs: 300, seed: '1' }), exact(loadScenario(f))]) {
      const text = renderReport(report, false, 100).replace(/\n {2}/g, ' ');
      expect(text).not.toMatch(/of them catch|\(0\.0%\)/);
      expect(text).toMatch(/no sweeping advance was made/);
      expect(text).toMatch(/No Morale check was taken/);
    }
  });
  it('exact on a walker fight shows the distributions and percentile columns sim shows', async () => {
    const f = join(root, 'rosters/scenarios/vehicles/dreadnought-vs-boyz.yaml');
    const heads = (text: string) => text.split('\n').find((l) => l.startsWith('distribution'))!.split(/ +/);
    for (const width of [80, 100]) {
      const ex = renderReport(walkerExact(), false, width);
      const sim = renderReport(await simulate(loadScenario(f), { runs: 300, seed: '1' }), false, width);
      expect(heads(ex)).toEqual(heads(sim));
      expect(heads(ex)).toEqual(expect.arrayContaining(['mean', 'sd', 'p5', 'p25', 'p50', 'p75', 'p95']));
    }
  });
});

describe('the vehicle log says why the fight the attacker won the result of has no winner', () => {
  it('the vehicle drives off (V10), before the end says "no winner"', () => {
    const f = join(root, 'rosters/scenarios/vehicles/krak-grenades-vs-parked-rhino.yaml');
    const texts = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map((seed) => renderLog(fight(loadScenario(f), { seed }).events, false, 400));
    const drove = texts.filter((t) => /no winner/.test(t));
    expect(drove.length).toBeGreaterThan(0);
    for (const t of drove) {
      expect(t).toMatch(/-> attacker wins\nRhino \(defender\) is a vehicle, not a walker: never locked in close combat, it drives off and leaves the combat \(V10\): the result does not beat it, and a fight against it alone ends with no winner unless it is destroyed\n/);
      expect(t).toMatch(/the sides drew apart, nobody beaten \(no winner\)/);
    }
  });
});
