// What every edition has, whatever its game: its name and document, what it says of itself,
// the profile its files' models carry, and (where it is not fought by the 40K steps of
// engine/steps.ts) how a fight of it is fought and enumerated, and (where its files are not
// 40K's) how they are read. `Ruleset` (engine/ruleset.ts) is the 40K edition: this core and the
// charts, armoury and hooks the four 40K editions share.
import type { z } from 'zod';
import type { Chance } from '../dice.js';
import type { Problem, Problems } from '../errors.js';
import type { FightOutcome } from './fight.js';
import type { FightEvent, Log } from './events.js';
import type { Scenario, SideId } from '../model.js';

/** The profile a file's models carry under an edition: 40K's (WS, S, T, W, I, A, Ld, Sv) or epic's (speed, assault, firepower, armour). */
export type ProfileKind = 'wh40k' | 'epic';

/**
 * A fight of an edition that brings its own steps (epic): built once per scenario, fought run
 * after run with a Chance, and enumerated for `exact`.
 */
export interface OwnFights {
  /** the log's first event, for run `run` of `seed` */
  start(seed: string, run: number | null): FightEvent;
  /** one fight: every die asked of `chance`, events pushed when `log` is an array */
  fight(chance: Chance, log: Log): FightOutcome;
  /**
   * every way the fight ends, each handed to `add` with its probability and the dice it rolls
   * (`exact`); the probabilities add up to 1 within 1e-15. `add` reads the outcome at once: it
   * may be reused for the next.
   */
  enumerate(add: (outcome: FightOutcome, p: number, dice: number) => void): void;
}

/** A place in a file: keys and indices from its top. */
export type KeyPath = readonly (string | number)[];

/** A YAML file as an edition's own reader sees it (io/yamlfile.ts's `YamlFile` is one): its data, checked and located. */
export interface YamlDoc {
  readonly file: string;
  readonly data: unknown;
  /** the whole file against `schema`, every problem located */
  validate<T>(schema: z.ZodType<T>): { value: T | null; problems: Problem[] };
  /** a problem at `path` (and `key` under it) */
  problem(path: KeyPath, message: string, key?: string): Problem;
}

/** What io/ lends an edition's reader: where roster files are, and reading a file (io/access.ts). */
export interface FileAccess {
  /** the roster file `stem` names from `fromFile`, or null */
  rosterPath(stem: string, fromFile: string): string | null;
  /** the roster stems `fromFile` could name, for "did you mean" */
  knownStems(fromFile: string): string[];
  /** `file` read as YAML; a problem located at the file when it cannot be read (`what` it is: "roster"); throws InputError when it is not YAML */
  readYaml(file: string, what: string): YamlDoc | Problem;
}

/** One side of a matchup as a matrix or the command line gives it: a roster reference or a variant, and where it is written. */
export interface MatchupSide {
  /** a roster reference, or a variant: a unit entry as the edition's `variant` schema reads it */
  unit: { unit?: string; name?: string; size?: number } & Record<string, unknown>;
  at: YamlDoc;
  path: KeyPath;
}

/** An edition's reader of matchups (a matrix's entries, `--attacker`/`--defender`), every problem collected in `problems`. */
export interface MatchupReader {
  readonly problems: Problems;
  /** a matrix's top-level `distance` means something to it */
  readonly takesDistance: boolean;
  /** the unit keys of the roster `stem` names from `fromFile`, or null (not found: the caller says so; broken: its problems are in `problems`) */
  rosterUnits(stem: string, fromFile: string): { file: string; units: string[] } | null;
  /** why the roster `stem` names from `fromFile` is not of this edition (a 40K roster under epic), said of `ref`, the reference to it; null when it is */
  foreignRoster(stem: string, fromFile: string, ref: string): string | null;
  /** `entry` checked as a side's unit: true when it can fight (else its problems are in `problems`) */
  check(entry: MatchupSide, side: SideId): boolean;
  /** the scenario of `attacker` charging `defender`, the attacker `distance` away (a matrix's `distance`; default the edition's); throws InputError */
  matchup(attacker: MatchupSide, defender: MatchupSide, distance?: number): Scenario;
}

/** The files of an edition whose files are not 40K's (epic): its formats and its reader, which io/ and batch/ call through the registry. */
export interface EditionFiles {
  /** a roster's data holds this edition's profiles: it is read here, and a 40K ruleset refuses it */
  holdsRoster(data: unknown): boolean;
  /** such a roster as a 40K ruleset's message names it: "an epic roster (...)" */
  rosterWords: string;
  /** the message for `key`, a key of its files, met in a file read under the 40K ruleset `rules`; null when it is not one */
  keyMessage(key: string, rules: string): string | null;
  /** a scenario file read under this edition (`rules`: its id or an edition file's); throws InputError listing every problem */
  scenario(yaml: YamlDoc, rules: string, access: FileAccess): Scenario;
  /** a roster file checked in full (`yaml` read already, named by its absolute path); throws InputError */
  checkRoster(yaml: YamlDoc, access: FileAccess): void;
  /** a reader of matchups under edition `rules` */
  matchups(rules: string, access: FileAccess): MatchupReader;
  /** the unit entry a matrix's variant is under this edition (epic: a detachment, as its scenarios write one) */
  variant: z.ZodType;
  /** problems of a file read under this edition's formats, in its words (a 40K key said to be one) */
  words(problems: readonly Problem[], rules: string): Problem[];
  /** its file formats by name, published beside the others (`assault schema NAME`) */
  schemas: Readonly<Record<string, z.ZodType>>;
}

/** A table an edition plays by, as `assault rules ID` prints it (epic: the bonus and result tables). */
export interface EditionTable { title: string; columns: readonly string[]; rows: readonly (readonly (string | number)[])[] }

export interface Edition {
  id: string;
  name: string;
  /** the source document in ../shared/rules/ */
  document: string;
  /** one paragraph: what this ruleset is */
  summary: string;
  /** what `assault rules ID` prints besides its tables: how it differs, its rulings */
  notes: string[];
  /** what the document holds that `assault` leaves out, and why (rules ruling 27): `assault rules ID` lists them */
  leftOut: readonly string[];
  /** the profile its files' models carry */
  profileKind: ProfileKind;
  /** the names of its steps in order, for `assault rules ID` (unset: the 40K procedure's) */
  stepNames?: readonly string[];
  /** the report paths it fills beyond the contract's (unset: none) */
  figures?: readonly string[];
  /** where its rules come from besides `document` (unset: the document alone) */
  sources?: readonly string[];
  /** the tables it plays by other than 40K's to-hit and to-wound charts (unset: none) */
  tables?: readonly EditionTable[];
  /** what a side loses, as reports count it: wounds (unset), or whole units (epic: one hit destroys a unit) */
  losses?: 'wounds' | 'units';
  /** why a fight of it is one assault phase, naming the ruling (epic: E12): `rounds` and `--rounds` above 1 are refused; unset: any rounds */
  onePhase?: string;
  /** its own files (unset: 40K's, read by io/) */
  files?: EditionFiles;
  /** its own fight (unset: the 40K steps of its `procedure`, engine/steps.ts) */
  ownFights?(scenario: Scenario): OwnFights;
}
