// The README's example files work if copied: each YAML block the README tells a reader to save
// is saved under that name in an empty folder, then validated, fought and checked there with the
// command lines the README gives.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault, ownCommandLine } from './cli-in-process.js';
import { tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Each ```yaml block with the file name the text before it says to save it as. */
function savedExamples(text: string): { name: string; body: string }[] {
  const out: { name: string; body: string }[] = [];
  for (const m of text.matchAll(/```yaml\n([\s\S]*?)```/g)) {
    const before = text.slice(Math.max(0, m.index - 300), m.index);
    const names = [...before.matchAll(/as `([\w.-]+\.yaml)`/g)];
    if (names.length > 0) out.push({ name: names.at(-1)![1]!, body: m[1]! });
  }
  return out;
}

describe('README examples', { timeout: 120_000 }, () => {
  const examples = savedExamples(readme);
  const { dir } = tempFiles('readme');
  for (const e of examples) writeFileSync(join(dir, e.name), e.body);
  /** The command line in this process (test/cli-in-process.ts). */
  const run = (args: string[]) => assault(args, { cwd: dir, env: { NO_COLOR: '1' } });

  it('the README gives a scenario, a roster, a matrix and a check file to save', async () => {
    expect(examples.map((e) => e.name).sort()).toEqual(['charge.check.yaml', 'charge.yaml', 'house.edition.yaml', 'matrix.yaml', 'my-army.yaml']);
  });

  it('every example file validates', async () => {
    const r = await run(['validate', ...examples.map((e) => e.name)]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('the roster unit can be fought from a scenario beside it, as the README says', async () => {
    writeFileSync(join(dir, 'vets.yaml'), 'rules: srd4\nrounds: 1\nattacker:\n  units:\n    - unit: my-army/veterans\ndefender:\n  units:\n    - unit: orks/boyz\n');
    const r = await run(['fight', 'vets.yaml', '--seed', '7']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Veteran Sergeant/);
  });

  it('the fight excerpt is what `fight charge.yaml --seed 7` prints', async () => {
    const excerpt = /```sh\nnpx assault fight charge\.yaml --seed 7\n```\n\n```\n([\s\S]*?)```/.exec(readme);
    expect(excerpt).not.toBeNull();
    const r = await run(['fight', 'charge.yaml', '--seed', '7']);
    expect(r.stdout).toContain(excerpt![1]);
  });

  it('the matrix runs in every view the README shows: the reader\'s tour below runs each (exit 0, nothing on stderr)', async () => {
    const runs = readerSteps(readme).flatMap((s) => ('run' in s ? [s.run.replace(/\s+#.*$/, '')] : []));
    for (const view of ['', ' --view pivot', ' --view summary', ' --row 3']) expect(runs).toContain(`npx assault batch matrix.yaml${view}`);
  });

  it('the check file passes once its golden log is written with --update, and fails when a pin is moved', async () => {
    expect((await run(['check', '.', '--update'])).status).toBe(0);
    const r = await run(['check', '.', '--junit', 'results.xml']);
    expect(r.stdout).toMatch(/3 passed, 0 failed/);
    expect(r.status).toBe(0);
    const file = join(dir, 'charge.check.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/approx: [\d.]+/, 'approx: 0.7'));
    expect((await run(['check', '.'])).status).toBe(1);
  });

  it("the rules writer's tour: the house edition fights, and says what it changes", async () => {
    const r = await run(['rules', 'srd4', '--diff', 'house.edition.yaml']);
    expect(r.stdout).toContain('- morale.penalty: none -> difference');
    expect(r.stdout).toContain('- sweep.catches: equalOrHigher -> higher');
    const ex = await run(['exact', 'charge.yaml', '--rules', 'house.edition.yaml']);
    expect([ex.status, ex.stderr]).toEqual([0, '']);
    expect(ex.stdout).toContain('house from house.edition.yaml');
    expect((await run(['edition', 'new', '--base', 'srd4'])).stdout).toMatch(/^edition: srd4-house/m);
  });

  it('`assault paths` lists the paths of the table of figures', async () => {
    const paths = (await run(['paths', 'charge.yaml'])).stdout.trim().split('\n');
    const table = readme.slice(readme.indexOf('| path | what it is |'));
    for (const m of table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([\w.]+)`/gm)) {
      if (!m[1]!.startsWith('units.')) expect(paths).toContain(m[1]!);
    }
  });
});

/**
 * What a reader does, in the README's order: save a file (a ```yaml block the text before it
 * names), change folder (an inline `mkdir X && cd X`), run a command (a line of a ```sh block, or
 * an inline `npx assault ...` with a command after it).
 */
type Step = { save: string; body: string } | { cd: string } | { run: string };

