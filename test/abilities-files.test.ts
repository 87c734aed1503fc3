// Abilities as files (abilities.md A1, A2, C2): every refusal of a roster's `abilities:` and of the
// names `rules:` and `notAgainst` give, located (file:line:col and key path, a suggestion where a
// name is close, exit 2, no stack trace); epic refusing them; an edition file's `abilities:`
// defining and redefining rules down a chain; `assault rules ID` listing them; the JSON Schemas;
// and a hostile set (deep nesting, huge numbers, strings for numbers, aliases, 10,000 abilities)
// through `validate` and `fight`. The CLI runs from dist/ (npm run build first), always with a timeout.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { EFFECT_KINDS } from '../src/abilities.js';
import { SHIPPED_BY_NAME } from '../src/editions/abilities.js';
import { getRuleset } from '../src/editions/registry.js';
import { loadEditionFile } from '../src/io/edition.js';
import { loadScenario } from '../src/io/load.js';
import { jsonSchema } from '../src/io/schema.js';
import { validateFile } from '../src/validate.js';
import { SPECIAL_RULES } from '../src/model.js';
import { problemsOf, tempFiles } from './helpers.js';
import { EDITIONS } from './abilities-build.js';

const root = new URL('..', import.meta.url).pathname;
/** The command line in this process (test/cli-in-process.ts), and how long it took. */
const run = async (args: string[], cwd = root) => {
  const t0 = Date.now();
  const r = await assault(args, { cwd, env: { NO_COLOR: '1' } });
  return { ...r, ms: Date.now() - t0 };
};
/** A stack trace or an uncaught JavaScript error in CLI output. */
const STACK = /^\s+at \S.*(\(.*\)|:\d+:\d+)$|TypeError|RangeError|ReferenceError|^Node\.js v\d/m;

const PROFILE = '{ WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 4 }';
const DREAD = '{ BS: 4, front: 12, side: 12, rear: 10, WS: 4, S: 6, I: 4, A: 2 }';

/** A roster with `abilities` (YAML lines, indented under the key) and a model and unit naming `rules`. */
function roster(abilities: string, rules = '[]', extra = ''): string {
  return `faction: Test\n${abilities ? `abilities:\n${abilities}\n` : ''}models:\n  m:\n    name: Trooper\n    profile: ${PROFILE}\n    wargear: [close-combat-weapon]\n    rules: ${rules}\n${extra}units:\n  u:\n    name: Troop\n    models:\n      - { model: m, count: 5 }\n`;
}
const ability = (key: string, effects: string) => `  ${key}:\n    name: ${key}\n    effects: ${effects}`;

