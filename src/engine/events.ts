// The fight log as data. The engine fills these records; render/text.ts turns them into the
// step-by-step log and `fight --json` prints them as they are (the protocol: docs/events.md).
// With no log (the Monte Carlo path) none of them is built.
import type { ChargeBar, Moved, SideId } from '../model.js';

/** The version of the `fight --json` protocol (docs/events.md). */
export const EVENTS_PROTOCOL = 2;

export interface UnitRef { side: SideId; unit: string }

/** A model's characteristics as the log shows them (Sv and Inv: the roll needed, null for none). */
export interface ProfileData { WS: number; S: number; T: number; W: number; I: number; A: number; Ld: number; Sv: number | null; Inv: number | null }

/** What a unit brings into the fight besides its models (`rules`: special rule keys). */
export interface UnitFlags { charging: boolean; inCover: boolean; firedThisTurn: boolean; inContact: number | null; rules: string[]; moved?: Moved }

/** A vehicle's or walker's profile as the log shows it (vehicles.md V1): a walker's WS, S, I, A are in its `profile`. */
export interface VehicleData { kind: 'vehicle' | 'walker'; BS: number; front: number; side: number; rear: number; types: string[] }

/**
 * Why a wounding hit gets no save or a worse one: `weapon` (its name is in `weapon`),
 * `monstrous` (a monstrous creature's blow), `rending` (a rending 6), `plain` (an ordinary blow).
 */
export type HitCause = 'weapon' | 'monstrous' | 'rending' | 'plain';

/**
 * An ability acting on a group's blows or a characteristic they read (abilities.md B13): `what`
 * it changes (a characteristic `modify` adds to; `strikeAt`, `hitOn`: the Initiative or roll it
 * sets; `chargeBonus`: no +1 attack for charging; `rerollHit`, `rerollWound`: 1 the 1s, 2 every
 * failure), `value`, and `by` (the ability's name).
 */
export interface EffectNote {
  what: 'WS' | 'S' | 'T' | 'I' | 'A' | 'Ld' | 'strikeAt' | 'hitOn' | 'chargeBonus' | 'rerollHit' | 'rerollWound';
  value: number;
  by: string;
}

/** How a charge's reach was found (ruling 12): a fixed 6", the highest of 2D6 (difficult terrain, srd4 and revised4), or 2D6 added up. */
export type ChargeRoll = 'fixed' | 'highest' | 'sum';

/** How a fall back and a sweeping advance are compared (render/text.ts words each one). */
export type SweepRule =
  | 'initiative' // D6 + Initiative each; the loser escapes only with the higher total (srd4)
  | 'distance' // the sweep's dice against the fall back's; a higher sweep holds the loser (revised4)
  | 'cannotSweep' // no winning unit may sweep
  | 'stillLocked' // the winners are still locked with a unit that held
  | 'outOfContact'; // the loser has no model left in base contact (srd4)

