// One seeded fight, step by step: the events of its log (when asked for) and its outcome. Run K
// of a seed is the run `sim --seed S` fights K-th, so `fight --run K` replays it.
import { basename } from 'node:path';
import { DiceChance, randomSeed, type Dice } from '../dice.js';
import { CountChance } from '../counts.js';
import type { FightEvent } from '../engine/events.js';
import { runFight, type FightOutcome } from '../engine/fight.js';
import { FightState } from '../engine/state.js';
import type { Scenario } from '../model.js';
import { getEdition } from '../editions/registry.js';
import { isRuleset, type Ruleset } from '../engine/ruleset.js';

export interface FightResult {
  seed: string;
  run: number | null;
  outcome: FightOutcome;
  events: FightEvent[];
}

export interface FightOptions {
  /** the seed; a random one (reported back) when left out */
  seed?: string | number;
  /** replay run K of `sim --seed S` (without it: run 0 of the seed, which `sim` never fights) */
  run?: number;
  /** for tests: a per-die source (scripted dice, or dice stream 1) that replaces dice stream 2 */
  dice?: Dice;
  /** leave the event log empty (faster) */
  quiet?: boolean;
}

/** Fight one combat of `scenario`, step by step, and return its events and outcome. */
export function fight(scenario: Scenario, opts: FightOptions = {}): FightResult {
  const edition = getEdition(scenario.rules);
  const seed = String(opts.seed ?? randomSeed());
  const run = opts.run ?? null;
  const events: FightEvent[] = [];
  const log = opts.quiet ? null : events;
  const chance = opts.dice ? new DiceChance(opts.dice, log !== null) : new CountChance(seed, log !== null).start(run ?? 0);
  const own = edition.ownFights?.(scenario);
  if (own) {
    log?.push(own.start(seed, run));
    return { seed, run, outcome: own.fight(chance, log), events };
  }
  if (!isRuleset(edition)) throw new Error(`ruleset '${edition.id}' has neither its own fight nor the 40K steps`);
  const ruleset = edition;
  const state = new FightState(scenario, ruleset);
  log?.push(startEvent(scenario, ruleset, seed, run));
  const outcome = runFight(state, ruleset, chance, log);
  return { seed, run, outcome, events };
}

function startEvent(scenario: Scenario, ruleset: Ruleset, seed: string, run: number | null): FightEvent {
  const sides = (['attacker', 'defender'] as const).map((side) => ({
    side,
    units: scenario[side].units.map((u) => ({
      name: u.name,
      models: u.models.map((g) => {
        const p = g.spec.profile;
        return {
          name: g.spec.name, count: g.count,
          profile: { WS: p.WS, S: p.S, T: p.T, W: p.W, I: p.I, A: p.A, Ld: p.Ld, Sv: p.Sv, Inv: p.Inv },
          wargear: g.spec.wargear.map((w) => w.name),
          ...(g.distance !== undefined ? { distance: g.distance } : {}),
          ...(g.spec.vehicle ? { vehicle: { ...g.spec.vehicle, types: [...g.spec.vehicle.types], BS: p.BS } } : {}),
        };
      }),
      flags: { charging: u.charged, inCover: u.inCover, firedThisTurn: u.firedThisTurn, inContact: u.inContact, rules: [...u.rules], ...(u.moved !== undefined ? { moved: u.moved } : {}) },
    })),
  }));
  // an edition file: its file's name and what it is built on
  const file = ruleset.file ? { rulesetFile: basename(ruleset.file.path), rulesetBase: ruleset.file.base } : {};
  return { type: 'start', ruleset: ruleset.id, rulesetName: ruleset.name, ...file, scenario: scenario.name, seed, run, rounds: scenario.rounds, sides };
}
