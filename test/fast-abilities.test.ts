// The fast paths with abilities (abilities.md B13: the same figures in every mode): for a fight
// with each kind of effect, under every 40K edition, the tabled fight (src/sim/tabled.ts)
// fights every run as the reference steps do (outcome and dice), with a table that holds the
// fight and with one too small for it; and the kernel (src/sim/kernel/) takes exactly the fights
// whose effects it has learned, and fights those as the reference steps do, reading its tables
// and compiled. The fights come from a roster of their own whose `abilities:` give every effect,
// and from the shipped abilities by name; every kind of effect must be among them.
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { EFFECT_KINDS, type EffectKind } from '../src/abilities.js';
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import type { FightOutcome } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import { loadScenario } from '../src/io/load.js';
import type { Scenario } from '../src/model.js';
import { kernelRefusal } from '../src/sim/kernel/domain.js';
import { kernelFor } from '../src/sim/kernel/kernel.js';
import type { TableLimits } from '../src/sim/tabled.js';
import { Fights, simulate } from '../src/sim/run.js';
import { tempFiles } from './helpers.js';
import { differencesFrom, forgetReferences, tabledDifferences as sharedTabledDifferences } from './tabled-differences.js';

afterAll(forgetReferences);

const EDITIONS = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;

const files = tempFiles('fast-abilities');
afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

/** Every effect in an ability of its own (some twice: other values, other `when`s). */
files.write('fx.yaml', `faction: Effects
weapons:
  fist: { name: Fist, strength: x2, ignoresArmour: true, initiative: 1 }
  blade: { name: Blade, ignoresArmour: true }
  knife: { name: Knife, singleHanded: true }
  axe: { name: Axe, maxSave: 4 }
  claw: { name: Claw, rerollFailedWounds: true }
abilities:
  fury:
    name: Fury
    effects:
      - { modify: { WS: 1, S: 1, T: 1, I: 1, A: 1, Ld: 1 } }
      - { modify: { A: 1, S: 1 }, when: charging }
  clumsy:
    name: Clumsy
    effects:
      - { modify: { WS: -9, I: -2, A: -1, T: -1, Ld: -3 } }
      - { modify: { I: 9 }, when: charged }
  keen:
    name: Keen
    effects:
      - { modify: { S: 1, I: 2 } }
      - { modify: { A: 1, S: 1 }, when: charging }
      - { modify: { I: -3, A: 2 }, when: charged }
  hatred: { name: Hatred, effects: [ { reroll: { roll: hit }, notAgainst: [brute] } ] }
  spite: { name: Spite, effects: [ { reroll: { roll: wound, results: ones } } ] }
  spite-all: { name: Spite, effects: [ { reroll: { roll: wound }, when: firstRound } ] }
  faith: { name: Faith, effects: [ { reroll: { roll: save } } ] }
  faith-ones: { name: Faith, effects: [ { reroll: { roll: save, results: ones } } ] }
  foe: { name: Foe, effects: [ { hitOn: 3, notAgainst: [brute] } ] }
  foe-first: { name: Foe, effects: [ { hitOn: 2, when: firstRound } ] }
  brute: { name: Brute, effects: [ { modify: { S: 1 } } ] }
  tough: { name: Tough, effects: [ { feelNoPain: 4 } ] }
  tougher: { name: Tougher, effects: [ { feelNoPain: 5 }, { eternalWarrior: true } ] }
  slow: { name: Slow, effects: [ { chargeBonus: false } ] }
  brave: { name: Brave, effects: [ { fearless: true } ] }
  mob: { name: Mob, effects: [ { fearless: { models: 8 } }, { leadership: models } ] }
  quick: { name: Quick, effects: [ { strikeAt: 10, when: firstRound } ] }
  late: { name: Late, effects: [ { strikeAt: 1 } ] }
  counter: { name: Counter, effects: [ { engageAll: true, when: charged } ] }
  flee: { name: Flee, effects: [ { hitAndRun: true } ] }
  hardy:
    name: Hardy
    effects:
      - { feelNoPain: 5, when: charged }
      - { reroll: { roll: save }, when: firstRound }
  steady: { name: Steady, effects: [ { reroll: { roll: save, results: ones } } ] }
  proud:
    name: Proud
    effects:
      - { modify: { Ld: 2, A: 1 } }
      - { modify: { Ld: -6 }, when: charged }
  rally: { name: Rally, effects: [ { fearless: { models: 6 }, when: charged }, { leadership: models, when: firstRound } ] }
  proof: { name: Proof, effects: [ { sweepProof: true } ] }
  proof-first: { name: Proof, effects: [ { sweepProof: true, when: firstRound } ] }
  flee-first: { name: Flee, effects: [ { hitAndRun: true, when: firstRound } ] }
  wild: { name: Wild, effects: [ { modify: { WS: 2, T: -1 }, when: charging } ] }
  stern: { name: Stern, effects: [ { modify: { WS: 1, T: 2 }, when: firstRound } ] }
models:
  marine: { name: Marine, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear: [knife, knife] }
  sergeant: { name: Sergeant, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 9, Sv: 3 }, wargear: [fist] }
  veteran: { name: Veteran, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 9, Sv: 3, Inv: 5 }, wargear: [blade] }
  boy: { name: Boy, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 }, wargear: [axe, slugga] }
  brute-boy: { name: Brute, profile: { WS: 3, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 }, wargear: [axe], rules: [brute] }
  brute-nob: { name: Brute Nob, profile: { WS: 4, BS: 2, S: 4, T: 5, W: 2, I: 3, A: 3, Ld: 7, Sv: 6 }, wargear: [knife, knife], rules: [brute] }
  warden: { name: Warden, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 2, I: 4, A: 2, Ld: 9, Sv: 4 }, wargear: [knife, storm-bolter] }
  reaver: { name: Reaver, profile: { WS: 5, BS: 4, S: 4, T: 4, W: 1, I: 5, A: 2, Ld: 9, Sv: 4 }, wargear: [claw] }
  nob: { name: Nob, profile: { WS: 4, BS: 2, S: 4, T: 4, W: 2, I: 3, A: 3, Ld: 7, Sv: 5 }, wargear: [knife, knife] }
units:
  marines: { name: Marines, models: [ { model: sergeant, count: 1 }, { model: veteran, count: 1 }, { model: marine, count: 6 } ] }
  boyz: { name: Boyz, models: [ { model: nob, count: 1 }, { model: boy, count: 11 } ] }
  mob: { name: Mob, models: [ { model: nob, count: 1 }, { model: brute-boy, count: 5 }, { model: boy, count: 6 } ] }
  horde: { name: Horde, models: [ { model: boy, count: 12 } ] }
  reavers: { name: Reavers, models: [ { model: reaver, count: 6 } ] }
  brutes: { name: Brutes, models: [ { model: brute-nob, count: 1 }, { model: brute-boy, count: 9 } ] }
  wardens: { name: Wardens, models: [ { model: warden, count: 5 } ] }
  few: { name: Few, models: [ { model: nob, count: 1 }, { model: boy, count: 4 } ] }
  squad: { name: Squad, models: [ { model: marine, count: 5 } ] }
  lads: { name: Lads, models: [ { model: boy, count: 10 } ] }
`);

