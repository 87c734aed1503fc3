// Abilities on a unit's tests and fate (rules/abilities.md B7 fearless, B8 leadership: models,
// B10 engageAll, B11 hitAndRun, B12 sweepProof), in every 40K edition: scripted fights, one body
// per rule with expectations that differ only where the editions do; then exact and sim against
// figures worked out here from the dice; then the tabled sim against the reference steps.
import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import type { Ability } from '../src/abilities.js';
import { getRuleset } from '../src/editions/registry.js';
import { FightState } from '../src/engine/state.js';
import { exact } from '../src/exact/exact.js';
import { loadScenario } from '../src/io/load.js';
import type { ModelSpec, Scenario } from '../src/model.js';
import { renderEvent } from '../src/render/text.js';
import { simulate } from '../src/sim/run.js';
import { kernelRefusal } from '../src/sim/kernel/domain.js';
import { eventsOf, model, modelIn, placed, scenario, scripted, tempFiles, unit } from './helpers.js';
import { tabledDifferences } from './tabled-differences.js';

const EDITIONS = {
  srd4: { flee: (n: number) => [n], sweep: (n: number) => [n], penalty: 0 },
  revised4: { flee: (n: number) => [n, n], sweep: (n: number) => [n, n], penalty: 0 },
  fightphase: { flee: (n: number) => [n], sweep: (n: number) => [n], penalty: 1 },
  waffle: { flee: (n: number) => [n], sweep: (n: number) => [n], penalty: 1 },
};
type R = keyof typeof EDITIONS;
const ALL = Object.entries(EDITIONS) as [R, (typeof EDITIONS)[R]][];

const ability = (key: string, name: string, effects: Ability['effects']): Ability => ({ key, name, effects });
const shipped = (R: string, key: string): Ability => getRuleset(R).abilities[key]!;
const withAb = (spec: ModelSpec, ...abilities: Ability[]): ModelSpec => ({ ...spec, abilities: [...(spec.abilities ?? []), ...abilities] });

const COURAGE = ability('mob-courage', 'Mob courage', [{ kind: 'fearless', models: 3, when: 'always' }]);
const BIG_MOB = ability('big-mob', 'Big mob', [{ kind: 'leadership', when: 'always' }]);
const STEADY = ability('steady', 'Steady', [{ kind: 'modify', modify: { Ld: 2 }, when: 'always' }]);

/** One Killer: two attacks; the dice 4 4 (hits), 4 1 (wounds) kill one model of T4 with no save. */
const killer = (p = {}, abilities: Ability[] = []) => unit('Killers', [[withAb(model('Killer', { WS: 4, S: 4, I: 4, A: 2, Ld: 8, ...p }), ...abilities), 1]]);
const ONE_DEAD = [4, 4, 4, 1];
/** A unit of `n` that strikes nothing (A 0), with these abilities on every model. */
const mob = (name: string, n: number, abilities: Ability[] = [], p = {}, flags = {}) =>
  unit(name, [[withAb(model(name.slice(0, -1), { WS: 4, T: 4, I: 1, A: 0, Ld: 7, ...p }), ...abilities), n]], flags);
const plain = new Chalk({ level: 0 });
const text = (events: ReturnType<typeof scripted>['events']) => events.flatMap((e) => renderEvent(e, plain, 1000));

