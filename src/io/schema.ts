// The file formats of ../shared/CONTRACT.md as zod schemas: they validate the YAML and are
// also published as JSON Schema (`assault schema roster|scenario|check|matrix`) for editors.
import { z } from 'zod';
import { ARMOURY_4TH } from '../editions/srd4/armoury.js';
import { PLANNED, RULESETS } from '../editions/registry.js';
import { STEP_NAMES } from '../editions/derive.js';
import { CHOICES } from '../engine/options.js';
import { CHARGE_BARS, MOVED, SHOT_TYPES, SPECIAL_RULES, VEHICLE_TYPES } from '../model.js';
import { REROLLS, WHENS } from '../abilities.js';
import { FEARLESS, SHIPPED_BY_NAME } from '../editions/abilities.js';

// Completions for editors (yaml-language-server offers `examples`); validation stays in load.ts,
// with located messages and suggestions.
const RULESET_IDS = [...Object.keys(RULESETS), ...Object.keys(PLANNED)];
const rulesetId = z.string().min(1).meta({ examples: RULESET_IDS }).describe('a ruleset id, or an edition file (*.edition.yaml) relative to this file');

const stat = z.number().int().min(0).max(10);
const save = z
  .union([z.number().int().min(2).max(7), z.string().regex(/^[2-6]\+$/, 'a save is written 3 or "3+"')])
  .describe('the roll needed: 3 or "3+"; 7 or left out: no save');

export const WeaponDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  strength: z
    .union([z.number().int().min(1).max(10), z.string().regex(/^(x[2-3]|\+[1-5]|user)$/, 'strength is x2, +1, a number or "user"')])
    .optional()
    .describe('x2 doubles basic Strength (max 10), +N adds, a number replaces it'),
  ap: z.number().int().min(1).max(6).optional().describe('armour piercing: no armour save of this value or worse'),
  ignoresArmour: z.boolean().optional().describe('no armour save at all (power weapons; invulnerable saves still apply)'),
  initiative: z.number().int().min(1).max(10).optional().describe('the bearer always strikes at this Initiative'),
  woundOn: z.number().int().min(2).max(6).optional().describe('wounds on this roll whatever the Toughness'),
  rerollFailedWounds: z.boolean().optional().describe('failed to-wound dice are re-rolled once (lightning claws)'),
  maxSave: z.number().int().min(2).max(6).optional().describe('no armour save better than this'),
  rending: z.boolean().optional().describe('a to-hit roll of 6 wounds automatically with no armour save'),
  singleHanded: z.boolean().optional().describe('counts toward the +1 Attack for two single-handed weapons'),
  force: z.boolean().optional().describe('a force weapon: a Psychic test after wounding can slay the wounded model'),
  grenade: z.enum(['frag', 'plasma', 'photon', 'krak', 'melta']).optional().describe('grenades: frag or plasma when charging a unit in cover, photon cancels the charge bonus; krak and melta: one attack against a vehicle'),
  penetration: z.enum(['d6', '2d6']).optional().describe('dice rolled for armour penetration against a vehicle: d6 (default) or 2d6 (chainfist, melta bombs)'),
  pairsOnlyWith: z.string().optional().describe('only another weapon with this key gives the two-weapon bonus (lightning claws)'),
  range: z.number().int().min(1).max(120).optional().describe('a ranged weapon: its range in inches (with type, and a number for strength)'),
  type: z.enum(SHOT_TYPES).optional().describe('a ranged weapon: assault, pistol, rapid-fire, heavy or salvo (waffle shoots with it; in close combat a pistol is a single-handed weapon)'),
  shots: z.number().int().min(1).max(20).optional().describe('a ranged weapon: shots (Assault 2: 2; default 1)'),
}).describe('a weapon written out in full');

export const Profile = z.strictObject({
  WS: stat.describe('Weapon Skill, 0-10'), BS: stat.describe('Ballistic Skill, 0-10'), S: stat.describe('Strength, 0-10'),
  T: stat.min(1).describe('Toughness, 1-10'),
  W: z.number().int().min(1).max(10).describe('Wounds, 1-10'),
  I: stat.describe('Initiative, 0-10'), A: stat.describe('Attacks, 0-10'), Ld: stat.describe('Leadership, 0-10'),
  Sv: save.optional().describe('armour save: 3 or "3+"; left out: none'),
  Inv: save.optional().describe('invulnerable save: 4 or "4+"; left out: none'),
}).describe('the characteristics profile');

