// Files are answered at once (rules ruling 29): every file `assault` reads is read or refused
// within 2 s and 512 MB, whatever it holds. Generated hostile files of every kind (roster,
// scenario, matrix, check, edition), each just under and just over a limit (bytes, lines,
// values, alias expansion, nesting), are each validated by a child process whose heap is capped
// at 512 MB (`node --max-old-space-size=512`), under a generous wall-clock bound (the machine may
// be loaded: the bound catches a hang or a blow-up, not a slow second). And the largest files
// shipped are far below every limit.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isPair, parseDocument, visit } from 'yaml';
import { MAX_FILE_BYTES } from '../src/io/readtext.js';
import { MAX_EXPANDED, MAX_LINES, MAX_MARKS } from '../src/io/yamllimits.js';
import { validateFile } from '../src/validate.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/assault');
const work = mkdtempSync(join(tmpdir(), 'assault-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** the wall-clock bound of one file's answer, the process's start included (2 s on a quiet machine; a loaded one is slower) */
const BOUND_MS = 15_000;

interface Run { code: number | null; signal: NodeJS.Signals | null; stderr: string; ms: number; timedOut: boolean }

function validate(file: string): Promise<Run> {
  return new Promise((done) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, ['--max-old-space-size=512', bin, 'validate', file], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { if (stderr.length < 1 << 16) stderr += d.toString('utf8'); });
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, BOUND_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stderr, ms: Date.now() - t0, timedOut });
    });
  });
}

const list = (n: number, item: string) => Array.from({ length: n }, () => item).join(',');
/** billion laughs: `levels` anchors, each a list of `fan` aliases of the one before */
const laughs = (levels: number, fan: number) =>
  `edition: laughs\nbase: srd4\nl0: &l0 [1]\n${Array.from({ length: levels }, (_, i) => `l${i + 1}: &l${i + 1} [${list(fan, `*l${i}`)}]\n`).join('')}`;

interface Case {
  name: string;
  text: () => string;
  /** the message of the limit passed, and where (line:col), or null: under every limit */
  over: { message: RegExp; at: string } | null;
}

