// Loading scenarios and checking rosters: YAML -> validated -> the data model, every problem
// located (the Loader, io/loader.ts, resolves units, weapons and rules).
import { basename, resolve } from 'node:path';
import type { Scenario, UnitSpec } from '../model.js';
import { DEFAULT_RULESET, editionOfRoster, editionsArming, editionsWithFiles, getEdition, getRuleset, rulesetProblem, shippedFortyK } from '../editions/registry.js';
import { fileAccess } from './access.js';
import { InputError, Problems, UsageError, type Problem } from '../errors.js';
import { ScenarioFile, ScenarioUnit, type ScenarioFileT } from './schema.js';
import { Loader } from './loader.js';
import { checkLocks } from './locks.js';
import { checkPlaces } from './places.js';
import { plain } from '../plain.js';
import { YamlFile } from './yamlfile.js';
import { wrongKind } from './kind.js';
import { commandLineRules, isEditionPath, rulesAt, rulesName } from './edition.js';

export { Loader, SHIPPED_ROSTERS } from './loader.js';

export interface LoadOptions {
  /** `--rules`: overrides the scenario's `rules` */
  rules?: string;
  /** what gave `rules`, for messages about the ruleset (default `--rules`; a check file's or a matrix's `rules`) */
  rulesBy?: string;
}

/** Read, validate and resolve a scenario file. Throws InputError listing every problem. */
export function loadScenario(file: string, opts: LoadOptions = {}): Scenario {
  const yaml = YamlFile.read(file);
  return scenarioFrom(yaml, opts);
}

export function scenarioFrom(yaml: YamlFile, opts: LoadOptions = {}): Scenario {
  // a roster (or matrix, check or edition file) named as a scenario is said to be one, not read as a scenario missing its sides
  const wrong = wrongKind(yaml, 'scenario');
  if (wrong) throw wrong;
  // an edition with files of its own (another game's) reads them itself
  const raw = yaml.data as Record<string, unknown> | null;
  const named = opts.rules ?? (raw && typeof raw === 'object' && typeof raw.rules === 'string' ? raw.rules : DEFAULT_RULESET);
  const files = rulesetProblem(named) === null ? getEdition(named).files : undefined;
  if (files) return files.scenario(yaml, named, fileAccess(new Loader(getRuleset(DEFAULT_RULESET))));
  const { value, problems } = yaml.validate(ScenarioFile);
  const all = new Problems();
  all.addAll(foreignKeys(problems, named));
  if (!value) {
    all.addAll(partialChecks(yaml, opts));
    throwRulesetFirst(all.list, yaml, opts, named);
    all.throwIfAny();
  }
  const data = value as ScenarioFileT;
  let id = opts.rules !== undefined ? optionRules(opts.rules) : DEFAULT_RULESET;
  let rulesProblem: string | null = null;
  if (opts.rules === undefined && data.rules !== undefined) {
    // an id, or an edition file relative to this file (its own problems are said in it)
    const r = rulesAt(data.rules, yaml, ['rules']);
    // go on with the default ruleset's armoury, so every other problem is found in this pass
    all.addAll(r.problems);
    if (r.id === null) rulesProblem = 'unusable';
    id = r.id ?? data.rules;
  }
  const loader = new Loader(getRuleset(rulesProblem ? DEFAULT_RULESET : id), undefined, opts.rules !== undefined ? opts.rulesBy ?? '--rules' : 'rules');
  const sides = { attacker: { units: [] as UnitSpec[] }, defender: { units: [] as UnitSpec[] } };
  for (const side of ['attacker', 'defender'] as const) {
    data[side].units.forEach((u, i) => {
      const spec = loader.scenarioUnit(u, side, yaml, [side, 'units', i]);
      if (spec) sides[side].units.push(spec);
    });
  }
  for (const side of ['attacker', 'defender'] as const) {
    if (data[side].units.every((u) => u.nearby === true)) {
      all.add(yaml.problem([side, 'units'], `every ${side} unit is \`nearby\`: a side needs at least one unit in the combat`));
    }
  }
  if (loader.problems.list.length === 0 && all.list.length === 0) {
    checkLocks(sides, yaml, loader.problems);
    checkPlaces(sides, yaml, loader.problems, loader.ruleset.inches === true);
  }
  all.addAll(loader.problems.list);
  // a ruleset that cannot fight the scenario at all (vehicles under waffle, V16) is its one problem: said alone
  if (loader.rulesetProblems.length > 0) throw new InputError(loader.rulesetProblems);
  throwRulesetFirst(all.list, yaml, opts, named);
  all.throwIfAny();
  return {
    name: plain(data.name ?? basename(yaml.file, '.yaml')),
    rules: id,
    rounds: data.rounds ?? 'resolve',
    attacker: sides.attacker,
    defender: sides.defender,
    file: yaml.file,
  };
}