const armour = z.number().int().min(1).max(15);
const notOnVehicles = z.unknown().optional().describe('never given: a vehicle is never wounded, never saves and never tests (vehicles.md V1)');

/** A vehicle's or a walker's profile (vehicles.md V1): instead of `profile`. */
export const VehicleProfile = z.strictObject({
  BS: stat.describe('Ballistic Skill, 0-10'),
  front: armour.describe('front armour, 1-15'), side: armour.describe('side armour, 1-15'), rear: armour.describe('rear armour, 1-15'),
  WS: stat.optional().describe('a walker: Weapon Skill, 0-10'), S: stat.optional().describe('a walker: Strength, 0-10'),
  I: stat.optional().describe('a walker: Initiative, 0-10'), A: stat.optional().describe('a walker: Attacks, 0-10'),
  T: notOnVehicles, W: notOnVehicles, Sv: notOnVehicles, Ld: notOnVehicles,
}).describe('a vehicle profile: BS and armour; a walker adds WS, S, I and A');

const vehicleKeys = {
  type: z.enum(['vehicle', 'walker']).optional().describe('a vehicle or a walker (with `vehicle:` instead of `profile:`)'),
  vehicle: VehicleProfile.optional(),
  types: z.array(z.enum(VEHICLE_TYPES)).optional().describe('vehicle types: fast, tank, open-topped (+1 on the damage table), skimmer'),
};

const distance = z.number().min(0).max(48)
  .describe('inches from the nearest enemy model (0: base contact; fightphase and waffle pile in 3" a step, engaged within 1"; srd4 and revised4: more than 0 is support)');

const wargear = z.array(z.union([z.string().min(1).meta({ examples: Object.keys(ARMOURY_4TH) }), WeaponDef]))
  .describe("armoury keys (or this roster's weapons), or weapons written out");
const rules = z.array(z.string().min(1).meta({ examples: [FEARLESS.key, ...SPECIAL_RULES, ...SHIPPED_BY_NAME.map((a) => a.key)] }))
  .describe("special rules: shipped rules and this roster's abilities, by key");

const modifier = z.number().int().min(-9).max(9);
/** One effect of an ability (abilities.md B): exactly one of the effect keys, with `when` and, on blows, `notAgainst`. */
export const EffectDef = z.strictObject({
  modify: z.strictObject({
    WS: modifier.describe('added to Weapon Skill').optional(), S: modifier.describe('added to Strength (after a weapon\'s)').optional(),
    T: modifier.describe('added to Toughness').optional(), I: modifier.describe('added to Initiative').optional(),
    A: modifier.describe('added to Attacks').optional(), Ld: modifier.describe('added to Leadership').optional(),
  }).describe('added to the characteristics (-9 to +9); the result is kept within 1-10 (A at least 0)').optional(),
  reroll: z.strictObject({
    roll: z.enum(REROLLS).describe('the roll re-rolled: hit, wound or save'),
    results: z.enum(['failed', 'ones']).optional().describe('which results: failed (the default) or ones'),
  }).describe('re-roll the rolls of one kind once').optional(),
  hitOn: z.number().int().min(2).max(6).describe('its blows hit on this roll (2-6) unless the chart gives better').optional(),
  feelNoPain: z.number().int().min(2).max(6).describe('each unsaved wound is ignored on a D6 of this (2-6) or more').optional(),
  eternalWarrior: z.literal(true).describe('never suffers Instant Death').optional(),
  chargeBonus: z.literal(false).describe('no +1 attack for charging').optional(),
  fearless: z.union([z.literal(true), z.strictObject({ models: z.number().int().min(1).max(200).describe('while it has this many living models') })])
    .describe('passes its Morale checks (always, or while it has enough models)').optional(),
  leadership: z.literal('models').describe('tests on the number of its living models when that is higher than its Leadership (at most 10)').optional(),
  strikeAt: z.number().int().min(1).max(10).describe('strikes at this Initiative (1-10)').optional(),
  engageAll: z.literal(true).describe('every model fights, in base contact').optional(),
  hitAndRun: z.literal(true).describe('leaves the combat at the end of a phase its side lost or drew').optional(),
  sweepProof: z.literal(true).describe('a sweeping advance that would destroy it holds it instead').optional(),
  when: z.enum(WHENS).optional().describe('always (default), charging, charged or firstRound'),
  notAgainst: z.array(z.string().min(1)).min(1).optional().describe('special rules or abilities: not against a unit most of whose models have one (hitOn, reroll of hits or wounds)'),
}).describe('one effect: exactly one of modify, reroll, hitOn, feelNoPain, eternalWarrior, chargeBonus, fearless, leadership, strikeAt, engageAll, hitAndRun, sweepProof');

