// The close combat armoury of fightphase and waffle (ruling 3: AP values). 001 names Strength
// bonuses, AP and Unwieldy but lists no weapons, so the profiles come from the 7th-edition
// rulebook's Melee Weapons appendix, the AP-based game 001 paraphrases (S, AP, special rules):
//   close combat weapon, chainsword   User  -   (a pistol counts as a close combat weapon)
//   power weapon (a power sword)      User  3
//   power fist                        x2    2   Unwieldy
//   power claw (the Ork power klaw)   x2    2   Unwieldy
//   lightning claw                    User  3   Shred (failed wounds re-rolled)
//   thunder hammer                    x2    2   Unwieldy
//   chainfist                         x2    2   Unwieldy
//   force weapon (a force sword)      User  3   Force
//   poisoned weapon                   -     -   wounds on 4+ (Poisoned (4+)); lethal: 2+
// Unwieldy: strikes at Initiative step 1. The appendix's other rules are left out: 001 gives +1
// Attack for any two single-handed weapons (so not Specialist Weapon's pairing), and Concussive
// and Armourbane act on what a close combat calculator does not model. From 000,
// which 001 does not replace: the heavy close combat weapon (no armour save better than 4+; the
// choppa is one, as in the shipped Ork roster), rending (a to-hit 6 wounds automatically with no
// armour save), force weapons' Psychic test, and the grenades: frag and plasma grenades let
// chargers through difficult terrain strike at their own Initiative (assault grenades); photon
// grenades cancel the chargers' bonus attack (002).
import { weapon, type Weapon } from '../../model.js';
import { GUNS } from '../guns.js';

const list: Weapon[] = [
  weapon('close-combat-weapon', 'Close combat weapon', { singleHanded: true }),
  weapon('chainsword', 'Chainsword', { singleHanded: true }),
  weapon('pistol', 'Pistol', { singleHanded: true }),
  weapon('power-weapon', 'Power weapon', { ap: 3, singleHanded: true }),
  weapon('power-fist', 'Power fist', { strength: { kind: 'times', factor: 2 }, ap: 2, initiative: 1, singleHanded: true }),
  weapon('power-claw', 'Power claw', { strength: { kind: 'times', factor: 2 }, ap: 2, initiative: 1, singleHanded: true }),
  weapon('lightning-claw', 'Lightning claw', { ap: 3, rerollFailedWounds: true, singleHanded: true }),
  weapon('thunder-hammer', 'Thunder hammer', { strength: { kind: 'times', factor: 2 }, ap: 2, initiative: 1, singleHanded: true }),
  weapon('chainfist', 'Chainfist', { strength: { kind: 'times', factor: 2 }, ap: 2, initiative: 1, singleHanded: true }),
  weapon('force-weapon', 'Force weapon', { ap: 3, force: true, singleHanded: true }),
  weapon('poisoned', 'Poisoned weapon', { woundOn: 4, singleHanded: true }),
  weapon('poisoned-2', 'Lethal poisoned weapon', { woundOn: 2, singleHanded: true }),
  weapon('heavy-close-combat-weapon', 'Heavy close combat weapon', { maxSave: 4, singleHanded: true }),
  weapon('choppa', 'Choppa', { maxSave: 4, singleHanded: true }),
  weapon('rending', 'Rending weapon', { rending: true }),
  weapon('frag-grenades', 'Frag grenades', { grenade: 'frag' }),
  weapon('plasma-grenades', 'Plasma grenades', { grenade: 'plasma' }),
  weapon('photon-grenades', 'Photon grenades', { grenade: 'photon' }),
];

export const ARMOURY_AP: Readonly<Record<string, Weapon>> = Object.freeze(
  Object.fromEntries([...list, ...GUNS].map((w) => [w.key, w])),
);
