// Matrix files for `assault batch`: scenario files and/or attackers x defenders (roster units,
// whole rosters, or variants written as scenario unit entries), checked in one pass and turned
// into matchups that build their scenario for each ruleset.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError, Problems } from '../errors.js';
import { Loader, loadScenario } from '../io/load.js';
import { MatrixFile, ScenarioUnit, type MatrixFileT, type RosterT, type ScenarioUnitT } from '../io/schema.js';
import { own as ownEntry } from '../own.js';
import { offerNames } from '../suggest.js';
import { Unreadable, unreadableAt } from '../io/readtext.js';
import { YamlFile } from '../io/yamlfile.js';
import type { Scenario } from '../model.js';
import { DEFAULT_RULESET, editionsWithFiles, getEdition, getRuleset, rulesetProblem } from '../editions/registry.js';
import type { Edition, MatchupReader } from '../engine/edition.js';
import { z } from 'zod';
import { fileAccess } from '../io/access.js';
import { WrongKind } from '../io/kind.js';
import { rulesAt } from '../io/edition.js';
import { variantLabel, versus } from '../report/labels.js';

/** An attacker or defender of a matrix: a roster unit, or a variant of one (a scenario unit entry). */
export interface Entry {
  label: string;
  /** the plain reference `faction/unit` when it is one (`sim --attacker` can replay it), else null */
  ref: string | null;
  unit: ScenarioUnitT;
  /** where it is written, for messages */
  at: YamlFile;
  path: (string | number)[];
}

export interface Matchup {
  label: string;
  /** a scenario file, or attacker and defender entries */
  source: { scenario: string } | { attacker: Entry; defender: Entry };
  build(rules: string): Scenario;
}

export interface Matrix {
  file: string;
  runs: number;
  seed: string;
  rules: string[];
  /** the matrix's `rounds`, for every matchup (scenario files too); null: each keeps its own */
  rounds: number | 'resolve' | null;
  /** the matrix's `distance` (cm) for every attacker of an edition that takes one (epic); null: none given */
  distance: number | null;
  /** where attacker and defender references are looked up, when that differs from the current folder's lookup */
  rosterDir: string | null;
  matchups: Matchup[];
}

/** A roster reference given on the command line, as an entry (located in a file of its own). */
function refEntry(ref: string, side: 'attacker' | 'defender', fromFile: string): Entry {
  const at = YamlFile.parse(fromFile, `${side}: ${JSON.stringify(ref)}\n`);
  return { label: ref, ref, unit: { unit: ref }, at, path: [side] };
}

/** Build a one-unit-a-side scenario: the attacker charges. A `loader` given is reused (its rosters read once). */
export function matchupScenario(attacker: string | Entry, defender: string | Entry, rules: string, rounds: number | 'resolve', fromFile: string, loader?: Loader): Scenario {
  const ae = typeof attacker === 'string' ? refEntry(attacker, 'attacker', fromFile) : attacker;
  const de = typeof defender === 'string' ? refEntry(defender, 'defender', fromFile) : defender;
  // an edition with files of its own (epic) builds its matchups itself, at its own default distance
  const files = getEdition(rules).files;
  if (files) return ownMatchup(ae, de, files.matchups(rules, fileAccess(loader ?? new Loader(getRuleset(DEFAULT_RULESET)))));
  loader ??= new Loader(getRuleset(rules));
  const a = loader.scenarioUnit(ae.unit, 'attacker', ae.at, ae.path);
  const d = loader.scenarioUnit(de.unit, 'defender', de.at, de.path);
  if (!a || !d || loader.problems.list.length) throw new InputError(loader.problems.list);
  return { name: versus(a.name, d.name), rules, rounds, attacker: { units: [a] }, defender: { units: [d] }, file: null };
}

/** A matchup an edition with files of its own builds (epic: one detachment a side), named as every matchup is; `distance`: a matrix's. */
function ownMatchup(a: Entry, d: Entry, reader: MatchupReader, distance?: number): Scenario {
  const s = reader.matchup(a, d, distance);
  return { ...s, name: versus(s.attacker.units[0]!.name, s.defender.units[0]!.name) };
}

/** The unit keys of a 40K roster `stem` names from `fromFile`, or null (not found, or broken: its problems are in the loader's). */
function rosterUnits(loader: Loader, stem: string, fromFile: string): { file: string; units: string[]; vehicles: string[] } | null {
  const r = loader.roster(stem, fromFile);
  if (!r) return null;
  const units = Object.keys(r.data.units);
  return { file: r.yaml.file, units, vehicles: units.filter((u) => drivenOff(r.data as RosterT, u)) };
}