interface Case {
  name: string;
  attacker: string;
  defender: string;
  rounds: number | 'resolve';
}

const side = (u: string) => `{ units: [ ${u} ] }`;
/** the fights: the units as scenario units (YAML flow maps), the phases */
const CASES: Case[] = [
  { name: 'modify, always and charging', attacker: '{ unit: fx/marines, rules: [fury] }', defender: '{ unit: fx/boyz, rules: [fury] }', rounds: 'resolve' },
  { name: 'modify to the bounds, and charged', attacker: '{ unit: fx/marines, rules: [clumsy] }', defender: '{ unit: fx/boyz, rules: [clumsy] }', rounds: 3 },
  { name: 'modify of S, I and A alone', attacker: '{ unit: fx/marines, rules: [keen] }', defender: '{ unit: fx/boyz, rules: [keen] }', rounds: 'resolve' },
  { name: 'reroll hits (notAgainst a majority) and wounds', attacker: '{ unit: fx/marines, rules: [hatred, spite-all] }', defender: '{ unit: fx/mob, rules: [spite] }', rounds: 'resolve' },
  { name: 'reroll saves', attacker: '{ unit: fx/marines, rules: [faith] }', defender: '{ unit: fx/boyz, rules: [faith-ones] }', rounds: 'resolve' },
  { name: 'hitOn (notAgainst a majority), firstRound', attacker: '{ unit: fx/marines, rules: [foe] }', defender: '{ unit: fx/mob, rules: [foe-first] }', rounds: 'resolve' },
  { name: 'reroll hits (notAgainst none of them) and wounds', attacker: '{ unit: fx/marines, rules: [hatred, spite-all] }', defender: '{ unit: fx/boyz, rules: [spite] }', rounds: 'resolve' },
  { name: 'reroll hits (notAgainst all of them), hitOn', attacker: '{ unit: fx/marines, rules: [hatred, foe-first] }', defender: '{ unit: fx/brutes, rules: [hatred, foe] }', rounds: 'resolve' },
  { name: 'hitOn (notAgainst all of them, and none), reroll wounds', attacker: '{ unit: fx/boyz, rules: [foe, spite] }', defender: '{ unit: fx/brutes, rules: [foe, spite-all] }', rounds: 'resolve' },
  { name: 'modify of WS and T by phase, hitOn, the models differ', attacker: '{ unit: fx/mob, rules: [wild, foe-first] }', defender: '{ unit: fx/marines, rules: [stern, spite-all] }', rounds: 'resolve' },
  { name: 'reroll wounds by a weapon and an ability (not added up)', attacker: '{ unit: fx/reavers, rules: [spite, foe] }', defender: '{ unit: fx/boyz, rules: [hatred, spite-all] }', rounds: 'resolve' },
  { name: 'modify of WS and T by phase, the models alike', attacker: '{ unit: fx/horde, rules: [stern, spite] }', defender: '{ unit: fx/wardens, rules: [wild, clumsy] }', rounds: 'resolve' },
  { name: 'feelNoPain against double Strength and no armour save', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/boyz, rules: [tough] }', rounds: 'resolve' },
  { name: 'eternalWarrior, feelNoPain', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/few, rules: [tougher] }', rounds: 'resolve' },
  { name: 'feelNoPain and reroll saves, the models alike', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/horde, rules: [tough, faith] }', rounds: 'resolve' },
  { name: 'eternalWarrior, feelNoPain, reroll saves by phase, the models alike', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/wardens, rules: [tougher, hardy, steady] }', rounds: 'resolve' },
  { name: 'on saves both sides, the models alike', attacker: '{ unit: fx/wardens, rules: [hardy, faith-ones] }', defender: '{ unit: fx/horde, rules: [hardy] }', rounds: 'resolve' },
  { name: 'the shipped abilities on saves, the models alike', attacker: '{ unit: fx/marines, rules: [furious-charge] }', defender: '{ unit: fx/wardens, rules: [feel-no-pain, eternal-warrior] }', rounds: 'resolve' },
  { name: 'chargeBonus', attacker: '{ unit: fx/marines, rules: [slow] }', defender: '{ unit: fx/boyz, rules: [slow] }', rounds: 1 },
  { name: 'fearless', attacker: '{ unit: fx/few }', defender: '{ unit: fx/marines, rules: [brave] }', rounds: 'resolve' },
  { name: 'fearless by models, leadership: models', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/boyz, rules: [mob] }', rounds: 'resolve' },
  { name: 'strikeAt', attacker: '{ unit: fx/marines, rules: [late] }', defender: '{ unit: fx/boyz, rules: [quick] }', rounds: 3 },
  { name: 'engageAll when charged', attacker: '{ unit: fx/marines, inContact: 3 }', defender: '{ unit: fx/boyz, inContact: 4, rules: [counter] }', rounds: 2 },
  { name: 'hitAndRun', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/boyz, rules: [flee] }', rounds: 'resolve' },
  { name: 'hitAndRun on both sides (a draw)', attacker: '{ unit: fx/few, rules: [flee] }', defender: '{ unit: fx/few, rules: [flee] }', rounds: 'resolve' },
  { name: 'sweepProof', attacker: '{ unit: fx/marines }', defender: '{ unit: fx/few, rules: [proof] }', rounds: 'resolve' },
  {
    name: 'the shipped abilities by name',
    attacker: '{ unit: fx/marines, rules: [litanies-of-hate, preferred-enemy, slow-and-purposeful, and-they-shall-know-no-fear] }',
    defender: '{ unit: fx/boyz, inContact: 6, rules: [feel-no-pain, mob-rule, counter-attack, hit-and-run, eternal-warrior] }',
    rounds: 'resolve',
  },
  {
    name: 'Morale and sweeps, the shipped abilities by name', attacker: '{ unit: fx/marines, rules: [and-they-shall-know-no-fear, stubborn] }',
    defender: '{ unit: fx/horde, rules: [mob-rule, feel-no-pain] }', rounds: 'resolve',
  },
  { name: 'fearless by models when charged, sweepProof', attacker: '{ unit: fx/boyz, rules: [proof] }', defender: '{ unit: fx/horde, rules: [rally, proof] }', rounds: 'resolve' },
  { name: 'modify of Ld', attacker: '{ unit: fx/marines, rules: [proud] }', defender: '{ unit: fx/boyz, rules: [proud] }', rounds: 'resolve' },
  { name: 'furious-charge, fearless', attacker: '{ unit: fx/boyz, rules: [furious-charge] }', defender: '{ unit: fx/marines, rules: [fearless] }', rounds: 'resolve' },
  { name: 'stubborn', attacker: '{ unit: fx/boyz }', defender: '{ unit: fx/marines, rules: [stubborn] }', rounds: 'resolve' },
];

