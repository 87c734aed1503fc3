// Characteristics at the edges (rules README ruling 13), for every edition: Initiative above 10
// strikes at 10 and 0 or below at 1; WS 0 hits nothing and is hit as WS 1; S 0 wounds nothing.
import { describe, expect, it } from 'vitest';
import type { FightEvent } from '../src/engine/events.js';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';

/** the Initiative steps at which some group struck (in fightphase a step also comes for models that only pile in) */
function stepsStruck(events: FightEvent[]): number[] {
  const out: number[] = [];
  let step = 0;
  for (const e of events) {
    if (e.type === 'step') step = e.initiative;
    if (e.type === 'attacks' && !out.includes(step)) out.push(step);
  }
  return out;
}

describe.each(['srd4', 'revised4', 'fightphase', 'waffle'])('%s characteristics at the edges', (R) => {
  it(`${R} furious charge on Initiative 10 strikes at step 10, not never`, () => {
    const chargers = unit('Chargers', [[model('Fast', { I: 10, A: 0 }, [], ['furious-charge']), 1]], { charged: true });
    // one attack (the charge bonus) at 10: misses; the defender has no attacks
    const { events } = scripted(scenario(R, [chargers], [unit('D', [[model('D', { I: 1, A: 0 }), 1]])]), [1]);
    expect(stepsStruck(events)).toEqual([10]);
    expect(eventsOf(events, 'attacks')).toHaveLength(1);
  });
  it(`${R} Initiative 0 strikes at step 1`, () => {
    const { events } = scripted(scenario(R, [unit('A', [[model('Slow', { I: 0, A: 1 }), 1]])], [unit('D', [[model('D', { I: 1, A: 0 }), 1]])]), [1]);
    expect(stepsStruck(events)).toEqual([1]);
  });
  it(`${R} WS 0 hits nothing (no dice rolled) and is hit as WS 1`, () => {
    const clumsy = unit('Clumsy', [[model('Clumsy', { WS: 0, I: 5, A: 3 }), 1]]);
    const striker = unit('Striker', [[model('Striker', { WS: 4, I: 4, A: 1 }), 1]]);
    // the Striker needs 3+ against WS 1 (chart row 4, column 1; waffle's chart: 2+) and misses with a 1
    const { events } = scripted(scenario(R, [clumsy], [striker]), [1]);
    const [a, d] = eventsOf(events, 'attacks');
    expect([a!.hits, a!.rolls, a!.need]).toEqual([0, [], 0]);
    expect([d!.targetWs, d!.need]).toEqual([0, R === 'waffle' ? 2 : 3]);
  });
  it(`${R} Strength 0 wounds nothing, even with a poisoned weapon`, () => {
    const weak = unit('Weak', [[model('Weak', { S: 0, I: 5, A: 2 }, ['poisoned']), 1]]);
    const { events } = scripted(scenario(R, [weak], [unit('D', [[model('D', { I: 1, A: 0 }), 1]])]), [6, 6]);
    expect(eventsOf(events, 'wounds')[0]).toMatchObject({ need: 0, rolls: [], wounds: 0 });
  });
  it(`${R} Strength 0 wounds nothing even with rending 6s`, () => {
    const weak = unit('Weak', [[model('Weak', { S: 0, I: 5, A: 1 }, ['rending']), 1]]);
    const { events } = scripted(scenario(R, [weak], [unit('D', [[model('D', { I: 1, A: 0 }), 1]])]), [6]);
    expect(eventsOf(events, 'attacks')[0]!.rending).toBe(0);
    expect(eventsOf(events, 'casualties')).toHaveLength(0);
  });
  it(`${R} furious charge given to the whole unit in the scenario works like a model's own`, () => {
    // 4th edition: +1 Initiative and +1 Strength on the charge; fightphase and waffle (7th edition's rule): +1 Strength only
    const chargers = unit('Chargers', [[model('Charger', { I: 2, S: 4, A: 0 }), 1]], { charged: true, rules: ['furious-charge'] });
    const { events } = scripted(scenario(R, [chargers], [unit('D', [[model('D', { I: 1, A: 0 }), 1]])]), [4, 1]);
    expect(stepsStruck(events)).toEqual([R === 'fightphase' || R === 'waffle' ? 2 : 3]);
    expect(eventsOf(events, 'wounds')[0]!.strength).toBe(5);
  });
});