/** A roster unit that holds a vehicle that is not a walker (vehicles.md V21: it never charges). */
function drivenOff(roster: RosterT, key: string): boolean {
  // a model group is a vehicle by its own `type`, or by the type of the roster model it names
  const typeOf = (e: { type?: string; model?: string }) => e.type ?? (e.model !== undefined ? ownEntry(roster.models ?? {}, e.model)?.type : undefined);
  return (ownEntry(roster.units, key)?.models ?? []).some((e) => typeOf(e) === 'vehicle');
}

/** At most this many rows in one batch (matchups x rulesets): a bigger matrix is refused, not run for hours. */
export const MAX_ROWS = 10_000;

/** Entries whose labels repeat get a number, so that every row, pivot cell and summary line is its own. */
function unique(entries: Entry[]): Entry[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const n = (seen.get(e.label) ?? 0) + 1;
    seen.set(e.label, n);
    return n === 1 ? e : { ...e, label: `${e.label} #${n}` };
  });
}

/** The edition with files of its own (epic) that a matrix's `rules` name, if any (read before the matrix is checked: it says what a variant is). */
function filesOfRules(data: unknown): { id: string; edition: Edition } | null {
  const rules = data !== null && typeof data === 'object' ? (data as { rules?: unknown }).rules : undefined;
  const ids = typeof rules === 'string' ? [rules] : Array.isArray(rules) ? rules.filter((r): r is string => typeof r === 'string') : [];
  for (const id of ids) if (!rulesetProblem(id) && getEdition(id).files) return { id, edition: getEdition(id) };
  return null;
}

/** What of a malformed matrix can still be checked: its well-formed entries and settings. */
function partialMatrix(data: unknown, variant: z.ZodType = ScenarioUnit): MatrixFileT {
  const raw = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  // entries keep their places (messages name them by index); a malformed one is null, skipped
  const entries = (key: string) => (Array.isArray(raw[key]) ? raw[key] : []).map((e) =>
    ((typeof e === 'string' && e.length > 0) || variant.safeParse(e).success ? e : null)) as MatrixFileT['attackers'];
  const ok = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, v: unknown): T | undefined => {
    const r = schema.safeParse(v);
    return r.success ? r.data : undefined;
  };
  return {
    rules: ok(MatrixFile.shape.rules, raw.rules), scenarios: ok(MatrixFile.shape.scenarios, raw.scenarios),
    attackers: raw.attackers === undefined ? undefined : entries('attackers'), defenders: raw.defenders === undefined ? undefined : entries('defenders'),
  };
}

