// srd4 close combat steps 2-3 (Initiative, extra attacks), special weapons, and steps 8-12
// (result, Morale, fall back or sweeping advance, continuing combat), with scripted dice.
import { describe, expect, it } from 'vitest';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';

const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 }, ['pistol', 'frag-grenades']);
const dummy = (name: string, p = {}) => model(name, { WS: 4, S: 3, T: 4, I: 2, A: 1, Ld: 7, ...p });

describe('srd4 Initiative (step 2)', () => {
  it('srd4 charged models in cover strike at Initiative 10 in the first round only', () => {
    const chargers = unit('Chargers', [[dummy('Charger', { I: 4 }), 1]], { charged: true });
    const defenders = unit('Defenders', [[dummy('Defender', { I: 2 }), 1]], { inCover: true });
    // round 1: defender at 10 (1 attack, miss), charger at 4 (2 attacks, miss) -> draw;
    // round 2: charger at 4 (1 attack), defender at 2 (1 attack)
    const { events } = scripted(scenario('srd4', [chargers], [defenders], 2), [1, 1, 1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10, 4, 4, 2]);
  });
  it('srd4 chargers with frag grenades charging a unit in cover strike at 10 too, simultaneously', () => {
    const chargers = unit('Marines', [[marine, 1]], { charged: true });
    const defenders = unit('Defenders', [[dummy('Defender', { I: 2 }), 1]], { inCover: true });
    const { events } = scripted(scenario('srd4', [chargers], [defenders]), [1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10]);
    expect(eventsOf(events, 'attacks')).toHaveLength(2);
  });
  it('srd4 grenades give nothing against a unit in the open', () => {
    const chargers = unit('Marines', [[marine, 1]], { charged: true });
    const { events } = scripted(scenario('srd4', [chargers], [unit('D', [[dummy('D'), 1]])]), [1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([4, 2]);
  });
  it('srd4 a power fist strikes at 1 whatever the cover, grenades or Initiative', () => {
    const sarge = model('Sergeant', { I: 4, A: 1 }, ['power-fist', 'frag-grenades']);
    const chargers = unit('Marines', [[sarge, 1]], { charged: true });
    const defenders = unit('Defenders', [[dummy('Defender', { I: 2 }), 1]], { inCover: true });
    const { events } = scripted(scenario('srd4', [chargers], [defenders]), [1, 1, 1]);
    expect(eventsOf(events, 'step').map((s) => s.initiative)).toEqual([10, 1]);
  });
  it('srd4 models killed before their Initiative step do not strike; the same step strikes simultaneously', () => {
    const fast = unit('Fast', [[dummy('Fast', { I: 5, S: 4 }), 1]], { charged: false });
    const slow = unit('Slow', [[dummy('Slow', { I: 3 }), 1], [dummy('Slower', { I: 3 }), 1]]);
    // Fast (1 attack) hits 4+ and wounds T4 with S4 4+: roll 6, 6 -> one dies (no save).
    // At I3 only one defender is left: 1 attack, miss. The losers pass Morale on 3+3.
    const { events } = scripted(scenario('srd4', [fast], [slow]), [6, 6, 1, 3, 3]);
    expect(eventsOf(events, 'attacks').map((a) => [a.model, a.count])).toEqual([['Fast', 1], ['Slower', 1]]);
  });
});

describe('srd4 extra attacks (step 3)', () => {
  it('srd4 +1 for two single-handed weapons, +1 on the charge in the first round only', () => {
    const twoHands = model('Ork', { I: 4, A: 2 }, ['close-combat-weapon', 'pistol']);
    const s = scenario('srd4', [unit('Orks', [[twoHands, 1]], { charged: true })], [unit('D', [[dummy('D', { I: 1, A: 0 }), 1]])], 2);
    const { events } = scripted(s, [1, 1, 1, 1, 1, 1, 1]);
    expect(eventsOf(events, 'attacks').map((a) => a.attacks)).toEqual([4, 3]);
  });
  it('srd4 photon grenades on the charged unit cancel the charge bonus', () => {
    const eldar = model('Eldar', { I: 1, A: 0 }, ['photon-grenades']);
    const s = scenario('srd4', [unit('Marines', [[marine, 1]], { charged: true })], [unit('Eldar', [[eldar, 1]])]);
    const { events } = scripted(s, [1]);
    expect(eventsOf(events, 'attacks')[0]!.attacks).toBe(1);
  });
  it('srd4 a lightning claw pairs only with another lightning claw', () => {
    const pair = model('Claws', { I: 4, A: 2 }, ['lightning-claw', 'lightning-claw']);
    const mixed = model('Claw and pistol', { I: 4, A: 2 }, ['lightning-claw', 'pistol']);
    const d = unit('D', [[dummy('D', { I: 1, A: 0 }), 1]]);
    const a = scripted(scenario('srd4', [unit('A', [[pair, 1]])], [d]), [1, 1, 1]);
    expect(eventsOf(a.events, 'attacks')[0]!.attacks).toBe(3);
    const b = scripted(scenario('srd4', [unit('B', [[mixed, 1]])], [d]), [1, 1]);
    expect(eventsOf(b.events, 'attacks')[0]!.attacks).toBe(2);
  });
});

describe('srd4 special close combat attacks', () => {
  const target = (p = {}) => unit('Target', [[dummy('Target', { I: 1, A: 0, Sv: 2, ...p }), 3]]);
  const striker = (wargear: string[], p = {}, rules: string[] = []) =>
    unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 4, A: 1, ...p }, wargear, rules as never), 1]]);
  it('srd4 rending: a 6 to hit wounds automatically with no armour save', () => {
    // two attacks: 6 (rending, no wound roll), 4 (hit, wound roll 1 fails); the rending wound: no save
    const { events, outcome } = scripted(scenario('srd4', [striker(['rending'], { A: 2 })], [target()]), [6, 4, 1, 3, 3]);
    expect(eventsOf(events, 'attacks')[0]!.rending).toBe(1);
    expect(outcome.firstWounds.attacker).toBe(1);
  });
  it('srd4 lightning claws re-roll failed wounds once, and ignore armour', () => {
    const { events, outcome } = scripted(scenario('srd4', [striker(['lightning-claw'])], [target()]), [6, 1, 5, 3, 3]);
    const w = eventsOf(events, 'wounds')[0]!;
    expect(w.rolls).toEqual([1]);
    expect(w.rerolls).toEqual([5]);
    expect(outcome.firstWounds.attacker).toBe(1);
  });
  it('srd4 poisoned weapons wound on 4+ whatever the Toughness', () => {
    const { events } = scripted(scenario('srd4', [striker(['poisoned'], { S: 1 })], [target({ T: 8 })]), [6, 3]);
    expect(eventsOf(events, 'wounds')[0]!.need).toBe(4);
  });
  it('srd4 a power fist doubles basic Strength to at most 10; furious charge adds after', () => {
    const fcUnit = { ...striker(['power-fist'], { S: 4 }, ['furious-charge']), charged: true };
    // charging: 2 attacks (6 hits, 1 misses), the wound roll fails
    const fc = scripted(scenario('srd4', [fcUnit], [target({ T: 10 })]), [6, 1, 1]);
    expect(eventsOf(fc.events, 'wounds')[0]!.strength).toBe(9);
    const capped = scripted(scenario('srd4', [striker(['power-fist'], { S: 6 })], [target({ T: 10 })]), [6, 1]);
    expect(eventsOf(capped.events, 'wounds')[0]!.strength).toBe(10);
  });
  it('srd4 a chart "-" means the hit cannot wound: no wound dice are rolled', () => {
    const { events } = scripted(scenario('srd4', [striker([], { S: 1, A: 1 })], [target({ T: 5 })]), [6]);
    expect(eventsOf(events, 'wounds')[0]).toMatchObject({ need: 0, rolls: [], wounds: 0 });
  });
  it('srd4 monstrous creatures ignore armour saves', () => {
    const { outcome } = scripted(scenario('srd4', [striker([], { S: 6 }, ['monstrous-creature'])], [target()]), [6, 6, 3, 3]);
    expect(outcome.firstWounds.attacker).toBe(1);
  });
  it('srd4 force weapon: a passed Psychic test slays a wounded multi-wound model outright; only real wounds count', () => {
    const psyker = unit('Librarian', [[model('Librarian', { WS: 5, S: 4, I: 5, A: 1, Ld: 10 }, ['force-weapon'], ['psyker']), 1]]);
    const big = unit('Big', [[dummy('Big', { T: 4, W: 3, I: 1, A: 0, Sv: 3 }), 1]]);
    // hit 6, wound 6, no armour save (power weapon); Psychic test 5+5 = 10 <= Ld10 passes
    const { events, state, outcome } = scripted(scenario('srd4', [psyker], [big]), [6, 6, 5, 5]);
    expect(eventsOf(events, 'psychic')[0]).toMatchObject({ passed: true, slain: 'Big' });
    expect(state.units[1]!.aliveCount()).toBe(0);
    expect(outcome.firstWounds.attacker).toBe(1);
  });
});

