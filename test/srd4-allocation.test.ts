// srd4 wound allocation, saves and casualties (002 Close Combat steps 6-7; 000 mixed armour),
// including the Black Templars examples of document 000.
import { describe, expect, it } from 'vitest';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { allocateWounds, goRound, type HitBatch } from '../src/engine/allocate.js';
import type { FightEvent } from '../src/engine/events.js';
import { FightState } from '../src/engine/state.js';
import { srd4 } from '../src/editions/srd4/index.js';
import { eventsOf, living, model, scenario, unit } from './helpers.js';

const initiate = model('Initiate', { Sv: 3 });
const neophyte = model('Neophyte', { WS: 3, Sv: 4 });

function hits(count: number, props: Partial<HitBatch> = {}): HitBatch {
  return { count, strength: 4, noArmour: false, maxSave: null, ap: null, force: null, cause: 'plain', weapon: null, ...props };
}

function allocate(target: ReturnType<typeof unit>, batches: HitBatch[], dice: number[]) {
  const state = new FightState(scenario('srd4', [unit('Enemy', [[model('E', {}), 1]])], [target]));
  const d = new ScriptedDice(dice);
  const log: FightEvent[] = [];
  const inflicted = allocateWounds(state.units[1]!, batches, batches.length, { state, phase: 1, firstRound: true, chance: new DiceChance(d, true), log }, srd4);
  expect(d.remaining, 'every scripted die used').toBe(0);
  return { inflicted, log, models: living(state.units[1]!) };
}

const templars = () => unit('Black Templars', [[initiate, 4], [neophyte, 6]]);
const alive = (models: string[], name: string) => models.filter((m) => m === name).length;

describe('srd4 allocation: the Black Templars examples of document 000', () => {
  it('srd4 8 wounds: six 4+ saves on the Neophytes (the majority), two 3+ saves on the Initiates', () => {
    // Neophytes roll 1 1 1 1 4 5 (four fail), Initiates 3 6 (both saved)
    const { inflicted, log, models } = allocate(templars(), [hits(8)], [1, 1, 1, 1, 4, 5, 3, 6]);
    const saves = eventsOf(log, 'saves')[0]!.groups;
    expect(saves.map((g) => [g.models.join('/'), g.count, g.need])).toEqual([['Neophyte', 6, 4], ['Initiate', 2, 3]]);
    expect(inflicted).toBe(4);
    expect(alive(models, 'Neophyte')).toBe(2);
    expect(alive(models, 'Initiate')).toBe(4);
  });

  it('srd4 14 wounds lap round: six on the Neophytes, four on the Initiates, four more on the Neophytes', () => {
    // each class's saves are one roll: the Neophytes' ten (the second lap's four fail), then the Initiates' four
    const dice = [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6];
    const { log, models } = allocate(templars(), [hits(14)], dice);
    const saves = eventsOf(log, 'saves')[0]!.groups;
    expect(saves.map((g) => [g.models.join('/'), g.count, g.rolls.join('')])).toEqual([['Neophyte', 6, '666666'], ['Initiate', 4, '6666'], ['Neophyte', 4, '1111']]);
    expect(alive(models, 'Neophyte')).toBe(2);
    expect(alive(models, 'Initiate')).toBe(4);
  });

  it('srd4 special attacks first: four power weapon hits on the Neophytes, then two normal, two spill to the Initiates', () => {
    // power weapon hits need no dice; Neophytes save 1 of 2 (6, 1); Initiates roll 5 and 2
    const { inflicted, log, models } = allocate(templars(), [hits(4), hits(4, { noArmour: true, cause: 'weapon', weapon: 'Power weapon' })], [6, 1, 5, 2]);
    const saves = eventsOf(log, 'saves')[0]!.groups;
    expect(saves.map((g) => [g.models.join('/'), g.count, g.need])).toEqual([['Neophyte', 4, null], ['Neophyte', 2, 4], ['Initiate', 2, 3]]);
    expect(inflicted).toBe(6);
    expect(alive(models, 'Neophyte')).toBe(1);
    expect(alive(models, 'Initiate')).toBe(3);
  });

  it('srd4 a tie for the majority save goes to the worse save (ruling 5)', () => {
    const u = unit('Even', [[initiate, 2], [neophyte, 2]]);
    const { log } = allocate(u, [hits(1)], [6]);
    expect(eventsOf(log, 'saves')[0]!.groups[0]!.models.join('/')).toBe('Neophyte');
  });
});