describe.each(ALL)('%s: fearless (B7)', (R) => {
  it(`${R} fearless: { models: 3 } passes with no dice while the unit has 3 living models after the phase's casualties`, () => {
    const { events, outcome } = scripted(scenario(R, [killer()], [mob('Mobs', 4, [COURAGE])]), ONE_DEAD);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ fearless: true, passed: true, rolls: [], fearlessBy: 'Mob courage', models: 3 });
    expect(outcome).toMatchObject({ end: 'locked', moraleTaken: 1, moraleFailed: 0 });
  });
  it(`${R} with 2 left it tests its Leadership as any unit`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Mobs', 3, [COURAGE])]), [...ONE_DEAD, 1, 1]);
    const m = eventsOf(events, 'morale')[0]!;
    expect(m).toMatchObject({ fearless: false, passed: true, rolls: [1, 1], ld: 7 });
    expect(m.fearlessBy).toBeUndefined();
    expect(m.models).toBeUndefined();
  });
  it(`${R} an independent character who tests with the unit is counted: 2 Mobs and their Boss make 3`, () => {
    const boss = withAb(model('Boss', { WS: 4, T: 6, I: 1, A: 0, Ld: 7, Sv: 2 }, [], ['independent-character']), COURAGE);
    const mobs = unit('Mobs', [[withAb(model('Mob', { WS: 4, T: 4, I: 1, A: 0, Ld: 7 }), COURAGE), 3], [boss, 1]]);
    const { events } = scripted(scenario(R, [killer()], [mobs]), ONE_DEAD);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ fearless: true, models: 3 });
  });
  it(`${R} Fearless is an ability: the shipped one passes with no dice, and says nothing more`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Mobs', 3, [shipped(R, 'fearless')])]), ONE_DEAD);
    const m = eventsOf(events, 'morale')[0]!;
    expect(m).toMatchObject({ fearless: true, rolls: [] });
    expect(m.fearlessBy).toBeUndefined();
    expect(text(events)).toContain('Morale: Mobs is fearless -> holds');
  });
  it(`${R} Stubborn is named where it holds; Mob Rule logs the models counted`, () => {
    const stubborn = scripted(scenario(R, [killer()], [mob('Mobs', 3, [shipped(R, 'stubborn')])]), ONE_DEAD);
    expect(text(stubborn.events)).toContain('Morale: Mobs is fearless (Stubborn) -> holds');
    const boyz = scripted(scenario(R, [killer()], [mob('Boyz', 12, [shipped(R, 'mob-rule')])]), ONE_DEAD);
    expect(text(boyz.events)).toContain('Morale: Boyz is fearless (11 models: Mob Rule) -> holds');
  });
});

describe('a roster\'s ability of fearless with models, read from its file', () => {
  const { write } = tempFiles('abilities-units');
  it('a mob of 4 that loses one holds with no dice', () => {
    write('mobs.yaml', [
      'faction: Test', 'abilities:', '  mob-courage:', '    name: Mob courage', '    effects:', '      - fearless: { models: 3 }',
      'models:', '  mob:', '    name: Mob', '    profile: { WS: 4, BS: 4, S: 3, T: 4, W: 1, I: 1, A: 0, Ld: 7 }', '    rules: [mob-courage]',
      'units:', '  mobs:', '    name: Mobs', '    models:', '      - { model: mob, count: 4 }', '',
    ].join('\n'));
    const file = write('mob.yaml', [
      'rules: srd4', 'rounds: 1', 'attacker:', '  units:', '    - name: Killers', '      models:',
      '        - { name: Killer, count: 1, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 8 } }',
      'defender:', '  units:', '    - unit: mobs/mobs', '',
    ].join('\n'));
    for (const R of Object.keys(EDITIONS)) {
      const s = loadScenario(file, { rules: R });
      expect(s.defender.units[0]!.models[0]!.spec.abilities!.map((a) => a.key)).toEqual(['mob-courage']);
      // the Killer charges (the attacker's default): three attacks, hits 4 4 1, wounds 4 1
      const { events } = scripted(s, [4, 4, 1, 4, 1]);
      expect(eventsOf(events, 'morale')[0]).toMatchObject({ fearless: true, models: 3, fearlessBy: 'Mob courage' });
    }
  });
  it('fearless is no longer a rule of code: it is listed among the abilities, not the rules', () => {
    const s = loadScenario(write('f.yaml', [
      'rules: srd4', 'attacker:', '  units:', '    - name: A', '      rules: [fearless]', '      models:',
      '        - { name: A, count: 1, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 8 } }',
      'defender:', '  units:', '    - name: D', '      models:', '        - { name: D, count: 1, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 8 } }', '',
    ].join('\n')));
    const a = s.attacker.units[0]!;
    expect(a.rules).toEqual([]);
    expect(a.models[0]!.spec.abilities!.map((x) => x.key)).toEqual(['fearless']);
  });
});

