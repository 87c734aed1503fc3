// The hostile-input suite: a table of broken, odd and malicious roster, scenario, check and
// matrix files, generated into a folder. Each case says what `assault validate` must do with it:
//   reject  - refuse it with located problems (file:line:col, line and col >= 1)
//   accept  - it is valid YAML meaning something acceptable (kept few, each with a reason)
//   either  - a design choice: accepting it or refusing it cleanly are both fine (few, with a reason)
// Anything else (a TypeError, a RangeError, a hang) is a failure. Special files (FIFOs, devices,
// symlink loops ...) are not here: they are only ever given to a spawned CLI (test/hostile.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';

export type Expect = 'reject' | 'accept' | 'either';

export interface HostileCase {
  /** family/short-name; also gives the file name */
  name: string;
  content: string | Buffer;
  expect: Expect;
  /** why a case is accepted (or either) */
  why?: string;
  /** other case files (names) whose problems may be reported for this one */
  refs?: string[];
  /** file name suffix: .yaml, or .check.yaml for check files */
  ext?: string;
  /** a rejected case must say this (in some problem's message or key path) */
  says?: RegExp;
}

export interface WrittenCase extends HostileCase {
  file: string;
  refFiles: string[];
}

type Kind = 'str' | 'int' | 'num' | 'bool' | 'map' | 'list' | 'strOrMap' | 'strOrNum' | 'strOrList' | 'save';

/** Wrong values for a key of each kind (none of them acceptable there). */
const WRONG: Record<Kind, unknown[]> = {
  str: [42, ['x'], null],
  int: ['ten', [1], true],
  num: ['lots', { n: 1 }, false],
  bool: ['yes', 1, ['true']],
  map: ['x', [1], 7],
  list: ['x', { k: 1 }, 3],
  strOrMap: [5, ['x'], true],
  strOrNum: [['x'], { k: 1 }, true],
  strOrList: [5, { k: 1 }, true],
  save: ['3++', ['3+'], true],
};

/** A value written into the YAML text exactly as given (0x10, -0, 123456789012345678901234567890 ...). */
const raw = (text: string) => `@@RAW:${text}@@`;

