// Attack groups (engine/strike.ts): the classes of a unit that fight alike (one profile, its
// Initiative, attacks and weapon use) strike as one group led by the first of them, with all
// their engaged models. A unit of more than 32 classes finds its groups by profile instead of
// searching every class before each one: the groups must be the same. Models are alike by what
// they are (name, profile, wargear, rules), not by the entry they were written in: two entries of
// one roster model, say its ranks at two distances, strike as one group ("the Ork player therefore
// rolls all twenty dice at once", 001), with the same law of every figure as one entry of them all (exact).
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { exact } from '../src/exact/exact.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { eventsOf, model, modelIn, placed, scenario, scripted, unit } from './helpers.js';
import { weapon } from '../src/model.js';

describe('attack groups', () => {
  for (const classes of [8, 40]) {
    it(`${classes} classes of two alternating profiles strike as two groups, each with all its models`, () => {
      const a = model('Swift', { WS: 4, I: 5, A: 1 });
      const b = model('Slow', { WS: 4, I: 3, A: 1 });
      const groups = Array.from({ length: classes }, (_, i) => [i % 2 === 0 ? a : b, 1 + (i % 3)] as [typeof a, number]);
      const target = unit('Target', [[model('Rock', { T: 10, W: 10, I: 1, A: 0, Sv: 2 }), 1]]);
      const { events, state } = scripted(scenario('srd4', [unit('Mob', groups)], [target]), Array(400).fill(1), { allowLeftover: true });
      expect(state.units[0]!.classes).toHaveLength(classes);
      const attacks = eventsOf(events, 'attacks');
      const models = (spec: typeof a) => groups.filter(([s]) => s === spec).reduce((n, [, k]) => n + k, 0);
      expect(attacks.map((e) => [e.model, e.count])).toEqual([['Swift', models(a)], ['Slow', models(b)]]);
    });
  }

  it('two entries of one model, at two distances, strike as one group with their engaged models (fightphase)', () => {
    // two specs equal in content: what two `orks/boy` entries of a scenario load as
    const boy = () => modelIn('fightphase', 'Ork Boy', { WS: 4, S: 3, I: 2, A: 2 });
    const mob = placed('Boyz', [[boy(), 3, 0], [boy(), 4, 1]]);
    const rock = unit('Rock', [[model('Rock', { WS: 4, T: 10, W: 10, I: 1, A: 0, Sv: 2 }), 1]]);
    const { events } = scripted(scenario('fightphase', [mob], [rock]), Array(100).fill(1), { allowLeftover: true });
    const attacks = eventsOf(events, 'attacks');
    // 3 in base contact and 4 an inch away are all engaged: 7 models, 14 dice, in one roll
    expect(attacks.map((e) => [e.model, e.count, e.attacks, e.rolls.length])).toEqual([['Ork Boy', 7, 14, 14]]);
  });

  it('models of one name but other wargear strike apart', () => {
    const a = model('Ork Boy', { WS: 4, S: 3, I: 2, A: 2 });
    const b = model('Ork Boy', { WS: 4, S: 3, I: 2, A: 2 }, ['power-weapon']);
    const rock = unit('Rock', [[model('Rock', { WS: 4, T: 10, W: 10, I: 1, A: 0, Sv: 2 }), 1]]);
    const { events } = scripted(scenario('srd4', [unit('Boyz', [[a, 3], [b, 2]])], [rock]), Array(100).fill(1), { allowLeftover: true });
    expect(eventsOf(events, 'attacks').map((e) => e.count).sort()).toEqual([2, 3]);
  });

  it('two entries of a force-weapon bearer stay two groups: a Psychic test each (ruling 6)', () => {
    const psyker = () => model('Librarian', { WS: 5, S: 4, I: 5, A: 1, Ld: 10 }, ['force-weapon'], ['psyker']);
    const rock = unit('Rock', [[model('Rock', { WS: 4, T: 4, W: 10, I: 1, A: 0, Sv: 3 }), 1]]);
    // each hits (6) and wounds (6), no armour save; each group takes its own Psychic test (6+6 > Ld10 fails, twice)
    const { events } = scripted(scenario('srd4', [unit('Librarians', [[psyker(), 1], [psyker(), 1]])], [rock]), [6, 6, 6, 6, 6, 6, 6, 6, ...Array(20).fill(1)], { allowLeftover: true });
    expect(eventsOf(events, 'attacks').map((e) => e.count)).toEqual([1, 1]);
    expect(eventsOf(events, 'psychic')).toHaveLength(2);
  });

  for (const rules of ['srd4', 'revised4', 'fightphase', 'waffle']) {
    it(`${rules}: one entry of two force-weapon bearers: each strikes alone and takes his own Psychic test (ruling 6; 000: "a single psychic test for the psyker")`, () => {
      const psyker = modelIn(rules, 'Librarian', { WS: 4, S: 4, I: 4, A: 1, Ld: 10 }, ['force-weapon'], ['psyker']);
      const ogryns = unit('Ogryns', [[modelIn(rules, 'Ogryn', { WS: 4, T: 4, W: 3, I: 1, A: 0, Ld: 10 }), 2]]);
      // each hits (4) and wounds (4) the first Ogryn; the first Psychic test fails (6+6 > Ld10),
      // the second passes (1+1) and slays him; the Ogryns lost 2 to 0: Morale holds (1+1)
      const { events, state } = scripted(scenario(rules, [unit('Librarians', [[psyker, 2]])], [ogryns]), [4, 4, 4, 4, 6, 6, 1, 1, 1, 1]);
      expect(state.units[0]!.classes.map((c) => c.size)).toEqual([1, 1]);
      expect(eventsOf(events, 'attacks').map((e) => e.count)).toEqual([1, 1]);
      expect(eventsOf(events, 'psychic').map((e) => e.passed)).toEqual([false, true]);
      expect(state.units[1]!.classes[0]!.count).toBe(1);
    });
    it(`${rules}: a psyker's test comes once all his wounds are taken: none when the model he wounded is killed by his own rending blow`, () => {
      const staff = weapon('rending-force-staff', 'Rending force staff', { force: true, rending: true, ignoresArmour: true, ap: 3, singleHanded: true });
      const psyker = model('Seer', { WS: 4, S: 4, I: 4, A: 2, Ld: 10 }, [staff], ['psyker']);
      const ogres = unit('Ogres', [[modelIn(rules, 'Ogre', { WS: 4, T: 4, W: 2, I: 1, A: 0, Ld: 10 }), 2]]);
      // to hit 6 (rending: a wound, no roll) and 4; the 4 wounds (4): the first Ogre takes the
      // plain wound, then the rending one, and dies; no Psychic test; the Ogres lost 2 to 0: Morale holds (1 1)
      const { events, state } = scripted(scenario(rules, [unit('Seers', [[psyker, 1]])], [ogres]), [6, 4, 4, 1, 1]);
      expect(eventsOf(events, 'psychic')).toEqual([]);
      expect(state.units[1]!.classes[0]!.count).toBe(1);
    });
    it(`${rules}: a psyker who splits his attacks between two units takes one Psychic test, not one for each (000: "a single psychic test for the psyker")`, () => {
      const psyker = modelIn(rules, 'Librarian', { WS: 4, S: 4, I: 4, A: 2, Ld: 10 }, ['force-weapon'], ['psyker']);
      const ogryns = (name: string) => unit(name, [[modelIn(rules, name.slice(0, -1), { WS: 4, T: 4, W: 3, I: 1, A: 0, Ld: 10 }), 2]]);
      // one attack at each unit: hits (4) and wounds (4) both; the test after the first unit's
      // casualties fails (6+6 > Ld10); none after the second's; both units lost: Morale holds (1 1, 1 1)
      const { events } = scripted(scenario(rules, [unit('Librarians', [[psyker, 1]], { attackSplit: 'even' })], [ogryns('As'), ogryns('Bs')]), [4, 4, 4, 4, 6, 6, 1, 1, 1, 1]);
      expect(eventsOf(events, 'attacks').map((e) => [e.target, e.attacks])).toEqual([['As', 1], ['Bs', 1]]);
      expect(eventsOf(events, 'psychic').map((e) => [e.unit, e.passed])).toEqual([['As', false]]);
    });
  }

  it('exact: a psyker\'s spent Psychic test is cleared as the next phase begins, so states that differ in nothing else merge: two Librarians against the Nobz, to resolution, in 60,000 atoms (75,625 when it was kept to his next blow)', () => {
    const s = loadScenario(join(SHIPPED_ROSTERS, 'scenarios', 'librarian-vs-nobz.yaml'));
    // both without their codex rules (Mob Rule, And They Shall Know No Fear: more ways for the fight to go), as the count above was measured
    const nobz = s.defender.units[0]!;
    const two = {
      ...s,
      attacker: { units: [{ ...s.attacker.units[0]!, models: s.attacker.units[0]!.models.map((g) => ({ ...g, count: 2, spec: { ...g.spec, abilities: [] } })) }] },
      defender: { units: [{ ...nobz, models: nobz.models.map((g) => ({ ...g, spec: { ...g.spec, abilities: [] } })) }] },
    };
    const tight = exact(two, { atoms: 60_000 });
    expect(tight.final.winner.attacker).toBe(exact(two).final.winner.attacker);
  });

  it('of two units it may strike, a group picks by the save most of the living share, not the largest class: force-weapon bearers are a class each', () => {
    const coven = unit('Coven', [[model('Psyker', { WS: 4, T: 4, I: 1, A: 0, Sv: 2 }, ['force-weapon'], ['psyker']), 3], [model('Servant', { WS: 4, T: 4, I: 1, A: 0, Sv: 6 }), 2]]);
    const guard = unit('Guard', [[model('Guardsman', { WS: 4, T: 4, I: 1, A: 0, Sv: 4 }), 5]]);
    // Coven's most shared save is the psykers' 2+ (1 in 24 unsaved a blow), Guard's 4+ (1 in 8)
    const { events } = scripted(scenario('srd4', [unit('Hitters', [[model('Hitter', { WS: 4, S: 4, I: 4, A: 1 }), 1]])], [coven, guard]), Array(20).fill(1), { allowLeftover: true });
    expect(eventsOf(events, 'attacks')[0]!.target).toBe('Guard');
  });

  for (const rules of ['srd4', 'revised4', 'fightphase', 'waffle']) {
    it(`${rules}: a unit written as two entries of one model fights as the same unit written as one (exact, every figure to 1e-12)`, () => {
      const boy = () => modelIn(rules, 'Ork Boy', { WS: 4, S: 3, T: 4, I: 2, A: 2, Ld: 7, Sv: 6 });
      const marine = modelIn(rules, 'Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 });
      const fight = (boyz: ReturnType<typeof unit>) => exact(scenario(rules, [unit('Marines', [[marine, 5]], { charged: true })], [boyz], 2));
      const split = fight(unit('Boyz', [[boy(), 4], [boy(), 3]]));
      const whole = fight(unit('Boyz', [[boy(), 7]]));
      const numbers = (r: unknown, at = ''): [string, number][] =>
        typeof r === 'number' ? [[at, r]] : r && typeof r === 'object' ? Object.entries(r).flatMap(([k, v]) => numbers(v, `${at}.${k}`)) : [];
      const want = new Map(numbers(whole));
      const got = numbers(split);
      expect(got.length).toBeGreaterThan(50);
      for (const [k, v] of got) expect(Math.abs(v - want.get(k)!), k).toBeLessThan(1e-12);
    });
  }
});

