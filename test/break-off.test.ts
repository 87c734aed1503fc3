// Several units a side: a destroyed unit leaves the combat at once (rules README ruling 6), and
// one sweeping-advance roll per winning unit against every fleeing unit (ruling 17; 000,
// Multiple combats). One body per rule for both editions; expectations differ only where the
// editions do (srd4: D6+I, caught means destroyed; revised4: 2D6, caught means held).
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';
import { renderEvent } from '../src/render/text.js';
import { getRuleset } from '../src/editions/registry.js';
import { FightState } from '../src/engine/state.js';

const killer = (p = {}) => unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 4, A: 2, Ld: 8, ...p }), 1]]);
const victims = (name: string, n: number, p = {}, rules: never[] = []) =>
  unit(name, [[model(name.slice(0, -1), { T: 4, I: 1, A: 0, Ld: 7, ...p }, [], rules), n]]);

const EDITIONS = {
  srd4: { flee: (n: number) => [n], sweep: (n: number) => [n], caught: 'swept' as const },
  revised4: { flee: (n: number) => [n, n], sweep: (n: number) => [n, n], caught: 'held' as const },
  fightphase: { flee: (n: number) => [n], sweep: (n: number) => [n], caught: 'swept' as const },
};

describe.each(Object.entries(EDITIONS))('%s: a unit whose models are all removed leaves the combat at once', (R, e) => {
  it(`${R} it takes no Morale test (not even a fearless one), blocks no sweep and is never caught`, () => {
    // Killer: hits 4 4, wounds 4 1: the one Doomed model dies. Holders fail Morale (6+6 > 7),
    // flee on 1s, the Killer sweeps on 3s: caught (srd4 1+1 vs 3+4; revised4 2 vs 6).
    const doomed = victims('Doomeds', 1, {}, ['fearless' as never]);
    const { events, outcome, state } = scripted(scenario(R, [killer()], [doomed, victims('Holders', 1)]), [4, 4, 4, 1, 6, 6, ...e.flee(1), ...e.sweep(3)]);
    expect(eventsOf(events, 'morale').map((m) => m.unit)).toEqual(['Holders']);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.outcome])).toEqual([['Holders', e.caught]]);
    expect(state.units.find((u) => u.name === 'Doomeds')!.fate).toBe('destroyed');
    // srd4: destroyed by the sweep; revised4: held, and the one phase ends there (ruling 20: caught)
    expect(outcome.end).toBe('swept');
    expect(outcome.units.map((u) => u.fate)).toEqual(['none', 'destroyed', 'swept']);
  });
});

describe.each(Object.entries(EDITIONS))('%s: one sweep roll per winning unit against every fleeing unit', (R, e) => {
  it(`${R} two broken units each roll to flee, the winner rolls once and catches only the slower`, () => {
    // Killer wounds one of two D1 models (hits 4 4, wounds 4 1); both D1 and D2 fail Morale.
    // Flee: D1 on 1s, D2 on 6s; one sweep on 2s: srd4 1+1 <= 2+4 caught, 6+1 > 6 escapes;
    // revised4 2 < 4 held, 12 > 4 falls back.
    const { events, state } = scripted(
      scenario(R, [killer()], [victims('D1s', 2, { Ld: 2 }), victims('D2s', 2, { Ld: 2 })]),
      [4, 4, 4, 1, 6, 6, 6, 6, ...e.flee(1), ...e.flee(6), ...e.sweep(2)],
    );
    const b = eventsOf(events, 'breakoff');
    expect(b.map((x) => [x.unit, x.outcome])).toEqual([['D1s', e.caught], ['D2s', 'fellBack']]);
    expect(b[0]!.winnerRolls).toEqual(b[1]!.winnerRolls);
    expect(state.units.find((u) => u.name === 'D2s')!.fate).toBe('fellBack');
  });
  it(`${R} each winning unit that may sweep rolls once; a fleeing unit is caught if any of them catches it`, () => {
    const slow = unit('Slow', [[model('Slow', { I: 1, A: 0 }), 1]]);
    // Killers (I4) kill one of two victims; they fail Morale, flee on 2s; Slow sweeps on 1s
    // (too short), Killers on 6s (catch).
    const { events } = scripted(scenario(R, [slow, killer()], [victims('Victims', 2)]), [4, 4, 4, 1, 6, 6, ...e.flee(2), ...e.sweep(1), ...e.sweep(6)]);
    expect(eventsOf(events, 'breakoff').map((x) => [x.winner, x.outcome])).toEqual([['Killers', e.caught]]);
  });
});

