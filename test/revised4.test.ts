// revised4 (document 000): what differs from srd4, and the document's worked examples, with
// scripted dice.
import { describe, expect, it } from 'vitest';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { allocateWounds, type HitBatch } from '../src/engine/allocate.js';
import type { FightEvent } from '../src/engine/events.js';
import { FightState } from '../src/engine/state.js';
import { revised4 } from '../src/editions/revised4/index.js';
import { simulate } from '../src/sim/run.js';
import { eventsOf, living, model, scenario, scripted, unit, why } from './helpers.js';

const marine = model('Space Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 }, ['pistol']);
const eldar = model('Eldar', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 8, Sv: 5 });
const R = 'revised4';

describe('revised4 who fights and how', () => {
  it('revised4 Space Marines against Eldar (000): five roll 5 dice, 10 on the charge if they did not fire', () => {
    const still = scripted(scenario(R, [unit('Marines', [[marine, 5]])], [unit('Eldar', [[eldar, 5]])]), Array(5).fill(1));
    expect(eventsOf(still.events, 'attacks')[0]!.attacks).toBe(5);
    const charge = scripted(scenario(R, [unit('Marines', [[marine, 5]], { charged: true })], [unit('Eldar', [[eldar, 5]])]), Array(10).fill(1));
    expect(eventsOf(charge.events, 'attacks')[0]!.attacks).toBe(10);
    const fired = scripted(scenario(R, [unit('Marines', [[marine, 5]], { charged: true, firedThisTurn: true })], [unit('Eldar', [[eldar, 5]])]), Array(5).fill(1));
    expect(eventsOf(fired.events, 'attacks')[0]!.attacks).toBe(5);
  });
  it('revised4 Terminators keep the charge bonus even after firing; srd4 ignores firing', () => {
    const termie = model('Terminator', { I: 4, A: 2, Sv: 2 }, [], ['terminator']);
    const t = scripted(scenario(R, [unit('T', [[termie, 1]], { charged: true, firedThisTurn: true })], [unit('E', [[eldar, 1]])]), [1, 1, 1]);
    expect(eventsOf(t.events, 'attacks')[0]!.attacks).toBe(3);
    const s = scripted(scenario('srd4', [unit('Marines', [[marine, 1]], { charged: true, firedThisTurn: true })], [unit('E', [[eldar, 1]])]), [1, 1]);
    expect(eventsOf(s.events, 'attacks')[0]!.attacks).toBe(2);
  });
  it('revised4 supporting models make exactly one attack, without bonuses or special weapons; srd4 fights in full', () => {
    const sarge = model('Sergeant', { WS: 4, S: 4, I: 4, A: 2, Sv: 3 }, ['power-fist', 'pistol'], ['character']);
    const orks = model('Ork', { WS: 4, S: 3, T: 4, I: 2, A: 2 }, ['close-combat-weapon', 'pistol']);
    // two Orks in contact (2+1 two weapons+1 charge = 4 each), eight support (1 each)
    const mob = unit('Orks', [[orks, 10]], { charged: true, inContact: 2 });
    // one Marine in base contact (the Sergeant is removed first, so he stands at the back)
    const marines = unit('Marines', [[sarge, 1], [marine, 4]], { inContact: 1, casualtyOrder: ['Sergeant'] });
    const r4 = scripted(scenario(R, [mob], [marines]), Array(5 + 16).fill(1));
    const attacks = eventsOf(r4.events, 'attacks');
    // the rest support: 1 attack each at Initiative 4, the Sergeant without his fist, so at 4 too
    expect(attacks.filter((a) => a.side === 'defender').map((a) => [a.model, a.count, a.attacks, a.weapon, why(a)])).toEqual([
      ['Sergeant', 1, 1, null, '1 (supporting)'], ['Space Marine', 3, 3, null, '1 (supporting)'], ['Space Marine', 1, 1, null, 'A1'],
    ]);
    expect(attacks.filter((a) => a.side === 'attacker').map((a) => [a.count, a.attacks, why(a)])).toEqual([[8, 8, '1 (supporting)'], [2, 8, 'A2 +1 two weapons +1 charge']]);
    const s4 = scripted(scenario('srd4', [mob], [marines]), Array(4 + 40 + 3).fill(1));
    expect(eventsOf(s4.events, 'attacks').filter((a) => a.side === 'attacker').map((a) => a.attacks)).toEqual([40]);
  });
});