/** where the `k`th mark of a value is (line:col), found by a pattern of the documented marks */
function nthMark(text: string, k: number): string {
  const re = /[,[\]{}*&!"']|[-?:](?=[ \t\r\n]|$)/g;
  for (let i = 1; ; i++) {
    const m = re.exec(text)!;
    if (i < k) continue;
    const before = text.slice(0, m.index);
    return `${before.split('\n').length}:${m.index - before.lastIndexOf('\n')}`;
  }
}

const flowNumbers = (n: number) => `attacker: [${list(n, '1')}]\n`;
const blockLists = (n: number) => `faction: X\nmodels:\n${'  - [1,1,1,1]\n'.repeat(n)}`;
const flowKeys = (n: number) => `scenario: x.yaml\nexpect: {${Array.from({ length: n }, (_, i) => `k${i}: 1`).join(', ')}}\n`;
const comments = (n: number) => `attackers: [orks]\ndefenders: [orks]\n${'#\n'.repeat(n)}`;
/** an anchored list of 5,000 numbers and a list of `n` aliases of it: 5,001 values each */
const bigAnchor = (n: number) => `edition: big\nbase: srd4\nl0: &l0 [${list(5000, '1')}]\nl1: [${list(n, '*l0')}]\n`;
const overMarks = (text: string) => ({ message: /more than 20,000 values, keys, aliases, anchors, tags, quotes or brackets/, at: nthMark(text, MAX_MARKS + 1) });

const CASES: Case[] = [
  // a scenario that is one flow list of numbers: `:`, `[`, `]` and a `,` between items
  { name: 'scenario: a flow list of numbers, just under the values', text: () => flowNumbers(MAX_MARKS - 2), over: null },
  { name: 'scenario: a flow list of numbers, just over the values', text: () => flowNumbers(MAX_MARKS), over: overMarks(flowNumbers(MAX_MARKS)) },
  // a roster that is a block list of flow lists: six marks a line
  { name: 'roster: a block list, just under the values', text: () => blockLists(Math.floor((MAX_MARKS - 2) / 6)), over: null },
  { name: 'roster: a block list, just over the values', text: () => blockLists(Math.floor((MAX_MARKS - 2) / 6) + 1), over: overMarks(blockLists(Math.floor((MAX_MARKS - 2) / 6) + 1)) },
  // a check file whose `expect` is a mapping of many keys: two marks a key, five more
  { name: 'check: many keys, just under the values', text: () => flowKeys(Math.floor((MAX_MARKS - 3) / 2)), over: null },
  { name: 'check: many keys, just over the values', text: () => flowKeys(Math.floor((MAX_MARKS - 3) / 2) + 1), over: overMarks(flowKeys(Math.floor((MAX_MARKS - 3) / 2) + 1)) },
  // what the parser reads as a token each without a value: stray brackets, empty quoted texts
  { name: 'scenario: stray closing brackets', text: () => `attacker: x\n${']'.repeat(2 * MAX_MARKS)}\n`, over: overMarks(`attacker: x\n${']'.repeat(2 * MAX_MARKS)}\n`) },
  { name: 'scenario: two million empty quoted texts', text: () => `attacker: x\n${'""'.repeat(MAX_FILE_BYTES / 2 - 10)}\n`, over: overMarks(`attacker: x\n${'""'.repeat(MAX_FILE_BYTES / 2 - 10)}\n`) },
  // a matrix that is mostly comment lines
  { name: 'matrix: comment lines, just under the lines', text: () => comments(MAX_LINES - 2), over: null },
  { name: 'matrix: comment lines, just over the lines', text: () => comments(MAX_LINES - 1), over: { message: /more than 20,000 lines/, at: `${MAX_LINES + 1}:1` } },
  // an edition file whose aliases repeat a list of 5,000 numbers (the mapping, its 3 keys and 2
  // values, the list and l1's: 5,009 values, then 5,001 an alias): 18 aliases make 95,027 values;
  // of 20, the 19th passes 100,000
  { name: 'edition: aliases, just under the expansion', text: () => bigAnchor(18), over: null },
  { name: 'edition: aliases, just over the expansion', text: () => bigAnchor(20), over: { message: /more than 100,000 values, each alias counted/, at: `4:${'l1: ['.length + 1 + 4 * 18}` } },
  // billion laughs: 9 levels of 10 aliases, a billion values, refused in the 5th (211,111)
  { name: 'edition: billion laughs', text: () => laughs(9, 10), over: { message: /more than 100,000 values, each alias counted/, at: '8:' } },
  // nesting: 60 levels are read, 9,000 refused at once
  { name: 'scenario: nesting 60 levels deep', text: () => `attacker: ${'['.repeat(60)}${']'.repeat(60)}\n`, over: null },
  { name: 'scenario: nesting 9,000 levels deep', text: () => `attacker: ${'['.repeat(9_000)}${']'.repeat(9_000)}\n`, over: { message: /nesting deeper than 64 levels/, at: '1:' } },
  // long text and huge numbers up to the byte limit, and one byte over it
  { name: 'roster: one string of nearly 4 MB', text: () => `faction: "${'a'.repeat(MAX_FILE_BYTES - 20)}"\n`, over: null },
  { name: 'roster: one string just over 4 MB', text: () => `faction: "${'a'.repeat(MAX_FILE_BYTES)}"\n`, over: { message: /files over 4194304 bytes are refused/, at: '' } },
  { name: 'scenario: 300-digit numbers up to nearly 4 MB', text: () => `attacker: [${list(Math.floor((MAX_FILE_BYTES - 40) / 301), '9'.repeat(300))}]\n`, over: null },
  { name: 'scenario: numbers past the largest double', text: () => `attacker:\n  units: [${list(1000, '1e999999')}]\n`, over: null },
];

describe('files are answered at once (rules ruling 29): each file under 512 MB of heap, exit 2 with a located message, within the bound', () => {
  const files = CASES.map((c, i) => {
    const f = join(work, `case-${i}.yaml`);
    writeFileSync(f, c.text());
    return f;
  });
  // two at a time: a few seconds for all of them
  const runs = new Map<number, Promise<Run>>();
  const queue = CASES.map((_, i) => i);
  const started: Promise<void>[] = [];
  const next = async (): Promise<void> => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      const p = validate(files[i]!);
      runs.set(i, p);
      await p;
    }
  };
  const all = () => {
    if (started.length === 0) started.push(next(), next());
    return Promise.all(started);
  };

  it.each(CASES.map((c, i) => [c.name, i] as const))('%s', async (_name, i) => {
    await all();
    const c = CASES[i]!;
    const r = await runs.get(i)!;
    const size = statSync(files[i]!).size;
    expect(r.timedOut, `${c.name}: still running after ${BOUND_MS} ms`).toBe(false);
    expect(r.signal, r.stderr.slice(0, 300)).toBeNull();
    expect(r.stderr).not.toMatch(/heap out of memory|^\s+at \S|RangeError|TypeError/m);
    const first = r.stderr.split('\n')[0]!;
    // a file too big to read is refused as a whole (`file: why`), every other at its line and column
    if (c.over) expect(first).toMatch(c.over.at === '' ? /^[^:]+: \S/ : /^.+:[1-9]\d*:[1-9]\d*: \S/);
    if (c.over) {
      expect(r.code, r.stderr.slice(0, 300)).toBe(2);
      expect(first).toMatch(c.over.message);
      expect(first).toContain(`${files[i]}:${c.over.at}`);
    } else {
      // read: valid (the matrix of comments), or refused for what it holds, never for its size
      expect([0, 2], r.stderr.slice(0, 300)).toContain(r.code);
      if (r.code === 2) expect(first).toMatch(/^.+:[1-9]\d*:[1-9]\d*: \S/);
      expect(first).not.toMatch(/more than [\d,]+ (values|lines)|files over \d+ bytes/);
      expect(size).toBeLessThanOrEqual(MAX_FILE_BYTES);
    }
  }, 120_000);
});

