// fightphase (../shared/rules/001_83f9a11fbaff6d19.txt), rule by rule with scripted dice: the
// to-hit mechanism, pile-in at the start of each Initiative step and who can fight (ruling 14),
// Unwieldy weapons and difficult terrain, majorities of the engaged models, wound pools and their
// order (ruling 15), allocation to the closest model and one model until it dies, AP and
// invulnerable saves, Instant Death, the result, Morale at a penalty, Our Weapons Are Useless
// (ruling 16), battleshock and the sweeping advance that costs the difference (ruling 9).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIGHTPHASE_TO_HIT } from '../src/editions/fightphase/charts.js';
import { eventsOf, modelIn, placed, scenario, scripted, unit } from './helpers.js';

const R = 'fightphase';
const m = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[] = [], rules: Parameters<typeof modelIn>[4] = []) => modelIn(R, name, p, wargear, rules);
/** a target that never strikes back */
const rock = (n = 1, p = {}) => unit('Rocks', [[m('Rock', { WS: 4, T: 4, I: 1, A: 0, Ld: 10, ...p }), n]]);
const stepOf = (events: ReturnType<typeof scripted>['events']) => {
  let step = 0;
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'step') step = e.initiative;
    if (e.type === 'attacks') out.push(`${e.model}@${step}:${e.attacks}`);
  }
  return out;
};

describe('fightphase to hit: 001 prints no chart, only its mechanism', () => {
  it('every cell: a lower WS 3+, up to twice as high 4+, more than twice 5+', () => {
    for (let a = 1; a <= 10; a++) {
      for (let d = 1; d <= 10; d++) {
        const want = d < a ? 3 : d <= 2 * a ? 4 : 5;
        expect(FIGHTPHASE_TO_HIT[a - 1]![d - 1], `WS${a} vs WS${d}`).toBe(want);
      }
    }
  });
  it('assault rules fightphase prints the mechanism, the chart worked out from it and what differs from srd4', () => {
    const root = new URL('..', import.meta.url).pathname;
    const r = spawnSync(process.execPath, [join(root, 'bin/assault'), 'rules', 'fightphase'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/source: \.\.\/shared\/rules\/001_83f9a11fbaff6d19\.txt/);
    const text = r.stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(/against a lower WS 3\+, an equal WS or up to twice it 4\+, more than twice it 5\+/);
    expect(r.stdout).toMatch(/^ {4}4 \| {2}3\+ 3\+ 3\+ 4\+ 4\+ 4\+ 4\+ 4\+ 5\+ 5\+$/m);
    expect(r.stdout).toMatch(/Differs from srd4:/);
    expect(text).toMatch(/Sweeping advance: D6 \+ the highest unmodified Initiative/);
  });
  const doc001 = new URL('../../shared/rules/001_83f9a11fbaff6d19.txt', import.meta.url);
  it.skipIf(!existsSync(doc001))('the document says so (when ../shared/ is beside the repo)', () => {
    const doc = readFileSync(doc001, 'utf8');
    expect(doc).toMatch(/target’s WS is lower than the attacker’s, he is hit on 3\+/);
    expect(doc).toMatch(/equal or up to twice as high as the attacker’s, he is hit on 4\+/);
    expect(doc).toMatch(/more than twice as high, he is hit on 5\+/);
  });
});

describe('fightphase pile-in and who can fight (ruling 14)', () => {
  const marine = m('Space Marine', { WS: 4, S: 4, I: 4, A: 1, Sv: 3 });
  it('at its Initiative step a model piles in 3": from 3" it reaches base contact, from 4" it is engaged within 1", from 5" it is not and does not fight', () => {
    const squad = placed('Squad', [[marine, 2, 0], [marine, 2, 3], [marine, 2, 4], [marine, 2, 5]]);
    const { events } = scripted(scenario(R, [squad], [rock()]), Array(6).fill(1));
    expect(eventsOf(events, 'pileInStep').map((e) => [e.from, e.to])).toEqual([[3, 0], [4, 1], [5, 2]]);
    expect(eventsOf(events, 'attacks').map((e) => [e.count, e.attacks])).toEqual([[6, 6]]);
  });
  it('a model piles in only at its own step: the rear rank of the slower side is still out of reach when the faster strikes', () => {
    // Rocks' second rank at 3" stands unengaged at step 4 (it piles in at step 1): the most common engaged WS is its front's 6
    const rocks = placed('Rocks', [[m('Front', { WS: 6, I: 1, A: 0 }), 1, 0], [m('Rear', { WS: 2, I: 1, A: 0 }), 3, 3]]);
    const { events } = scripted(scenario(R, [unit('Squad', [[marine, 1]])], [rocks]), [1]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ targetWs: 6, need: 4 });
  });
  it('the next phase begins with every model piled in: the rear rank fights', () => {
    const squad = placed('Squad', [[marine, 2, 0], [marine, 2, 5]]);
    const { events } = scripted(scenario(R, [squad], [rock()], 2), Array(2 + 4).fill(1));
    expect(eventsOf(events, 'attacks').map((e) => e.attacks)).toEqual([2, 4]);
  });
  it('no model within 6" of the enemy: the pile-ins cannot close the gap, the remaining Initiative steps are lost', () => {
    const far = placed('Far', [[marine, 3, 7]]);
    const { events, outcome } = scripted(scenario(R, [far], [placed('Rocks', [[m('Rock', { I: 1, A: 1 }), 2, 7]])]), []);
    expect(eventsOf(events, 'apart')).toEqual([{ type: 'apart', initiative: 4, closest: 7 }]);
    expect(eventsOf(events, 'attacks')).toEqual([]);
    expect(outcome).toMatchObject({ end: 'disengaged', winner: null }); // and the sides come apart (rules ruling 23: test/disengage.test.ts)
  });
});

