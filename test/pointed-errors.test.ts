// Errors that point at the real problem: each mistaken file or option is refused with exit 2 and
// a first message, located (file:line:col, key path), that names what to fix, not what follows
// from it. Each case writes its files into a fresh folder and runs the CLI there.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assault as inProcess } from './cli-in-process.js';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'assault-pointed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run { code: number | null; stdout: string; stderr: string }

/** `assault ...args` in `work`, with the files given written there first. */
async function assault(args: string[], files: Record<string, string> = {}): Promise<Run> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(work, name), text);
  // in this process (test/cli-in-process.ts)
  const r = await inProcess(args, { cwd: work, env: { NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The lines of stderr that are problems (file:line:col: message). */
const problems = (r: Run) => r.stderr.split('\n').filter((l) => /^.+:\d+:\d+: /.test(l));

const SCENARIO = 'rules: srd4\nrounds: 1\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: orks/boyz\n';

describe('YAML and values: the cause first', () => {
  it('a tab in the indentation is said first, where the tab is, even where the parser speaks of something else', async () => {
    const text = 'rules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\n    \tsize: 3\ndefender:\n  units:\n    - unit: orks/boyz\n';
    const r = await assault(['validate', 'tab.yaml'], { 'tab.yaml': text });
    expect(r.code).toBe(2);
    expect(problems(r)[0]).toMatch(/^tab\.yaml:5:5: YAML syntax: a tab in the indentation: YAML indents with spaces only/);
  }, 40_000);

  it('a tab after another syntax problem is still said first', async () => {
    const text = 'rules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: orks/boyz\n  units:\n\t\t- unit: orks/boyz\n';
    const r = await assault(['validate', 'tab2.yaml'], { 'tab2.yaml': text });
    expect(r.code).toBe(2);
    expect(problems(r)[0]).toMatch(/^tab2\.yaml:9:1: YAML syntax: a tab in the indentation/);
  }, 40_000);

  it('rounds: resolv names every value allowed (1-20 or resolve) and suggests resolve', async () => {
    const r = await assault(['validate', 'resolv.yaml'], { 'resolv.yaml': SCENARIO.replace('rounds: 1', 'rounds: resolv') });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([`resolv.yaml:2:9: "resolv" is not 1-20 or resolve; did you mean 'resolve'? (at rounds)`]);
  }, 40_000);

  it('a choice of a number and a word names both (charge range: 6 or 2d6)', async () => {
    const edition = 'edition: odd-charge\nname: Odd charge\nbase: srd4\ncharge:\n  range: 12\n';
    const r = await assault(['validate', 'odd.edition.yaml'], { 'odd.edition.yaml': edition });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/odd\.edition\.yaml:5:10: 12 is not one of 6, "2d6" \(at charge\.range\)$/)]);
  }, 40_000);

  it('--runs takes 1e5 and 100_000 as 100000, and refuses what is not a whole number', async () => {
    for (const runs of ['1e2', '1_00', '100']) {
      const r = await assault(['sim', 's.yaml', '--runs', runs, '--seed', '1', '--json'], { 's.yaml': SCENARIO });
      expect(r.code, `${runs}: ${r.stderr}`).toBe(0);
      expect(JSON.parse(r.stdout).runs, runs).toBe(100);
    }
    for (const runs of ['1e-2', '1.5', '1__0', '_100', '1e400']) {
      const r = await assault(['sim', 's.yaml', '--runs', runs], { 's.yaml': SCENARIO });
      expect(r.code, runs).toBe(2);
      expect(r.stderr, runs).toMatch(/--runs must be a whole number from 1 to \d+ \(100000, 100_000 or 1e5\), got/);
    }
  }, 60_000);
});

describe('a file of the wrong kind is said to be what it is', () => {
  const ROSTER = 'faction: Mine\nmodels:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 5 } ] }\n';

  it('a roster given as the scenario: a roster file, not a scenario missing its attacker', async () => {
    const r = await assault(['sim', 'mine.yaml', '--runs', '10'], { 'mine.yaml': ROSTER });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual(['mine.yaml:1:1: mine.yaml is a roster file (faction, models, units), not a scenario file: a scenario names its units: attacker: { units: [ { unit: orks/boyz } ] }, and the same for defender']);
  }, 40_000);

  it("a roster listed among a matrix's scenarios: said at the matrix's line", async () => {
    const r = await assault(['batch', 'm.yaml'], { 'mine.yaml': ROSTER, 'm.yaml': 'runs: 10\nscenarios:\n  - mine.yaml\n' });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/^m\.yaml:3:5: scenarios\[0\] names mine\.yaml, a roster file \(faction, models, units\), where a scenario file goes: a scenario names its units.* \(at scenarios\[0\]\)$/)]);
  }, 40_000);
});

