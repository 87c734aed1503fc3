// Who dies, for both editions: a save that only one model makes (a character's invulnerable
// save) kills that model when it fails; models that save alike are the owner's choice (ruling 8);
// a force weapon's Psychic test is taken only when a model it wounded is left to slay (000).
import { describe, expect, it } from 'vitest';
import { eventsOf, living, model, scenario, scripted, unit } from './helpers.js';

describe.each(['srd4', 'revised4'])('%s casualties', (R) => {
  // a power weapon: no armour save, so each model takes its invulnerable save (srd4 allows no other use)
  const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 3 }, ['power-weapon']), 1]]);
  // Troopers save on their 5+ invulnerable save, the Hero on his 4+; all in one armour group
  const squad = () => unit('Squad', [[model('Hero', { Sv: 5, Inv: 4, I: 1, A: 0 }, [], ['character']), 1], [model('Trooper', { Sv: 5, Inv: 5, I: 1, A: 0 }), 2]]);
  const alive = (state: ReturnType<typeof scripted>['state']) => living(state.units[1]!);
  it(`${R} the Hero fails his invulnerable save: the Hero dies, not a Trooper`, () => {
    // three hits, three wounds; saves in sets: Trooper 6, Trooper 6, Hero 1
    const { state } = scripted(scenario(R, [striker], [squad()]), [4, 4, 4, 4, 4, 4, 6, 6, 1, 1, 1]); // then Morale holds
    expect(alive(state)).toEqual(['Trooper', 'Trooper']);
  });
  it(`${R} a Trooper fails: the owner removes a Trooper, the Hero lives`, () => {
    const { state } = scripted(scenario(R, [striker], [squad()]), [4, 4, 4, 4, 4, 4, 6, 1, 6, 1, 1]);
    expect(alive(state)).toEqual(['Trooper', 'Hero']);
  });
  it(`${R} a force weapon that kills every model it wounds takes no Psychic test`, () => {
    const librarian = unit('Librarian', [[model('Librarian', { WS: 5, S: 4, I: 5, A: 1, Ld: 10 }, ['force-weapon'], ['psyker']), 1]]);
    // hit 4, wound 4: the one-wound target dies; no dice for a Psychic test; Morale holds (1+1)
    const { events } = scripted(scenario(R, [librarian], [unit('D', [[model('D', { I: 1, A: 0 }), 2]])]), [4, 4, 1, 1]);
    expect(eventsOf(events, 'psychic')).toHaveLength(0);
  });
  it(`${R} a force weapon that leaves a wounded model alive takes the test and slays it`, () => {
    const librarian = unit('Librarian', [[model('Librarian', { WS: 5, S: 4, I: 5, A: 1, Ld: 10 }, ['force-weapon'], ['psyker']), 1]]);
    const { events, state } = scripted(scenario(R, [librarian], [unit('D', [[model('D', { W: 3, I: 1, A: 0 }), 1]])]), [4, 4, 3, 3]);
    expect(eventsOf(events, 'psychic')[0]).toMatchObject({ passed: true, slain: 'D' });
    expect(state.units[1]!.aliveCount()).toBe(0);
  });
});
