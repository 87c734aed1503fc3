// assault check: each expectation kind passing and failing, golden logs, exit codes, JUnit XML.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';
import { checkFilesIn, findCheckFiles, runChecks } from '../src/check/check.js';
import { lineDiff } from '../src/render/diff.js';
import { junit } from '../src/render/junit.js';
import { formatProblem } from '../src/errors.js';

const root = new URL('..', import.meta.url).pathname;
const { dir, write } = tempFiles('check');
const scenario = join(root, 'rosters/scenarios/tactical-vs-boyz.yaml');
const checkFile = (name: string, expectYaml: string, extra = '') =>
  write(name, `scenario: ${scenario}\nruns: 2000\nseed: 3\n${extra}expect:\n${expectYaml}`);

describe('assault check expectations', { timeout: 60_000 }, () => {
  it('approx/within passes inside the tolerance and fails outside it, with standard errors', async () => {
    const ok = await runChecks([checkFile('ok.check.yaml', '  firstRound.result.attacker: { approx: 0.5, within: 0.5 }\n')]);
    expect(ok.results[0]).toMatchObject({ pass: true, kind: 'approx' });
    const bad = await runChecks([checkFile('bad.check.yaml', '  firstRound.result.attacker: { approx: 0.1, within: 0.01 }\n')]);
    expect(bad.results[0]!.pass).toBe(false);
    expect(bad.results[0]!.sigmas).toBeGreaterThan(10);
  });
  it('min and max pass and fail', async () => {
    const r = await runChecks([checkFile('range.check.yaml', [
      '  final.winner.attacker: { min: 0.5 }',
      '  final.winner.defender: { max: 0.01 }',
      '  firstRound.woundsInflicted.attacker.mean: { min: 0, max: 10 }',
      '  diceRolled: { max: 5 }',
    ].join('\n') + '\n')]);
    expect(r.results.map((x) => x.pass)).toEqual([true, false, true, false]);
    expect(r.failed).toBe(2);
  });
  it('a path that is not in the sim report is a bad file, with a suggestion, not a failed expectation', async () => {
    const r = await runChecks([checkFile('path.check.yaml', '  final.nonsense: { min: 0 }\n  final.winner.atacker: { min: 0 }\n')]);
    expect(r.results).toEqual([]);
    expect(r.problems.map(formatProblem)).toEqual([
      expect.stringMatching(/path\.check\.yaml:\d+:3: the sim report has no figure 'final\.nonsense' \(at expect\.final\.nonsense\)$/),
      expect.stringMatching(/path\.check\.yaml:\d+:3: the sim report has no figure 'final\.winner\.atacker'; did you mean 'final\.winner\.attacker'\?/),
    ]);
    // a file measured by exact says so
    const e = await runChecks([write('path-exact.check.yaml', `scenario: ${scenario}\nmethod: exact\nexpect:\n  final.winer.attacker: { min: 0 }\n`)]);
    expect(e.problems.map(formatProblem)).toEqual([expect.stringMatching(/the exact report has no figure 'final\.winer\.attacker'; did you mean 'final\.winner\.attacker'\?/)]);
  });
  it('"at least k" figures can be pinned: atLeast.<firstRoundWounds|survivors>.<side>.<k>.p', async () => {
    const r = await runChecks([checkFile('atleast.check.yaml', '  atLeast.survivors.attacker.5.p: { min: 0.5 }\n  atLeast.firstRoundWounds.attacker.1.p: { min: 0.9 }\n')]);
    expect(r.problems).toEqual([]);
    expect(r.results.map((x) => x.pass)).toEqual([true, true]);
  });
  it('min above max and an empty expect are bad files', async () => {
    const r = await runChecks([checkFile('minmax.check.yaml', '  final.winner.attacker: { min: 0.6, max: 0.4 }\n'), write('empty.check.yaml', `scenario: ${scenario}\nexpect: {}\n`)]);
    expect(r.problems.map((p) => p.message)).toEqual(['min 0.6 is above max 0.4: nothing can pass', '`expect` is empty: give at least one expectation, or leave it out']);
  });
  it('a golden log passes when identical; a mismatch shows a readable diff; --update rewrites it', async () => {
    const file = write('gold.check.yaml', `scenario: ${scenario}\nfight: { seed: 3, log: gold.log }\n`);
    await runChecks([file], { update: true });
    expect((await runChecks([file])).results[0]!.pass).toBe(true);
    writeFileSync(join(dir, 'gold.log'), readFileSync(join(dir, 'gold.log'), 'utf8').replace('Initiative 4', 'Initiative 5'));
    const r = (await runChecks([file])).results[0]!;
    expect(r.pass).toBe(false);
    expect(r.diff).toMatch(/^--- gold\.log\n\+\+\+ fight --seed 3\n@@ -\d+,\d+ \+\d+,\d+ @@\n/);
    expect(r.diff).toMatch(/^-Initiative 5\n\+Initiative 4$/m);
  });
  it('lineDiff is a unified diff: labels, hunks with their line numbers and context, - expected, + actual', async () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n')).toBe('--- expected\n+++ actual\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n ');
    // one line inserted in a long log: one hunk, three lines of context each side, nothing shown twice
    const log = Array.from({ length: 40 }, (_, i) => `line ${i}`);
    const longer = [...log.slice(0, 20), 'new', ...log.slice(20)];
    expect(lineDiff(log.join('\n'), longer.join('\n'), { expected: 'golden.log', actual: 'fight --seed 7' }).split('\n')).toEqual([
      '--- golden.log', '+++ fight --seed 7', '@@ -18,6 +18,7 @@', ' line 17', ' line 18', ' line 19', '+new', ' line 20', ' line 21', ' line 22',
    ]);
    // two changes far apart: two hunks
    const twice = [...log];
    twice[2] = 'two';
    twice[30] = 'thirty';
    expect(lineDiff(log.join('\n'), twice.join('\n')).split('\n').filter((l) => l.startsWith('@@'))).toEqual(['@@ -1,6 +1,6 @@', '@@ -28,7 +28,7 @@']);
    // a huge change is cut short and counted
    const other = log.map((l) => `${l}!`);
    const d = lineDiff(log.join('\n'), other.join('\n'), undefined, 3, 10).split('\n');
    expect(d.at(-1)).toBe('... and 70 more changed lines');
  });
  it('bad check files are reported with located messages, all of them, and the good ones still run', async () => {
    const a = write('bad1.check.yaml', `scenario: ${scenario}\nrunz: 5\nexpect:\n  x: { approx: 1 }\n`);
    const b = write('bad2.check.yaml', `scenario: nowhere.yaml\nexpect:\n  x: { min: 1 }\n`);
    const good = checkFile('good.check.yaml', '  final.winner.attacker: { min: 0 }\n');
    const r = await runChecks([a, good, b]);
    const text = r.problems.map(formatProblem).join('\n');
    expect(text).toMatch(/bad1\.check\.yaml:2:1: unknown key 'runz'; did you mean 'runs'\?/);
    expect(text).toMatch(/bad2\.check\.yaml:1:11: no scenario file/);
    expect(r.results.map((x) => [x.name, x.pass])).toEqual([['final.winner.attacker', true]]);
  });
  it('--workers 2 shares the files among this thread and a worker: the same results and problems, in the files\' order', async () => {
    const files = [
      checkFile('w1.check.yaml', '  final.winner.attacker: { min: 0.5 }\n  firstRound.result.attacker: { approx: 0.1, within: 0.01 }\n'),
      write('w2.check.yaml', `scenario: ${scenario}\nrunz: 5\nexpect:\n  x: { approx: 1 }\n`),
      write('w3.check.yaml', `scenario: ${join(root, 'rosters/scenarios/carnifex-vs-genestealers.yaml')}\nmethod: exact\nexpect:\n  final.winner.attacker: { approx: 0.5, within: 0.5 }\n`),
      checkFile('w4.check.yaml', '  final.survivors.defender.mean: { max: 1 }\n'),
      write('w5.check.yaml', `scenario: nowhere.yaml\nexpect:\n  x: { min: 1 }\n`),
      checkFile('w6.check.yaml', '  final.winner.defender: { max: 0.5 }\n'),
    ];
    const one = await runChecks(files);
    const two = await runChecks(files, { workers: 2 });
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    expect(one.results.map((r) => r.file.replace(/.*\//, ''))).toEqual(['w1.check.yaml', 'w1.check.yaml', 'w3.check.yaml', 'w4.check.yaml', 'w6.check.yaml']);
    expect(one.problems.map((p) => p.file.replace(/.*\//, ''))).toEqual(['w2.check.yaml', 'w5.check.yaml']);
    expect(one.failed).toBeGreaterThan(0);
  });
  it('seeds in a check file mean what --seed means: 0x10, 1.50 and 20 digits are kept as written', async () => {
    const { loadCheck } = await import('../src/check/check.js');
    for (const seed of ['0x10', '1.50', '12345678901234567890', '+7']) {
      const c = loadCheck(write(`seed-${seed}.check.yaml`, `scenario: ${scenario}\nseed: ${seed}\nexpect:\n  final.winner.attacker: { min: 0 }\nfight: { seed: ${seed}, log: s.log }\n`));
      expect([c.data.seed, c.data.fight!.seed]).toEqual([seed, seed]);
    }
  });
  it('a golden log outside the check file\'s folder is a bad file; --update writes nothing there', async () => {
    const outside = join(dir, '..', `assault-outside-${process.pid}.log`);
    const sub = join(dir, 'sub');
    mkdirSync(sub, { recursive: true });
    const file = join(sub, 'escape.check.yaml');
    writeFileSync(file, `scenario: ${scenario}\nfight: { seed: 3, log: ../../assault-outside-${process.pid}.log }\n`);
    const r = await runChecks([file], { update: true });
    expect(r.problems[0]!.message).toMatch(/the golden log must be inside the check file's folder/);
    expect(existsSync(outside)).toBe(false);
  });
  it('JUnit XML parses and counts the failures', async () => {
    const r = await runChecks([checkFile('j.check.yaml', '  final.winner.attacker: { min: 0.5 }\n  final.winner.defender: { max: 0.01 }\n')]);
    const xml = junit(r);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(xml);
    expect(doc.testsuites['@_tests']).toBe('2');
    expect(doc.testsuites['@_failures']).toBe('1');
  });
});

describe('assault check on the command line', { timeout: 60_000 }, () => {
  const run = (args: string[]) => assault(['check', ...args], { env: { NO_COLOR: '1' } });
  it('exit 0 when all pass, 1 when one fails, 2 for a bad file; a directory is searched', async () => {
    const okDir = mkdtempSync(join(tmpdir(), 'assault-ok-'));
    writeFileSync(join(okDir, 'a.check.yaml'), `scenario: ${scenario}\nruns: 500\nexpect:\n  final.winner.attacker: { min: 0 }\n`);
    writeFileSync(join(okDir, 'ignored.yaml'), 'not: a check file\n');
    const ok = await run([okDir]);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^1 passed, 0 failed$/m);
    const failing = await run([checkFile('f.check.yaml', '  final.winner.defender: { max: 0 }\n')]);
    expect(failing.status).toBe(1);
    expect(failing.stdout).toMatch(/^FAIL .*final\.winner\.defender {2}expected <= 0, got [\d.]+ \([\d.]+ standard errors off\)$/m);
    const junitFile = join(dir, 'out.xml');
    expect((await run([okDir, '--junit', junitFile, '--json'])).status).toBe(0);
    expect(XMLValidator.validate(readFileSync(junitFile, 'utf8'))).toBe(true);
    expect((await run([write('broken.check.yaml', 'scenario: [\n')])).status).toBe(2);
  });
  it('a folder holding broken and looping links: each named, every other check file run once, exit 2', async () => {
    const d = folderOfLinks();
    const r = await run([d]);
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^2 passed, 0 failed, 6 files with bad input \(below\)$/m);
    expect(r.stdout.match(/^PASS /gm)).toHaveLength(2);
    for (const bad of ['dangling', 'dangling.check.yaml', 'loop', 'loop.check.yaml', 'self', 'sub/up']) expect(r.stderr).toMatch(new RegExp(`^${join(d, bad)}: `, 'm'));
  });
  it.skipIf(process.getuid?.() === 0)('a folder that cannot be read is named, and the others still run (skipped as root: chmod does not stop root)', async () => {
    const d = mkdtempSync(join(tmpdir(), 'assault-locked-'));
    writeFileSync(join(d, 'a.check.yaml'), `scenario: ${scenario}\nruns: 50\nexpect:\n  final.winner.attacker: { min: 0 }\n`);
    mkdirSync(join(d, 'locked'));
    writeFileSync(join(d, 'locked', 'b.check.yaml'), 'scenario: x.yaml\n');
    chmodSync(join(d, 'locked'), 0o000);
    try {
      const r = await run([d]);
      expect(r.status).toBe(2);
      expect(r.stdout).toMatch(/^1 passed, 0 failed, 1 file with bad input/m);
      expect(r.stderr).toContain(`${join(d, 'locked')}: cannot look into the folder: permission denied`);
    } finally {
      chmodSync(join(d, 'locked'), 0o755);
    }
  });
});

/** A folder of two good check files (one in a subfolder) beside broken links, a looping link, and links back to a folder above. */
function folderOfLinks(): string {
  const d = mkdtempSync(join(tmpdir(), 'assault-links-'));
  const good = `scenario: ${scenario}\nruns: 50\nexpect:\n  final.winner.attacker: { min: 0 }\n`;
  writeFileSync(join(d, 'a.check.yaml'), good);
  mkdirSync(join(d, 'sub'));
  writeFileSync(join(d, 'sub', 'b.check.yaml'), good);
  symlinkSync(join(d, 'nowhere.check.yaml'), join(d, 'dangling.check.yaml'));
  symlinkSync(join(d, 'gone'), join(d, 'dangling'));
  symlinkSync('loop.check.yaml', join(d, 'loop.check.yaml'));
  symlinkSync('loop', join(d, 'loop'));
  symlinkSync('.', join(d, 'self'));
  symlinkSync('..', join(d, 'sub', 'up'));
  return d;
}

describe('finding the check files of a folder', () => {
  it('each entry that cannot be looked into is a problem of its own, by name; every check file is found once', async () => {
    const d = folderOfLinks();
    const { files, problems } = checkFilesIn([d, join(d, 'sub')]);
    expect(files).toEqual([join(d, 'a.check.yaml'), join(d, 'sub', 'b.check.yaml')]);
    expect(problems.map(formatProblem)).toEqual([
      `${join(d, 'dangling')}: a symbolic link to a file that does not exist`,
      `${join(d, 'dangling.check.yaml')}: a symbolic link to a file that does not exist`,
      `${join(d, 'loop')}: a symbolic link loop`,
      `${join(d, 'loop.check.yaml')}: a symbolic link loop`,
      `${join(d, 'self')}: a symbolic link loop: it leads back to ${d}`,
      `${join(d, 'sub', 'up')}: a symbolic link loop: it leads back to ${d}`,
    ]);
    // the library's strict form still refuses them all at once
    expect(() => findCheckFiles([d])).toThrow(/dangling/);
  });
});
