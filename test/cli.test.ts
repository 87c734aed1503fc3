// End to end: the built command line, as a user runs it (npm ci builds it through `prepare`), run
// in this process; the bundle and its code cache are tried as processes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseWorkers } from '../src/cli/args.js';
import { buildProgram } from '../src/cli/main.js';
import { assault, ensureBuilt } from './cli-in-process.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/assault');
/** The command line in this process (test/cli-in-process.ts): what it prints and exits with; the tests of the process itself spawn it. */
const run = (args: string[], cwd = root) => assault(args, { cwd, env: { NO_COLOR: '1' } });

// what `npm run build` does, when the sources are newer than the bundle (test/cli-in-process.ts)
beforeAll(ensureBuilt, 600_000);

describe('assault fight (srd4)', { timeout: 60_000 }, () => {
  it('srd4 golden log: the shipped power-fist scenario with seed 7, byte for byte', async () => {
    const r = await run(['fight', 'rosters/scenarios/fist-sergeant-vs-nob-mob.yaml', '--seed', '7', '--no-color']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(root, 'test/golden/srd4-fist-sergeant-vs-nob-mob-seed7.log'), 'utf8'));
  });
  it('srd4 the same seed gives the same output; a random seed is printed in the header', async () => {
    const a = await run(['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', 'abc']);
    const b = await run(['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', 'abc']);
    expect(a.stdout).toBe(b.stdout);
    const c = await run(['fight', 'rosters/scenarios/tactical-vs-boyz.yaml']);
    expect(c.stdout).toMatch(/seed \d+/);
  });
  it('srd4 --json prints the events', async () => {
    const r = await run(['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', '3', '--json']);
    const j = JSON.parse(r.stdout);
    expect(j.protocol).toBe(2);
    expect(j.seed).toBe('3');
    // codes and numbers, no phrases: every string in an event is a type, a code, a side or a name from the files
    const strings: string[] = [];
    const walk = (v: unknown): void => {
      if (typeof v === 'string') strings.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(j.events);
    expect(strings.filter((x) => /[;:]| vs |\+\d|\d\+/.test(x))).toEqual([]);
    expect(j.events[0].type).toBe('start');
    expect(j.events.at(-1).type).toBe('end');
  });
  it('every shipped scenario and roster validates, and every scenario fights', async () => {
    const rosters = readdirSync(join(root, 'rosters')).filter((f) => f.endsWith('.yaml'));
    expect(rosters.length).toBeGreaterThanOrEqual(8);
    const r = await run(['validate', ...rosters.map((f) => `rosters/${f}`)]);
    expect(r.status, r.stderr).toBe(0);
    const files = [
      ...readdirSync(join(root, 'rosters/scenarios')).filter((f) => f.endsWith('.yaml')),
      ...readdirSync(join(root, 'rosters/scenarios/vehicles')).map((f) => `vehicles/${f}`),
    ];
    expect(files.length).toBeGreaterThanOrEqual(6);
    for (const f of files) expect((await run(['fight', `rosters/scenarios/${f}`, '--seed', '1'])).status, f).toBe(0);
  });
  it('the published JSON Schemas are the ones the code generates', async () => {
    for (const kind of ['roster', 'scenario', 'check', 'matrix', 'epic-roster', 'epic-scenario']) {
      expect((await run(['schema', kind])).stdout).toBe(readFileSync(join(root, `rosters/schemas/${kind}.schema.json`), 'utf8'));
    }
  });
});