describe.each(Object.keys(EDITIONS))('%s: how the combat ended comes from the losing units\' fates', (R) => {
  it(`${R} a unit fell back in phase 1, the one that held is destroyed in phase 2: the end is fellBack`, () => {
    // phase 1: one of two D1s dies (hits 4 4, wounds 4 1); D1s fail Morale, D2s are fearless and
    // hold, so the winner is still locked and D1s fall back; phase 2: the lone D2 dies
    const d2 = victims('D2s', 1, {}, ['fearless' as never]);
    const { outcome } = scripted(scenario(R, [killer()], [victims('D1s', 2, { Ld: 2 }), d2], 2), [4, 4, 4, 1, 6, 6, 4, 4, 4, 4]);
    expect(outcome).toMatchObject({ end: 'fellBack', winner: 'attacker', phases: 2 });
  });
});

// After a massacre the winners consolidate: D6" in srd4 ("If the victor caused a Massacre they
// may move 1D6" instead", 002 Consolidation), where a unit caught by the sweeping advance is
// massacred too (step 10: "as they are immediately Massacred"); 3" as normal in revised4 (000,
// Wipe Out!: "They may consolidate as normal"; its sweep holds the loser), fightphase (001,
// Consolidation: "up to 3""; its sweep wounds, then the loser falls back) and waffle (as
// fightphase). After the losers fall back, 3" in every edition.
type Consolidation = { massacreD6: boolean; afterSweep: [boolean, boolean] | null };
const CONSOLIDATION: Record<string, Consolidation> = { srd4: { massacreD6: true, afterSweep: [true, true] } };
CONSOLIDATION.revised4 = { ...CONSOLIDATION.srd4!, massacreD6: false, afterSweep: null };
CONSOLIDATION.fightphase = { massacreD6: false, afterSweep: [false, false] };
CONSOLIDATION.waffle = { ...CONSOLIDATION.fightphase };

describe.each(Object.entries(CONSOLIDATION))('%s: the winners consolidate', (R, e) => {
  it(`${R} after a massacre ${e.massacreD6 ? 'D6"' : '3"'}`, () => {
    // the Killer hits on a 4 and wounds on a 4: the lone Victim (no save) dies
    const victim = unit('Victims', [[model('Victim', { I: 1, A: 0 }), 1]]);
    const { events, outcome } = scripted(scenario(R, [unit('Killers', [[model('Killer', {}), 1]])], [victim]), [4, 4], { allowLeftover: true });
    expect(outcome.end).toBe('destroyed');
    const c = eventsOf(events, 'consolidate');
    expect(c.map((x) => [x.side, x.massacre, x.d6])).toEqual([['attacker', true, e.massacreD6]]);
    expect(renderEvent(c[0]!, new Chalk({ level: 0 }))).toEqual([`Consolidation: Killers (attacker) may move ${e.massacreD6 ? 'D6"' : '3"'} (massacre)`]);
  });
  it(`${R} after the losers fall back 3"`, () => {
    // the Killer kills one of two Victims (Ld 2): the other fails Morale (6, 6), flees and gets away (no sweep catches a 6 against 1s)
    const victims = unit('Victims', [[model('Victim', { I: 6, A: 0, Ld: 2 }), 2]]);
    const flee = R === 'revised4' ? [6, 6] : [6];
    const sweep = R === 'revised4' ? [1, 1] : [1];
    const { events, outcome } = scripted(scenario(R, [unit('Killers', [[model('Killer', { I: 1 }), 1]])], [victims]), [4, 4, 6, 6, ...flee, ...sweep], { allowLeftover: true });
    expect(outcome.end).toBe('fellBack');
    expect(eventsOf(events, 'consolidate').map((x) => [x.massacre, x.d6])).toEqual([[false, false]]);
  });
  it(`${R} after a sweep that catches the loser ${e.afterSweep ? (e.afterSweep[1] ? 'D6" (it was massacred)' : '3"') : 'none: the loser is held'}`, () => {
    // the Killer kills one of two Victims (Ld 2): the other fails Morale (6, 6), flees on 1s and is caught by a sweep of 6s
    const victims = unit('Victims', [[model('Victim', { I: 1, A: 0, Ld: 2, W: 1 }), 2]]);
    const rolls = R === 'revised4' ? [1, 1, 6, 6] : [1, 6];
    const { events, outcome } = scripted(scenario(R, [unit('Killers', [[model('Killer', { I: 4 }), 1]])], [victims]), [4, 4, 6, 6, ...rolls, 4, 4, 4], { allowLeftover: true });
    expect(eventsOf(events, 'breakoff').map((b) => b.outcome)).toEqual([R === 'revised4' ? 'held' : 'swept']);
    expect(outcome.end).toBe('swept');
    expect(eventsOf(events, 'consolidate').map((x) => [x.massacre, x.d6])).toEqual(e.afterSweep ? [e.afterSweep] : []);
  });
});

