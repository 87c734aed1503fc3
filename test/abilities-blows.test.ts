// Abilities on blows (../shared/rules/abilities.md B1 modify, B2 re-rolls of hits and wounds,
// B3 hitOn, B6 chargeBonus, B9 strikeAt), with scripted dice, one body for every 40K edition;
// the expectations differ only where an edition does (Furious Charge's Initiative, waffle's
// chart and sweeping-advance hits, charges through difficult terrain).
import { describe, expect, it } from 'vitest';
import type { FightEvent } from '../src/engine/events.js';
import type { SpecialRule } from '../src/model.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { getRuleset } from '../src/editions/registry.js';
import { ability, eventsOf, having, model, modelIn, scenario, scripted, unit, why } from './helpers.js';
import { EDITIONS } from './abilities-build.js';


/** Fearless targets that strike back with nothing: blows at them end in a draw or a win, and nobody tests. */
const targets = (p: Parameters<typeof model>[1] = {}, n = 5, rules: SpecialRule[] = []) => unit('D', [[model('Target', { WS: 4, T: 4, I: 1, A: 0, ...p }, [], ['fearless', ...rules]), n]]);

const lines = (events: FightEvent[]) => events.flatMap((e) => renderEvent(e, painter(false)));

/** the Initiative steps at which `model` struck, in order */
function stepsOf(events: FightEvent[], name: string): number[] {
  let step = 0;
  const out: number[] = [];
  for (const e of events) {
    if (e.type === 'step') step = e.initiative;
    if (e.type === 'attacks' && e.model === name) out.push(step);
  }
  return out;
}