// Every event is codes, names from the files, and numbers: no phrase. `fight --json` prints them
// as they are (docs/events.md); render/text.ts turns them into the step-by-step log.
export type FightEvent =
  | { type: 'start'; ruleset: string; rulesetName: string; rulesetFile?: string; rulesetBase?: string; scenario: string; seed: string; run: number | null; rounds: number | 'resolve'; sides: { side: SideId; units: { name: string; models: { name: string; count: number; profile: ProfileData; wargear: string[]; distance?: number; vehicle?: VehicleData }[]; flags: UnitFlags }[] }[] }
  | { type: 'charge'; side: SideId; unit: string; distance: number; difficult: boolean; roll: ChargeRoll; rolls: number[]; reach: number; made: boolean }
  | { type: 'phase'; phase: number; turn: SideId; charging: string[] }
  | { type: 'step'; initiative: number }
  | { type: 'attacks'; side: SideId; unit: string; model: string; count: number; attacks: number; base: number; twoWeapons: boolean; charge: boolean; supporting: boolean; slowed?: boolean; target: string; weapon: string | null; ws: number; targetWs: number; need: number; rolls: number[]; hits: number; rending: number; finalBlow?: boolean; mods?: EffectNote[]; hitOnBy?: string[]; hitRerolls?: number[]; hitRerollOnes?: boolean; hitRerollBy?: string[]; terrain?: true }
  | { type: 'wounds'; side: SideId; unit: string; model: string; weapon: string | null; woundOn: number | null; strength: number; toughness: number; need: number; rolls: number[]; rerolls: number[]; wounds: number; autoWounds: number; strengthBy?: EffectNote[]; rerollBy?: string[]; rerollOnes?: boolean }
  | { type: 'saves'; side: SideId; unit: string; hits: number; groups: SaveGroup[] }
  /** `eternalWarrior` (abilities.md B5, only when some): wounds that Instant Death would have made fatal, taken as one wound each */
  | { type: 'casualties'; side: SideId; unit: string; woundsInflicted: number; killed: string[]; wounded: { model: string; left: number; of: number }[]; instantDeath: number; excess: number; eternalWarrior?: number }
  | { type: 'psychic'; side: SideId; unit: string; model: string; ld: number; rolls: number[]; passed: boolean; slain: string | null; models?: number; ldBy?: string }
  | { type: 'result'; phase: number; attacker: number; defender: number; winner: SideId | null; wipedOut: SideId | null }
  | { type: 'morale'; side: SideId; unit: string; joined: string[]; ld: number; penalty: number; rolls: number[]; passed: boolean; fearless: boolean; reason: 'lost' | 'wipe-out' | 'useless'; battleshocked?: boolean; fearlessBy?: string; models?: number; ldBy?: string }
  | { type: 'breakoff'; side: SideId; unit: string; joined: string[]; loserRolls: number[]; loserBonus: number; winner: string; winnerJoined: string[]; winnerRolls: number[]; winnerBonus: number; outcome: 'fellBack' | 'swept' | 'held' | 'noSweep'; rule: SweepRule; woundsLost?: number; struck?: boolean; heldBy?: string }
  | { type: 'shots'; kind: 'overwatch' | 'fieryCharge'; side: SideId; unit: string; model: string; count: number; weapon: string; shots: number; target: string; bs: number; need: number; rolls: number[]; hits: number }
  | { type: 'declare'; side: SideId; unit: string; barred: ChargeBar | 'outOfReach' }
  | { type: 'reaction'; side: SideId; unit: string; reaction: 'overwatch' | 'fallBack' | 'none'; to: string; move: number | null; rolls: number[] }
  | { type: 'sweepSpread'; side: SideId; unit: string; model: string; hits: number; target: string; models: number; onto: { model: string; count: number; hits: number }[]; rolls: number[] }
  | { type: 'sweepHits'; side: SideId; unit: string; model: string; hits: number; target: string; targetModel?: string; weapon: string | null; strength: number; toughness: number; need: number; rolls: number[]; rerolls: number[]; wounds: number; strengthBy?: EffectNote[]; rerollBy?: string[]; rerollOnes?: boolean }
  | { type: 'consolidate'; side: SideId; units: string[]; massacre: boolean; d6: boolean }
  | { type: 'pileIn'; phase: number }
  | { type: 'pileInStep'; side: SideId; unit: string; model: string; count: number; from: number; to: number }
  | { type: 'apart'; initiative: number; closest: number }
  | { type: 'disengage'; side: SideId; unit: string; closest: number }
  /** a unit (with the characters who joined it) leaves the combat by Hit & Run (abilities.md B11): `by` names the ability */
  | { type: 'hitAndRun'; side: SideId; unit: string; joined: string[]; by: string }
  /** models of a unit move into base contact at the start of a phase (abilities.md B10: Counter-Attack): `by` names the ability */
  | { type: 'engageAll'; side: SideId; unit: string; models: number; by: string }
  | { type: 'gap'; side: SideId; gap: number }
  | { type: 'vehicleAttacks'; side: SideId; unit: string; model: string; count: number; attacks: number; grenade: boolean; target: string; weapon: string | null; walker: boolean; ws: number; targetWs: number; moved: Moved | null; need: number; rolls: number[]; hits: number; hitOnBy?: string[]; hitRerolls?: number[]; hitRerollOnes?: boolean; hitRerollBy?: string[] }
  | { type: 'penetration'; side: SideId; unit: string; model: string; target: string; weapon: string | null; dice: number; rending: boolean; strength: number; tankHunters: number; armour: number; facing: 'front' | 'rear'; rolls: number[][]; glancing: number; penetrating: number }
  | { type: 'damage'; side: SideId; unit: string; glancing: number; penetrating: number; shift: number; rolls: number[] }
  | { type: 'vehicleDamage'; side: SideId; unit: string; destroyed: boolean; explodes: boolean; immobilised: boolean; stunned: boolean; shaken: boolean; gunsWrecked: number }
  | { type: 'vehicleLeaves'; side: SideId; unit: string }
  | { type: 'end'; phase: number; end: EndKind; winner: SideId | null; survivors: Record<SideId, { models: number; wounds: number }> }
  | { type: 'epicStart'; ruleset: string; rulesetName: string; scenario: string; seed: string; run: number | null; sides: EpicSideData[] }
  | { type: 'leadership'; side: SideId; unit: string; blastMarkers: number; bonus: number; roll: number; passed: boolean }
  | { type: 'move'; side: SideId; unit: string; group: string; count: number; distance: number; chargeSpeed: number; speed: number; reaches: boolean; inContact: number; to: number; supporting: number }
  | { type: 'contact'; attacker: EpicCount[]; defender: EpicCount[]; supporting: Record<SideId, EpicCount[]> }
  | { type: 'totals'; side: SideId; unit: string; contact: number; support: number; broken: boolean; total: number }
  | { type: 'bonus'; side: SideId; enemyMarkers: number; moreMarkers: number; psykers: number; totals: number; bonus: number }
  | { type: 'rolloff'; roll: number; attacker: number; attackerBonus: number; defender: number; defenderBonus: number; winner: SideId | null; blastMarkers: Record<SideId, number> }
  | { type: 'closeResult'; winner: SideId; difference: number; result: string; winnerNeeds: number; loserNeeds: number; blastMarkers: number; cap: number }
  /** `side` scored the hits and allocated them (E14): `clearFirst` when they went first to the loser's units its retreat would not destroy */
  | { type: 'hits'; side: SideId; unit: string; units: number; need: number; rolls: number[]; hits: number; destroyed: EpicCount[]; lost: number; clearFirst: boolean }
  | { type: 'retreat'; side: SideId; unit: string; broken: boolean; unbreakable: boolean; noRetreat: boolean; move: number; destroyed: EpicCount[]; left: number }
  /** `rollWinner`: who won the resolution roll (null: no close combat) */
  | { type: 'epicEnd'; end: EndKind; winner: SideId | null; rollWinner: SideId | null; survivors: Record<SideId, number>; broken: Record<SideId, boolean> };