describe('a scenario whose one real problem is its ruleset says that alone', () => {
  const shipped = (f: string) => join(root, 'rosters/scenarios', f);

  it('a vehicle under --rules waffle: one problem, naming --rules, not the weapons waffle lacks', async () => {
    const r = await assault(['sim', shipped('vehicles/krak-grenades-vs-parked-rhino.yaml'), '--rules', 'waffle', '--runs', '10']);
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/krak-grenades-vs-parked-rhino\.yaml:\d+:\d+: --rules waffle chose waffle, which has no rules for vehicles or walkers yet: a scenario with a vehicle is refused under it \(vehicles\.md V16; srd4 and revised4 have them\) \(at defender\.units\[0\]\)$/)]);
  }, 40_000);

  it("a vehicle under the file's own rules: waffle: one problem, at the vehicle's unit", async () => {
    const text = 'rules: waffle\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\n      wargear: { marine: [krak-grenades] }\ndefender:\n  units:\n    - unit: vehicles/rhino\n';
    const r = await assault(['validate', 'rhino.yaml'], { 'rhino.yaml': text });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual(['rhino.yaml:8:7: waffle has no rules for vehicles or walkers yet: a scenario with a vehicle is refused under it (vehicles.md V16; srd4 and revised4 have them) (at defender.units[0])']);
  }, 40_000);

  it('an epic scenario under --rules srd4: one problem at its rules, naming --rules, nothing inside the shipped rosters', async () => {
    const r = await assault(['fight', shipped('epic-tactical-vs-boyz.yaml'), '--rules', 'srd4']);
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/epic-tactical-vs-boyz\.yaml:4:8: this is an epic scenario \(its units are epic detachments\), but --rules srd4 chose a 40K ruleset: run it with --rules epic or without --rules \(at rules\)$/)]);
  }, 40_000);

  it('an epic scenario with no rules key: said at its top, as read under srd4', async () => {
    const text = 'attacker:\n  units:\n    - unit: epic-space-marines/tactical-detachment\n      blastMarkers: 1\ndefender:\n  units:\n    - unit: epic-orks/boyz-mob\n';
    const r = await assault(['validate', 'norules.yaml'], { 'norules.yaml': text });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual(['norules.yaml:1:1: this is an epic scenario (its units are epic detachments), but with no rules: the ruleset is srd4, a 40K one: write rules: epic']);
  }, 40_000);
});

describe('a weapon of another edition is said to be theirs', () => {
  const withWargear = (rules: string, wargear: string) => SCENARIO.replace('rules: srd4', `rules: ${rules}`).replace('    - unit: space-marines/tactical-squad\n', `    - unit: space-marines/tactical-squad\n      wargear: { marine: [${wargear}] }\n`);

  it("chainsword under srd4: a fightphase and waffle weapon, and srd4's weapon that strikes alike", async () => {
    const r = await assault(['validate', 'chainsword.yaml'], { 'chainsword.yaml': withWargear('srd4', 'chainsword, thunder-hammer') });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([
      "chainsword.yaml:6:27: unknown weapon 'chainsword' under srd4: it is a fightphase and waffle weapon; srd4 has close-combat-weapon, which strikes alike (at attacker.units[0].wargear.marine[0])",
      "chainsword.yaml:6:39: unknown weapon 'thunder-hammer' under srd4: it is a fightphase and waffle weapon; srd4 has no weapon like it (at attacker.units[0].wargear.marine[1])",
    ]);
  }, 40_000);

  it('krak-grenades under fightphase is no misspelt frag-grenades; a near miss of it is named as what it is', async () => {
    const r = await assault(['validate', 'krak.yaml'], { 'krak.yaml': withWargear('fightphase', 'krak-grenades, kraak-grenades') });
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/frag-grenades/);
    expect(problems(r)).toEqual([
      "krak.yaml:6:27: unknown weapon 'krak-grenades' under fightphase: it is a srd4 and revised4 weapon; fightphase has no weapon like it (at attacker.units[0].wargear.marine[0])",
      "krak.yaml:6:42: unknown weapon 'kraak-grenades'; did you mean 'krak-grenades'? That is a srd4 and revised4 weapon, which fightphase does not have (at attacker.units[0].wargear.marine[1])",
    ]);
  }, 40_000);
});