/** Every refusal of A1: the file, the message it must get (located: line:col and key path). */
const REFUSALS: { name: string; text: string; says: RegExp }[] = [
  { name: 'a misspelt effect key', text: roster(ability('fury', '[ { feelNoPian: 4 } ]')), says: /:5:18: unknown key 'feelNoPian'; did you mean 'feelNoPain'\? \(at abilities\.fury\.effects\[0\]\.feelNoPian\)/ },
  { name: 'an unknown when', text: roster(ability('fury', '[ { hitOn: 3, when: chargng } ]')), says: /:5:34: "chargng" is not one of "always", "charging", "charged", "firstRound"; did you mean 'charging'\? \(at abilities\.fury\.effects\[0\]\.when\)/ },
  { name: 'feelNoPain: 1', text: roster(ability('fury', '[ { feelNoPain: 1 } ]')), says: /:5:30: 1 is too small: must be 2-6 \(at abilities\.fury\.effects\[0\]\.feelNoPain\)/ },
  { name: 'hitOn: 7', text: roster(ability('fury', '[ { hitOn: 7 } ]')), says: /:5:25: 7 is too big: must be 2-6 \(at abilities\.fury\.effects\[0\]\.hitOn\)/ },
  { name: 'modify A: 12', text: roster(ability('fury', '[ { modify: { A: 12 } } ]')), says: /:5:31: 12 is too big: must be -9 to 9 \(at abilities\.fury\.effects\[0\]\.modify\.A\)/ },
  { name: 'strikeAt: 11', text: roster(ability('fury', '[ { strikeAt: 11 } ]')), says: /11 is too big: must be 1-10 \(at abilities\.fury\.effects\[0\]\.strikeAt\)/ },
  { name: 'fearless: { models: 0 }', text: roster(ability('fury', '[ { fearless: { models: 0 } } ]')), says: /0 is too small: must be 1-200 \(at abilities\.fury\.effects\[0\]\.fearless\.models\)/ },
  { name: 'a misspelt characteristic', text: roster(ability('fury', '[ { modify: { Str: 1 } } ]')), says: /unknown key 'Str'.*\(at abilities\.fury\.effects\[0\]\.modify\.Str\)/ },
  { name: 'a string where a number goes', text: roster(ability('fury', '[ { hitOn: "3+" } ]')), says: /expected number, got "3\+" \(at abilities\.fury\.effects\[0\]\.hitOn\)/ },
  { name: 'a key that is a shipped ability', text: roster(ability('feel-no-pain', '[ { feelNoPain: 5 } ]')), says: /:3:3: 'feel-no-pain' is the name of a shipped rule \(the ability Feel No Pain\): an ability of a roster shadows nothing shipped.*\(at abilities\.feel-no-pain\)/ },
  { name: 'a key that is a rule of code', text: roster(ability('monstrous-creature', '[ { eternalWarrior: true } ]')), says: /'monstrous-creature' is the name of a shipped rule \(a special rule of code\).*\(at abilities\.monstrous-creature\)/ },
  { name: 'a key that is fearless', text: roster(ability('fearless', '[ { fearless: true } ]')), says: /'fearless' is the name of a shipped rule \(the ability Fearless\).*\(at abilities\.fearless\)/ },
  { name: 'empty effects', text: roster(ability('fury', '[]')), says: /:5:14: an ability needs at least one effect \(abilities\.md A1\) \(at abilities\.fury\.effects\)/ },
  { name: 'hitOn twice', text: roster(ability('fury', '[ { hitOn: 3 }, { hitOn: 4 } ]')), says: /hitOn is given twice in this ability \(effects 0 and 1\): it does not stack; give it once \(at abilities\.fury\.effects\[1\]\)/ },
  { name: 'a re-roll of hits twice', text: roster(ability('fury', '[ { reroll: { roll: hit } }, { reroll: { roll: hit, results: ones } } ]')), says: /reroll hit is given twice.*\(at abilities\.fury\.effects\[1\]\)/ },
  { name: 'feelNoPain twice', text: roster(ability('fury', '[ { feelNoPain: 4 }, { feelNoPain: 5, when: charged } ]')), says: /feelNoPain is given twice.*\(at abilities\.fury\.effects\[1\]\)/ },
  { name: 'notAgainst on feelNoPain', text: roster(ability('fury', '[ { feelNoPain: 4, notAgainst: [bike] } ]')), says: /notAgainst belongs to an effect on blows \(hitOn, reroll of hits or wounds\), not feelNoPain \(at abilities\.fury\.effects\[0\]\.notAgainst\)/ },
  { name: 'notAgainst on a re-roll of saves', text: roster(ability('fury', '[ { reroll: { roll: save }, notAgainst: [bike] } ]')), says: /not reroll of saves \(at abilities\.fury\.effects\[0\]\.notAgainst\)/ },
  { name: 'a notAgainst name no rule has', text: roster(ability('fury', '[ { hitOn: 3, notAgainst: [monstrous-creture] } ]')), says: /notAgainst names 'monstrous-creture', which is no special rule or ability anywhere; did you mean 'monstrous-creature'\?.*\(at abilities\.fury\.effects\[0\]\.notAgainst\[0\]\)/ },
  { name: 'a name twice in notAgainst', text: roster(ability('fury', '[ { hitOn: 3, notAgainst: [bike, bike] } ]')), says: /:5:47: 'bike' is named twice in notAgainst: name it once \(at abilities\.fury\.effects\[0\]\.notAgainst\[1\]\)/ },
  { name: 'an ability named in rules but defined nowhere (near a roster ability)', text: roster(ability('fury', '[ { hitOn: 3 } ]'), '[fuyr]'), says: /:11:13: unknown rule 'fuyr'; did you mean 'fury'\? A rule is a shipped rule .*\(at models\.m\.rules\[0\]\)/ },
  { name: 'an ability named in rules but defined nowhere (near a shipped rule)', text: roster('', '[feel-no-pian]'), says: /unknown rule 'feel-no-pian'; did you mean 'feel-no-pain'\?.*\(at models\.m\.rules\[0\]\)/ },
  { name: "a unit's rules naming an ability defined nowhere", text: roster('', '[]').replace('    name: Troop\n', '    name: Troop\n    rules: [mob-rle]\n'), says: /unknown rule 'mob-rle'; did you mean 'mob-rule'\?.*\(at units\.u\.rules\[0\]\)/ },
  { name: 'a bad ability key', text: roster(ability('Bad_Key', '[ { hitOn: 3 } ]')), says: /:3:3: 'Bad_Key' is not an ability key: use lowercase letters, digits and dashes \(e\.g\. bad-key\) \(at abilities\.Bad_Key\)/ },
  { name: 'two effects in one entry', text: roster(ability('fury', '[ { hitOn: 3, feelNoPain: 4 } ]')), says: /this one has hitOn and feelNoPain: write each as an effect of its own \(at abilities\.fury\.effects\[0\]\)/ },
  { name: 'an effect with no effect key', text: roster(ability('fury', '[ { when: charging } ]')), says: /an effect needs one of modify, reroll, .* \(at abilities\.fury\.effects\[0\]\)/ },
  { name: 'an empty modify', text: roster(ability('fury', '[ { modify: {} } ]')), says: /modify needs at least one of WS, S, T, I, A, Ld \(at abilities\.fury\.effects\[0\]\.modify\)/ },
  {
    name: 'a walker with Feel No Pain',
    text: roster('', '[]', `  dread:\n    name: Dread\n    type: walker\n    vehicle: ${DREAD}\n    rules: [furious-charge, feel-no-pain]\n`),
    says: /:12:29: 'feel-no-pain' \(Feel No Pain\) has feelNoPain, which a walker cannot take: a walker takes only effects on its blows .*\(at models\.dread\.rules\[1\]\)/,
  },
  {
    name: "a walker with a modify of T and a re-roll of saves (its unit's rules)",
    text: roster(ability('tough', '[ { modify: { S: 1, T: 1 } }, { reroll: { roll: save } } ]'), '[]', `  dread:\n    name: Dread\n    type: walker\n    vehicle: ${DREAD}\n`)
      + '  d:\n    name: D\n    rules: [tough]\n    models: [ { model: dread, count: 1 } ]\n',
    says: /'tough' \(tough\) has modify of T and reroll of saves, which a walker cannot take.*\(at units\.d\.rules\[0\]\)/,
  },
  {
    name: 'a walker with Stubborn on its unit',
    text: roster('', '[]', `  dread:\n    name: Dread\n    type: walker\n    vehicle: ${DREAD}\n`) + '  d:\n    name: D\n    rules: [stubborn]\n    models: [ { model: dread, count: 1 } ]\n',
    says: /'stubborn' \(Stubborn\) has fearless, which a walker cannot take.*\(at units\.d\.rules\[0\]\)/,
  },
  {
    name: 'a vehicle that is not a walker with any ability',
    text: roster('', '[]', '  rhino:\n    name: Rhino\n    type: vehicle\n    vehicle: { BS: 4, front: 11, side: 11, rear: 10 }\n    rules: [preferred-enemy]\n'),
    says: /'preferred-enemy' \(Preferred Enemy\) is an ability, and a vehicle that is not a walker takes none.*\(at models\.rhino\.rules\[0\]\)/,
  },
];

