// The command line: commander parses, the library works, this file prints.
import { Command, CommanderError, Option } from 'commander';
import {
  EVENTS_PROTOCOL, editionTemplate, fight, stepsNeeded, renderDiff, rulesetArgument, rootOf, checkFilesIn, formatProblems, getEdition, getRuleset, InputError, isEditionPath, isRuleset, jsonSchema, junit, loadMatrix, PLANNED,
  pivotCsv, randomSeed, renderBatch, renderBatchHtml, renderCheck, renderLog, renderPivot, renderReport, reportJson, renderRuleset,
  renderSimHtml, renderSummary, RULESETS, runBatch, runChecks, SCHEMA_KINDS, shellWord, simulate, sortRows, summaryCsv, toCsv,
  UsageError, useColor, validateFile, weaponEditionLines, importRoster, importNotes, renderImport,
  DICE_STREAM, exact, ATOM_BUDGET, TooLarge, TooLargeEstimate, runsFor, SIM_SE, withSimTime, grouped, reportPaths, type Ruleset,
} from '../index.js';
import { progressBar } from './progress.js';
import { parseCount, parseRounds, parseWorkers } from './args.js';
import { checkWritable, guardOutput, out, outputWidth, writeOutput } from './output.js';
import { replayArgs, scenarioOf, withRounds, type Matchup } from './scenario.js';

