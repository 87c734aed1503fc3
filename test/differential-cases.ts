// The cases of the differential test (test/differential.test.ts): every shipped scenario, as
// shipped and fought to resolution, and every matchup of rosters/matrix-all.yaml, under srd4 and
// revised4. Each run is reduced to a digest of every outcome field and the dice it rolled (and,
// for the first runs of each case, of its whole event log), so that the engine that recorded
// test/differential/outcomes.json and the engine of today can be compared run by run.
import { wh40kScenarioFiles } from './helpers.js';
import { join } from 'node:path';
import { DiceChance, RunDice, SeededDice, runSeed } from '../src/dice.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import type { FightEvent } from '../src/engine/events.js';
import { getRuleset } from '../src/editions/registry.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { loadMatrix } from '../src/batch/matrix.js';
import type { Scenario } from '../src/model.js';

export const RULESETS = ['srd4', 'revised4'] as const;
export const SEED = 'differential';

export interface Case { name: string; scenario: Scenario; runs: number; logged: number }

export function cases(): Case[] {
  const out: Case[] = [];
  const dir = join(SHIPPED_ROSTERS, 'scenarios');
  for (const f of wh40kScenarioFiles(dir).sort()) {
    for (const rules of RULESETS) {
      // loaded under the ruleset, as `--rules` does: its armoury gives the weapons
      const s = loadScenario(join(dir, f), { rules });
      out.push({ name: `${f} ${rules}`, scenario: s, runs: 300, logged: 12 });
      out.push({ name: `${f} ${rules} resolve`, scenario: { ...s, rounds: 'resolve' }, runs: 300, logged: 4 });
    }
  }
  const matrix = loadMatrix(join(SHIPPED_ROSTERS, 'matrix-all.yaml'));
  for (const m of matrix.matchups) {
    for (const rules of RULESETS) out.push({ name: `${m.label} ${rules}`, scenario: { ...m.build(rules), rounds: 'resolve' }, runs: 20, logged: 1 });
  }
  return out;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * An outcome as the record knows it: the record predates `sweepWounds`, which srd4 and revised4
 * leave at 0 (their sweeps destroy or hold), so a 0 there is left out and any other value
 * still changes the digest.
 */
function recordedFields(out: object): string {
  return JSON.stringify(out, (k, v: unknown) => (k === 'sweepWounds' && v === 0 ? undefined : v));
}

/** One digest per run (outcome and dice rolled, as `sim` fights it), then one per logged run (the event log, as `fight --run` prints it). */
export function digests(c: Case): { runs: string; logs: string } {
  const ruleset = getRuleset(c.scenario.rules);
  const state = new FightState(c.scenario, ruleset);
  const dice = new RunDice(SEED);
  const chance = new DiceChance(dice);
  let runs = '';
  for (let run = 1; run <= c.runs; run++) {
    state.reset();
    dice.start(run);
    const out = runFight(state, ruleset, chance, null);
    runs += fnv(recordedFields(out) + `|${dice.rolled}`);
  }
  let logs = '';
  for (let run = 1; run <= c.logged; run++) {
    const events: FightEvent[] = [];
    const d = new SeededDice(runSeed(SEED, run));
    const out = runFight(new FightState(c.scenario, ruleset), ruleset, new DiceChance(d, true), events);
    logs += fnv(JSON.stringify(events) + recordedFields(out) + `|${d.rolled}`);
  }
  return { runs, logs };
}