describe.each(ALL)('%s: leadership: models (B8)', (R, e) => {
  it(`${R} 11 living models test on Ld 10 (at most 10), less the edition's penalty`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Mobs', 12, [BIG_MOB])]), [...ONE_DEAD, 4, 5]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ ld: 10, penalty: e.penalty, passed: true, models: 11, ldBy: 'Big mob' });
    expect(text(events)).toContain(`Morale: Mobs Ld10 (11 models: Big mob)${e.penalty ? '-1' : ''}: 4+5 = 9 -> passed, holds`);
  });
  it(`${R} fewer models than the Leadership: the Leadership`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Mobs', 6, [BIG_MOB])]), [...ONE_DEAD, 1, 1]);
    const m = eventsOf(events, 'morale')[0]!;
    expect(m).toMatchObject({ ld: 7 });
    expect(m.ldBy).toBeUndefined();
  });
  it(`${R} Mob Rule below 11 models: Leadership on the models, 10 of them`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Boyz', 11, [shipped(R, 'mob-rule')])]), [...ONE_DEAD, 2, 2]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ fearless: false, ld: 10, models: 10, ldBy: 'Mob Rule' });
  });
  it(`${R} modify: { Ld } counts in the best Leadership a unit tests on (B1)`, () => {
    const { events } = scripted(scenario(R, [killer()], [mob('Mobs', 3, [STEADY])]), [...ONE_DEAD, 1, 1]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ ld: 9 });
  });
  it(`${R} a psyker's Psychic test for a force weapon uses his unit's living models when higher`, () => {
    // the Psyker (I5) hits 4, wounds 4 a two-wound Target; his test 5+5 = 10 passes on the 10 models of his unit (his Ld is 7)
    const psyker = withAb(modelIn(R, 'Psyker', { WS: 4, S: 4, I: 5, A: 1, Ld: 7 }, ['force-weapon']), BIG_MOB);
    const gits = withAb(model('Git', { WS: 4, I: 1, A: 0, Ld: 7 }), BIG_MOB);
    const target = unit('Targets', [[model('Target', { WS: 4, T: 4, W: 2, I: 1, A: 0, Ld: 7 }, [], ['fearless']), 1]]);
    const { events } = scripted(scenario(R, [unit('Weirdboyz', [[gits, 9], [psyker, 1]])], [target]), [4, 4, 5, 5]);
    expect(eventsOf(events, 'psychic')[0]).toMatchObject({ ld: 10, passed: true, models: 10, ldBy: 'Big mob' });
    expect(text(events).join('\n')).toContain('Psychic test Ld10 (10 models: Big mob): 5+5 = 10');
  });
});

describe.each(['srd4', 'revised4'])('%s: the sim kernel fights the effects on a unit\'s tests and fate as the abilities', (R) => {
  const refusal = (s: Scenario) => kernelRefusal(new FightState(s, getRuleset(R)), getRuleset(R));
  it(`${R} takes Fearless, Stubborn, Mob Rule, And They Shall Know No Fear, Hit & Run and Counter-Attack`, () => {
    for (const key of ['fearless', 'stubborn', 'mob-rule', 'and-they-shall-know-no-fear', 'hit-and-run', 'counter-attack']) {
      expect(refusal(scenario(R, [killer()], [mob('Mobs', 3, [shipped(R, key)])]))).toBeNull();
    }
  });
});

