// Leaders (rules ruling 28, ruling 8), for every 40K edition: a model is a leader when it has the
// `character` rule or a Leadership above that of its unit's most numerous model; by default the
// owner removes ordinary models, then special wargear, then leaders that are not characters,
// then characters, each class in the roster's order. Morale is still tested on the highest
// Leadership among the living models.
import { describe, expect, it } from 'vitest';
import { getRuleset } from '../src/editions/registry.js';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import { FightState, rankAndFileLd } from '../src/engine/state.js';
import type { Scenario, UnitSpec } from '../src/model.js';
import { eventsOf, living, model, scenario, scripted, unit } from './helpers.js';

const EDITIONS = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;

/** two attacks that hit and wound on 6s against a unit with no save and no attacks */
const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 2 }), 1]]);
const sergeant = (Ld = 8, rules: string[] = []) => model('Sergeant', { Ld, I: 1, A: 0 }, [], rules as never);
const guardsman = model('Guardsman', { Ld: 7, I: 1, A: 0 });

/** a unit's models in the default removal order, the next casualty first */
function order(R: string, u: UnitSpec): string[] {
  const s: Scenario = scenario(R, [striker], [u]);
  return living(new FightState(s, getRuleset(R)).units[1]!);
}

describe.each(EDITIONS)('%s leaders (rules ruling 28)', (R) => {
  it(`${R} an untagged sergeant at Ld 8 listed first among Guardsmen at Ld 7 leads them: two wounds kill two Guardsmen; Morale on Ld 8`, () => {
    const squad = unit('Squad', [[sergeant(), 1], [guardsman, 4]]);
    // hits 6 6, wounds 6 6 (no save), then the loser's Morale test on 1 1
    const { state, events } = scripted(scenario(R, [striker], [squad]), [6, 6, 6, 6, 1, 1]);
    expect(living(state.units[1]!)).toEqual(['Guardsman', 'Guardsman', 'Sergeant']);
    const morale = eventsOf(events, 'morale');
    expect(morale).toHaveLength(1);
    expect(morale[0]!.ld).toBe(8);
  });
  it(`${R} the classes in order: ordinary, special wargear, leaders by Leadership, characters; each in the roster's order`, () => {
    const hero = model('Hero', { Ld: 9, I: 1, A: 0 }, [], ['character']);
    const flamer = model('Flamer', { Ld: 7, I: 1, A: 0 }, ['power-weapon']);
    const veteran = model('Veteran', { Ld: 8, I: 1, A: 0 }, ['power-fist']);
    const u = unit('Squad', [[hero, 1], [sergeant(), 1], [veteran, 1], [flamer, 1], [guardsman, 3]]);
    expect(order(R, u)).toEqual(['Guardsman', 'Guardsman', 'Guardsman', 'Flamer', 'Sergeant', 'Veteran', 'Hero']);
  });
  it(`${R} a sergeant no better than his men is no leader: listed first, he dies first`, () => {
    const squad = unit('Squad', [[sergeant(7), 1], [guardsman, 4]]);
    const { state, events } = scripted(scenario(R, [striker], [squad]), [6, 6, 6, 6, 1, 1]);
    expect(living(state.units[1]!)).toEqual(['Guardsman', 'Guardsman', 'Guardsman']);
    expect(eventsOf(events, 'morale')[0]!.ld).toBe(7);
  });
  it(`${R} the most numerous model is counted by model, over its groups; a tie takes the lowest Leadership of the tied`, () => {
    // two Guardsmen in two groups against one Sergeant: the Guardsmen are the most numerous
    expect(rankAndFileLd(unit('U', [[sergeant(), 1], [guardsman, 1], [guardsman, 1]]))).toBe(7);
    // one Sergeant and one Guardsman: a tie, and the sergeant leads
    expect(rankAndFileLd(unit('U', [[sergeant(), 1], [guardsman, 1]]))).toBe(7);
    expect(order(R, unit('U', [[sergeant(), 1], [guardsman, 1]]))).toEqual(['Guardsman', 'Sergeant']);
    // two Veterans at Ld 8 and two Guardsmen at Ld 7: the Veterans lead
    const veteran = model('Veteran', { Ld: 8, I: 1, A: 0 });
    expect(order(R, unit('U', [[veteran, 2], [guardsman, 2]]))).toEqual(['Guardsman', 'Guardsman', 'Veteran', 'Veteran']);
    // more Veterans than Guardsmen: no leader, the roster's order
    expect(order(R, unit('U', [[veteran, 3], [guardsman, 2]]))).toEqual(['Veteran', 'Veteran', 'Veteran', 'Guardsman', 'Guardsman']);
  });
  it(`${R} a wounded multi-wound model is still finished first: three wounds kill one Ogryn and wound the other; the sergeant listed first is untouched`, () => {
    const ogryn = model('Ogryn', { Ld: 7, W: 2, I: 1, A: 0 });
    const squad = unit('Squad', [[sergeant(), 1], [ogryn, 2]]);
    const three = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 3 }), 1]]);
    // hits 6 6 6, wounds 6 6 6 (no save), Morale 1 1
    const { state } = scripted(scenario(R, [three], [squad]), [6, 6, 6, 6, 6, 6, 1, 1]);
    const classes = state.units[1]!.classes.filter((c) => c.count > 0).map((c) => [c.spec.name, c.count, c.front]);
    expect(classes).toEqual([['Ogryn', 1, 1], ['Sergeant', 1, 1]]);
  });
  it(`${R} casualtyOrder still comes first: the leader listed there dies first`, () => {
    const squad = unit('Squad', [[sergeant(), 1], [guardsman, 4]], { casualtyOrder: ['Sergeant'] });
    const { state, events } = scripted(scenario(R, [striker], [squad]), [6, 6, 6, 6, 1, 1]);
    expect(living(state.units[1]!)).toEqual(['Guardsman', 'Guardsman', 'Guardsman']);
    expect(eventsOf(events, 'morale')[0]!.ld).toBe(7);
  });
  it(`${R} exact and sim: the Morale test is failed as often as a leader kept alive makes it`, { timeout: 60_000 }, async () => {
    // two attacks at 4+ to hit and 4+ to wound, no save: 1 wound with 6/16, 2 with 1/16; the
    // Sergeant (Ld 8, listed first) outlives both Guardsmen, so the loser tests on Ld 8 (fightphase
    // and waffle: less the difference in wounds, ruling 16); 2D6 above n fails
    const above = (n: number) => [...Array(36).keys()].filter((k) => Math.floor(k / 6) + (k % 6) + 2 > n).length / 36;
    const [p1, p2] = [6 / 16, 1 / 16];
    const want = R === 'fightphase' || R === 'waffle' ? p1 * above(7) + p2 * above(6) : (p1 + p2) * above(8);
    const s = scenario(R, [striker], [unit('Squad', [[sergeant(), 1], [guardsman, 2]])], 1);
    expect(exact(s).morale.runsWithFailure).toBeCloseTo(want, 12);
    // 20,000 runs: within 5 standard errors of a share (the Monte Carlo kernel or the tabled fights)
    const runs = 20_000;
    const sim = await simulate(s, { runs, seed: 'leaders' });
    expect(Math.abs(sim.morale.runsWithFailure - want)).toBeLessThan(5 * Math.sqrt(want * (1 - want) / runs));
  });
});