/** `--workers N|auto` of `sim` and `batch`: by default the machine's cores (at most; the figures are the same for any number). */
function workersOption(what: string): Option {
  return new Option('--workers <N>', `${what} (a number, or auto: the machine's cores; never more than those)`).argParser(parseWorkers).default(parseWorkers('auto'), 'auto');
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
    .option('--rules <id>', "override the scenario's ruleset: an id, or an edition file (*.edition.yaml)")
    .option('--rounds <N>', "override the scenario's rounds: assault phases (1-20) or resolve", parseRounds)
    .option('--attacker <unit>', 'instead of a scenario: this roster unit charges ...')
    .option('--defender <unit>', '... this one, fought to resolution')
    .option('--roster-dir <dir>', 'with --attacker/--defender: look up roster files from this folder (default: the current one)')
    .option('--json', 'print the events as JSON')
    .action((file: string | undefined, o: Matchup & { seed?: string; run?: number; rounds?: number | 'resolve'; json?: boolean }) => {
      const scenario = withRounds(scenarioOf(file, o), o.rounds);
      const r = fight(scenario, { seed: o.seed, run: o.run });
      if (o.json) out(JSON.stringify({ protocol: EVENTS_PROTOCOL, ruleset: scenario.rules, scenario: scenario.name, seed: r.seed, run: r.run, dice: DICE_STREAM, outcome: r.outcome, events: r.events }, null, 2));
      else out(renderLog(r.events, useColor(process.stdout, !program.opts().color), outputWidth(program)));
    });

  program
    .command('sim [scenario]')
    .description('Monte Carlo: fight the scenario N times and print outcome statistics')
    .option('--runs <N>', 'number of combats', parseCount('--runs', 1), 10_000)
    .option('--seed <S>', 'the master seed (random and printed when left out)')
    .option('--rules <id>', "override the scenario's ruleset: an id, or an edition file (*.edition.yaml)")
    .addOption(workersOption('threads for long runs, at most one per 250,000 runs (100,000 if not compiled); same figures for any number'))
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
      // every Ctrl-C until the report is out only stops the runs: a second one (or `timeout -s INT`,
      // which signals the command and then its whole group) killed it before it printed
      const onInt = () => { signal.stopped = true; };
      process.on('SIGINT', onInt);
      const bar = progressBar(process.stderr, 'sim');
      const report = await simulate(scenario, { runs: o.runs, seed, workers: o.workers, signal, onProgress: bar.update });
      bar.done();
      if (o.html) {
        const what = file !== undefined ? [file] : ['--attacker', o.attacker!, '--defender', o.defender!, ...(o.rosterDir !== undefined ? ['--roster-dir', o.rosterDir] : [])];
        const rules = o.rules ? ['--rules', o.rules] : [];
        const rounds = o.rounds !== undefined ? ['--rounds', String(o.rounds)] : [];
        writeOutput(o.html, renderSimHtml(report, ['assault', 'sim', ...what, ...rules, ...rounds, '--runs', String(o.runs), '--seed', seed].map(shellWord).join(' ')), '--html file');
      }
      if (o.json) out(JSON.stringify(reportJson(report), null, 2));
      else out(renderReport(report, useColor(process.stdout, !program.opts().color), outputWidth(program), replayArgs(scenario.rules, o)));
      if (signal.stopped) process.exitCode = 130; // interrupted: what was finished is printed, marked partial
      // only once the report is out: a second Ctrl-C right after the first found the runs already
      // stopped (a range of 5,000 takes milliseconds) and, with no handler left, killed it unprinted
      process.removeListener('SIGINT', onInt);
    });

  program
    .command('exact [scenario]')
    .description('the exact outcome distribution of the scenario (no sampling): the same report as sim')
    .option('--rules <id>', "override the scenario's ruleset: an id, or an edition file (*.edition.yaml)")
    .option('--rounds <N>', "override the scenario's rounds: assault phases (1-20) or resolve", parseRounds)
    .option('--attacker <unit>', 'instead of a scenario: this roster unit charges ...')
    .option('--defender <unit>', '... this one, fought to resolution')
    .option('--roster-dir <dir>', 'with --attacker/--defender: look up roster files from this folder (default: the current one)')
    .option('--budget <atoms>', `the most atoms (a group's blows, a unit's saves, a step) to fight before giving up, and ten rolls for each (default ${grouped(ATOM_BUDGET)} atoms; less for hundreds of model classes)`, parseCount('--budget', 1), ATOM_BUDGET)
    .option('--html <file>', 'also write the report as one self-contained HTML page with charts')
    .option('--json', 'print the report as JSON')
    .action((file: string | undefined, o: { rules?: string; rounds?: number | 'resolve'; budget: number; json?: boolean; html?: string; attacker?: string; defender?: string; rosterDir?: string }) => {
      if (o.html) checkWritable(o.html, '--html file');
      const scenario = withRounds(scenarioOf(file, o), o.rounds);
      let report;
      try {
        report = exact(scenario, { atoms: o.budget });
      } catch (e) {
        // refused before enumerating: sim's runs and time for a standard error of 0.001 beside it
        if (e instanceof TooLargeEstimate) {
          const sim = runsFor(scenario, SIM_SE);
          throw new UsageError(withSimTime(e.message, sim.runs, sim.seconds, SIM_SE));
        }
        if (e instanceof TooLarge) throw new UsageError(e.message);
        throw e;
      }
      if (o.html) {
        const what = file !== undefined ? [file] : ['--attacker', o.attacker!, '--defender', o.defender!, ...(o.rosterDir !== undefined ? ['--roster-dir', o.rosterDir] : [])];
        const rules = o.rules ? ['--rules', o.rules] : [];
        const rounds = o.rounds !== undefined ? ['--rounds', String(o.rounds)] : [];
        writeOutput(o.html, renderSimHtml(report, ['assault', 'exact', ...what, ...rules, ...rounds].map(shellWord).join(' ')), '--html file');
      }
      if (o.json) out(JSON.stringify(reportJson(report), null, 2));
      else out(renderReport(report, useColor(process.stdout, !program.opts().color), outputWidth(program)));
    });

  program
    .command('batch <matrix>')
    .description('many matchups in one call: scenario files and/or attackers x defenders, one row each')
    .option('--runs <N>', "runs per row (default: the matrix's runs, or 5000)", parseCount('--runs', 1))
    .option('--seed <S>', "master seed (default: the matrix's seed)")
    .option('--sort <by>', 'win (attacker win rate) or name', 'win')
    .addOption(workersOption('threads to share the rows among, at most one per 100,000 runs; same rows for any number'))
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
      if (o.html) writeOutput(o.html, renderBatchHtml(rows, ['assault', 'batch', file, ...(o.row !== undefined ? ['--row', String(o.row)] : []), '--runs', String(matrix.runs), '--seed', matrix.seed].map(shellWord).join(' '), file), '--html file');
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
    .option('--workers <N>', 'threads to share the files among (a number, or auto: the machine\'s cores; at most those; same results, in the same order, for any number)', parseWorkers, 1)
    .action(async (paths: string[], o: { json?: boolean; junit?: string; update?: boolean; workers: number }) => {
      if (o.junit) checkWritable(o.junit, '--junit file');
      // an entry that cannot be looked into is reported by name, and every other file runs
      const found = checkFilesIn(paths);
      if (found.files.length === 0 && found.problems.length === 0) throw new UsageError(`no *.check.yaml files in ${paths.join(', ')}`);
      const ran = found.files.length > 0 ? await runChecks(found.files, { update: o.update, workers: o.workers }) : { results: [], passed: 0, failed: 0, problems: [] };
      const result = { ...ran, problems: [...found.problems, ...ran.problems] };
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
    .command('paths [scenario]')
    .description('every figure of the sim and exact report a check file can pin for this scenario, one path per line')
    .option('--rules <id>', "override the scenario's ruleset: an id, or an edition file (*.edition.yaml)")
    .option('--rounds <N>', "override the scenario's rounds: assault phases (1-20) or resolve", parseRounds)
    .option('--attacker <unit>', 'instead of a scenario: this roster unit charges ...')
    .option('--defender <unit>', '... this one, fought to resolution')
    .option('--roster-dir <dir>', 'with --attacker/--defender: look up roster files from this folder (default: the current one)')
    .option('--json', 'print the paths as a JSON array')
    .action((file: string | undefined, o: Matchup & { rounds?: number | 'resolve'; json?: boolean }) => {
      const paths = reportPaths(withRounds(scenarioOf(file, o), o.rounds));
      out(o.json ? JSON.stringify(paths) : paths.join('\n'));
    });

  program
    .command('rules [id]')
    .description("list the rulesets; with an id or an edition file, print its charts and what it does (an edition file: what it changes against its base)")
    .option('--diff [other]', 'print what <other> (an id or an edition file) changes against this one: chart cells, options, steps, weapons, abilities; alone, after an edition file: what it changes against its base')
    .action((id: string | undefined, o: { diff?: string | true }) => {
      if (!id) {
        if (o.diff !== undefined) throw new UsageError('--diff goes with a ruleset: assault rules A --diff B');
        for (const r of Object.values(RULESETS)) out(`${r.id.padEnd(11)} ${r.name} (${isRuleset(r) && r.file ? r.file.path : r.document})`);
        for (const [pid, doc] of Object.entries(PLANNED)) out(`${pid.padEnd(11)} not implemented yet (${doc})`);
        return;
      }
      // an epic edition has no charts or options to set beside a 40K one: `--diff` takes 40K editions
      if (o.diff === true) {
        // alone: an edition file against its direct base
        const file = rulesetArgument(id, 'rules');
        if (!file.file) throw new UsageError(`--diff alone goes with an edition file (what it changes against its base); '${id}' is a shipped edition: assault rules ${id} --diff OTHER`);
        return out(renderDiff(getRuleset(file.file.baseId), file, rootOf, outputWidth(program)));
      }
      if (o.diff !== undefined) return out(renderDiff(rulesetArgument(id, 'rules'), rulesetArgument(o.diff, '--diff'), rootOf, outputWidth(program)));
      const r = isEditionPath(id) ? rulesetArgument(id, 'rules') : getEdition(id);
      // an edition file's chain of bases, its direct base first, down to the shipped edition
      const chain: Ruleset[] = [];
      for (let x = r; isRuleset(x) && x.file; x = chain[chain.length - 1]!) chain.push(getRuleset(x.file.baseId));
      out(renderRuleset(r, outputWidth(program), chain.length > 0 && isRuleset(r) ? { ruleset: chain[0]!, rootOf, chain, needed: stepsNeeded(r) } : undefined));
    });

  program
    .command('edition')
    .description('edition files (*.edition.yaml): a fan edition over a shipped one')
    .command('new')
    .description('print a starting edition file: every option at the base\'s value, each with a one-line comment')
    .requiredOption('--base <id>', 'the edition it changes: a shipped id, or an edition file')
    .action((o: { base: string }) => {
      const base = rulesetArgument(o.base, '--base');
      if (!base.options) throw new UsageError(`--base: '${base.id}' is not a 40K edition: an edition file builds on ${Object.values(RULESETS).filter((r) => isRuleset(r) && r.options && !r.file).map((r) => r.id).join(', ')}`);
      // its id is none of those known: the base's, a shipped edition's, one of the files read to reach the base
      out(editionTemplate(base, o.base, (id) => Object.hasOwn(RULESETS, id) || Object.hasOwn(PLANNED, id)));
    });

  program
    .command('validate <files...>')
    .description('check roster, scenario, check, matrix and edition files; report every problem')
    .action((files: string[]) => {
      const problems: string[] = [];
      const seen = new Set<string>();
      const shown = new Map<string, number>();
      const tally = { total: 0 };
      for (const f of files) {
        try {
          const weapons = validateFile(f);
          out([`${f}: ok`, ...weaponEditionLines(weapons)].join('\n'));
        } catch (e) {
          if (!(e instanceof InputError)) throw e;
          // a roster several files use is reported once
          problems.push(...formatProblems(e.problems, seen, shown, tally));
        }
      }
      if (problems.length > 0) {
        process.stderr.write(`${problems.join('\n')}\n${tally.total} problem${tally.total === 1 ? '' : 's'}\n`);
        process.exitCode = 2;
      }
    });

  program
    .command('import <list>')
    .description('a BattleScribe or New Recruit roster (.ros, or .rosz zipped) as an assault roster (YAML); what is not recognised is listed on stderr')
    .option('-o, --output <file>', 'write the roster to this file (default: standard output); nothing is written when the list cannot be imported')
    .action((list: string, o: { output?: string }) => {
      if (o.output !== undefined) checkWritable(o.output, 'output file');
      const roster = importRoster(list);
      const text = renderImport(roster);
      const notes = importNotes(roster);
      if (notes.length) process.stderr.write(`${notes.join('\n')}\n`);
      if (o.output !== undefined) writeOutput(o.output, text, 'output file');
      else process.stdout.write(text);
    });

  program
    .command('schema <kind>')
    .description(`print the JSON Schema of a file format (${SCHEMA_KINDS.join(', ')}) for editors`)
    .action((kind: string) => {
      const schema = jsonSchema(kind);
      if (!schema) throw new UsageError(`no schema '${kind}': choose ${SCHEMA_KINDS.join(', ')}`);
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
