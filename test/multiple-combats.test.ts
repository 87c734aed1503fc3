// Multiple combats (rules README ruling 17), in every edition: which enemy units a model may
// strike (`lockedWith`), how it splits its attacks (`attackSplit`: even, a priority list, or by
// default the unit it hurts most), wounds never passing from one unit to another, one result for
// the whole combat, every loser testing with the same penalty, and a winner still locked with a
// unit that held making no sweeping advance. Then the scenario keys as files give them.
import { describe, expect, it } from 'vitest';
import { InputError, formatProblem } from '../src/errors.js';
import { loadScenario } from '../src/io/load.js';
import { eventsOf, living, model, scenario, scripted, tempFiles, unit } from './helpers.js';

const EDITIONS = {
  srd4: { flee: (n: number) => [n], sweep: (n: number) => [n], caught: 'swept', penalty: 0 },
  revised4: { flee: (n: number) => [n, n], sweep: (n: number) => [n, n], caught: 'held', penalty: 0 },
  fightphase: { flee: (n: number) => [n], sweep: (n: number) => [n], caught: 'swept', penalty: 1 },
};

const striker = (flags = {}) => unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 3 }), 1]], flags);
const armoured = () => unit('Armoured', [[model('Plate', { T: 4, I: 1, A: 0, Ld: 10, Sv: 2 }), 1]]);
const soft = () => unit('Soft', [[model('Cloth', { T: 4, I: 1, A: 0, Ld: 10 }), 1]]);
const targets = (events: ReturnType<typeof scripted>['events']) => eventsOf(events, 'attacks').map((a) => [a.target, a.attacks]);

