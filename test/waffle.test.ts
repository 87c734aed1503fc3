// waffle (../shared/rules/003_ec027f14e771b8c8.txt) with scripted dice: its to-hit chart cell
// for cell against the document's table, "A" as an automatic hit with no die rolled, the Charge
// sub-phase (Overwatch, Fall Back, the 2D6" range; ruling 18), Fiery Charge and Final Blow
// (ruling 19) and the sweeping advance of ruling 10.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUTO_HIT, REROLL_NONE } from '../src/dice.js';
import { EnumChance } from '../src/exact/chance.js';
import { WAFFLE_TO_HIT } from '../src/editions/waffle/charts.js';
import { waffle } from '../src/editions/waffle/index.js';
import { InputError, formatProblem } from '../src/errors.js';
import { loadScenario } from '../src/io/load.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { eventsOf, modelIn, placed, scenario, scripted, tempFiles, unit } from './helpers.js';

const m = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[] = [], rules: Parameters<typeof modelIn>[4] = []) => modelIn('waffle', name, p, wargear, rules);
const fight = (attacker: Parameters<typeof scenario>[1], defender: Parameters<typeof scenario>[2], dice: number[]) =>
  scripted(scenario('waffle', attacker, defender), dice, { ruleset: waffle });

/** 003's to-hit table, WS 1 to 10 down, the defender's WS 1 to 10 across. */
const TABLE = `
4 5 5 5 6 6 6 6 6 6
3 4 4 5 5 5 6 6 6 6
2 3 4 4 4 5 5 5 6 6
2 3 3 4 4 4 4 5 5 5
2 2 3 3 4 4 4 4 4 5
2 2 3 3 3 4 4 4 4 4
2 2 2 3 3 3 4 4 4 4
2 2 2 3 3 3 3 4 4 4
2 2 2 2 3 3 3 3 4 4
A A A A 3 3 3 3 3 4`;
const DOC = new URL('../../shared/rules/003_ec027f14e771b8c8.txt', import.meta.url);

describe('waffle to hit: the chart as printed (ruling 4)', () => {
  it('every cell as transcribed here from 003\'s table; A is an automatic hit', () => {
    const table = TABLE.trim().split('\n').map((l) => l.trim().split(/\s+/).map((c) => (c === 'A' ? AUTO_HIT : Number(c))));
    for (let ws = 1; ws <= 10; ws++) expect(WAFFLE_TO_HIT[ws - 1], `WS${ws}`).toEqual(table[ws - 1]);
  });
  it.skipIf(!existsSync(DOC))('every cell of the document\'s own table (when ../shared/ is beside the repo)', () => {
    const doc = readFileSync(DOC, 'utf8');
    const rows = [...doc.matchAll(/\| '''(\d+)''' ((?:\|\| (?:\d\+|A) ?)+)/g)].map((r) => [Number(r[1]), r[2]!.split('||').map((c) => c.trim()).filter(Boolean)] as const);
    expect(rows.map(([ws]) => ws)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [ws, cells] of rows) {
      expect(cells.map((c) => (c === 'A' ? AUTO_HIT : Number(c[0])))).toEqual(WAFFLE_TO_HIT[ws - 1]);
    }
  });
  it('assault rules waffle prints A where the chart says A', () => {
    const r = spawnSync(process.execPath, [new URL('../bin/assault', import.meta.url).pathname, 'rules', 'waffle'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stdout).toMatch(/^ {3}10 \| {3}A {2}A {2}A {2}A 3\+ 3\+ 3\+ 3\+ 3\+ 4\+$/m);
  });
  it('WS10 against WS4: every attack hits with no die rolled; the to-wound dice are the only ones', () => {
    const { events } = fight([unit('Master', [[m('Master', { WS: 10, S: 4, I: 5, A: 2 }), 1]])], [unit('Rocks', [[m('Rock', { WS: 4, T: 4, I: 1, A: 0, Ld: 10 }), 3]])], [4, 1, 1, 1]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ need: AUTO_HIT, rolls: [], hits: 2 });
    expect(eventsOf(events, 'wounds')[0]!.rolls).toEqual([4, 1]);
  });
  it('the enumerating chance takes automatic hits as certain: wounds binomial(n, wound chance), no to-hit dice counted', () => {
    const e = new EnumChance('test');
    const law = new Map<number, number>();
    e.reset();
    do {
      e.restart();
      const w = e.blows(3, AUTO_HIT, 4, false, true, REROLL_NONE);
      law.set(w, (law.get(w) ?? 0) + e.prob);
      expect(e.rolled).toBeCloseTo(3, 12);
    } while (e.nextPath());
    expect([0, 1, 2, 3].map((k) => law.get(k))).toEqual([1 / 8, 3 / 8, 3 / 8, 1 / 8].map((p) => expect.closeTo(p, 12)));
  });
});