describe('revised4: Wipe Out! checks use the effects too (B7, B8)', () => {
  it('a nearby unit of 9 tests on Ld 9 for its models; a fearless one with no dice', () => {
    const lone = mob('Lones', 1);
    const near = mob('Nears', 9, [BIG_MOB], { Ld: 6 }, { nearby: true });
    const { events } = scripted(scenario('revised4', [killer()], [lone, near]), [...ONE_DEAD, 4, 5]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ reason: 'wipe-out', ld: 9, passed: true, models: 9, ldBy: 'Big mob' });
    const brave = mob('Braves', 3, [COURAGE], {}, { nearby: true });
    const two = scripted(scenario('revised4', [killer()], [mob('Lones', 1), brave]), ONE_DEAD);
    expect(eventsOf(two.events, 'morale')[0]).toMatchObject({ reason: 'wipe-out', fearless: true, models: 3 });
  });
});

// B10: Counter-Attack (engageAll when charged). Guards (I3, A2) against a Target that charged
// them; every Guard's attack misses (1s). srd4, revised4: one of four in base contact
// (inContact: 1); fightphase, waffle: two at 0", two at 5" (they pile in to 2" at step 3: not
// engaged), one at 8" (beyond 6": Counter-Attack does not reach it).
const ENGAGE: Record<R, { moved: number; without: number }> = {
  srd4: { moved: 3, without: -1 },
  revised4: { moved: 3, without: 5 },
  fightphase: { moved: 2, without: 4 },
  waffle: { moved: 2, without: 4 },
};
function guards(R: R, abilities: Ability[]) {
  const g = withAb(model('Guard', { WS: 4, S: 4, T: 4, I: 3, A: 2, Ld: 10 }), ...abilities);
  return getRuleset(R).inches ? placed('Guards', [[g, 2, 0], [g, 2, 5], [g, 1, 8]]) : unit('Guards', [[g, 4]], { inContact: 1 });
}
const charger = () => unit('Targets', [[model('Target', { WS: 4, T: 4, W: 20, I: 1, A: 0, Ld: 10 }), 1]], { charged: true });
const guardAttacks = (events: ReturnType<typeof scripted>['events']) => eventsOf(events, 'attacks').filter((a) => a.unit === 'Guards').reduce((n, a) => n + a.attacks, 0);

describe.each(ALL)('%s: engageAll (B10)', (R) => {
  it(`${R} Counter-Attack: charged, every model within reach stands in base contact and fights in full`, () => {
    const got = scripted(scenario(R, [charger()], [guards(R, [shipped(R, 'counter-attack')])]), new Array(20).fill(1), { allowLeftover: true });
    expect(eventsOf(got.events, 'engageAll')).toEqual([{ type: 'engageAll', side: 'defender', unit: 'Guards', models: ENGAGE[R].moved, by: 'Counter-Attack' }]);
    expect(guardAttacks(got.events)).toBe(8);
    expect(text(got.events)).toContain(`Counter-Attack: ${ENGAGE[R].moved} models of Guards (defender) move into base contact`);
    // the one Guard at 8" never comes: 5" away after its pile-in, not engaged
    if (getRuleset(R).inches) expect(eventsOf(got.events, 'pileInStep').filter((p) => p.unit === 'Guards').map((p) => [p.from, p.to])).toEqual([[8, 5]]);
  });
  it(`${R} not charged (the Guards charge): Counter-Attack does nothing`, () => {
    const g = guards(R, [shipped(R, 'counter-attack')]);
    const t = { ...charger(), charged: false };
    const got = scripted(scenario(R, [{ ...g, charged: true }], [t]), new Array(12).fill(1), { allowLeftover: true });
    expect(eventsOf(got.events, 'engageAll')).toEqual([]);
  });
  it(`${R} only when every model has it: one Guard without it keeps the scenario's places`, () => {
    const g = withAb(model('Guard', { WS: 4, S: 4, T: 4, I: 3, A: 2, Ld: 10 }), shipped(R, 'counter-attack'));
    const other = model('Other', { WS: 4, S: 4, T: 4, I: 3, A: 2, Ld: 10 });
    const gs = getRuleset(R).inches ? placed('Guards', [[g, 2, 0], [other, 2, 5]]) : unit('Guards', [[g, 2], [other, 2]], { inContact: 1 });
    const got = scripted(scenario(R, [charger()], [gs]), new Array(20).fill(1), { allowLeftover: true });
    expect(eventsOf(got.events, 'engageAll')).toEqual([]);
    if (ENGAGE[R].without >= 0) expect(guardAttacks(got.events)).toBeLessThan(8);
  });
});