// srd4 step 10: "if the Unit currently Falling Back no longer has any model in base-to-base
// contact with the winner, the winning Unit may not use a Sweeping Advance". revised4 (000),
// fightphase and waffle (001) have no such rule: their sweeps go ahead.
const CONTACT: Record<string, { swept: 'noSweep' | 'held' | 'swept' }> = { srd4: { swept: 'noSweep' } };
CONTACT.revised4 = { ...CONTACT.srd4!, swept: 'held' };
CONTACT.fightphase = { swept: 'swept' };
CONTACT.waffle = { ...CONTACT.fightphase };

describe.each(Object.entries(CONTACT))('%s: a loser with no model left in base contact', (R, e) => {
  it(`${R} ${e.swept === 'noSweep' ? 'falls back and is not swept' : 'is swept as any other'}`, () => {
    // the two Fronts (no save) are in base contact, the Back (3+) supports: the Killer's two wounds
    // go to the Fronts (the majority, or the closest); the Back (revised4: one supporting
    // attack, a miss) fails Morale (6, 6) and flees
    const victims = unit('Victims', [[model('Back', { I: 1, A: 0, Ld: 2, Sv: 3 }), 1], [model('Front', { I: 1, A: 0, Ld: 2 }), 2]], { inContact: 2, casualtyOrder: ['Back', 'Front'] });
    const flight = R === 'srd4' ? [] : R === 'revised4' ? [1, 1, 6, 6] : [1, 6, 4, 4];
    const support = R === 'revised4' ? [1] : [];
    const { events, outcome } = scripted(scenario(R, [unit('Killers', [[model('Killer', { I: 4, A: 2 }), 1]])], [victims]), [4, 4, 4, 4, ...support, 6, 6, ...flight], { allowLeftover: R !== 'srd4' });
    expect(eventsOf(events, 'casualties').flatMap((c) => c.killed)).toEqual(['Front', 'Front']);
    const b = eventsOf(events, 'breakoff');
    expect(b.map((x) => x.outcome)).toEqual([e.swept]);
    if (e.swept === 'noSweep') {
      expect(b[0]!.rule).toBe('outOfContact');
      expect(outcome).toMatchObject({ end: 'fellBack', sweepsAttempted: 0 });
    }
  });
});

/**
 * Terminators may not sweep (000, 7; 001, Disallowed Sweeping Advances, by their special rules)
 * but in srd4, whose 002 names no unit that may not. Where the fall back roll is the fall back
 * move too (revised4, 2D6") the loser still rolls it; elsewhere "there is no need to roll".
 */
const TERMINATORS = {
  srd4: { flee: [1], sweeps: true, rolls: true },
  revised4: { flee: [1, 1], sweeps: false, rolls: true },
  fightphase: { flee: [1], sweeps: false, rolls: false },
  waffle: { flee: [1], sweeps: false, rolls: false },
};