/** An ability: a named special rule made of effects (abilities.md A1). */
export const AbilityDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  effects: z.array(EffectDef).min(1).describe('what it does: one or more effects'),
}).describe('a special rule written as effects');

export const ModelDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  profile: Profile.optional(),
  ...vehicleKeys,
  wargear: wargear.optional(),
  rules: rules.optional(),
}).describe('a kind of model');

/** A model group in a unit: a reference to a roster model, or a model written inline. */
export const ModelEntry = z.strictObject({
  model: z.string().min(1).optional().describe("a key of the roster's models (or <faction file>/<model key>)"),
  count: z.number().int().min(1).max(200).describe('how many, 1-200'),
  distance: distance.optional(),
  name: z.string().min(1).optional().describe('a model written inline: its name'),
  profile: Profile.optional(),
  ...vehicleKeys,
  wargear: wargear.optional(),
  rules: rules.optional(),
}).describe('a group of models: a roster model, or one written inline (name and profile)');

export const UnitDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  models: z.array(ModelEntry).min(1).describe('its model groups, the leader and special weapons included'),
  rules: rules.optional(),
  points: z.number().int().min(0).max(100_000).optional().describe('what the unit costs as listed (for per-100-points figures in batch)'),
  pointsPerModel: z.number().int().min(0).max(10_000).optional().describe('what each model more or less costs when a scenario resizes it (size)'),
}).describe('a unit, referred to as <file stem>/<unit key>');

export const Roster = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema an editor checks this file against'),
  faction: z.string().min(1).describe('the faction (say which codex in a comment)'),
  weapons: z.record(z.string(), WeaponDef).optional().describe("this faction's own weapons, by key"),
  abilities: z.record(z.string(), AbilityDef).optional().describe("this faction's own special rules, by key (lowercase letters, digits, dashes): rules lists name them"),
  models: z.record(z.string(), ModelDef).optional().describe('the kinds of models, by key'),
  units: z.record(z.string(), UnitDef).describe('the units, by key'),
}).describe('a roster file: rosters/<faction>.yaml');

export const ScenarioUnit = z.strictObject({
  unit: z.string().min(1).optional().describe('<faction file stem>/<unit key>'),
  name: z.string().min(1).optional().describe("the unit's name (a unit written inline, or a new name for a roster unit)"),
  models: z.array(ModelEntry).min(1).optional().describe('a unit written inline: its model groups'),
  size: z.number().int().min(1).max(200).optional().describe("resize the unit's largest model group"),
  charged: z.boolean().optional().describe('it charged this turn (default: true on the attacker side)'),
  inCover: z.boolean().optional().describe('it is in cover when charged (strikes first in the first round; waffle: a 5+ cover save against shots)'),
  coverSave: z.number().int().min(2).max(6).optional().describe('waffle: the save (2-6) its cover gives against shots, never against blows; the unit is in cover'),
  firedThisTurn: z.boolean().optional().describe('it fired in the shooting phase (revised4: no charge bonus)'),
  inContact: z.number().int()
    .min(1, 'inContact must be at least 1: a unit with no model in base contact is not in the combat (leave it out, or mark it nearby)')
    .optional().describe('models in base contact (at least 1); the rest are engaged support'),
  casualtyOrder: z.array(z.string().min(1)).optional().describe('model names or keys, first removed first (default: ordinary models, special weapons, leaders, characters; rules ruling 28)'),
  rules: rules.optional(),
  chargeDistance: z.number().positive().max(24).optional().describe('inches; the charge is rolled only when given'),
  difficultTerrain: z.boolean().optional().describe('the charge goes through difficult terrain (the highest of 2D6)'),
  points: z.number().int().min(0).max(100_000).optional().describe("what the unit costs here (default: the roster's points, resized with pointsPerModel)"),
  wargear: z.record(z.string(), wargear).optional().describe("other wargear for some of its models, by model key or name: { sergeant: [power-fist, pistol] }"),
  nearby: z.boolean().optional().describe('revised4: an unengaged friend within 6" (takes Wipe Out! checks only)'),
  distance: z.union([distance, z.record(z.string(), distance)]).optional()
    .describe('inches from the nearest enemy model: one number for every model, or by model key or name: { boy: 4 } (ruling 14)'),
  lockedWith: z.array(z.string().min(1)).min(1).optional().describe('multiple combats: the enemy units it is locked with, by name (default: every enemy unit)'),
  attackSplit: z.union([z.literal('even'), z.array(z.string().min(1)).min(1)]).optional()
    .describe('models engaged with several enemy units: even, or enemy unit names in priority order (default: the unit they hurt most)'),
  reaction: z.enum(['overwatch', 'fallBack', 'none']).optional().describe('waffle: its Reaction to Charge when charged (default: overwatch if it has a gun, else none)'),
  thisTurn: z.array(z.enum(CHARGE_BARS)).optional()
    .describe('waffle: what the unit did this turn that forbids a charge (003, Declare Charge): ran, wentToGround, fallingBack, firedRapidFire, firedSalvo, firedHeavy, firedOrdnance, changedFlightMode'),
  fieryCharge: z.boolean().optional().describe('waffle: having charged, it fires Assault and Pistol weapons at the unit charged, and loses the charge bonus attack'),
  moved: z.enum(MOVED).optional().describe('a vehicle unit: how far it moved in its last turn (stationary: hit automatically, combat: 4+, fast: 6; default stationary)'),
  useless: z.enum(['fallBack', 'fight']).optional().describe('"Our Weapons Are Useless": fallBack fails the Morale check on purpose when it cannot hurt any enemy it is locked with'),
});

