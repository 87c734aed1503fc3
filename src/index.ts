// The library: load files, fight a scenario with a seed, simulate it, run batches and checks,
// and render any of it as text. The CLI (src/cli/) imports only this module: it parses
// arguments and prints what these functions return.
import { DiceChance, randomSeed, type Dice } from './dice.js';
import { CountChance } from './counts.js';
import type { FightEvent } from './engine/events.js';
import { runFight, type FightOutcome } from './engine/fight.js';
import { FightState } from './engine/state.js';
import type { Scenario } from './model.js';
import { getRuleset } from './editions/registry.js';

export { loadScenario, checkRoster } from './io/load.js';
export { validateFile } from './validate.js';
export { InputError, UsageError, formatProblem, formatProblems, type Problem } from './io/errors.js';
export { SCHEMAS, jsonSchema } from './io/schema.js';
export { RULESETS, PLANNED, DEFAULT_RULESET, getRuleset, registerRuleset } from './editions/registry.js';
export type { Ruleset } from './editions/edition.js';
export { simulate, type SimOptions } from './sim/run.js';
export { exact, TooLarge, STATE_BUDGET, ATOM_BUDGET, type ExactOptions } from './exact/exact.js';
export type { SimReport } from './sim/aggregate.js';
export { loadMatrix, matchupScenario, pivotCsv, runBatch, sortRows, summaryCsv, toCsv, type BatchRow, type Matrix } from './batch/batch.js';
export { pivots, summaries } from './batch/views.js';
export { findCheckFiles, loadCheck, runChecks, type CheckRun } from './check/check.js';
export { junit } from './render/junit.js';
export { renderLog } from './render/text.js';
export { renderReport, reportJson } from './render/report.js';
export { renderBatch, renderPivot, renderSummary } from './render/batch.js';
export { renderBatchHtml, renderSimHtml } from './render/html.js';
export { shellWord } from './batch/shell.js';
export { renderCheck } from './render/check.js';
export { renderRuleset } from './render/rules.js';
export { grouped } from './render/numbers.js';
export { useColor } from './render/color.js';
export { MAX_ROUNDS } from './model.js';
export { DiceChance, SeededDice, ScriptedDice, randomSeed, runSeed } from './dice.js';
export type { Chance, Dice } from './dice.js';
export { CountChance, DICE_STREAM } from './counts.js';
export { EVENTS_PROTOCOL, type FightEvent } from './engine/events.js';
export type { FightOutcome } from './engine/fight.js';
export type { Scenario, SideId } from './model.js';

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
  const ruleset = getRuleset(scenario.rules);
  const seed = String(opts.seed ?? randomSeed());
  const run = opts.run ?? null;
  const state = new FightState(scenario, ruleset);
  const events: FightEvent[] = [];
  const log = opts.quiet ? null : events;
  log?.push(startEvent(scenario, ruleset.id, ruleset.name, seed, run));
  const chance = opts.dice ? new DiceChance(opts.dice, log !== null) : new CountChance(seed, log !== null).start(run ?? 0);
  const outcome = runFight(state, ruleset, chance, log);
  return { seed, run, outcome, events };
}

function startEvent(scenario: Scenario, id: string, name: string, seed: string, run: number | null): FightEvent {
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
        };
      }),
      flags: { charging: u.charged, inCover: u.inCover, firedThisTurn: u.firedThisTurn, inContact: u.inContact, rules: [...u.rules] },
    })),
  }));
  return { type: 'start', ruleset: id, rulesetName: name, scenario: scenario.name, seed, run, rounds: scenario.rounds, sides };
}
