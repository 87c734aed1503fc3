// The command line: commander parses, the library works, this file prints.
import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import {
  DEFAULT_RULESET, EVENTS_PROTOCOL, findCheckFiles, fight, getRuleset, InputError, jsonSchema, junit, loadMatrix, loadScenario,
  matchupScenario, MAX_ROUNDS, pivotCsv, renderBatchHtml, renderSimHtml, shellWord, renderPivot, renderSummary, summaryCsv, PLANNED, randomSeed, renderBatch, renderCheck, renderLog, renderReport, renderRuleset,
  RULESETS, runBatch, runChecks, SCHEMAS, simulate, sortRows, toCsv, UsageError, useColor, validateFile, formatProblems,
  type Scenario,
} from '../index.js';
import { progressBar } from './progress.js';

function parseCount(name: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${v}'`);
    return Number(v);
  };
}

function parseRounds(v: string): number | 'resolve' {
  if (v === 'resolve') return v;
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_ROUNDS) throw new UsageError(`--rounds is a number of assault phases from 1 to ${MAX_ROUNDS}, or resolve; got '${v}'`);
  return Number(v);
}

/** The width text is laid out for: --width, else $COLUMNS, else the terminal's, else 80. */
function outputWidth(program: Command): number {
  const flag = program.opts().width as number | undefined;
  if (flag) return flag;
  const env = Number(process.env.COLUMNS);
  if (Number.isInteger(env) && env >= 40) return env;
  return process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80;
}

function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Write a file the user asked for (--junit); a folder that is not there or not writable is a usage error. */
function writeOutput(file: string, text: string, what: string): void {
  checkWritable(file, what);
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new UsageError(`cannot write ${what} ${file}: ${writeError(e)}`);
  }
}

interface Matchup { rules?: string; attacker?: string; defender?: string; rosterDir?: string }

/** A scenario file, or a roster unit charging another (--attacker, --defender). */
function scenarioOf(file: string | undefined, o: Matchup): Scenario {
  if (o.rules) getRuleset(o.rules);
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
  return file !== undefined
    ? loadScenario(file, { rules: o.rules })
    : matchupScenario(o.attacker!, o.defender!, o.rules ?? DEFAULT_RULESET, 'resolve', join(resolve(o.rosterDir ?? '.'), '(command line)'));
}

function withRounds(s: Scenario, rounds: number | 'resolve' | undefined): Scenario {
  return rounds === undefined ? s : { ...s, rounds };
}

/** Fail before the work, not after it, when an output file cannot be written. */
function checkWritable(file: string, what: string): void {
  if (file === '') throw new UsageError(`${what}: give a file name`);
  try {
    accessSync(dirname(resolve(file)), constants.W_OK);
  } catch (e) {
    throw new UsageError(`cannot write ${what} ${file}: ${writeError(e)}`);
  }
  // a FIFO or a device would block or swallow the output: only a regular file (or a new one)
  let st;
  try {
    st = statSync(file);
  } catch {
    return; // not there yet: it will be created
  }
  if (!st.isFile()) throw new UsageError(`cannot write ${what} ${file}: ${st.isDirectory() ? 'it is a directory' : 'not a regular file'}`);
}

export function writeError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ENOENT: 'its folder does not exist', EACCES: 'permission denied', EPERM: 'permission denied', EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device', EISDIR: 'it is a directory', ENOTDIR: 'a folder on its path is a file',
  };
  return (code && Object.hasOwn(words, code) ? words[code] : undefined) ?? (e instanceof Error ? e.message : String(e));
}

/**
 * Output that cannot be written: a closed pipe (`| head -1`) ends the program quietly; anything
 * else (a full disk) is reported in one line, exit 2.
 */
function guardOutput(): void {
  const onError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    try {
      process.stderr.write(`assault: cannot write the output: ${writeError(e)}\n`);
    } catch {
      /* stderr is gone too */
    }
    process.exit(2);
  };
  process.stdout.on('error', onError);
  process.stderr.on('error', (e: NodeJS.ErrnoException) => process.exit(e.code === 'EPIPE' ? 0 : 2));
}