/** Case `c` under `rules` (one phase: `onePhase`). */
function load(c: Case, rules: string, onePhase = false): Scenario {
  // each case read once an edition (its file written, its rosters read and checked): the tests share it, none changes it
  const key = `${c.name}\0${rules}`;
  let s = loaded.get(key);
  if (!s) loaded.set(key, (s = read(c, rules)));
  return onePhase ? { ...s, rounds: 1 } : s;
}
const loaded = new Map<string, Scenario>();

function read(c: Case, rules: string): Scenario {
  const f = files.write(`${c.name.replace(/[^a-z]+/gi, '-')}.yaml`, `name: ${JSON.stringify(c.name)}
rules: srd4
rounds: ${c.rounds}
attacker: ${side(c.attacker)}
defender: ${side(c.defender)}
`);
  return loadScenario(f, { rules });
}

/** The effect kinds of a scenario's abilities. */
function kindsOf(s: Scenario): Set<EffectKind> {
  const out = new Set<EffectKind>();
  for (const u of [...s.attacker.units, ...s.defender.units]) {
    for (const g of u.models) for (const a of g.spec.abilities ?? []) for (const e of a.effects) out.add(e.kind);
  }
  return out;
}

const differences = (name: string, s: Scenario, runs: number, fight: (chance: CountChance) => unknown, seed = 'fast-abilities'): string[] => differencesFrom(name, s, runs, fight, seed);

