// Edition files on the command line: --rules FILE for fight, sim, exact and paths; a scenario,
// check file and matrix naming one (a matrix beside shipped ids); workers reading it; the
// reproduce lines; `rules FILE`, `rules A --diff B`, `edition new --base ID` (whose file reads
// back as its base); validate and schema. Spawns the built CLI (npm run build first).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;
/** The command line in this process (test/cli-in-process.ts). */
const run = (args: string[], cwd = root) => assault(args, { cwd, env: { NO_COLOR: '1' } });
const SCENARIO = 'rosters/scenarios/assault-squad-vs-guardsmen-in-cover.yaml';
const MORALE = 'rosters/editions/srd4-morale.edition.yaml';
const json = async (args: string[]) => {
  const r = await run(args);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};
const { dir, write } = tempFiles('edition-cli');

describe('--rules FILE', { timeout: 120_000 }, () => {
  it('fight names the edition and its file; the log is the one a scenario naming the file gives', async () => {
    const r = await run(['fight', SCENARIO, '--rules', MORALE, '--seed', '5']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('ruleset srd4-morale (SRD with a Morale penalty; srd4-morale.edition.yaml on');
    expect(r.stdout).toBe(readFileSync(join(root, 'rosters/editions/srd4-morale.log'), 'utf8').replace(/\n?$/, '\n'));
    const scenario = write('named.yaml', readFileSync(join(root, SCENARIO), 'utf8').replace(/^rules:.*$/m, '') + `\nrules: ${join(root, MORALE)}\n`);
    const named = await run(['fight', scenario, '--seed', '5']);
    expect(named.stdout.split('\n').slice(2).join('\n')).toBe(r.stdout.split('\n').slice(2).join('\n'));
  });

  it('sim and exact report it by id and file, and differ from srd4', async () => {
    const sim = await json(['sim', SCENARIO, '--rules', MORALE, '--runs', '3000', '--seed', 'x', '--json']);
    expect(sim).toMatchObject({ rules: 'srd4-morale', rulesFile: 'srd4-morale.edition.yaml' });
    const ex = await json(['exact', SCENARIO, '--rules', MORALE, '--json']) as { final: { end: { swept: number } } };
    const base = await json(['exact', SCENARIO, '--json']) as { final: { end: { swept: number } } };
    expect(ex.final.end.swept).toBeGreaterThan(base.final.end.swept + 0.2);
  });

  it('sim with two workers (each reads the file) gives the figures of one thread', async () => {
    const one = await json(['sim', SCENARIO, '--rules', MORALE, '--runs', '220000', '--seed', 'w', '--workers', '1', '--json']);
    const two = await json(['sim', SCENARIO, '--rules', MORALE, '--runs', '220000', '--seed', 'w', '--workers', '2', '--json']);
    expect(two).toEqual(one);
  }, 180_000);

  it("sim's reproduce line reproduces it", async () => {
    const page = join(dir, 'sim.html');
    const r = await run(['sim', SCENARIO, '--rules', MORALE, '--runs', '2000', '--seed', 'r', '--html', page]);
    expect(r.status, r.stderr).toBe(0);
    const line = /Reproduce: <code>assault (.*?)<\/code>/.exec(readFileSync(page, 'utf8'))![1]!.replace(/&#39;/g, "'").split(' ');
    expect(line).toContain(MORALE);
    const again = await run([...line.filter((w) => w !== '--html'), '--json']);
    const direct = await json(['sim', SCENARIO, '--rules', MORALE, '--runs', '2000', '--seed', 'r', '--json']);
    expect(JSON.parse(again.stdout)).toEqual(direct);
  });

  it('a wrong file is located in that file, exit 2; a missing one is the command line\'s mistake', async () => {
    const bad = write('bad.edition.yaml', 'edition: bad-one\nname: Bad\nbase: srd4\nsweep: { rol: 2d6 }\n');
    const r = await run(['fight', SCENARIO, '--rules', bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad\.edition\.yaml:4:\d+: unknown key 'rol'; did you mean 'roll'\? \(at sweep\.rol\)/);
    const missing = await run(['sim', SCENARIO, '--rules', 'no/such.edition.yaml']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('check files and matrices naming edition files', { timeout: 120_000 }, () => {
  it('the shipped examples pass, from any working folder', async () => {
    const r = await run(['check', join(root, 'rosters/editions')], dir);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/10 passed, 0 failed/);
  });

  it('a matrix mixes ids and files; each file row replays with its file', async () => {
    const matrix = write('m.yaml', `runs: 400\nseed: 2\nrules: [srd4, ${join(root, MORALE)}]\nrounds: 1\nattackers: [space-marines/assault-squad]\ndefenders: [imperial-guard/infantry-squad]\n`);
    const rows = JSON.parse((await run(['batch', matrix, '--json', '--workers', '1'], root)).stdout) as { rules: string; replay?: string; reproduce?: string }[];
    expect(rows.map((r) => r.rules).sort()).toEqual(['srd4', 'srd4-morale']);
    expect(JSON.stringify(rows.find((r) => r.rules === 'srd4-morale'))).toContain('srd4-morale.edition.yaml');
  });
});

describe("sim's reproduce line", { timeout: 120_000 }, () => {
  it.each([[MORALE], ['revised4'], [MORALE, '--rounds', '1']])('with --rules %s: the printed fight command replays the very run', async (...given) => {
    const [rules, ...rest] = given;
    const sim = await run(['sim', SCENARIO, '--rules', rules!, ...rest, '--runs', '60', '--seed', '7']);
    expect(sim.status, sim.stderr).toBe(0);
    const line = /replay with (fight .*?) --seed 7 --run K: (.*)/.exec(sim.stdout.replace(/\n {2}/g, ' '));
    expect(line, sim.stdout).not.toBeNull();
    const words = line![1]!.split(' ');
    expect(words).toEqual(['fight', '--rules', rules, ...rest]);
    const longest = Number(/longest: run (\d+)/.exec(line![2]!)![1]);
    const replayed = await run([words[0]!, SCENARIO, ...words.slice(1), '--seed', '7', '--run', String(longest), '--json']);
    expect(replayed.status, replayed.stderr).toBe(0);
    const stats = await json(['sim', SCENARIO, '--rules', rules!, ...rest, '--runs', '60', '--seed', '7', '--json']) as { extremes: { longest: { run: number; value: number } } };
    expect(stats.extremes.longest.run).toBe(longest);
    expect((JSON.parse(replayed.stdout) as { outcome: { phases: number } }).outcome.phases).toBe(stats.extremes.longest.value);
    // the same run as the command given --rules itself fights, not the scenario's own ruleset's
    const direct = await run(['fight', SCENARIO, '--rules', rules!, ...rest, '--seed', '7', '--run', String(longest), '--json']);
    expect(replayed.stdout).toBe(direct.stdout);
    expect((await run(['fight', SCENARIO, '--seed', '7', '--run', String(longest), '--json'])).stdout).not.toBe(direct.stdout);
  }, 120_000);
});

describe('rules, --diff, edition new, validate, schema', { timeout: 120_000 }, () => {
  it('rules FILE prints it as a shipped edition is printed, and what it changes against its base', async () => {
    const r = await run(['rules', MORALE]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('srd4-morale: SRD with a Morale penalty');
    expect(r.stdout).toContain('To hit (attacker WS down, defender WS across)');
    expect(r.stdout).toMatch(/What it changes against srd4:\n- morale\.penalty: none -> difference\n/);
  });

  it('rules FILE over another file: the notes named as the root\'s, what it changes against its base and against the root', async () => {
    write('parent-a.edition.yaml', 'edition: parent-a\nname: Parent A\nbase: srd4\nsweep:\n  roll: 2d6\n');
    const child = write('child-b.edition.yaml', 'edition: child-b\nname: Child B\nbase: parent-a.edition.yaml\nfinalBlow: true\n');
    const r = await run(['rules', child]);
    expect(r.status, r.stderr).toBe(0);
    const text = r.stdout.replace(/\n {2,}/g, ' ');
    expect(text).not.toContain('How parent-a plays');
    expect(text).toContain("How srd4 plays (these notes are srd4's, not child-b's");
    expect(text).toMatch(/What it changes against parent-a \(its base\):\n- finalBlow: false -> true\n\n/);
    expect(text).toMatch(/What it changes against srd4 \(whose notes are above, the shipped edition its chain is built on\):\n- sweep\.roll: d6\+initiative -> 2d6\n- finalBlow: false -> true\n/);
  });

  it('rules A --diff B: options, steps, weapons, and the chart cell by cell', async () => {
    const r = await run(['rules', 'fightphase', '--diff', 'waffle']);
    expect(r.stdout).toContain('waffle against fightphase:');
    expect(r.stdout).toContain('- to hit WS10 against WS1: 3+ -> A');
    expect(r.stdout).toContain('- finalBlow: false -> true');
    expect(r.stdout).toContain('- sweep.caught: woundsDifference -> hitsPerModel');
    const files = await run(['rules', MORALE, '--diff', 'rosters/editions/waffle-2d6-sweep.edition.yaml']);
    expect(files.stdout).toContain('- sweep.roll: d6+initiative -> 2d6');
    expect(files.stdout).toContain('and what is not an option differs too');
    expect((await run(['rules', 'srd4', '--diff', 'srd4'])).stdout).toContain('no difference');
  });

  it('rules A --diff B: weapons in a player\'s words, never the program\'s data', async () => {
    const file = write('fist.edition.yaml', 'edition: fist-house\nname: Fist\nbase: srd4\narmoury:\n  power-fist: { name: Power fist, strength: +1, ap: 2 }\n  great-axe: { name: Great axe }\n');
    const r = await run(['rules', file, '--diff', 'srd4']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.replace(/\n\s+/g, ' ')).toContain("- weapon power-fist: Strength +1 -> twice user's Strength, AP 2 -> no AP, armour saves allowed -> ignores armour saves, strikes at the bearer's Initiative -> strikes at Initiative 1");
    expect(r.stdout).toContain('weapon great-axe removed (Great axe)');
    expect(r.stdout).not.toMatch(/[{}"]|kind/);
  });

  it.each(['srd4', 'revised4', 'fightphase', 'waffle'])('edition new --base %s: every option, commented; the file reads back as its base', async (base) => {
    const r = await run(['edition', 'new', '--base', base]);
    expect(r.status, r.stderr).toBe(0);
    for (const key of ['range:', 'supporting:', 'wounds:', 'penalty:', 'weaponsUseless:', 'roll:', 'catches:', 'caught:', 'barred:', 'needsContact:', 'afterMassacre:', 'finalBlow:', 'invulnerable:']) {
      expect(r.stdout).toMatch(new RegExp(`^\\s*${key} .*# \\S`, 'm'));
    }
    // every comment after a key starts in one column
    const columns = r.stdout.split('\n').flatMap((l) => {
      const m = /^(#\s)?\s*[A-Za-z]+:.*?\s+(# .*)$/.exec(l);
      return m ? [l.length - m[2]!.length] : [];
    });
    expect(columns.length).toBeGreaterThan(15);
    expect(new Set(columns)).toEqual(new Set([32]));
    const file = join(dir, `new-${base}.edition.yaml`);
    writeFileSync(file, r.stdout);
    expect((await run(['validate', file])).stdout).toBe(`${file}: ok\n`);
    expect((await run(['rules', file])).stdout).toContain(`What it changes against ${base}:\n  nothing: it fights as its base`);
    // uncommenting the charts changes nothing either
    const charts = r.stdout.replace(/^# (toHit|toWound):/gm, '$1:').replace(/^#( {3}- \[)/gm, '$1');
    writeFileSync(file, charts);
    expect((await run(['rules', file])).stdout).toContain('nothing: it fights as its base');
  });

  it('validate knows edition files; schema edition is published', async () => {
    const r = await run(['validate', MORALE, 'rosters/editions/waffle-2d6-sweep.edition.yaml']);
    expect(r.status, r.stderr).toBe(0);
    const schema = (await run(['schema', 'edition'])).stdout;
    expect(JSON.parse(schema)).toMatchObject({ properties: { sweep: { properties: { caught: { enum: ['destroyed', 'held', 'woundsDifference', 'hitsPerModel'] } } } } });
    expect(schema).toBe(readFileSync(join(root, 'rosters/schemas/edition.schema.json'), 'utf8'));
  });
});
