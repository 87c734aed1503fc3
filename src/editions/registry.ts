// Ruleset ids to rulesets. The contract's ids not yet implemented are listed so that a user
// asking for one is told so, not that it does not exist.
import { UsageError } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { isRuleset, type Ruleset } from '../engine/ruleset.js';
import type { Edition } from '../engine/edition.js';
import { own } from '../own.js';
import { SPECIAL_RULES } from '../model.js';
import { revised4 } from './revised4/index.js';
import { srd4 } from './srd4/index.js';
import { fightphase } from './fightphase/index.js';
import { waffle } from './waffle/index.js';
import { epic } from './epic/index.js';

export const RULESETS: Readonly<Record<string, Edition>> = { srd4, revised4, fightphase, waffle, epic };

/** The editions every thread knows (a worker loads the registry afresh). */
const BUILT_IN = new Set(Object.keys(RULESETS));

/** Edition files read in this thread, by id: a worker reads them again (`editionFiles`). */
const FROM_FILES = new Map<string, Ruleset>();

/** Ruleset `id` is known in a worker thread too: built in, or read from an edition file (which the worker reads too); not one registered at run time. */
export function knownToWorkers(id: string): boolean {
  return BUILT_IN.has(id) || FROM_FILES.has(id);
}

/** Some edition was registered at run time by a program (a check file may name it: `check` then stays in this thread). */
export function registeredAtRunTime(): boolean {
  return Object.keys(RULESETS).some((id) => !BUILT_IN.has(id) && !FROM_FILES.has(id));
}

/** The edition files read in this thread, in the order read (bases first): what a worker reads before it fights. */
export function editionFiles(): string[] {
  return [...FROM_FILES.values()].map((r) => r.file!.path);
}

/** The edition of id `id` read from a file, if one was. */
export function editionFromFile(id: string): Ruleset | undefined {
  return FROM_FILES.get(id);
}

/**
 * Add an edition read from a file (io/edition.ts; `r.file` set). Its id may not be a shipped or
 * planned one, nor that of another file's edition: the message says why, else null.
 */
export function registerEditionFile(r: Ruleset): string | null {
  const was = FROM_FILES.get(r.id);
  if (was) return was.file!.path === r.file!.path ? null : `edition '${r.id}' is the id of ${was.file!.path} already: give this one another id`;
  if (Object.hasOwn(RULESETS, r.id) || Object.hasOwn(PLANNED, r.id)) return `'${r.id}' is the id of a shipped edition: an edition file needs an id of its own`;
  FROM_FILES.set(r.id, r);
  (RULESETS as Record<string, Ruleset>)[r.id] = r;
  return null;
}

/**
 * Add an edition at run time (a library user's own, or a test's). It is known in this thread
 * only, so a sim or batch that fights it, and a check while it is registered, stay in this
 * thread (`knownToWorkers`, `registeredAtRunTime`).
 */
export function registerRuleset(r: Edition): void {
  if (Object.hasOwn(RULESETS, r.id) || Object.hasOwn(PLANNED, r.id)) throw new Error(`ruleset '${r.id}' exists already`);
  (RULESETS as Record<string, Edition>)[r.id] = r;
}

export const PLANNED: Readonly<Record<string, string>> = {};

export const DEFAULT_RULESET = 'srd4';

/** Why `id` cannot be used, or null if it can. */
export function rulesetProblem(id: string): string | null {
  if (own(RULESETS, id)) return null;
  if (own(PLANNED, id)) return `ruleset '${id}' (${own(PLANNED, id)}) is not implemented yet; available: ${Object.keys(RULESETS).join(', ')}`;
  return `unknown ruleset '${id}'${didYouMean(id, [...Object.keys(RULESETS), ...Object.keys(PLANNED)])}; available: ${Object.keys(RULESETS).join(', ')}`;
}

/** The edition `id`, whatever its game. */
export function getEdition(id: string): Edition {
  const problem = rulesetProblem(id);
  if (problem) throw new UsageError(problem);
  return own(RULESETS, id)!;
}

/** The edition whose own files hold a roster of this data (epic's), or undefined: a 40K roster. */
export function editionOfRoster(data: unknown): Edition | undefined {
  return Object.values(RULESETS).find((e) => e.files?.holdsRoster(data));
}

/** The shipped 40K editions, in the order they are listed. */
export function shippedFortyK(): Ruleset[] {
  return Object.values(RULESETS).filter((e): e is Ruleset => BUILT_IN.has(e.id) && isRuleset(e));
}

/** Every name a shipped rule has in some shipped 40K edition (its abilities and its rules of code): a roster's ability may take none of them. */
export function shippedRuleNames(): ReadonlySet<string> {
  return (SHIPPED_NAMES ??= new Set([...SPECIAL_RULES, ...shippedFortyK().flatMap((e) => Object.keys(e.abilities))]));
}
let SHIPPED_NAMES: Set<string> | undefined;

/** The name a shipped ability `key` goes by (in the first shipped 40K edition that has it), or null: a rule of code, or none. */
export function shippedAbilityTitle(key: string): string | null {
  const e = shippedFortyK().find((r) => Object.hasOwn(r.abilities, key));
  return e ? e.abilities[key]!.name : null;
}

/** The shipped 40K editions whose armoury has the weapon `key`, in the order they are listed. */
export function editionsArming(key: string): Ruleset[] {
  return shippedFortyK().filter((e) => own(e.armoury, key) !== undefined);
}

/** Every weapon key of the shipped 40K editions' armouries, each once. */
export function shippedWeaponKeys(): string[] {
  return [...new Set(Object.values(RULESETS).flatMap((e) => (BUILT_IN.has(e.id) && isRuleset(e) ? Object.keys(e.armoury) : [])))];
}

/** The editions that read their own files (epic), each once. */
export function editionsWithFiles(): Edition[] {
  return Object.values(RULESETS).filter((e) => e.files !== undefined);
}

/** The 40K edition `id` (charts, armoury, the 40K steps); an edition of another game is refused. */
export function getRuleset(id: string): Ruleset {
  const e = getEdition(id);
  if (!isRuleset(e)) throw new UsageError(`ruleset '${id}' has no 40K charts or steps`);
  return e;
}

/** The 40K edition `id`, or null when `id` names an edition of another game (its profile kind). */
export function rulesetOrNull(id: string): Ruleset | null {
  const e = getEdition(id);
  return isRuleset(e) ? e : null;
}