describe.each(ALL)('%s: engageAll and an independent character who joined (A3)', (R) => {
  it(`${R} Counter-Attack holds only when he has it too, as Hit & Run (revised4: he fights apart, a unit of his own)`, () => {
    const guardsWith = (bossToo: boolean) => {
      const g = withAb(model('Guard', { WS: 4, S: 4, T: 4, I: 3, A: 2, Ld: 10 }), shipped(R, 'counter-attack'));
      const boss = withAb(model('Boss', { WS: 4, S: 4, T: 4, I: 3, A: 2, Ld: 10 }, [], ['independent-character']), ...(bossToo ? [shipped(R, 'counter-attack')] : []));
      return getRuleset(R).inches ? placed('Guards', [[g, 2, 0], [g, 2, 5], [boss, 1, 0]]) : unit('Guards', [[g, 4], [boss, 1]], { inContact: 1 });
    };
    const alone = scripted(scenario(R, [charger()], [guardsWith(false)]), new Array(30).fill(1), { allowLeftover: true });
    expect(eventsOf(alone.events, 'engageAll')).toEqual([]);
    const both = scripted(scenario(R, [charger()], [guardsWith(true)]), new Array(30).fill(1), { allowLeftover: true });
    expect(eventsOf(both.events, 'engageAll').filter((e) => e.unit === 'Guards').length).toBe(1);
  });
});

describe.each(ALL)('%s: hitAndRun (B11)', (R, e) => {
  const HR = (r: string) => shipped(r, 'hit-and-run');
  it(`${R} a unit that lost and passed leaves after the phase: disengaged, no winner, not pursued`, () => {
    const { events, outcome } = scripted(scenario(R, [killer()], [mob('Raiders', 3, [HR(R)])], 3), [...ONE_DEAD, 1, 1]);
    expect(eventsOf(events, 'hitAndRun')).toEqual([{ type: 'hitAndRun', side: 'defender', unit: 'Raiders', joined: [], by: 'Hit & Run' }]);
    expect(outcome).toMatchObject({ end: 'disengaged', winner: null, phases: 1 });
    expect(outcome.units.map((u) => u.fate)).toEqual(['none', 'disengaged']);
    expect(text(events)).toContain('Hit & Run: Raiders (defender) leaves the combat, not pursued');
  });
  it(`${R} on a draw every unit with it leaves, on both sides`, () => {
    const { events, outcome } = scripted(scenario(R, [killer({}, [HR(R)])], [mob('Raiders', 3, [HR(R)])], 3), [1, 1]);
    expect(eventsOf(events, 'hitAndRun').map((h) => h.unit)).toEqual(['Killers', 'Raiders']);
    expect(outcome).toMatchObject({ end: 'disengaged', winner: null });
  });
  it(`${R} it stays when its side won`, () => {
    const { events, outcome } = scripted(scenario(R, [killer({}, [HR(R)])], [mob('Mobs', 3)]), [...ONE_DEAD, 1, 1]);
    expect(eventsOf(events, 'hitAndRun')).toEqual([]);
    expect(outcome.end).toBe('locked');
  });
  it(`${R} an independent character who joined the unit: both leave only when he has it too (A3)`, () => {
    const raiders = (bossToo: boolean) => {
      const boss = withAb(model('Boss', { WS: 4, T: 6, I: 1, A: 0, Ld: 7, Sv: 2 }, [], ['independent-character']), ...(bossToo ? [HR(R)] : []));
      return unit('Raiders', [[withAb(model('Raider', { WS: 4, T: 4, I: 1, A: 0, Ld: 7 }), HR(R)), 3], [boss, 1]]);
    };
    const both = scripted(scenario(R, [killer()], [raiders(true)]), [...ONE_DEAD, 1, 1]);
    expect(both.outcome).toMatchObject({ end: 'disengaged', winner: null });
    // revised4: the Boss fights apart, a unit of his own, and leaves with the unit he joined
    if (R === 'revised4') expect(eventsOf(both.events, 'hitAndRun')[0]!.joined).toEqual(['Boss']);
    const alone = scripted(scenario(R, [killer()], [raiders(false)]), [...ONE_DEAD, 1, 1]);
    expect(eventsOf(alone.events, 'hitAndRun')).toEqual([]);
    expect(alone.outcome.end).toBe('locked');
  });
  it(`${R} a losing unit broke in that phase: the combat ends as its fate says, won by the winner`, () => {
    // Breakers (Ld 2) fail and fall back unswept: the Killer is still locked with the Raiders, who passed
    const breakers = mob('Breakers', 2, [], { Ld: 2 });
    const raiders = mob('Raiders', 2, [HR(R)], { T: 8, Ld: 10 });
    const { outcome } = scripted(scenario(R, [killer()], [breakers, raiders], 3), [...ONE_DEAD, 6, 6, 1, 1]);
    expect(outcome).toMatchObject({ end: 'fellBack', winner: 'attacker', phases: 1 });
    expect(outcome.units.map((u) => u.fate)).toEqual(['none', 'fellBack', 'disengaged']);
    void e;
  });
});

