// The scenario a command fights: a file, or two roster units (--attacker, --defender), with
// --rules and --rounds applied.
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { commandLineRules, DEFAULT_RULESET, getEdition, InputError, loadScenario, matchupScenario, RULESETS, rulesArgument, shellWord, UsageError, type Scenario } from '../index.js';

export interface Matchup { rules?: string; attacker?: string; defender?: string; rosterDir?: string }

/** A scenario file, or a roster unit charging another (--attacker, --defender). */
export function scenarioOf(file: string | undefined, o: Matchup): Scenario {
  const rules = checkRules(o.rules);
  for (const side of ['attacker', 'defender'] as const) {
    if (o[side]?.trim() === '') throw new UsageError(`--${side}: give a roster unit, such as orks/boyz`);
  }
  const matchup = o.attacker !== undefined || o.defender !== undefined;
  if (matchup === (file !== undefined)) throw new UsageError('give a scenario file, or --attacker and --defender');
  if (matchup && (!o.attacker || !o.defender)) throw new UsageError('--attacker and --defender go together');
  if (o.rosterDir !== undefined && file !== undefined) throw new UsageError('--roster-dir goes with --attacker and --defender');
  if (o.rosterDir !== undefined) {
    let dir = false;
    try {
      dir = statSync(o.rosterDir).isDirectory();
    } catch {
      /* not there */
    }
    if (!dir) throw new UsageError(`--roster-dir ${o.rosterDir}: no such folder`);
  }
  if (file !== undefined) return loadScenario(file, { rules });
  const where = join(resolve(o.rosterDir ?? '.'), COMMAND_LINE);
  try {
    return matchupScenario(o.attacker!, o.defender!, rules ?? DEFAULT_RULESET, 'resolve', where);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    // what is wrong with --attacker or --defender is the command line's mistake, said as one; a
    // mistake inside a roster file stays located in that file
    const mine = e.problems.filter((p) => p.file === where);
    if (mine.length === 0) throw e;
    const option = (path: string) => (path.startsWith('defender') ? 'defender' : 'attacker');
    throw new UsageError(mine.map((p) => `--${option(p.path)} ${o[option(p.path)]}: ${p.message}`).join('\n'));
  }
}

/** The name the units given on the command line are read under, beside the roster folder. */
const COMMAND_LINE = '(command line)';

/**
 * `--rules ID` or `--rules FILE`: a ruleset there is (its id), or an edition file relative to the
 * working folder (read: its id); a mistake on the command line, never one of the scenario's file.
 */
export function checkRules(id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  if (id.trim() === '') throw new UsageError(`--rules: give a ruleset id (${Object.keys(RULESETS).join(', ')})`);
  return commandLineRules(id);
}

/** The scenario with --rounds applied; above 1 under an edition fought in one phase (epic, E12), a command-line error. */
export function withRounds(s: Scenario, rounds: number | 'resolve' | undefined): Scenario {
  const onePhase = getEdition(s.rules).onePhase;
  if (onePhase && typeof rounds === 'number' && rounds > 1) throw new UsageError(`--rounds ${rounds}: ${onePhase}: give --rounds 1 or resolve, or leave it out`);
  return rounds === undefined ? s : { ...s, rounds };
}

/**
 * What `fight` needs besides --seed and --run to replay a run of this command: the ruleset it was
 * given with --rules (its id, or its edition file relative to the working folder) and --rounds,
 * shell-quoted; nothing for what the scenario says itself.
 */
export function replayArgs(rules: string, o: { rules?: string; rounds?: number | 'resolve' }): string[] {
  return [...(o.rules !== undefined ? ['--rules', rulesArgument(rules)] : []), ...(o.rounds !== undefined ? ['--rounds', String(o.rounds)] : [])].map(shellWord);
}
