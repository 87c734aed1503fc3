// The data model: what a roster or scenario describes, after loading and validation.
// A combat has two sides; a side holds units; a unit holds groups of models that share a
// profile and wargear. Nothing here changes during a fight (see engine/state.ts for that).
import type { Ability } from './abilities.js';

export interface Profile {
  WS: number; BS: number; S: number; T: number; W: number; I: number; A: number; Ld: number;
  /** armour save needed (3 means 3+); null: no armour save */
  Sv: number | null;
  /** invulnerable save needed; null: none */
  Inv: number | null;
}

/** How a weapon changes its user's Strength. */
export type StrengthMod =
  | { kind: 'user' }
  | { kind: 'times'; factor: number }
  | { kind: 'plus'; n: number }
  | { kind: 'fixed'; n: number };

/** krak and melta: one attack against a vehicle in place of all a model's attacks (vehicles.md V7) */
export type GrenadeKind = 'frag' | 'plasma' | 'photon' | 'krak' | 'melta';

/** How a ranged weapon fires (shots: Assault X, Heavy X, Salvo the first number; Rapid Fire doubles within half range). */
export type ShotType = 'assault' | 'pistol' | 'rapid-fire' | 'heavy' | 'salvo';
export const SHOT_TYPES: readonly ShotType[] = ['assault', 'pistol', 'rapid-fire', 'heavy', 'salvo'];

/** A ranged weapon's profile (waffle's Overwatch and Fiery Charge), rolled with the model's BS. */
export interface Shooting {
  range: number;
  type: ShotType;
  shots: number;
  strength: number;
  ap: number | null;
  /** poisoned: wounds on this roll whatever the Toughness */
  woundOn: number | null;
}

export interface Weapon {
  key: string;
  name: string;
  strength: StrengthMod;
  ap: number | null;
  ignoresArmour: boolean;
  /** fixed Initiative the bearer strikes at (power fist: 1) */
  initiative: number | null;
  /** wounds on this roll whatever the Toughness (poisoned: 4) */
  woundOn: number | null;
  rerollFailedWounds: boolean;
  /** the best armour save allowed against it (heavy close combat weapon: 4) */
  maxSave: number | null;
  /** a to-hit roll of 6 wounds automatically with no armour save */
  rending: boolean;
  singleHanded: boolean;
  /** force weapon: a Psychic test after wounding slays one wounded model */
  force: boolean;
  grenade: GrenadeKind | null;
  /** only another weapon with this key gives the two-weapon bonus (lightning claws) */
  pairsOnlyWith: string | null;
  /** a ranged weapon: how it shoots; in close combat a pistol is a plain single-handed weapon, any other gun is nothing */
  shooting: Shooting | null;
  /** D6 rolled for armour penetration against a vehicle: 1, or 2 (chainfist, melta bombs: vehicles.md V6) */
  penetration: number;
}

/** A weapon with the given properties; the rest are those of a plain close combat weapon. */
/** A ranged weapon: its shooting profile; in close combat a pistol counts as a single-handed weapon. */
export function gun(key: string, name: string, shooting: Omit<Shooting, 'woundOn'> & { woundOn?: number | null }): Weapon {
  return weapon(key, name, { singleHanded: shooting.type === 'pistol', shooting: { ...shooting, woundOn: shooting.woundOn ?? null } });
}

export function weapon(key: string, name: string, props: Partial<Omit<Weapon, 'key' | 'name'>> = {}): Weapon {
  return {
    key, name, strength: { kind: 'user' }, ap: null, ignoresArmour: false, initiative: null,
    woundOn: null, rerollFailedWounds: false, maxSave: null, rending: false, singleHanded: false,
    force: false, grenade: null, pairsOnlyWith: null, shooting: null, penetration: 1, ...props,
  };
}

export const SPECIAL_RULES = [
  'furious-charge', 'monstrous-creature', 'independent-character', 'character',
  'terminator', 'bike', 'jump-infantry', 'psyker', 'walker', 'cavalry', 'rage', 'tank-hunters',
] as const;
export type SpecialRule = (typeof SPECIAL_RULES)[number];

/** 003, Declare Charge: what a unit did this turn that forbids it to declare a charge. */
export const CHARGE_BARS = ['ran', 'wentToGround', 'fallingBack', 'firedRapidFire', 'firedSalvo', 'firedHeavy', 'firedOrdnance', 'changedFlightMode'] as const;
export type ChargeBar = (typeof CHARGE_BARS)[number];

