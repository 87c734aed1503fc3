// The fight log of abilities (../shared/rules/abilities.md B13) says what they did and nothing
// they did not: a modifier a profile value of 0 (or a weapon's or the terrain's Initiative)
// cancels is not shown as acting; the re-rolls of sweeping-advance hits are not counted as dice.
import { describe, expect, it } from 'vitest';
import type { FightEvent } from '../src/engine/events.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { ability, eventsOf, having, model, scenario, scripted, unit } from './helpers.js';

const lines = (events: FightEvent[]) => events.flatMap((e) => renderEvent(e, painter(false)));

/** Fearless targets that strike back with nothing. */
const targets = () => unit('D', [[model('Target', { WS: 4, T: 4, I: 1, A: 0 }, [], ['fearless']), 5]]);

for (const R of ['srd4', 'revised4', 'fightphase', 'waffle'] as const) {
  describe(`${R} a modifier that changed nothing is not shown (B1, ruling 13)`, () => {
    it(`${R} A 0 with +2 A on the charge: 1 attack, [A0 +1 charge]; S 0 with +9 S: S0, cannot wound`, () => {
      const zero = having(model('Zero', { WS: 4, S: 0, A: 0, I: 4 }), ability('more', { kind: 'modify', modify: { A: 2, S: 9 } }));
      // its one attack (the charge's): a 6 hits, and S 0 wounds nothing
      const { events } = scripted(scenario(R, [unit('A', [[zero, 1]], { charged: true })], [targets()]), [6], { allowLeftover: true });
      const a = eventsOf(events, 'attacks')[0]!;
      expect([a.attacks, a.mods]).toEqual([1, undefined]);
      const text = lines(events).join('\n');
      expect(text).toContain('1 x Zero (A) -> D: 1 attack [A0 +1 charge]');
      expect(text).toContain('to wound S0 vs T4: cannot wound');
      expect(text).not.toContain('more');
    });

    it(`${R} a modifier that did change the value is shown: A1 +2, S4 +1`, () => {
      const more = having(model('More', { WS: 4, S: 4, A: 1, I: 4 }), ability('more', { kind: 'modify', modify: { A: 2, S: 1 } }));
      const { events } = scripted(scenario(R, [unit('A', [[more, 1]], { charged: false })], [targets()]), [6, 1, 1, 6], { allowLeftover: true });
      const text = lines(events).join('\n');
      expect(text).toContain('3 attacks [A1 +2 more]');
      expect(text).toContain('S5 (+1 more) vs T4');
    });

    it(`${R} strikeAt through difficult terrain on the charge: ${R === 'fightphase' || R === 'waffle' ? 'the terrain decided step 1, and the log says so' : 'strikeAt decides (difficult terrain only slows the charge)'}`, () => {
      const slow = having(model('Slow', { WS: 4, S: 4, A: 1, I: 3 }), ability('st2', { kind: 'strikeAt', n: 2 }));
      const { events } = scripted(scenario(R, [unit('A', [[slow, 1]], { charged: true, difficultTerrain: true })], [targets()]), [1, 1], { allowLeftover: true });
      const steps = eventsOf(events, 'step').map((e) => e.initiative);
      const text = lines(events).join('\n');
      if (R === 'fightphase' || R === 'waffle') {
        expect(steps[0]).toBe(1);
        expect(eventsOf(events, 'attacks')[0]!.terrain).toBe(true);
        expect(text).toContain('[strikes at I1: charged through difficult terrain, not I2 (st2)]');
      } else {
        expect(steps[0]).toBe(2);
        expect(eventsOf(events, 'attacks')[0]!.terrain).toBeUndefined();
        expect(text).toContain('[strikes at I2 (st2)]');
      }
    });
  });
}

describe('waffle sweeping-advance hits with re-rolled wounds: the tally counts the dice, not the re-roll text (B13)', () => {
  it('8 dice and 2 re-rolls wrapped: `8 dice: 8 wounds`, the re-rolls on a line of their own', () => {
    const e: FightEvent = {
      type: 'sweepHits', side: 'defender', unit: 'Winners', model: 'S8', hits: 8, target: 'Savers', targetModel: 'Guy', weapon: null,
      strength: 8, toughness: 3, need: 2, rolls: [2, 1, 1, 5, 4, 6, 2, 6], rerolls: [2, 3], wounds: 8, rerollBy: ['RRWC'], rerollOnes: false,
    };
    const out = renderEvent(e, painter(false), 40);
    expect(out[1]).toBe('    to wound S8 vs T3: 2+  8 dice: 8 wounds');
    expect(out.slice(2).join(' ')).toContain('re-rolled (RRWC): 1 1 -> 2 3');
  });
});