function readerSteps(text: string): Step[] {
  const steps: { at: number; step: Step }[] = [];
  for (const m of text.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    if (m[1] === 'yaml') {
      const names = [...text.slice(Math.max(0, m.index - 300), m.index).matchAll(/as `([\w.-]+\.yaml)`/g)];
      if (names.length > 0) steps.push({ at: m.index, step: { save: names.at(-1)![1]!, body: m[2]! } });
    } else if (m[1] === 'sh') {
      for (const line of m[2]!.split('\n')) if (line.trim()) steps.push({ at: m.index, step: { run: line.trim() } });
    }
  }
  // inline code outside the fenced blocks
  const fences = [...text.matchAll(/```[\s\S]*?```/g)].map((m) => [m.index, m.index + m[0].length] as const);
  for (const m of text.matchAll(/`([^`\n]+)`/g)) {
    if (fences.some(([a, b]) => m.index >= a && m.index < b)) continue;
    const cd = /^mkdir ([\w.-]+) && cd \1$/.exec(m[1]!);
    if (cd) steps.push({ at: m.index, step: { cd: cd[1]! } });
    else if (/^npx assault \w/.test(m[1]!)) steps.push({ at: m.index, step: { run: m[1]! } });
  }
  return steps.sort((a, b) => a.at - b.at).map((s) => s.step);
}

/** A newcomer's clone: the files git ships, installed (node_modules) and built (dist), in a fresh folder. */
function freshClone(): string {
  const { dir } = tempFiles('clone');
  const shipped = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
  expect(shipped.status).toBe(0);
  for (const f of shipped.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, f))) continue; // deleted in this checkout, not yet committed
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    cpSync(join(root, f), join(dir, f));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  cpSync(join(root, 'dist'), join(dir, 'dist'), { recursive: true });
  return dir;
}

describe('every command of the README, as written, where the README says to be', { timeout: 120_000 }, () => {
  const steps = readerSteps(readme);

  it('the reader saves five files, moves into a folder of their own and runs the commands', async () => {
    expect(steps.filter((s) => 'save' in s)).toHaveLength(5);
    expect(steps.filter((s) => 'cd' in s)).toEqual([{ cd: 'play' }]);
    expect(steps.filter((s) => 'run' in s).length).toBeGreaterThanOrEqual(25);
  });

  it('each command exits 0 and writes nothing to stderr', async () => {
    const clone = freshClone();
    const reader = ownCommandLine();
    let cwd = clone;
    const failed: unknown[] = [];
    for (const s of steps) {
      if ('save' in s) writeFileSync(join(cwd, s.save), s.body);
      else if ('cd' in s) {
        cwd = join(cwd, s.cd);
        mkdirSync(cwd);
      } else {
        // `npm ci` and `npm test` are what installed this tree and run this test: not again here.
        // `npx assault` is the clone's own command (see below that npx finds it); called directly,
        // each command spares npx's start.
        if (s.run === 'npm test') continue;
        // A plain `npx assault ...` (words, no shell syntax but a trailing comment, which the shell
        // drops) runs in this process (test/cli-in-process.ts, the same bundle as the clone's); a line
        // with a redirection or a pipe, through the shell.
        const command = s.run.replace(/^npm ci && /, '');
        const plain = command.replace(/\s+#[^\n]*$/, '');
        const words = /^npx assault [\w./ -]+$/.test(plain) ? plain.split(/\s+/).slice(2) : null;
        const r = words
          ? await reader(words, { cwd, env: { NO_COLOR: '1' } })
          : spawnSync('sh', ['-c', command.replace(/^npx assault /, `node "${join(clone, 'bin/assault')}" `)], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 30_000 });
        if (r.status !== 0 || r.stderr !== '') failed.push({ command: s.run, in: cwd.slice(clone.length) || '.', status: r.status, stderr: r.stderr.slice(0, 500) });
      }
    }
    expect(failed).toEqual([]);
    // what the commands wrote is there, in the reader's folder
    for (const f of ['matchups.csv', 'matchups.html', 'results.xml', 'mine.edition.yaml', 'charge.seed7.log']) expect([f, existsSync(join(cwd, f))]).toEqual([f, true]);
  });

  it('`npx assault` inside the clone is the clone\'s own command: the package names its bin `assault`', async () => {
    // (npx's first call in a fresh clone takes npm seconds to read node_modules: the installed command is tested below)
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; bin: Record<string, string> };
    expect([pkg.name, pkg.bin]).toEqual(['assault', { assault: 'bin/assault' }]);
  });

  it('installed for use anywhere as the README says (`npm install -g .`), `assault` runs from any folder', { timeout: 150_000 }, async () => {
    expect(readme).toMatch(/`npm link`\s+\(or `npm install -g \.`\)/);
    const prefix = tempFiles('prefix').dir;
    // a local folder is linked, not fetched: no network (--offline makes sure). The tree is built
    // already: its `prepare` would rebuild dist/ under every other process using it (a second copy
    // of the suite at once), so scripts are not run (--ignore-scripts)
    const npm = spawnSync('npm', ['install', '-g', '.', '--prefix', prefix, '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    expect([npm.status, npm.error]).toEqual([0, undefined]);
    const elsewhere = tempFiles('elsewhere').dir;
    const installed = (args: string[]) => spawnSync(join(prefix, 'bin', 'assault'), args, { cwd: elsewhere, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 30_000 });
    const help = installed(['--help']);
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: assault/);
    const fight = installed(['fight', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--seed', '7']);
    expect([fight.status, fight.stderr]).toEqual([0, '']);
    expect(fight.stdout).toMatch(/Initiative/);
  });
});

describe('the documents', () => {
  const docs = ['README.md', 'CHANGELOG.md', ...['design.md', 'events.md', 'formats.md', 'performance.md', 'rulings.md'].map((d) => `docs/${d}`)];

  it.each(docs)('%s: every link inside the project leads to a file that exists', async (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const base = join(root, doc, '..');
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/.test(target)) continue; // a web address
      const path = join(base, target);
      if (!path.startsWith(root)) continue; // the rule documents beside the project
      expect([doc, target, existsSync(path)]).toEqual([doc, target, true]);
    }
  });

  it('the README is a short page: at most 400 lines, one line per command', async () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const table = readme.slice(readme.indexOf('| command | what it does |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect(row.length).toBeLessThan(200);
  });
});