describe('A1: every refusal of a roster\'s abilities, located, exit 2, no stack trace', { timeout: 120_000 }, () => {
  const { dir, write } = tempFiles('ability-refusals');
  const files = REFUSALS.map((c, i) => ({ ...c, file: write(`refusal-${i}.yaml`, c.text) }));

  for (const c of files) {
    it(`${c.name}: refused in process, at the place`, async () => {
      const got = problemsOf(validateFile, c.file);
      expect(got.join('\n')).toMatch(c.says);
      for (const p of got) expect(p).toMatch(/^.+:[1-9]\d*:[1-9]\d*: \S.* \(at \S+\)$/);
    });
  }

  it('the CLI says each (validate, one run for all the files): exit 2, every file named with its refusal', async () => {
    const r = await run(['validate', ...files.map((f) => f.file)], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(STACK);
    for (const c of files) {
      const line = r.stderr.split('\n').find((l) => l.startsWith(`${c.file}:`) && c.says.test(l));
      expect(line, c.name).toBeDefined();
    }
  });

  it('fight refuses a scenario whose roster has a bad ability: exit 2, located in the roster', async () => {
    write('bad-fight.yaml', roster(ability('fury', '[ { hitOn: 9 } ]'), '[fury]'));
    const scenario = write('bad-fight-scenario.yaml', 'attacker:\n  units:\n    - unit: bad-fight/u\ndefender:\n  units:\n    - unit: orks/boyz\n');
    const r = await run(['fight', scenario, '--seed', '1'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/bad-fight\.yaml:5:25: 9 is too big: must be 2-6 \(at abilities\.fury\.effects\[0\]\.hitOn\)/);
    expect(r.stderr).not.toMatch(STACK);
  });

  it('an ability refused where it is defined is not called unknown where it is named', async () => {
    const file = write('refused-named.yaml', roster(ability('fury', '[ { hitOn: 3 }, { hitOn: 4 } ]'), '[fury]'));
    const got = problemsOf(validateFile, file);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(/hitOn is given twice/);
  });

  it('what A1 allows is read: modify twice, re-rolls of two rolls, notAgainst on blows naming shipped rules, a walker with effects on its blows', async () => {
    const file = write('allowed.yaml', roster([
      ability('fury', '[ { modify: { S: 1 } }, { modify: { A: 1 }, when: charged }, { reroll: { roll: hit } }, { reroll: { roll: save, results: ones } } ]'),
      ability('hatred', '[ { hitOn: 3, notAgainst: [fury, bike, preferred-enemy] }, { reroll: { roll: wound }, notAgainst: [monstrous-creature] } ]'),
      ability('dread-fury', '[ { modify: { WS: 1, S: 1, I: 1, A: 1 } }, { hitOn: 4 }, { reroll: { roll: wound } }, { strikeAt: 10, when: firstRound }, { chargeBonus: false } ]'),
    ].join('\n'), '[fury, hatred, feel-no-pain]', `  dread:\n    name: Dread\n    type: walker\n    vehicle: ${DREAD}\n    rules: [dread-fury, furious-charge, slow-and-purposeful, litanies-of-hate]\n`)
      + '  d:\n    name: D\n    rules: [preferred-enemy]\n    models: [ { model: dread, count: 1 } ]\n');
    expect(problemsOf(validateFile, file)).toEqual([]);
  });

  it("a notAgainst name that is an ability of a roster beside it is read (a foe's rule)", async () => {
    const { write: put } = tempFiles('ability-beside');
    put('daemons.yaml', roster(ability('daemon', '[ { feelNoPain: 5 } ]'), '[daemon]'));
    const file = put('hunters.yaml', roster(ability('hatred', '[ { hitOn: 3, notAgainst: [daemon] } ]'), '[hatred]'));
    expect(problemsOf(validateFile, file)).toEqual([]);
  });

  it("a scenario unit's rules: looked up in each model's roster; a walker refused there too", async () => {
    const { write: put } = tempFiles('ability-scenario');
    put('mine.yaml', roster(ability('fury', '[ { modify: { A: 1 } } ]'), '[]', `  dread:\n    name: Dread\n    type: walker\n    vehicle: ${DREAD}\n`)
      + '  d:\n    name: D\n    models: [ { model: dread, count: 1 } ]\n');
    const ok = put('ok.yaml', 'attacker:\n  units:\n    - unit: mine/u\n      rules: [fury, counter-attack]\ndefender:\n  units:\n    - unit: orks/boyz\n');
    expect(problemsOf(loadScenario, ok)).toEqual([]);
    const s = loadScenario(ok);
    expect(s.attacker.units[0]!.models[0]!.spec.abilities!.map((a) => a.key).sort()).toEqual(['counter-attack', 'fury']);
    const bad = put('bad.yaml', 'attacker:\n  units:\n    - unit: mine/d\n      rules: [fury, hit-and-run, furry]\ndefender:\n  units:\n    - unit: orks/boyz\n');
    const got = problemsOf(loadScenario, bad).join('\n');
    expect(got).toMatch(/bad\.yaml:4:21: 'hit-and-run' \(Hit & Run\) has hitAndRun, which a walker cannot take.*\(at attacker\.units\[0\]\.rules\[1\]\)/);
    expect(got).toMatch(/bad\.yaml:4:34: unknown rule 'furry'; did you mean 'fury'\?.*\(at attacker\.units\[0\]\.rules\[2\]\)/);
  });

  it("a scenario unit's rules naming a roster ability that some of its models' roster files lack (inline models) is refused there, naming them", async () => {
    const { write: put } = tempFiles('ability-mixed');
    put('mine.yaml', roster(ability('fury', '[ { modify: { A: 1 } } ]'), '[]'));
    const inline = '{ name: Stray, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 5 }, count: 1 }';
    const mixed = put('mixed.yaml', `attacker:\n  units:\n    - name: Mixed\n      rules: [feel-no-pain, fury]\n      models: [ { model: mine/m, count: 2 }, ${inline} ]\ndefender:\n  units:\n    - unit: orks/boyz\n`);
    expect(problemsOf(loadScenario, mixed)).toEqual([
      expect.stringMatching(/mixed\.yaml:4:29: 'fury' is an ability of mine\.yaml, but no roster file of Stray defines it .*\(at attacker\.units\[0\]\.rules\[1\]\)/),
    ]);
    // a shipped rule reaches every model, inline ones too
    const shipped = put('shipped.yaml', `attacker:\n  units:\n    - name: Mixed\n      rules: [feel-no-pain]\n      models: [ { model: mine/m, count: 2 }, ${inline} ]\ndefender:\n  units:\n    - unit: orks/boyz\n`);
    expect(problemsOf(loadScenario, shipped)).toEqual([]);
    expect(loadScenario(shipped).attacker.units[0]!.models.map((g) => g.spec.abilities!.map((a) => a.key))).toEqual([['feel-no-pain'], ['feel-no-pain']]);
  });
});

describe('A1 under every 40K edition: a scenario fought under it gets the same refusals, and reads what is allowed', () => {
  const { write } = tempFiles('ability-editions');
  write('bad-roster.yaml', roster(ability('fury', '[ { hitOn: 3 }, { hitOn: 4 } ]'), '[fury, feel-no-pian]'));
  write('good-roster.yaml', roster(ability('fury', '[ { modify: { A: 1 }, when: charging }, { reroll: { roll: wound }, notAgainst: [monstrous-creature] } ]'), '[fury, feel-no-pain, furious-charge]'));
  for (const id of EDITIONS) {
    it(id, async () => {
      const bad = write(`bad-${id}.yaml`, `rules: ${id}
attacker:
  units:
    - unit: bad-roster/u
      rules: [mob-rul]
defender:
  units:
    - unit: orks/boyz
`);
      const got = problemsOf(loadScenario, bad).join('\n');
      expect(got).toMatch(/bad-roster\.yaml:5:30: hitOn is given twice in this ability \(effects 0 and 1\).*\(at abilities\.fury\.effects\[1\]\)/);
      expect(got).toMatch(/bad-roster\.yaml:11:19: unknown rule 'feel-no-pian'; did you mean 'feel-no-pain'\?.*\(at models\.m\.rules\[1\]\)/);
      expect(got).toMatch(new RegExp(`bad-${id}\\.yaml:5:15: unknown rule 'mob-rul'; did you mean 'mob-rule'\\?.*\\(at attacker\\.units\\[0\\]\\.rules\\[0\\]\\)`));
      expect(got).not.toMatch(/unknown rule 'fury'/);
      const good = write(`good-${id}.yaml`, `rules: ${id}
attacker:
  units:
    - unit: good-roster/u
      rules: [counter-attack]
defender:
  units:
    - unit: orks/boyz
`);
      const spec = loadScenario(good).attacker.units[0]!.models[0]!.spec;
      const rs = getRuleset(id);
      expect(spec.abilities!.map((a) => a.key).sort()).toEqual(['counter-attack', 'feel-no-pain', 'furious-charge', 'fury']);
      // the shipped ones are the edition's own (furious-charge as the edition reads it: A2)
      for (const key of ['counter-attack', 'feel-no-pain', 'furious-charge']) expect(spec.abilities!.find((a) => a.key === key), key).toBe(rs.abilities[key]);
      expect(spec.abilities!.find((a) => a.key === 'fury')!.effects).toEqual([
        { kind: 'modify', modify: { A: 1 }, when: 'charging' },
        { kind: 'reroll', roll: 'wound', results: 'failed', when: 'always', notAgainst: ['monstrous-creature'] },
      ]);
    });
  }
});

describe('epic refuses 40K abilities, located', { timeout: 60_000 }, () => {
  const { dir, write } = tempFiles('ability-epic');
  const epicRoster = `faction: Orks\nabilities:\n  fury:\n    name: Fury\n    effects: [ { hitOn: 3 } ]\nmodels:\n  boyz:\n    name: Ork Boyz\n    profile: { speed: "10/20", assault: 3, firepower: 1, armour: 4 }\n    rules: [feel-no-pain]\nunits:\n  mob:\n    name: Mob\n    rules: [mob-rule]\n    models:\n      - { model: boyz, count: 6 }\n`;
  const file = write('epic-test.yaml', epicRoster);
  const scenario = write('epic-scenario.yaml', 'rules: epic\nabilities: { x: { name: X, effects: [ { hitOn: 3 } ] } }\nattacker:\n  units:\n    - unit: epic-orks/boyz-mob\n      rules: [counter-attack]\ndefender:\n  units:\n    - unit: epic-orks/warband\n');

  it('a roster: its abilities, a model naming a 40K ability, a detachment naming one', async () => {
    const got = problemsOf(validateFile, file).join('\n');
    expect(got).toMatch(/epic-test\.yaml:3:3: abilities \(40K special rules as data\) are not for epic: epic units take none of the 40K special rules or abilities \(abilities\.md\).*\(at abilities\)/);
    expect(got).toMatch(/epic-test\.yaml:10:13: 'feel-no-pain' is a 40K special rule: epic units take none.*\(epic unit rules: psyker, close-support\) \(at models\.boyz\.rules\[0\]\)/);
    expect(got).toMatch(/epic-test\.yaml:14:13: 'mob-rule' is a 40K special rule: epic units take none.*\(at units\.mob\.rules\[0\]\)/);
  });

  it('a scenario (through the CLI): its abilities and a detachment rule naming a 40K ability; exit 2, no stack trace', async () => {
    const r = await run(['fight', scenario, '--seed', '1'], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stderr).toMatch(/epic-scenario\.yaml:2:12: abilities \(40K special rules as data\) are not for epic.*\(at abilities\)/);
    expect(r.stderr).toMatch(/epic-scenario\.yaml:6:15: 'counter-attack' is a 40K special rule: epic units take none.*\(at attacker\.units\[0\]\.rules\[0\]\)/);
  });
});

describe('A2: an edition file defines abilities and redefines its base\'s; a chain inherits', { timeout: 120_000 }, () => {
  // one body for every 40K edition an edition file may build on
  for (const base of EDITIONS) {
    it(`over ${base}: furious-charge redefined, an ability added, the rest the base's; a roster fought under it reads them`, async () => {
      const { dir, write } = tempFiles(`ability-edition-${base}`);
      write('one.edition.yaml', `edition: ${base}-fc\nname: FC\nbase: ${base}\nabilities:\n  furious-charge:\n    name: Furious Charge (S only)\n    effects: [ { modify: { S: 1 }, when: charging } ]\n  zeal:\n    name: Zeal\n    effects: [ { reroll: { roll: hit, results: ones }, notAgainst: [monstrous-creature] } ]\n`);
      const two = write('two.edition.yaml', `edition: ${base}-fc-2\nname: FC 2\nbase: one.edition.yaml\nabilities:\n  feel-no-pain:\n    name: Feel No Pain (5+)\n    effects: [ { feelNoPain: 5 } ]\n`);
      const r = loadEditionFile(two);
      const shipped = getRuleset(base);
      expect(r.abilities['furious-charge']!.effects).toEqual([{ kind: 'modify', modify: { S: 1 }, when: 'charging' }]);
      expect(r.abilities['furious-charge']!.source).toBe(`edition file ${base}-fc`);
      expect(r.abilities.zeal!.effects).toEqual([{ kind: 'reroll', roll: 'hit', results: 'ones', when: 'always', notAgainst: ['monstrous-creature'] }]);
      expect(r.abilities['feel-no-pain']!.effects).toEqual([{ kind: 'feelNoPain', n: 5, when: 'always' }]);
      for (const key of Object.keys(shipped.abilities).filter((k) => !['furious-charge', 'feel-no-pain'].includes(k))) expect(r.abilities[key], key).toBe(shipped.abilities[key]);
      // the shipped edition is untouched
      expect(shipped.abilities['feel-no-pain']!.effects).toEqual([{ kind: 'feelNoPain', n: 4, when: 'always' }]);

      write('mine.yaml', roster('', '[furious-charge, zeal, feel-no-pain]'));
      const scenario = write('fight.yaml', `rules: two.edition.yaml\nattacker:\n  units:\n    - unit: mine/u\ndefender:\n  units:\n    - unit: orks/boyz\n`);
      const spec = loadScenario(scenario).attacker.units[0]!.models[0]!.spec;
      expect(spec.abilities!.find((a) => a.key === 'furious-charge')!.name).toBe('Furious Charge (S only)');
      expect(spec.abilities!.find((a) => a.key === 'feel-no-pain')!.effects).toEqual([{ kind: 'feelNoPain', n: 5, when: 'always' }]);

      // rules FILE --diff alone: against its base; rules A --diff FILE: against A
      const alone = await run(['rules', two, '--diff'], dir);
      const aloneText = alone.stdout.replace(/\s+/g, ' ');
      expect(alone.status).toBe(0);
      expect(alone.stdout).toContain(`${base}-fc-2 against ${base}-fc:`);
      expect(aloneText).toMatch(/- ability feel-no-pain redefined: Feel No Pain: ignores an unsaved wound on 4\+\s+-> Feel No Pain \(5\+\): ignores an unsaved wound on 5\+/);
      expect(alone.stdout).not.toContain('furious-charge');
      const against = (await run(['rules', base, '--diff', two], dir)).stdout.replace(/\s+/g, ' ');
      expect(against).toMatch(/- ability furious-charge redefined: Furious Charge: \+1 S(, \+1 I)? when it charged \(first phase\)\s+->\s+Furious Charge \(S only\): \+1 S when it charged/);
      expect(against).toMatch(/- ability zeal added: Zeal: re-rolls hits of 1 \(not against a unit most of whose models have monstrous-creature\)/);
      // rules FILE: its abilities as the listing shows them, with the file as their source
      const listing = (await run(['rules', two, '--width', '60'], dir)).stdout;
      expect(listing).toMatch(/- zeal \(Zeal\): re-rolls hits of 1/);
      expect(listing).toContain(`source: edition file ${base}-fc`);
    });
  }

  it('refused in an edition file: a rule of code as a key, a notAgainst name no rule has, every A1 refusal; located', async () => {
    const { write } = tempFiles('ability-edition-bad');
    const file = write('bad.edition.yaml', 'edition: bad-abilities\nname: Bad\nbase: srd4\nabilities:\n  monstrous-creature:\n    name: MC\n    effects: [ { eternalWarrior: true } ]\n  x:\n    name: X\n    effects: [ { hitOn: 3, notAgainst: [indepenent-character] }, { hitOn: 4 } ]\n  y:\n    name: Y\n    effects: [ { feelNoPian: 4 } ]\n');
    const got = problemsOf(loadEditionFile, file).join('\n');
    expect(got).toMatch(/bad\.edition\.yaml:13:18: unknown key 'feelNoPian'; did you mean 'feelNoPain'\?/);
    const file2 = write('bad2.edition.yaml', 'edition: bad-abilities-2\nname: Bad\nbase: srd4\nabilities:\n  monstrous-creature:\n    name: MC\n    effects: [ { eternalWarrior: true } ]\n  x:\n    name: X\n    effects: [ { hitOn: 3, notAgainst: [indepenent-character] }, { hitOn: 4 } ]\n');
    const got2 = problemsOf(loadEditionFile, file2).join('\n');
    expect(got2).toMatch(/bad2\.edition\.yaml:5:3: 'monstrous-creature' is a special rule of code, which the effects cannot express.*\(at abilities\.monstrous-creature\)/);
    expect(got2).toMatch(/bad2\.edition\.yaml:10:41: notAgainst names 'indepenent-character', which is no special rule or ability anywhere; did you mean 'independent-character'\?/);
    expect(got2).toMatch(/hitOn is given twice.*\(at abilities\.x\.effects\[1\]\)/);
  });

  it('--diff alone after a shipped id is a usage error (exit 2)', async () => {
    const r = await run(['rules', 'srd4', '--diff']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--diff alone goes with an edition file/);
  });
});

describe('assault rules ID lists every shipped rule (abilities.md A2, C2)', { timeout: 60_000 }, () => {
  for (const id of EDITIONS) {
    it(`${id}: each ability with its effects and source, the rules of code, what is not modelled; within 60 columns`, async () => {
      const r = await run(['rules', id, '--width', '60']);
      expect(r.status).toBe(0);
      for (const line of r.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
      const text = r.stdout.replace(/\n\s+/g, ' ');
      const rs = getRuleset(id);
      for (const a of Object.values(rs.abilities)) {
        expect(text, a.key).toContain(`- ${a.key} (${a.name}): `);
        expect(text, a.key).toContain(`source: ${a.source}`);
      }
      for (const a of SHIPPED_BY_NAME) expect(Object.hasOwn(rs.abilities, a.key), a.key).toBe(true);
      expect(text).toContain('- feel-no-pain (Feel No Pain): ignores an unsaved wound on 4+');
      expect(text).toContain('- preferred-enemy (Preferred Enemy): hits on 3+ in close combat (not against a unit most of whose models have independent-character or monstrous-creature)');
      expect(text).toContain('- mob-rule (Mob Rule): passes its Morale checks while 11 or more models live; tests on its number of models');
      expect(text).toContain('- litanies-of-hate (Litanies of Hate): re-rolls failed hits when it charged (first phase)');
      expect(text).toContain('- counter-attack (Counter-Attack): every model engaged in base contact when charged (first phase)');
      // Furious Charge as each edition reads it (A2)
      expect(text).toContain(id === 'srd4' || id === 'revised4' ? '- furious-charge (Furious Charge): +1 S, +1 I when it charged' : '- furious-charge (Furious Charge): +1 S when it charged');
      const coded = /Special rules of code \([^)]*\): ([^.]*)\./.exec(text)![1]!.split(', ');
      expect(coded.sort()).toEqual(SPECIAL_RULES.filter((k) => !Object.hasOwn(rs.abilities, k)).sort());
      for (const c2 of ['Fleet', "Rage's movement", 'Furious Charge in a consolidation', 'Synapse and other auras', 'No Retreat!', 'Combat Tactics', 'Dark Eldar combat drugs']) expect(text, c2).toContain(c2);
    });
  }

  it('epic lists none of them', async () => {
    const r = await run(['rules', 'epic']);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('Special rules as abilities');
  });
});

describe('the JSON Schemas describe every effect', () => {
  type Node = Record<string, unknown> & { properties?: Record<string, Node>; items?: Node; additionalProperties?: Node; examples?: unknown[]; anyOf?: Node[] };
  const roster = jsonSchema('roster') as Node;
  const effect = roster.properties!.abilities!.additionalProperties!.properties!.effects!.items!;

  it('each effect key, with its range where it is a number, and when and notAgainst', async () => {
    for (const k of [...EFFECT_KINDS, 'when', 'notAgainst']) expect(effect.properties, k).toHaveProperty(k);
    const range = (k: string) => [effect.properties![k]!.minimum, effect.properties![k]!.maximum];
    expect(range('hitOn')).toEqual([2, 6]);
    expect(range('feelNoPain')).toEqual([2, 6]);
    expect(range('strikeAt')).toEqual([1, 10]);
    for (const c of ['WS', 'S', 'T', 'I', 'A', 'Ld']) expect([effect.properties!.modify!.properties![c]!.minimum, effect.properties!.modify!.properties![c]!.maximum]).toEqual([-9, 9]);
    expect(effect.properties!.when!.enum).toEqual(['always', 'charging', 'charged', 'firstRound']);
    for (const k of Object.keys(effect.properties!)) expect(effect.properties![k]!.description, k).toBeTruthy();
  });

  it('an ability key is offered with its pattern', async () => {
    const names = (roster.properties!.abilities as Node & { propertyNames: { pattern: string } }).propertyNames;
    const re = new RegExp(names.pattern);
    for (const ok of ['fury', 'mob-rule-2']) expect(re.test(ok), ok).toBe(true);
    for (const bad of ['Bad_Key', '-x', 'x-', 'a--b']) expect(re.test(bad), bad).toBe(false);
  });

  it("rules items offer every shipped rule's name", async () => {
    const rules = roster.properties!.models!.additionalProperties!.properties!.rules!.items!;
    for (const k of [...SHIPPED_BY_NAME.map((a) => a.key), ...SPECIAL_RULES]) expect(rules.examples, k).toContain(k);
  });

  it('the edition-file schema takes abilities in the roster form', async () => {
    const edition = jsonSchema('edition') as Node;
    expect(edition.properties!.abilities!.additionalProperties!.properties!.effects!.items!.properties).toEqual(effect.properties);
  });
});

// ---- hostile files -------------------------------------------------------------------------------

const many = (n: number) => `faction: Many\nabilities:\n${Array.from({ length: n }, (_, i) => `  a${i}: {name: A${i}, effects: [{hitOn: 3}]}`).join('\n')}\nmodels:\n  m:\n    name: M\n    profile: ${PROFILE}\n    wargear: [close-combat-weapon]\n    rules: [a${n - 1}, a0]\nunits:\n  u:\n    name: U\n    models: [ { model: m, count: 5 } ]\n`;

const HOSTILE: { name: string; text: string; says: RegExp | null }[] = [
  { name: 'deep nesting under an effect', text: roster(`  fury:\n    name: F\n    effects: [ { modify: ${'['.repeat(5000)}${']'.repeat(5000)} } ]`), says: /:\d+:\d+: .*(nest|deep)/ },
  { name: 'a huge number', text: roster(ability('fury', '[ { hitOn: 1e308 } ]')), says: /is too big: must be 2-6 \(at abilities\.fury\.effects\[0\]\.hitOn\)/ },
  { name: 'a number past a double', text: roster(ability('fury', '[ { modify: { S: 1e999 } } ]')), says: /\(at abilities\.fury\.effects\[0\]\.modify\.S\)/ },
  { name: 'a fraction', text: roster(ability('fury', '[ { strikeAt: 2.5 } ]')), says: /2\.5 is not a whole number: must be 1-10/ },
  { name: 'a string for a number', text: roster(ability('fury', '[ { feelNoPain: four } ]')), says: /expected number, got "four" \(at abilities\.fury\.effects\[0\]\.feelNoPain\)/ },
  { name: 'a list for the abilities', text: 'faction: T\nabilities: [ { name: X } ]\nunits: {}\n', says: /\(at abilities\)/ },
  { name: 'a number for an ability', text: 'faction: T\nabilities:\n  fury: 3\nunits: {}\n', says: /\(at abilities\.fury\)/ },
  { name: 'a mapping for effects', text: roster(ability('fury', '{ hitOn: 3 }')), says: /\(at abilities\.fury\.effects\)/ },
  { name: 'a list for notAgainst items', text: roster(ability('fury', '[ { hitOn: 3, notAgainst: [[bike]] } ]')), says: /\(at abilities\.fury\.effects\[0\]\.notAgainst\[0\]\)/ },
  { name: 'a key every object has', text: roster(ability('constructor', '[ { hitOn: 3 } ]'), '[constructor, __proto__, toString]'), says: /unknown rule '__proto__'|unknown rule 'toString'/ },
  { name: 'aliases: one effect list shared (read)', text: roster(`  fury:\n    name: F\n    effects: &fx [ { hitOn: 3 }, { modify: { A: 1 } } ]\n  wrath:\n    name: R\n    effects: *fx`, '[fury, wrath]'), says: null },
  {
    name: 'an alias bomb of effects',
    text: `faction: T\nx0: &a0 [ { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 }, { hitOn: 3 } ]\n${Array.from({ length: 8 }, (_, i) => `x${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`).join('\n')}\nabilities:\n  fury:\n    name: F\n    effects: *a8\nunits: {}\n`,
    says: /more than 100,000 values, each alias counted/,
  },
  { name: '10,000 abilities (past the values a file may have)', text: many(10_000), says: /more than 20,000 values, keys, aliases, anchors, tags, quotes or brackets/ },
  { name: '1,780 abilities (the most that fit the limits in this form), read', text: many(1_780), says: null },
  { name: 'a rules list of 5,000 unknown names', text: roster('', `[${Array.from({ length: 5000 }, (_, i) => `x${i}`).join(', ')}]`), says: /unknown rule 'x0'/ },
];

describe('generated: every effect key given every wrong kind of value', { timeout: 120_000 }, () => {
  const { dir, write } = tempFiles('ability-generated');
  const WRONG: Record<string, string> = { text: '"x"', list: '[1, 2]', mapping: '{ a: 1 }', null: 'null', negative: '-1', huge: '1e300', fraction: '2.5', false: 'false', true: 'true' };
  // the values an effect key takes: a wrong value is one of these kinds that it does not take
  const TAKES: Record<string, string[]> = {
    modify: [], reroll: [], hitOn: [], feelNoPain: [], strikeAt: [], fearless: ['true'], leadership: [],
    eternalWarrior: ['true'], chargeBonus: ['false'], engageAll: ['true'], hitAndRun: ['true'], sweepProof: ['true'],
  };
  const cases = EFFECT_KINDS.flatMap((k) => Object.entries(WRONG).filter(([kind]) => !TAKES[k]!.includes(kind)).map(([kind, v]) => ({ k, kind, file: write(`${k}-${kind}.yaml`, roster(ability('fury', `[ { ${k}: ${v} } ]`), '[fury]')) })));

  it(`${cases.length} files, each refused in process at its effect, located`, async () => {
    for (const c of cases) {
      const got = problemsOf(validateFile, c.file);
      expect(got.length, `${c.k}: ${c.kind}`).toBeGreaterThan(0);
      expect(got.join('\n'), `${c.k}: ${c.kind}`).toMatch(new RegExp(`:5:\\d+: .*\\(at abilities\\.fury\\.effects\\[0\\](\\.${c.k}\\S*)?\\)`));
      // the name it is given in rules is not called unknown: the cause is said once, where it is
      expect(got.join('\n')).not.toMatch(/unknown rule 'fury'/);
    }
  });

  it('and by the CLI, all in one run: exit 2, every file named, no stack trace', async () => {
    const r = await run(['validate', ...cases.map((c) => c.file)], dir);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toMatch(STACK);
    for (const c of cases) expect(r.stderr, c.file).toContain(`${c.file}:5:`);
  });
});

describe('hostile abilities through validate and fight (the command line, each within the limits of ruling 29)', { timeout: 300_000 }, () => {
  const { dir, write } = tempFiles('ability-hostile');
  const cases = HOSTILE.map((c, i) => ({ ...c, file: write(`hostile-${i}.yaml`, c.text) }));

  for (const c of cases) {
    it(`${c.name}: validate ${c.says ? 'refuses it, located' : 'reads it'}, within 2 s of its own work, no stack trace`, async () => {
      const r = await run(['validate', c.file], dir);
      expect(r.stderr).not.toMatch(STACK);
      if (c.says === null) {
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
      } else {
        expect(r.status).toBe(2);
        expect(r.stderr).toMatch(c.says);
        expect(r.stderr).toMatch(/^.+hostile-\d+\.yaml:[1-9]\d*:[1-9]\d*: \S/m);
      }
      // the whole command well inside the 2 s the file's reading may take, even on a loaded machine
      expect(r.ms).toBeLessThan(10_000);
    });
  }

  it('fight: a scenario fighting each hostile roster ends in exit 0 (read) or 2 (located), never a crash or a hang', async () => {
    for (const c of cases) {
      const stem = c.file.replace(/^.*\//, '').replace(/\.yaml$/, '');
      const scenario = write(`${stem}-fight.yaml`, `rounds: 1\nattacker:\n  units:\n    - unit: ${stem}/u\ndefender:\n  units:\n    - unit: orks/boyz\n`);
      const r = await run(['fight', scenario, '--seed', '3'], dir);
      expect(r.stderr, c.name).not.toMatch(STACK);
      expect([0, 2], `${c.name}: ${r.stderr.slice(0, 300)}`).toContain(r.status);
      if (c.says === null) expect(r.status, c.name).toBe(0);
    }
  });
});