describe('srd4 saves', () => {
  const terminator = model('Terminator', { Sv: 2, Inv: 5 });
  it('srd4 one save per wound, the best available: armour 2+ normally, invulnerable 5+ against a power weapon', () => {
    const normal = allocate(unit('T', [[terminator, 2]]), [hits(1)], [2]);
    expect(eventsOf(normal.log, 'saves')[0]!.groups[0]!.need).toBe(2);
    const power = allocate(unit('T', [[terminator, 2]]), [hits(1, { noArmour: true })], [4]);
    expect(eventsOf(power.log, 'saves')[0]!.groups[0]!.need).toBe(5);
    expect(power.inflicted).toBe(1);
  });
  it('srd4 AP equal to or lower than the save negates armour; a higher AP does not', () => {
    const ap3 = allocate(unit('M', [[initiate, 1]]), [hits(1, { ap: 3 })], []);
    expect(ap3.inflicted).toBe(1);
    const ap4 = allocate(unit('M', [[initiate, 1]]), [hits(1, { ap: 4 })], [3]);
    expect(ap4.inflicted).toBe(0);
  });
  it('srd4 a heavy close combat weapon allows no armour save better than 4+', () => {
    const { log, inflicted } = allocate(unit('M', [[initiate, 1]]), [hits(1, { maxSave: 4 })], [3]);
    expect(eventsOf(log, 'saves')[0]!.groups[0]!.need).toBe(4);
    expect(inflicted).toBe(1);
  });
  it('srd4 a model with no armour save and no invulnerable save rolls nothing', () => {
    const grot = model('Gretchin', { T: 2 });
    const { inflicted } = allocate(unit('G', [[grot, 3]]), [hits(2)], []);
    expect(inflicted).toBe(2);
  });
});

describe('srd4 multi-wound models and casualties', () => {
  const nob = model('Nob', { T: 4, W: 2, Sv: 6 });
  it('srd4 wounds finish the wounded model first and remove whole models', () => {
    const { inflicted, log, models } = allocate(unit('Nobz', [[nob, 3]]), [hits(3)], [1, 1, 1]);
    expect(inflicted).toBe(3);
    expect(models).toEqual(['Nob', 'Nob']);
    expect(eventsOf(log, 'casualties')[0]!.wounded).toEqual([{ model: 'Nob', left: 1, of: 2 }]);
  });
  it('srd4 excess wounds are lost and do not count for the result', () => {
    const { inflicted } = allocate(unit('Nobz', [[nob, 1]]), [hits(4)], [1, 1, 1, 1]);
    expect(inflicted).toBe(2);
  });
  it('srd4 Instant Death: Strength at least double the Toughness kills a multi-wound model on one failed save', () => {
    const { inflicted, log, models } = allocate(unit('Nobz', [[nob, 2]]), [hits(1, { strength: 8 })], [1]);
    expect(inflicted).toBe(2);
    expect(models).toHaveLength(1);
    expect(eventsOf(log, 'casualties')[0]!.instantDeath).toBe(1);
    const s7 = allocate(unit('Nobz', [[nob, 2]]), [hits(1, { strength: 7 })], [1]);
    expect(s7.inflicted).toBe(1);
  });
  it('srd4 ruling 8: ordinary models die first, then special wargear, leaders last; casualtyOrder overrides', () => {
    const sarge = model('Sergeant', {}, ['power-fist'], ['character']);
    const flamer = model('Gunner', {}, ['power-weapon']);
    const trooper = model('Trooper', {});
    const byDefault = allocate(unit('Squad', [[sarge, 1], [flamer, 1], [trooper, 1]]), [hits(2)], []);
    expect(byDefault.models).toEqual(['Sergeant']);
    const ordered = allocate(unit('Squad', [[sarge, 1], [flamer, 1], [trooper, 1]], { casualtyOrder: ['Sergeant'] }), [hits(1)], []);
    expect(ordered.models).not.toContain('Sergeant');
    expect(ordered.models).toHaveLength(2);
  });
});

