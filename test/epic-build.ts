// Epic scenarios built in code (rules/epic.md E1), fought with scripted dice.
import { ScriptedDice } from '../src/dice.js';
import { fight } from '../src/sim/fight.js';
import { BLANK_PROFILE, type EpicDetachment, type EpicProfile, type ModelGroup, type Scenario, type UnitSpec } from '../src/model.js';
import type { FightEvent } from '../src/engine/events.js';

export interface G { name?: string; count: number; speed?: number | [number, number]; assault?: number; firepower?: number; psyker?: boolean; closeSupport?: boolean; distance?: number }

export function group(g: G): ModelGroup {
  const [speed, chargeSpeed] = Array.isArray(g.speed) ? g.speed : [g.speed ?? 10, g.speed ?? 10];
  const epic: EpicProfile = { speed, chargeSpeed, assault: g.assault ?? 1, firepower: g.firepower ?? 1, armour: 5, psyker: g.psyker ?? false, closeSupport: g.closeSupport ?? false };
  const name = g.name ?? `A${epic.assault}`;
  return { spec: { key: name, name, profile: BLANK_PROFILE, wargear: [], rules: [], epic }, count: g.count, ...(g.distance !== undefined ? { distance: g.distance } : {}) };
}

export function detachment(name: string, groups: G[], det: Partial<EpicDetachment> = {}, attacker = true): UnitSpec {
  return {
    ref: null, name, models: groups.map(group), charged: attacker, inCover: false, firedThisTurn: false, inContact: null,
    casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
    epic: { blastMarkers: 0, broken: false, unbreakable: false, noRetreat: false, ...det },
  };
}

export function epicScenario(a: UnitSpec, d: UnitSpec): Scenario {
  return { name: 'epic test', rules: 'epic', rounds: 1, attacker: { units: [a] }, defender: { units: [d] }, file: null };
}

/** Fight with exactly these dice (all of them used). */
export function epicScripted(s: Scenario, dice: number[]) {
  const d = new ScriptedDice(dice);
  const r = fight(s, { dice: d, seed: 1 });
  if (d.remaining !== 0) throw new Error(`${d.remaining} scripted dice left unused`);
  return r;
}

export function ofType<T extends FightEvent['type']>(events: FightEvent[], type: T): Extract<FightEvent, { type: T }>[] {
  return events.filter((e): e is Extract<FightEvent, { type: T }> => e.type === type);
}