for (const R of EDITIONS) {
  const inches = R === 'fightphase' || R === 'waffle';
  describe(`${R} abilities on blows`, () => {
    it(`${R} B1 modify WS: the striker's WS as modified reads the chart (WS2 +1 against WS5: 4+, not 5+)`, () => {
      const s = having(model('S', { WS: 2, A: 1, I: 4 }), ability('skill', { kind: 'modify', modify: { WS: 1 } }));
      const { events, outcome } = scripted(scenario(R, [unit('A', [[s, 1]], { charged: false })], [targets({ WS: 5 })]), [4, 4]);
      const a = eventsOf(events, 'attacks')[0]!;
      expect([a.ws, a.need, a.hits]).toEqual([3, 4, 1]);
      expect(outcome.firstWounds.attacker).toBe(1);
      expect(lines(events).join('\n')).toContain('to hit WS3 (+1 skill) vs WS5: 4+');
    });

    it(`${R} B1 modify WS and T of the target: the majority reads them (WS4 -1 is hit as WS3; T4 +1 is wounded as T5)`, () => {
      const d = having(model('Target', { WS: 4, T: 4, I: 1, A: 0 }, [], ['fearless']), ability('hide', { kind: 'modify', modify: { WS: -1, T: 1 } }));
      const a = model('A', { WS: 2, S: 4, A: 1, I: 4 });
      // WS2 against WS3: 4+ everywhere (against WS4 too); S4 against T5: 5+, so a 4 fails
      const { events } = scripted(scenario(R, [unit('A', [[a, 1]], { charged: false })], [unit('D', [[d, 3]])]), [4, 4]);
      const w = eventsOf(events, 'wounds')[0]!;
      expect(eventsOf(events, 'attacks')[0]!.targetWs).toBe(3);
      expect([w.toughness, w.need, w.wounds]).toEqual([5, 5, 0]);
    });

    it(`${R} B1 modify S after the weapon's doubling, at most 10; a profile S of 0 stays 0`, () => {
      const fist = having(modelIn(R, 'Fist', { S: 4, A: 1 }, ['power-fist']), ability('might', { kind: 'modify', modify: { S: 3 } }));
      const { events } = scripted(scenario(R, [unit('A', [[fist, 1]], { charged: false })], [targets({ T: 10 })]), [6, 6]);
      const w = eventsOf(events, 'wounds')[0]!;
      // 4 x 2 = 8, +3 = 11: 10
      expect(w.strength).toBe(10);
      expect(lines(events).join('\n')).toContain('S10 (+3 might) vs T10');
      const weak = having(model('Weak', { S: 0, A: 1 }), ability('might', { kind: 'modify', modify: { S: 3 } }));
      const r = scripted(scenario(R, [unit('A', [[weak, 1]], { charged: false })], [targets()]), [6]);
      expect(eventsOf(r.events, 'wounds')[0]!.strength).toBe(0);
    });

    it(`${R} B1 modify A: bonus attacks are added to the modified A; A stays at least 0, and a profile A of 0 stays 0`, () => {
      const more = having(model('More', { A: 2 }, ['close-combat-weapon', 'pistol']), ability('frenzy', { kind: 'modify', modify: { A: 1 } }));
      const { events } = scripted(scenario(R, [unit('A', [[more, 1]], { charged: true })], [targets({ WS: 4 })]), [1, 1, 1, 1, 1]);
      const a = eventsOf(events, 'attacks')[0]!;
      expect(a.attacks).toBe(5);
      expect(why(a)).toBe('A2 +1 frenzy +1 two weapons +1 charge');
      const none = having(model('None', { A: 1 }), ability('slow', { kind: 'modify', modify: { A: -2 } }));
      const zero = having(model('Zero', { A: 0 }), ability('frenzy', { kind: 'modify', modify: { A: 1 } }));
      const r = scripted(scenario(R, [unit('A', [[none, 1], [zero, 1]], { charged: false })], [targets()]), []);
      expect(eventsOf(r.events, 'attacks')).toEqual([]);
    });

    it(`${R} B1 modify I: the model strikes at its modified Initiative; a power fist still strikes at 1`, () => {
      const quick = having(model('Quick', { I: 2, A: 1 }), ability('haste', { kind: 'modify', modify: { I: 3 } }));
      const fist = having(modelIn(R, 'Fist', { I: 2, A: 1 }, ['power-fist']), ability('haste', { kind: 'modify', modify: { I: 3 } }));
      const { events } = scripted(scenario(R, [unit('A', [[quick, 1], [fist, 1]], { charged: false })], [targets()]), [1, 1]);
      expect(stepsOf(events, 'Quick')).toEqual([5]);
      expect(stepsOf(events, 'Fist')).toEqual([1]);
      expect(lines(events).join('\n')).toContain('[I +3 haste]');
    });

    it(`${R} B1 Furious Charge is its ability: +1 S${inches ? '' : ' and +1 I'} in the phase its unit charged, nothing when charged`, () => {
      const berserk = model('Berserk', { S: 3, I: 3, A: 1 }, [], ['furious-charge']);
      const { events } = scripted(scenario(R, [unit('A', [[berserk, 1]], { charged: true })], [targets()]), [4, 4, 4, 4]);
      expect(stepsOf(events, 'Berserk')).toEqual([inches ? 3 : 4]);
      expect(eventsOf(events, 'wounds').map((w) => w.strength)).toEqual([4]);
      // as the charged unit it strikes as its profile says
      const waiting = model('Berserk', { S: 3, I: 3, A: 1 }, [], ['furious-charge', 'fearless']);
      const r = scripted(scenario(R, [unit('A', [[model('Charger', { WS: 0, I: 1, A: 0 }), 1]], { charged: true })], [unit('D', [[waiting, 1]])]), [4, 4]);
      expect(stepsOf(r.events, 'Berserk')).toEqual([3]);
      expect(eventsOf(r.events, 'wounds').map((w) => w.strength)).toEqual([3]);
    });

    it(`${R} B1 modify Ld: the unit tests on the highest Leadership as modified; the sweep keeps the profile's Initiative`, () => {
      const a = having(model('Quick', { WS: 4, S: 4, I: 1, A: 1 }), ability('haste', { kind: 'modify', modify: { I: 5 } }));
      const steady = having(model('Steady', { WS: 4, T: 4, I: 1, A: 0, Ld: 6 }), ability('steady', { kind: 'modify', modify: { Ld: 3 } }));
      // 1 blow: 4 to hit, 4 to wound; Morale on Ld 9 (fightphase, waffle: less 1): 4 4 passes
      const held = scripted(scenario(R, [unit('A', [[a, 1]], { charged: false })], [unit('D', [[steady, 3]])]), [4, 4, 4, 4]);
      expect(eventsOf(held.events, 'morale').map((m) => [m.ld, m.penalty, m.passed])).toEqual([[9, inches ? 1 : 0, true]]);
      // Ld 2 fails 6 6; the sweep's D6 + Initiative (srd4, fightphase, waffle) adds the profile's 1, not 6
      const weak = model('Weak', { WS: 4, T: 4, I: 1, A: 0, Ld: 2 });
      const broke = scripted(scenario(R, [unit('A', [[a, 1]], { charged: false })], [unit('D', [[weak, 3]])]), [4, 4, 6, 6, ...Array<number>(12).fill(3)], { allowLeftover: true });
      const b = eventsOf(broke.events, 'breakoff')[0]!;
      if (R !== 'revised4') expect(b.winnerBonus).toBe(1);
      expect(stepsOf(broke.events, 'Quick')).toEqual([6]);
    });

    it(`${R} B9 strikeAt replaces the Initiative worked out; a power fist still decides; several: the highest`, () => {
      const masked = having(model('Masked', { I: 2, A: 1 }), ability('mask', { kind: 'strikeAt', n: 7, when: 'firstRound' }), ability('mask2', { kind: 'strikeAt', n: 5 }));
      const fist = having(modelIn(R, 'Fist', { I: 2, A: 1 }, ['power-fist']), ability('mask', { kind: 'strikeAt', n: 7 }));
      const slowed = having(model('Slowed', { I: 2, A: 1 }), ability('dull', { kind: 'modify', modify: { I: 5 } }), ability('mask', { kind: 'strikeAt', n: 3 }));
      const { events } = scripted(scenario(R, [unit('A', [[masked, 1], [fist, 1], [slowed, 1]], { charged: false })], [targets()], 2), [1, 1, 1, 1, 1, 1]);
      // the first phase at 7, the next at 5 (its firstRound effect gone); modify of I replaced
      expect(stepsOf(events, 'Masked')).toEqual([7, 5]);
      expect(stepsOf(events, 'Fist')).toEqual([1, 1]);
      expect(stepsOf(events, 'Slowed')).toEqual([3, 3]);
    });

    it(`${R} B9 strikeAt replaces ${inches ? 'nothing of the step 1 of a charge through difficult terrain' : 'the 10 of charged models in cover'}`, () => {
      const m = having(model('Masked', { I: 2, A: 1 }), ability('mask', { kind: 'strikeAt', n: 6 }));
      if (inches) {
        const { events } = scripted(scenario(R, [unit('A', [[m, 1]], { charged: true, difficultTerrain: true })], [targets()]), [1, 1]);
        expect(stepsOf(events, 'Masked')).toEqual([1]);
      } else {
        const d = having(model('Masked', { I: 2, A: 1 }, [], ['fearless']), ability('mask', { kind: 'strikeAt', n: 6 }));
        const { events } = scripted(scenario(R, [unit('A', [[model('Charger', { WS: 0, I: 1, A: 0 }), 1]], { charged: true })], [unit('D', [[d, 1]], { inCover: true })]), [1]);
        expect(stepsOf(events, 'Masked')).toEqual([6]);
      }
    });

    it(`${R} B6 chargeBonus: false: no +1 attack for charging, the two-weapons one kept`, () => {
      const slow = model('Slow', { A: 1 }, ['close-combat-weapon', 'pistol'], []);
      const s = having(slow, getRuleset(R).abilities['slow-and-purposeful']!);
      const { events } = scripted(scenario(R, [unit('A', [[s, 1]], { charged: true, ...(R === 'waffle' ? { rules: ['rage'] } : {}) })], [targets()]), [1, 1]);
      const a = eventsOf(events, 'attacks')[0]!;
      expect(a.attacks).toBe(2);
      expect(why(a)).toBe('A1 +1 two weapons no charge bonus (Slow and Purposeful)');
    });

    it(`${R} B3 hitOn: 3+ where the chart says 4+ or 5+, the chart's roll where it is better; WS 0 still hits nothing`, () => {
      const pe = getRuleset(R).abilities['preferred-enemy']!;
      const hater = having(model('Hater', { WS: 2, A: 2 }), pe);
      const { events } = scripted(scenario(R, [unit('A', [[hater, 1]], { charged: false })], [targets({ WS: 5 })]), [3, 2, 1]);
      const a = eventsOf(events, 'attacks')[0]!;
      expect([a.need, a.hits, a.hitOnBy]).toEqual([3, 1, ['Preferred Enemy']]);
      expect(lines(events).join('\n')).toContain('to hit: hits on 3+ (Preferred Enemy)');
      // WS6 against WS1: srd4's and fightphase's chart give 3+ (the same), waffle's 2+ (better: kept)
      const ace = having(model('Ace', { WS: 6, A: 1 }), pe);
      const r = scripted(scenario(R, [unit('A', [[ace, 1]], { charged: false })], [targets({ WS: 1 })]), [2, 1], { allowLeftover: R !== 'waffle' });
      expect(eventsOf(r.events, 'attacks')[0]!.need).toBe(R === 'waffle' ? 2 : 3);
      const blind = having(model('Blind', { WS: 0, A: 2 }), pe);
      const z = scripted(scenario(R, [unit('A', [[blind, 1]], { charged: false })], [targets()]), []);
      expect(eventsOf(z.events, 'attacks')[0]!.need).toBe(0);
    });

    it(`${R} B3, B2 notAgainst: not against a unit more than half of whose living models have a named rule or ability`, () => {
      // (a monstrous creature fights apart in revised4: an ability of its own names them here)
      const daemonic = ability('daemonic', { kind: 'eternalWarrior' });
      const hater = having(model('Hater', { WS: 2, A: 1 }), ability('hate', { kind: 'hitOn', n: 3, notAgainst: ['daemonic', 'terminator'] }));
      const big = having(model('Big', { WS: 5, T: 4, I: 1, A: 0 }, [], ['fearless']), daemonic);
      const small = model('Small', { WS: 5, T: 4, I: 1, A: 0 }, [], ['fearless']);
      const most = scripted(scenario(R, [unit('A', [[hater, 1]], { charged: false })], [unit('D', [[big, 2], [small, 1]])]), [1]);
      expect(eventsOf(most.events, 'attacks')[0]!.need).toBe(5);
      // exactly half is not more than half
      const half = scripted(scenario(R, [unit('A', [[hater, 1]], { charged: false })], [unit('D', [[big, 1], [small, 1]])]), [1]);
      expect(eventsOf(half.events, 'attacks')[0]!.need).toBe(3);
      const again = having(model('Again', { WS: 4, A: 1 }), ability('zeal', { kind: 'reroll', roll: 'hit', results: 'failed', notAgainst: ['daemonic'] }));
      const no = scripted(scenario(R, [unit('A', [[again, 1]], { charged: false })], [unit('D', [[big, 2], [small, 1]])]), [1]);
      expect(eventsOf(no.events, 'attacks')[0]!.hits).toBe(0);
      // a special rule of the unit counts for each of its models
      const armoured = scripted(scenario(R, [unit('A', [[hater, 1]], { charged: false })], [unit('D', [[small, 3]], { rules: ['terminator'] })]), [1]);
      expect(eventsOf(armoured.events, 'attacks')[0]!.need).toBe(5);
    });

    it(`${R} B2 re-roll failed hits: each failure once more, the new roll stands; a re-rolled 6 rends`, () => {
      const litanies = getRuleset(R).abilities['litanies-of-hate']!;
      const rend = having(modelIn(R, 'Rend', { WS: 4, A: 2 }, ['rending'].filter((w) => getRuleset(R).armoury[w])), litanies);
      const rends = rend.wargear.some((w) => w.rending);
      // to hit 1 3 5: the 1 and the 3 again: 6 2 -> hits 5 and 6; to wound the hit that did not rend: 4
      const dice = rends ? [1, 3, 5, 6, 2, 4] : [1, 3, 5, 6, 2, 4, 4];
      const { events } = scripted(scenario(R, [unit('A', [[rend, 1]], { charged: true })], [targets()]), dice);
      const a = eventsOf(events, 'attacks')[0]!;
      expect([a.hits, a.rending, a.hitRerolls]).toEqual([2, rends ? 1 : 0, [6, 2]]);
      expect(lines(events).join('\n')).toContain('re-rolled (Litanies of Hate): 1 3 -> 6 2');
      // when: charging: nothing re-rolled when its unit did not charge
      const still = scripted(scenario(R, [unit('A', [[rend, 1]], { charged: false })], [targets()]), [1, 5, 4]);
      expect(eventsOf(still.events, 'attacks')[0]!.hits).toBe(1);
    });

    it(`${R} B2 re-roll 1s to hit and to wound: only the 1s; a weapon's re-roll and an ability's re-roll a die once`, () => {
      const ones = having(model('Ones', { WS: 4, A: 3 }), ability('drill', { kind: 'reroll', roll: 'hit', results: 'ones' }, { kind: 'reroll', roll: 'wound', results: 'ones' }));
      // to hit 1 3 5: the 1 again: 4 -> 2 hits; to wound 1 2: the 1 again: 5 -> 1 wound
      const { events } = scripted(scenario(R, [unit('A', [[ones, 1]], { charged: false })], [targets()]), [1, 3, 5, 4, 1, 2, 5]);
      const w = eventsOf(events, 'wounds')[0]!;
      expect([eventsOf(events, 'attacks')[0]!.hits, w.rerolls, w.wounds]).toEqual([2, [5], 1]);
      expect(lines(events).join('\n')).toContain('re-rolled (drill): 1 -> 5');
      const both = having(modelIn(R, 'Claw', { WS: 4, A: 2 }, ['lightning-claw']), ability('drill', { kind: 'reroll', roll: 'wound', results: 'ones' }));
      // to hit 4 4; to wound 1 2: both failures again (the weapon's), once: 1 3 -> 0 wounds
      const r = scripted(scenario(R, [unit('A', [[both, 1]], { charged: false })], [targets()]), [4, 4, 1, 2, 1, 3]);
      expect(eventsOf(r.events, 'wounds')[0]!.rerolls).toEqual([1, 3]);
    });

    it(`${R} B2 automatic hits and hits none can score are not re-rolled`, () => {
      const litanies = having(model('Zealot', { WS: 10, A: 2 }), ability('zeal', { kind: 'reroll', roll: 'hit', results: 'failed' }));
      // waffle's WS10 against WS1 is A: no die to hit; elsewhere 3+: 1 1 again
      const dice = R === 'waffle' ? [6, 6] : [1, 1, 3, 3, 6, 6];
      const { events } = scripted(scenario(R, [unit('A', [[litanies, 1]], { charged: false })], [targets({ WS: 1 })]), dice);
      expect(eventsOf(events, 'attacks')[0]!.hits).toBe(2);
      const blind = having(model('Blind', { WS: 0, A: 2 }), ability('zeal', { kind: 'reroll', roll: 'hit', results: 'failed' }));
      const z = scripted(scenario(R, [unit('A', [[blind, 1]], { charged: false })], [targets()]), []);
      expect(eventsOf(z.events, 'attacks')[0]!.rolls).toEqual([]);
    });
  });
}