export function buildProgram(): Command {
  const program = new Command('assault')
    .description('Close-combat calculator for Initiative-step-era Warhammer 40,000 rules')
    .option('--no-color', 'no colour, even on a terminal')
    .option('--width <N>', "lay text out for N columns (default: the terminal's width; 80 when piped)", parseCount('--width', 40, 1000))
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    .showHelpAfterError();

  program
    .command('fight [scenario]')
    .description('resolve one seeded combat and print it step by step, every die shown')
    .option('--seed <S>', 'the seed (random and printed when left out)')
    .option('--run <K>', 'replay run K of `sim --seed S`', parseCount('--run', 1))
    .option('--rules <id>', "override the scenario's ruleset")
    .option('--rounds <N>', "override the scenario's rounds: assault phases (1-20) or resolve", parseRounds)
    .option('--attacker <unit>', 'instead of a scenario: this roster unit charges ...')
    .option('--defender <unit>', '... this one, fought to resolution')
    .option('--roster-dir <dir>', 'with --attacker/--defender: look up roster files from this folder (default: the current one)')
    .option('--json', 'print the events as JSON')
    .action((file: string | undefined, o: Matchup & { seed?: string; run?: number; rounds?: number | 'resolve'; json?: boolean }) => {
      const scenario = withRounds(scenarioOf(file, o), o.rounds);
      const r = fight(scenario, { seed: o.seed, run: o.run });
      if (o.json) out(JSON.stringify({ protocol: EVENTS_PROTOCOL, ruleset: scenario.rules, scenario: scenario.name, seed: r.seed, run: r.run, outcome: r.outcome, events: r.events }, null, 2));
      else out(renderLog(r.events, useColor(process.stdout, !program.opts().color), outputWidth(program)));
    });

  program
    .command('sim [scenario]')
    .description('Monte Carlo: fight the scenario N times and print outcome statistics')
    .option('--runs <N>', 'number of combats', parseCount('--runs', 1), 10_000)
    .option('--seed <S>', 'the master seed (random and printed when left out)')
    .option('--rules <id>', "override the scenario's ruleset")
    .option('--workers <N>', 'worker threads for long runs', parseCount('--workers', 1, 256), 1)
    .option('--rounds <N>', "override the scenario's rounds: assault phases (1-20) or resolve", parseRounds)
    .option('--attacker <unit>', 'instead of a scenario: this roster unit (e.g. space-marines/tactical-squad) charges ...')
    .option('--defender <unit>', '... this one (e.g. orks/boyz), fought to resolution')
    .option('--roster-dir <dir>', 'with --attacker/--defender: look up roster files from this folder (default: the current one)')
    .option('--html <file>', 'also write the report as one self-contained HTML page with charts')
    .option('--json', 'print the statistics as JSON')
    .action(async (file: string | undefined, o: { runs: number; seed?: string; rules?: string; rounds?: number | 'resolve'; workers: number; json?: boolean; html?: string; attacker?: string; defender?: string; rosterDir?: string }) => {
      if (o.html) checkWritable(o.html, '--html file');
      const scenario = withRounds(scenarioOf(file, o), o.rounds);
      const seed = o.seed ?? String(randomSeed());
      const signal = { stopped: false };
      const onInt = () => { signal.stopped = true; };
      process.once('SIGINT', onInt);
      const bar = progressBar(process.stderr, 'sim');
      const report = await simulate(scenario, { runs: o.runs, seed, workers: o.workers, signal, onProgress: bar.update });
      bar.done();
      process.removeListener('SIGINT', onInt);
      if (o.html) {
        const what = file !== undefined ? [file] : ['--attacker', o.attacker!, '--defender', o.defender!, ...(o.rosterDir !== undefined ? ['--roster-dir', o.rosterDir] : [])];
        const rules = o.rules ? ['--rules', o.rules] : [];
        const rounds = o.rounds !== undefined ? ['--rounds', String(o.rounds)] : [];
        writeOutput(o.html, renderSimHtml(report, ['assault', 'sim', ...what, ...rules, ...rounds, '--runs', String(o.runs), '--seed', seed].map(shellWord).join(' ')), '--html file');
      }
      if (o.json) out(JSON.stringify(report, null, 2));
      else out(renderReport(report, useColor(process.stdout, !program.opts().color), outputWidth(program)));
      if (signal.stopped) process.exitCode = 130; // interrupted: what was finished is printed, marked partial
    });

  program
    .command('batch <matrix>')
    .description('many matchups in one call: scenario files and/or attackers x defenders, one row each')
    .option('--runs <N>', "runs per row (default: the matrix's runs, or 5000)", parseCount('--runs', 1))
    .option('--seed <S>', "master seed (default: the matrix's seed)")
    .option('--sort <by>', 'win (attacker win rate) or name', 'win')
    .option('--workers <N>', 'worker threads to share the rows among (same rows for any number)', parseCount('--workers', 1, 256), 1)
    .option('--view <view>', 'rows, pivot (attackers x defenders, attacker win %) or summary (per attacker); for the table and --csv', 'rows')
    .option('--row <N>', 'run only row N of the matrix (a variant row\'s replay)', parseCount('--row', 1))
    .option('--html <file>', 'also write a heat map of attacker win shares as one self-contained HTML page')
    .addOption(new Option('--json', 'print the rows as JSON').conflicts('csv'))
    .option('--csv', 'print the rows as CSV')
    .action(async (file: string, o: { runs?: number; seed?: string; sort: string; workers: number; view: string; row?: number; html?: string; json?: boolean; csv?: boolean }) => {
      if (o.html) checkWritable(o.html, '--html file');
      if (o.sort !== 'win' && o.sort !== 'name') throw new UsageError(`--sort is win or name, got '${o.sort}'`);
      if (!['rows', 'pivot', 'summary'].includes(o.view)) throw new UsageError(`--view is rows, pivot or summary, got '${o.view}'`);
      const matrix = loadMatrix(file, { runs: o.runs, seed: o.seed });
      const bar = progressBar(process.stderr, 'batch');
      const rows = sortRows(await runBatch(matrix, { workers: o.workers, row: o.row, onProgress: bar.update }), o.sort);
      bar.done();
      const color = useColor(process.stdout, !program.opts().color);
      if (o.html) writeOutput(o.html, renderBatchHtml(rows, ['assault', 'batch', file, ...(o.row !== undefined ? ['--row', String(o.row)] : []), '--runs', String(matrix.runs), '--seed', matrix.seed].map(shellWord).join(' ')), '--html file');
      if (o.json) out(JSON.stringify(rows, null, 2));
      else if (o.csv) out(o.view === 'pivot' ? pivotCsv(rows) : o.view === 'summary' ? summaryCsv(rows) : toCsv(rows));
      else if (o.view === 'pivot') out(renderPivot(rows, color, outputWidth(program)));
      else if (o.view === 'summary') out(renderSummary(rows, color, outputWidth(program)));
      else out(renderBatch(rows, color, outputWidth(program)));
    });

  program
    .command('check <paths...>')
    .description('CI regression: run expectation files (*.check.yaml; folders are searched), exit 1 if any fails')
    .option('--json', 'print the results as JSON')
    .option('--junit <file>', 'also write JUnit XML to this file')
    .option('--update', 'rewrite the golden logs from the current rules')
    .action(async (paths: string[], o: { json?: boolean; junit?: string; update?: boolean }) => {
      if (o.junit) checkWritable(o.junit, '--junit file');
      const files = findCheckFiles(paths);
      if (files.length === 0) throw new UsageError(`no *.check.yaml files in ${paths.join(', ')}`);
      const result = await runChecks(files, { update: o.update });
      if (o.junit) writeOutput(o.junit, junit(result), '--junit file');
      if (o.json) out(JSON.stringify(result, null, 2));
      else out(renderCheck(result, useColor(process.stdout, !program.opts().color)));
      if (result.problems.length > 0) {
        // the files that could run did; the broken ones are bad input (exit 2)
        process.stderr.write(`${formatProblems(result.problems).join('\n')}\n`);
        process.exitCode = 2;
      } else if (result.failed > 0) process.exitCode = 1;
    });

  program
    .command('rules [id]')
    .description("list the rulesets; with an id, print its charts and what it does")
    .action((id?: string) => {
      if (!id) {
        for (const r of Object.values(RULESETS)) out(`${r.id.padEnd(11)} ${r.name} (${r.document})`);
        for (const [pid, doc] of Object.entries(PLANNED)) out(`${pid.padEnd(11)} not implemented yet (${doc})`);
        return;
      }
      out(renderRuleset(getRuleset(id), outputWidth(program)));
    });

  program
    .command('validate <files...>')
    .description('check roster, scenario, check and matrix files; report every problem')
    .action((files: string[]) => {
      const problems: string[] = [];
      const seen = new Set<string>();
      const shown = new Map<string, number>();
      for (const f of files) {
        try {
          validateFile(f);
          out(`${f}: ok`);
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          // a roster several files use is reported once
          problems.push(...formatProblems(e.problems, seen, shown));
        }
      }
      if (problems.length > 0) {
        process.stderr.write(`${problems.join('\n')}\n${problems.length} problem${problems.length === 1 ? '' : 's'}\n`);
        process.exitCode = 2;
      }
    });

  program
    .command('schema <kind>')
    .description(`print the JSON Schema of a file format (${Object.keys(SCHEMAS).join(', ')}) for editors`)
    .action((kind: string) => {
      const schema = jsonSchema(kind);
      if (!schema) throw new UsageError(`no schema '${kind}': choose ${Object.keys(SCHEMAS).join(', ')}`);
      out(JSON.stringify(schema, null, 2));
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  guardOutput();
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (e) {
    process.exitCode = exitCodeFor(e);
  }
}

function exitCodeFor(e: unknown): number {
  if (e instanceof CommanderError) {
    return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.exitCode === 0 ? 0 : 2;
  }
  if (e instanceof InputError) {
    process.stderr.write(`${formatProblems(e.problems).join('\n')}\n`);
    return 2;
  }
  if (e instanceof UsageError) {
    process.stderr.write(`assault: ${e.message}\n`);
    return 2;
  }
  throw e;
}
