// The ranged weapons the shipped units carry (waffle: Overwatch and Fiery Charge), in every
// armoury so that one roster works under every ruleset; in close combat a pistol is a plain
// single-handed weapon and any other gun does nothing. Range, type, shots, Strength and AP as
// the codexes the rosters follow print them (Space Marines 2004, Imperial Guard 2003, Orks 2008,
// Eldar 2006, Dark Eldar 2010, Tyranids 2005, Chaos Space Marines 2007):
//   boltgun 24" S4 AP5 Rapid Fire; bolt pistol 12" S4 AP5 Pistol; storm bolter 24" S4 AP5 Assault 2;
//   lasgun 24" S3 AP- Rapid Fire; laspistol 12" S3 AP- Pistol;
//   shoota 18" S4 AP6 Assault 2; slugga 12" S4 AP6 Pistol; grot blasta 12" S3 AP- Assault 1;
//   shuriken catapult 12" S4 AP5 Assault 2; shuriken pistol 12" S4 AP5 Pistol;
//   splinter rifle 24" poisoned (4+) AP5 Rapid Fire; splinter pistol 12" poisoned (4+) AP5 Pistol;
//   fleshborer 12" S4 AP5 Assault 1.
import { gun, type Weapon } from '../model.js';

export const GUNS: readonly Weapon[] = [
  gun('boltgun', 'Boltgun', { range: 24, type: 'rapid-fire', shots: 1, strength: 4, ap: 5 }),
  gun('bolt-pistol', 'Bolt pistol', { range: 12, type: 'pistol', shots: 1, strength: 4, ap: 5 }),
  gun('storm-bolter', 'Storm bolter', { range: 24, type: 'assault', shots: 2, strength: 4, ap: 5 }),
  gun('lasgun', 'Lasgun', { range: 24, type: 'rapid-fire', shots: 1, strength: 3, ap: null }),
  gun('laspistol', 'Laspistol', { range: 12, type: 'pistol', shots: 1, strength: 3, ap: null }),
  gun('shoota', 'Shoota', { range: 18, type: 'assault', shots: 2, strength: 4, ap: 6 }),
  gun('slugga', 'Slugga', { range: 12, type: 'pistol', shots: 1, strength: 4, ap: 6 }),
  gun('grot-blasta', 'Grot blasta', { range: 12, type: 'assault', shots: 1, strength: 3, ap: null }),
  gun('shuriken-catapult', 'Shuriken catapult', { range: 12, type: 'assault', shots: 2, strength: 4, ap: 5 }),
  gun('shuriken-pistol', 'Shuriken pistol', { range: 12, type: 'pistol', shots: 1, strength: 4, ap: 5 }),
  gun('splinter-rifle', 'Splinter rifle', { range: 24, type: 'rapid-fire', shots: 1, strength: 1, ap: 5, woundOn: 4 }),
  gun('splinter-pistol', 'Splinter pistol', { range: 12, type: 'pistol', shots: 1, strength: 1, ap: 5, woundOn: 4 }),
  gun('fleshborer', 'Fleshborer', { range: 12, type: 'assault', shots: 1, strength: 4, ap: 5 }),
];