describe('waffle: sweeping-advance hits count as charging (abilities.md A3, ruling 10)', () => {
  it('waffle a charging modify S and a charging re-roll of wounds act on the sweep hits of a phase it did not charge in', () => {
    const fury = ability('fury', { kind: 'modify', modify: { S: 1 }, when: 'charging' }, { kind: 'reroll', roll: 'wound', results: 'failed', when: 'charging' });
    const boy = having(model('Boy', { WS: 4, S: 3, I: 5, A: 1, Ld: 7 }), fury);
    const guard = model('Guard', { WS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 2 });
    // phase 1, defender's turn (the attacker did not charge): 1 blow 4 hits, 4 wounds S3 vs T3 ... then Morale 6 6 fails,
    // sweep D6+I each: 1 against 6 caught; one hit: S4 vs T3 3+: 1, re-rolled 3
    const { events } = scripted(scenario('waffle', [unit('A', [[boy, 1]], { charged: false })], [unit('G', [[guard, 3]])]), [4, 4, 6, 6, 1, 6, 1, 3], { allowLeftover: true });
    const sweep = eventsOf(events, 'sweepHits')[0]!;
    expect([sweep.strength, sweep.rolls, sweep.rerolls, sweep.wounds]).toEqual([4, [1], [3], 1]);
    expect(lines(events).join('\n')).toContain('S4 (+1 fury) vs T3');
  });
});