describe.each(Object.entries(TERMINATORS))('%s: terminators and the sweeping advance', (R, e) => {
  it(`${R} a dead unit never makes the sweep roll for its side: Terminators ${e.sweeps ? 'sweep' : 'cannot sweep'}, even beside a dead jump unit`, () => {
    // Foes (I5) kill the lone Jumper (three hits, three wounds: one inflicted, two lost);
    // Terminators (I4) kill two Foes; the last Foe fails Morale and flees on 1s.
    const jumpers = unit('Jumpers', [[model('Jumper', { T: 4, I: 1, A: 0 }, [], ['jump-infantry']), 1]]);
    const termies = unit('Terminators', [[model('Terminator', { WS: 4, S: 4, I: 4, A: 2 }, [], ['terminator']), 1]]);
    const foes = victims('Foes', 3, { I: 5, A: 1, WS: 4, S: 4, Ld: 8 });
    const dice = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, ...(e.rolls ? e.flee : []), ...(e.sweeps ? [6] : [])];
    const { events, outcome } = scripted(scenario(R, [jumpers, termies], [foes]), dice);
    const breakoff = eventsOf(events, 'breakoff')[0]!;
    expect(breakoff.winner).toBe('Terminators');
    expect(outcome.end).toBe(e.sweeps ? 'swept' : 'fellBack');
    expect(breakoff.rule).toBe(e.sweeps ? 'initiative' : 'cannotSweep');
    expect(breakoff.loserRolls).toEqual(e.rolls ? e.flee : []);
    expect(outcome.sweepsAttempted).toBe(e.rolls ? 1 : 0);
  });
});

describe.each(['fightphase', 'waffle'])('%s: a loser that fought only terminators', (R) => {
  it(`${R} disengages with no roll, named with the terminators, while a loser locked with a winner that may sweep rolls and is caught`, () => {
    const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, I: 4, A: 1 }), 1]], { lockedWith: ['D2s'] });
    const termies = unit('Terminators', [[model('Terminator', { WS: 4, S: 4, I: 4, A: 1 }, [], ['terminator']), 1]], { lockedWith: ['D1s'] });
    const d1 = victims('D1s', 2, { Ld: 2 }, []);
    const d2 = victims('D2s', 2, { Ld: 2 }, []);
    // each winner hits (4) and wounds (4) one victim; both losers fail Morale (6 6, 6 6); only D2s
    // rolls to flee (1 + I1), the Killer sweeps (1 + I4) and catches it (waffle: one hit, wounded on 6)
    const { events, outcome } = scripted(scenario(R, [killers, termies], [{ ...d1, lockedWith: ['Terminators'] }, { ...d2, lockedWith: ['Killers'] }]), [4, 4, 4, 4, 6, 6, 6, 6, 1, 1, 6], { allowLeftover: true });
    const b = eventsOf(events, 'breakoff');
    expect(b.map((x) => [x.unit, x.winner, x.rule, x.loserRolls])).toEqual([['D1s', 'Terminators', 'cannotSweep', []], ['D2s', 'Killers', 'initiative', [1]]]);
    expect(b[1]!.outcome).toBe('swept');
    expect(outcome.sweepsAttempted).toBe(1);
  });
  it(`${R} a unit whose only Terminator is dead may sweep (001: one that "contains" a model not allowed may not); revised4 reads its unit ("units like Terminators")`, () => {
    const mixed = unit('Mixed', [[model('Terminator', { I: 4 }, [], ['terminator']), 1], [model('Marine', { I: 4 }), 2]]);
    const ruleset = getRuleset(R);
    const state = new FightState(scenario(R, [mixed], [victims('Vs', 1)]), ruleset);
    const u = state.units[0]!;
    expect(ruleset.sweepDice([u])).toBe(0);
    u.classes[0]!.count = 0;
    expect(ruleset.sweepDice([u])).toBe(1);
    expect(getRuleset('revised4').sweepDice([u])).toBe(0);
  });
});