describe('waffle Final Blow (ruling 19)', () => {
  const killer = () => unit('Killer', [[m('Killer', { WS: 4, S: 4, T: 4, W: 5, I: 5, A: 1, Ld: 10 }), 1]]);
  it('the last model of a unit of two, on its last wound, attacks again for each wound it rolls, and again for those', () => {
    // Killer (I5) kills one of two; the last (I3) hits and wounds: a Final Blow; it wounds again: another; that one fails
    const last = unit('Last', [[m('Last', { WS: 4, S: 4, T: 4, I: 3, A: 1 }), 2]]);
    const { events } = fight([killer()], [last], [4, 4, 4, 4, 4, 4, 4, 1, 1, 1]);
    const attacks = eventsOf(events, 'attacks').filter((a) => a.model === 'Last');
    expect(attacks.map((a) => [a.attacks, a.finalBlow ?? false])).toEqual([[1, false], [1, true], [1, true]]);
    expect(eventsOf(events, 'casualties').find((c) => c.unit === 'Killer')!.woundsInflicted).toBe(2);
  });
  it('not for a unit that was one model from the start, nor for an independent character', () => {
    const alone = unit('Alone', [[m('Alone', { WS: 4, S: 4, T: 4, I: 3, A: 1 }), 1]]);
    expect(eventsOf(fight([unit('Rock', [[m('Rock', { T: 4, W: 5, I: 1, A: 0, Ld: 10 }), 1]])], [alone], [4, 4, 1, 1]).events, 'attacks')).toHaveLength(1);
    const heroes = unit('Heroes', [[m('Hero', { WS: 4, S: 4, T: 4, I: 3, A: 1 }, [], ['independent-character']), 2]]);
    const { events } = fight([killer()], [heroes], [4, 4, 4, 4]);
    expect(eventsOf(events, 'attacks').filter((a) => a.finalBlow)).toEqual([]);
  });
  it('the last model is what counts: a trooper whose independent character fell before it makes its Final Blow', () => {
    // as the first case, the Hero removed first: Killer kills the Hero; the Trooper hits and wounds, then again, then fails
    const squad = unit('Squad', [[m('Hero', { WS: 4, S: 4, T: 4, I: 3, A: 1 }, [], ['independent-character']), 1], [m('Trooper', { WS: 4, S: 4, T: 4, I: 3, A: 1 }), 1]], { casualtyOrder: ['Hero', 'Trooper'] });
    const { events } = fight([killer()], [squad], [4, 4, 4, 4, 4, 4, 4, 1, 1, 1]);
    expect(eventsOf(events, 'casualties').find((c) => c.unit === 'Squad')!.killed).toEqual(['Hero']);
    const attacks = eventsOf(events, 'attacks').filter((a) => a.model === 'Trooper');
    expect(attacks.map((a) => [a.attacks, a.finalBlow ?? false])).toEqual([[1, false], [1, true], [1, true]]);
  });
});

