// What every edition has, whatever its game: its name and document, what it says of itself,
// the profile its files' models carry, and (where it is not fought by the 40K steps of
// engine/steps.ts) how a fight of it is fought and enumerated. `Ruleset` (engine/ruleset.ts)
// is the 40K edition: this core and the charts, armoury and hooks the four 40K editions share.
import type { Chance } from '../dice.js';
import type { FightOutcome } from './fight.js';
import type { FightEvent, Log } from './events.js';
import type { Scenario } from '../model.js';

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
  /** its own fight (unset: the 40K steps of its `procedure`, engine/steps.ts) */
  ownFights?(scenario: Scenario): OwnFights;
}
