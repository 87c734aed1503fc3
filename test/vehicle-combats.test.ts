// A vehicle in a combat with other units (../shared/rules/vehicles.md V17-V20) and the smaller
// vehicle rulings beside them, with scripted dice: one body for srd4 and revised4.
import { describe, expect, it } from 'vitest';
import { eventsOf, model, profile, scenario, scripted, unit, W } from './helpers.js';
import { AUTO_HIT } from '../src/dice.js';
import { getRuleset } from '../src/editions/registry.js';
import { VEHICLE_STUNNED } from '../src/engine/fight.js';
import type { ModelSpec, Weapon } from '../src/model.js';

/** A Rhino as the loader builds it (vehicles.md V1): stationary unless told, struck on its rear 10. */
const rhino: ModelSpec = {
  key: 'rhino', name: 'Rhino', profile: profile({ WS: 0, BS: 4, S: 0, T: 10, W: 1, I: 0, A: 0, Ld: 10 }), wargear: [], rules: [],
  vehicle: { kind: 'vehicle', front: 11, side: 11, rear: 10, types: [] },
};
/** A Dreadnought (WS4 S6 I4 A2, front 12) with these close combat weapons. */
const dread = (wargear: Weapon[] = [W['dreadnought-close-combat-weapon']!]): ModelSpec => ({
  key: 'dreadnought', name: 'Dreadnought', profile: profile({ WS: 4, BS: 4, S: 6, T: 10, W: 1, I: 4, A: 2, Ld: 10 }), wargear, rules: ['walker'],
  vehicle: { kind: 'walker', front: 12, side: 12, rear: 10, types: [] },
});
const marine = (wargear: string[] = ['close-combat-weapon'], A = 1) => model('Marine', { WS: 4, S: 4, T: 4, I: 4, A, Ld: 8, Sv: 3 }, wargear);
const boy = model('Boy', { WS: 4, S: 3, T: 4, I: 2, A: 1, Ld: 7, Sv: 6 }, ['close-combat-weapon']);
/** an Ogryn-like model striking before the walker (I5), S6: D6 + 6 glances front 12 on a 6 */
const brute = model('Brute', { WS: 4, S: 6, T: 4, I: 5, A: 1, Ld: 8 }, ['close-combat-weapon']);