/** Problems of a file read under the 40K ruleset `rules`, a key of another edition's files said to be one. */
function foreignKeys(ps: readonly Problem[], rules: string): Problem[] {
  const others = editionsWithFiles();
  return ps.map((p) => {
    const m = /^unknown key '([^']+)'/.exec(p.message);
    const message = m ? others.map((e) => e.files!.keyMessage(m[1]!, rules)).find((x) => x !== null) : undefined;
    return message ? { ...p, message } : p;
  });
}

/**
 * A scenario of another game (epic: its keys, its rosters) read under the 40K ruleset `named`: the
 * ruleset is its one real problem, said alone, naming what chose it (`--rules`, or the file's
 * `rules`), instead of every key and profile the 40K formats lack.
 */
function throwRulesetFirst(problems: readonly Problem[], yaml: YamlFile, opts: LoadOptions, named: string): void {
  const others = editionsWithFiles();
  const raw = yaml.data as Record<string, unknown> | null;
  // the units of the file, by key path: the file is the other game's when each of them is (its keys, or its roster)
  const units = (['attacker', 'defender'] as const).flatMap((side) => {
    const list = raw && typeof raw === 'object' ? (raw[side] as { units?: unknown } | undefined)?.units : undefined;
    return Array.isArray(list) ? list.map((_, i) => `${side}.units[${i}]`) : [];
  });
  const theirs = (e: (typeof others)[number], p: Problem) => p.message.includes(e.files!.rosterWords)
    || (/^'[^']+' is an? \S+ key, but the ruleset is /.test(p.message) && e.files!.keyMessage(/^'([^']+)'/.exec(p.message)![1]!, named) === p.message);
  const foreign = others.find((e) => {
    const found = problems.filter((p) => theirs(e, p));
    return found.length > 0 && units.every((u) => found.some((p) => p.path === u || p.path.startsWith(`${u}.`) || p.path.startsWith(`${u}[`)));
  });
  if (!foreign) return;
  const game = `${foreign.id} scenario (its units are ${foreign.id} detachments)`;
  if (opts.rules !== undefined) {
    const own = raw && typeof raw.rules === 'string' ? raw.rules : null;
    const by = opts.rulesBy ?? '--rules';
    const message = by === '--rules'
      ? `this is an ${game}, but --rules ${opts.rules} chose a 40K ruleset: run it with --rules ${foreign.id}${own === foreign.id ? ' or without --rules' : ''}`
      : `this is an ${game}, but ${by} chose ${opts.rules}, a 40K ruleset: it fights under ${foreign.id}`;
    throw new InputError([yaml.problem(own !== null ? ['rules'] : [], message)]);
  }
  const at = raw && typeof raw.rules === 'string' ? ['rules'] : [];
  const chosen = at.length > 0 ? `rules: ${named} chooses a 40K ruleset` : `with no rules: the ruleset is ${named}, a 40K one`;
  throw new InputError([yaml.problem(at, `this is an ${game}, but ${chosen}: write rules: ${foreign.id}`)]);
}