describe.each(Object.entries(EDITIONS))('%s multiple combats (ruling 17)', (R, e) => {
  it(`${R} a model engaged with two units strikes the one it hurts most by default: no save beats a 2+ save`, () => {
    // three hits, one wound: the Cloth dies; Armoured (Ld10) holds on 1+1
    const { events } = scripted(scenario(R, [striker()], [armoured(), soft()]), [4, 4, 4, 4, 1, 1, 1, 1]);
    expect(targets(events)).toEqual([['Soft', 3]]);
  });
  it(`${R} attackSplit lists the units in priority order: all attacks to the first still there`, () => {
    const { events } = scripted(scenario(R, [striker({ attackSplit: ['Armoured', 'Soft'] })], [armoured(), soft()]), [4, 4, 4, 4, 1, 1, 6]);
    expect(targets(events)).toEqual([['Armoured', 3]]);
  });
  it(`${R} attackSplit even: each model splits its attacks, the odd one to the first unit`, () => {
    const { events } = scripted(scenario(R, [striker({ attackSplit: 'even' })], [armoured(), soft()]), [1, 1, 1]);
    expect(targets(events)).toEqual([['Armoured', 2], ['Soft', 1]]);
  });
  it(`${R} wounds never pass to another unit: two of three wounds on a one-model unit are lost`, () => {
    const { events, state } = scripted(scenario(R, [striker({ attackSplit: ['Soft'] })], [armoured(), soft()]), [4, 4, 4, 4, 4, 4, 1, 1]);
    expect(eventsOf(events, 'casualties')[0]).toMatchObject({ unit: 'Soft', woundsInflicted: 1, excess: 2 });
    expect(living(state.units[1]!)).toEqual(['Plate']);
  });
  it(`${R} lockedWith: a unit strikes only the units it is locked with, however soft another is`, () => {
    // Lone is locked with Far only; Near and Far fight Lone and Hard; Near's blow goes to Hard, not to Lone
    const lone = unit('Lone', [[model('Lone', { I: 1, A: 0, Ld: 10 }), 1]], { lockedWith: ['Far'] });
    const hard = unit('Hard', [[model('Hard', { I: 1, A: 0, Ld: 10, Sv: 2 }), 1]]);
    const near = unit('Near', [[model('Near', { WS: 4, I: 5, A: 1 }), 1]], { lockedWith: ['Hard'] });
    const far = unit('Far', [[model('Far', { I: 1, A: 0 }), 1]]);
    const { events, state } = scripted(scenario(R, [lone, hard], [near, far]), [1]);
    expect(targets(events)).toEqual([['Hard', 1]]);
    expect(state.units.map((u) => [u.name, u.locked.map((l) => l.name)])).toEqual([
      ['Lone', ['Far']], ['Hard', ['Near', 'Far']], ['Near', ['Hard']], ['Far', ['Lone', 'Hard']],
    ]);
  });
  it(`${R} one result from every unit; every loser tests with the same penalty; a winner still locked with a unit that held cannot sweep, the other sweeps`, () => {
    // W1 (locked with D1 only) kills one of two D1s; W2 fights D1 and D2 but strikes nothing.
    // D1 fails Morale on 6+6, D2 is fearless and holds: W2 is still locked with D2, so only W1 rolls.
    const w1 = unit('W1', [[model('W1', { WS: 4, S: 4, I: 4, A: 2 }), 1]], { lockedWith: ['D1'] });
    const w2 = unit('W2', [[model('W2', { I: 4, A: 0 }), 1]]);
    const d1 = unit('D1', [[model('D1', { T: 4, I: 1, A: 0, Ld: 2 }), 2]]);
    const d2 = unit('D2', [[model('D2', { I: 1, A: 0 }, [], ['fearless']), 1]]);
    const { events } = scripted(scenario(R, [w1, w2], [d1, d2]), [4, 4, 4, 1, 6, 6, ...e.flee(1), ...e.sweep(6)]);
    expect(eventsOf(events, 'result')[0]).toMatchObject({ attacker: 1, defender: 0, winner: 'attacker' });
    expect(eventsOf(events, 'morale').map((m) => [m.unit, m.penalty, m.passed])).toEqual([['D1', e.penalty, false], ['D2', e.penalty, true]]);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.winner, b.outcome])).toEqual([['D1', 'W1', e.caught]]);
  });
  it(`${R} the one winner is still locked with a unit that held: the broken unit falls back unchased`, () => {
    const w = unit('W', [[model('W', { WS: 4, S: 4, I: 4, A: 2 }), 1]]);
    const d1 = unit('D1', [[model('D1', { T: 4, I: 1, A: 0, Ld: 2 }), 2]]);
    const d2 = unit('D2', [[model('D2', { I: 1, A: 0 }, [], ['fearless']), 1]]);
    const { events } = scripted(scenario(R, [w], [d1, d2]), [4, 4, 4, 1, 6, 6]);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.outcome, b.rule])).toEqual([['D1', 'noSweep', 'stillLocked']]);
  });
  it(`${R} a broken unit whose one winner is still locked rolls and falls back unchased, while another winner, free, chases the unit it fought`, () => {
    // W2 kills one of two B2s (hits 4 4, wounds 4 1); Hs is fearless and holds, so W1 is still
    // locked; B1s and B2s fail Morale (6 6, 6 6), both roll to flee (1s), W2 sweeps on 6s
    const w1 = unit('W1', [[model('W1', { I: 4, A: 0 }), 1]], { lockedWith: ['Hs', 'B1s'] });
    const w2 = unit('W2', [[model('W2', { WS: 4, S: 4, I: 4, A: 2 }), 1]], { lockedWith: ['B2s'] });
    const hs = unit('Hs', [[model('H', { I: 1, A: 0 }, [], ['fearless']), 1]]);
    const b1 = unit('B1s', [[model('B1', { T: 4, I: 1, A: 0, Ld: 2 }), 2]]);
    const b2 = unit('B2s', [[model('B2', { T: 4, I: 1, A: 0, Ld: 2 }), 2]]);
    const { events } = scripted(scenario(R, [w1, w2], [hs, b1, b2]), [4, 4, 4, 1, 6, 6, 6, 6, ...e.flee(1), ...e.flee(1), ...e.sweep(6)]);
    expect(eventsOf(events, 'breakoff').map((b) => [b.unit, b.winner, b.rule])).toEqual([['B1s', 'W1', 'stillLocked'], ['B2s', 'W2', e.caught === 'held' ? 'distance' : 'initiative']]);
  });
});

describe('revised4: a character fighting apart can be struck only while he is in base contact (000)', () => {
  const squad = (heroAt: number) => ({
    ...unit('Squad', []),
    models: [{ spec: model('Trooper', { I: 1, A: 0, Sv: 2, Ld: 10 }), count: 2, distance: 0 }, { spec: model('Hero', { I: 1, A: 0, Ld: 10 }, [], ['independent-character']), count: 1, distance: heroAt }],
  });
  const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
  it('in base contact, he is one of the units the enemy is engaged with: it strikes him, the softer', () => {
    expect(targets(scripted(scenario('revised4', [striker], [squad(0)]), [1]).events)).toEqual([['Hero', 1]]);
  });
  it('supporting his unit, he cannot be struck while it lives', () => {
    // (a supporting model makes one attack in revised4: the Hero's misses too)
    expect(targets(scripted(scenario('revised4', [striker], [squad(1)]), [1, 1]).events)).toEqual([['Squad', 1], ['Striker', 1]]);
  });
});