/** The tabled fight's differences from the reference over `runs` runs, from this file's seed. */
const tabledDifferences = (name: string, s: Scenario, runs: number, limits?: TableLimits): string[] => sharedTabledDifferences(name, s, runs, 'fast-abilities', limits);

describe('the fights with abilities', () => {
  it('give every kind of effect (a kind added to EFFECT_KINDS needs a fight here)', () => {
    expect([...EFFECT_KINDS]).toEqual([
      'modify', 'reroll', 'hitOn', 'feelNoPain', 'eternalWarrior', 'chargeBonus', 'fearless', 'leadership',
      'strikeAt', 'engageAll', 'hitAndRun', 'sweepProof',
    ]);
    const seen = new Set<EffectKind>();
    for (const c of CASES) for (const k of kindsOf(load(c, 'srd4'))) seen.add(k);
    expect([...seen].sort()).toEqual([...EFFECT_KINDS].sort());
  });

  it('load under every 40K edition', () => {
    for (const c of CASES) for (const rules of EDITIONS) expect(kindsOf(load(c, rules)).size).toBeGreaterThan(0);
  });
});

describe('a tabled fight with abilities fights every run as the reference steps', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s, under every 40K edition, as given and for one phase', { timeout: 120_000 }, (_name, c) => {
    const wrong: string[] = [];
    for (const rules of EDITIONS) {
      wrong.push(...tabledDifferences(`${c.name} ${rules}`, load(c, rules), 1000));
      wrong.push(...tabledDifferences(`${c.name} ${rules} one phase`, load(c, rules, true), 600));
    }
    expect(wrong).toEqual([]);
  });

  it('with a table too small for the fights: runs that leave it are fought on by the steps', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    for (const c of CASES) for (const rules of EDITIONS) wrong.push(...tabledDifferences(`${c.name} ${rules} small`, load(c, rules), 300, { nodes: 60, numbers: 4000, outcomes: 8 }));
    expect(wrong).toEqual([]);
  });
});

