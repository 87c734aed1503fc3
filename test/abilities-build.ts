// Builders for the tests of abilities on saves and wounds (abilities.md B2, B4, B5): abilities
// written in code, a striker, its targets, and what the tests read of a fight's events.
import type { Ability, Effect } from '../src/abilities.js';
import type { FightEvent } from '../src/engine/events.js';
import type { ModelSpec } from '../src/model.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { eventsOf, model, modelIn, unit } from './helpers.js';

export const EDITIONS = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;
/** the editions whose blows carry an AP (fightphase, waffle) rather than ignoring armour (srd4, revised4) */
export const withAp = (rules: string) => rules === 'fightphase' || rules === 'waffle';

const ability = (key: string, ...effects: Effect[]): Ability => ({ key, name: key, effects });
export const fnp = (n = 4) => ability('fnp', { kind: 'feelNoPain', n, when: 'always' });
export const rerollSaves = (results: 'failed' | 'ones' = 'failed') => ability('reroll-saves', { kind: 'reroll', roll: 'save', results, when: 'always' });
export const eternal = () => ability('eternal', { kind: 'eternalWarrior', when: 'always' });
export const tougher = (T: number) => ability('tougher', { kind: 'modify', modify: { T }, when: 'always' });
export const withAb = (spec: ModelSpec, ...abilities: Ability[]): ModelSpec => ({ ...spec, abilities });

/** one striker: WS4 (hits WS4 on 4+ in every edition), `A` attacks at I5, `wargear` from the edition's armoury */
export const striker = (rules: string, p: Parameters<typeof model>[1] = {}, wargear: string[] = []) =>
  unit('A', [[modelIn(rules, 'Hitter', { WS: 4, S: 4, A: 3, I: 5, ...p }, wargear), 1]]);
/** `n` targets that strike back with nothing */
export const targets = (spec: ModelSpec, n = 5) => unit('D', [[spec, n]]);
export const zombie = (p: Parameters<typeof model>[1] = {}, ...abilities: Ability[]) => withAb(model('Zombie', { T: 4, Sv: 4, I: 1, A: 0, ...p }), ...abilities);

export const text = (events: FightEvent[]) => events.flatMap((e) => renderEvent(e, painter(false)));
/** the first phase's saves and casualties of the defender */
export const savesOf = (events: FightEvent[]) => eventsOf(events, 'saves').filter((e) => e.side === 'defender');
export const casualtiesOf = (events: FightEvent[]) => eventsOf(events, 'casualties').filter((e) => e.side === 'defender');
/** padding for the dice the rest of the phase rolls (Morale and what follows): the tests read only the blows' */
export const PAD = Array<number>(12).fill(3);
