// The 4th-edition armoury: the special close combat attacks of document 000 ("Special close
// combat attacks"), which srd4 takes too (ruling 2), plus photon grenades from 002.
import { weapon, type Weapon } from '../../model.js';
import { GUNS } from '../guns.js';

const list: Weapon[] = [
  // chainswords, swords, axes, pistols: no bonus, but one in each hand gives +1 Attack
  weapon('close-combat-weapon', 'Close combat weapon', { singleHanded: true }),
  weapon('pistol', 'Pistol', { singleHanded: true }),
  weapon('power-weapon', 'Power weapon', { ignoresArmour: true, singleHanded: true }),
  // doubles basic Strength (max 10), ignores armour, always strikes at Initiative 1
  weapon('power-fist', 'Power fist', { strength: { kind: 'times', factor: 2 }, ignoresArmour: true, initiative: 1, singleHanded: true }),
  weapon('power-claw', 'Power claw', { strength: { kind: 'times', factor: 2 }, ignoresArmour: true, initiative: 1, singleHanded: true }),
  // ignore armour, re-roll failed wounds; only another lightning claw gives the extra attack
  weapon('lightning-claw', 'Lightning claw', { ignoresArmour: true, rerollFailedWounds: true, singleHanded: true, pairsOnlyWith: 'lightning-claw' }),
  weapon('poisoned', 'Poisoned weapon', { woundOn: 4, singleHanded: true }),
  weapon('poisoned-2', 'Lethal poisoned weapon', { woundOn: 2, singleHanded: true }),
  // no armour save better than 4+ against it
  weapon('heavy-close-combat-weapon', 'Heavy close combat weapon', { maxSave: 4, singleHanded: true }),
  // a to-hit roll of 6 wounds automatically, no armour save (natural weapons: no extra hand)
  weapon('rending', 'Rending weapon', { rending: true }),
  // a power weapon that can slay a wounded model outright on a passed Psychic test
  weapon('force-weapon', 'Force weapon', { ignoresArmour: true, force: true, singleHanded: true }),
  weapon('frag-grenades', 'Frag grenades', { grenade: 'frag' }),
  weapon('plasma-grenades', 'Plasma grenades', { grenade: 'plasma' }),
  weapon('photon-grenades', 'Photon grenades', { grenade: 'photon' }),
  // against vehicles (vehicles.md V6, V7): one grenade attack in place of all attacks
  weapon('krak-grenades', 'Krak grenades', { grenade: 'krak', strength: { kind: 'fixed', n: 6 } }),
  weapon('melta-bombs', 'Melta bombs', { grenade: 'melta', strength: { kind: 'fixed', n: 8 }, penetration: 2 }),
  // a power fist that rolls 2D6 for armour penetration (Codex Space Marines 2004)
  weapon('chainfist', 'Chainfist', { strength: { kind: 'times', factor: 2 }, ignoresArmour: true, initiative: 1, singleHanded: true, penetration: 2 }),
  // a walker's weapon: doubles its Strength (max 10), no armour save, at the walker's own Initiative (V9)
  weapon('dreadnought-close-combat-weapon', 'Dreadnought close combat weapon', { strength: { kind: 'times', factor: 2 }, ignoresArmour: true }),
];

export const ARMOURY_4TH: Readonly<Record<string, Weapon>> = Object.freeze(
  Object.fromEntries([...list, ...GUNS].map((w) => [w.key, w])),
);