describe('fightphase Initiative steps', () => {
  it('Unwieldy weapons strike at step 1; a power fist and a pistol are two single-handed weapons: +1 Attack (001)', () => {
    const sarge = m('Sergeant', { WS: 4, S: 4, I: 4, A: 2 }, ['power-fist', 'pistol']);
    const { events } = scripted(scenario(R, [unit('Squad', [[sarge, 1]])], [rock()]), [1, 1, 1]);
    expect(stepOf(events)).toEqual(['Sergeant@1:3']);
  });
  it('models with no attacks still pile in at their step: the rear rank reaches the fight and changes the majority', () => {
    // Rear (WS6 T6, I4, A0) 3" back piles in at step 4 with the striker's blows; engaged, three of five are WS6 T6
    const rocks = placed('Rocks', [[m('Front', { WS: 3, T: 3, I: 1, A: 0 }), 2, 0], [m('Rear', { WS: 6, T: 6, I: 4, A: 0 }), 3, 3]]);
    const { events } = scripted(scenario(R, [unit('Squad', [[m('Striker', { WS: 4, S: 4, I: 4, A: 1 }), 1]])], [rocks]), [4, 1]);
    expect(eventsOf(events, 'pileInStep').map((e) => [e.model, e.to])).toEqual([['Rear', 0]]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ targetWs: 6, need: 4 });
    expect(eventsOf(events, 'wounds')[0]).toMatchObject({ toughness: 6, need: 6 });
  });
  it('chargers through difficult terrain strike at step 1 unless they carry frag or plasma grenades', () => {
    const bare = m('Trooper', { WS: 4, S: 4, I: 4, A: 1 });
    const fragged = m('Trooper', { WS: 4, S: 4, I: 4, A: 1 }, ['frag-grenades']);
    const flags = { charged: true, difficultTerrain: true };
    expect(stepOf(scripted(scenario(R, [unit('Squad', [[bare, 1]], flags)], [rock()]), [1, 1]).events)).toEqual(['Trooper@1:2']);
    expect(stepOf(scripted(scenario(R, [unit('Squad', [[fragged, 1]], flags)], [rock()]), [1, 1]).events)).toEqual(['Trooper@4:2']);
  });
  it('defenders in cover gain nothing', () => {
    const ork = m('Ork', { WS: 4, S: 3, I: 2, A: 1 });
    const { events } = scripted(scenario(R, [unit('Squad', [[m('Marine', { I: 4, A: 1 }), 1]], { charged: true })], [unit('Orks', [[ork, 1]], { inCover: true })]), [1, 1, 1]);
    expect(stepOf(events)).toEqual(['Marine@4:2', 'Ork@2:1']);
  });
});