describe('revised4: a unit a sweeping advance holds stays, Hit & Run or not (B11)', () => {
  it('held, it fights on; the phases run out: swept', () => {
    const { events, outcome } = scripted(scenario('revised4', [killer()], [mob('Raiders', 3, [shipped('revised4', 'hit-and-run')])]), [...ONE_DEAD, 6, 6, 1, 1, 6, 6]);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'held' });
    expect(eventsOf(events, 'hitAndRun')).toEqual([]);
    expect(outcome).toMatchObject({ end: 'swept', winner: 'attacker' });
  });
});

// B12: what a caught sweep-proof unit becomes, per edition
const PROOF: Record<R, { outcome: string; heldBy?: string; end: string; survivors: number; more: number[] }> = {
  srd4: { outcome: 'held', heldBy: 'And They Shall Know No Fear', end: 'swept', survivors: 2, more: [] },
  revised4: { outcome: 'held', end: 'swept', survivors: 2, more: [] },
  // the sweep 6+4 against 1+1: 8 wounds, no saves
  fightphase: { outcome: 'swept', end: 'swept', survivors: 0, more: [] },
  // one hit per winning model, wounding on 4+: a 1
  waffle: { outcome: 'swept', end: 'swept', survivors: 2, more: [1] },
};

describe.each(ALL)('%s: sweepProof (B12)', (R, e) => {
  const ATSKNF = (r: string) => shipped(r, 'and-they-shall-know-no-fear');
  it(`${R} caught by a sweep that would destroy it, it is held instead; where a sweep does not destroy, nothing changes`, () => {
    const p = PROOF[R];
    const { events, outcome } = scripted(scenario(R, [killer()], [mob('Marines', 3, [ATSKNF(R)])]), [...ONE_DEAD, 6, 6, ...e.flee(1), ...e.sweep(6), ...p.more]);
    const b = eventsOf(events, 'breakoff')[0]!;
    expect(b.outcome).toBe(p.outcome);
    expect(b.heldBy).toBe(p.heldBy);
    expect(outcome).toMatchObject({ end: p.end, winner: 'attacker', sweepsCaught: 1 });
    expect(outcome.survivors.defender.models).toBe(p.survivors);
    if (p.heldBy) expect(text(events).join(' ')).toContain('Marines is caught but holds (And They Shall Know No Fear); the combat goes on');
  });
  it(`${R} held, it fights on in the next phase, nobody charging`, () => {
    if (PROOF[R].outcome !== 'held') return;
    // phase 2: the Killer misses twice: a draw; the phases run out: still locked
    const { events, outcome } = scripted(scenario(R, [killer()], [mob('Marines', 3, [ATSKNF(R)])], 2), [...ONE_DEAD, 6, 6, ...e.flee(1), ...e.sweep(6), 1, 1]);
    expect(eventsOf(events, 'phase').map((p) => p.charging)).toEqual([[], []]);
    expect(outcome).toMatchObject({ end: 'locked', winner: null, phases: 2 });
    expect(outcome.survivors.defender.models).toBe(2);
  });
  it(`${R} the winners' roll still catches every other fleeing unit`, () => {
    // one of two D1s dies; D1s (sweep-proof) and D2s both fail Morale (Ld 2), both flee on 1s; one sweep on 6s
    const d1 = mob('D1s', 2, [ATSKNF(R)], { Ld: 2 });
    const d2 = mob('D2s', 2, [], { Ld: 2, T: 8 });
    const waffle = R === 'waffle' ? [1, 1] : [];
    const { events } = scripted(scenario(R, [killer()], [d1, d2]), [...ONE_DEAD, 6, 6, 6, 6, ...e.flee(1), ...e.flee(1), ...e.sweep(6), ...waffle], { allowLeftover: true });
    const b = eventsOf(events, 'breakoff');
    expect(b.map((x) => x.unit)).toEqual(['D1s', 'D2s']);
    expect(b[1]!.outcome).toBe(R === 'revised4' ? 'held' : 'swept');
    if (R === 'srd4') expect(b[0]!.outcome).toBe('held');
  });
});

