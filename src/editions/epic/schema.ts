// The epic file formats (rules/epic.md E1): epic rosters (rosters/epic-*.yaml) and scenarios
// with `rules: epic`. A scenario unit is a detachment; its `models` are groups of units.
import { z } from 'zod';
import { EPIC_DETACHMENT_RULES, EPIC_UNIT_RULES } from '../../model.js';

export const EpicProfile = z.strictObject({
  speed: z.union([z.number().min(0).max(500), z.string().min(1)])
    .describe('Speed in cm: a number, or a split Speed "a/b" (a the ordinary Speed, b the charge Speed, a <= b)'),
  assault: z.number().int().min(0).max(30).describe('Assault value, a whole number from 0'),
  firepower: z.number().int().min(0).max(30).describe('Firepower, a whole number from 0 (used in close combat only by Close Support)'),
  armour: z.number().int().min(2).max(6).describe('Armour, 2-6 (the roll needed; shown, not used in close combat)'),
  damageCapacity: z.number().optional().describe('war engines only: refused (war engines are outside this ruleset, rules/epic.md E1)'),
}).describe('an epic unit profile: speed, assault, firepower, armour');

const unitRules = z.array(z.string().min(1).meta({ examples: [...EPIC_UNIT_RULES] })).describe('unit rules: psyker, close-support');
const detachmentRules = z.array(z.string().min(1).meta({ examples: [...EPIC_DETACHMENT_RULES] })).describe('detachment rules: unbreakable, no-retreat');
/** 40K abilities (abilities.md): epic units take none; the key is known so that it is refused with the reason, located. */
const noAbilities = z.unknown().optional().describe('never given: epic units take none of the 40K special rules or abilities (abilities.md; their own rules are in rules/epic.md)');
const cm = z.number().min(0).max(500).describe('cm from the nearest enemy unit (attacker only; default 0: in reach of anything)');

export const EpicModelDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  profile: EpicProfile,
  rules: unitRules.optional(),
}).describe('a kind of epic unit');

export const EpicModelEntry = z.strictObject({
  model: z.string().min(1).optional().describe("a key of the roster's models"),
  count: z.number().int().min(1).max(200).describe('how many units, 1-200'),
  distance: cm.optional(),
  name: z.string().min(1).optional().describe('a unit written inline: its name'),
  profile: EpicProfile.optional(),
  rules: unitRules.optional(),
}).describe('a group of epic units: a roster model, or one written inline (name and profile)');

export const EpicUnitDef = z.strictObject({
  name: z.string().min(1).describe('the name the log shows'),
  models: z.array(EpicModelEntry).min(1).describe('its unit groups'),
  rules: detachmentRules.optional(),
  points: z.number().int().min(0).max(100_000).optional().describe('what the detachment costs as listed'),
}).describe('a detachment, referred to as <file stem>/<key>');

export const EpicRoster = z.strictObject({
  $schema: z.string().optional(),
  faction: z.string().min(1).describe('the army'),
  source: z.string().min(1).optional().describe('where the profiles come from'),
  abilities: noAbilities,
  models: z.record(z.string(), EpicModelDef).optional().describe('the kinds of units, by key'),
  units: z.record(z.string(), EpicUnitDef).describe('the detachments, by key'),
}).describe('an epic roster file: rosters/epic-<army>.yaml');

export const EpicScenarioUnit = z.strictObject({
  unit: z.string().min(1).optional().describe('<roster file stem>/<detachment key>'),
  name: z.string().min(1).optional().describe("the detachment's name"),
  models: z.array(EpicModelEntry).min(1).optional().describe('a detachment written inline: its unit groups'),
  size: z.number().int().min(1).max(200).optional().describe("resize the detachment's largest unit group"),
  blastMarkers: z.number().int().min(0).max(100).optional().describe('Blast markers it starts with (default 0)'),
  broken: z.boolean().optional().describe('it starts Broken (default false)'),
  rules: detachmentRules.optional(),
  distance: z.union([cm, z.record(z.string(), cm)]).optional()
    .describe('cm from the nearest enemy unit: one number for every group, or by unit key or name (attacker only)'),
  points: z.number().int().min(0).max(100_000).optional(),
}).describe('an epic detachment');

const EpicSideDef = z.strictObject({ units: z.array(EpicScenarioUnit).min(1).describe('one detachment') });

export const EpicScenarioFile = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  rules: z.string().min(1).optional(),
  abilities: noAbilities,
  rounds: z.union([z.number(), z.string()]).optional().describe('1 or resolve (one phase, E12)'),
  attacker: EpicSideDef,
  defender: EpicSideDef,
}).describe('an epic scenario');

export type EpicModelEntryT = z.infer<typeof EpicModelEntry>;
export type EpicRosterT = z.infer<typeof EpicRoster>;
export type EpicScenarioUnitT = z.infer<typeof EpicScenarioUnit>;
export type EpicScenarioFileT = z.infer<typeof EpicScenarioFile>;
export type EpicProfileT = z.infer<typeof EpicProfile>;

/** Keys of the 40K formats that mean nothing under epic: profile keys, and the inch-based unit keys. */
export const WH40K_PROFILE_KEYS = ['WS', 'BS', 'S', 'T', 'W', 'I', 'A', 'Ld', 'Sv', 'Inv'];
export const INCH_KEYS = ['inContact', 'chargeDistance', 'lockedWith', 'attackSplit', 'difficultTerrain', 'nearby', 'inCover', 'coverSave', 'casualtyOrder', 'wargear', 'charged', 'firedThisTurn', 'reaction', 'thisTurn', 'fieryCharge', 'useless'];
/** Keys only epic files have. */
export const EPIC_ONLY_KEYS = ['speed', 'assault', 'firepower', 'armour', 'blastMarkers', 'broken', 'damageCapacity'];

/** The file holds epic profiles (a roster or scenario told apart by what it holds, not by name). */
export function holdsEpicProfiles(data: unknown): boolean {
  let found = false;
  const walk = (v: unknown, depth: number) => {
    if (found || depth > 8 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    if (o.profile && typeof o.profile === 'object' && !Array.isArray(o.profile) && ('speed' in o.profile || 'assault' in o.profile)) found = true;
    for (const x of Object.values(o)) walk(x, depth + 1);
  };
  walk(data, 0);
  return found;
}