describe('40K units under epic, and epic matrices checked as epic', () => {
  it('--defender naming a 40K unit under --rules epic: the option, the kind of roster, the epic one meant', async () => {
    const r = await assault(['sim', '--attacker', 'epic-orks/boyz-mob', '--defender', 'orks/boyz', '--rules', 'epic', '--runs', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe("assault: --defender orks/boyz: 'orks/boyz' is a 40K unit (orks.yaml is a 40K roster: its models carry WS, T and the other 40K characteristics): epic fights detachments of an epic roster, whose units have speed, assault, firepower and armour; did you mean epic-orks, an epic roster?");
  }, 40_000);

  it("a matrix under rules: epic naming 40K units: refused at the matrix's lines, once each, nothing inside the shipped rosters", async () => {
    const r = await assault(['batch', 'm40k.yaml'], { 'm40k.yaml': 'rules: epic\nruns: 10\nattackers: [orks/boyz]\ndefenders:\n  - space-marines\n' });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([
      expect.stringMatching(/^m40k\.yaml:3:13: 'orks\/boyz' is a 40K unit \(orks\.yaml is a 40K roster.*did you mean epic-orks, an epic roster\? \(at attackers\[0\]\)$/),
      expect.stringMatching(/^m40k\.yaml:5:5: 'space-marines' names 40K units \(space-marines\.yaml is a 40K roster.*did you mean epic-space-marines, an epic roster\? \(at defenders\[0\]\)$/),
    ]);
  }, 40_000);

  it("an epic matrix's variant takes epic's keys and refuses 40K's, as an epic scenario does; validate says what batch would", async () => {
    const ok = 'rules: epic\nruns: 20\nseed: 1\nattackers:\n  - { unit: epic-orks/boyz-mob, blastMarkers: 2 }\ndefenders: [epic-orks/boyz-mob]\n';
    const v = await assault(['validate', 'variant.yaml'], { 'variant.yaml': ok });
    expect(v.code, v.stderr).toBe(0);
    const b = await assault(['batch', 'variant.yaml', '--json']);
    expect(b.code, b.stderr).toBe(0);
    expect(b.stdout).toMatch(/2 Blast markers/);
    const bad = 'rules: epic\nruns: 20\nattackers:\n  - { unit: epic-orks/boyz-mob, inContact: 2 }\ndefenders:\n  - { unit: epic-orks/boyz-mob, distance: 5 }\n';
    for (const cmd of ['validate', 'batch']) {
      const r = await assault([cmd, 'bad-variant.yaml'], { 'bad-variant.yaml': bad });
      expect(r.code, cmd).toBe(2);
      expect(problems(r), cmd).toEqual([
        "bad-variant.yaml:4:33: 'inContact' is a 40K key (inches, models) that means nothing under epic: an epic detachment has blastMarkers, broken and rules; its unit groups a distance in cm (at attackers[0].inContact)",
        "bad-variant.yaml:6:43: distance is for the attacker's units: the defender does not move (E2) (at defenders[0].distance)",
      ]);
    }
  }, 60_000);
});

describe("a 40K matrix is checked under each ruleset it fights under: validate says what batch would", () => {
  it("a fightphase matrix's chainsword variant is taken; under srd4 as well it is refused, as srd4's", async () => {
    const matrix = (rules: string) => `rules: ${rules}\nruns: 10\nattackers:\n  - { unit: space-marines/tactical-squad, wargear: { marine: [chainsword] } }\ndefenders: [orks/boyz]\n`;
    expect((await assault(['validate', 'fp.yaml'], { 'fp.yaml': matrix('fightphase') })).code).toBe(0);
    for (const cmd of ['validate', 'batch']) {
      const r = await assault([cmd, 'both.yaml'], { 'both.yaml': matrix('[fightphase, srd4]') });
      expect(r.code, cmd).toBe(2);
      expect(problems(r), cmd).toEqual(["both.yaml:4:63: unknown weapon 'chainsword' under srd4: it is a fightphase and waffle weapon; srd4 has close-combat-weapon, which strikes alike (at attackers[0].wargear.marine[0])"]);
    }
  }, 60_000);

  it('a vehicle in a matrix under waffle, or under an edition file over waffle: refused by validate as by batch, alone', async () => {
    const files = {
      'wh.edition.yaml': 'edition: waffle-hall\nname: Waffle hall\nbase: waffle\n',
      'mv.yaml': 'rules: [srd4, waffle]\nruns: 10\nattackers: [orks/boyz]\ndefenders: [vehicles/dreadnought]\n',
      'mf.yaml': 'rules: wh.edition.yaml\nruns: 10\nattackers: [orks/boyz]\ndefenders: [vehicles/rhino]\n',
    };
    for (const cmd of ['validate', 'batch']) {
      const r = await assault([cmd, 'mv.yaml'], files);
      expect(r.code, cmd).toBe(2);
      expect(problems(r), cmd).toEqual(['mv.yaml:4:13: waffle has no rules for vehicles or walkers yet: a scenario with a walker is refused under it (vehicles.md V16; srd4 and revised4 have them) (at defenders[0])']);
      const f = await assault([cmd, 'mf.yaml'], files);
      expect(f.code, cmd).toBe(2);
      expect(problems(f), cmd).toEqual(['mf.yaml:4:13: waffle-hall has no rules for vehicles or walkers yet: a scenario with a vehicle is refused under it (vehicles.md V16; srd4 and revised4 have them) (at defenders[0])']);
    }
  }, 60_000);
});

describe('a file of the wrong kind named where an edition goes: the option or key that named it, and what the file is', () => {
  const ROSTER = 'faction: Mine\nmodels:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 5 } ] }\n';
  const files = { 'army.yaml': ROSTER, 'fight.yaml': SCENARIO, 'fight.edition.yaml': SCENARIO };
  const choices = 'rules is a shipped id \\(srd4, revised4, fightphase, waffle, epic\\) or a path ending \\.edition\\.yaml';

  it.each([
    [['sim', 'fight.yaml', '--rules', 'army.yaml', '--runs', '10'], `^assault: --rules: 'army\\.yaml' is a roster file \\(faction, models, units\\), not an edition file: ${choices}, relative to the working folder$`],
    [['sim', 'fight.yaml', '--rules', 'fight.yaml', '--runs', '10'], `^assault: --rules: 'fight\\.yaml' is a scenario file \\(attacker, defender\\), not an edition file: ${choices}`],
    [['rules', 'srd4', '--diff', 'army.yaml'], `^assault: --diff: 'army\\.yaml' is a roster file \\(faction, models, units\\), not an edition file`],
    [['edition', 'new', '--base', 'army.yaml'], `^assault: --base: 'army\\.yaml' is a roster file`],
    [['sim', 'fight.yaml', '--rules', 'fight.edition.yaml', '--runs', '10'], '^assault: --rules names fight\\.edition\\.yaml, a scenario file \\(attacker, defender\\), where an edition file goes: an edition file has edition, name and base'],
  ])('%j', async (args, says) => {
    const r = await assault(args, files);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(new RegExp(says));
    expect(r.stderr).not.toMatch(/unknown key|did you mean 'wounds'/);
  }, 40_000);

  it("a scenario's rules naming a roster, or a scenario saved as an edition file: said at its rules", async () => {
    const r = await assault(['validate', 'r1.yaml', 'r2.yaml', 'base.edition.yaml'], {
      ...files,
      'r1.yaml': SCENARIO.replace('rules: srd4', 'rules: army.yaml'),
      'r2.yaml': SCENARIO.replace('rules: srd4', 'rules: fight.edition.yaml'),
      'base.edition.yaml': 'edition: on-a-scenario\nname: On a scenario\nbase: fight.edition.yaml\n',
    });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([
      expect.stringMatching(new RegExp(`^r1\\.yaml:1:8: 'army\\.yaml' is a roster file \\(faction, models, units\\), not an edition file: ${choices}, relative to this file \\(at rules\\)$`)),
      expect.stringMatching(/^r2\.yaml:1:8: rules names fight\.edition\.yaml, a scenario file \(attacker, defender\), where an edition file goes: .* \(at rules\)$/),
      expect.stringMatching(/base\.edition\.yaml:3:7: base names fight\.edition\.yaml, a scenario file \(attacker, defender\), where an edition file goes: .* \(at base\)$/),
    ]);
  }, 40_000);
});

describe('validate on a lone roster: any shipped edition\'s weapons, and under which editions each exists', () => {
  it('a roster with fightphase and srd4 weapons validates, saying which editions have each', async () => {
    const roster = 'faction: Mine\nmodels:\n  m: { name: M, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8 }, wargear: [chainsword, krak-grenades, thunder-hammer, power-weapon] }\nunits:\n  u: { name: U, models: [ { model: m, count: 5 } ] }\n';
    const r = await assault(['validate', 'mixed.yaml'], { 'mixed.yaml': roster });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe([
      'mixed.yaml: ok',
      '  chainsword, thunder-hammer: weapons of fightphase and waffle only (a unit with one fights under those)',
      '  krak-grenades: a weapon of srd4 and revised4 only (a unit with it fights under those)',
      '',
    ].join('\n'));
  }, 40_000);

  it('a weapon of no edition is refused, located', async () => {
    const roster = 'faction: Mine\nmodels:\n  m: { name: M, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8 }, wargear: [chainswrod] }\nunits:\n  u: { name: U, models: [ { model: m, count: 5 } ] }\n';
    const r = await assault(['validate', 'typo.yaml'], { 'typo.yaml': roster });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/typo\.yaml:3:91: unknown weapon 'chainswrod'; did you mean 'chainsword'\? \(at models\.m\.wargear\[0\]\)$/)]);
  }, 40_000);
});

describe("a ruleset chosen by a check file's or a matrix's rules is named as theirs", () => {
  const rhino = 'rules: srd4\nrounds: 1\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: vehicles/rhino\n';

  it("a check file's rules: waffle over a scenario with a vehicle", async () => {
    const r = await assault(['check', 'v.check.yaml'], { 'rhino.yaml': rhino, 'v.check.yaml': 'scenario: rhino.yaml\nrules: waffle\nruns: 10\nexpect:\n  final.winner.attacker: { min: 0 }\n' });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(/rhino\.yaml:8:7: the check file's rules chose waffle, which has no rules for vehicles or walkers yet: .* \(at defender\.units\[0\]\)$/)]);
  }, 40_000);

  it("a matrix's scenario is checked under each of its rulesets: validate refuses what batch would", async () => {
    const files = { 'rhino.yaml': rhino, 'ms.yaml': 'rules: [srd4, waffle]\nruns: 10\nscenarios: [rhino.yaml]\n' };
    for (const cmd of ['validate', 'batch']) {
      const r = await assault([cmd, 'ms.yaml'], files);
      expect(r.code, cmd).toBe(2);
      expect(problems(r), cmd).toEqual([expect.stringMatching(/rhino\.yaml:8:7: the matrix's rules chose waffle, which has no rules for vehicles or walkers yet: .* \(at defender\.units\[0\]\)$/)]);
    }
  }, 40_000);
});

describe('an epic roster named under a 40K ruleset: said where it is named, once', () => {
  const EPIC = 'an epic roster \\(its models carry epic profiles: speed, assault, firepower, armour\\): its units fight under rules: epic, not srd4';

  it("a 40K matrix naming epic units: at the matrix's lines, nothing inside the shipped epic rosters", async () => {
    const r = await assault(['validate', 'm.yaml'], { 'm.yaml': 'runs: 10\nattackers: [epic-orks/boyz-mob]\ndefenders: [orks/boyz, epic-space-marines]\n' });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([
      expect.stringMatching(new RegExp(`^m\\.yaml:2:13: epic-orks\\.yaml is ${EPIC} \\(at attackers\\[0\\]\\)$`)),
      expect.stringMatching(new RegExp(`^m\\.yaml:3:24: epic-space-marines\\.yaml is ${EPIC} \\(at defenders\\[1\\]\\)$`)),
    ]);
  }, 40_000);

  it('--attacker naming an epic unit under srd4: the option, once', async () => {
    const r = await assault(['sim', '--attacker', 'epic-orks/boyz-mob', '--defender', 'orks/boyz', '--runs', '10']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(new RegExp(`^assault: --attacker epic-orks/boyz-mob: epic-orks\\.yaml is ${EPIC}$`));
  }, 40_000);

  it('a 40K scenario with one model taken from an epic roster: that model, not the whole file called epic', async () => {
    const text = 'rules: srd4\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - name: X\n      models: [ { model: epic-orks/boyz, count: 2 } ]\n';
    const r = await assault(['validate', 'mixed-game.yaml'], { 'mixed-game.yaml': text });
    expect(r.code).toBe(2);
    expect(problems(r)).toEqual([expect.stringMatching(new RegExp(`^mixed-game\\.yaml:8:26: epic-orks\\.yaml is ${EPIC} \\(at defender\\.units\\[0\\]\\.models\\[0\\]\\.model\\)$`))]);
  }, 40_000);
});