describe('fightphase majorities (ruling 5): the most common value among the engaged models, ties to the highest', () => {
  const striker = unit('Striker', [[m('Striker', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
  it('WS 5 5 4 3 and T 5 5 4 3: WS 5, T 5', () => {
    const mixed = unit('Mixed', [[m('Big', { WS: 5, T: 5, I: 1, A: 0 }), 2], [m('Mid', { WS: 4, T: 4, I: 1, A: 0 }), 1], [m('Small', { WS: 3, T: 3, I: 1, A: 0 }), 1]]);
    const { events } = scripted(scenario(R, [striker], [mixed]), [6, 1]);
    expect(eventsOf(events, 'attacks')[0]!.targetWs).toBe(5);
    expect(eventsOf(events, 'wounds')[0]!.toughness).toBe(5);
  });
  it('two WS 3 and two WS 6 tie: the highest, 6', () => {
    const mixed = unit('Mixed', [[m('A', { WS: 3, I: 1, A: 0 }), 2], [m('B', { WS: 6, I: 1, A: 0 }), 2]]);
    expect(eventsOf(scripted(scenario(R, [striker], [mixed]), [1]).events, 'attacks')[0]!.targetWs).toBe(6);
  });
});

describe('fightphase wound pools and allocation (rulings 14, 15)', () => {
  it('an AP3 pool goes before an ordinary one against 3+ armour: it is saved worst', () => {
    // Trooper and Sergeant (power weapon) each hit and wound; the AP3 wound kills with no save, the plain one is saved on 1: fails
    const squad = unit('Squad', [[m('Trooper', { WS: 4, S: 4, I: 4, A: 1 }), 1], [m('Sergeant', { WS: 4, S: 4, I: 4, A: 1 }, ['power-weapon']), 1]]);
    const { events } = scripted(scenario(R, [squad], [rock(4, { Sv: 3 })]), [4, 4, 4, 4, 1, 1, 1]);
    const groups = eventsOf(events, 'saves')[0]!.groups;
    expect(groups.map((g) => [g.save, g.need, g.count])).toEqual([['none', null, 1], ['armour', 3, 1]]);
    expect(groups[0]!.weapon).toBe('Power weapon');
    expect(eventsOf(events, 'casualties')[0]!.killed).toHaveLength(2);
  });
  it('saved alike, the higher Strength goes first: an Instant Death wound takes a whole model before the weaker wound lands', () => {
    // T3 W2 targets with no save: S4 (3+) and S6 (2+, Instant Death) wound; S6 first kills one (2 wounds), S4 wounds the next (1)
    const squad = unit('Squad', [[m('Trooper', { WS: 4, S: 4, I: 4, A: 1 }), 1], [m('Brute', { WS: 4, S: 6, I: 4, A: 1 }), 1]]);
    const { events } = scripted(scenario(R, [squad], [rock(2, { T: 3, W: 2 })]), [4, 4, 4, 4, 1, 1]);
    expect(eventsOf(events, 'casualties')[0]).toMatchObject({ woundsInflicted: 3, instantDeath: 1, killed: ['Rock'] });
  });
  it('wounds go to the closest model first, not the first in the removal order, and models out of the fight can die', () => {
    const targets = placed('Targets', [[m('Back', { I: 1, A: 0 }), 2, 2], [m('Front', { I: 1, A: 0 }), 1, 0]]);
    const { events } = scripted(scenario(R, [unit('Striker', [[m('Striker', { WS: 4, S: 4, I: 4, A: 2 }), 1]])], [targets]), [4, 4, 4, 4, 1, 1]);
    expect(eventsOf(events, 'casualties')[0]!.killed).toEqual(['Front', 'Back']);
  });
  it('a wounded model keeps the wounds until it dies: three wounds on two W2 models, saves fail, save, fail: one dead, none wounded', () => {
    const { events } = scripted(scenario(R, [unit('Striker', [[m('Striker', { WS: 4, S: 4, I: 4, A: 3 }), 1]])], [rock(2, { W: 2, Sv: 4 })]), [4, 4, 4, 4, 4, 4, 1, 6, 1, 1, 1]);
    expect(eventsOf(events, 'casualties')[0]).toMatchObject({ woundsInflicted: 2, killed: ['Rock'], wounded: [] });
    expect(eventsOf(events, 'saves')[0]!.groups.map((g) => g.rolls)).toEqual([[1, 6, 1]]);
  });
  it('AP3 pierces 3+ armour, not 2+; an invulnerable save is taken when it is the best', () => {
    const sword = unit('Sword', [[m('Swordsman', { WS: 4, S: 4, I: 4, A: 1 }, ['power-weapon']), 1]]);
    const need = (p: object) => eventsOf(scripted(scenario(R, [sword], [rock(2, p)]), [4, 4, 6]).events, 'saves')[0]!.groups[0]!;
    expect(need({ Sv: 3, Inv: 5 })).toMatchObject({ save: 'invulnerable', need: 5 });
    expect(need({ Sv: 2 })).toMatchObject({ save: 'armour', need: 2 });
  });
  it('Instant Death counts every wound the model had (001): a power fist on a W3 model inflicts 3', () => {
    const fist = unit('Fist', [[m('Sergeant', { WS: 4, S: 4, I: 4, A: 1 }, ['power-fist']), 1]]);
    const { events, outcome } = scripted(scenario(R, [fist], [rock(1, { W: 3, Sv: 3 })]), [4, 4]);
    expect(eventsOf(events, 'casualties')[0]).toMatchObject({ woundsInflicted: 3, instantDeath: 1 });
    expect(outcome.firstWounds.attacker).toBe(3);
  });
});

describe('fightphase result, Morale and the sweeping advance', () => {
  const killers = () => unit('Killers', [[m('Killer', { WS: 4, S: 4, W: 3, I: 4, A: 3 }), 1]]);
  const victims = (p = {}, flags = {}) => unit('Victims', [[m('Victim', { WS: 4, S: 4, I: 2, A: 1, Ld: 8, ...p }), 5]], flags);
  it('the loser tests at Ld minus the difference in wounds: 3 to 1 makes Ld8 a 6; failing, it is battleshocked', () => {
    // Killer: 3 hits, 3 wounds, no saves: 3 dead. Victims (2 left): 2 attacks, hit 4 4, wounds 4 1: 1 wound.
    // Morale Ld8-2 = 6: 3+4 fails. Flee 1+2 = 3, sweep 5+4 = 9: caught, 6 wounds lost: the last 2 die.
    const { events, outcome } = scripted(scenario(R, [killers()], [victims()]), [4, 4, 4, 4, 4, 4, 4, 4, 4, 1, 3, 4, 1, 5]);
    expect(eventsOf(events, 'morale')[0]).toMatchObject({ ld: 8, penalty: 2, passed: false, battleshocked: true });
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'swept', loserBonus: 2, winnerBonus: 4, woundsLost: 2 });
    expect(outcome).toMatchObject({ end: 'swept', winner: 'attacker', sweepWounds: 2 });
  });
  it('an equal total catches: the caught unit loses 0 wounds and falls back; its fate is swept (ruling 20)', () => {
    // one Victim dies; Morale Ld8-1 = 7: 6+6 fails; flee 6+2 = 8, sweep 4+4 = 8: caught, nothing lost
    const { events, outcome, state } = scripted(scenario(R, [killers()], [victims({ A: 0 })]), [4, 1, 1, 4, 6, 6, 6, 4]);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'swept', woundsLost: 0 });
    expect(outcome.sweepWounds).toBe(0);
    expect(state.units[1]!.aliveCount()).toBe(4);
    expect(outcome.units[1]!.fate).toBe('swept');
  });
  it('a higher fall-back total escapes', () => {
    const { events } = scripted(scenario(R, [killers()], [victims({ A: 0 })]), [4, 1, 1, 4, 6, 6, 6, 3]);
    expect(eventsOf(events, 'breakoff')[0]!.outcome).toBe('fellBack');
  });
  it('Our Weapons Are Useless: a unit that cannot wound the enemy and says useless: fallBack fails on purpose, no dice', () => {
    const tough = unit('Tough', [[m('Tough', { WS: 4, S: 4, T: 8, I: 4, A: 1 }), 1]]);
    const grots = (useless?: 'fallBack') => unit('Grots', [[m('Grot', { WS: 2, S: 2, I: 2, A: 1, Ld: 10 }), 3]], useless ? { useless } : {});
    // Tough kills one Grot (hit 4, wound 4); two Grots hit on 1s; Morale: on purpose, then flee 1 vs sweep 1
    const onPurpose = scripted(scenario(R, [tough], [grots('fallBack')]), [4, 4, 1, 1, 1, 1]);
    expect(eventsOf(onPurpose.events, 'morale')[0]).toMatchObject({ reason: 'useless', passed: false, rolls: [] });
    // without the entry it tests (Ld10-1: 1+1 passes)
    const tests = scripted(scenario(R, [tough], [grots()]), [4, 4, 1, 1, 1, 1]);
    expect(eventsOf(tests.events, 'morale')[0]).toMatchObject({ reason: 'lost', passed: true });
  });
});