describe.each(['srd4', 'revised4'])('a vehicle in a combat with other units under %s', (rules) => {
  it('V17: hits on a Rhino beside its squad count for nothing: a draw, and nobody tests Morale', () => {
    // every Marine blow goes to the Rhino: auto-hit, penetration 6 6 1 (two glance rear 10), damage 1 1 (shaken);
    // I2: the two Boyz miss (1 1)
    const s = scenario(rules, [unit('Marines', [[marine(), 3]], { attackSplit: ['Rhino'] })], [unit('Boyz', [[boy, 2]]), unit('Rhino', [[rhino, 1]])]);
    const r = scripted(s, [6, 6, 1, 1, 1, 1, 1]);
    expect(eventsOf(r.events, 'vehicleDamage')[0]!.shaken).toBe(true);
    const res = eventsOf(r.events, 'result')[0]!;
    expect([res.attacker, res.defender, res.winner]).toEqual([0, 0, null]);
    expect(eventsOf(r.events, 'morale')).toEqual([]);
    expect([r.outcome.firstResult, r.outcome.firstWounds.attacker]).toEqual(['draw', 0]);
    expect(r.outcome.units.map((u) => u.fate)).toEqual(['locked', 'locked', 'disengaged']);
  });

  it('V17: hits on a walker beside other units still count as wounds', () => {
    // the Brute (I5) hits the Dreadnought (4), glances front 12 (6), damage 1 (shaken); I4: the walker's
    // 2 attacks miss the Brute (1 1); I2: the Boy misses (1)
    const s = scenario(rules, [unit('Brutes', [[brute, 1]], { attackSplit: ['Dreadnought'] })], [unit('Boyz', [[boy, 1]]), unit('Dreadnought', [[dread(), 1]])]);
    const r = scripted(s, [4, 6, 1, 1, 1, 1, 1, 1]);
    const res = eventsOf(r.events, 'result')[0]!;
    expect([res.attacker, res.winner]).toEqual([1, 'attacker']);
    // the Boyz lose and test (1 1 passes); the walker takes no test
    expect(eventsOf(r.events, 'morale').map((e) => e.unit)).toEqual(['Boyz']);
  });

  it('V18: beaten Boyz are swept past their Rhino (it locks nobody), and the combat ends with them', () => {
    // I4: 3 Marines at the Boyz: hits 4 4 1, wounds 4 1, the Boy's save 1 fails; I2: the last Boy misses (1);
    // Morale 6 6 fails; the sweep is rolled (srd4 D6 + I: the Boyz 6 + 2 escape 1 + 4; revised4 2D6: 12 against 2)
    const s = scenario(rules, [unit('Marines', [[marine(), 3]], { attackSplit: ['Boyz'] })], [unit('Boyz', [[boy, 2]]), unit('Rhino', [[rhino, 1]])]);
    const r = scripted(s, [4, 4, 1, 4, 1, 1, 1, 6, 6, ...(rules === 'srd4' ? [6, 1] : [6, 6, 1, 1])]);
    const b = eventsOf(r.events, 'breakoff')[0]!;
    expect([b.outcome, b.rule === 'stillLocked', b.winnerRolls.length > 0]).toEqual(['fellBack', false, true]);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['fellBack', 'attacker']);
    expect(r.outcome.units.map((u) => u.fate)).toEqual(['none', 'fellBack', 'disengaged']);
  });

  it('V18: a sweep that catches them ends the combat, the Rhino leaving with it', () => {
    const s = scenario(rules, [unit('Marines', [[marine(), 3]], { attackSplit: ['Boyz'] })], [unit('Boyz', [[boy, 2]]), unit('Rhino', [[rhino, 1]])]);
    const r = scripted(s, [4, 4, 1, 4, 1, 1, 1, 6, 6, ...(rules === 'srd4' ? [1, 6] : [1, 1, 6, 6])]);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['swept', 'attacker']);
    expect(r.outcome.units.map((u) => u.fate)).toEqual(['none', 'swept', 'disengaged']);
  });

  it('V18: Boyz destroyed beside their Rhino: the combat ends destroyed, won by the Marines, the Rhino unharmed', () => {
    // I4: hits 4 1 1, wound 4, the save 1 fails: the one Boy dies; nobody strikes back
    const s = scenario(rules, [unit('Marines', [[marine(), 3]], { attackSplit: ['Boyz', 'Rhino'] })], [unit('Boyz', [[boy, 1]]), unit('Rhino', [[rhino, 1]])], 'resolve');
    const r = scripted(s, [4, 1, 1, 4, 1]);
    expect([r.outcome.end, r.outcome.winner]).toEqual(['destroyed', 'attacker']);
    expect(eventsOf(r.events, 'phase')).toHaveLength(1);
    expect(r.outcome.units.map((u) => [u.fate, u.survivors])).toEqual([['none', 3], ['destroyed', 0], ['disengaged', 1]]);
  });

  it('V19: a model whose attackSplit sends its attacks to the Rhino throws its krak grenade; one that shares them (even) makes its attacks', () => {
    const krak = marine(['close-combat-weapon', 'krak-grenades'], 2);
    const listed = scenario(rules, [unit('Marines', [[krak, 1]], { attackSplit: ['Rhino', 'Boyz'] })], [unit('Boyz', [[boy, 1]]), unit('Rhino', [[rhino, 1]])]);
    // I4: one grenade at the Rhino, auto-hit, penetration 3 (9: nothing); I2: the Boy misses (1)
    let r = scripted(listed, [3, 1]);
    let a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.grenade, a.attacks, a.weapon]).toEqual([true, 1, 'Krak grenades']);
    // even: one attack at the Boyz (1: misses), one at the Rhino (penetration 1: nothing); the Boy misses (1)
    const even = scenario(rules, [unit('Marines', [[krak, 1]], { attackSplit: 'even' })], [unit('Boyz', [[boy, 1]]), unit('Rhino', [[rhino, 1]])]);
    r = scripted(even, [1, 1, 1]);
    a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.grenade, a.attacks]).toEqual([false, 1]);
  });

  it('V19: a grenade chosen against a Rhino destroyed at an earlier step is not thrown, and its thrower makes no attack', () => {
    const krak = marine(['close-combat-weapon', 'krak-grenades'], 2);
    const s = scenario(rules, [unit('Marines', [[brute, 1], [krak, 1]], { attackSplit: ['Rhino', 'Boyz'] })], [unit('Boyz', [[boy, 1]]), unit('Rhino', [[rhino, 1]])]);
    // I5: the Brute's blow hits with no die, penetrates (5: 11 against rear 10), damage 4: destroyed;
    // I4: the Marine's grenade has no target; I2: the Boy misses the Brute or the Marine (1)
    const r = scripted(s, [5, 4, 1]);
    expect(eventsOf(r.events, 'vehicleAttacks').map((e) => e.model)).toEqual(['Brute']);
    expect(eventsOf(r.events, 'attacks').map((e) => e.model)).toEqual(['Boy']);
    // the Rhino's hits count for nothing beside the Boyz (V17): a draw
    expect([r.outcome.firstResult, r.outcome.units[2]!.fate]).toEqual(['draw', 'destroyed']);
  });

  it('V20: a Dreadnought close combat weapon wrecked at Initiative 5 is gone at Initiative 4 (S6, not S10)', () => {
    // I5: the Brute hits (4), glances (6), damage 4: gun wrecked; I4: the walker hits twice (4 4) at S6
    // against T4 and wounds on 2+ (S10 would too): 1 1 fail
    const s = scenario(rules, [unit('Brutes', [[brute, 1]])], [unit('Dreadnought', [[dread(), 1]])]);
    const r = scripted(s, [4, 6, 4, 4, 4, 1, 1]);
    const w = eventsOf(r.events, 'wounds').find((e) => e.model === 'Dreadnought')!;
    expect([w.strength, w.weapon, w.need]).toEqual([6, null, 2]);
  });

  it('V20: a walker with two weapons loses the second weapon\'s attack at the next step; stunned, one attack fewer', () => {
    const two = dread([W['dreadnought-close-combat-weapon']!, W['dreadnought-close-combat-weapon']!]);
    const s = scenario(rules, [unit('Brutes', [[brute, 1]])], [unit('Dreadnought', [[two, 1]])]);
    // gun wrecked at I5 (4, 6, 4): at I4 two attacks, not three (1 1)
    let r = scripted(s, [4, 6, 4, 1, 1]);
    let a = eventsOf(r.events, 'attacks').find((e) => e.model === 'Dreadnought')!;
    expect([a.attacks, a.twoWeapons]).toEqual([2, false]);
    // stunned at I5 (4, 6, 3): at I4 two attacks, not three (1 1)
    r = scripted(s, [4, 6, 3, 1, 1]);
    a = eventsOf(r.events, 'attacks').find((e) => e.model === 'Dreadnought')!;
    expect([a.attacks, a.slowed]).toEqual([2, true]);
  });

  it('a to-hit chart cell A (an edition file\'s) hits a walker with no die rolled', () => {
    const base = getRuleset(rules);
    const ruleset = { ...base, toHit: base.toHit.map((row) => row.map(() => AUTO_HIT)) };
    const s = scenario(rules, [unit('Marines', [[marine(), 1]])], [unit('Dreadnought', [[dread(), 1]])]);
    // I4: the Marine's attack hits with no die, penetration 1 (5: nothing); the walker's 2 hit with no die, wounds 1 1 fail
    const r = scripted(s, [1, 1, 1], { ruleset });
    const a = eventsOf(r.events, 'vehicleAttacks')[0]!;
    expect([a.need, a.rolls, a.hits]).toEqual([AUTO_HIT, [], 1]);
  });

  it('V14: a Rhino stunned in the first phase that left counts as stunned only when the fight ends in that phase', () => {
    const s = (rounds: number) => scenario(rules, [unit('Marines', [[marine(), 1]], { attackSplit: ['Rhino', 'Boyz'] })], [unit('Boyz', [[boy, 1]]), unit('Rhino', [[rhino, 1]])], rounds);
    // phase 1: the Marine glances the Rhino (6), damage 3: stunned; the Boy misses (1): a draw
    let r = scripted(s(1), [6, 3, 1]);
    expect(r.outcome.units[2]!.vehicle!.flags & VEHICLE_STUNNED).toBe(VEHICLE_STUNNED);
    // phase 2 without the Rhino: the Marine misses the Boy (1), the Boy misses (1): it was stunned through phase 2 and no further
    r = scripted(s(2), [6, 3, 1, 1, 1]);
    expect(r.outcome.end).toBe('locked');
    expect(r.outcome.units[2]!.vehicle!.flags & VEHICLE_STUNNED).toBe(0);
  });
});