// ---- exact and sim against figures worked out here ----

/** P(2D6 <= n). */
const passes = (n: number) => {
  let k = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= n) k++;
  return k / 36;
};
/** One Killer with one attack against WS4, T4, no save: a hit on 4+, a wound on 4+ (every edition's chart). */
const P_KILL = 1 / 4;
const lone = (abilities: Ability[] = []) => unit('Killers', [[withAb(model('Killer', { WS: 4, S: 4, I: 4, A: 1, Ld: 8 }), ...abilities), 1]]);

const RUNS = 20_000;
/** sim's share within 4 standard errors of `p` */
function near(got: number, p: number): void {
  const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
  expect(Math.abs(got - p)).toBeLessThanOrEqual(4 * se);
}

describe.each(ALL)('%s: exact and sim against the dice', (R, e) => {
  it(`${R} Mob Rule: a mob that loses fails Morale as its size says (fearless at 11, Ld on the models below)`, { timeout: 60_000 }, async () => {
    for (const n of [6, 9, 11, 12]) {
      const s = scenario(R, [lone()], [mob('Boyz', n, [shipped(R, 'mob-rule')])]);
      const left = n - 1;
      const ld = Math.max(7, Math.min(10, left));
      const want = left >= 11 ? 0 : P_KILL * (1 - passes(ld - e.penalty));
      expect(exact(s).morale.runsWithFailure).toBeCloseTo(want, 12);
      near((await simulate(s, { runs: RUNS, seed: `mob ${n}` })).morale.runsWithFailure, want);
    }
  });
  it(`${R} Hit & Run: the raiders leave a draw, or a loss they hold`, { timeout: 60_000 }, async () => {
    const s = scenario(R, [lone()], [mob('Raiders', 3, [shipped(R, 'hit-and-run')])]);
    const want = 1 - P_KILL + P_KILL * passes(7 - e.penalty);
    expect(exact(s).final.end.disengaged).toBeCloseTo(want, 12);
    near((await simulate(s, { runs: RUNS, seed: 'hit and run' })).final.end.disengaged, want);
  });
  it(`${R} And They Shall Know No Fear: a caught squad is held, not destroyed (srd4); elsewhere as before`, { timeout: 60_000 }, async () => {
    const s = scenario(R, [lone()], [mob('Marines', 3, [shipped(R, 'and-they-shall-know-no-fear')])]);
    const fails = 1 - passes(7 - e.penalty);
    const r = exact(s);
    if (R === 'srd4') {
      // caught unless the fall back D6+1 beats the sweep D6+4: a difference of 4 or more (3 of 36)
      const swept = P_KILL * fails * (33 / 36);
      expect(r.final.end.swept).toBeCloseTo(swept, 12);
      expect(r.sweepingAdvance.runsCaught).toBeCloseTo(swept, 12);
      // nobody dies to the sweep: only the Killer's one wound
      expect(r.final.survivors.defender.mean).toBeCloseTo(3 - P_KILL, 12);
      const m = await simulate(s, { runs: RUNS, seed: 'atsknf' });
      near(m.final.end.swept, swept);
      expect(Math.abs(m.final.survivors.defender.mean - (3 - P_KILL))).toBeLessThanOrEqual(4 * Math.sqrt(P_KILL * (1 - P_KILL) / RUNS));
    } else {
      // the rule changes nothing where a sweep does not destroy: the same figures without it
      const without = exact(scenario(R, [lone()], [mob('Marines', 3)]));
      expect(r.final).toEqual(without.final);
    }
  });
  it(`${R} Counter-Attack with some models out of contact: every Guard's two attacks`, { timeout: 60_000 }, async () => {
    // a Target (W20) charges the Guards: 8 attacks, each wounding with 1/4
    const s = scenario(R, [charger()], [guards(R, [shipped(R, 'counter-attack')])]);
    const want = 8 * P_KILL;
    expect(exact(s).firstRound.woundsInflicted.defender.mean).toBeCloseTo(want, 12);
    const m = await simulate(s, { runs: RUNS, seed: 'counter' });
    // a sum of 8 attacks of 1/4: sd sqrt(8 * 3/16)
    expect(Math.abs(m.firstRound.woundsInflicted.defender.mean - want)).toBeLessThanOrEqual(4 * Math.sqrt(8 * (3 / 16) / RUNS));
  });
});

