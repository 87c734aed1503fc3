// Edition files (*.edition.yaml): read, checked (every problem located), built over their base
// (a shipped edition, or another edition file read first) by editions/derive.ts and registered
// under their id, so that everything that takes a ruleset id takes them. A file is read once per
// thread; a worker thread reads the files this thread read (registry `editionFiles`).
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { AUTO_HIT } from '../dice.js';
import { deriveEdition, neededOver, STEP_LISTS, STEP_ORDER, type EditionSpec, type OptionsGiven, type StepList } from '../editions/derive.js';
import { editionFiles, editionFromFile, getRuleset, PLANNED, registerEditionFile, RULESETS, shippedRuleNames } from '../editions/registry.js';
import { isRuleset, type Chart, type Ruleset } from '../engine/ruleset.js';
import { InputError, Problems, UsageError, type Problem } from '../errors.js';
import { Unreadable, unreadableAt } from './readtext.js';
import { SPECIAL_RULES, type Weapon } from '../model.js';
import { own } from '../own.js';
import { plain } from '../plain.js';
import { didYouMean } from '../suggest.js';
import { Loader } from './loader.js';
import { abilityKeysBeside } from './beside.js';
import { notAgainstNames, readAbility, unknownNotAgainst } from './abilities.js';
import type { Ability } from '../abilities.js';
import { EditionFile, type EditionFileT } from './schema.js';
import { YamlFile, type Path } from './yamlfile.js';
import { kindOfFile, kindWords, WrongKind, wrongKind } from './kind.js';

/** At most this many edition files, one built on the next, down to a shipped edition. */
export const MAX_EDITION_DEPTH = 8;

/** A `rules` value that names an edition file, not an id: it has a folder or a YAML ending (ids are lowercase letters, digits and dashes). */
export function isEditionPath(rules: string): boolean {
  return /[/\\]/.test(rules) || /\.ya?ml$/i.test(rules);
}

/** How an edition file's name ends. */
const EDITION_FILE = /\.edition\.yaml$/i;

/** Edition files read in this thread, by absolute path: each ruleset and its depth (how many edition files down to its shipped edition, itself included). */
const READ = new Map<string, { ruleset: Ruleset; depth: number }>();

/** Past this many files on the way down a chain, reading stops: the file at the top is too deep already (a guard on the reader's own depth). */
const READ_GUARD = MAX_EDITION_DEPTH * 32;

/**
 * Read the edition file `file` (and the files it is built on), register it, and return its
 * ruleset. Throws an InputError listing every problem, located.
 */
export function loadEditionFile(file: string): Ruleset {
  return readEdition(resolve(file), []).ruleset;
}

/** Where a ruleset name was written: in a file (`rules:` of a scenario, check file or matrix), as an edition file's `base`, or on the command line (`--rules`). */
export type NamedIn = 'file' | 'base' | 'command line';

/** What a ruleset name means: a shipped edition's id, an edition file (its absolute path, not read yet), or a problem (said without the location). */
export type RulesName = { kind: 'id'; id: string } | { kind: 'file'; file: string } | { kind: 'problem'; problem: string };

/**
 * The one reading of a ruleset name, wherever it is written (`--rules`, `base:`, `rules:`): a
 * name with a folder or a YAML ending is a path, which must end .edition.yaml (any other file is
 * refused without being read) and is taken relative to `folder` (the naming file's folder, or
 * the working folder for the command line); anything else is the id of a shipped edition. The
 * id of an edition file is refused (it is known only once its file was read: name the file). A
 * `base` must be a 40K edition (one with charts and choices to change).
 */