/** The cases the kernel takes under srd4, revised4 and fightphase (the rest it refuses: `sim` tables them). */
const KERNEL_TAKES: readonly string[] = [
  'modify, always and charging', 'modify to the bounds, and charged', 'reroll hits (notAgainst none of them) and wounds', 'reroll hits (notAgainst all of them), hitOn',
  'hitOn (notAgainst all of them, and none), reroll wounds', 'modify of WS and T by phase, hitOn, the models differ', 'modify of WS and T by phase, the models alike',
  'reroll wounds by a weapon and an ability (not added up)', 'modify of S, I and A alone', 'chargeBonus', 'strikeAt', 'furious-charge, fearless',
  'feelNoPain and reroll saves, the models alike', 'eternalWarrior, feelNoPain, reroll saves by phase, the models alike', 'on saves both sides, the models alike',
  'the shipped abilities on saves, the models alike', 'fearless', 'fearless by models, leadership: models', 'sweepProof', 'stubborn', 'fearless by models when charged, sweepProof', 'modify of Ld', 'hitAndRun', 'hitAndRun on both sides (a draw)', 'engageAll when charged',
  'Morale and sweeps, the shipped abilities by name',
];

/** Of those, the ones it refuses under fightphase and waffle: a model brought into base contact (engageAll). */
const NOT_ON_A_LINE: readonly string[] = ['engageAll when charged'];
// waffle: the Boyz' sluggas and the Wardens' storm bolters fire Overwatch at the abilities of their chargers
const KERNEL_RULES = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;
const takenUnder = (name: string, rules: string) => KERNEL_TAKES.includes(name) && !((rules === 'fightphase' || rules === 'waffle') && NOT_ON_A_LINE.includes(name));