// ---- the tabled sim against the reference steps, run by run ----

const differences = (name: string, s: Scenario, runs: number): string[] => tabledDifferences(name, s, runs, 'units');

describe('the tabled sim fights these abilities as the reference steps', () => {
  it('Mob Rule, Hit & Run, And They Shall Know No Fear and Counter-Attack in every edition, to resolution', { timeout: 120_000 }, () => {
    const wrong: string[] = [];
    for (const R of Object.keys(EDITIONS) as R[]) {
      const fights: [string, Scenario][] = [
        ['mob rule', scenario(R, [killer({ A: 3 })], [mob('Boyz', 13, [shipped(R, 'mob-rule')], { A: 1 })], 'resolve')],
        ['hit and run', scenario(R, [killer({ A: 3 })], [mob('Raiders', 4, [shipped(R, 'hit-and-run')], { A: 1 }), mob('Mobs', 3, [], { A: 1 })], 'resolve')],
        ['no fear', scenario(R, [killer({ A: 4 })], [mob('Marines', 4, [shipped(R, 'and-they-shall-know-no-fear')], { A: 1 })], 4)],
        ['counter-attack', scenario(R, [{ ...charger(), models: [{ spec: model('Target', { WS: 4, S: 4, T: 4, W: 3, I: 1, A: 2, Ld: 8 }), count: 3 }] }], [guards(R, [shipped(R, 'counter-attack')])], 'resolve')],
      ];
      for (const [name, s] of fights) wrong.push(...differences(`${R} ${name}`, s, 600));
    }
    expect(wrong).toEqual([]);
  });
});