export function rulesName(value: string, folder: string, where: NamedIn): RulesName {
  const shipped = where === 'base' ? fortyKIds() : shippedIds();
  const relativeTo = where === 'command line' ? 'the working folder' : 'this file';
  const choices = `${where === 'base' ? 'base is a shipped id of a 40K edition' : 'rules is a shipped id'} (${shipped.join(', ')}) or a path ending .edition.yaml, relative to ${relativeTo}`;
  const problem = (p: string): RulesName => ({ kind: 'problem', problem: p });
  if (isEditionPath(value)) {
    if (EDITION_FILE.test(value)) return { kind: 'file', file: resolve(folder, value) };
    // a YAML file of ours (a roster, a scenario ...) is named as what it is; any other file is never read
    const kind = /\.ya?ml$/i.test(value) ? kindOfFile(resolve(folder, value)) : null;
    return problem(`'${value}' is ${kind ? `${kindWords(kind)}, not an edition file` : 'not an edition file'}: ${choices}`);
  }
  const fromFile = editionFromFile(value)?.file?.path;
  if (fromFile) return problem(`'${value}' is the id of the edition file ${fromFile}: name the file, not its id (${choices})`);
  if (own(PLANNED, value)) return problem(`'${value}' (${own(PLANNED, value)}) is not implemented yet: ${choices}`);
  if (!own(RULESETS, value)) {
    const near = didYouMean(value, shipped);
    return problem(`unknown ${where === 'base' ? 'base' : 'ruleset'} '${value}'${near ? `${near} ${choices}` : `: ${choices}`}`);
  }
  if (where === 'base' && !shipped.includes(value)) {
    return problem(`'${value}' is not a 40K edition (it has no charts, sweep or Morale choices to change): ${choices}`);
  }
  return { kind: 'id', id: value };
}

/** The ids of the shipped editions, whatever their game (not those of edition files). */
function shippedIds(): string[] {
  return Object.keys(RULESETS).filter((id) => !editionFromFile(id));
}

/** The ids of the shipped 40K editions: those an edition file may build on. */
function fortyKIds(): string[] {
  return shippedIds().filter((id) => { const r = own(RULESETS, id); return r !== undefined && isRuleset(r) && r.options !== undefined; });
}

/**
 * The ruleset id the `rules` value at `path` of `yaml` means (an edition file relative to that
 * file, read and registered), or null with the problems: an unknown id or a missing file said at
 * `path`, an edition file's own problems in that file.
 */
export function rulesAt(value: string, yaml: YamlFile, path: Path): { id: string | null; problems: Problem[] } {
  const name = rulesName(value, dirname(yaml.file), 'file');
  if (name.kind === 'problem') return { id: null, problems: [yaml.problem(path, name.problem)] };
  if (name.kind === 'id') return { id: name.id, problems: [] };
  const file = name.file;
  try {
    return { id: loadEditionFile(file).id, problems: [] };
  } catch (e) {
    if (e instanceof Unreadable && e.file === file) return { id: null, problems: [yaml.problem(path, missing(e, 'edition file'))] };
    if (e instanceof WrongKind && e.file === file) return { id: null, problems: [yaml.problem(path, e.namedBy('rules'))] };
    if (e instanceof InputError) return { id: null, problems: e.problems };
    throw e;
  }
}

const missing = (e: Unreadable, what: string) => (e.reason === 'no such file' ? `no ${what} ${e.file}` : unreadableAt(what, e));

/** Read in a worker every edition file this thread read (bases first). */
export function readEditionFiles(files: readonly string[]): void {
  for (const f of files) loadEditionFile(f);
}

export { editionFiles };

