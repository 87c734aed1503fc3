// Files written by hand must not lie: what a file says is what the tool does, or a located
// message says why not. In process where possible; the command line where the item is about it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { problemsOf, tempFiles } from './helpers.js';
import { UsageError } from '../src/errors.js';
import { loadScenario } from '../src/io/load.js';
import { fight } from '../src/index.js';
import { renderLog } from '../src/render/text.js';

const root = new URL('..', import.meta.url).pathname;
const { dir, write } = tempFiles('files');
const problems = (file: string): string[] => problemsOf((f) => loadScenario(f), file);
/** The command line in this process (test/cli-in-process.ts); the tests of signals spawn it. */
const run = (args: string[]) => assault(args, { cwd: dir, env: { NO_COLOR: '1' } });
const boyz = 'defender:\n  units:\n    - unit: orks/boyz\n';

describe('what a file says is what the tool does', () => {
  it('strength: +2 written unquoted means "add 2", as quoted does; 5 replaces; x2 doubles', async () => {
    const weapons = (w: string) => write(`w${w.replace(/\W/g, '')}.yaml`, `attacker:\n  units:\n    - name: A\n      models:\n        - { name: A, count: 1, profile: { WS: 4, BS: 4, S: 3, T: 4, W: 1, I: 4, A: 1, Ld: 8 }, wargear: [{ name: Axe, strength: ${w} }] }\n${boyz}`);
    const strength = (w: string) => loadScenario(weapons(w)).attacker.units[0]!.models[0]!.spec.wargear[0]!.strength;
    expect(strength('+2')).toEqual({ kind: 'plus', n: 2 });
    expect(strength('"+2"')).toEqual({ kind: 'plus', n: 2 });
    expect(strength('5')).toEqual({ kind: 'fixed', n: 5 });
    expect(strength('x2')).toEqual({ kind: 'times', factor: 2 });
  });
  it('every YAML error is reported at its own line and column', async () => {
    // a tab in the indentation first: what the parser says after it follows from it
    expect(problems(write('tab.yaml', 'attacker:\n  units:\n\t- unit: orks/boyz\n'))[0]).toMatch(/tab\.yaml:3:1: YAML syntax: a tab in the indentation/);
    expect(problems(write('dup.yaml', `attacker:\n  units: []\n${boyz}attacker: 1\n`))).toEqual([expect.stringMatching(/dup\.yaml:6:1: YAML syntax: Map keys must be unique/)]);
    // a key written twice names the first place; 1 and "1" are one key to the data; alongside a syntax error too
    expect(problems(write('dup2.yaml', `attacker:\n  units: []\n${boyz}attacker: 1\n`))).toEqual([expect.stringMatching(/dup2\.yaml:6:1: .*unique \('attacker' is also on line 1\)$/)]);
    expect(problems(write('dup3.yaml', `${boyz}attacker:\n  units:\n    - unit: orks/boyz\n      lockedWith: { 1: a, "1": b }\n`))).toContainEqual(expect.stringMatching(/dup3\.yaml:7:27: .*unique \('1' is also on line 7\)$/));
    expect(problems(write('dup4.yaml', `a: 1\na: 2\nb: [\n`))).toEqual([expect.stringMatching(/dup4\.yaml:2:1: .*unique/), expect.stringMatching(/dup4\.yaml:4:1: YAML syntax: Flow/)]);
    // keys as the data names them: null is '' (so ~ and "" are one key, null and "null" two); YAML 1.1 merge keys may repeat
    expect(problems(write('dup5.yaml', `~: a\n"": b\n`))).toEqual([expect.stringMatching(/dup5\.yaml:2:1: .*unique \('' is also on line 1\)$/)]);
    expect(problems(write('dup6.yaml', `null: a\n"null": b\n`)).some((p) => /unique/.test(p))).toBe(false);
    expect(problems(write('merge.yaml', `%YAML 1.1\n---\nattacker:\n  units:\n    - &tac { unit: space-marines/tactical-squad, name: Tac 1 }\n    - <<: *tac\n      <<: { size: 5 }\n      name: Tac 2\n${boyz}`))).toEqual([]);
    // a quote never closed is reported where it opens, not at the end of the file
    expect(problems(write('quote.yaml', `name: "open\n${boyz}`))).toEqual([expect.stringMatching(/quote\.yaml:1:7: YAML syntax: the "quote that opens here is never closed$/)]);
    expect(problems(write('quote1.yaml', `rules: 'srd4\nattacker: x\n`))).toEqual([expect.stringMatching(/quote1\.yaml:1:8: YAML syntax: the 'quote that opens here is never closed$/)]);
    expect(problems(write('quote2.yaml', `attacker:\n  units:\n    - unit: orks/boyz\n      casualtyOrder: ["boy", "nob]\n${boyz}`))[0]).toMatch(/quote2\.yaml:4:30: YAML syntax: the "quote that opens here is never closed$/);
    expect(problems(write('quote3.yaml', `name: "a \\" b\n${boyz}`))[0]).toMatch(/quote3\.yaml:1:7: YAML syntax: the "quote that opens here/);
    expect(problems(write('indent.yaml', `attacker:\n  units:\n    - unit: orks/boyz\n   size: 3\n${boyz}`))[0]).toMatch(/indent\.yaml:4:\d+: YAML syntax/);
  });
  it('a unit reference with an extra path segment is refused', async () => {
    expect(problems(write('seg.yaml', `attacker:\n  units:\n    - unit: orks/boyz/nob\n${boyz}`))).toEqual([
      expect.stringMatching(/seg\.yaml:3:13: 'orks\/boyz\/nob' is not a unit reference/),
    ]);
  });
  it('pairsOnlyWith names a weapon there is (the weapon itself, the roster\'s, the armoury\'s), or is refused where it is written, with a suggestion', async () => {
    const grunt = (wargear: string) => `{ name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: ${wargear} }`;
    write('pairs.yaml', `faction: Pairs\nweapons:\n  claw: { name: Claw, singleHanded: true, pairsOnlyWith: clw }\n  talon: { name: Talon, singleHanded: true, pairsOnlyWith: talon }\nmodels:\n  grunt: ${grunt('[claw, claw]')}\n  hunter: ${grunt('[talon, talon]')}\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n  pack: { name: Pack, models: [ { model: hunter, count: 3 } ] }\n`);
    expect(problems(write('use-pairs.yaml', `attacker:\n  units:\n    - unit: pairs/mob\n${boyz}`))).toEqual([
      `${join(dir, 'pairs.yaml')}:3:58: unknown weapon 'clw' in pairsOnlyWith; did you mean 'claw'? (at weapons.claw.pairsOnlyWith)`,
    ]);
    expect(problems(write('inline-pairs.yaml', `attacker:\n  units:\n    - name: A\n      models:\n        - ${grunt('[{ name: Hook, singleHanded: true, pairsOnlyWith: lightening-claw }]').replace('{ name: Grunt', '{ name: Grunt, count: 1')}\n${boyz}`)))
      .toEqual([expect.stringMatching(/inline-pairs\.yaml:5:\d+: unknown weapon 'lightening-claw' in pairsOnlyWith; did you mean 'lightning-claw'\? \(at attacker\.units\[0\]\.models\[0\]\.wargear\[0\]\.pairsOnlyWith\)$/)]);
    // a weapon that pairs with itself, as the armoury's lightning claw does, or with the armoury's
    const talons = loadScenario(write('use-talons.yaml', `attacker:\n  units:\n    - unit: pairs/pack\n${boyz}`)).attacker.units[0]!.models[0]!.spec.wargear;
    expect(talons.map((w) => w.pairsOnlyWith)).toEqual(['talon', 'talon']);
    expect(problems(write('armoury-pair.yaml', `attacker:\n  units:\n    - name: A\n      models:\n        - ${grunt('[{ name: Hook, singleHanded: true, pairsOnlyWith: lightning-claw }]').replace('{ name: Grunt', '{ name: Grunt, count: 1')}\n${boyz}`))).toEqual([]);
  });
  it('a wrong `rules` option (--rules), empty or unknown, is a usage mistake, not a problem of the file', async () => {
    const file = write('plain.yaml', `attacker:\n  units:\n    - unit: orks/boyz\n${boyz}`);
    for (const rules of ['', 'srd5']) {
      expect(() => loadScenario(file, { rules })).toThrow(UsageError);
      expect(() => loadScenario(file, { rules })).toThrow(/^--rules: unknown ruleset/);
    }
  });
  it('size: 1 on a unit of a Nob and Boyz is refused (it would give 2 models); size 2 gives 2', async () => {
    expect(problems(write('size1.yaml', `attacker:\n  units:\n    - unit: orks/boyz\n      size: 1\n${boyz}`))).toEqual([
      expect.stringMatching(/size1\.yaml:4:13: size 1 is too small: the unit has 1 model besides its Ork Boy models.*the smallest size is 2 \(at attacker\.units\[0\]\.size\)/),
    ]);
    const s = loadScenario(write('size2.yaml', `attacker:\n  units:\n    - unit: orks/boyz\n      size: 2\n${boyz}`));
    expect(s.attacker.units[0]!.models.reduce((n, g) => n + g.count, 0)).toBe(2);
  });
  it('a side whose units are all nearby is refused', async () => {
    expect(problems(write('near.yaml', `rules: revised4\nattacker:\n  units:\n    - unit: orks/boyz\n      nearby: true\n${boyz}`))).toEqual([
      expect.stringMatching(/near\.yaml:4:5: every attacker unit is `nearby`: a side needs at least one unit in the combat \(at attacker\.units\)/),
    ]);
  });
  it('names cannot inject terminal escapes: control characters are stripped from names in the log', async () => {
    const file = write('esc.yaml', `name: "evil\\e[2J"\nattacker:\n  units:\n    - name: "Red\\e[31m Boyz\\u202e"\n      models:\n        - { name: "B\\e]0;title\\a", count: 2, profile: { WS: 4, BS: 4, S: 3, T: 4, W: 1, I: 4, A: 1, Ld: 8 } }\n${boyz}`);
    const log = renderLog(fight(loadScenario(file), { seed: 1 }).events);
    // eslint-disable-next-line no-control-regex
    expect(log).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(log).toMatch(/Red\[31m Boyz/);
  });
  it('suggestions fit: turns is not "did you mean runs"; runz is', async () => {
    const r = await run(['check', write('t.check.yaml', `scenario: ${join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')}\nturns: 3\nrunz: 3\nexpect:\n  final.winner.attacker: { min: 0 }\n`)]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown key 'turns' \(at turns\)/);
    expect(r.stderr).toMatch(/unknown key 'runz'; did you mean 'runs'\?/);
  }, 30_000);
});

describe('the command line', { timeout: 60_000 }, () => {
  it('fight --attacker UNIT --defender UNIT fights two roster units, as sim does', async () => {
    const r = await run(['fight', '--attacker', 'orks/boyz', '--defender', 'space-marines/tactical-squad', '--seed', '2', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.scenario).toBe('Boyz vs Tactical Squad');
    expect(j.events.at(-1).type).toBe('end');
    expect((await run(['fight', '--attacker', 'orks/boyz'])).status).toBe(2);
  });
  it('--run beyond the largest exact integer is a usage error', async () => {
    const r = await run(['fight', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--seed', '1', '--run', '9007199254740993']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--run must be a whole number from 1 to 9007199254740991/);
  });
  it('validate prints a problem of a roster that several files use once', async () => {
    write('broken.yaml', 'faction: B\nunits:\n  u:\n    name: U\n    models:\n      - { model: nobody, count: 1 }\n');
    const s = (n: string) => write(n, `attacker:\n  units:\n    - unit: broken/u\n${boyz}`);
    const r = await run(['validate', s('v1.yaml'), s('v2.yaml')]);
    expect(r.status).toBe(2);
    expect(r.stderr.match(/unknown model 'nobody'/g)).toHaveLength(1);
  });
  it('a broken check file does not stop the others: PASS lines, the problem, the JUnit file all the same', async () => {
    const good = write('good.check.yaml', `scenario: ${join(root, 'rosters/scenarios/tactical-vs-boyz.yaml')}\nruns: 200\nexpect:\n  final.winner.attacker: { min: 0 }\n`);
    const bad = write('bad.check.yaml', 'scenario: [\n');
    const junit = join(dir, 'out.xml');
    const r = await run(['check', bad, good, '--junit', junit]);
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/^PASS .*good\.check\.yaml: final\.winner\.attacker/m);
    expect(r.stderr).toMatch(/bad\.check\.yaml:\d+:\d+: YAML syntax/);
    expect(readFileSync(junit, 'utf8')).toMatch(/<error message=/);
  });
  it.each(['1', '2'])('Ctrl-C during sim (--workers %s) prints the partial statistics and exits 130, even when it comes twice', async (workers) => {
    const child = spawn(process.execPath, [join(root, 'bin/assault'), 'sim', join(root, 'rosters/scenarios/tactical-vs-boyz.yaml'), '--runs', '100000000', '--seed', '1', '--workers', workers, '--json'], { cwd: dir });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    // interrupted once the child has had a second of CPU (it is then simulating, its handler
    // set, however loaded the machine); where /proc cannot say, after 1.5 s
    const cpuTicks = () => {
      try {
        const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return Number(f[11]) + Number(f[12]); // utime + stime, in clock ticks (100 a second)
      } catch {
        return null;
      }
    };
    const started = Date.now();
    const timer = setInterval(() => {
      const t = cpuTicks();
      if ((t !== null && t >= 100) || (t === null && Date.now() - started >= 1500)) {
        clearInterval(timer);
        // twice, 5 ms apart, as `timeout -s INT` does (it signals the command, then its group)
        child.kill('SIGINT');
        setTimeout(() => child.kill('SIGINT'), 5);
      }
    }, 50);
    // never left running past the test, whatever happens to the interrupt
    const guard = setTimeout(() => child.kill('SIGKILL'), 50_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(timer);
    clearTimeout(guard);
    expect(code).toBe(130);
    const report = JSON.parse(out);
    expect(report.partial).toBe(true);
    expect(report.runs).toBeGreaterThan(0);
  });
});

describe('rosters', () => {
  it('Striking Scorpions strike at Strength 4 with the Scorpion chainsword (+1)', async () => {
    const s = loadScenario(join(root, 'rosters/scenarios/charge-through-woods.yaml'));
    const scorpions = s.attacker.units[0]!;
    for (const g of scorpions.models) expect(g.spec.wargear.find((w) => w.key === 'scorpion-chainsword')?.strength).toEqual({ kind: 'plus', n: 1 });
  });
  it('every roster file names the codex its profiles follow', async () => {
    for (const f of ['black-templars', 'chaos', 'dark-eldar', 'eldar', 'imperial-guard', 'orks', 'space-marines', 'tyranids', 'vehicles']) {
      expect(readFileSync(join(root, `rosters/${f}.yaml`), 'utf8').split('\n').slice(0, 4).join('\n'), f).toMatch(/Codex: .*\(\d{4}/);
    }
  });
});

describe('a charge distance on a unit that does not charge', () => {
  it('is refused where it is written: a defender, or an attacker with charged: false; a defender that charges may have one', async () => {
    const f = (defender: string) => write('charge-distance.yaml', `rules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: space-marines/tactical-squad\n${defender}`);
    expect(problems(f('      chargeDistance: 4\n'))).toEqual([expect.stringMatching(/charge-distance\.yaml:8:23: the unit does not charge \(a defender\), so its chargeDistance would do nothing.*\(at defender\.units\[0\]\.chargeDistance\)$/)]);
    expect(problems(f('      chargeDistance: 4\n      charged: true\n'))).toEqual([]);
    const a = write('charge-distance-2.yaml', 'rules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\n      charged: false\n      chargeDistance: 4\ndefender:\n  units:\n    - unit: space-marines/tactical-squad\n');
    expect(problems(a)).toEqual([expect.stringMatching(/\(charged: false\)/)]);
  });
});
