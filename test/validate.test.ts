// `assault validate` tells the four kinds of file apart by what they hold, so a file that lacks
// the key that names its kind, or misspells one, is told what is wrong with it as that kind.
import { describe, expect, it } from 'vitest';
import { problemsOf, tempFiles } from './helpers.js';
import { fileKind, validateFile } from '../src/validate.js';

const { write } = tempFiles('validate');
const problems = (file: string): string[] => problemsOf(validateFile, file);
const GRUNT = '{ name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } }';

describe('the kind of a file, by what it holds', () => {
  it.each([
    ['a roster', { faction: 'X', units: {} }, 'roster'],
    ['a roster without its faction', { models: { grunt: {} }, units: { mob: {} } }, 'roster'],
    ['a roster of weapons only', { weapons: { axe: { name: 'Axe' } } }, 'roster'],
    ['a scenario', { attacker: { units: [] }, defender: { units: [] } }, 'scenario'],
    ['a scenario with attackers misspelt', { attackers: { units: [] }, defender: { units: [] } }, 'scenario'],
    ['a check file', { scenario: 's.yaml', expect: {} }, 'check'],
    ['a check file without expect or fight', { scenario: 's.yaml', runs: 10 }, 'check'],
    ['a matrix', { attackers: ['orks/boyz'], defenders: ['orks'] }, 'matrix'],
    ['a matrix with attackers misspelt', { attacker: ['orks/boyz'], defenders: ['orks'] }, 'matrix'],
    ['a matrix of scenarios', { runs: 10, scenarios: ['s.yaml'] }, 'matrix'],
    ['a matrix of a misspelt list of attackers alone', { runs: 10, attacker: ['orks/boyz'] }, 'matrix'],
    ['a scenario whose sides are wrong', { attacker: 'orks/boyz', defender: 5 }, 'scenario'],
    ['nothing known', { colour: 'red' }, 'scenario'],
    ['a list', [1, 2], 'scenario'],
  ])('%s is a %s', (_what, data, kind) => {
    expect(fileKind(data)).toBe(kind);
  });
});

describe('a file is told what it lacks as the kind it is', () => {
  it('a roster without `faction`: the faction is missing, and its models and units are not unknown keys', () => {
    const file = write('no-faction.yaml', `models:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`);
    expect(problems(file)).toEqual([`${file}:1:1: missing: expected string (at faction)`]);
  });
  it('a check file without `expect` or `fight`: it needs one', () => {
    const file = write('bare.check.yaml', 'scenario: no-such.yaml\nruns: 10\n');
    const found = problems(file);
    expect(found).toContainEqual(expect.stringMatching(/bare\.check\.yaml:1:1: a check file needs `expect` or `fight`/));
    expect(found.join('\n')).not.toMatch(/unknown key|attacker/);
  });
  it('a matrix with `attacker:` for `attackers:`: did you mean `attackers`? (not a scenario without a defender)', () => {
    const file = write('matrix.yaml', 'runs: 10\nattacker:\n  - orks/boyz\ndefenders:\n  - orks/boyz\n');
    expect(problems(file)).toEqual([
      `${file}:2:1: unknown key 'attacker'; did you mean 'attackers'? (at attacker)`,
      `${file}:1:1: \`attackers\` and \`defenders\` go together`,
    ]);
  });
  it('a matrix of one misspelt key and its defenders alone is a matrix too', () => {
    const file = write('short-matrix.yaml', 'attacker: [orks/boyz]\ndefenders: [orks/boyz]\n');
    expect(problems(file)[0]).toBe(`${file}:1:1: unknown key 'attacker'; did you mean 'attackers'? (at attacker)`);
  });
  it('a scenario with `attackers:` for `attacker:`: did you mean `attacker`?', () => {
    const file = write('scenario.yaml', 'attackers:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: orks/boyz\n');
    expect(problems(file)).toEqual([
      `${file}:1:1: missing: expected object (at attacker)`,
      `${file}:1:1: unknown key 'attackers'; did you mean 'attacker'? (at attackers)`,
    ]);
  });
});