/** How to name a ruleset on a command line run in the working folder: its id, or its edition file's path. */
export function rulesArgument(id: string): string {
  const file = editionFromFile(id)?.file?.path;
  if (!file) return id;
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** A ruleset named on the command line: an id (a UsageError if there is none), or an edition file relative to the working folder (its problems, located). */
export function rulesetArgument(value: string, option?: string): Ruleset {
  const name = rulesName(value, process.cwd(), 'command line');
  if (name.kind === 'problem') throw new UsageError(option ? `${option}: ${name.problem}` : name.problem);
  return name.kind === 'file' ? editionNamedBy(name.file, option ?? value) : getRuleset(name.id);
}

/** The edition file `file`, named on the command line by `option`: a file of another kind is said to be one, as the option's mistake. */
function editionNamedBy(file: string, option: string): Ruleset {
  try {
    return loadEditionFile(file);
  } catch (e) {
    if (e instanceof WrongKind && e.file === file) throw new UsageError(e.namedBy(option));
    throw e;
  }
}

/** The shipped edition at the bottom of a ruleset's chain (itself, for a shipped one). */
export function rootOf(r: Ruleset): Ruleset {
  return r.file ? getRuleset(r.file.root) : r;
}

function readEdition(file: string, chain: readonly string[]): { ruleset: Ruleset; depth: number } {
  const done = READ.get(file);
  if (done) return done;
  const yaml = YamlFile.read(file);
  // a scenario or roster saved under an edition file's name is said to be one, not read as an edition missing its keys
  const wrong = wrongKind(yaml, 'edition');
  if (wrong) throw wrong;
  const { value, problems } = yaml.validate(EditionFile);
  const all = new Problems();
  all.addAll(problems);
  all.throwIfAny();
  const data = value as EditionFileT;
  if (own(RULESETS, data.edition) && !editionFromFile(data.edition) || own(PLANNED, data.edition)) {
    all.add(yaml.problem(['edition'], `'${data.edition}' is the id of a shipped edition: an edition file needs an id of its own (say ${data.edition}-house)`));
  }
  const base = baseOf(data.base, file, chain, yaml, all);
  if (!base) all.throwIfAny();
  const spec = specOf(data, file, base!.ruleset, yaml, all);
  all.throwIfAny();
  const ruleset = deriveEdition(base!.ruleset, spec);
  const clash = registerEditionFile(ruleset);
  if (clash) {
    all.add(yaml.problem(['edition'], clash));
    all.throwIfAny();
  }
  const read = { ruleset, depth: base!.depth + 1 };
  READ.set(file, read);
  return read;
}

/**
 * The ruleset `base` names (a shipped 40K id, or an edition file read now) and its depth (0 for
 * a shipped edition), or null with the problem added. The depth limit is the file's own: how
 * many edition files lead from it down to its shipped edition, whichever files were read before.
 */
function baseOf(base: string, file: string, chain: readonly string[], yaml: YamlFile, all: Problems): { ruleset: Ruleset; depth: number } | null {
  const name = rulesName(base, dirname(file), 'base');
  if (name.kind === 'problem') {
    all.add(yaml.problem(['base'], name.problem));
    return null;
  }
  if (name.kind === 'id') return { ruleset: getRuleset(name.id), depth: 0 };
  const path = name.file;
  const loop = [...chain, file];
  if (loop.includes(path)) {
    const from = loop.indexOf(path);
    const names = [...loop.slice(from), path].map((f) => relative(dirname(file), f) || f);
    all.add(yaml.problem(['base'], `'${base}' chains back to itself (${names.join(' -> ')}): base one edition file on another, ending at a shipped edition (${fortyKIds().join(', ')})`));
    return null;
  }
  const tooDeep = `'${base}' makes a chain of more than ${MAX_EDITION_DEPTH} edition files: build on a shipped edition nearer the top`;
  if (loop.length >= READ_GUARD) {
    all.add(yaml.problem(['base'], tooDeep));
    return null;
  }
  let below: { ruleset: Ruleset; depth: number };
  try {
    below = readEdition(path, loop);
  } catch (e) {
    if (e instanceof WrongKind && e.file === path) {
      all.add(yaml.problem(['base'], e.namedBy('base')));
      return null;
    }
    if (!(e instanceof Unreadable && e.file === path)) throw e;
    all.add(yaml.problem(['base'], `${missing(e, 'edition file')}: base is a shipped id of a 40K edition (${fortyKIds().join(', ')}) or an edition file relative to this one`));
    return null;
  }
  if (below.depth + 1 > MAX_EDITION_DEPTH) {
    all.add(yaml.problem(['base'], tooDeep));
    return null;
  }
  return below;
}

/** The file's data as the builder takes it; problems of charts, armoury and steps added. */
function specOf(d: EditionFileT, file: string, base: Ruleset, yaml: YamlFile, all: Problems): EditionSpec {
  const options: OptionsGiven = {};
  for (const k of ['charge', 'supporting', 'wounds', 'morale', 'sweep', 'consolidate', 'finalBlow', 'invulnerable'] as const) {
    if (d[k] !== undefined) (options as Record<string, unknown>)[k] = d[k];
  }
  const steps = d.steps ? stepsOf(d.steps, base, yaml, all) : undefined;
  return {
    // its words are printed by `rules` and every report's header: control characters (terminal escapes) removed, as a roster's names are
    id: d.edition, name: plain(d.name), file, baseAs: d.base,
    ...(d.document !== undefined ? { document: plain(d.document) } : {}),
    ...(d.summary !== undefined ? { summary: plain(d.summary) } : {}),
    ...(d.notes !== undefined ? { notes: d.notes.map(plain) } : {}),
    ...(d.toHit ? { toHit: chartOf(d.toHit) } : {}),
    ...(d.toWound ? { toWound: chartOf(d.toWound) } : {}),
    ...(d.armoury ? { armoury: armouryOf(d.armoury, base, yaml, all) } : {}),
    ...(d.abilities ? { abilities: abilitiesOf(d.abilities, d.edition, base, yaml, all) } : {}),
    options,
    ...(steps ? { steps } : {}),
  };
}

/** A chart as the engine reads it: the roll, AUTO_HIT for A, 0 for - (the schema keeps A out of a to-wound chart). */
function chartOf(rows: readonly (readonly (number | 'A' | '-')[])[]): Chart {
  return rows.map((row) => row.map((c) => (c === '-' ? 0 : c === 'A' ? AUTO_HIT : c)));
}

function armouryOf(armoury: NonNullable<EditionFileT['armoury']>, base: Ruleset, yaml: YamlFile, all: Problems): Record<string, Weapon> {
  // pairsOnlyWith may name a weapon of the base's armoury or of this file's
  const names: Record<string, Weapon> = { ...base.armoury };
  for (const k of Object.keys(armoury)) names[k] ??= base.armoury[Object.keys(base.armoury)[0]!]!;
  const loader = new Loader({ ...base, armoury: names });
  const out: Record<string, Weapon> = {};
  for (const [k, def] of Object.entries(armoury)) {
    if (k in Object.prototype) {
      all.add(yaml.problem(['armoury'], `'${k}' cannot be a weapon key (it is a name every object has): choose another`, k));
      continue;
    }
    const w = loader.armouryWeapon(k, def, yaml, ['armoury', k]);
    if (w) out[k] = w;
  }
  all.addAll(loader.problems.list);
  return out;
}

/**
 * The file's abilities (abilities.md A2): each read as a roster's are; a key of the base's
 * abilities redefines that rule (the way to say what it means in this edition); a rule of code
 * (which the effects cannot express) is refused, as is a `notAgainst` name no rule has.
 */
function abilitiesOf(defs: NonNullable<EditionFileT['abilities']>, id: string, base: Ruleset, yaml: YamlFile, all: Problems): Record<string, Ability> {
  const out: Record<string, Ability> = {};
  const coded = (key: string) => ((SPECIAL_RULES as readonly string[]).includes(key) && !Object.hasOwn(base.abilities, key)
    ? `'${key}' is a special rule of code, which the effects cannot express (abilities.md A2): an edition file redefines only the rules that are abilities (assault rules ${base.id} lists them), or adds one under a key of its own`
    : null);
  const report = (p: Path, m: string, k?: string) => all.add(yaml.problem(p, m, k));
  for (const [key, def] of Object.entries(defs)) {
    const a = readAbility(key, def, coded, report, ['abilities', key]);
    // its source, as `rules` lists it
    if (a) out[key] = { ...a, source: `edition file ${id}` };
  }
  const shipped = shippedRuleNames();
  const known = (n: string) => shipped.has(n) || Object.hasOwn(base.abilities, n) || Object.hasOwn(defs, n);
  for (const [key, def] of Object.entries(defs)) {
    for (const { name, path } of notAgainstNames(def, ['abilities', key])) {
      if (known(name) || abilityKeysBeside(yaml.file).has(name)) continue;
      report(path, unknownNotAgainst(name, [...shipped, ...Object.keys(base.abilities), ...Object.keys(defs), ...abilityKeysBeside(yaml.file)]));
    }
  }
  return out;
}

function stepsOf(steps: NonNullable<EditionFileT['steps']>, base: Ruleset, yaml: YamlFile, all: Problems): EditionSpec['steps'] {
  for (const list of STEP_LISTS) {
    const names = steps[list];
    if (!names) continue;
    const seen = new Set<string>();
    names.forEach((n, i) => {
      if (seen.has(n)) all.add(yaml.problem(['steps', list, i], `'${n}' is listed twice: a step is fought once in its list`));
      seen.add(n);
    });
  }
  for (const list of STEP_LISTS) {
    const names = steps[list];
    if (names) orderProblems(list, names, base, yaml, all);
  }
  const init = steps.initiative;
  if (init && init.includes('pileIn') && base.inches !== true) {
    all.add(yaml.problem(['steps', 'initiative', init.indexOf('pileIn')], `a pile-in at each Initiative step moves models that stand at distances in inches, which ${base.id} does not have: build on fightphase or waffle for it`));
  }
  return steps;
}

/** A step list that cannot fight or end as the rules say (derive.ts `STEP_ORDER`): each step missing or out of its place. */
function orderProblems(list: StepList, names: readonly string[], base: Ruleset, yaml: YamlFile, all: Problems): void {
  const order = STEP_ORDER[list];
  if (!order) return;
  const at = (n: string) => names.indexOf(n);
  let before: string | null = null;
  for (const { name, why, needs } of order.required) {
    if (at(name) < 0) {
      const where = before ? `after ${before}` : names.length > 0 ? `before ${names[0]}` : 'first';
      all.add(yaml.problem(['steps', list], `no ${name} step: ${why} (add ${name} ${where})`));
      continue;
    }
    if (before && at(name) < at(before)) {
      all.add(yaml.problem(['steps', list, at(name)], `${name} comes before ${before}: ${needs}; the ${list} list needs ${order.required.map((r) => r.name).join(', ')} in that order (put ${name} after ${before})`));
    }
    before = name;
  }
  for (const step of order.optional) {
    const { name, after, before: ahead, why } = step;
    const i = at(name);
    if (i < 0) {
      // needed over this base: refused, as a required step is (never put back unasked)
      if (neededOver(step, base)) all.add(yaml.problem(['steps', list], `no ${name} step: over ${base.id} ${step.needed} (add ${name}${after ? ` after ${after}` : ahead ? ` before ${ahead}` : ''})`));
      continue;
    }
    if (after && at(after) >= 0 && i < at(after)) all.add(yaml.problem(['steps', list, i], `${name} comes before ${after}: ${why} (put ${name} after ${after})`));
    if (ahead && at(ahead) >= 0 && i > at(ahead)) all.add(yaml.problem(['steps', list, i], `${name} comes after ${ahead}: ${why} (put ${name} before ${ahead})`));
  }
}

/** `--rules VALUE` on the command line: an id, or an edition file relative to the working folder; a UsageError or the file's problems otherwise. */
export function commandLineRules(value: string): string {
  const name = rulesName(value, process.cwd(), 'command line');
  if (name.kind === 'problem') throw new UsageError(`--rules: ${name.problem}`);
  return name.kind === 'file' ? editionNamedBy(name.file, '--rules').id : name.id;
}
