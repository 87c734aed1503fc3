// The file formats of ../shared/CONTRACT.md as zod schemas: they validate the YAML and are
// also published as JSON Schema (`assault schema roster|scenario|check|matrix`) for editors.
import { z } from 'zod';

const stat = z.number().int().min(0).max(10);
const save = z
  .union([z.number().int().min(2).max(7), z.string().regex(/^[2-6]\+$/, 'a save is written 3 or "3+"')])
  .describe('the roll needed: 3 or "3+"; 7 or left out: no save');

export const WeaponDef = z.strictObject({
  name: z.string().min(1),
  strength: z
    .union([z.number().int().min(1).max(10), z.string().regex(/^(x[2-3]|\+[1-5]|user)$/, 'strength is x2, +1, a number or "user"')])
    .optional()
    .describe('x2 doubles basic Strength (max 10), +N adds, a number replaces it'),
  ap: z.number().int().min(1).max(6).optional(),
  ignoresArmour: z.boolean().optional(),
  initiative: z.number().int().min(1).max(10).optional().describe('the bearer always strikes at this Initiative'),
  woundOn: z.number().int().min(2).max(6).optional().describe('wounds on this roll whatever the Toughness'),
  rerollFailedWounds: z.boolean().optional(),
  maxSave: z.number().int().min(2).max(6).optional().describe('no armour save better than this'),
  rending: z.boolean().optional(),
  singleHanded: z.boolean().optional(),
  force: z.boolean().optional(),
  grenade: z.enum(['frag', 'plasma', 'photon']).optional(),
  pairsOnlyWith: z.string().optional(),
});

export const Profile = z.strictObject({
  WS: stat, BS: stat, S: stat, T: stat.min(1),
  W: z.number().int().min(1).max(10),
  I: stat, A: stat, Ld: stat,
  Sv: save.optional(),
  Inv: save.optional(),
});

const wargear = z.array(z.union([z.string().min(1), WeaponDef])).describe('armoury keys, or weapons written out');
const rules = z.array(z.string().min(1));

export const ModelDef = z.strictObject({
  name: z.string().min(1),
  profile: Profile,
  wargear: wargear.optional(),
  rules: rules.optional(),
});

/** A model group in a unit: a reference to a roster model, or a model written inline. */
export const ModelEntry = z.strictObject({
  model: z.string().min(1).optional().describe('a key of the roster file models'),
  count: z.number().int().min(1).max(200),
  name: z.string().min(1).optional(),
  profile: Profile.optional(),
  wargear: wargear.optional(),
  rules: rules.optional(),
});

export const UnitDef = z.strictObject({
  name: z.string().min(1),
  models: z.array(ModelEntry).min(1),
  rules: rules.optional(),
});

export const Roster = z.strictObject({
  $schema: z.string().optional(),
  faction: z.string().min(1),
  weapons: z.record(z.string(), WeaponDef).optional(),
  models: z.record(z.string(), ModelDef).optional(),
  units: z.record(z.string(), UnitDef),
});

export const ScenarioUnit = z.strictObject({
  unit: z.string().min(1).optional().describe('<faction file stem>/<unit key>'),
  name: z.string().min(1).optional(),
  models: z.array(ModelEntry).min(1).optional(),
  size: z.number().int().min(1).max(200).optional().describe("resize the unit's largest model group"),
  charged: z.boolean().optional(),
  inCover: z.boolean().optional(),
  firedThisTurn: z.boolean().optional(),
  inContact: z.number().int()
    .min(1, 'inContact must be at least 1: a unit with no model in base contact is not in the combat (leave it out, or mark it nearby)')
    .optional().describe('models in base contact (at least 1); the rest are engaged support'),
  casualtyOrder: z.array(z.string().min(1)).optional(),
  rules: rules.optional(),
  chargeDistance: z.number().positive().max(24).optional().describe('inches; the charge is rolled only when given'),
  difficultTerrain: z.boolean().optional(),
  nearby: z.boolean().optional().describe('revised4: an unengaged friend within 6" (takes Wipe Out! checks only)'),
});

export const Side = z.strictObject({ units: z.array(ScenarioUnit).min(1) });

export const ScenarioFile = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  rules: z.string().min(1).optional(),
  rounds: z.union([z.number().int().min(1).max(20), z.literal('resolve')]).optional(),
  attacker: Side,
  defender: Side,
});

export type WeaponDefT = z.infer<typeof WeaponDef>;
export type ModelEntryT = z.infer<typeof ModelEntry>;
export type RosterT = z.infer<typeof Roster>;
export type ScenarioUnitT = z.infer<typeof ScenarioUnit>;
export type ScenarioFileT = z.infer<typeof ScenarioFile>;

/** Every key any of our formats knows, for suggestions on misspelt keys. */
export const KNOWN_KEYS: string[] = [
  ...Object.keys(WeaponDef.shape), ...Object.keys(Profile.shape), ...Object.keys(ModelEntry.shape),
  ...Object.keys(Roster.shape), ...Object.keys(ScenarioUnit.shape), ...Object.keys(ScenarioFile.shape),
];

const Expectation = z.strictObject({
  approx: z.number().optional(),
  within: z.number().nonnegative().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

/** `check` expectation files (*.check.yaml). */
export const CheckFile = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  scenario: z.union([z.string().min(1), ScenarioFile]).describe('a scenario file relative to this file, or a scenario written inline'),
  rules: z.string().min(1).optional().describe("override the scenario's ruleset"),
  runs: z.number().int().min(1).max(10_000_000).optional(),
  seed: z.union([z.string(), z.number()]).optional(),
  expect: z.record(z.string(), Expectation).optional().describe('paths of the `sim --json` output'),
  fight: z.strictObject({ seed: z.union([z.string(), z.number()]), log: z.string().min(1) }).optional(),
});

/** `batch` matrix files. */
export const MatrixFile = z.strictObject({
  $schema: z.string().optional(),
  runs: z.number().int().min(1).max(10_000_000).optional(),
  seed: z.union([z.string(), z.number()]).optional(),
  rules: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  rounds: z.union([z.number().int().min(1).max(20), z.literal('resolve')]).optional(),
  scenarios: z.array(z.string().min(1)).optional(),
  attackers: z.array(z.string().min(1)).optional(),
  defenders: z.array(z.string().min(1)).optional(),
});

export type CheckFileT = z.infer<typeof CheckFile>;
export type MatrixFileT = z.infer<typeof MatrixFile>;
KNOWN_KEYS.push(...Object.keys(CheckFile.shape), ...Object.keys(MatrixFile.shape), ...Object.keys(Expectation.shape));

/** The file formats by name, for `assault schema`. */
export const SCHEMAS = { roster: Roster, scenario: ScenarioFile, check: CheckFile, matrix: MatrixFile } as const;

/** The JSON Schema of a file format (what editors with yaml-language-server read), or null for an unknown name. */
export function jsonSchema(kind: string): unknown {
  if (!Object.hasOwn(SCHEMAS, kind)) return null;
  return z.toJSONSchema(SCHEMAS[kind as keyof typeof SCHEMAS], { io: 'input' });
}
