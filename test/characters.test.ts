// revised4 (000, Characters in assaults): an independent character fights apart (his own dice)
// but charges, tests Morale and moves with the unit he joined; `inContact: N` counts him.
import { describe, expect, it } from 'vitest';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';

const R = 'revised4';
const captain = (p = {}) => model('Captain', { WS: 5, S: 4, I: 5, A: 0, Ld: 10, Sv: 3 }, [], ['independent-character']);
const marine = (p = {}) => model('Marine', { WS: 4, S: 4, I: 4, A: 0, Ld: 8, ...p });
const target = (p = {}) => unit('Targets', [[model('Target', { WS: 4, S: 4, T: 4, I: 1, A: 0, ...p }), 10]]);

describe('revised4 independent characters', () => {
  it('revised4 a character charges with his unit: one charge roll for both', () => {
    // difficult terrain: the highest of 2D6 (6 and 1) reaches 6"; then each charger has the
    // charge bonus attack only (all miss)
    const squad = unit('Squad', [[captain(), 1], [marine(), 2]], { charged: true, chargeDistance: 6, difficultTerrain: true });
    const { events } = scripted(scenario(R, [squad], [target()]), [6, 1, 1, 1, 1]);
    expect(eventsOf(events, 'charge').map((c) => c.unit)).toEqual(['Squad']);
  });
  it('revised4 a failed charge leaves the character behind too', () => {
    const squad = unit('Squad', [[captain(), 1], [marine(), 2]], { charged: true, chargeDistance: 6, difficultTerrain: true });
    const { outcome } = scripted(scenario(R, [squad], [target()]), [2, 1]);
    expect(outcome.end).toBe('chargeFailed');
  });
  it('revised4 a character tests Morale with his unit, on the highest Leadership', () => {
    // the Killer kills a Marine (hit 4, wound 4, no save); the unit tests once at Ld10: 5+5 holds
    const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
    const squad = unit('Squad', [[captain(), 1], [marine(), 2]]);
    const { events, outcome } = scripted(scenario(R, [killers], [squad]), [4, 4, 5, 5]);
    expect(eventsOf(events, 'morale').map((m) => [m.unit, m.joined, m.ld, m.passed])).toEqual([['Squad', ['Captain'], 10, true]]);
    expect(outcome.end).toBe('locked');
  });
  it('revised4 a character whose unit is destroyed tests alone', () => {
    const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
    const squad = unit('Squad', [[captain({}), 1], [marine(), 1]]);
    // the Marine dies; the Captain tests on his own Ld10 and fails on 6+6; falls back on 1+1, the
    // Killers sweep 2+2: the Captain is held
    const { events } = scripted(scenario(R, [killers], [squad]), [4, 4, 6, 6, 1, 1, 2, 2]);
    expect(eventsOf(events, 'morale').map((m) => m.unit)).toEqual(['Captain']);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.outcome])).toEqual([['Captain', 'held']]);
  });
  it('revised4 a unit and its character break, flee and are caught as one', () => {
    const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
    const squad = unit('Squad', [[captain(), 1], [marine({ Ld: 8 }), 2]]);
    // Morale at Ld10 fails on 6+5; one fall back roll (1+1) against one sweep (2+2): held together
    const { events, state } = scripted(scenario(R, [killers], [squad]), [4, 4, 6, 5, 1, 1, 2, 2]);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.joined, b.outcome])).toEqual([['Squad', ['Captain'], 'held']]);
    expect(state.units.filter((u) => u.side === 'defender').every((u) => u.inCombat)).toBe(true);
  });
  it('revised4 inContact: N means N models, the character among them (he stands last in the removal order)', () => {
    const squad = unit('Squad', [[model('Captain', { WS: 5, I: 5, A: 3, Ld: 10 }, [], ['independent-character']), 1], [marine({ A: 2 }), 4]], { inContact: 2 });
    // Captain in contact: 3 attacks; one Marine in contact: 2; three Marines support: 1 each
    const { events } = scripted(scenario(R, [squad], [target()]), Array(8).fill(1));
    expect(eventsOf(events, 'attacks').map((a) => [a.model, a.count, a.attacks])).toEqual([['Captain', 1, 3], ['Marine', 3, 3], ['Marine', 1, 2]]);
  });
});

describe('inContact: 0', () => {
  it('is rejected with a clear message: a unit with nobody in base contact is not in the combat', async () => {
    const { YamlFile } = await import('../src/io/yamlfile.js');
    const { scenarioFrom } = await import('../src/io/load.js');
    const yaml = YamlFile.parse('s.yaml', 'rules: revised4\nattacker:\n  units:\n    - unit: orks/boyz\ndefender:\n  units:\n    - unit: space-marines/tactical-squad\n      inContact: 0\n');
    expect(() => scenarioFrom(yaml)).toThrow(/s\.yaml:8:18: inContact must be at least 1: a unit with no model in base contact is not in the combat .*\(at defender\.units\[0\]\.inContact\)/);
  });
});