describe('srd4 ruling 23: models that save alike roll their saves against a batch as one roll', () => {
  /** scripted dice that also note every test the rules ask for: [dice, need] */
  class Noted extends DiceChance {
    readonly tests: [number, number][] = [];
    override test(n: number, need: number, sixes = false): number {
      this.tests.push([n, need]);
      return super.test(n, need, sixes);
    }
  }
  const marine = model('Marine', { Sv: 3 });
  const sergeant = model('Sergeant', { Sv: 3 }, [], ['character']);
  const hero = model('Hero', { Sv: 3, Inv: 4 }, [], ['character']);
  const fight = (target: ReturnType<typeof unit>, batches: HitBatch[], dice: number[]) => {
    const state = new FightState(scenario('srd4', [unit('Enemy', [[model('E', {}), 1]])], [target]));
    const chance = new Noted(new ScriptedDice(dice), true);
    const log: FightEvent[] = [];
    const inflicted = allocateWounds(state.units[1]!, batches, batches.length, { state, phase: 1, firstRound: true, chance, log }, srd4);
    return { inflicted, tests: chance.tests, saves: eventsOf(log, 'saves')[0]!.groups, left: living(state.units[1]!) };
  };
  it('srd4 eight hits on three Marines and a Sergeant (3+ each): one roll of 8 dice, the log lap by lap', () => {
    // the Marines' six dice come first (6 6 6, then 1 1 1 in the second lap), the Sergeant's two after
    const r = fight(unit('Squad', [[marine, 3], [sergeant, 1]]), [hits(8)], [6, 6, 6, 1, 1, 1, 6, 6]);
    expect(r.tests).toEqual([[8, 3]]);
    expect(r.saves.map((g) => [g.models.join('/'), g.count, g.rolls.join(''), g.failed])).toEqual([['Marine/Sergeant', 8, '66661116', 3]]);
    expect(r.left).toEqual(['Sergeant']);
  });
  it('srd4 against a power weapon the Hero saves apart on his 4+ (the Marines roll nothing): his roll is his own', () => {
    const r = fight(unit('Squad', [[marine, 3], [hero, 1]]), [hits(4, { noArmour: true, cause: 'weapon', weapon: 'Power weapon' })], [3]);
    // the Marines roll nothing (no save), the Hero one die at 4+ (a 3: he falls)
    expect(r.tests).toEqual([[1, 4]]);
    expect(r.left).toEqual([]);
  });
});

describe('hits going round the models (goRound)', () => {
  /** One hit at a time, as the rule reads: to the model at `at`, then the next, back to the first after the last. */
  function oneByOne(segEnd: number[], at: number, hits: number, n: number): { shares: number[]; at: number } {
    const shares = segEnd.map(() => 0);
    for (let h = 0; h < hits; h++) {
      shares[segEnd.findIndex((end) => at < end)]!++;
      at = (at + 1) % n;
    }
    return { shares, at };
  }

  it('gives every segment the share and ends where one hit at a time would, whole rounds and all', () => {
    let seed = 7;
    const next = (k: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % k;
    };
    for (let trial = 0; trial < 2000; trial++) {
      const sizes = Array.from({ length: 1 + next(4) }, () => 1 + next(5));
      const segEnd = sizes.map((_, i) => sizes.slice(0, i + 1).reduce((a, b) => a + b, 0));
      const n = segEnd.at(-1)!;
      const at = next(n);
      const hits = next(4 * n + 3);
      const segHits = new Int32Array(segEnd.length).fill(99);
      const end = goRound(segEnd, segHits, segEnd.length, at, hits, n);
      const want = oneByOne(segEnd, at, hits, n);
      expect([...segHits], `${sizes} from ${at}, ${hits} hits`).toEqual(want.shares);
      expect(end).toBe(want.at);
    }
  });
});
