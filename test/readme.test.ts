// The README's example files work if copied: each YAML block the README tells a reader to save
// is saved under that name in an empty folder, then validated, fought and checked there with the
// command lines the README gives.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  const run = (args: string[]) => spawnSync(process.execPath, [join(root, 'bin/assault'), ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 100_000 });

  it('the README gives a scenario, a roster, a matrix and a check file to save', () => {
    expect(examples.map((e) => e.name).sort()).toEqual(['charge.check.yaml', 'charge.yaml', 'house.edition.yaml', 'matrix.yaml', 'my-army.yaml']);
  });

  it('every example file validates', () => {
    const r = run(['validate', ...examples.map((e) => e.name)]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('the roster unit can be fought from a scenario beside it, as the README says', () => {
    writeFileSync(join(dir, 'vets.yaml'), 'rules: srd4\nrounds: 1\nattacker:\n  units:\n    - unit: my-army/veterans\ndefender:\n  units:\n    - unit: orks/boyz\n');
    const r = run(['fight', 'vets.yaml', '--seed', '7']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Veteran Sergeant/);
  });

  it('the fight excerpt is what `fight charge.yaml --seed 7` prints', () => {
    const excerpt = /```sh\nnpx assault fight charge\.yaml --seed 7\n```\n\n```\n([\s\S]*?)```/.exec(readme);
    expect(excerpt).not.toBeNull();
    const r = run(['fight', 'charge.yaml', '--seed', '7']);
    expect(r.stdout).toContain(excerpt![1]);
  });

  it('the matrix runs in every view the README shows', () => {
    for (const view of ['rows', 'pivot', 'summary']) {
      const r = run(['batch', 'matrix.yaml', '--runs', '50', '--view', view]);
      expect([view, r.status, r.stderr]).toEqual([view, 0, '']);
    }
    expect(run(['batch', 'matrix.yaml', '--runs', '50', '--row', '3']).status).toBe(0);
  });

  it('the check file passes once its golden log is written with --update, and fails when a pin is moved', () => {
    expect(run(['check', '.', '--update']).status).toBe(0);
    const r = run(['check', '.', '--junit', 'results.xml']);
    expect(r.stdout).toMatch(/3 passed, 0 failed/);
    expect(r.status).toBe(0);
    const file = join(dir, 'charge.check.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/approx: [\d.]+/, 'approx: 0.7'));
    expect(run(['check', '.']).status).toBe(1);
  });

  it("the rules writer's tour: the house edition fights, and says what it changes", () => {
    const r = run(['rules', 'srd4', '--diff', 'house.edition.yaml']);
    expect(r.stdout).toContain('- morale.penalty: none -> difference');
    expect(r.stdout).toContain('- sweep.catches: equalOrHigher -> higher');
    const ex = run(['exact', 'charge.yaml', '--rules', 'house.edition.yaml']);
    expect([ex.status, ex.stderr]).toEqual([0, '']);
    expect(ex.stdout).toContain('house from house.edition.yaml');
    // the tour's commands on the shipped examples, from the project folder
    const inRoot = (args: string[]) => spawnSync(process.execPath, [join(root, 'bin/assault'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 100_000 });
    let tour = 0;
    for (const line of readme.matchAll(/^npx assault ((?:rules|check) [^#>\n]*?)\s*(#.*)?$/gm)) {
      // the tour's own lines: on the shipped editions, or comparing shipped ones
      if (!/rosters\/editions|--diff fightphase/.test(line[1]!)) continue;
      tour++;
      const t = inRoot(line[1]!.trim().split(/\s+/));
      expect([line[1], t.status, t.stderr]).toEqual([line[1], 0, '']);
    }
    expect(tour).toBe(3);
    expect(inRoot(['edition', 'new', '--base', 'srd4']).stdout).toMatch(/^edition: srd4-house/m);
  });

  it('`assault paths` lists the paths of the table of figures', () => {
    const paths = run(['paths', 'charge.yaml']).stdout.trim().split('\n');
    const table = readme.slice(readme.indexOf('| path | what it is |'));
    for (const m of table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([\w.]+)`/gm)) {
      if (!m[1]!.startsWith('units.')) expect(paths).toContain(m[1]!);
    }
  });
});

describe('the documents', () => {
  const docs = ['README.md', 'CHANGELOG.md', ...['design.md', 'events.md', 'formats.md', 'performance.md', 'rulings.md'].map((d) => `docs/${d}`)];

  it.each(docs)('%s: every link inside the project leads to a file that exists', (doc) => {
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

  it('the README is a short page: at most 400 lines, one line per command', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(400);
    const table = readme.slice(readme.indexOf('| command | what it does |'));
    const rows = table.slice(0, table.indexOf('\n\n')).split('\n').slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(9);
    for (const row of rows) expect(row.length).toBeLessThan(200);
  });
});