describe('revised4 who strikes first', () => {
  const defender = (p = {}) => unit('Defenders', [[model('Defender', { WS: 4, S: 3, T: 4, I: 2, A: 1, ...p }), 1]], { inCover: true });
  it('revised4 defenders in cover strike first and their casualties are removed before anyone else strikes', () => {
    const chargers = unit('Chargers', [[model('Charger', { I: 5, A: 1, T: 3 }), 1]], { charged: true });
    // the defender at 10 hits (4) and wounds S3 vs T3 (4): the charger dies before striking
    const { events, outcome } = scripted(scenario(R, [chargers], [defender()]), [4, 4]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10]);
    expect(outcome.end).toBe('destroyed');
    expect(outcome.winner).toBe('defender');
  });
  it('revised4 chargers with frag grenades strike simultaneously with them; plasma grenades cancel cover', () => {
    const frag = unit('Frag', [[model('F', { I: 4, A: 0 }, ['frag-grenades']), 1], [model('G', { I: 4, A: 1 }, ['frag-grenades']), 1]], { charged: true });
    const f = scripted(scenario(R, [frag], [defender()]), [1, 1, 1, 1]);
    expect(eventsOf(f.events, 'step').map((s) => s.initiative)).toEqual([10]);
    const plasma = unit('Plasma', [[model('P', { I: 4, A: 1 }, ['plasma-grenades']), 1]], { charged: true });
    const p = scripted(scenario(R, [plasma], [defender()]), [1, 1, 1]);
    expect(eventsOf(p.events, 'step').map((s) => s.initiative)).toEqual([4, 2]);
    // srd4 reads plasma grenades like frag: the chargers strike at 10 too
    const s = scripted(scenario('srd4', [plasma], [defender()]), [1, 1, 1]);
    expect(eventsOf(s.events, 'step').map((x) => x.initiative)).toEqual([10]);
  });
  it('revised4 grenades are a special attack: only chargers in base contact strike at 10 with frag grenades', () => {
    // one charger in contact (2 attacks at 10 with the defender), one supporting (1 attack at its own 4)
    const frag = unit('Frag', [[model('F', { I: 4, A: 1 }, ['frag-grenades']), 2]], { charged: true, inContact: 1 });
    const { events } = scripted(scenario(R, [frag], [defender()]), [1, 1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10, 4]);
  });
  it('revised4 plasma grenades cancel cover only when a model in base contact carries them', () => {
    // the Exarch with plasma grenades supports (last in the removal order is in contact: the Aspect warrior);
    // the defender keeps Initiative 10, then the warriors strike at 5
    const exarch = () => model('Exarch', { I: 5, A: 1 }, ['plasma-grenades']);
    const warrior = () => model('Warrior', { I: 5, A: 1 });
    const apart = unit('Aspects', [[exarch(), 1], [warrior(), 1]], { charged: true, inContact: 1, casualtyOrder: ['Exarch', 'Warrior'] });
    expect(eventsOf(scripted(scenario(R, [apart], [defender()]), [1, 1, 1, 1]).events, 'step').map((s) => s.initiative)).toEqual([10, 5]);
    // with the Exarch in contact, the fight is in plain Initiative order
    const touching = unit('Aspects', [[exarch(), 1], [warrior(), 1]], { charged: true, inContact: 1, casualtyOrder: ['Warrior', 'Exarch'] });
    expect(eventsOf(scripted(scenario(R, [touching], [defender()]), [1, 1, 1, 1]).events, 'step').map((s) => s.initiative)).toEqual([5, 2]);
  });
  it('revised4 a unit of monstrous creatures is a unit each (000: "always count as being a unit in their own right"): one not in base contact does not fight', () => {
    // two Carnifexes, one in base contact (its blow ignores armour), the other a unit of its own
    // with no model in contact: near the combat, not in it (it used to support with one plain blow)
    const brood = unit('Brood', [[model('Carnifex', { S: 4, I: 1, A: 1 }, [], ['monstrous-creature']), 2]], { inContact: 1 });
    // in contact: hit 6, wound 6, no armour save; the Marines lost 1 to 0: Morale 1+1
    const { events, state } = scripted(scenario(R, [brood], [unit('Marines', [[model('Marine', { Sv: 3, I: 1, A: 0 }), 2]])]), [6, 6, 1, 1]);
    expect(state.units.filter((u) => u.side === 'attacker').map((u) => [u.name, u.spec.nearby])).toEqual([['Brood', false], ['Brood 2', true]]);
    // the one in base contact keeps the unit's name
    expect(eventsOf(events, 'attacks').map((a) => [a.unit, a.attacks, a.supporting])).toEqual([['Brood', 1, false]]);
    expect(eventsOf(events, 'saves')[0]!.groups.map((g) => [g.save, g.cause])).toEqual([['none', 'monstrous']]);
  });
  it('revised4 a unit that has the monstrous-creature rule itself splits as one whose models have it; a split-off unit never takes another unit\'s name', () => {
    const beasts = unit('Brood', [[model('Beast', { S: 4, I: 1, A: 1 }), 3]], { rules: ['monstrous-creature'], inContact: 2 });
    const other = unit('Brood 2', [[model('Gaunt', { I: 1, A: 0 }), 1]]);
    const { state } = scripted(scenario(R, [beasts, other], [unit('Marines', [[model('Marine', { Sv: 3, I: 1, A: 0 }), 2]])]), Array(20).fill(1), { allowLeftover: true });
    // those in base contact first, the first keeping the unit's name; the one out of contact is near the combat
    expect(state.units.filter((u) => u.side === 'attacker').map((u) => [u.name, u.spec.nearby])).toEqual([['Brood', false], ['Brood 3', false], ['Brood 4', true], ['Brood 2', false]]);
  });
  it('revised4 a unit of monstrous creatures all in base contact fight as units of their own: each rolls its own dice', () => {
    const brood = unit('Brood', [[model('Carnifex', { S: 4, I: 1, A: 1 }, [], ['monstrous-creature']), 2]]);
    // each hits 6 and wounds 6, no armour save: both Marines die (a massacre: no Morale)
    const { events } = scripted(scenario(R, [brood], [unit('Marines', [[model('Marine', { Sv: 3, I: 1, A: 0 }), 2]])]), [6, 6, 6, 6]);
    expect(eventsOf(events, 'attacks').map((a) => [a.unit, a.count])).toEqual([['Brood', 1], ['Brood 2', 1]]);
  });
  it('revised4 a monstrous creature not in base contact is a unit of its own that is not engaged: it only takes Wipe Out! checks', () => {
    const brood = unit('Brood', [[model('Gaunt', { I: 1, A: 0 }), 1], [model('Carnifex', { S: 4, I: 1, A: 3 }, [], ['monstrous-creature']), 1]], { inContact: 1, casualtyOrder: ['Carnifex'] });
    const { events, state } = scripted(scenario(R, [brood], [unit('Marines', [[model('Marine', { Sv: 3, I: 1, A: 0 }), 1]])]), []);
    expect(eventsOf(events, 'attacks')).toHaveLength(0);
    expect(state.units.find((u) => u.name === 'Carnifex')!.spec.nearby).toBe(true);
  });
  it('revised4 cover counts only in the first round', () => {
    const chargers = unit('Chargers', [[model('Charger', { I: 4, A: 1 }), 1]], { charged: true });
    const { events } = scripted(scenario(R, [chargers], [defender()], 2), [1, 1, 1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10, 4, 4, 2]);
  });
  it('revised4 a power fist in base contact strikes at 1 even from cover', () => {
    const { events } = scripted(scenario(R, [unit('C', [[model('C', { I: 3, A: 1 }), 1]], { charged: true })], [unit('F', [[model('Fist', { I: 4, A: 1 }, ['power-fist']), 1]], { inCover: true })]), [1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([3, 1]);
  });
});

describe('revised4 majorities', () => {
  const grot = model('Grot', { WS: 2, S: 2, T: 2, I: 1, A: 0 });
  const slaver = model('Slaver', { WS: 4, S: 3, T: 4, I: 1, A: 0, Sv: 6 }, [], ['character']);
  const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
  it('revised4 Grots and Slaver (000): WS and T of the Grot majority', () => {
    const { events } = scripted(scenario(R, [striker], [unit('Mob', [[slaver, 1], [grot, 20]])]), [6, 1]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ targetWs: 2, need: 3 });
    expect(eventsOf(events, 'wounds')[0]).toMatchObject({ toughness: 2 });
  });
  it('revised4 one Grot and the Slaver left: the owner takes the Slaver\'s Toughness 4; srd4 the lower', () => {
    const r4 = scripted(scenario(R, [striker], [unit('Mob', [[slaver, 1], [grot, 1]])]), [6, 1]);
    expect(eventsOf(r4.events, 'wounds')[0]!.toughness).toBe(4);
    expect(eventsOf(r4.events, 'attacks')[0]!.targetWs).toBe(2); // WS with no majority: the lowest
    const s4 = scripted(scenario('srd4', [striker], [unit('Mob', [[slaver, 1], [grot, 1]])]), [6, 1]);
    expect(eventsOf(s4.events, 'wounds')[0]!.toughness).toBe(2);
  });
});

