// The fight log as data. The engine fills these records; render/text.ts turns them into the
// step-by-step log and `fight --json` prints them as they are. With no log (the Monte Carlo
// path) none of them is built.
import type { SideId } from '../model.js';

export interface UnitRef { side: SideId; unit: string }

export type FightEvent =
  | { type: 'start'; ruleset: string; rulesetName: string; scenario: string; seed: string; run: number | null; rounds: number | 'resolve'; sides: { side: SideId; units: { name: string; models: { name: string; count: number; profile: string; wargear: string[] }[]; notes: string[] }[] }[] }
  | { type: 'charge'; side: SideId; unit: string; distance: number; difficult: boolean; rolls: number[]; reach: number; made: boolean }
  | { type: 'phase'; phase: number; turn: SideId; charging: string[] }
  | { type: 'step'; initiative: number }
  | { type: 'attacks'; side: SideId; unit: string; model: string; count: number; attacks: number; why: string; target: string; weapon: string | null; ws: number; targetWs: number; need: number; rolls: number[]; hits: number; rending: number }
  | { type: 'wounds'; side: SideId; unit: string; model: string; strength: number; toughness: number; need: number; how: string; rolls: number[]; rerolls: number[]; wounds: number; autoWounds: number }
  | { type: 'saves'; side: SideId; unit: string; hits: number; groups: SaveGroup[] }
  | { type: 'casualties'; side: SideId; unit: string; woundsInflicted: number; killed: string[]; wounded: string[]; instantDeath: number; excess: number }
  | { type: 'psychic'; side: SideId; unit: string; model: string; ld: number; rolls: number[]; passed: boolean; slain: string | null }
  | { type: 'result'; phase: number; attacker: number; defender: number; winner: SideId | null; wipedOut: SideId | null }
  | { type: 'morale'; side: SideId; unit: string; ld: number; rolls: number[]; passed: boolean; fearless: boolean; reason: 'lost' | 'wipe-out' }
  | { type: 'breakoff'; side: SideId; unit: string; loserRolls: number[]; loserBonus: number; winner: string; winnerRolls: number[]; winnerBonus: number; outcome: 'fellBack' | 'swept' | 'held' | 'noSweep'; rule: string }
  | { type: 'consolidate'; side: SideId; units: string[]; move: string }
  | { type: 'pileIn'; phase: number }
  | { type: 'end'; phase: number; end: EndKind; winner: SideId | null; survivors: Record<SideId, { models: number; wounds: number }> };

export interface SaveGroup { model: string; count: number; need: number | null; why: string; rolls: number[]; failed: number }

export type EndKind = 'destroyed' | 'swept' | 'fellBack' | 'locked' | 'chargeFailed';

export type Log = FightEvent[] | null;
