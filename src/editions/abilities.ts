// The special rules every 40K edition ships as abilities (../shared/rules/abilities.md A2, C):
// the ten of C by name, Fearless, and Furious Charge as each edition reads it. An edition file
// takes its base's, and may redefine any of them (io/edition.ts).
import type { Ability, Effect } from '../abilities.js';

const fx = (e: Effect): Effect => e;

/** Abilities.md C: the universal and codex rules shipped by name in every 40K edition, with their sources. */
export const SHIPPED_BY_NAME: readonly Ability[] = [
  { key: 'feel-no-pain', name: 'Feel No Pain', effects: [fx({ kind: 'feelNoPain', n: 4, when: 'always' })], source: '[BS4] USR Feel No Pain' },
  { key: 'eternal-warrior', name: 'Eternal Warrior', effects: [fx({ kind: 'eternalWarrior', when: 'always' })], source: '[BS4] (a codex rule in 4th edition)' },
  {
    key: 'preferred-enemy', name: 'Preferred Enemy',
    effects: [fx({ kind: 'hitOn', n: 3, when: 'always', notAgainst: ['independent-character', 'monstrous-creature'] })],
    source: '[BS4] USR Preferred Enemy (5th edition: re-roll misses); it acts against every foe: give it where the foe is the designated enemy',
  },
  { key: 'counter-attack', name: 'Counter-Attack', effects: [fx({ kind: 'engageAll', when: 'charged' })], source: '[R4] 010, [BS4] (5th edition: a Leadership test for +1 A)' },
  { key: 'hit-and-run', name: 'Hit & Run', effects: [fx({ kind: 'hitAndRun', when: 'always' })], source: '[BS4] USR Hit & Run (5th edition: an Initiative test)' },
  {
    key: 'stubborn', name: 'Stubborn', effects: [fx({ kind: 'fearless', models: null, when: 'always' })],
    source: '[BS4] USR Stubborn: as Fearless, but it still tests for Pinning (5th edition: ignores Leadership modifiers)',
  },
  { key: 'slow-and-purposeful', name: 'Slow and Purposeful', effects: [fx({ kind: 'chargeBonus', when: 'always' })], source: '[BS4] USR Slow and Purposeful' },
  {
    key: 'mob-rule', name: 'Mob Rule',
    effects: [fx({ kind: 'fearless', models: 11, when: 'always' }), fx({ kind: 'leadership', when: 'always' })],
    source: '[BS4] Codex: Orks (2008)',
  },
  { key: 'and-they-shall-know-no-fear', name: 'And They Shall Know No Fear', effects: [fx({ kind: 'sweepProof', when: 'always' })], source: '[R4] 010' },
  {
    key: 'litanies-of-hate', name: 'Litanies of Hate', effects: [fx({ kind: 'reroll', roll: 'hit', results: 'failed', when: 'charging' })],
    source: '[BS4] Codex: Space Marines (2004), Chaplain; it covers his squad: give it to the unit',
  },
];

/** Fearless, the same in every 40K edition: the unit passes its Morale checks. */
export const FEARLESS: Ability = { key: 'fearless', name: 'Fearless', effects: [fx({ kind: 'fearless', models: null, when: 'always' })], source: 'the seed documents (Morale)' };

/** Furious Charge as srd4 and revised4 read it: +1 Strength and +1 Initiative in the phase the unit charged. */
export const FURIOUS_CHARGE_4TH: Ability = {
  key: 'furious-charge', name: 'Furious Charge', effects: [fx({ kind: 'modify', modify: { S: 1, I: 1 }, when: 'charging' })], source: '[BS4] USR Furious Charge',
};

/** An edition's shipped abilities by key: those of C, Fearless and its Furious Charge. */
export function shippedAbilities(furiousCharge: Ability): Readonly<Record<string, Ability>> {
  const out: Record<string, Ability> = {};
  for (const a of [...SHIPPED_BY_NAME, FEARLESS, furiousCharge]) out[a.key] = a;
  return out;
}