describe('revised4 mixed armour: the Black Templars examples of 000', () => {
  const initiate = model('Initiate', { Sv: 3 });
  const neophyte = model('Neophyte', { WS: 3, Sv: 4 });
  function allocate(units: [typeof initiate, number][], batches: HitBatch[], dice: number[]) {
    const state = new FightState(scenario(R, [unit('E', [[model('E', {}), 1]])], [unit('BT', units)]), revised4);
    const d = new ScriptedDice(dice);
    const log: FightEvent[] = [];
    const inflicted = allocateWounds(state.units[1]!, batches, batches.length, { state, phase: 1, firstRound: true, chance: new DiceChance(d, true), log }, revised4);
    expect(d.remaining).toBe(0);
    return { inflicted, saves: eventsOf(log, 'saves')[0]!.groups, models: living(state.units[1]!) };
  }
  const hits = (count: number, noArmour = false): HitBatch => ({ count, strength: 4, noArmour, maxSave: null, ap: null, force: null, cause: noArmour ? 'weapon' : 'plain', weapon: noArmour ? 'Power weapon' : null });
  it('revised4 eight wounds: six saves at 4+ on the Neophytes, four fail; two spill to the Initiates at 3+', () => {
    const r = allocate([[initiate, 4], [neophyte, 6]], [hits(8)], [1, 2, 3, 1, 5, 6, 4, 5]);
    expect(r.saves.map((g) => [g.models.join('/'), g.count, g.need, g.failed])).toEqual([['Neophyte', 6, 4, 4], ['Initiate', 2, 3, 0]]);
    expect(r.inflicted).toBe(4);
  });
  it('revised4 fourteen wounds lap round: 6 Neophytes, 4 Initiates, 4 Neophytes', () => {
    const r = allocate([[initiate, 4], [neophyte, 6]], [hits(14)], Array(14).fill(6));
    expect(r.saves.map((g) => [g.models.join('/'), g.count])).toEqual([['Neophyte', 6], ['Initiate', 4], ['Neophyte', 4]]);
  });
  it('revised4 four power weapon hits and four normal hits: 4 Neophytes die unsaved, one of two saves made, two spill over', () => {
    const r = allocate([[initiate, 4], [neophyte, 6]], [hits(4), hits(4, true)], [5, 2, 3, 4]);
    expect(r.saves.map((g) => [g.models.join('/'), g.count, g.need, g.failed])).toEqual([['Neophyte', 4, null, 4], ['Neophyte', 2, 4, 1], ['Initiate', 2, 3, 0]]);
    expect(r.models.filter((m) => m === 'Neophyte')).toHaveLength(1);
  });
  it('revised4 two Initiates and two Neophytes: no majority, the owner puts the hits on the better save first', () => {
    const r = allocate([[initiate, 2], [neophyte, 2]], [hits(1)], [6]);
    expect(r.saves[0]!.models.join('/')).toBe('Initiate');
  });
});