/** A number of epic units of one group (rules/epic.md E1). */
export interface EpicCount { group: string; count: number }

/** An epic detachment as the log shows it: its units' profiles (speed written as in the file), distances, rules. */
export interface EpicSideData {
  side: SideId; unit: string; blastMarkers: number; broken: boolean; rules: string[];
  groups: { name: string; count: number; speed: string; assault: number; firepower: number; armour: number; rules: string[]; distance?: number }[];
}

/**
 * Saves rolled by one armour group against hits of one kind: `save` is what it rolls (`none`: no
 * save at all; `limited`: its armour `sv` cut to `need` by the weapon), `cause` why a special hit
 * is special.
 */
export interface SaveGroup {
  models: string[]; count: number; need: number | null; save: 'none' | 'armour' | 'invulnerable' | 'limited' | 'cover'; sv: number | null;
  /** the hits ignore or pierce armour (`cause` and `weapon` say why; kept only where they explain the save) */
  special: boolean;
  cause: HitCause; weapon: string | null; rolls: number[]; failed: number;
  /** abilities.md B2: the saves re-rolled, each die's first roll (`from`) and its new one (`to`); `failed` counts the new */
  rerolls?: { from: number[]; to: number[] };
  /** abilities.md B4: the Feel No Pain dice rolled for the failed saves, needing `need`+; `ignored` wounds not suffered */
  pain?: { need: number; rolls: number[]; ignored: number };
}

export type EndKind = 'destroyed' | 'swept' | 'fellBack' | 'locked' | 'chargeFailed' | 'disengaged';

export type Log = FightEvent[] | null;