/** A vehicle's kind (vehicles.md V1): a walker fights; a vehicle that is not one makes no attacks. */
export type VehicleKind = 'vehicle' | 'walker';
/** Vehicle types (V1): only open-topped changes a close combat (V8). */
export const VEHICLE_TYPES = ['fast', 'tank', 'open-topped', 'skimmer'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
/** How far a vehicle moved in its last turn (V2): what its attackers need to hit it (V3). */
export const MOVED = ['stationary', 'combat', 'fast'] as const;
export type Moved = (typeof MOVED)[number];

/** What makes a model a vehicle (V1): its armour values and types; WS, S, I, A of a walker are in its profile. */
export interface VehicleSpec {
  kind: VehicleKind;
  front: number;
  side: number;
  rear: number;
  types: VehicleType[];
}

export interface ModelSpec {
  key: string;
  name: string;
  /** the 40K profile (an epic unit carries a blank one: every figure 0, W 1, no save; a vehicle's holds its BS, and a walker's WS, S, I, A: T 10, W 1, no save, Ld 10 are never read) */
  profile: Profile;
  wargear: Weapon[];
  rules: SpecialRule[];
  /** its special rules written as effects (abilities.md): its own and its unit's, resolved by the loader; unset: none */
  abilities?: readonly Ability[];
  /** an epic unit's profile and rules (rules/epic.md E1); undefined under the 40K editions */
  epic?: EpicProfile;
  /** a vehicle or walker (vehicles.md); undefined: a model of flesh */
  vehicle?: VehicleSpec;
}

/** An epic unit (a stand or vehicle): rules/epic.md E1. Speeds in cm. */
export interface EpicProfile {
  /** the ordinary Speed (the first value of a split Speed) */
  speed: number;
  /** the charge Speed: the second value of a split Speed, else the Speed (E4) */
  chargeSpeed: number;
  assault: number;
  firepower: number;
  /** 2-6; shown, not used in close combat */
  armour: number;
  psyker: boolean;
  closeSupport: boolean;
}

/** An epic detachment's state and rules (rules/epic.md E1, E11). */
export interface EpicDetachment {
  blastMarkers: number;
  broken: boolean;
  unbreakable: boolean;
  noRetreat: boolean;
}

/** The unit rules and detachment rules of epic files. */
export const EPIC_UNIT_RULES = ['psyker', 'close-support'] as const;
export const EPIC_DETACHMENT_RULES = ['unbreakable', 'no-retreat'] as const;

/** The 40K profile an epic unit carries, unused: one wound, so that a unit is counted as a model of one wound. */
export const BLANK_PROFILE: Profile = { WS: 0, BS: 0, S: 0, T: 1, W: 1, I: 0, A: 0, Ld: 0, Sv: null, Inv: null };

export interface ModelGroup {
  spec: ModelSpec;
  count: number;
  /** inches from the nearest enemy model (ruling 14; 0: base contact); undefined: as `inContact` says */
  distance?: number;
}

export interface UnitSpec {
  /** `<faction>/<unit>` when it came from a roster */
  ref: string | null;
  name: string;
  models: ModelGroup[];
  charged: boolean;
  inCover: boolean;
  /** waffle (rules ruling 26): the save its cover gives against shots (Overwatch, Fiery Charge), never against blows; undefined: none */
  coverSave?: number;
  firedThisTurn: boolean;
  /** models in base contact at the start; the rest are engaged support. null: all of them */
  inContact: number | null;
  /** model names or keys, first removed first */
  casualtyOrder: string[];
  rules: SpecialRule[];
  /** inches to the enemy when the charge is rolled (ruling 12); null: the charge connects */
  chargeDistance: number | null;
  difficultTerrain: boolean;
  /** revised4: an unengaged friend within 6" of the combat (it only takes Wipe Out! checks) */
  nearby: boolean;
  /**
   * An independent character split off to fight apart (revised4): the index, in its side's
   * units, of the unit he joined. He charges, tests Morale and falls back with it.
   */
  attachedTo?: number;
  /** what the unit costs, when the roster or scenario says (per-100-points figures in batch) */
  points?: number | null;
  /** multiple combats (ruling 17): the enemy units it is locked with, by name; undefined: every enemy unit */
  lockedWith?: string[];
  /** how models engaged with several enemy units split their attacks: evenly, or all to the first alive of these names; undefined: the unit they hurt most */
  attackSplit?: 'even' | string[];
  /** ruling 16: `fallBack` fails the Morale check on purpose when the unit cannot hurt any enemy it is locked with */
  useless?: 'fallBack' | 'fight';
  /** waffle (ruling 18): its Reaction to Charge when charged; undefined: overwatch when it has a gun, else none */
  reaction?: 'overwatch' | 'fallBack' | 'none';
  /** waffle (003, Declare Charge): what it did this turn that forbids a charge */
  thisTurn?: ChargeBar[];
  /** waffle (ruling 19): having charged, it makes a Fiery Charge (and loses the charge bonus attack) */
  fieryCharge?: boolean;
  /** the name `lockedWith` and `attackSplit` know it by, when it differs from `name` (a character split off in revised4) */
  alias?: string;
  /** an epic detachment's Blast markers, Broken state and rules (rules/epic.md E1); undefined under the 40K editions */
  epic?: EpicDetachment;
  /** a vehicle unit: how far it moved in its last turn (vehicles.md V2); undefined: stationary */
  moved?: Moved;
}

export interface SideSpec { units: UnitSpec[] }

export type SideId = 'attacker' | 'defender';
/** both sides, attacker first */
export const SIDES: readonly SideId[] = ['attacker', 'defender'];
export const other = (s: SideId): SideId => (s === 'attacker' ? 'defender' : 'attacker');

export interface Scenario {
  name: string;
  rules: string;
  /** assault phases to fight; 'resolve' fights on until the combat ends (at most MAX_ROUNDS) */
  rounds: number | 'resolve';
  attacker: SideSpec;
  defender: SideSpec;
  /** the file it came from, for messages */
  file: string | null;
}

export const MAX_ROUNDS = 20;

/** The name other units' `lockedWith` and `attackSplit` use for `u`. */
export const lockName = (u: UnitSpec): string => u.alias ?? u.name;

/** Ruling 17: two units of opposite sides are locked together unless either's `lockedWith` leaves the other out. */
export function lockedTogether(a: UnitSpec, b: UnitSpec): boolean {
  return (a.lockedWith === undefined || a.lockedWith.includes(lockName(b))) && (b.lockedWith === undefined || b.lockedWith.includes(lockName(a)));
}

export function hasRule(rules: readonly string[], r: SpecialRule): boolean {
  return rules.includes(r);
}