describe('revised4 results, Wipe Out!, sweeping advance', () => {
  const killer = (p = {}, rules: never[] = []) => unit('Winners', [[model('Winner', { WS: 4, S: 4, I: 4, A: 1, Ld: 8, ...p }, [], rules), 1]]);
  const losers = (n: number, rules: never[] = []) => unit('Losers', [[model('Loser', { T: 4, I: 2, A: 0, Ld: 7 }, [], rules), n]]);
  it('revised4 a higher 2D6 sweep holds the loser in combat: the fight goes on, nobody charging', () => {
    // hit, wound, no save; Morale 5+5 fails; fall back 1+2 = 3, sweep 3+3 = 6 -> held;
    // phase 2: one attack misses -> draw
    const { events, outcome } = scripted(scenario(R, [{ ...killer(), charged: false }], [losers(3)], 2), [4, 4, 5, 5, 1, 2, 3, 3, 1]);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'held', loserRolls: [1, 2], winnerRolls: [3, 3] });
    expect(outcome).toMatchObject({ end: 'locked', phases: 2, sweepsAttempted: 1, sweepsCaught: 1 });
  });
  it('revised4 an equal sweep lets the loser fall back; srd4 would have destroyed it', () => {
    const r4 = scripted(scenario(R, [killer()], [losers(3)]), [4, 4, 5, 5, 3, 3, 4, 2]);
    expect(r4.outcome).toMatchObject({ end: 'fellBack', winner: 'attacker', sweepsCaught: 0 });
    expect(r4.state.units[1]!.aliveCount()).toBe(2);
  });
  it('revised4 jump infantry sweep with 3D6; terminators cannot sweep', () => {
    const jump = scripted(scenario(R, [killer({}, ['jump-infantry' as never])], [losers(3)]), [4, 4, 5, 5, 3, 3, 2, 2, 3]);
    expect(eventsOf(jump.events, 'breakoff')[0]).toMatchObject({ winnerRolls: [2, 2, 3], outcome: 'held' });
    const termie = scripted(scenario(R, [killer({}, ['terminator' as never])], [losers(3)]), [4, 4, 5, 5, 1, 1]);
    expect(eventsOf(termie.events, 'breakoff')[0]).toMatchObject({ outcome: 'fellBack', winnerRolls: [] });
  });
  it('revised4 Wipe Out!: the destroyer wins; nearby friends of the destroyed unit test Morale', () => {
    const lone = losers(1);
    const friend = { ...unit('Friends', [[model('Friend', { Ld: 7 }), 5]]), nearby: true };
    const { events, outcome, state } = scripted(scenario(R, [killer()], [lone, friend]), [4, 4, 6, 6]);
    expect(outcome).toMatchObject({ end: 'destroyed', winner: 'attacker' });
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ unit: 'Friends', reason: 'wipe-out', passed: false });
    expect(state.units.find((u) => u.name === 'Friends')!.fate).toBe('fellBack');
    // srd4 has no such rule: the nearby unit takes no check
    const s = scripted(scenario('srd4', [killer()], [lone, friend]), [4, 4]);
    expect(eventsOf(s.events, 'morale')).toHaveLength(0);
  });
  it('revised4 an independent character fights apart: its own unit, its own dice, struck after its unit', () => {
    const captain = model('Captain', { WS: 5, S: 4, I: 5, A: 2, Ld: 10, Sv: 3 }, ['power-weapon'], ['independent-character']);
    const squad = unit('Squad', [[captain, 1], [marine, 2]]);
    const { events, state } = scripted(scenario(R, [squad], [unit('Target', [[model('T', { I: 1, A: 0 }), 3]])]), [1, 1, 1, 1]);
    expect(state.units.filter((u) => u.side === 'attacker').map((u) => u.name)).toEqual(['Squad', 'Captain']);
    expect(eventsOf(events, 'attacks').map((a) => [a.unit, a.model])).toEqual([['Captain', 'Captain'], ['Squad', 'Space Marine']]);
  });
});

describe('revised4 against srd4 on the same scenario', () => {
  it('revised4 the sweeping advance never destroys a unit; srd4 sweeps units away', async () => {
    const s = scenario('srd4', [unit('Marines', [[marine, 10]], { charged: true })], [unit('Guard', [[model('Guard', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 }), 10]])], 'resolve');
    const a = await simulate(s, { runs: 3000, seed: 'cmp' });
    const b = await simulate({ ...s, rules: R }, { runs: 3000, seed: 'cmp' });
    expect(a.final.end.swept).toBeGreaterThan(0.2);
    expect(b.final.end.swept).toBe(0);
    expect(b.final.rounds.mean).toBeGreaterThan(a.final.rounds.mean);
  });
});