function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0 }).replace(/(["']?)@@RAW:(.*?)@@\1/g, '$2');
}

function setIn(obj: unknown, path: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(obj) as Record<string | number, unknown>;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

const slug = (s: string) => s.replace(/=-/g, '=neg-').replace(/\+/g, 'plus').replace(/\[/g, 'list-').replace(/\{/g, 'map-').replace(/[^A-Za-z0-9_.]+/g, '-').replace(/^-|-$/g, '') || 'x';
const show = (v: unknown) => (typeof v === 'string' && v.startsWith('@@RAW:') ? v.slice(6, -2) : JSON.stringify(v));

// ---- valid bases, mutated below -------------------------------------------------------------

const GRETCHIN_PROFILE = { WS: 2, BS: 3, S: 2, T: 2, W: 1, I: 2, A: 1, Ld: 5, Sv: 7 };

export const BASE_SCENARIO = {
  name: 'Hostile base',
  rules: 'srd4',
  rounds: 'resolve',
  attacker: { units: [{ unit: 'space-marines/tactical-squad', size: 10, charged: true, firedThisTurn: false, inContact: 5, rules: [] as string[] }] },
  defender: {
    units: [
      { unit: 'orks/boyz', inCover: true, casualtyOrder: ['boy'] },
      {
        name: 'Gretchin',
        models: [{ name: 'Gretchin', count: 10, profile: GRETCHIN_PROFILE, wargear: ['close-combat-weapon'], rules: [] as string[] }],
      },
    ],
  },
};

export const BASE_ROSTER = {
  faction: 'Hostiles',
  weapons: { axe: { name: 'Axe', strength: '+1', maxSave: 4, rending: false } },
  models: {
    grunt: { name: 'Grunt', profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7, Sv: 5 }, wargear: ['axe', 'close-combat-weapon'], rules: [] as string[] },
    boss: { name: 'Boss', profile: { WS: 4, BS: 3, S: 4, T: 4, W: 2, I: 4, A: 3, Ld: 8, Sv: '4+' }, wargear: ['power-weapon'], rules: ['character'] },
  },
  units: { mob: { name: 'Mob', models: [{ model: 'boss', count: 1 }, { model: 'grunt', count: 9 }], rules: [] as string[] } },
};

const BASE_SCENARIO_FILE = 'base--scenario.yaml';
const BASE_ROSTER_STEM = 'hostile-roster';

export const BASE_CHECK = {
  name: 'hostile base check',
  scenario: BASE_SCENARIO_FILE,
  rules: 'srd4',
  runs: 100,
  seed: 7,
  expect: {
    'final.winner.attacker': { min: 0, max: 1 },
    'firstRound.result.attacker': { approx: 0.85, within: 0.5 },
  },
};

export const BASE_MATRIX = {
  runs: 100,
  seed: 1,
  rules: ['srd4', 'revised4'],
  rounds: 'resolve',
  scenarios: [BASE_SCENARIO_FILE],
  attackers: ['space-marines/tactical-squad'],
  defenders: ['orks'],
};

const SCENARIO_TEXT = toYaml(BASE_SCENARIO);
/** A scenario whose defender is `unitYaml` (a YAML flow mapping). */
const scenarioWithDefender = (unitYaml: string) =>
  `rules: srd4\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - ${unitYaml}\n`;
const inlineModel = (extra: string) =>
  `{ name: Gretchin, models: [ { name: Gretchin, count: 5, profile: { WS: 2, BS: 3, S: 2, T: 2, W: 1, I: 2, A: 1, Ld: 5 }${extra} } ] }`;
const rosterText = (body: string) => `faction: Hostiles\n${body}`;
const GRUNT = '{ name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } }';

export const PROTO_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

export const BASE_EDITION = {
  edition: 'hostile-house',
  name: 'Hostile house rules',
  base: 'srd4',
  morale: { penalty: 'difference' },
  sweep: { roll: '2d6', catches: 'higher', caught: 'woundsDifference' },
};

/** Ten rows of ten cells, `at` changed. */
const chartRows = (cell: (r: number, c: number) => unknown = () => 4) => Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => cell(r, c)));

/** The edition files' cases: every refusal the format has, each said at its key with a suggestion where there is one. */
function editionCases(add: (name: string, content: string | Buffer, expect?: Expect, extra?: Partial<HostileCase>) => void): void {
  const ext = '.edition.yaml';
  const bad = (name: string, value: unknown, says: RegExp, refs?: string[]) => add(`edition/${name}`, toYaml(value), 'reject', { ext, says, refs });
  add('base/edition', toYaml(BASE_EDITION), 'accept', { why: 'the valid base every edition case mutates', ext });
  add('edition/over-a-file', toYaml({ ...BASE_EDITION, edition: 'hostile-house-2', base: 'base--edition.edition.yaml' }), 'accept',
    { why: 'an edition file built on another edition file', ext, refs: ['base/edition'] });
  bad('unknown-option', { ...BASE_EDITION, sweep: { rol: '2d6' } }, /unknown key 'rol'.*did you mean 'roll'/);
  bad('unknown-top-option', { ...BASE_EDITION, finalblow: true }, /unknown key 'finalblow'.*finalBlow/);
  bad('unknown-option-value', { ...BASE_EDITION, sweep: { caught: 'destroyd' } }, /"destroyd" is not one of.*did you mean 'destroyed'/);
  bad('unknown-step', { ...BASE_EDITION, steps: { phase: ['prepare', 'figth', 'result'] } }, /"figth" is not one of.*did you mean 'fight'/);
  bad('chart-9-rows', { ...BASE_EDITION, toHit: chartRows().slice(1) }, /10 rows/);
  bad('chart-11-cells', { ...BASE_EDITION, toWound: chartRows().map((r, i) => (i === 4 ? [...r, 4] : r)) }, /10 cells/);
  bad('chart-cell-7', { ...BASE_EDITION, toHit: chartRows((r, c) => (r === 2 && c === 5 ? 7 : 4)) }, /toHit\[2\]\[5\]/);
  bad('chart-cell-1', { ...BASE_EDITION, toHit: chartRows((r, c) => (r === 0 && c === 0 ? 1 : 4)) }, /2-6/);
  bad('chart-cell-letter', { ...BASE_EDITION, toWound: chartRows((r, c) => (r === 9 && c === 9 ? 'X' : 4)) }, /"X" is not one of/);
  bad('chart-to-wound-automatic', { ...BASE_EDITION, toWound: chartRows((r, c) => (r === 9 && c === 0 ? 'A' : 4)) }, /to-hit chart/);
  bad('chart-not-a-list', { ...BASE_EDITION, toHit: { 1: [4] } }, /toHit/);
  bad('shipped-id', { ...BASE_EDITION, edition: 'srd4' }, /shipped edition/);
  bad('planned-id', { ...BASE_EDITION, edition: 'epic' }, /shipped edition/);
  bad('id-with-capitals', { ...BASE_EDITION, edition: 'House Rules' }, /lowercase/);
  bad('base-unknown-id', { ...BASE_EDITION, base: 'srd5' }, /did you mean 'srd4'/);
  bad('base-not-40k', { ...BASE_EDITION, base: 'epic' }, /not a 40K edition/);
  bad('base-missing-file', { ...BASE_EDITION, base: 'no-such.edition.yaml' }, /no edition file/);
  // a base that is not an edition file is refused without being read (its text is never quoted)
  bad('base-system-file', { ...BASE_EDITION, base: '/etc/passwd' }, /'\/etc\/passwd' is not an edition file.*ending \.edition\.yaml/);
  bad('base-plain-yaml', { ...BASE_EDITION, base: 'base--scenario.yaml' }, /not an edition file/, ['base/scenario']);
  bad('base-itself', { ...BASE_EDITION, edition: 'hostile-self', base: 'edition--base-itself.edition.yaml' }, /chains back to itself/);
  add('edition/loop-a', toYaml({ ...BASE_EDITION, edition: 'hostile-loop-a', base: 'edition--loop-b.edition.yaml' }), 'reject', { ext, refs: ['edition/loop-b'], says: /chains back to itself/ });
  add('edition/loop-b', toYaml({ ...BASE_EDITION, edition: 'hostile-loop-b', base: 'edition--loop-a.edition.yaml' }), 'reject', { ext, refs: ['edition/loop-a'], says: /chains back to itself/ });
  // nine files, each built on the next, the last on srd4: one too many
  const deep = (i: number) => `edition/deep-${i}`;
  for (let i = 1; i <= 9; i++) {
    const base = i === 9 ? 'srd4' : `edition--deep-${i + 1}.edition.yaml`;
    const refs = Array.from({ length: 9 - i }, (_, k) => deep(i + k + 1));
    const expect: Expect = i === 1 ? 'reject' : 'either';
    add(deep(i), toYaml({ ...BASE_EDITION, edition: `hostile-deep-${i}`, base }), expect, {
      ext, refs, ...(i === 1 ? { says: /more than 8 edition files/ } : { why: 'a link of the chain: eight files or fewer down to srd4 are fine' }),
    });
  }
  bad('no-fight-step', { ...BASE_EDITION, steps: { phase: ['prepare', 'result', 'morale', 'sweep'] } }, /no fight step/);
  bad('no-result-step', { ...BASE_EDITION, steps: { phase: ['prepare', 'fight', 'morale', 'sweep'] } }, /no result step/);
  bad('step-twice', { ...BASE_EDITION, steps: { phase: ['prepare', 'fight', 'fight', 'result'] } }, /listed twice/);
  bad('result-before-fight', { ...BASE_EDITION, steps: { phase: ['prepare', 'result', 'fight'] } }, /before fight/);
  bad('no-blows', { ...BASE_EDITION, steps: { initiative: ['casualties'] } }, /no blows step/);
  bad('pile-in-without-inches', { ...BASE_EDITION, steps: { initiative: ['pileIn', 'blows', 'casualties'] } }, /distances in inches/);
  bad('empty-steps', { ...BASE_EDITION, steps: { phase: [] } }, /at least 1/);
  // a step list must fight and end as the rules say: every needed step, in its order
  const phase = (...names: string[]) => ({ ...BASE_EDITION, steps: { phase: names } });
  bad('no-massacre', phase('prepare', 'fight', 'result', 'morale', 'sweep', 'pileIn'), /no massacre step.*wiped out.*\(add massacre after result\)/);
  bad('no-massacre-wipe-out', { ...phase('prepare', 'fight', 'result', 'wipeOut', 'morale', 'sweep', 'pileIn'), base: 'revised4' }, /no massacre step/);
  bad('no-sweep', phase('prepare', 'fight', 'result', 'massacre', 'morale', 'pileIn'), /no sweep step.*never fall back/);
  bad('no-morale', phase('prepare', 'fight', 'result', 'massacre', 'sweep', 'pileIn'), /no morale step/);
  bad('no-prepare', phase('fight', 'result', 'massacre', 'morale', 'sweep', 'pileIn'), /no prepare step.*\(add prepare before fight\)/);
  bad('morale-before-result', phase('prepare', 'fight', 'morale', 'result', 'massacre', 'sweep'), /morale comes before massacre.*\(at steps\.phase\[2\]\)/);
  bad('sweep-before-morale', phase('prepare', 'fight', 'result', 'massacre', 'sweep', 'morale', 'pileIn'), /sweep comes before morale/);
  bad('pile-in-before-fight', phase('pileIn', 'prepare', 'fight', 'result', 'massacre', 'morale', 'sweep'), /pileIn comes before fight/);
  bad('wipe-out-after-massacre', phase('prepare', 'fight', 'result', 'massacre', 'wipeOut', 'morale', 'sweep'), /wipeOut comes after massacre/);
  bad('disengage-before-sweep', { ...phase('prepare', 'fight', 'result', 'massacre', 'morale', 'disengage', 'sweep'), base: 'fightphase' }, /disengage comes before sweep/);
  bad('vehicles-leave-before-sweep', phase('prepare', 'fight', 'result', 'massacre', 'morale', 'vehiclesLeave', 'sweep'), /vehiclesLeave comes before sweep/);
  bad('casualties-before-blows', { ...BASE_EDITION, steps: { initiative: ['casualties', 'blows'] } }, /casualties comes before blows/);
  bad('pile-in-after-blows', { ...BASE_EDITION, base: 'waffle', steps: { initiative: ['blows', 'pileIn', 'casualties'] } }, /pileIn comes after blows/);
  add('edition/optional-steps-left-out', toYaml({ ...phase('prepare', 'fight', 'result', 'massacre', 'morale', 'sweep', 'vehiclesLeave'), edition: 'hostile-optional' }), 'accept',
    { why: 'pileIn, wipeOut and disengage are optional over srd4: a phase without them still fights and ends', ext });
  // needed over the bases that have what they serve: vehicles (srd4, revised4), distances in inches (fightphase, waffle)
  bad('no-vehicles-leave', phase('prepare', 'fight', 'result', 'massacre', 'morale', 'sweep', 'pileIn'), /no vehiclesLeave step: over srd4 .*\(add vehiclesLeave after sweep\) \(at steps\.phase\)/);
  bad('no-phase-pile-in', { ...phase('prepare', 'fight', 'result', 'massacre', 'morale', 'sweep', 'disengage'), base: 'waffle' }, /no pileIn step: over waffle .*\(add pileIn after fight\) \(at steps\.phase\)/);
  bad('missing-base', { edition: 'hostile-no-base', name: 'No base' }, /base/);
  bad('weapon-bad-strength', { ...BASE_EDITION, armoury: { 'great-axe': { name: 'Great axe', strength: 'x9' } } }, /armoury\.great-axe\.strength/);
  bad('weapon-pairs-with-nothing', { ...BASE_EDITION, armoury: { claw: { name: 'Claw', pairsOnlyWith: 'clw' } } }, /pairsOnlyWith/);
  bad('armoury-key-format', { ...BASE_EDITION, armoury: { Great_Axe: { name: 'Great axe', strength: 5 } } }, /'Great_Axe' cannot be a key here: an armoury key is lowercase letters, digits and dashes \(great-axe\) \(at armoury\.Great_Axe\)/);
  bad('armoury-proto-key', { ...BASE_EDITION, armoury: { constructor: { name: 'Odd', strength: 5 } } }, /constructor/);
  add('edition/proto-key', `${toYaml(BASE_EDITION)}sweep:\n  __proto__: { roll: 2d6 }\n`, 'reject', { ext });
  add('edition/code-tag', `${toYaml({ ...BASE_EDITION, sweep: undefined })}sweep: { roll: !!js/function "function () { return 2 }" }\n`, 'reject', { ext });
  // any tag is refused, at the tag, with the key path, even where the value under it would pass
  add('edition/code-tag-summary', `${toYaml(BASE_EDITION)}summary: !!js/function 'function () { return 1 }'\n`, 'reject', { ext, says: /tag !!js\/function is refused.*\(at summary\)/ });
  add('edition/custom-tag-note', `${toYaml(BASE_EDITION)}notes: [one, !custom x]\n`, 'reject', { ext, says: /tag !custom is refused.*\(at notes\[1\]\)/ });
}

// ---- the table --------------------------------------------------------------------------------

export function hostileCases(): HostileCase[] {
  const cases: HostileCase[] = [];
  const add = (name: string, content: string | Buffer, expect: Expect = 'reject', extra: Partial<HostileCase> = {}) =>
    cases.push({ name, content, expect, ...extra });

  // valid bases (the few accepted cases start here)
  add('base/scenario', SCENARIO_TEXT, 'accept', { why: 'the valid base every scenario case mutates' });
  add('base/check', toYaml(BASE_CHECK), 'accept', { why: 'the valid base every check case mutates', ext: '.check.yaml', refs: ['base/scenario'] });
  add('base/matrix', toYaml(BASE_MATRIX), 'accept', { why: 'the valid base every matrix case mutates', refs: ['base/scenario'] });
  editionCases(add);

  // ---- wrong types at every level of each format ----
  const formats: { id: string; base: unknown; ext?: string; refs?: string[]; paths: [(string | number)[], Kind][] }[] = [
    {
      id: 'scenario', base: BASE_SCENARIO, paths: [
        [['name'], 'str'], [['rules'], 'str'], [['rounds'], 'int'], [['attacker'], 'map'], [['attacker', 'units'], 'list'],
        [['attacker', 'units', 0], 'map'], [['attacker', 'units', 0, 'unit'], 'str'], [['attacker', 'units', 0, 'size'], 'int'],
        [['attacker', 'units', 0, 'charged'], 'bool'], [['attacker', 'units', 0, 'firedThisTurn'], 'bool'],
        [['attacker', 'units', 0, 'inContact'], 'int'], [['attacker', 'units', 0, 'rules'], 'list'],
        [['attacker', 'units', 0, 'chargeDistance'], 'num'], [['attacker', 'units', 0, 'difficultTerrain'], 'bool'],
        [['attacker', 'units', 0, 'nearby'], 'bool'], [['defender'], 'map'], [['defender', 'units'], 'list'],
        [['defender', 'units', 0, 'inCover'], 'bool'], [['defender', 'units', 0, 'casualtyOrder'], 'list'],
        [['defender', 'units', 0, 'casualtyOrder', 0], 'str'], [['defender', 'units', 1, 'name'], 'str'],
        [['defender', 'units', 1, 'models'], 'list'], [['defender', 'units', 1, 'models', 0], 'map'],
        [['defender', 'units', 1, 'models', 0, 'name'], 'str'], [['defender', 'units', 1, 'models', 0, 'count'], 'int'],
        [['defender', 'units', 1, 'models', 0, 'profile'], 'map'], [['defender', 'units', 1, 'models', 0, 'profile', 'WS'], 'int'],
        [['defender', 'units', 1, 'models', 0, 'profile', 'Sv'], 'save'], [['defender', 'units', 1, 'models', 0, 'wargear'], 'list'],
        [['defender', 'units', 1, 'models', 0, 'wargear', 0], 'strOrMap'], [['defender', 'units', 1, 'models', 0, 'rules'], 'list'],
      ],
    },
    {
      id: 'roster', base: BASE_ROSTER, paths: [
        [['faction'], 'str'], [['weapons'], 'map'], [['weapons', 'axe'], 'map'], [['weapons', 'axe', 'name'], 'str'],
        [['weapons', 'axe', 'strength'], 'strOrNum'], [['weapons', 'axe', 'maxSave'], 'int'], [['weapons', 'axe', 'rending'], 'bool'],
        [['models'], 'map'], [['models', 'grunt'], 'map'], [['models', 'grunt', 'name'], 'str'], [['models', 'grunt', 'profile'], 'map'],
        [['models', 'grunt', 'profile', 'T'], 'int'], [['models', 'boss', 'profile', 'Sv'], 'save'], [['models', 'grunt', 'wargear'], 'list'],
        [['models', 'grunt', 'wargear', 0], 'strOrMap'], [['models', 'grunt', 'rules'], 'list'], [['units'], 'map'], [['units', 'mob'], 'map'],
        [['units', 'mob', 'name'], 'str'], [['units', 'mob', 'models'], 'list'], [['units', 'mob', 'models', 0], 'map'],
        [['units', 'mob', 'models', 0, 'model'], 'str'], [['units', 'mob', 'models', 0, 'count'], 'int'], [['units', 'mob', 'rules'], 'list'],
      ],
    },
    {
      id: 'check', base: BASE_CHECK, ext: '.check.yaml', refs: ['base/scenario'], paths: [
        [['name'], 'str'], [['scenario'], 'strOrMap'], [['rules'], 'str'], [['runs'], 'int'], [['seed'], 'strOrNum'], [['expect'], 'map'],
        [['expect', 'final.winner.attacker'], 'map'], [['expect', 'final.winner.attacker', 'min'], 'num'],
        [['expect', 'firstRound.result.attacker', 'within'], 'num'], [['fight'], 'map'],
      ],
    },
    {
      id: 'edition', base: BASE_EDITION, ext: '.edition.yaml', paths: [
        [['edition'], 'str'], [['name'], 'str'], [['base'], 'str'], [['morale'], 'map'], [['morale', 'penalty'], 'str'],
        [['sweep'], 'map'], [['sweep', 'roll'], 'str'], [['sweep', 'catches'], 'str'], [['sweep', 'caught'], 'str'],
      ],
    },
    {
      id: 'matrix', base: BASE_MATRIX, refs: ['base/scenario'], paths: [
        [['runs'], 'int'], [['seed'], 'strOrNum'], [['rules'], 'strOrList'], [['rules', 0], 'str'], [['rounds'], 'int'],
        [['scenarios'], 'list'], [['scenarios', 0], 'str'], [['attackers'], 'list'], [['attackers', 0], 'str'],
        [['defenders'], 'list'], [['defenders', 0], 'str'],
      ],
    },
  ];
  for (const f of formats) {
    const extra = { ext: f.ext, refs: f.refs };
    add(`type-${f.id}/top-level-list`, toYaml([f.base]), 'reject', extra);
    for (const [path, kind] of f.paths) {
      for (const v of WRONG[kind]) add(`type-${f.id}/${path.join('.')}=${show(v)}`, toYaml(setIn(f.base, path, v)), 'reject', extra);
    }
    add(`type-${f.id}/unknown-key`, toYaml({ ...(f.base as object), colour: 'red' }), 'reject', extra);
  }
  add('type-top/string', 'just a string\n');
  add('type-top/number', '42\n');
  add('type-top/boolean', 'true\n');
  add('type-top/list-of-numbers', '- 1\n- 2\n');
  add('type-check/fight-without-log', toYaml({ ...BASE_CHECK, fight: { seed: 3 } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('type-check/fight.log=5', toYaml({ ...BASE_CHECK, fight: { seed: 3, log: 5 } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('type-check/inline-scenario-attacker=5', toYaml({ ...BASE_CHECK, scenario: { ...BASE_SCENARIO, attacker: 5 } }), 'reject', { ext: '.check.yaml' });
  add('type-check/approx-without-within', toYaml({ ...BASE_CHECK, expect: { 'final.winner.attacker': { approx: 0.5 } } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('type-check/empty-expectation', toYaml({ ...BASE_CHECK, expect: { 'final.winner.attacker': {} } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('type-check/missing-scenario-file', toYaml({ ...BASE_CHECK, scenario: 'no-such-scenario.yaml' }), 'reject', { ext: '.check.yaml' });
  add('type-matrix/attackers-without-defenders', toYaml({ runs: 10, attackers: ['orks/boyz'] }));
  add('type-matrix/missing-scenario-file', toYaml({ ...BASE_MATRIX, scenarios: ['no-such-scenario.yaml'] }));
  add('type-scenario/unit-and-models', scenarioWithDefender(`{ unit: orks/boyz, models: [ { model: boy, count: 2 } ] }`));
  add('type-scenario/model-entry-without-model-or-profile', scenarioWithDefender('{ name: X, models: [ { count: 3 } ] }'));
  add('type-scenario/inline-weapon-bad-strength', scenarioWithDefender(inlineModel(', wargear: [ { name: Axe, strength: x9 } ]')));
  add('type-scenario/inline-weapon-nested-list', scenarioWithDefender(inlineModel(', wargear: [ [ [ power-fist ] ] ]')));
  add('type-scenario/inline-weapon-empty-map', scenarioWithDefender(inlineModel(', wargear: [ {} ]')));
  add('type-scenario/inline-weapon-pairs-with-nothing', scenarioWithDefender(inlineModel(', wargear: [ { name: Claw, singleHanded: true, pairsOnlyWith: lightening-claw } ]')));
  add('type-roster/weapon-pairs-with-nothing', rosterText(`weapons:\n  claw: { name: Claw, singleHanded: true, pairsOnlyWith: clw }\nmodels:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [claw, claw] }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`));
  add('type-roster/unused-weapon-pairs-with-nothing', rosterText(`weapons:\n  claw: { name: Claw, pairsOnlyWith: nothing-at-all }\nmodels:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`));

  // ---- vehicles and walkers (vehicles.md V1, V2, V7, V13, V16, V21): each refused, located ----
  const rhino = (vehicle: string, extra = '') => `{ name: Rhino, models: [ { name: Rhino, count: 1, type: vehicle, vehicle: ${vehicle}${extra} } ] }`;
  const RHINO = '{ BS: 4, front: 11, side: 11, rear: 10 }';
  add('vehicle/valid-rhino', scenarioWithDefender(rhino(RHINO)), 'accept', { why: 'a parked Rhino: the valid vehicle the cases below break' });
  for (const k of ['T: 8', 'W: 3', 'Sv: 3', 'Ld: 10']) add(`vehicle/has-${k.split(':')[0]}`, scenarioWithDefender(rhino(`{ BS: 4, front: 11, side: 11, rear: 10, ${k} }`)));
  for (const missing of ['WS', 'S', 'I', 'A']) {
    const stats = ['WS: 4', 'S: 6', 'I: 4', 'A: 2'].filter((x) => !x.startsWith(`${missing}:`)).join(', ');
    add(`vehicle/walker-without-${missing}`, scenarioWithDefender(`{ name: Dread, models: [ { name: Dread, count: 1, type: walker, vehicle: { BS: 4, front: 12, side: 12, rear: 10, ${stats} } } ] }`));
  }
  add('vehicle/vehicle-with-WS', scenarioWithDefender(rhino('{ BS: 4, front: 11, side: 11, rear: 10, WS: 3 }')));
  for (const [face, value] of [['front', '0'], ['front', '16'], ['rear', '-1'], ['side', '10.5']] as const) {
    const armour = { front: '11', side: '11', rear: '10', [face]: value };
    add(`vehicle/armour-${face}=${value}`, scenarioWithDefender(rhino(`{ BS: 4, front: ${armour.front}, side: ${armour.side}, rear: ${armour.rear} }`)));
  }
  add('vehicle/moved-without-vehicle', scenarioWithDefender(`{ unit: orks/boyz, moved: fast }`));
  add('vehicle/moved-bad-value', scenarioWithDefender(`${rhino(RHINO).slice(0, -2)}, moved: parked }`));
  add('vehicle/squadron-group', scenarioWithDefender(rhino(RHINO).replace('count: 1', 'count: 2')));
  add('vehicle/sized-up', scenarioWithDefender(`${rhino(RHINO).slice(0, -2)}, size: 3 }`));
  add('vehicle/with-infantry', scenarioWithDefender(`{ name: Mixed, models: [ { name: Rhino, count: 1, type: vehicle, vehicle: ${RHINO} }, { name: Grunt, count: 3, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } } ] }`));
  add('vehicle/under-fightphase', scenarioWithDefender(rhino(RHINO)).replace('rules: srd4', 'rules: fightphase'));
  add('vehicle/under-waffle', scenarioWithDefender(rhino(RHINO)).replace('rules: srd4', 'rules: waffle'));
  add('vehicle/type-without-vehicle', scenarioWithDefender('{ name: Rhino, models: [ { name: Rhino, count: 1, type: vehicle } ] }'));
  add('vehicle/vehicle-without-type', scenarioWithDefender(`{ name: Rhino, models: [ { name: Rhino, count: 1, vehicle: ${RHINO} } ] }`));
  add('vehicle/profile-and-vehicle', scenarioWithDefender(`{ name: Rhino, models: [ { name: Rhino, count: 1, type: vehicle, vehicle: ${RHINO}, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 } } ] }`));
  add('vehicle/unknown-type', scenarioWithDefender(rhino(RHINO, ', types: [hover]')));
  add('vehicle/bad-penetration', scenarioWithDefender(inlineModel(', wargear: [ { name: Saw, penetration: 3d6 } ]')));
  add('vehicle/rhino-charges', scenarioWithDefender('{ unit: orks/boyz }').replace('unit: space-marines/tactical-squad', `name: Rhino, models: [ { name: Rhino, count: 1, type: vehicle, vehicle: ${RHINO} } ]`));
  add('vehicle/rhino-said-to-charge', scenarioWithDefender(`${rhino(RHINO).slice(0, -2)}, charged: true }`));
  add('vehicle/krak-without-strength', scenarioWithDefender(inlineModel(', wargear: [ { name: Tankbusta bomb, grenade: krak } ]')));
  add('vehicle/melta-times-strength', scenarioWithDefender(inlineModel(', wargear: [ { name: Bomb, grenade: melta, strength: x2 } ]')));
  add('vehicle/roster-squadron', rosterText(`models:\n  rhino: { name: Rhino, type: vehicle, vehicle: ${RHINO} }\nunits:\n  rhinos: { name: Rhinos, models: [ { model: rhino, count: 2 } ] }\n`));
  add('vehicle/roster-vehicle-with-T', rosterText(`models:\n  rhino: { name: Rhino, type: vehicle, vehicle: { BS: 4, front: 11, side: 11, rear: 10, T: 7 } }\nunits:\n  rhino: { name: Rhino, models: [ { model: rhino, count: 1 } ] }\n`));

  // ---- huge, negative and odd numbers ----
  const numbers: [string, string, (string | number)[], (string | number)[]][] = [
    // [format, path, rejected values, accepted values]
    ['scenario', 'attacker.units.0.size', [0, -1, 1e9, 1e308, 2.5, raw('.inf'), raw('.nan'), raw('123456789012345678901234567890'), raw('-0')], [raw('0x10')]],
    ['scenario', 'defender.units.1.models.0.count', [0, -1, 201, 1e9, raw('-1e308'), raw('.nan'), raw('-.inf')], []],
    ['scenario', 'attacker.units.0.inContact', [-1, 1e9, raw('.nan')], []],
    ['scenario', 'attacker.units.0.chargeDistance', [0, -3, 25, raw('.inf')], []],
    ['scenario', 'rounds', [0, -1, 21, 1e308, 2.5, raw('.inf')], []],
    ['scenario', 'defender.units.1.models.0.profile.WS', [-1, 11, 4.5, 1e308, raw('.nan'), raw('0x10'), raw('123456789012345678901234567890')], []],
    ['scenario', 'defender.units.1.models.0.profile.A', [], [raw('-0')]],
    ['scenario', 'defender.units.1.models.0.profile.W', [0, raw('-0'), -2], []],
    ['scenario', 'defender.units.1.models.0.profile.Sv', [1, 8, '7+', '1+'], ['3+']],
    ['check', 'runs', [0, -5, 1e12, 1.5, raw('.inf')], []],
    ['check', 'expect.firstRound.result.attacker.within', [-1, raw('.nan')], []],
    ['check', 'expect.final.winner.attacker.min', [raw('.nan')], []],
    ['matrix', 'runs', [0, -1, 1e12, raw('-.inf')], []],
    ['matrix', 'rounds', [0, 99], []],
  ];
  const bases: Record<string, { base: unknown; ext?: string; refs?: string[] }> = {
    scenario: { base: BASE_SCENARIO },
    check: { base: BASE_CHECK, ext: '.check.yaml', refs: ['base/scenario'] },
    matrix: { base: BASE_MATRIX, refs: ['base/scenario'] },
  };
  const splitPath = (p: string): (string | number)[] => {
    // expectation paths themselves contain dots: keep them whole
    const m = /^expect\.(.+)\.(min|max|approx|within)$/.exec(p);
    if (m) return ['expect', m[1]!, m[2]!];
    return p.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  };
  for (const [fmt, path, bad, good] of numbers) {
    const { base, ext, refs } = bases[fmt]!;
    for (const v of bad) add(`numbers-${fmt}/${path}=${show(v)}`, toYaml(setIn(base, splitPath(path), v)), 'reject', { ext, refs });
    for (const v of good) {
      add(`numbers-${fmt}/${path}=${show(v)}`, toYaml(setIn(base, splitPath(path), v)), 'accept', { ext, refs, why: `${show(v)} is a valid YAML 1.2 number/save meaning an acceptable value` });
    }
  }
  for (const fmt of ['check', 'matrix']) {
    const { base, ext, refs } = bases[fmt]!;
    for (const v of [raw('123456789012345678901234567890'), 1e308, raw('.nan'), raw('-.inf')]) {
      add(`numbers-${fmt}/seed=${show(v)}`, toYaml(setIn(base, ['seed'], v)), 'either', {
        ext, refs, why: 'a seed may be any number or string (kept as written, it is a string seed); refusing one that is not a finite, exact number is fine too',
      });
    }
  }

  // ---- prototype-ish names ----
  const rosterRefs = [`base/hostile-roster`];
  add('base/hostile-roster', toYaml(BASE_ROSTER), 'accept', { why: `roster '${BASE_ROSTER_STEM}' that scenarios below refer to` });
  for (const p of PROTO_NAMES) {
    const q = JSON.stringify(p);
    add(`proto-${p}/scenario-unit-orks-slash-name`, scenarioWithDefender(`{ unit: "orks/${p}" }`));
    add(`proto-${p}/scenario-unit-own-roster-slash-name`, scenarioWithDefender(`{ unit: "${BASE_ROSTER_STEM}/${p}" }`), 'reject', { refs: rosterRefs });
    add(`proto-${p}/scenario-unit-name-as-roster-stem`, scenarioWithDefender(`{ unit: "${p}/boyz" }`));
    add(`proto-${p}/scenario-rules-id`, `rules: ${q}\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: orks/boyz\n`);
    add(`proto-${p}/scenario-casualty-order`, scenarioWithDefender(`{ unit: orks/boyz, casualtyOrder: [ ${q} ] }`));
    add(`proto-${p}/scenario-unit-rule`, scenarioWithDefender(`{ unit: orks/boyz, rules: [ ${q} ] }`));
    add(`proto-${p}/scenario-inline-wargear`, scenarioWithDefender(inlineModel(`, wargear: [ ${q} ]`)));
    add(`proto-${p}/scenario-inline-model-rule`, scenarioWithDefender(inlineModel(`, rules: [ ${q} ]`)));
    add(`proto-${p}/scenario-model-orks-slash-name`, scenarioWithDefender(`{ name: X, models: [ { model: "orks/${p}", count: 2 } ] }`));
    add(`proto-${p}/roster-unit-model-ref`, rosterText(`models:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: Mob, models: [ { model: ${q}, count: 3 } ] }\n`));
    add(`proto-${p}/roster-wargear-ref`, rosterText(`weapons:\n  axe: { name: Axe }\nmodels:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [ ${q} ] }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`));
    add(`proto-${p}/roster-wargear-ref-no-weapons`, rosterText(`models:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [ ${q} ] }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`));
    add(`proto-${p}/roster-unit-rule`, rosterText(`models:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ], rules: [ ${q} ] }\n`));
    add(`proto-${p}/profile-key`, scenarioWithDefender(`{ name: X, models: [ { name: X, count: 1, profile: { WS: 2, BS: 3, S: 2, T: 2, W: 1, I: 2, A: 1, Ld: 5, ${q}: 3 } } ] }`));
    add(`proto-${p}/scenario-top-level-key`, `${q}: { attacker: { units: [ { unit: orks/boyz } ] } }\n`);
    add(`proto-${p}/check-expect-path`, toYaml({ ...BASE_CHECK, expect: { [p]: { min: 0 } } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
    add(`proto-${p}/check-expect-nested-path`, toYaml({ ...BASE_CHECK, expect: { [`final.winner.${p}`]: { max: 1 } } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
    add(`proto-${p}/check-rules-id`, toYaml({ ...BASE_CHECK, rules: p }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
    add(`proto-${p}/matrix-rules-id`, toYaml({ ...BASE_MATRIX, rules: ['srd4', p] }), 'reject', { refs: ['base/scenario'] });
    add(`proto-${p}/matrix-defender-unit`, toYaml({ runs: 10, attackers: ['orks/boyz'], defenders: [`orks/${p}`] }));
    add(`proto-${p}/matrix-attacker-stem`, toYaml({ runs: 10, attackers: [p], defenders: ['orks'] }));
    // a roster that really defines a unit, a model and a weapon of that name, and a scenario using it
    const defStem = `protodef-${p}`;
    add(`protodef/${defStem}`, rosterText(`weapons:\n  ${q}: { name: Odd Weapon, strength: 5 }\nmodels:\n  ${q}: { name: Odd Model, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [ ${q} ] }\nunits:\n  ${q}: { name: Odd Unit, models: [ { model: ${q}, count: 5 } ] }\n`),
      'either', { why: `a name is a name: defining '${p}' may be allowed, or refused as reserved, but never crash` });
    add(`protodef/uses-${p}`, scenarioWithDefender(`{ unit: "${defStem}/${p}", casualtyOrder: [ ${q} ] }`), 'either', {
      refs: [`protodef/${defStem}`], why: `uses the roster above; follows whatever is decided for defining '${p}'`,
    });
  }
  add('proto/check-unknown-expect-path', toYaml({ ...BASE_CHECK, expect: { 'final.winner.atacker': { min: 0 } } }), 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('proto/json-proto-top-level', '{"__proto__": {"attacker": {"units": [{"unit": "orks/boyz"}]}, "defender": {"units": [{"unit": "orks/boyz"}]}}}\n');

  // ---- aliases ----
  /** The classic alias bomb: `levels` levels of `width` aliases each, anchored a0 .. a<levels>. */
  const laughs = (levels: number, width = 10) => {
    const lines = ['a0: &a0 "lol"'];
    for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
    return `${lines.join('\n')}\n`;
  };
  add('alias/billion-laughs-top-level', laughs(9));
  add('alias/billion-laughs-under-attacker', `${laughs(8)}attacker: { units: *a8 }\ndefender: { units: [ { unit: orks/boyz } ] }\n`);
  add('alias/billion-laughs-in-name', `${laughs(7)}name: *a7\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`);
  add('alias/laughs-in-casualty-order', `${laughs(6)}${scenarioWithDefender('{ unit: orks/boyz, casualtyOrder: *a6 }')}`);
  add('alias/laughs-in-roster-units', `${laughs(9)}${rosterText('units: { mob: { name: Mob, models: *a9 } }\n')}`);
  add('alias/many-scalar-aliases', `c: &c fearless\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\n      rules: [${Array.from({ length: 150 }, () => '*c').join(', ')}]\ndefender:\n  units:\n    - unit: orks/boyz\n`);
  add('alias/many-scalar-aliases-defined-first', `name: &c boy\nattacker:\n  units:\n    - unit: space-marines/tactical-squad\ndefender:\n  units:\n    - unit: orks/boyz\n      casualtyOrder: [${Array.from({ length: 150 }, () => '*c').join(', ')}]\n`,
    'either', { why: '150 uses of a scalar alias: fine to accept, fine to refuse as an alias bomb' });
  add('alias/circular-top-level', '&a [*a]\n');
  add('alias/circular-under-attacker', 'attacker: &a [*a]\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('alias/circular-units', 'attacker:\n  units: &u [*u]\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('alias/circular-map', 'attacker: &m\n  units:\n    - *m\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('alias/circular-name', `name: &n [*n]\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`);
  add('alias/circular-profile', scenarioWithDefender('&p { name: X, models: [ { name: X, count: 1, profile: *p } ] }'));
  add('alias/circular-roster-units', rosterText('units: &u\n  mob: *u\n'));
  add('alias/circular-check-expect', `scenario: ${BASE_SCENARIO_FILE}\nexpect: &e\n  final.winner.attacker: *e\n`, 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('alias/circular-matrix', 'runs: 10\nscenarios: &s [*s]\n');
  add('alias/undefined-alias', scenarioWithDefender('*nope'));
  add('alias/undefined-alias-top-level', '*nope\n');
  add('alias/undefined-alias-as-key', `*nope : 1\n${SCENARIO_TEXT}`);
  add('alias/forward-reference', `name: *later\nrules: &later srd4\n${SCENARIO_TEXT.replace(/^(name|rules):.*\n/gm, '')}`);
  add('alias/merge-key-valid-if-merged', 'attacker:\n  units:\n    - &tac { unit: space-marines/tactical-squad, size: 5 }\ndefender:\n  units:\n    - <<: *tac\n      size: 6\n',
    'either', { why: 'YAML 1.2 has no merge keys: refusing `<<` as an unknown key is fine, and so is merging' });
  add('alias/merge-key-scalar', `${scenarioWithDefender('{ unit: orks/boyz }')}x: &five 5\nname:\n  <<: *five\n`);
  add('alias/merge-key-undefined', scenarioWithDefender('{ <<: *nope, unit: orks/boyz }'));
  add('alias/merge-key-circular', scenarioWithDefender('&m { <<: *m, unit: orks/boyz }'));
  add('alias/reuse-a-unit', 'attacker:\n  units:\n    - &u { unit: orks/boyz, size: 10 }\ndefender:\n  units:\n    - *u\n', 'accept',
    { why: 'an ordinary alias: the same unit on both sides' });
  add('alias/anchor-without-node', 'name: &a\nattacker: *a\n');

  // ---- deep nesting ----
  const flowSeq = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const flowMap = (n: number) => '{a: '.repeat(n) + '1' + '}'.repeat(n);
  const blockSeq = (n: number) => `${'- '.repeat(n)}x\n`;
  const blockMap = (n: number) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}a:`).join('\n') + `\n${' '.repeat(n)}1\n`;
  add('deep/flow-seq-3000', `${flowSeq(3000)}\n`);
  add('deep/flow-map-3000', `${flowMap(3000)}\n`);
  add('deep/block-seq-3000', blockSeq(3000));
  add('deep/block-map-3000', blockMap(3000));
  add('deep/flow-seq-30000', `${flowSeq(30000)}\n`);
  add('deep/unclosed-flow-100000', `attacker: ${'['.repeat(100000)}\n`);
  add('deep/attacker-flow-map-3000', `attacker: ${flowMap(3000)}\ndefender:\n  units:\n    - unit: orks/boyz\n`);
  add('deep/units-flow-seq-3000', `attacker:\n  units: ${flowSeq(3000)}\ndefender:\n  units:\n    - unit: orks/boyz\n`);
  add('deep/models-flow-seq-3000', scenarioWithDefender(`{ name: X, models: ${flowSeq(3000)} }`));
  add('deep/profile-flow-map-3000', scenarioWithDefender(`{ name: X, models: [ { name: X, count: 1, profile: ${flowMap(3000)} } ] }`));
  add('deep/name-flow-seq-3000', `name: ${flowSeq(3000)}\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`);
  add('deep/attacker-block-seq-3000', `defender:\n  units:\n    - unit: orks/boyz\nattacker:\n  units:\n    ${'- '.repeat(3000)}x\n`);
  add('deep/roster-units-flow-3000', rosterText(`units: ${flowMap(3000)}\n`));
  add('deep/check-expect-flow-3000', `scenario: ${BASE_SCENARIO_FILE}\nexpect:\n  final.winner.attacker: ${flowMap(3000)}\n`, 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('deep/matrix-scenarios-flow-3000', `runs: 10\nscenarios: ${flowSeq(3000)}\n`);

  // ---- YAML syntax ----
  add('syntax/tab-indentation', 'attacker:\n\tunits:\n\t\t- unit: orks/boyz\n');
  add('syntax/bad-indentation-seq', 'attacker:\n  units:\n   - unit: orks/boyz\n  - unit: orks/nobz\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/bad-indentation-map', 'attacker:\n  units:\n    - unit: orks/boyz\n       size: 3\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/duplicate-top-key', `${SCENARIO_TEXT}attacker:\n  units:\n    - unit: orks/boyz\n`);
  add('syntax/duplicate-nested-key', scenarioWithDefender('{ unit: orks/boyz, size: 5, size: 6 }'));
  add('syntax/duplicate-profile-key', scenarioWithDefender(inlineModel('').replace('WS: 2', 'WS: 2, WS: 3')));
  add('syntax/duplicate-roster-unit', rosterText(`models:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: A, models: [ { model: grunt, count: 1 } ] }\n  mob: { name: B, models: [ { model: grunt, count: 2 } ] }\n`));
  add('syntax/unclosed-double-quote', 'name: "Tactical squad\nattacker:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/unclosed-single-quote', "rules: 'srd4\nattacker: x\n");
  add('syntax/unclosed-flow-seq', 'attacker:\n  units: [ { unit: orks/boyz }\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/unclosed-flow-map', scenarioWithDefender('{ unit: orks/boyz, size: 5'));
  add('syntax/extra-close-bracket', 'attacker:\n  units: [ { unit: orks/boyz } ] ]\n');
  add('syntax/stray-colon', 'name: a: b\nattacker:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/key-without-colon', 'attacker\n  units:\n    - unit: orks/boyz\n');
  add('syntax/colon-only-line', ':\n');
  add('syntax/seq-in-map', 'attacker:\n  units:\n    - unit: orks/boyz\n  - unit: orks/nobz\n');
  add('syntax/reserved-indicator', 'rules: @srd4\nattacker: `x`\n');
  add('syntax/bad-block-scalar-header', 'name: |x\n  text\n');
  add('syntax/multi-document', `${SCENARIO_TEXT}---\n${SCENARIO_TEXT}`);
  add('syntax/three-documents', '---\na: 1\n---\nb: 2\n---\nc: 3\n');
  add('syntax/content-after-document-end', `${SCENARIO_TEXT}...\nnot yaml: [\n`);
  add('syntax/directive-in-middle', `name: x\n%YAML 1.2\n---\nrules: srd4\n`);
  add('syntax/bom-at-start', `\uFEFF${SCENARIO_TEXT}`, 'accept', { why: 'a UTF-8 byte order mark at the start is allowed by YAML' });
  add('syntax/bom-in-middle', `name: Hostile\uFEFF\n\uFEFFattacker: x\n`);
  add('syntax/nul-in-value', Buffer.from(SCENARIO_TEXT.replace('rules: srd4', 'rules: srd4\0'), 'utf8'));
  add('syntax/nul-in-key', Buffer.from(`attac\0ker:\n  units:\n    - unit: orks/boyz\n`, 'utf8'));
  add('syntax/only-nul-bytes', Buffer.alloc(4096));
  add('syntax/control-characters', `name: bell\x07\x1b[31m\nrules: srd4\x08\nattacker: x\n`);
  add('syntax/invalid-utf8-in-rules', Buffer.concat([Buffer.from('rules: srd'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(`\n${SCENARIO_TEXT.replace(/^rules:.*\n/m, '')}`)]));
  add('syntax/invalid-utf8-in-name', Buffer.concat([Buffer.from('name: Tactical '), Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), Buffer.from(`\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`)]));
  add('syntax/utf16le-with-bom', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SCENARIO_TEXT, 'utf16le')]));
  add('syntax/binary-garbage', (() => {
    let s = 12345;
    return Buffer.from(Array.from({ length: 8192 }, () => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s & 0xff; }));
  })());
  add('syntax/crlf-valid', SCENARIO_TEXT.replace(/\n/g, '\r\n'), 'accept', { why: 'CRLF line endings are ordinary YAML line breaks' });
  add('syntax/crlf-broken', 'attacker:\r\n  units:\r\n    - unit: orks/boyz\r\n       size: 3\r\n');
  add('syntax/unicode-line-separator', `name: a\u2028b\u2029c\nattacker: x\n`);
  add('syntax/long-line-key-1MB', `${'k'.repeat(1 << 20)}: 1\n${SCENARIO_TEXT}`);
  add('syntax/long-line-rules-1MB', `rules: ${'srd4'.repeat(1 << 18)}\n${SCENARIO_TEXT.replace(/^rules:.*\n/m, '')}`);
  add('syntax/long-line-unit-ref-200KB', scenarioWithDefender(`{ unit: orks/${'b'.repeat(200_000)} }`));
  add('syntax/long-line-casualty-order-100k', scenarioWithDefender(`{ unit: orks/boyz, casualtyOrder: [${Array.from({ length: 100_000 }, (_, i) => i).join(',')}] }`));
  add('syntax/unknown-key-200KB', scenarioWithDefender(`{ unit: orks/boyz, "${'x'.repeat(200_000)}": 1 }`));
  add('syntax/yaml-1.1-directive', `%YAML 1.1\n---\n${SCENARIO_TEXT.replace('charged: true', 'charged: yes')}`, 'accept',
    { why: "a %YAML 1.1 directive is legal, and in YAML 1.1 `yes` is true" });
  add('syntax/tag-binary-name', `name: !!binary aGVsbG8=\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`);
  add('syntax/tag-set-units', 'attacker:\n  units: !!set { a, b }\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/tag-omap-attacker', 'attacker: !!omap [ { units: [ { unit: orks/boyz } ] } ]\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/tag-str-count', scenarioWithDefender('{ name: X, models: [ { name: X, count: !!str 3, profile: { WS: 2, BS: 3, S: 2, T: 2, W: 1, I: 2, A: 1, Ld: 5 } } ] }'));
  add('syntax/tag-custom-name', `name: !custom x\n${SCENARIO_TEXT.replace(/^name:.*\n/m, '')}`, 'reject', { says: /tag !custom is refused.*\(at name\)/ });
  add('syntax/tag-str-rules', SCENARIO_TEXT.replace(/^rules: srd4$/m, 'rules: !!str srd4'), 'reject', { says: /tag !!str is refused.*\(at rules\)/ });
  add('syntax/tag-custom-roster-faction', rosterText(`models:\n  grunt: ${GRUNT}\nunits:\n  mob: { name: !custom Mob, models: [ { model: grunt, count: 3 } ] }\n`).replace('faction: Hostiles', 'faction: !custom Hostiles'), 'reject', { says: /tag !custom is refused.*\(at faction\)/ });
  add('syntax/tag-js-function', 'rules: !!js/function "function () { return 1 }"\nattacker: { units: [ { unit: orks/boyz } ] }\ndefender: { units: [ { unit: orks/boyz } ] }\n');
  add('syntax/complex-key', '? [ attacker, defender ]\n: { units: [ { unit: orks/boyz } ] }\n');
  add('syntax/complex-key-proto', '? { constructor: 1 }\n: x\nattacker: { units: [ { unit: orks/boyz } ] }\n');
  add('syntax/numeric-keys', '1: x\n2.5: y\nattacker: { units: [ { unit: orks/boyz } ] }\ndefender: { units: [ { unit: orks/boyz } ] }\n');
  add('syntax/units-as-numbered-map', 'attacker:\n  units:\n    0: { unit: orks/boyz }\ndefender:\n  units:\n    - unit: orks/boyz\n');
  add('syntax/null-key', '~: x\nattacker: { units: [ { unit: orks/boyz } ] }\ndefender: { units: [ { unit: orks/boyz } ] }\n');
  add('syntax/2000-bad-units', `attacker:\n  units: [${Array.from({ length: 2000 }, () => '5').join(', ')}]\ndefender:\n  units:\n    - unit: orks/boyz\n`);

  // ---- empty and nearly empty ----
  add('empty/empty-file', '');
  add('empty/single-newline', '\n');
  add('empty/whitespace-only', '   \n\n  \t \n   \n');
  add('empty/comments-only', '# just a comment\n  # and another\n#\n');
  add('empty/document-marker-only', '---\n');
  add('empty/two-empty-documents', '---\n---\n');
  add('empty/tilde', '~\n');
  add('empty/null', 'null\n');
  add('empty/empty-map', '{}\n');
  add('empty/empty-list', '[]\n');
  add('empty/empty-string', '""\n');
  add('empty/attacker-and-defender-null', 'attacker:\ndefender:\n');
  add('empty/units-empty', 'attacker:\n  units: []\ndefender:\n  units: []\n');
  add('empty/roster-no-units', 'faction: Hostiles\n');
  add('empty/roster-empty-unit', 'faction: Hostiles\nunits:\n  mob: {}\n');
  add('empty/check-no-expect', `scenario: ${BASE_SCENARIO_FILE}\nexpect:\n`, 'reject', { ext: '.check.yaml', refs: ['base/scenario'] });
  add('empty/matrix-nothing', 'runs: 10\nscenarios: []\n');

  // ---- epic files (rules/epic.md E1, E12, E13): each refusal located, with its key path ----
  const epicGroup = { name: 'Tactical', count: 6, profile: { speed: '10/20', assault: 4, firepower: 1, armour: 5 }, distance: 8 };
  const epicScenario = (attacker: Record<string, unknown>, defender: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => toYaml({
    rules: 'epic', rounds: 1, ...top,
    attacker: { units: [{ name: 'Tactical detachment', models: [epicGroup], ...attacker }] },
    defender: { units: [{ name: 'Boyz', models: [{ name: 'Boyz', count: 6, profile: { speed: '10/20', assault: 3, firepower: 1, armour: 4 } }], ...defender }] },
  });
  const withProfile = (profile: Record<string, unknown>) => ({ models: [{ ...epicGroup, profile: { ...epicGroup.profile, ...profile } }] });
  add('epic/valid', epicScenario({ blastMarkers: 1, rules: ['no-retreat'] }), 'accept', { why: 'a valid epic scenario, the base of the epic cases' });
  add('epic/40k-profile-key', epicScenario(withProfile({ WS: 4 })));
  add('epic/40k-save-key', epicScenario(withProfile({ Sv: 3 })));
  add('epic/inch-key-inContact', epicScenario({ inContact: 2 }));
  add('epic/inch-key-chargeDistance', epicScenario({ chargeDistance: 6 }));
  add('epic/inch-key-lockedWith', epicScenario({}, { lockedWith: ['Tactical detachment'] }));
  add('epic/speed-word', epicScenario(withProfile({ speed: 'fast' })));
  add('epic/speed-reversed', epicScenario(withProfile({ speed: '20/10' })));
  add('epic/speed-three-parts', epicScenario(withProfile({ speed: '10/20/30' })));
  add('epic/speed-negative', epicScenario(withProfile({ speed: -5 })));
  add('epic/assault-negative', epicScenario(withProfile({ assault: -1 })));
  add('epic/firepower-negative', epicScenario(withProfile({ firepower: -2 })));
  add('epic/blast-markers-negative', epicScenario({ blastMarkers: -1 }));
  add('epic/distance-negative', epicScenario({ models: [{ ...epicGroup, distance: -3 }] }));
  add('epic/armour-1', epicScenario(withProfile({ armour: 1 })));
  add('epic/armour-7', epicScenario(withProfile({ armour: 7 })));
  add('epic/war-engine-damage-capacity', epicScenario(withProfile({ damageCapacity: 6 })));
  add('epic/war-engine-rule', epicScenario({ models: [{ ...epicGroup, rules: ['war-engine'] }] }));
  add('epic/two-detachments', toYaml({
    rules: 'epic', attacker: { units: [{ name: 'A', models: [epicGroup] }, { name: 'B', models: [epicGroup] }] },
    defender: { units: [{ name: 'D', models: [{ ...epicGroup, distance: undefined }] }] },
  }));
  add('epic/rounds-3', epicScenario({}, {}, { rounds: 3 }));
  add('epic/rounds-0', epicScenario({}, {}, { rounds: 0 }));
  add('epic/unknown-detachment-rule', epicScenario({ rules: ['fearless'] }));
  add('epic/broken-attacker', epicScenario({ broken: true }), 'reject', { says: /Broken detachment cannot assault \(E15\).*\(at attacker\.units\[0\]\.broken\)/ });
  add('epic/broken-unbreakable-defender', epicScenario({}, { broken: true, rules: ['unbreakable'] }), 'reject', { says: /never Broken \(E15\).*\(at defender\.units\[0\]\.broken\)/ });
  add('epic/defender-distance', epicScenario({}, { models: [{ ...epicGroup }] }));
  add('epic/epic-profile-under-srd4', epicScenario({}, {}, { rules: 'srd4' }));
  add('epic/epic-keys-under-waffle', toYaml({
    rules: 'waffle', attacker: { units: [{ unit: 'orks/boyz', blastMarkers: 2 }] }, defender: { units: [{ unit: 'orks/boyz' }] },
  }));

  // ---- mistaken input: the message names the cause, every value allowed, the kind of file it is ----
  add('mistaken/tab-after-spaces', 'rules: srd4\nattacker:\n  units:\n    - unit: orks/boyz\n    \tsize: 3\ndefender:\n  units:\n    - unit: orks/boyz\n', 'reject', { says: /^YAML syntax: a tab in the indentation/ });
  add('mistaken/rounds-resolv', SCENARIO_TEXT.replace('rounds: resolve', 'rounds: resolv'), 'reject', { says: /"resolv" is not 1-20 or resolve; did you mean 'resolve'\? \(at rounds\)/ });
  add('mistaken/charge-range-12', toYaml({ ...BASE_EDITION, charge: { range: 12 } }), 'reject', { ext: '.edition.yaml', says: /12 is not one of 6, "2d6" \(at charge\.range\)/ });
  add('mistaken/roster-as-check-scenario', toYaml({ ...BASE_CHECK, scenario: `${BASE_ROSTER_STEM}.yaml` }), 'reject', { ext: '.check.yaml', says: /^scenario names hostile-roster\.yaml, a roster file \(faction, models, units\), where a scenario file goes.*\(at scenario\)$/ });
  add('mistaken/roster-as-matrix-scenario', toYaml({ runs: 10, scenarios: [`${BASE_ROSTER_STEM}.yaml`] }), 'reject', { says: /scenarios\[0\] names hostile-roster\.yaml, a roster file.*a scenario names its units.* \(at scenarios\[0\]\)/ });
  add('mistaken/vehicle-under-waffle-alone', scenarioWithDefender(rhino(RHINO)).replace('rules: srd4', 'rules: waffle'), 'reject', { says: /^waffle has no rules for vehicles or walkers yet.*\(at defender\.units\[0\]\)$/ });
  add('mistaken/epic-scenario-under-srd4', epicScenario({ blastMarkers: 1 }, {}, { rules: 'srd4' }), 'reject', { says: /^this is an epic scenario \(its units are epic detachments\), but rules: srd4 chooses a 40K ruleset: write rules: epic \(at rules\)$/ });
  const rearmed = (rules: string, weapon: string) => scenarioWithDefender('{ unit: orks/boyz }').replace('rules: srd4', `rules: ${rules}`).replace('    - unit: space-marines/tactical-squad\n', `    - unit: space-marines/tactical-squad\n      wargear: { marine: [${weapon}] }\n`);
  add('mistaken/chainsword-under-srd4', rearmed('srd4', 'chainsword'), 'reject', { says: /^unknown weapon 'chainsword' under srd4: it is a fightphase and waffle weapon; srd4 has close-combat-weapon, which strikes alike/ });
  add('mistaken/krak-under-fightphase', rearmed('fightphase', 'krak-grenades'), 'reject', { says: /^unknown weapon 'krak-grenades' under fightphase: it is a srd4 and revised4 weapon; fightphase has no weapon like it \(at/ });

  // ---- the newer formats under mistaken input: an epic matrix's variants checked as epic's, 40K units under epic ----
  const epicMatrix = (attackers: unknown[], defenders: unknown[] = ['epic-orks/boyz-mob']) => toYaml({ rules: 'epic', runs: 10, attackers, defenders });
  add('newer/epic-variant-blast-markers', epicMatrix([{ unit: 'epic-space-marines/tactical-detachment', blastMarkers: 2 }]), 'accept', { why: "an epic variant takes epic's own keys, as an epic scenario's detachment does" });
  for (const [k, v] of [['inContact', 3], ['chargeDistance', 6], ['wargear', { tactical: ['chainsword'] }]] as const) {
    add(`newer/epic-variant-${k}`, epicMatrix([{ unit: 'epic-space-marines/tactical-detachment', [k]: v }]), 'reject', { says: new RegExp(`^'${k}' is a 40K key \\(inches, models\\) that means nothing under epic.*\\(at attackers\\[0\\]\\.${k}\\)$`) });
  }
  add('newer/epic-variant-defender-distance', epicMatrix(['epic-orks/boyz-mob'], [{ unit: 'epic-space-marines/tactical-detachment', distance: 5 }]), 'reject', { says: /^distance is for the attacker's units: the defender does not move \(E2\) \(at defenders\[0\]\.distance\)$/ });
  add('newer/epic-variant-speed-word', epicMatrix([{ name: 'Odd', models: [{ name: 'Odd', count: 2, profile: { speed: 'fast', assault: 2, firepower: 1, armour: 4 } }] }]), 'reject', { says: /speed/ });
  add('newer/epic-matrix-40k-units', epicMatrix(['orks/boyz'], ['space-marines']), 'reject', { says: /^'orks\/boyz' is a 40K unit \(orks\.yaml is a 40K roster.*epic fights detachments of an epic roster.*did you mean epic-orks, an epic roster\? \(at attackers\[0\]\)$/ });
  add('newer/epic-scenario-40k-unit', epicScenario({}, {}, {}).replace(/defender:\n  units:\n[\s\S]*$/, 'defender:\n  units:\n    - unit: orks/boyz\n'), 'reject', { says: /^'orks\/boyz' is a 40K unit .*\(at defender\.units\[0\]\.unit\)$/ });
  add('newer/epic-roster-no-speed', toYaml({ faction: 'Hostile epic', models: { grunt: { name: 'Grunt', profile: { assault: 2, firepower: 1, armour: 4 } } }, units: { mob: { name: 'Mob', models: [{ model: 'grunt', count: 3 }] } } }), 'reject', { says: /^missing: Speed in cm: a number, or a split Speed "a\/b".*\(at models\.grunt\.profile\.speed\)$/ });
  add('newer/epic-roster-speed-misspelt', toYaml({ faction: 'Hostile epic', models: { grunt: { name: 'Grunt', profile: { sped: 10, assault: 2, firepower: 1, armour: 4 } } }, units: { mob: { name: 'Mob', models: [{ model: 'grunt', count: 3 }] } } }), 'reject', { says: /^missing: Speed in cm/ });
  add('newer/40k-matrix-epic-units', toYaml({ runs: 10, attackers: ['epic-orks/boyz-mob'], defenders: ['orks/boyz'] }), 'reject', { says: /^epic-orks\.yaml is an epic roster .*its units fight under rules: epic, not srd4 \(at attackers\[0\]\)$/ });
  add('newer/epic-matrix-near-miss-unit', epicMatrix(['epic-orks/boyz']), 'reject', { says: /^no unit 'boyz' in .*epic-orks\.yaml; its units: .*boyz-mob/ });
  add('newer/epic-matrix-near-miss-roster', epicMatrix(['epic-ork/boyz-mob']), 'reject', { says: /^no roster file 'epic-ork\.yaml'; did you mean 'epic-orks'\?/ });

  // ---- a 40K matrix checked under every ruleset it fights under, by validate as by batch ----
  const chainswordVariant = { unit: 'space-marines/tactical-squad', wargear: { marine: ['chainsword'] } };
  add('newer/matrix-chainsword-under-fightphase', toYaml({ rules: 'fightphase', runs: 10, attackers: [chainswordVariant], defenders: ['orks/boyz'] }), 'accept',
    { why: "a variant's weapon is looked up in the armoury of the ruleset the matrix fights it under (fightphase has chainswords)" });
  add('newer/matrix-chainsword-under-srd4-too', toYaml({ rules: ['fightphase', 'srd4'], runs: 10, attackers: [chainswordVariant], defenders: ['orks/boyz'] }), 'reject',
    { says: /^unknown weapon 'chainsword' under srd4: it is a fightphase and waffle weapon; srd4 has close-combat-weapon.*\(at attackers\[0\]\.wargear\.marine\[0\]\)$/ });
  add('newer/matrix-vehicle-under-waffle', toYaml({ rules: ['srd4', 'waffle'], runs: 10, attackers: ['orks/boyz'], defenders: ['vehicles/rhino'] }), 'reject',
    { says: /^waffle has no rules for vehicles or walkers yet.*\(at defenders\[0\]\)$/ });
  add('newer/waffle-house', toYaml({ edition: 'hostile-waffle-house', name: 'Waffle house', base: 'waffle' }), 'accept', { ext: '.edition.yaml', why: 'an edition file over waffle, which a matrix below fights a vehicle under' });
  add('newer/matrix-vehicle-under-waffle-file', toYaml({ rules: 'newer--waffle-house.edition.yaml', runs: 10, attackers: ['orks/boyz'], defenders: ['vehicles/dreadnought'] }), 'reject',
    { refs: ['newer/waffle-house'], says: /^hostile-waffle-house has no rules for vehicles or walkers yet.*\(at defenders\[0\]\)$/ });

  // ---- a file of the wrong kind named where an edition file goes ----
  add('newer/rules-names-a-roster', SCENARIO_TEXT.replace('rules: srd4', `rules: ${BASE_ROSTER_STEM}.yaml`), 'reject',
    { says: /^'hostile-roster\.yaml' is a roster file \(faction, models, units\), not an edition file: .*\(at rules\)$/ });
  add('newer/scenario-as-edition', SCENARIO_TEXT, 'either', { ext: '.edition.yaml', why: 'a valid scenario under an edition file\'s name: validate reads it as the scenario it is' });
  add('newer/rules-names-a-scenario-edition', SCENARIO_TEXT.replace('rules: srd4', 'rules: newer--scenario-as-edition.edition.yaml'), 'reject',
    { refs: ['newer/scenario-as-edition'], says: /^rules names newer--scenario-as-edition\.edition\.yaml, a scenario file \(attacker, defender\), where an edition file goes.*\(at rules\)$/ });
  add('newer/base-names-a-scenario', toYaml({ ...BASE_EDITION, edition: 'hostile-on-scenario', base: 'newer--scenario-as-edition.edition.yaml' }), 'reject',
    { ext: '.edition.yaml', refs: ['newer/scenario-as-edition'], says: /^base names newer--scenario-as-edition\.edition\.yaml, a scenario file.*\(at base\)$/ });

  add('newer/lone-roster-any-edition-weapons', rosterText(`models:\n  grunt: { name: Grunt, profile: { WS: 3, BS: 3, S: 3, T: 3, W: 1, I: 3, A: 1, Ld: 7 }, wargear: [chainsword, krak-grenades] }\nunits:\n  mob: { name: Mob, models: [ { model: grunt, count: 3 } ] }\n`), 'accept',
    { why: "a lone roster is checked for no one ruleset: a weapon of any shipped 40K edition's armoury is taken (validate says which editions have it)" });

  return cases;
}

/** File name of a case: family--short-name.yaml (never a roster stem a case refers to). */
export function caseFileName(c: HostileCase): string {
  if (c.name === 'base/scenario') return BASE_SCENARIO_FILE;
  if (c.name === 'base/hostile-roster') return `${BASE_ROSTER_STEM}.yaml`;
  if (c.name.startsWith('protodef/protodef-')) return `${c.name.slice('protodef/'.length)}.yaml`;
  const [family, rest] = c.name.split('/', 2) as [string, string];
  return `${slug(family)}--${slug(rest ?? '').slice(0, 120)}${c.ext ?? '.yaml'}`;
}

/** Write every case into `dir`; names must map to distinct files. */
export function writeHostileCases(dir: string): WrittenCase[] {
  mkdirSync(dir, { recursive: true });
  const cases = hostileCases();
  const byName = new Map<string, string>();
  const files = new Set<string>();
  for (const c of cases) {
    const f = join(dir, caseFileName(c));
    if (files.has(f) || byName.has(c.name)) throw new Error(`two hostile cases share the file ${f} (${c.name})`);
    files.add(f);
    byName.set(c.name, f);
  }
  return cases.map((c) => {
    const file = byName.get(c.name)!;
    writeFileSync(file, c.content);
    const refFiles = (c.refs ?? []).map((r) => {
      const f = byName.get(r);
      if (!f) throw new Error(`hostile case ${c.name} refers to unknown case ${r}`);
      return f;
    });
    return { ...c, file, refFiles };
  });
}
