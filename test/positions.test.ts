// Positions on a line (rulings 14 and 38), in every edition that places models in inches
// (fightphase, waffle): a distance is to the nearest living enemy model, so when a side's closest
// models die the enemy stands further off, and when a side's closest pile in the enemy stands
// closer. Scripted dice for the rules; `exact` against probabilities worked out here by hand.
import { describe, expect, it } from 'vitest';
import { exact } from '../src/index.js';
import { eventsOf, modelIn, placed, scenario, scripted } from './helpers.js';

describe.each(['fightphase', 'waffle'])('%s: a distance is to the nearest living enemy (ruling 38)', (R) => {
  const m = (name: string, p: Parameters<typeof modelIn>[2]) => modelIn(R, name, p);
  // strikes at 4, hits WS4 on 4+ (fightphase; waffle's chart: 4+ too), wounds T4 on 4+
  const striker = m('Striker', { WS: 4, S: 4, I: 4, A: 1 });
  // strikes at 1
  const slow = m('Slow', { WS: 4, S: 4, I: 1, A: 1 });
  const rock = (name: string) => m(name, { WS: 4, T: 4, I: 1, A: 0 });
  const squad = placed('Squad', [[striker, 1, 0], [slow, 1, 0]]);

  it('the enemy\'s closest models die and the next stand 10" back: the sides are 10" apart, nobody is engaged, the remaining steps are lost', () => {
    const rocks = placed('Rocks', [[rock('Front'), 1, 0], [rock('Rear'), 3, 10]]);
    // Striker at 4: hits (4), wounds (4); Front dies. The rocks lost: Morale (1, 1) holds
    const { events } = scripted(scenario(R, [squad], [rocks]), [4, 4, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([{ type: 'gap', side: 'defender', gap: 10 }]);
    expect(eventsOf(events, 'apart')).toEqual([{ type: 'apart', initiative: 1, closest: 10 }]);
    // the slow model, once in base contact with Front, no longer strikes the rocks 10" away
    expect(eventsOf(events, 'attacks').map((e) => e.model)).toEqual(['Striker']);
  });

  it('the next stand 4" back: at step 1 the slow model piles in to 1" and the rear rocks to base contact; it is engaged and strikes', () => {
    const rocks = placed('Rocks', [[rock('Front'), 1, 0], [rock('Rear'), 3, 4]]);
    // Striker: hits, wounds, Front dies; Slow at 1: hits (4), wounds (4), a Rear rock dies; Morale (1, 1) holds
    const { events, state } = scripted(scenario(R, [squad], [rocks]), [4, 4, 4, 4, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([{ type: 'gap', side: 'defender', gap: 4 }]);
    // Slow from 4" to 1" (the rocks then 1" off), the rocks from 1" to base contact
    expect(eventsOf(events, 'pileInStep').map((e) => [e.model, e.from, e.to])).toEqual([['Slow', 4, 1], ['Rear', 1, 0]]);
    expect(eventsOf(events, 'attacks').map((e) => e.model)).toEqual(['Striker', 'Slow']);
    expect(state.units[1]!.classes[1]!.count).toBe(2);
  });

  it('a side\'s closest pile in and the enemy\'s stand as much closer: 5" apart, the striker moves to 2" and the enemy at step 1 reaches base contact and strikes', () => {
    const far = placed('Squad', [[striker, 1, 5]]);
    const foes = placed('Foes', [[m('Foe', { WS: 4, S: 4, T: 4, I: 1, A: 1 }), 1, 5]]);
    // the striker is 2" off at step 4 and does not strike; at step 1 the foe piles in from 2", hits (4), wounds (4)
    const { events, outcome } = scripted(scenario(R, [far], [foes]), [4, 4]);
    expect(eventsOf(events, 'pileInStep').map((e) => [e.model, e.from, e.to])).toEqual([['Striker', 5, 2], ['Foe', 2, 0]]);
    expect(eventsOf(events, 'attacks').map((e) => e.model)).toEqual(['Foe']);
    expect(outcome.firstWounds).toEqual({ attacker: 0, defender: 1 });
  });

  it('two enemy units: once one unit\'s closest models die, its next 10" back, a model in base contact with the other strikes only that other', () => {
    // D1 is easier to hurt (T3), so a model engaged with both strikes it; D2 (T5) holds the gap
    const d1 = placed('D1', [[m('Front', { WS: 4, T: 3, I: 1, A: 0 }), 1, 0], [m('Rear', { WS: 4, T: 3, I: 1, A: 0 }), 3, 10]]);
    const d2 = placed('D2', [[m('Near', { WS: 4, T: 5, I: 1, A: 0 }), 2, 0]]);
    // Striker at 4 -> D1: hits (4), wounds T3 (4), Front dies. Slow at 1: D1 stands 10" off, so
    // -> D2: hits (4), wounds T5 on 5+ (5). Both units lost 2 to 0: Morale holds (1 1, 1 1)
    const { events } = scripted(scenario(R, [squad], [d1, d2]), [4, 4, 4, 5, 1, 1, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([]);
    expect(eventsOf(events, 'attacks').map((e) => [e.model, e.target])).toEqual([['Striker', 'D1'], ['Slow', 'D2']]);
  });

  it('a group strikes a unit only if every striking model of it is within 1" of that unit: how models are grouped to roll together does not decide whom they may strike', () => {
    // one entry in base contact, one 3.5" back of the same model: one group; at 4 the rear piles
    // in to 0.5". D2's closest stand 0.8" behind D1's: 0.8" from the front, 1.3" from the rear
    const boy = m('Boy', { WS: 4, S: 4, I: 4, A: 1 });
    const mob = placed('Mob', [[boy, 1, 0], [boy, 2, 3.5]], { attackSplit: ['D2'] });
    const d1 = placed('D1', [[m('Front', { WS: 4, T: 4, I: 1, A: 0 }), 3, 0]]);
    const d2 = placed('D2', [[m('Back', { WS: 4, T: 4, I: 1, A: 0 }), 3, 0.8]]);
    const { events } = scripted(scenario(R, [mob], [d1, d2]), Array(12).fill(1), { allowLeftover: true });
    expect(eventsOf(events, 'pileInStep').filter((e) => e.model === 'Boy').map((e) => [e.from, e.to])).toEqual([[3.5, 0.5]]);
    expect(eventsOf(events, 'attacks').map((e) => [e.model, e.count, e.target])).toEqual([['Boy', 3, 'D1']]);
  });

  it('exact: the slow model strikes only while the front rock stands (a kill 7/16, never two), as worked out by hand', () => {
    const rocks = placed('Rocks', [[rock('Front'), 1, 0], [rock('Rear'), 3, 10]]);
    const r = exact(scenario(R, [squad], [rocks]));
    // the striker kills Front with 1/2 x 1/2; if not (3/4), the slow model strikes it with 1/4;
    // once Front is dead the rear is 10" off: no second kill
    const atLeast = r.atLeast.firstRoundWounds.attacker;
    expect(atLeast[1]!.p).toBeCloseTo(1 / 4 + (3 / 4) * (1 / 4), 12);
    expect(atLeast[2]?.p ?? 0).toBe(0);
  });
});

describe('waffle: losses in the charge sub-phase (ruling 38)', () => {
  const m = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[] = []) => modelIn('waffle', name, p, wargear);
  const body = { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 10 };
  it('Overwatch kills the charger\'s closest model before the charge move: the survivors still move in, into base contact, and strike', () => {
    const chargers = placed('Chargers', [[m('Front', body), 1, 0], [m('Rear', body), 2, 4]], { charged: true });
    const gunners = placed('Gunners', [[m('Gunner', { WS: 3, BS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 10 }, ['boltgun']), 2, 0]]);
    // Overwatch: four snap shots (6 1 1 1): one hit, wounds (4), no save: Front dies. The Rear
    // pair strikes at 4 from base contact: 2 x (A1 + 1 charge), WS4 against WS3 on 3+: 1 1 1 1
    const { events } = scripted(scenario('waffle', [chargers], [gunners]), [6, 1, 1, 1, 4, 1, 1, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([]);
    expect(eventsOf(events, 'pileInStep')).toEqual([]);
    expect(eventsOf(events, 'attacks').map((e) => [e.model, e.count, e.attacks])).toEqual([['Rear', 2, 4]]);
  });
  it('a Fiery Charge kills the defender\'s closest model after the charge move: the gap opens to the next, 5" back, and the fight must pile in', () => {
    const chargers = placed('Chargers', [[m('Front', body, ['slugga']), 1, 0], [m('Rear', body), 2, 4]], { charged: true, fieryCharge: true });
    const gunners = placed('Gunners', [[m('Gunner', { WS: 3, T: 3, I: 1, A: 0, Ld: 10 }), 1, 0], [m('Back', { WS: 3, T: 3, I: 1, A: 0, Ld: 10 }), 2, 5]]);
    // Fiery Charge: Front's slugga hits (3) and wounds (3); no save: the Gunner dies. The Gunners
    // lost 1 to 0: Morale at Ld 9 holds (1 1)
    const { events } = scripted(scenario('waffle', [chargers], [gunners]), [3, 3, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([{ type: 'gap', side: 'defender', gap: 5 }]);
    // at 4 the chargers pile in from 5" and 9" (the Back pair then 2" off, not engaged); at 1 the Back pair reaches them
    expect(eventsOf(events, 'pileInStep').map((e) => [e.model, e.from, e.to])).toEqual([['Front', 5, 2], ['Rear', 9, 6], ['Back', 2, 0]]);
    expect(eventsOf(events, 'attacks')).toEqual([]);
  });
});