describe('multiple combats in scenario files', () => {
  const { write } = tempFiles('locks');
  const problems = (text: string): string[] => {
    try {
      loadScenario(write('locks.yaml', text));
    } catch (err) {
      if (err instanceof InputError) return err.problems.map(formatProblem);
      throw err;
    }
    return [];
  };
  const unitText = (name: string, extra = '') => `    - name: ${name}\n      models:\n        - { name: ${name}, count: 2, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8 } }\n${extra}`;
  const file = (attackers: string, defenders: string) => `rules: fightphase\nattacker:\n  units:\n${attackers}defender:\n  units:\n${defenders}`;

  it('lockedWith, attackSplit, useless and distance reach the scenario', () => {
    const s = loadScenario(write('ok.yaml', file(
      unitText('A', '      lockedWith: [D]\n      attackSplit: even\n      useless: fallBack\n      distance: 3\n'),
      unitText('D', '      distance: { D: 3 }\n'),
    )));
    expect(s.attacker.units[0]).toMatchObject({ lockedWith: ['D'], attackSplit: 'even', useless: 'fallBack' });
    expect(s.attacker.units[0]!.models[0]!.distance).toBe(3);
    expect(s.defender.units[0]!.models[0]!.distance).toBe(3);
  });
  it('an unknown name is located, with a suggestion', () => {
    expect(problems(file(unitText('A', '      lockedWith: [Dd]\n'), unitText('D')))).toEqual([
      expect.stringMatching(/locks\.yaml:7:20: no defender unit 'Dd'; did you mean 'D'\?.*\(at attacker\.units\[0\]\.lockedWith\[0\]\)/),
    ]);
  });
  it('locks go both ways: a unit that names another must be named back', () => {
    expect(problems(file(unitText('A', '      lockedWith: [D]\n') + unitText('B'), unitText('D', '      lockedWith: [B]\n')))).toEqual(
      expect.arrayContaining([expect.stringMatching(/'A' says it is locked with 'D', but the lockedWith of 'D' does not name it/)]),
    );
  });
  it('separate combats are refused: each is its own scenario', () => {
    expect(problems(file(unitText('A', '      lockedWith: [D]\n') + unitText('B', '      lockedWith: [E]\n'), unitText('D', '      lockedWith: [A]\n') + unitText('E', '      lockedWith: [B]\n')))).toEqual([
      expect.stringMatching(/the units form separate combats .*give each combat its own scenario/),
    ]);
  });
  it('names given twice, a distance for the unit and its models both, and one model given two distances are refused', () => {
    expect(problems(file(unitText('A', '      lockedWith: [D, D]\n'), unitText('D')))).toEqual([expect.stringMatching(/'D' is named twice.*lockedWith\[1\]/)]);
    expect(problems(file(unitText('A', '      distance: 2\n').replace('count: 2,', 'count: 2, distance: 1,'), unitText('D')))).toEqual(
      expect.arrayContaining([expect.stringMatching(/give distance either for the unit or on its model entries, not both/)]),
    );
    expect(problems(file(unitText('A'), '    - unit: orks/boyz-no-nob\n      distance: { boy: 1, Ork Boy: 2 }\n'))).toEqual([
      expect.stringMatching(/'boy' and 'Ork Boy' name the same models: give their distance once/),
    ]);
  });
  it('where models stand must make sense: the closest of each side at the same distance, within 6"; srd4 needs a model in base contact', () => {
    expect(problems(file(unitText('A', '      distance: 2\n'), unitText('D')))).toEqual([
      expect.stringMatching(/the closest attacker model stands 2" from the enemy but the closest defender model 0"/),
    ]);
    expect(problems(file(unitText('A', '      distance: 7\n'), unitText('D', '      distance: 7\n')))).toEqual([
      expect.stringMatching(/no model stands within 6" of the enemy \(the closest 7"\)/),
    ]);
    const srd4 = file(unitText('A', '      distance: 2\n'), unitText('D', '      distance: 2\n')).replace('rules: fightphase', 'rules: srd4');
    expect(problems(srd4)).toEqual([expect.stringMatching(/no model of 'A' is in base contact/), expect.stringMatching(/no model of 'D' is in base contact/)]);
  });
  it('attackSplit may only name units it is locked with; inContact and distance together are refused', () => {
    expect(problems(file(unitText('A', '      lockedWith: [D]\n      attackSplit: [E]\n'), unitText('D') + unitText('E')))).toEqual([
      expect.stringMatching(/'E' is not locked with 'A' \(see lockedWith\).*attackSplit\[0\]/),
    ]);
    expect(problems(file(unitText('A', '      inContact: 1\n      distance: 1\n'), unitText('D')))).toEqual([
      expect.stringMatching(/give either inContact or distance, not both/),
    ]);
  });
});