describe('hostile input: exit 2, a located message, no stack trace', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'assault-'));
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const cases: [string, string, RegExp][] = [
    ['broken.yaml', 'attacker: [1,\n', /broken\.yaml:\d+:\d+: YAML syntax/],
    ['empty.yaml', '', /empty\.yaml:1:1: the file is empty/],
    ['unknown-unit.yaml', 'attacker:\n  units:\n    - unit: orks/boys\ndefender:\n  units:\n    - unit: orks/boyz\n', /unknown-unit\.yaml:3:13: no unit 'boys'.*did you mean 'boyz'\? \(at attacker\.units\[0\]\.unit\)/],
    ['far-unit.yaml', 'attacker:\n  units:\n    - unit: orks/xyz\ndefender:\n  units:\n    - unit: orks/boyz\n', /far-unit\.yaml:3:13: no unit 'xyz' in .*orks\.yaml; its units: boyz, boyz-no-nob, gretchin, nobz, warboss \(at attacker\.units\[0\]\.unit\)/],
    ['wrong-type.yaml', 'attacker:\n  units:\n    - unit: orks/boyz\n      size: many\ndefender:\n  units:\n    - unit: orks/boyz\n', /wrong-type\.yaml:4:13: expected number.*\(at attacker\.units\[0\]\.size\)/],
    ['negative.yaml', 'attacker:\n  units:\n    - unit: orks/boyz\n      size: -3\ndefender:\n  units:\n    - unit: orks/boyz\n', /negative\.yaml:4:13: -3 is too small/],
    ['bad-ruleset.yaml', 'rules: srd44\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: orks/boyz\n', /bad-ruleset\.yaml:1:8: unknown ruleset 'srd44'; did you mean 'srd4'\?/],
    ['bad-weapon.yaml', 'attacker:\n  units:\n    - name: X\n      models:\n        - { name: X, count: 1, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [powerfist] }\ndefender:\n  units:\n    - unit: orks/boyz\n', /unknown weapon 'powerfist'; did you mean 'power-fist'\? \(at attacker\.units\[0\]\.models\[0\]\.wargear\[0\]\)/],
  ];
  for (const [name, text, pattern] of cases) {
    it(`${name}: fight exits 2 with ${pattern}`, async () => {
      const r = await run(['fight', file(name, text), '--seed', '1']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
  it('a missing file exits 2', async () => {
    const r = await run(['fight', join(dir, 'missing.yaml')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/missing\.yaml: no such file/);
  });
  it('validate reports every problem in a file, not just the first', async () => {
    const r = await run(['validate', file('many.yaml', 'rules: srd5\nattacker:\n  units:\n    - unit: orks/boys\n      sizee: 2\ndefender:\n  units:\n    - unit: orks/boyz\n      inCover: maybe\n')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown key 'sizee'; did you mean 'size'\?/);
    expect(r.stderr).toMatch(/inCover/);
    expect(r.stderr).toMatch(/unknown ruleset 'srd5'/);
  });
  it('usage mistakes exit 2', async () => {
    expect((await run(['fight'])).status).toBe(2);
    expect((await run(['fight', 'x.yaml', '--bogus'])).status).toBe(2);
    expect((await run(['rules', 'nope'])).status).toBe(2);
  });
  it('--workers is a number from 1 to 256 or auto; anything else exits 2 saying so', async () => {
    for (const bad of ['0', '257', 'two', 'Auto']) {
      const r = await run(['sim', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--runs', '10', '--workers', bad]);
      expect(r.status, bad).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`--workers is a whole number from 1 to 256, or auto, got '${bad}'`));
    }
  });
});

describe('--workers auto: the default of sim and batch, the machine\'s cores', { timeout: 180_000 }, () => {
  it('parses to the machine\'s cores and is what sim and batch take when it is left out; check keeps one thread', async () => {
    expect(parseWorkers('auto')).toBe(availableParallelism());
    expect(parseWorkers('3')).toBe(3);
    const program = buildProgram();
    const workers = (command: string) => program.commands.find((c) => c.name() === command)!.options.find((o) => o.long === '--workers')!.defaultValue;
    expect(workers('sim')).toBe(availableParallelism());
    expect(workers('batch')).toBe(availableParallelism());
    expect(workers('check')).toBe(1);
  });
  it('batch prints the same rows by default, with auto and with one thread (200,000 runs in all: two threads on a machine of two cores)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'assault-'));
    const matrix = join(dir, 'auto-matrix.yaml');
    const scenario = (name: string) => JSON.stringify(join(root, 'rosters/scenarios', name));
    writeFileSync(matrix, `runs: 100000\nseed: rows\nscenarios: [${scenario('tactical-vs-boyz.yaml')}, ${scenario('terminators-vs-tactical.yaml')}]\n`);
    const one = await run(['batch', matrix, '--csv', '--workers', '1']);
    expect(one.status, one.stderr).toBe(0);
    expect((await run(['batch', matrix, '--csv'])).stdout).toBe(one.stdout);
    expect((await run(['batch', matrix, '--csv', '--workers', 'auto'])).stdout).toBe(one.stdout);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('the command-line bundle and its V8 code cache (bin/load-bundle.mjs)', { timeout: 60_000 }, () => {
  const loader = join(root, 'bin/load-bundle.mjs');
  it('the build wrote a code cache for this bundle, and this Node accepts it', async () => {
    const probe = `import(${JSON.stringify(loader)}).then(({ loadBundle }) => { const r = loadBundle(); console.log(JSON.stringify({ rejected: r.script.cachedDataRejected, main: typeof r.exports.main })); })`;
    const r = spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8', timeout: 30_000 });
    expect(r.stderr).toBe('');
    // undefined would mean no cache was given to V8 at all
    expect(JSON.parse(r.stdout)).toEqual({ rejected: false, main: 'function' });
  });
  it("a cache is used only under its bundle's build line and whole; none, another build's, a torn or a damaged one is not", async () => {
    const { buildId, cacheFor, digest } = (await import(loader)) as { buildId: (s: string) => string; cacheFor: (id: string, file?: string) => Buffer | undefined; digest: (b: Buffer) => string };
    const id = buildId(readFileSync(join(root, 'dist/assault.cjs'), 'latin1'));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const dir = mkdtempSync(join(tmpdir(), 'assault-cache-'));
    try {
      const file = join(dir, 'assault.cache');
      const code = Buffer.from([1, 2, 3, 4]);
      expect(cacheFor(id, file)).toBeUndefined();
      writeFileSync(file, Buffer.concat([Buffer.from(`${id} ${digest(code)}\n`), code]));
      expect([...cacheFor(id, file)!]).toEqual([1, 2, 3, 4]);
      expect(cacheFor('another-build', file)).toBeUndefined();
      expect(cacheFor('', file)).toBeUndefined();
      writeFileSync(file, Buffer.concat([Buffer.from(`${id} ${digest(code)}\n`), code.subarray(0, 3)]));
      expect(cacheFor(id, file), 'torn').toBeUndefined();
      writeFileSync(file, Buffer.concat([Buffer.from(`${id} ${digest(code)}\n`), Buffer.from([1, 2, 9, 4])]));
      expect(cacheFor(id, file), 'damaged').toBeUndefined();
      writeFileSync(file, Buffer.concat([Buffer.from(`${id}\n`), code]));
      expect(cacheFor(id, file), 'no sum').toBeUndefined();
      writeFileSync(file, id);
      expect(cacheFor(id, file)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a damaged code cache beside the bundle: the command line compiles the bundle itself and works (V8 alone would crash on it)', async () => {
    // a copy of the command line whose cache has bytes changed past its first line
    const dir = mkdtempSync(join(tmpdir(), 'assault-damaged-'));
    try {
      mkdirSync(join(dir, 'bin'));
      mkdirSync(join(dir, 'dist'));
      for (const f of ['bin/assault', 'bin/load-bundle.mjs', 'dist/assault.cjs', 'package.json']) writeFileSync(join(dir, f), readFileSync(join(root, f)));
      for (const f of ['node_modules', 'rosters']) symlinkSync(join(root, f), join(dir, f));
      const cache = Buffer.from(readFileSync(join(root, 'dist/assault.cache')));
      const body = cache.indexOf(10) + 1;
      for (let i = body + 1000; i < cache.length; i += 997) cache[i] = (cache[i]! + 101) & 255;
      writeFileSync(join(dir, 'dist/assault.cache'), cache);
      const r = spawnSync(process.execPath, [join(dir, 'bin/assault'), 'fight', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--seed', '7', '--no-color'], { encoding: 'utf8', timeout: 30_000 });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(0);
      expect(r.stdout).toBe((await run(['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', '7', '--no-color'])).stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('assault paths: every figure a check file can pin', { timeout: 60_000 }, () => {
  const numberAt = (report: unknown, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), report);

  it.each(['srd4', 'waffle'])('%s: the paths are those of sim --json (every one a number there), the contract paths among them', async (rules) => {
    const scenario = 'rosters/scenarios/two-squads-vs-boyz.yaml';
    const r = await run(['paths', scenario, '--rules', rules]);
    expect(r.status).toBe(0);
    const paths = r.stdout.trim().split('\n');
    for (const contract of ['runs', 'firstRound.result.attacker', 'firstRound.result.draw', 'firstRound.woundsInflicted.defender.mean', 'final.winner.none', 'final.end.fellBack', 'final.end.chargeFailed', 'final.end.disengaged', 'final.survivors.attacker.mean', 'final.rounds.mean', 'diceRolled']) {
      expect(paths).toContain(contract);
    }
    expect(new Set(paths).size).toBe(paths.length);
    const sim = JSON.parse((await run(['sim', scenario, '--rules', rules, '--runs', '200', '--seed', '3', '--json'])).stdout);
    for (const p of paths.filter((x) => !x.startsWith('extremes.'))) expect([p, typeof numberAt(sim, p)]).toEqual([p, 'number']);
    // a unit's fate appears with several units a side
    expect(paths.some((p) => p.startsWith('units.'))).toBe(true);
    const json = await run(['paths', scenario, '--rules', rules, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(paths);
  });

  it.each(['fight', 'sim', 'exact', 'paths'])('%s: a wrong --rules (empty, unknown) is a mistake of the command line, not of the scenario file', async (cmd) => {
    for (const [rules, says] of [['', /^assault: --rules: give a ruleset id \(srd4, revised4, fightphase, waffle, epic\)$/], ['srd5', /^assault: --rules: unknown ruleset 'srd5'; did you mean 'srd4'\?/]] as const) {
      for (const what of [['rosters/scenarios/tactical-vs-boyz.yaml'], ['--attacker', 'orks/boyz', '--defender', 'orks/boyz']]) {
        const r = await run([cmd, ...what, '--rules', rules]);
        expect(r.status, `${cmd} ${what.join(' ')} --rules '${rules}'`).toBe(2);
        expect(r.stderr.trim()).toMatch(says);
        expect(r.stderr).not.toMatch(/\.yaml:\d+:\d+/);
      }
    }
  });
  it('an empty --attacker or --defender is named as such', async () => {
    const r = await run(['fight', '--attacker', '', '--defender', 'orks/boyz']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('assault: --attacker: give a roster unit, such as orks/boyz');
  });

  it('bad input: a missing file or an unknown ruleset is exit 2 with a message', async () => {
    const a = await run(['paths', 'no-such.yaml']);
    expect(a.status).toBe(2);
    expect(a.stderr).toMatch(/no-such\.yaml/);
    const b = await run(['paths', 'rosters/scenarios/tactical-vs-boyz.yaml', '--rules', 'srd5']);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/unknown ruleset 'srd5'/);
  });
});

describe('--attacker and --defender that name no unit', { timeout: 60_000 }, () => {
  it('are the command line\'s mistake: "assault: --attacker X: ...", the roster\'s units offered, exit 2', async () => {
    const r = await run(['sim', '--attacker', 'orks/xyz', '--defender', 'space-marines/tacticl-squad', '--runs', '10']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^assault: --attacker orks\/xyz: no unit 'xyz' in \S+orks\.yaml; its units: boyz, boyz-no-nob, gretchin, nobz, warboss\n--defender space-marines\/tacticl-squad: no unit 'tacticl-squad' in \S+space-marines\.yaml; did you mean 'tactical-squad'\?\n$/);
    expect(r.stderr).not.toMatch(/command line\)/);
    const roster = await run(['fight', '--attacker', 'orkz/boyz', '--defender', 'orks/boyz']);
    expect([roster.status, roster.stderr]).toEqual([2, "assault: --attacker orkz/boyz: no roster file 'orkz.yaml'; did you mean 'orks'?\n"]);
  });
});