describe('the largest files shipped are far below every limit (rules ruling 29)', () => {
  const yamlFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? yamlFiles(join(dir, e.name)) : e.name.endsWith('.yaml') ? [join(dir, e.name)] : []);
  /** lines, marks (counted here on their own) and values of a text */
  const measure = (text: string) => {
    let values = 0;
    visit(parseDocument(text), { Node: (_k, n) => { if (!isPair(n)) values++; } });
    return {
      bytes: Buffer.byteLength(text), lines: text.split('\n').length, values,
      marks: (text.match(/[,[\]{}*&!"']|[-?:](?=[ \t\r\n]|$)/g) ?? []).length,
    };
  };
  it('every shipped roster, scenario, check, matrix and edition file: at most 1/20 of each limit', () => {
    const files = [...yamlFiles(join(root, 'rosters')), ...yamlFiles(join(root, 'test/regression'))];
    expect(files.length).toBeGreaterThan(100);
    const most = { bytes: 0, lines: 0, marks: 0, values: 0 };
    for (const f of files) {
      const m = measure(readFileSync(f, 'utf8'));
      for (const k of Object.keys(most) as (keyof typeof most)[]) most[k] = Math.max(most[k], m[k]);
    }
    expect(most.bytes * 20).toBeLessThan(MAX_FILE_BYTES);
    expect(most.lines * 20).toBeLessThan(MAX_LINES);
    expect(most.marks * 20).toBeLessThan(MAX_MARKS);
    expect(most.values * 20).toBeLessThan(MAX_EXPANDED);
  });
  it('a matrix of every shipped unit against every shipped unit, each named: read, and at most 1/5 of each limit', () => {
    const stems = ['space-marines', 'black-templars', 'orks', 'eldar', 'dark-eldar', 'tyranids', 'imperial-guard', 'chaos'];
    const refs = stems.flatMap((s) => Object.keys((parseDocument(readFileSync(join(root, 'rosters', `${s}.yaml`), 'utf8')).toJS() as { units: object }).units).map((u) => `${s}/${u}`));
    expect(refs.length).toBeGreaterThan(20);
    const text = `rules: srd4\nattackers:\n${refs.map((r) => `  - ${r}\n`).join('')}defenders:\n${refs.map((r) => `  - ${r}\n`).join('')}`;
    const f = join(work, 'every-unit.matrix.yaml');
    writeFileSync(f, text);
    validateFile(f);
    const m = measure(text);
    expect(m.lines * 5).toBeLessThan(MAX_LINES);
    expect(m.marks * 5).toBeLessThan(MAX_MARKS);
    expect(m.values * 5).toBeLessThan(MAX_EXPANDED);
  }, 60_000);
});