describe('waffle sweeping advance (ruling 10): one automatic hit per winning model, counting as charging', () => {
  it('two Killers with power weapons catch the fleeing Victims: two hits, wounded and saved (AP3 beats their 4+)', () => {
    // Killers (I4, A1 each, power weapons) kill one Victim: hits 4 4, wounds 4 1. Victims strike on 1s.
    // Morale Ld8-1: 6+6 fails; flee 1+2 = 3, sweep 4+4 = 8 catches: two automatic hits, wounds 4 4 (S4 vs T3: 3+), no save.
    const killers = unit('Killers', [[m('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 }, ['power-weapon']), 2]]);
    const victims = unit('Victims', [[m('Victim', { WS: 4, S: 3, T: 3, I: 2, A: 1, Ld: 8, Sv: 4 }), 5]]);
    const { events, state, outcome } = fight([killers], [victims], [4, 4, 4, 1, 1, 1, 1, 1, 6, 6, 1, 4, 4, 4]);
    expect(eventsOf(events, 'sweepHits')[0]).toMatchObject({ hits: 2, strength: 4, toughness: 3, need: 3, wounds: 2 });
    expect(eventsOf(events, 'breakoff')[0]!).toMatchObject({ outcome: 'swept', struck: true });
    // the roll first, then where the hits fell (one kind of model: all on it, no die), their to-wound dice, saves and casualties
    const types = events.map((e) => e.type);
    expect(types.slice(types.indexOf('breakoff'), types.indexOf('breakoff') + 5)).toEqual(['breakoff', 'sweepSpread', 'sweepHits', 'saves', 'casualties']);
    expect(eventsOf(events, 'sweepSpread')[0]).toMatchObject({ hits: 2, models: 4, onto: [{ model: 'Victim', count: 4, hits: 2 }], rolls: [] });
    expect(eventsOf(events, 'casualties').at(-1)).toMatchObject({ unit: 'Victims', woundsInflicted: 2 });
    expect(state.units[1]!.aliveCount()).toBe(2);
    expect(outcome).toMatchObject({ end: 'swept', winner: 'attacker', sweepWounds: 2 });
  });
  it('the hits go to models chosen at random (rules ruling 25), each kind wounded on its own T and saved with its own save, the wounded model first', () => {
    // Victims: two Ogryns (T5 W3 4+, first in the removal order; the one written first stands 1" back) and two
    // Guardsmen (T3 5+). The three Killers (I4, WS4 v WS3: 3+) hit once (3 1 1), wound on the majority T5 (tied:
    // the highest) with a 5, and the closest Ogryn fails his 4+ save (1): attacker 1, defender 0.
    // Morale Ld5-1: 6+6 fails; flee 1+3 = 4, sweep 1+4 = 5 catches: three automatic hits.
    // Which models: four, a die each (Ogryn 1-2, Guardsman 3-4): 6 again, 1 Ogryn, 3 Guardsman, 2 Ogryn.
    // To wound: 2 on the Ogryns at S4 v T5, 5+: 5 6; 1 on a Guardsman at S4 v T3, 3+: 3.
    // Saves: the Ogryns 4+: 1 2, both fail, on the wounded Ogryn (2 W left), who dies; the Guardsman 5+: 4 fails.
    const ogryn = () => m('Ogryn', { WS: 3, S: 5, T: 5, W: 3, I: 2, A: 0, Ld: 5, Sv: 4 });
    const guardsman = m('Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 0, Ld: 5, Sv: 5 });
    const victims = placed('Victims', [[ogryn(), 1, 1], [ogryn(), 1, 0], [guardsman, 2, 0]], { casualtyOrder: ['Ogryn', 'Guardsman'] });
    const killers = unit('Killers', [[m('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 }), 3]]);
    const { events, state, outcome } = fight([killers], [victims], [3, 1, 1, 5, 1, 6, 6, 1, 1, 6, 1, 3, 2, 5, 6, 3, 1, 2, 4]);
    expect(eventsOf(events, 'breakoff')[0]!).toMatchObject({ outcome: 'swept', struck: true });
    expect(eventsOf(events, 'sweepSpread')).toEqual([{
      type: 'sweepSpread', side: 'attacker', unit: 'Killers', model: 'Killer', hits: 3, target: 'Victims', models: 4,
      onto: [{ model: 'Ogryn', count: 2, hits: 2 }, { model: 'Guardsman', count: 2, hits: 1 }], rolls: [6, 1, 3, 2],
    }]);
    expect(eventsOf(events, 'sweepHits').map((e) => [e.targetModel, e.hits, e.toughness, e.need, e.rolls, e.wounds])).toEqual([
      ['Ogryn', 2, 5, 5, [5, 6], 2], ['Guardsman', 1, 3, 3, [3], 1],
    ]);
    const saves = eventsOf(events, 'saves').at(-1)!;
    expect(saves.groups.map((g) => [g.models, g.count, g.need, g.rolls, g.failed])).toEqual([[['Ogryn'], 2, 4, [1, 2], 2], [['Guardsman'], 1, 5, [4], 1]]);
    expect(eventsOf(events, 'casualties').at(-1)).toMatchObject({ unit: 'Victims', woundsInflicted: 3, killed: ['Ogryn', 'Guardsman'], wounded: [], excess: 0 });
    // the wounded Ogryn (the second class) died; the one 1" back, first in the removal order, is unhurt
    expect(state.units[1]!.classes.map((c) => [c.spec.name, c.count, c.front])).toEqual([['Ogryn', 1, 3], ['Ogryn', 0, 3], ['Guardsman', 1, 1]]);
    expect(outcome).toMatchObject({ end: 'swept', winner: 'attacker', sweepWounds: 3 });
    // the log: which model each die picked, then each kind's to-wound roll
    const text = events.flatMap((e) => renderEvent(e, painter(false), 200));
    expect(text).toContain('    each on a model at random, a die a hit (Ogryn 1-2, Guardsman 3-4)  6 1 3 2 -> Ogryn 2, Guardsman 1');
    expect(text).toContain('  Sweep: 2 hits of Killer (Killers) on Ogryn (Victims)');
    expect(text).toContain('    to wound S4 vs T3: 3+  3 -> 1 wound');
  });
  it('an edition without sweepHitsAtRandom keeps the other reading: the hits on the majority T, allocated as blows are (closest first)', () => {
    // the fight above to the sweep; then the three hits wound the majority T5 (tied: the highest) at 5+: 5 6 1, and the
    // two wounds go to the wounded Ogryn, who stands closest: he fails both 4+ saves (1 2) and dies
    const ogryn = () => m('Ogryn', { WS: 3, S: 5, T: 5, W: 3, I: 2, A: 0, Ld: 5, Sv: 4 });
    const guardsman = m('Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 0, Ld: 5, Sv: 5 });
    const victims = placed('Victims', [[ogryn(), 1, 1], [ogryn(), 1, 0], [guardsman, 2, 0]], { casualtyOrder: ['Ogryn', 'Guardsman'] });
    const killers = unit('Killers', [[m('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 }), 3]]);
    const closest = { ...waffle, sweepHitsAtRandom: undefined };
    const { events, state } = scripted(scenario('waffle', [killers], [victims]), [3, 1, 1, 5, 1, 6, 6, 1, 1, 5, 6, 1, 1, 2], { ruleset: closest });
    expect(eventsOf(events, 'sweepSpread')).toEqual([]);
    expect(eventsOf(events, 'sweepHits').map((e) => [e.hits, e.toughness, e.need, e.wounds, e.targetModel])).toEqual([[3, 5, 5, 2, undefined]]);
    expect(state.units[1]!.classes.map((c) => c.count)).toEqual([1, 0, 2]);
  });
  it('hits that fall on a kind whose models are all dead are lost, never passed to another kind', () => {
    // Three Guardsmen and an Ogryn (W1). The two Killers hit once (3 1) and wound a Guardsman (T3: 3+, a 3), who fails
    // his save (1); Morale 6+6 fails, flee 1+3 against sweep 1+4: two hits over three models, a die each (Guardsman
    // 1-2, Ogryn 3): 3 and 6 are both the Ogryn. To wound at 5+: 5 5; saves 4+: 1 1: the first kills him, the second
    // finds nobody (an excess wound); the Guardsmen are untouched.
    const ogryn = m('Ogryn', { WS: 3, S: 5, T: 5, W: 1, I: 2, A: 0, Ld: 5, Sv: 4 });
    const guardsman = m('Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 0, Ld: 5, Sv: 5 });
    const victims = unit('Victims', [[guardsman, 3], [ogryn, 1]]);
    const killers = unit('Killers', [[m('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 }), 2]]);
    const { events, state } = fight([killers], [victims], [3, 1, 3, 1, 6, 6, 1, 1, 3, 6, 5, 5, 1, 1]);
    expect(eventsOf(events, 'sweepSpread')[0]!.onto).toEqual([{ model: 'Guardsman', count: 2, hits: 0 }, { model: 'Ogryn', count: 1, hits: 2 }]);
    expect(eventsOf(events, 'casualties').at(-1)).toMatchObject({ woundsInflicted: 1, killed: ['Ogryn'], excess: 1 });
    expect(state.units[1]!.classes.map((c) => c.count)).toEqual([2, 0]);
  });
  it('furious charge counts on the sweep: +1 Strength though the winner did not charge', () => {
    const killers = unit('Killers', [[m('Killer', { WS: 4, S: 4, T: 4, I: 4, A: 1 }, [], ['furious-charge']), 1]]);
    const victims = unit('Victims', [[m('Victim', { WS: 4, S: 3, T: 3, I: 2, A: 0, Ld: 8 }), 2]]);
    const { events } = fight([killers], [victims], [4, 4, 6, 6, 1, 4, 1]);
    expect(eventsOf(events, 'sweepHits')[0]).toMatchObject({ hits: 1, strength: 5 });
  });
});

describe('waffle guns', () => {
  it('a gun written out with close-combat keys is refused, located: they would do nothing', () => {
    const { write } = tempFiles('guns');
    const file = write('gun.yaml', `rules: waffle\nattacker:\n  units:\n    - name: A\n      models:\n        - { name: A, count: 1, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8 }, wargear: [{ name: Blaster, type: pistol, range: 12, strength: 4, rending: true }] }\ndefender:\n  units:\n    - unit: orks/boyz\n`);
    let message = '';
    try {
      loadScenario(file);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      message = e.problems.map(formatProblem).join('\n');
    }
    expect(message).toMatch(/gun\.yaml:6:\d+: 'Blaster' is a ranged weapon: rending would do nothing/);
  });
});

describe('waffle Charge sub-phase (ruling 18)', () => {
  const chargers = (n = 3, flags = {}, wargear: string[] = []) => unit('Chargers', [[m('Charger', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Sv: 4, Ld: 10 }, wargear), n]], { charged: true, ...flags });
  const gunners = (flags = {}, rules: Parameters<typeof modelIn>[4] = []) => unit('Gunners', [[m('Gunner', { WS: 3, BS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 10 }, ['boltgun'], rules), 2]], flags);
  it('Overwatch: snap shots hit on 6s only, Rapid Fire twice at a charger within 1"; the wounds do not count for the result, nor change the charge distance', () => {
    // 4 shots: 6 6 1 5 -> 2 hits; wounds 4 1; the save (4+) fails on a 1: one Charger dies; the charge needs its 6" (3+3);
    // two strike at WS3 (3+) and miss
    const { events, outcome, state } = fight([chargers(3, { chargeDistance: 6 })], [gunners()], [6, 6, 1, 5, 4, 1, 1, 3, 3, 1, 1, 1, 1]);
    expect(eventsOf(events, 'charge')[0]).toMatchObject({ distance: 6, reach: 6, made: true });
    expect(eventsOf(events, 'reaction')[0]).toMatchObject({ unit: 'Gunners', reaction: 'overwatch', to: 'Chargers' });
    expect(eventsOf(events, 'shots')[0]).toMatchObject({ kind: 'overwatch', shots: 4, need: 6, hits: 2 });
    expect(state.units[0]!.aliveCount()).toBe(2);
    expect(outcome.firstWounds.defender).toBe(0);
    expect(outcome.charge).toMatchObject({ overwatchFired: 1, overwatchWounds: 1 });
  });
  it('no Overwatch with reaction: none, nor from a unit with no gun', () => {
    expect(eventsOf(fight([chargers()], [gunners({ reaction: 'none' })], Array(6).fill(1)).events, 'shots')).toEqual([]);
    const unarmed = unit('Unarmed', [[m('Unarmed', { WS: 3, T: 3, I: 1, A: 0, Ld: 10 }), 2]]);
    expect(eventsOf(fight([chargers()], [unarmed], Array(6).fill(1)).events, 'reaction')[0]!.reaction).toBe('none');
  });
  it('a unit already locked in close combat (with an enemy unit that did not charge) cannot react to a charge', () => {
    // the Brawlers are already in the fight: the Gunners fire no Overwatch at the Chargers (nor react at all)
    const brawlers = unit('Brawlers', [[m('Brawler', { WS: 4, S: 4, T: 4, I: 4, A: 0, Ld: 10 }), 1]], { charged: false });
    const { events } = scripted(scenario('waffle', [brawlers, chargers()], [gunners()]), Array(12).fill(1), { ruleset: waffle, allowLeftover: true });
    expect(eventsOf(events, 'reaction')).toEqual([]);
    expect(eventsOf(events, 'shots')).toEqual([]);
    // not locked: it fires as ever
    expect(eventsOf(fight([chargers()], [gunners()], Array(10).fill(1)).events, 'reaction')).toHaveLength(1);
  });
  it('Fall Back: 2D6" away; the charge then needs its distance plus the move: 8 is short of 4 + 5, the charge is evaded', () => {
    const { outcome } = fight([chargers(3, { chargeDistance: 4 })], [gunners({ reaction: 'fallBack' })], [3, 2, 4, 4]);
    expect(outcome).toMatchObject({ end: 'chargeFailed', winner: null });
    expect(outcome.charge).toMatchObject({ fellBack: 1, evaded: 1 });
  });
  it('Fall Back on 3D6 for bikes: 3" and a charge roll of 8 reaches 4 + 3; with no charge distance nothing is rolled for the charge', () => {
    const bikes = fight([chargers(1, { chargeDistance: 4 })], [gunners({ reaction: 'fallBack' }, ['bike'])], [1, 1, 1, 4, 4, 1, 1]);
    expect(eventsOf(bikes.events, 'charge')[0]).toMatchObject({ distance: 7, reach: 8, made: true });
    const near = fight([chargers(1)], [gunners({ reaction: 'fallBack' })], [3, 3, 1, 1]);
    expect(eventsOf(near.events, 'charge')).toEqual([]);
    expect(near.outcome.charge.fellBack).toBe(1);
  });
  it('a charge that falls short with nobody falling back is no escape: evaded stays 0', () => {
    const unarmed = unit('Unarmed', [[m('Unarmed', { WS: 3, T: 3, I: 1, A: 0, Ld: 10 }), 2]]);
    const { outcome } = fight([chargers(3, { chargeDistance: 6 })], [unarmed], [1, 1]);
    expect(outcome).toMatchObject({ end: 'chargeFailed' });
    expect(outcome.charge).toMatchObject({ fellBack: 0, evaded: 0, overwatchFired: 0 });
  });
  it('Declare Charge: a unit that ran (or fired Heavy weapons, ...) may not charge: no reaction, no dice, the charge fails', () => {
    const { events, outcome } = fight([chargers(3, { thisTurn: ['ran'] })], [gunners()], []);
    expect(eventsOf(events, 'declare')).toEqual([{ type: 'declare', side: 'attacker', unit: 'Chargers', barred: 'ran' }]);
    expect(eventsOf(events, 'reaction')).toEqual([]);
    expect(outcome).toMatchObject({ end: 'chargeFailed', winner: null });
  });
  it('a charge beyond 12" cannot be declared; a unit already falling back must fall back as its reaction', () => {
    expect(eventsOf(fight([chargers(3, { chargeDistance: 13 })], [gunners()], []).events, 'declare')[0]!.barred).toBe('outOfReach');
    const fleeing = fight([chargers(3, { chargeDistance: 4 })], [gunners({ thisTurn: ['fallingBack'] })], [3, 2, 4, 4]);
    expect(eventsOf(fleeing.events, 'reaction')[0]!.reaction).toBe('fallBack');
  });
  it('Overwatch that kills every charger ends the fight: destroyed, the defender wins', () => {
    const { outcome } = fight([chargers(1)], [gunners()], [6, 1, 1, 1, 4, 1]);
    expect(outcome).toMatchObject({ end: 'destroyed', winner: 'defender', phases: 0 });
  });
});

describe('waffle Fiery Charge (ruling 19)', () => {
  it('Rage makes the charge bonus two attacks; a Fiery Charge costs one of them', () => {
    const raging = (fieryCharge: boolean) => unit('Ragers', [[m('Rager', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 10 }, ['bolt-pistol'], ['rage']), 1]], { charged: true, fieryCharge });
    const target = () => unit('Target', [[m('Target', { WS: 4, T: 4, I: 1, A: 0, Ld: 10 }), 1]], { reaction: 'none' });
    expect(eventsOf(fight([raging(false)], [target()], [1, 1, 1]).events, 'attacks')[0]!.attacks).toBe(3);
    // the pistol's one shot misses (1), then two attacks
    expect(eventsOf(fight([raging(true)], [target()], [1, 1, 1]).events, 'attacks')[0]!.attacks).toBe(2);
  });
  it('chargers fire their pistols at BS before the first blow; the wounds count for their side; they lose the charge bonus attack', () => {
    // 2 bolt pistol shots at BS4 (3+): 3 1 -> 1 hit; S4 vs T3 (3+): 3 -> 1 wound, no save: one Target dies.
    // Then 2 attacks (A1 each, no bonus) at 3+ miss; the last Target (Ld10-1) holds on 1+1
    const chargers = unit('Chargers', [[m('Charger', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 10 }, ['bolt-pistol']), 2]], { charged: true, fieryCharge: true });
    const targets = unit('Targets', [[m('Target', { WS: 3, T: 3, I: 1, A: 0, Ld: 10 }), 2]], { reaction: 'none' });
    const { events, outcome } = fight([chargers], [targets], [3, 1, 3, 1, 1, 1, 1]);
    expect(eventsOf(events, 'shots')[0]).toMatchObject({ kind: 'fieryCharge', shots: 2, need: 3, hits: 1 });
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ attacks: 2, charge: false });
    expect(outcome.firstWounds.attacker).toBe(1);
    expect(outcome.charge.fieryWounds).toBe(1);
  });
  it('a unit that cannot fire its Fiery Charge (its only foe a walker: a vehicle) fires nothing and keeps its bonus attack', () => {
    const chargers = unit('Chargers', [[m('Charger', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 10 }, ['bolt-pistol']), 2]], { charged: true, fieryCharge: true });
    const walker = unit('Walker', [[m('Walker', { WS: 4, T: 6, I: 1, A: 0, Ld: 10 }, [], ['walker']), 1]], { reaction: 'none' });
    const { events } = fight([chargers], [walker], [1, 1, 1, 1]);
    expect(eventsOf(events, 'shots')).toEqual([]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ attacks: 4, charge: true });
  });
});

describe('waffle cover saves against shots (rules ruling 26)', () => {
  const chargers = (flags = {}, sv = 4) => unit('Chargers', [[m('Charger', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Sv: sv, Ld: 10 }), 3]], { charged: true, chargeDistance: 6, ...flags });
  const gunners = () => unit('Gunners', [[m('Gunner', { WS: 3, BS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 10 }, ['boltgun']), 2]]);
  // 4 snap shots: 6 6 1 5 -> 2 hits; to wound (S3 v T4, 5+): 5 1 -> 1 wound; its save: a 3; the charge 3+3; the blows (two
  // each, with the charge bonus) at WS3 all miss
  const dice = [6, 6, 1, 5, 5, 1, 3, 3, 3, 1, 1, 1, 1, 1, 1];
  const shot = (attacker: Parameters<typeof scenario>[1], defender: Parameters<typeof scenario>[2], d: number[]) =>
    scripted(scenario('waffle', attacker, defender), d, { ruleset: waffle, allowLeftover: true });
  const firstSave = (events: ReturnType<typeof fight>['events']) => eventsOf(events, 'saves')[0]!.groups[0]!;

  it('coverSave 3 is better than Sv 4+: the 3 saves, as cover; without it the 3 fails', () => {
    const covered = shot([chargers({ coverSave: 3 })], [gunners()], dice);
    expect(firstSave(covered.events)).toMatchObject({ need: 3, save: 'cover', failed: 0 });
    expect(covered.state.units[0]!.aliveCount()).toBe(3);
    const open = shot([chargers()], [gunners()], dice);
    expect(firstSave(open.events)).toMatchObject({ need: 4, save: 'armour', failed: 1 });
    expect(open.state.units[0]!.aliveCount()).toBe(2);
  });

  it('inCover without coverSave is 5+: it counts where the armour is worse (Sv 6+), not where it is better (Sv 4+)', () => {
    expect(firstSave(shot([chargers({ inCover: true, coverSave: 5 }, 6)], [gunners()], [6, 6, 1, 5, 5, 1, 5, 3, 3, 1, 1, 1, 1, 1, 1]).events)).toMatchObject({ need: 5, save: 'cover', failed: 0 });
    expect(firstSave(shot([chargers({ inCover: true, coverSave: 5 })], [gunners()], dice).events)).toMatchObject({ need: 4, save: 'armour' });
  });

  it('never against blows: a unit with a 2+ cover save and no armour saves nothing in close combat', () => {
    // the Chargers (no cover) strike the Gunners in cover: 6 blows at WS3, 3+; S4 v T3, 3+; no save
    const gunnersInCover = unit('Gunners', [[m('Gunner', { WS: 3, BS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 10 }, ['boltgun']), 8]], { coverSave: 2, reaction: 'none' });
    const { outcome } = shot([chargers({ chargeDistance: null })], [gunnersInCover], Array(40).fill(3));
    expect(outcome.firstWounds.attacker).toBe(6);
  });

  it('the loader: inCover alone gives 5+; coverSave puts the unit in cover; 7 or coverSave with inCover: false are refused, located', () => {
    const { write } = tempFiles('cover');
    const file = (extra: string) => write('s.yaml', `rules: waffle\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: imperial-guard/infantry-squad\n${extra}`);
    expect(loadScenario(file('      inCover: true\n')).defender.units[0]).toMatchObject({ inCover: true, coverSave: 5 });
    expect(loadScenario(file('      coverSave: 4\n')).defender.units[0]).toMatchObject({ inCover: true, coverSave: 4 });
    expect(loadScenario(file('')).defender.units[0]!.coverSave).toBeUndefined();
    for (const [extra, where] of [['      coverSave: 7\n', 'defender.units[0].coverSave'], ['      coverSave: 4\n      inCover: false\n', 'defender.units[0].coverSave']] as const) {
      try {
        loadScenario(file(extra));
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        expect((e as InputError).problems.map((p) => p.path)).toContain(where);
      }
    }
  });
});