/**
 * When the file as a whole does not fit the schema, still check what can be checked (the
 * ruleset, every unit that is well formed on its own), so `validate` reports every problem.
 */
function partialChecks(yaml: YamlFile, opts: LoadOptions): Problem[] {
  const raw = (yaml.data ?? {}) as Record<string, unknown>;
  let id = opts.rules !== undefined ? optionRules(opts.rules) : DEFAULT_RULESET;
  const found: Problem[] = [];
  if (opts.rules === undefined && typeof raw.rules === 'string') {
    const r = rulesAt(raw.rules, yaml, ['rules']);
    found.push(...r.problems);
    id = r.id ?? DEFAULT_RULESET;
  }
  const loader = new Loader(getRuleset(id));
  loader.problems.addAll(found);
  for (const side of ['attacker', 'defender'] as const) {
    const units = (raw[side] as { units?: unknown } | undefined)?.units;
    if (!Array.isArray(units)) continue;
    units.forEach((u, i) => {
      const r = ScenarioUnit.safeParse(u);
      if (r.success) loader.scenarioUnit(r.data, side, yaml, [side, 'units', i]);
    });
  }
  return loader.problems.list;
}

/**
 * A ruleset given as an option (`--rules`, a check or matrix file's own): an id there is (an
 * edition file's too: its file was read by whoever resolved it), or an edition file relative to
 * the working folder, read by `rulesName` as `--rules` is; otherwise a UsageError.
 */
function optionRules(rules: string): string {
  if (isEditionPath(rules)) {
    const name = rulesName(rules, process.cwd(), 'command line');
    if (name.kind === 'problem') throw new UsageError(`--rules: ${name.problem}`);
    return name.kind === 'file' ? commandLineRules(rules) : name.id;
  }
  const problem = rulesetProblem(rules);
  if (problem) throw new UsageError(`--rules: ${problem}`);
  return rules;
}

/** An armoury weapon a lone roster names that not every shipped 40K edition has: the editions that have it. */
export interface WeaponEditions { weapon: string; editions: string[] }

/**
 * Validate a roster file in full: its schema, and every unit resolved (weapons, rules). `yaml`:
 * the file, read already. With `anyEdition` (a lone roster, for no one ruleset), a weapon of any
 * shipped 40K edition's armoury is taken, and those not every edition has are returned with the
 * editions that have them.
 */
export function checkRoster(file: string, rulesetId = DEFAULT_RULESET, yaml?: YamlFile, anyEdition = false): WeaponEditions[] {
  let read = yaml;
  if (!read) {
    try {
      read = YamlFile.read(file);
    } catch {
      // said below, where the roster is read as every roster is
    }
  }
  // a roster of an edition with files of its own (another game's) is checked by it
  const owner = read ? editionOfRoster(read.data) : undefined;
  if (read && owner) {
    owner.files!.checkRoster(read.named(resolve(file)), fileAccess(new Loader(getRuleset(DEFAULT_RULESET))));
    return [];
  }
  yaml = read;
  const loader = new Loader(getRuleset(rulesetId));
  loader.anyEdition = anyEdition;
  const roster = loader.rosterFile(resolve(file), yaml);
  // the roster itself cannot be read: said at the file
  const unreadable = loader.unreadableRoster(resolve(file));
  if (unreadable) throw unreadable;
  if (roster) for (const key of Object.keys(roster.data.units)) loader.rosterUnit(roster, key);
  for (const key of Object.keys(roster?.data.models ?? {})) {
    const def = roster!.data.models![key]!;
    loader.modelSpec(key, def, roster, roster!.yaml, ['models', key]);
  }
  // its weapons, those no model carries too
  for (const key of Object.keys(roster?.data.weapons ?? {})) loader.weapon(key, roster, roster!.yaml, ['weapons', key]);
  loader.problems.throwIfAny();
  const all = shippedFortyK().length;
  return [...loader.armouryUsed].sort().map((weapon) => ({ weapon, editions: editionsArming(weapon).map((r) => r.id) })).filter((w) => w.editions.length < all);
}
