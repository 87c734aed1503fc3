// When an invulnerable save may be taken, in every edition. srd4 (002, Invulnerable Saves): only
// "if AP negates their normal Sv", or where the model has no armour save at all; revised4 (000:
// a model "may only elect to use its invulnerable save"), fightphase (001: "if it is the best
// save available") and waffle: the better of the two. Scripted dice; the saves event says which
// roll was needed and which save it was. The kernel does the same (tested run by run in
// kernel.test.ts against these steps, on generated profiles with invulnerable saves).
import { describe, expect, it } from 'vitest';
import { eventsOf, modelIn, scenario, scripted, unit } from './helpers.js';

/** per edition: what a model of armour 5+ and invulnerable 4+ saves a plain hit on */
const EDITIONS = {
  srd4: { plain: { need: 5, save: 'armour' } },
  revised4: { plain: { need: 4, save: 'invulnerable' } },
  fightphase: { plain: { need: 4, save: 'invulnerable' } },
  waffle: { plain: { need: 4, save: 'invulnerable' } },
};

describe.each(Object.entries(EDITIONS))('%s: which save against a hit', (R, e) => {
  const m = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[] = []) => modelIn(R, name, p, wargear);
  const target = (sv: number | null) => unit('Targets', [[m('Target', { WS: 4, T: 4, I: 1, A: 0, Sv: sv, Inv: 4 }), 1]]);
  /** one hit (4), one wound (4), the save (6): saved, a draw with no more dice */
  const saveOf = (attacker: ReturnType<typeof m>, sv: number | null) => {
    const { events } = scripted(scenario(R, [unit('Strikers', [[attacker, 1]])], [target(sv)]), [4, 4, 6]);
    const g = eventsOf(events, 'saves')[0]!.groups[0]!;
    return { need: g.need, save: g.save };
  };
  it(`${R} armour 5+ and invulnerable 4+ against a plain hit: ${e.plain.save} on ${e.plain.need}+`, () => {
    expect(saveOf(m('Striker', { WS: 4, S: 4, I: 4, A: 1 }), 5)).toEqual(e.plain);
  });
  it(`${R} against a power weapon, which leaves no armour save: invulnerable on 4+`, () => {
    expect(saveOf(m('Striker', { WS: 4, S: 4, I: 4, A: 1 }, ['power-weapon']), 5)).toEqual({ need: 4, save: 'invulnerable' });
  });
  it(`${R} no armour save at all: invulnerable on 4+ against a plain hit`, () => {
    expect(saveOf(m('Striker', { WS: 4, S: 4, I: 4, A: 1 }), null)).toEqual({ need: 4, save: 'invulnerable' });
  });
  it(`${R} armour 3+ better than the invulnerable 4+: armour on 3+`, () => {
    expect(saveOf(m('Striker', { WS: 4, S: 4, I: 4, A: 1 }), 3)).toEqual({ need: 3, save: 'armour' });
  });
});