describe('the kernel with abilities', () => {
  const refusal = (s: Scenario) => kernelRefusal(new FightState(s, getRuleset(s.rules)), getRuleset(s.rules));

  it('takes the fights whose every effect it has learned, and refuses the others with the ability named', () => {
    for (const c of CASES) {
      for (const rules of KERNEL_RULES) {
        const why = refusal(load(c, rules));
        if (takenUnder(c.name, rules)) expect(why, `${c.name} ${rules}`).toBeNull();
        else expect(why, `${c.name} ${rules}`).toMatch(/^(an ability the kernel does not fight \([a-z0-9-]+\)|abilities on saves in a unit whose models save or suffer wounds differently|notAgainst a unit whose models differ in it \([a-z0-9-]+\)|a model not in base contact at the start \(a distance\))$/);
      }
    }
  });

  it.each(KERNEL_TAKES.map((n) => [n] as const))('%s: fought as the reference steps fight it, reading its tables and compiled, srd4, revised4, fightphase and waffle (where it takes it)', { timeout: 120_000 }, (name) => {
    const c = CASES.find((x) => x.name === name)!;
    const wrong: string[] = [];
    for (const rules of KERNEL_RULES) {
      if (!takenUnder(name, rules)) continue;
      for (const s of [load(c, rules), load(c, rules, true)]) {
        for (const compiled of [false, true]) {
          const kernel = kernelFor(s, getRuleset(s.rules))!;
          // waffle's Final Blows lengthen the code: one of these is too large to compile, and is fought reading the tables
          if (compiled && !kernel.compile() && rules === 'waffle') expect(kernel.notCompiled).toMatch(/^a fight too large to compile/);
          else if (compiled) expect(kernel.isCompiled, kernel.notCompiled ?? '').toBe(true);
          wrong.push(...differences(`${name} ${rules} ${s.rounds}${compiled ? ' compiled' : ''}`, s, 1000, (chance) => kernel.fight(chance)));
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('the kernel with abilities, two units a side (sim/kernel/multi.ts)', () => {
  const refusal = (s: Scenario) => kernelRefusal(new FightState(s, getRuleset(s.rules)), getRuleset(s.rules));
  /** each unit of `s` fought beside a copy of itself */
  const twice = (s: Scenario): Scenario => {
    const two = (us: Scenario['attacker']['units']) => us.flatMap((u) => [u, { ...u, name: `${u.name} II` }]);
    return { ...s, attacker: { units: two(s.attacker.units) }, defender: { units: two(s.defender.units) } };
  };

  it('each fight its domain takes, as the reference steps fight it, reading its tables and compiled where its compiler takes it; the rest refused for what several units a side cannot read', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    let taken = 0;
    let compiledTaken = 0;
    for (const c of CASES) {
      for (const rules of ['srd4', 'revised4'] as const) {
        const s = twice(load(c, rules));
        const why = refusal(s);
        if (why !== null) {
          expect(why, `${c.name} ${rules}`).toMatch(/(of several units a side|^an ability the kernel does not fight)/);
          continue;
        }
        taken++;
        for (const compiled of [false, true]) {
          const kernel = kernelFor(s, getRuleset(s.rules))!;
          if (compiled && !kernel.compile()) continue;
          if (compiled) compiledTaken++;
          wrong.push(...differences(`${c.name} ${rules} two a side${compiled ? ' compiled' : ''}`, s, 100, (chance) => kernel.fight(chance)));
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(taken).toBe(26);
    expect(compiledTaken).toBe(0);
  });

  // the run compiled (sim/kernel/multi-compile.ts) takes units of one wound, profile and save alone:
  // none of the cases above. Its Morale checks, Fearless, Leadership and Hit & Run, on such units,
  // each case shown to reach the rule it names in some run compared
  const PLAIN: (Case & { shows: (o: FightOutcome) => boolean })[] = [
    { name: 'plain, fearless', attacker: '{ unit: fx/squad }', defender: '{ unit: fx/lads, rules: [brave] }', rounds: 'resolve', shows: (o) => o.moraleTaken > 0 && o.moraleFailed === 0 && o.firstResult === 'attacker' },
    { name: 'plain, fearless by models, leadership: models', attacker: '{ unit: fx/squad }', defender: '{ unit: fx/lads, rules: [mob] }', rounds: 'resolve', shows: (o) => o.moraleFailed > 0 && o.winner === 'attacker' },
    { name: 'plain, fearless when charged, leadership: models first, sweepProof', attacker: '{ unit: fx/squad, rules: [proof] }', defender: '{ unit: fx/lads, rules: [rally, proof] }', rounds: 'resolve', shows: (o) => o.sweepsCaught > 0 },
    { name: 'plain, modify of Ld when charged', attacker: '{ unit: fx/squad, rules: [proud] }', defender: '{ unit: fx/lads, rules: [proud] }', rounds: 'resolve', shows: (o) => o.moraleFailed > 1 },
    { name: 'plain, hitAndRun', attacker: '{ unit: fx/squad, rules: [flee] }', defender: '{ unit: fx/lads, rules: [flee] }', rounds: 'resolve', shows: (o) => o.end === 'disengaged' },
    // the sweep and Hit & Run read the table of the phase they end (first or later)
    { name: 'plain, sweepProof in the first phase alone', attacker: '{ unit: fx/squad }', defender: '{ unit: fx/lads, rules: [proof-first] }', rounds: 'resolve', shows: (o) => o.phases > 1 && o.sweepsCaught > 0 },
    { name: 'plain, hitAndRun in the first phase alone', attacker: '{ unit: fx/squad }', defender: '{ unit: fx/lads, rules: [flee-first] }', rounds: 'resolve', shows: (o) => o.phases > 2 },
    { name: 'plain, the shipped Morale rules', attacker: '{ unit: fx/squad, rules: [and-they-shall-know-no-fear, stubborn] }', defender: '{ unit: fx/lads, rules: [mob-rule] }', rounds: 4, shows: (o) => o.moraleTaken > 1 },
  ];

  it('the run compiled: Fearless, Leadership, sweep-proof units and Hit & Run as the reference steps fight them', { timeout: 60_000 }, () => {
    const wrong: string[] = [];
    for (const c of PLAIN) {
      for (const rules of ['srd4', 'revised4'] as const) {
        const s = twice(load(c, rules));
        expect(refusal(s), `${c.name} ${rules}`).toBeNull();
        const kernel = kernelFor(s, getRuleset(s.rules))!;
        expect(kernel.compile(), `${c.name} ${rules}: ${kernel.notCompiled}`).toBe(true);
        wrong.push(...differences(`${c.name} ${rules} two a side compiled`, s, 200, (chance) => kernel.fight(chance)));
        const chance = new CountChance('fast-abilities');
        let shown = 0;
        for (let run = 1; run <= 200; run++) if (c.shows(kernel.fight(chance.start(run)))) shown++;
        expect(shown, `${c.name} ${rules}`).toBeGreaterThan(0);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('sim with abilities on each fast path, against the chance worked out here', () => {
  // 10 Marines (WS4 S4 A1, two close combat weapons: 3 attacks each on the charge) strike first
  // (I4) at 20 Boyz (WS4 T4 Sv6, Feel No Pain 4+): each attack hits on 4+ (1/2), wounds on 4+
  // (1/2), beats the 6+ save (5/6) and Feel No Pain (1/2): 5/48; with its failed rolls to hit
  // re-rolled it hits 1/2 + 1/2 * 1/2 = 3/4 (15/96 through); hitting on 3+ (2/3), its 1s to wound
  // re-rolled (1/2 + 1/6 * 1/2 = 7/12): 2/3 * 7/12 * 5/6 * 1/2 = 35/216. 30 attacks, and the Boyz
  // cannot all die (20 wounds at most from 30 attacks need 20 of them through: counted in the mean)
  files.write('fnp.yaml', `faction: FNP
abilities:
  tough: { name: Tough, effects: [ { feelNoPain: 4 } ] }
  keen: { name: Keen, effects: [ { hitOn: 3, notAgainst: [elder] } ] }
  hate: { name: Hate, effects: [ { reroll: { roll: hit } } ] }
  sure: { name: Sure, effects: [ { hitOn: 3 }, { reroll: { roll: wound, results: ones } } ] }
  elder: { name: Elder, effects: [ { modify: { Ld: 1 } } ] }
models:
  marine: { name: Marine, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear: [close-combat-weapon, close-combat-weapon] }
  elder: { name: Elder, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear: [close-combat-weapon, close-combat-weapon], rules: [elder] }
  boy: { name: Boy, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 }, wargear: [close-combat-weapon] }
units:
  marines: { name: Marines, models: [ { model: marine, count: 10 } ] }
  elders: { name: Marines, models: [ { model: marine, count: 5 }, { model: elder, count: 5 } ] }
  boyz: { name: Boyz, models: [ { model: boy, count: 20 } ] }
`);
  /** the mean wounds the Marines inflict in the first phase, each of 30 attacks through with chance `p`, at most 20, and its standard deviation */
  const law = (p: number) => {
    const choose = (n: number, k: number) => { let c = 1; for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i; return c; };
    let mean = 0;
    let second = 0;
    for (let k = 0; k <= 30; k++) {
      const w = Math.min(k, 20);
      const pk = choose(30, k) * p ** k * (1 - p) ** (30 - k);
      mean += w * pk;
      second += w * w * pk;
    }
    return { mean, sd: Math.sqrt(second - mean * mean) };
  };

  it.each([
    ['the kernel, compiled (Feel No Pain)', 'marines', '[]', '[tough]', 'compiled', 5 / 48],
    ['the kernel, compiled (Feel No Pain, re-rolled hits)', 'marines', '[hate]', '[tough]', 'compiled', 15 / 96],
    ['the kernel, compiled (Feel No Pain, hitOn, re-rolled 1s to wound)', 'marines', '[sure]', '[tough]', 'compiled', 35 / 216],
    ['the tabled steps (Feel No Pain, hitOn notAgainst half the models: declined by the kernel)', 'elders', '[]', '[tough, keen]', 'tabled', 5 / 48],
  ] as const)('%s: the first phase\'s mean wounds within 4 standard errors', { timeout: 120_000 }, async (name, marines, mine, rules, way, p) => {
    const f = files.write(`fnp-${name.replace(/[^a-z]+/gi, '-')}.yaml`, `name: fnp\nrules: srd4\nrounds: 1\nattacker: { units: [ { unit: fnp/${marines}, rules: ${mine} } ] }\ndefender: { units: [ { unit: fnp/boyz, rules: ${rules} } ] }\n`);
    const s = loadScenario(f);
    const runs = 200_000;
    expect(new Fights(s, 'x', false, runs).way).toBe(way);
    const r = await simulate(s, { runs, seed: 'fast-fnp', workers: 1 });
    const got = r.firstRound.woundsInflicted.attacker.mean;
    const { mean, sd } = law(p);
    expect(Math.abs(got - mean)).toBeLessThan((4 * sd) / Math.sqrt(runs));
  });
});