describe('srd4 assault result, Morale and sweeping advance (steps 8-12)', () => {
  const killer = (p = {}) => unit('Killers', [[dummy('Killer', { WS: 4, S: 4, I: 4, A: 1, Ld: 8, ...p }), 1]]);
  const victims = (n: number, p = {}) => unit('Victims', [[dummy('Victim', { T: 4, I: 2, A: 0, Ld: 7, ...p }), n]]);
  it('srd4 the loser tests Morale: 2D6 equal to its Ld passes (ruling 1) and the combat goes on', () => {
    // Killer hits (4) and wounds (4): one victim dies; morale 3+4 = 7 <= 7 passes; rounds 1 -> locked
    const { events, outcome } = scripted(scenario('srd4', [killer()], [victims(3)]), [4, 4, 3, 4]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ passed: true, rolls: [3, 4] });
    expect(outcome.end).toBe('locked');
    expect(outcome.winner).toBeNull();
  });
  it('srd4 a failed Morale check: the loser escapes only with a higher D6+Initiative', () => {
    // morale 4+4 = 8 > 7 fails; loser 5+2 = 7 vs winner 3+4 = 7: a tie is caught
    const tie = scripted(scenario('srd4', [killer()], [victims(3)]), [4, 4, 4, 4, 5, 3]);
    expect(tie.outcome).toMatchObject({ end: 'swept', winner: 'attacker', sweepsCaught: 1 });
    expect(tie.state.units[1]!.aliveCount()).toBe(0);
    const away = scripted(scenario('srd4', [killer()], [victims(3)]), [4, 4, 4, 4, 6, 3]);
    expect(away.outcome).toMatchObject({ end: 'fellBack', winner: 'attacker', sweepsCaught: 0 });
    expect(away.state.units[1]!.aliveCount()).toBe(2);
  });
  it('srd4 fearless units pass their Morale checks without rolling', () => {
    const { outcome } = scripted(scenario('srd4', [killer()], [unit('F', [[model('F', { I: 2, A: 0 }, [], ['fearless']), 3]])]), [4, 4]);
    expect(outcome).toMatchObject({ end: 'locked', moraleTaken: 1, moraleFailed: 0 });
  });
  it('srd4 massacre: a side wiped out loses even if it inflicted more wounds', () => {
    // defender (I5, 2 attacks) kills 2 of 3 chargers at I5; the last charger kills the lone defender at I4
    const chargers = unit('Chargers', [[dummy('C', { WS: 4, S: 4, T: 4, I: 4, A: 0 }), 2], [dummy('Lead', { WS: 4, S: 4, T: 4, I: 4, A: 1 }), 1]]);
    const lone = unit('Lone', [[dummy('Lone', { S: 4, T: 4, I: 5, A: 1 }), 1]], { charged: false });
    const s = scenario('srd4', [chargers], [lone]);
    s.attacker.units[0]!.charged = false;
    s.defender.units[0]!.models[0]!.spec.profile.A = 2;
    const { outcome } = scripted(s, [4, 4, 4, 4, 4, 4]);
    expect(outcome).toMatchObject({ end: 'destroyed', winner: 'attacker' });
    expect(outcome.firstWounds).toEqual({ attacker: 1, defender: 2 });
  });
  it('srd4 a draw goes on into the next phase, with nobody charging and the losses kept', () => {
    const s = scenario('srd4', [unit('Killers', [[dummy('Killer', { I: 4 }), 1]], { charged: true })], [victims(2, { A: 1, I: 2 })], 2);
    // phase 1: killer 2 attacks (charge) miss; victims 2 attacks miss -> draw.
    // phase 2: killer 1 attack miss; victims 2 attacks miss -> draw -> locked
    const { events, outcome } = scripted(s, [1, 1, 1, 1, 1, 1, 1]);
    expect(eventsOf(events, 'attacks').map((a) => a.attacks)).toEqual([2, 2, 1, 2]);
    expect(outcome).toMatchObject({ end: 'locked', phases: 2, firstResult: 'draw' });
  });
});

describe('srd4 charging (ruling 12)', () => {
  it('srd4 through difficult terrain the highest of 2D6 must reach the enemy', () => {
    const scorpions = unit('Scorpions', [[dummy('S'), 1]], { charged: true, chargeDistance: 5, difficultTerrain: true });
    const failed = scripted(scenario('srd4', [scorpions], [unit('D', [[dummy('D'), 1]])]), [2, 4]);
    expect(failed.outcome.end).toBe('chargeFailed');
    const made = scripted(scenario('srd4', [scorpions], [unit('D', [[dummy('D', { A: 0 }), 1]])]), [5, 1, 1, 1]);
    expect(eventsOf(made.events, 'charge')[0]).toMatchObject({ made: true, reach: 5 });
  });
  it('srd4 in the open a charge of 6" or less is made without a roll, longer fails', () => {
    const long = scripted(scenario('srd4', [unit('A', [[dummy('A'), 1]], { charged: true, chargeDistance: 7 })], [unit('D', [[dummy('D'), 1]])]), []);
    expect(long.outcome.end).toBe('chargeFailed');
  });
});