export const Side = z.strictObject({ units: z.array(ScenarioUnit).min(1).describe("the side's units, in order") }).describe('a side of the combat');

const rounds = z.union([z.number().int().min(1).max(20), z.literal('resolve')]).describe('assault phases to fight (1-20), or resolve: until the combat ends');

export const ScenarioFile = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema an editor checks this file against'),
  name: z.string().optional().describe('the name the log and reports show (default: the file name)'),
  rules: rulesetId.optional().describe('the ruleset id (default srd4)'),
  rounds: rounds.optional(),
  attacker: Side.describe('the side whose turn it is; its units charged unless told otherwise'),
  defender: Side.describe('the side being charged'),
}).describe('a scenario: who fights whom, under which rules');

export type WeaponDefT = z.infer<typeof WeaponDef>;
export type ModelEntryT = z.infer<typeof ModelEntry>;
export type VehicleProfileT = z.infer<typeof VehicleProfile>;
export type RosterT = z.infer<typeof Roster>;
export type ScenarioUnitT = z.infer<typeof ScenarioUnit>;
export type ScenarioFileT = z.infer<typeof ScenarioFile>;

/** Every key any of our formats knows, for suggestions on misspelt keys. */
export const KNOWN_KEYS: string[] = [
  ...Object.keys(WeaponDef.shape), ...Object.keys(Profile.shape), ...Object.keys(VehicleProfile.shape), ...Object.keys(ModelEntry.shape),
  ...Object.keys(Roster.shape), ...Object.keys(ScenarioUnit.shape), ...Object.keys(ScenarioFile.shape),
];

const Expectation = z.strictObject({
  approx: z.number().optional().describe('the expected value (with within)'),
  within: z.number().nonnegative().optional().describe('how far from approx still passes'),
  min: z.number().optional().describe('the least value that passes'),
  max: z.number().optional().describe('the largest value that passes'),
}).describe('approx and within, or min and/or max');

/** `check` expectation files (*.check.yaml). */
export const CheckFile = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema an editor checks this file against'),
  name: z.string().optional().describe('a name for the report'),
  scenario: z.union([z.string().min(1), ScenarioFile]).describe('a scenario file relative to this file, or a scenario written inline'),
  rules: rulesetId.optional().describe("override the scenario's ruleset"),
  method: z.enum(['sim', 'exact']).optional().describe('how the expectations are measured: sim (default) or exact (assault exact: no runs, no seed)'),
  runs: z.number().int().min(1).max(10_000_000).optional().describe('combats to simulate (default 10000)'),
  seed: z.union([z.string(), z.number()]).optional().describe('the seed, kept as written (as sim --seed)'),
  expect: z.record(z.string(), Expectation).optional().describe('paths of the `sim --json` output'),
  fight: z.strictObject({
    seed: z.union([z.string(), z.number()]).describe('the seed of the golden fight'),
    log: z.string().min(1).describe("the golden log, in this file's folder or below"),
  }).optional().describe('a golden log: `fight --seed S --no-color` must match it byte for byte'),
}).describe('a check file (*.check.yaml) for `assault check`');

