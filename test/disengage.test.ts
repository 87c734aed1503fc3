// Sides that come apart (rules ruling 23), in every edition that stands its models on a line
// (fightphase, waffle): after a phase whose Initiative steps were lost, the result, Morale and
// sweeping advance are worked out as usual; then the units both sides' 3" pile-ins cannot bring
// back into base contact consolidate and leave, and a combat left with no unit on one side ends
// `disengaged`, with no winner. Scripted dice; `exact` for the figures.
import { describe, expect, it } from 'vitest';
import { exact } from '../src/exact/exact.js';
import { eventsOf, modelIn, placed, scenario, scripted } from './helpers.js';

describe.each(['fightphase', 'waffle'])('%s: sides that come apart (rules ruling 23)', (R) => {
  const m = (name: string, p: Parameters<typeof modelIn>[2]) => modelIn(R, name, p, [], []);
  const marine = m('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8 });

  it('a combat that starts more than 6" apart: no blow, a drawn result, both sides consolidate and leave: disengaged, no winner', () => {
    const far = placed('Far', [[marine, 3, 7]]);
    const rocks = placed('Rocks', [[m('Rock', { I: 1, A: 1, Ld: 10 }), 2, 7]]);
    const { events, outcome } = scripted(scenario(R, [far], [rocks], 'resolve'), []);
    expect(eventsOf(events, 'apart')).toHaveLength(1);
    expect(eventsOf(events, 'disengage')).toEqual([
      { type: 'disengage', side: 'attacker', unit: 'Far', closest: 7 },
      { type: 'disengage', side: 'defender', unit: 'Rocks', closest: 7 },
    ]);
    expect(outcome).toMatchObject({ end: 'disengaged', winner: null, phases: 1, firstResult: 'draw' });
    expect(outcome.units.map((u) => u.fate)).toEqual(['disengaged', 'disengaged']);
    expect(eventsOf(events, 'end')[0]).toMatchObject({ end: 'disengaged', winner: null });
  });

  // The Squad's Marine kills the Mob's front man at step 4; the Mob's rear stands 8" back, so the gap
  // opens to 8" and step 1 is lost. The Squad won the result 1-0.
  const squad = () => placed('Squad', [[marine, 1, 0]]);
  const mob = () => placed('Mob', [[m('Front', { WS: 4, S: 3, T: 3, I: 1, A: 1, Ld: 7 }), 1, 0], [m('Back', { WS: 4, S: 3, T: 3, I: 1, A: 1, Ld: 7 }), 3, 8]]);
  // to hit 6, to wound 6 (S4 v T3: 3+), no save
  const kill = [6, 6];

  it('the gap opens past 6" mid-phase; the loser passes its Morale check (Ld 7 - 1, 1+1): both sides leave, disengaged, no winner', () => {
    const { events, outcome } = scripted(scenario(R, [squad()], [mob()], 'resolve'), [...kill, 1, 1]);
    expect(eventsOf(events, 'gap')).toEqual([{ type: 'gap', side: 'defender', gap: 8 }]);
    expect(eventsOf(events, 'apart')).toHaveLength(1);
    expect(eventsOf(events, 'result')[0]).toMatchObject({ winner: 'attacker', attacker: 1, defender: 0 });
    expect(eventsOf(events, 'disengage').map((e) => [e.unit, e.closest])).toEqual([['Squad', 8], ['Mob', 8]]);
    expect(outcome).toMatchObject({ end: 'disengaged', winner: null, phases: 1, firstResult: 'attacker' });
  });

  it('the loser fails its Morale check (6+6): it falls back as ever, and the fight ends as its fall back says, won by the winner', () => {
    const { events, outcome } = scripted(scenario(R, [squad()], [mob()], 'resolve'), [...kill, 6, 6, ...Array<number>(20).fill(1)], { allowLeftover: true });
    expect(eventsOf(events, 'disengage')).toEqual([]);
    expect(outcome.winner).toBe('attacker');
    expect(['fellBack', 'swept']).toContain(outcome.end);
  });

  it('steps not lost: the combat goes on next phase, every model engaged, as before', () => {
    const near = placed('Near', [[marine, 1, 6]]);
    const rocks = placed('Rocks', [[m('Rock', { WS: 4, T: 8, I: 1, A: 0, Ld: 10 }), 1, 6]]);
    // the Marine piles in 3" to 3" at step 4: not engaged, no blow; the Rock piles in at step 1: engaged, no attacks
    const { events, outcome } = scripted(scenario(R, [near], [rocks], 1), []);
    expect(eventsOf(events, 'apart')).toEqual([]);
    expect(eventsOf(events, 'disengage')).toEqual([]);
    expect(outcome).toMatchObject({ end: 'locked', winner: null });
  });

  it('exact: one phase ends disengaged as often as the Front dies at step 4 (4+ to hit, 3+ to wound: 1/3) and the Mob passes at Ld 6 (15/36)', () => {
    const r = exact(scenario(R, [squad()], [mob()], 1));
    expect(r.final.end.disengaged).toBeCloseTo((1 / 3) * (15 / 36), 12);
    expect(r.final.winner.none).toBeGreaterThanOrEqual(r.final.end.disengaged - 1e-12);
  });
});