/** Read and check a matrix file (`yaml`: the file, read already), every problem found in one pass. */
export function loadMatrix(file: string, opts: { runs?: number; seed?: string } = {}, yaml = YamlFile.read(file)): Matrix {
  // under an edition with files of its own (epic) a variant is a unit entry as its scenarios write one, checked as there
  const files = filesOfRules(yaml.data);
  const schema = files ? MatrixFile.extend({ attackers: z.array(z.union([z.string().min(1), files.edition.files!.variant])).optional(), defenders: z.array(z.union([z.string().min(1), files.edition.files!.variant])).optional() }) : MatrixFile;
  const { value, problems } = yaml.validate(schema);
  // a file that does not fit the schema is still checked entry by entry, so one pass finds every problem
  const m: MatrixFileT = (value as MatrixFileT | null) ?? partialMatrix(yaml.data, files?.edition.files!.variant);
  // at most MAX_PROBLEMS_COLLECTED located per file, the rest counted
  const out = new Problems();
  out.addAll(files ? files.edition.files!.words(problems, files.id) : problems);
  const given = m.rules === undefined ? [DEFAULT_RULESET] : typeof m.rules === 'string' ? [m.rules] : m.rules;
  // ids, and edition files relative to this file (read and registered: their ids from here on)
  const rules = given.map((r, i) => {
    const at = rulesAt(r, yaml, typeof m.rules === 'string' ? ['rules'] : ['rules', i]);
    out.addAll(at.problems);
    return at.id ?? r;
  });
  const loader = new Loader(getRuleset(DEFAULT_RULESET));
  // an edition with files of its own (epic, rules/epic.md E1) reads rosters no other edition can:
  // rulesets that read different files cannot share a matrix
  const known = rules.filter((r) => !rulesetProblem(r));
  const formats = [...new Set(known.map((r) => getEdition(r).files))];
  if (formats.length > 1) {
    const kinds = formats.map((f) => known.filter((r) => getEdition(r).files === f).join(', '));
    out.add(yaml.problem(['rules'], `${kinds.join(' and ')} cannot share a matrix: their rosters hold different kinds of units (another game's units, 40K models)`));
  }
  // an edition fought in one phase (epic, E12) takes no `rounds` above 1
  const onePhase = known.map((r) => getEdition(r).onePhase).find((w) => w !== undefined);
  if (onePhase && typeof m.rounds === 'number' && m.rounds > 1) out.add(yaml.problem(['rounds'], `rounds is ${m.rounds}: ${onePhase}: write 1 or resolve`));
  // one loader per ruleset for the whole matrix, all with the rosters the entries were checked
  // against: each roster file is read and validated once
  const loaders = new Map<string, Loader>();
  const loaderFor = (r: string) => {
    if (!loaders.has(r)) loaders.set(r, new Loader(getRuleset(r), loader));
    return loaders.get(r)!;
  };
  // a unit is checked under every 40K ruleset the matrix fights it under (their armouries, their vehicle rules), as batch builds it
  const fortyK = known.filter((r) => getEdition(r).files === undefined);
  const checkedUnder = fortyK.length > 0 ? fortyK : [DEFAULT_RULESET];
  const fits = (unit: ScenarioUnitT, side: 'attacker' | 'defender', at: YamlFile, path: (string | number)[]) =>
    checkedUnder.map((r) => loaderFor(r).scenarioUnit(unit, side, at, path) !== null).every(Boolean);
  const ownRules = known.find((r) => getEdition(r).files !== undefined);
  const own: MatchupReader | null = ownRules !== undefined ? getEdition(ownRules).files!.matchups(ownRules, fileAccess(loader)) : null;
  if (!own?.takesDistance && m.distance !== undefined) {
    out.add(yaml.problem(['distance'], `distance (cm) is for matrices under rules: ${editionsWithFiles().map((e) => e.id).join(' or ')}; a 40K matchup starts in base contact`));
  }
  // a message with a suggestion is made only while the file has room for problems: past it, counted
  const report = (path: (string | number)[], message: () => string) => {
    if (out.room(yaml.file)) out.add(yaml.problem(path, message()));
    else out.skip(yaml.file);
  };
  const expand = (key: 'attackers' | 'defenders'): Entry[] => {
    const entries: Entry[] = [];
    (m[key] ?? []).forEach((item, i) => {
      if (item === null) return; // malformed: already reported by the schema
      if (typeof item !== 'string') {
        // a variant: a scenario unit entry, checked here so that its problems are found at load
        const side = key === 'attackers' ? 'attacker' : 'defender';
        if (item.unit === undefined && item.models === undefined) {
          out.add(yaml.problem([key, i], 'a variant needs `unit` (a roster reference) or `name` and `models`'));
          return;
        }
        if (item.nearby) {
          out.add(yaml.problem([key, i, 'nearby'], 'a unit of a matchup fights: `nearby` has no place here'));
          return;
        }
        // a matchup is one unit against one: there is nobody else to be locked with or to split attacks among
        const alone = (['lockedWith', 'attackSplit'] as const).find((k) => item[k] !== undefined);
        if (alone) {
          out.add(yaml.problem([key, i, alone], `a matchup is one unit against one: \`${alone}\` has no place here`));
          return;
        }
        if (own) {
          const entry: Entry = { label: variantLabel(item), ref: null, unit: item, at: yaml, path: [key, i] };
          if (own.check(entry, side)) entries.push(entry);
          return;
        }
        if (fits(item, side, yaml, [key, i])) entries.push({ label: variantLabel(item), ref: null, unit: item, at: yaml, path: [key, i] });
        return;
      }
      const parts = item.split('/');
      const [stem, unit] = parts as [string, string | undefined];
      if (parts.length > 2 || !stem || unit === '') {
        out.add(yaml.problem([key, i], `'${item}' is not a unit reference: write <faction file>/<unit>, or a roster file's stem alone`));
        return;
      }
      const roster: { file: string; units: string[]; vehicles?: string[] } | null = own ? own.rosterUnits(stem, file) : rosterUnits(loader, stem, file);
      if (!roster) {
        // a roster of another game (a 40K roster under epic): said at this entry, once
        const foreign = own?.foreignRoster(stem, file, item);
        if (foreign) {
          out.add(yaml.problem([key, i], foreign));
          return;
        }
        // a roster read but broken: its own problems, located in it, say why
        const missing = loader.rosterPath(stem, file) && own ? null : loader.rosterMissing(stem, file);
        if (missing) report([key, i], missing);
        return;
      }
      const ref = (u: string): Entry => ({ label: `${stem}/${u}`, ref: `${stem}/${u}`, unit: { unit: `${stem}/${u}` }, at: yaml, path: [key, i] });
      const units = roster.units;
      // a vehicle that is not a walker never charges (vehicles.md V21): a roster's stem alone attacks with its other units
      const charges = (u: string) => key !== 'attackers' || !(roster.vehicles?.includes(u) ?? false);
      if (unit === undefined) entries.push(...units.filter(charges).map(ref));
      else if (!units.includes(unit)) report([key, i], () => `no unit '${unit}' in ${roster.file}${offerNames(unit, units, 'units')}`);
      else if (charges(unit)) entries.push(ref(unit));
      else out.add(yaml.problem([key, i], `'${item}' is a vehicle that is not a walker: it never charges (its close combat is tank shock, out of scope: vehicles.md V21); put it among the defenders`));
    });
    return entries;
  };
  const attackers = unique(expand('attackers'));
  const defenders = unique(expand('defenders'));
  // a roster's units too: `validate` says what every row would (a vehicle under waffle, V16)
  if (!own) {
    for (const [side, list] of [['attacker', attackers], ['defender', defenders]] as const) {
      for (const e of list) if (e.ref !== null) fits(e.unit, side, e.at, e.path);
    }
  }
  out.addAll(loader.problems.list);
  // under a ruleset that cannot fight some unit at all (a vehicle under waffle, V16) that is said alone, not what else it lacks for that unit
  for (const l of loaders.values()) out.addAll(l.rulesetProblems.length > 0 ? l.rulesetProblems : l.problems.list);
  if (own) out.addAll(own.problems.list);
  const planned = (m.scenarios?.length ?? 0) + attackers.length * defenders.length;
  // too many rows: said at once, before any scenario is read or any matchup made (rules ruling 29)
  const tooMany = planned * rules.length > MAX_ROWS;
  if (tooMany) {
    out.add(yaml.problem([], `the matrix makes ${planned * rules.length} rows (${attackers.length} attackers x ${defenders.length} defenders${m.scenarios?.length ? ` + ${m.scenarios.length} scenarios` : ''}, x ${rules.length} rulesets); at most ${MAX_ROWS}: split it`));
  }
  if ((m.attackers === undefined) !== (m.defenders === undefined)) {
    out.add(yaml.problem([], '`attackers` and `defenders` go together'));
  }
  const matchups: Matchup[] = [];
  // a scenario named again is the one read already, or refused already (a file naming one
  // scenario 10,000 times is read at once): its problems are said at its first entry
  const firstOf = new Map<string, Scenario | null>();
  (tooMany ? [] : m.scenarios ?? []).forEach((s, i) => {
    const path = resolve(dirname(file), s);
    if (firstOf.get(path) === null) return;
    try {
      const readBefore = firstOf.has(path);
      const first = firstOf.get(path) ?? loadScenario(path, { rules: rules[0] && !rulesetProblem(rules[0]) ? rules[0] : undefined, rulesBy: "the matrix's rules" });
      firstOf.set(path, first);
      const rounds = m.rounds;
      // and under each other ruleset of the matrix: `validate` says what every row would
      if (!readBefore) for (const r of known) if (r !== rules[0]) loadScenario(path, { rules: r, rulesBy: "the matrix's rules" });
      matchups.push({ label: first.name, source: { scenario: path }, build: (r) => {
        const s = loadScenario(path, { rules: r, rulesBy: "the matrix's rules" });
        return rounds === undefined ? s : { ...s, rounds };
      } });
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      firstOf.set(path, null);
      // the scenario file itself cannot be read: said at the matrix's entry
      if (e instanceof WrongKind && e.file === path) out.add(yaml.problem(['scenarios', i], e.namedBy(`scenarios[${i}]`)));
      else if (e instanceof Unreadable && e.file === path) out.add(yaml.problem(['scenarios', i], e.reason === 'no such file' ? `no scenario file ${path}` : unreadableAt('scenario', e)));
      else out.addAll(e.problems);
    }
  });
  const rounds = m.rounds ?? 'resolve';
  for (const a of tooMany ? [] : attackers) {
    for (const d of defenders) {
      const build = own ? (r: string) => ({ ...ownMatchup(a, d, own, m.distance), rules: r }) : (r: string) => matchupScenario(a, d, r, rounds, file, loaderFor(r));
      matchups.push({ label: versus(a.label, d.label), source: { attacker: a, defender: d }, build });
    }
  }
  if (matchups.length === 0 && out.list.length === 0) out.add(yaml.problem([], 'no matchups: give `scenarios` or `attackers` and `defenders`'));
  if (out.list.length) throw new InputError(out.list);
  // the replay command names the matrix's folder only when its rosters are not the ones the current folder would find
  const here = join(process.cwd(), '(command line)');
  const stems = [...new Set([...attackers, ...defenders].flatMap((e) => (e.unit.unit ? [e.unit.unit.split('/')[0]!] : [])))];
  const same = stems.every((st) => loader.rosterCandidates(st, file).find((f) => existsSync(f)) === loader.rosterCandidates(st, here).find((f) => existsSync(f)));
  return {
    file, runs: opts.runs ?? m.runs ?? 5000, seed: opts.seed ?? String(m.seed ?? 1), rules, rounds: m.rounds ?? null, distance: m.distance ?? null,
    rosterDir: same ? null : dirname(resolve(file)), matchups,
  };
}