/** `batch` matrix files. */
export const MatrixFile = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema an editor checks this file against'),
  runs: z.number().int().min(1).max(10_000_000).optional().describe('combats per row (default 5000)'),
  seed: z.union([z.string(), z.number()]).optional().describe('the master seed; row i uses <seed>-i'),
  rules: z.union([rulesetId, z.array(rulesetId).min(1)]).optional().describe('one ruleset id or a list: every matchup runs under each'),
  rounds: rounds.optional(),
  distance: z.number().min(0).max(500).optional().describe('epic: cm from the nearest enemy unit for every attacking unit group (default 0)'),
  scenarios: z.array(z.string().min(1)).optional().describe('scenario files, relative to this file'),
  attackers: z.array(z.union([z.string().min(1), ScenarioUnit])).optional()
    .describe("unit references (faction/unit), a roster file's stem for all its units, or a variant: a unit entry as in a scenario (unit, name, size, inCover, wargear, ...)"),
  defenders: z.array(z.union([z.string().min(1), ScenarioUnit])).optional()
    .describe("unit references (faction/unit), a roster file's stem for all its units, or a variant: a unit entry as in a scenario (unit, name, size, inCover, wargear, ...)"),
}).describe('a matrix file for `assault batch`');

export type CheckFileT = z.infer<typeof CheckFile>;
export type MatrixFileT = z.infer<typeof MatrixFile>;
KNOWN_KEYS.push(...Object.keys(CheckFile.shape), ...Object.keys(MatrixFile.shape), ...Object.keys(Expectation.shape));

/** A chart cell: the roll needed (2-6), A (hits automatically: to hit only) or - (cannot succeed). */
const cell = z.union([z.number().int().min(2).max(6), z.enum(['A', '-'])]).describe('the roll needed (2-6), A (hits automatically, no roll) or - (cannot succeed)');
/** A to-wound cell: the roll needed (2-6) or - (cannot wound); no A, the engine's automatic result being a hit. */
const woundCell = z.union([z.number().int().min(2).max(6), z.enum(['-'], { error: 'a to-wound cell is 2-6 or "-" (A, an automatic hit, is for the to-hit chart only)' })]).describe('the roll needed (2-6) or - (cannot wound); A (an automatic hit) is for the to-hit chart only');
const chart = <C extends z.ZodType>(rows: string, cols: string, cell: C) => z.array(
  z.array(cell).length(10, `a chart row has 10 cells (${cols} 1-10)`).describe(`one row: the cells for ${cols} 1-10`),
).length(10, `a chart has 10 rows (${rows} 1-10)`);

const SHIPPED_IDS = Object.keys(RULESETS);
const steps = (list: keyof typeof STEP_NAMES, what: string) =>
  z.array(z.enum(STEP_NAMES[list] as [string, ...string[]])).min(1).optional().describe(`${what}, in order, by name (the steps the shipped editions have)`);

