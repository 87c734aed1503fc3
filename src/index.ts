// The library: load files, fight a scenario with a seed, simulate it, run batches and checks,
// and render any of it as text. The CLI (src/cli/) imports only this module: it parses
// arguments and prints what these functions return.

export { loadScenario, checkRoster } from './io/load.js';
export { validateFile } from './validate.js';
export { InputError, UsageError, formatProblem, formatProblems, type Problem } from './errors.js';
export { SCHEMAS, SCHEMA_KINDS, jsonSchema } from './io/schema.js';
export { RULESETS, PLANNED, DEFAULT_RULESET, getEdition, getRuleset, registerRuleset } from './editions/registry.js';
export { stepsNeeded } from './editions/derive.js';
export type { Edition, EditionTable, OwnFights, ProfileKind } from './engine/edition.js';
export { commandLineRules, isEditionPath, loadEditionFile, MAX_EDITION_DEPTH, rootOf, rulesArgument, rulesetArgument } from './io/edition.js';
export type { RuleOptions } from './engine/options.js';
export { isRuleset, type Ruleset } from './engine/ruleset.js';
export { simulate, type SimOptions } from './sim/run.js';
export { exact, TooLarge, TooLargeEstimate, estimateStates, STATE_BUDGET, LATER_STATE_BUDGET, ATOM_BUDGET, type ExactOptions } from './exact/exact.js';
export { runsFor, SIM_SE, type Precision } from './sim/precision.js';
export { withSimTime } from './render/refusal.js';
export type { SimReport } from './report/aggregate.js';
export { loadMatrix, matchupScenario, pivotCsv, runBatch, sortRows, summaryCsv, toCsv, type BatchRow, type Matrix } from './batch/batch.js';
export { pivots, summaries } from './batch/views.js';
export { checkFilesIn, findCheckFiles, loadCheck, reportPaths, runChecks } from './check/check.js';
export type { CheckRun, ExpectationResult } from './report/check-run.js';
export { junit } from './render/junit.js';
export { renderLog } from './render/text.js';
export { renderReport, reportJson } from './render/report.js';
export { renderBatch, renderPivot, renderSummary } from './render/batch.js';
export { renderSimHtml } from './render/html-sim.js';
export { renderBatchHtml } from './render/html-batch.js';
export { shellWord } from './batch/shell.js';
export { renderCheck } from './render/check.js';
export { renderRuleset } from './render/rules.js';
export { editionTemplate, renderDiff, OPTION_NOTES, weaponEditionLines } from './render/edition.js';
export { grouped } from './report/numbers.js';
export { useColor } from './render/color.js';
export { importRoster, type ImportedRoster } from './import/roster.js';
export { renderImport, importNotes } from './render/import.js';
export { MAX_ROUNDS } from './model.js';
export { DiceChance, SeededDice, ScriptedDice, randomSeed, runSeed } from './dice.js';
export type { Chance, Dice } from './dice.js';
export { CountChance, DICE_STREAM } from './counts.js';
export { EVENTS_PROTOCOL, type FightEvent } from './engine/events.js';
export type { FightOutcome } from './engine/fight.js';
export type { Scenario, SideId } from './model.js';
export { fight, type FightOptions, type FightResult } from './sim/fight.js';