/** Edition files (*.edition.yaml): a fan edition as data over a shipped edition or another edition file. */
export const EditionFile = z.strictObject({
  $schema: z.string().optional().describe('the JSON Schema an editor checks this file against'),
  edition: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an edition id is lowercase letters, digits and dashes (house-2026)')
    .describe('its id: lowercase letters, digits and dashes; not a shipped id'),
  name: z.string().min(1).describe('the name `rules` and the log show'),
  base: z.string().min(1).meta({ examples: SHIPPED_IDS }).describe('the edition it changes: a shipped id, or another edition file relative to this one'),
  document: z.string().min(1).optional().describe('the text it implements (a path or URL), shown by `rules`'),
  summary: z.string().min(1).optional().describe('one paragraph on what it is'),
  notes: z.array(z.string().min(1)).optional().describe('lines `rules` prints: how it plays'),
  toHit: chart('attacker WS', 'target WS', cell).optional().describe("replaces the base's to-hit chart: 10 rows (attacker WS 1-10) of 10 cells (target WS 1-10)"),
  toWound: chart('Strength', 'Toughness', woundCell).optional().describe("replaces the base's to-wound chart: 10 rows (Strength 1-10) of 10 cells (Toughness 1-10)"),
  armoury: z.record(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an armoury key is lowercase letters, digits and dashes (great-axe)'), WeaponDef).optional()
    .describe("weapons added to the base's armoury, or replacing one of the same key"),
  charge: z.strictObject({
    range: z.union([z.literal(6), z.literal('2d6')]).optional().describe('6: 6" (difficult terrain: the highest of 2D6; srd4, revised4); 2d6: 2D6" (fightphase, waffle). Rolled only when a scenario gives chargeDistance'),
  }).optional().describe('the charge'),
  supporting: z.enum(CHOICES.supporting).optional().describe('models not in base contact: full, every model fights with all its attacks (srd4; fightphase and waffle, where only engaged models reach); one, one plain attack, no bonus, no special weapon (revised4)'),
  wounds: z.enum(CHOICES.wounds).optional().describe('sets: hits in sets by the majority save, lapping round (srd4, revised4); pools: wound pools to the closest model (fightphase, waffle)'),
  morale: z.strictObject({
    penalty: z.enum(CHOICES.moralePenalty).optional().describe('none; difference: the loser tests on 2D6 <= Ld less the difference in wounds (fightphase, waffle)'),
    weaponsUseless: z.boolean().optional().describe('"Our Weapons Are Useless": a unit whose entry says useless: fallBack and that cannot wound fails on purpose (fightphase, waffle)'),
    battleshock: z.boolean().optional().describe('a unit that fails is battleshocked (the log says so; fightphase, waffle)'),
  }).optional().describe('the Morale check of the losers'),
  sweep: z.strictObject({
    roll: z.enum(CHOICES.sweepRoll).optional().describe('d6+initiative: D6 + the highest basic Initiative (srd4, fightphase, waffle); 2d6: 2D6, 3D6 for bikes and jump infantry, also the fall back move (revised4)'),
    catches: z.enum(CHOICES.sweepCatches).optional().describe("equalOrHigher or higher: the winner's total against the loser's"),
    caught: z.enum(CHOICES.sweepCaught).optional().describe('destroyed (srd4); held: locked on, nobody charging next phase (revised4); woundsDifference: loses the difference in wounds, no saves (fightphase); hitsPerModel: one automatic hit per winning model, on models at random (waffle)'),
    barred: z.enum(CHOICES.sweepBarred).optional().describe('who may not sweep: nobody (srd4); terminatorUnits: a unit with the terminator rule (revised4); terminatorModels: a unit with a living terminator model (fightphase, waffle)'),
    needsContact: z.boolean().optional().describe('a loser with no model left in base contact falls back unswept (srd4)'),
  }).optional().describe('the sweeping advance'),
  consolidate: z.strictObject({
    afterMassacre: z.union([z.literal(3), z.literal('d6')]).optional().describe('3 or d6: how far the winners consolidate after a massacre (srd4: d6)'),
  }).optional().describe('the consolidation'),
  finalBlow: z.boolean().optional().describe("Final Blow: a unit's last model on its last wound attacks again for each wound it rolls (waffle)"),
  invulnerable: z.enum(CHOICES.invulnerable).optional().describe('better: the better of armour and invulnerable save; whenArmourFails: an invulnerable save only where the hit leaves no armour save (srd4)'),
  steps: z.strictObject({
    charge: steps('charge', 'the charge steps'),
    phase: steps('phase', "one assault phase's steps"),
    initiative: steps('initiative', "one Initiative step's parts"),
  }).optional().describe("the procedure's named steps; a list left out is the base's"),
}).describe('an edition file (*.edition.yaml): a fan edition over a shipped edition or another edition file');

export type EditionFileT = z.infer<typeof EditionFile>;
KNOWN_KEYS.push(...Object.keys(EditionFile.shape));

/** The file formats by name, for `assault schema`. */
export const SCHEMAS = { roster: Roster, scenario: ScenarioFile, check: CheckFile, matrix: MatrixFile, edition: EditionFile } as const;

/** The formats of editions that read their own files (epic's, rules/epic.md E1), published beside the others; `validate` tells such a file by what it holds. */
function editionSchemas(): Record<string, z.ZodType> {
  return Object.assign({}, ...Object.values(RULESETS).map((e) => e.files?.schemas ?? {})) as Record<string, z.ZodType>;
}

/** Every published format's name. */
export const SCHEMA_KINDS: readonly string[] = [...Object.keys(SCHEMAS), ...Object.keys(editionSchemas())];

/** The JSON Schema of a file format (what editors with yaml-language-server read), or null for an unknown name. */
export function jsonSchema(kind: string): unknown {
  const own = editionSchemas();
  if (Object.hasOwn(own, kind)) return z.toJSONSchema(own[kind]!, { io: 'input' });
  if (!Object.hasOwn(SCHEMAS, kind)) return null;
  return z.toJSONSchema(SCHEMAS[kind as keyof typeof SCHEMAS], { io: 'input' });
}
