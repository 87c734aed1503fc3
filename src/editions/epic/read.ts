// Epic files read into the data model (rules/epic.md E1): an epic scenario's detachments and the
// epic rosters they refer to, every problem located. Units are ModelGroups whose ModelSpec carries
// an `epic` profile; a detachment is a UnitSpec with `epic` (Blast markers, Broken, rules). The
// files themselves are read through what io/ lends (`FileAccess`, `YamlDoc`).
import { basename } from 'node:path';
import {
  BLANK_PROFILE, EPIC_DETACHMENT_RULES, EPIC_UNIT_RULES, SPECIAL_RULES, type EpicProfile, type ModelGroup, type Scenario, type SideId, type UnitSpec,
} from '../../model.js';
import { InputError, Problems, type Problem } from '../../errors.js';
import { didYouMean, offerNames } from '../../suggest.js';
import { own } from '../../own.js';
import { plain } from '../../plain.js';
import { FEARLESS, FURIOUS_CHARGE_4TH, SHIPPED_BY_NAME } from '../abilities.js';
import type { FileAccess, KeyPath as Path, YamlDoc } from '../../engine/edition.js';
import {
  EPIC_ONLY_KEYS, EpicRoster, EpicScenarioFile, EpicScenarioUnit, INCH_KEYS, WH40K_PROFILE_KEYS,
  type EpicModelEntryT, type EpicProfileT, type EpicRosterT, type EpicScenarioUnitT,
} from './schema.js';

export interface EpicRosterFile { yaml: YamlDoc; data: EpicRosterT; stem: string }

/** Why epic refuses `abilities:` and a 40K rule's name (abilities.md: epic units take none of these). */
const NO_40K_RULES = 'epic units take none of the 40K special rules or abilities (abilities.md); their own rules are those of rules/epic.md';

/** A rules entry that names a 40K rule (an ability of a 40K edition, or a 40K rule of code): said to be one, not an unknown name. */
function fortyKRule(r: string, kind: 'unit' | 'detachment', own: readonly string[]): string | null {
  const fortyK = (SPECIAL_RULES as readonly string[]).includes(r) || SHIPPED_BY_NAME.some((a) => a.key === r) || r === FEARLESS.key || r === FURIOUS_CHARGE_4TH.key;
  return fortyK ? `'${r}' is a 40K special rule: ${NO_40K_RULES} (epic ${kind} rules: ${own.join(', ')})` : null;
}

/** `abilities:` in an epic roster or scenario: refused, located. */
function abilitiesRefused(data: unknown, at: YamlDoc, problems: Problems): void {
  if (data && typeof data === 'object' && (data as Record<string, unknown>).abilities !== undefined) {
    problems.add(at.problem(['abilities'], `abilities (40K special rules as data) are not for epic: ${NO_40K_RULES}`));
  }
}

const WAR_ENGINE = 'war engines (damage capacity, war engine barging) are outside the epic ruleset (rules/epic.md E1): leave the war engine out';

/** Problems of a file read under epic, with the 40K keys it holds said to be 40K keys. */
export function epicWords(ps: readonly Problem[], rules: string): Problem[] {
  return ps.map((p) => {
    const m = /^unknown key '([^']+)'/.exec(p.message);
    if (!m) return p;
    const k = m[1]!;
    if (WH40K_PROFILE_KEYS.includes(k)) return { ...p, message: `'${k}' is a 40K profile key: under ${rules} a unit's profile is speed (cm), assault, firepower and armour` };
    if (INCH_KEYS.includes(k)) return { ...p, message: `'${k}' is a 40K key (inches, models) that means nothing under ${rules}: an epic detachment has blastMarkers, broken and rules; its unit groups a distance in cm` };
    return p;
  });
}

/** A roster whose models carry 40K profiles (WS, T ...) or vehicle profiles, and no epic one. */
function holdsFortyKProfiles(data: unknown): boolean {
  const models = data !== null && typeof data === 'object' ? (data as { models?: unknown }).models : undefined;
  if (models === null || typeof models !== 'object' || Array.isArray(models)) return false;
  return Object.values(models as Record<string, unknown>).some((m) => {
    if (m === null || typeof m !== 'object') return false;
    const { profile, vehicle } = m as { profile?: unknown; vehicle?: unknown };
    if (vehicle !== undefined) return true;
    return profile !== null && typeof profile === 'object' && Object.keys(profile).some((k) => WH40K_PROFILE_KEYS.includes(k)) && !('speed' in profile || 'assault' in profile);
  });
}

/** The message for `key` met in a file read under the 40K ruleset `rules`, when it is an epic key; else null. */
export function epicKeyMessage(key: string, rules: string): string | null {
  return EPIC_ONLY_KEYS.includes(key) ? `'${key}' is an epic key, but the ruleset is ${rules}: an epic profile or detachment needs rules: epic` : null;
}

/** A Speed: a number, or "a/b" with a <= b (E1). */
function speedOf(v: number | string): { speed: number; chargeSpeed: number } | string {
  if (typeof v === 'number') return { speed: v, chargeSpeed: v };
  if (/^\s*\d+(?:\.\d+)?\s*$/.test(v)) return { speed: Number(v), chargeSpeed: Number(v) };
  const m = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(v);
  if (!m) return `speed '${v}' is not a Speed: write a number of cm, or a split Speed "a/b" such as "10/20"`;
  const a = Number(m[1]);
  const b = Number(m[2]);
  if (a > b) return `speed '${v}': the ordinary Speed (${a}) is above the charge Speed (${b}); write "a/b" with a <= b`;
  return { speed: a, chargeSpeed: b };
}

export class EpicLoader {
  readonly problems = new Problems();
  private readonly rosters = new Map<string, EpicRosterFile | null>();
  /** `access`: where roster files are (the same places as every edition's) and how a file is read */
  constructor(private readonly access: FileAccess, readonly rules = 'epic') {}

  roster(stem: string, fromFile: string): EpicRosterFile | null {
    const file = this.access.rosterPath(stem, fromFile);
    if (!file) return null;
    return this.rosterFile(file);
  }

  /** 40K rosters named where an epic roster goes: said once, where each is named (`fortyKRoster`), not as every profile key they lack. */
  private readonly fortyK = new Set<string>();

  /**
   * Why the roster `stem` names from `fromFile` is no epic roster, when it is a 40K roster (its
   * models carry 40K profiles): `ref`, the reference that names it, is said to be a 40K unit.
   */
  fortyKRoster(stem: string, fromFile: string, ref: string): string | null {
    const file = this.access.rosterPath(stem, fromFile);
    if (!file) return null;
    this.rosterFile(file);
    if (!this.fortyK.has(file)) return null;
    const epicOne = this.access.rosterPath(`epic-${stem}`, fromFile) ? `; did you mean epic-${stem}, an epic roster?` : `; the epic rosters: ${this.access.knownStems(fromFile).filter((x) => x.startsWith('epic-')).sort().join(', ')}`;
    return `'${ref}' ${ref.includes('/') ? 'is a 40K unit' : 'names 40K units'} (${basename(file)} is a 40K roster: its models carry WS, T and the other 40K characteristics): ${this.rules} fights detachments of an epic roster, whose units have speed, assault, firepower and armour${epicOne}`;
  }

  /** The roster in `file` (`read`: the file, read already), read and checked once. */
  rosterFile(file: string, read?: YamlDoc): EpicRosterFile | null {
    if (this.rosters.has(file)) return this.rosters.get(file)!;
    let loaded: EpicRosterFile | null = null;
    try {
      const yaml = read ?? this.access.readYaml(file, 'roster');
      if ('message' in yaml) this.problems.add(yaml);
      else if (holdsFortyKProfiles(yaml.data)) this.fortyK.add(file);
      else {
        const { value, problems } = yaml.validate(EpicRoster);
        this.problems.addAll(epicWords(problems, this.rules));
        abilitiesRefused(yaml.data, yaml, this.problems);
        if (value) loaded = { yaml, data: value, stem: basename(file, '.yaml') };
      }
    } catch (e) {
      if (e instanceof InputError) this.problems.addAll(e.problems);
      else throw e;
    }
    this.rosters.set(file, loaded);
    return loaded;
  }

  private profile(p: EpicProfileT, at: YamlDoc, path: Path): EpicProfile | null {
    if (p.damageCapacity !== undefined) {
      this.problems.add(at.problem([...path, 'damageCapacity'], WAR_ENGINE));
      return null;
    }
    const s = speedOf(p.speed);
    if (typeof s === 'string') {
      this.problems.add(at.problem([...path, 'speed'], s));
      return null;
    }
    return { ...s, assault: p.assault, firepower: p.firepower, armour: p.armour, psyker: false, closeSupport: false };
  }

  private unitRules(list: readonly string[] | undefined, at: YamlDoc, path: Path): { psyker: boolean; closeSupport: boolean } {
    const out = { psyker: false, closeSupport: false };
    (list ?? []).forEach((r, i) => {
      if (r === 'psyker') out.psyker = true;
      else if (r === 'close-support') out.closeSupport = true;
      else if (r === 'war-engine') this.problems.add(at.problem([...path, i], WAR_ENGINE));
      else this.problems.add(at.problem([...path, i], fortyKRule(r, 'unit', EPIC_UNIT_RULES) ?? `unknown unit rule '${r}'${didYouMean(r, EPIC_UNIT_RULES)}; epic unit rules: ${EPIC_UNIT_RULES.join(', ')}`));
    });
    return out;
  }

  private detachmentRules(list: readonly string[] | undefined, at: YamlDoc, path: Path): { unbreakable: boolean; noRetreat: boolean } {
    const out = { unbreakable: false, noRetreat: false };
    (list ?? []).forEach((r, i) => {
      if (r === 'unbreakable') out.unbreakable = true;
      else if (r === 'no-retreat') out.noRetreat = true;
      else this.problems.add(at.problem([...path, i], fortyKRule(r, 'detachment', EPIC_DETACHMENT_RULES) ?? `unknown detachment rule '${r}'${didYouMean(r, EPIC_DETACHMENT_RULES)}; epic detachment rules: ${EPIC_DETACHMENT_RULES.join(', ')}`));
    });
    return out;
  }

  /** A unit group as written, before the schema: its Speed and its war engine marks. */
  rawGroup(m: unknown, at: YamlDoc, path: Path): void {
    if (!m || typeof m !== 'object') return;
    const g = m as { profile?: unknown; rules?: unknown };
    const p = g.profile as Record<string, unknown> | undefined;
    if (p && typeof p === 'object') {
      if (p.damageCapacity !== undefined) this.problems.add(at.problem([...path, 'profile', 'damageCapacity'], WAR_ENGINE));
      if (typeof p.speed === 'string') {
        const s = speedOf(p.speed);
        if (typeof s === 'string') this.problems.add(at.problem([...path, 'profile', 'speed'], s));
      }
    }
    if (Array.isArray(g.rules)) g.rules.forEach((r, i) => {
      if (r === 'war-engine') this.problems.add(at.problem([...path, 'rules', i], WAR_ENGINE));
    });
  }

  /** One unit group: a roster model or written inline. */
  group(e: EpicModelEntryT, roster: EpicRosterFile | null, at: YamlDoc, path: Path): ModelGroup | null {
    let name: string;
    let key: string;
    let profile: EpicProfile | null;
    let rules: string[] | undefined;
    if (e.model !== undefined) {
      const def = own(roster?.data.models, e.model);
      if (!def) {
        this.problems.add(at.problem([...path, 'model'], `unknown unit '${e.model}'${didYouMean(e.model, Object.keys(roster?.data.models ?? {}))}`));
        return null;
      }
      name = def.name;
      key = e.model;
      profile = this.profile(def.profile, roster!.yaml, ['models', e.model, 'profile']);
      rules = [...(def.rules ?? []), ...(e.rules ?? [])];
      if (def.rules) this.unitRules(def.rules, roster!.yaml, ['models', e.model, 'rules']);
      if (e.rules) this.unitRules(e.rules, at, [...path, 'rules']);
    } else {
      if (e.name === undefined || e.profile === undefined) {
        this.problems.add(at.problem(path, 'a unit group needs either `model` (a roster unit) or `name` and `profile`'));
        return null;
      }
      name = e.name;
      key = slug(e.name);
      profile = this.profile(e.profile, at, [...path, 'profile']);
      rules = e.rules;
      this.unitRules(e.rules, at, [...path, 'rules']);
    }
    if (!profile) return null;
    const r = { psyker: rules?.includes('psyker') ?? false, closeSupport: rules?.includes('close-support') ?? false };
    const g: ModelGroup = { spec: { key, name: plain(name), profile: BLANK_PROFILE, wargear: [], rules: [], epic: { ...profile, ...r } }, count: e.count };
    if (e.distance !== undefined) g.distance = e.distance;
    return g;
  }

  /** A detachment of a scenario side. */
  detachment(u: EpicScenarioUnitT, side: SideId, at: YamlDoc, path: Path): UnitSpec | null {
    let models: ModelGroup[] = [];
    let name: string | undefined;
    let ref: string | null = null;
    let fromRoster = { unbreakable: false, noRetreat: false };
    let points: number | null = null;
    if (u.unit !== undefined) {
      const [stem, key, ...rest] = u.unit.split('/');
      if (!stem || !key || rest.length > 0) {
        this.problems.add(at.problem([...path, 'unit'], `'${u.unit}' is not a detachment reference: write <roster file>/<detachment>, e.g. epic-orks/boyz-mob`));
        return null;
      }
      const roster = this.roster(stem, at.file);
      if (!roster) {
        const fortyK = this.fortyKRoster(stem, at.file, u.unit);
        if (fortyK) this.problems.add(at.problem([...path, 'unit'], fortyK));
        else if (!this.access.rosterPath(stem, at.file)) this.problems.add(at.problem([...path, 'unit'], `no roster file '${stem}.yaml'${didYouMean(stem, this.access.knownStems(at.file))}`));
        return null;
      }
      const def = own(roster.data.units, key);
      if (!def) {
        this.problems.add(at.problem([...path, 'unit'], `no detachment '${key}' in ${roster.yaml.file}${offerNames(key, Object.keys(roster.data.units), 'units')}`));
        return null;
      }
      if (u.models !== undefined) this.problems.add(at.problem([...path, 'models'], 'give either `unit` or `models`, not both'));
      def.models.forEach((e, i) => {
        const g = this.group(e, roster, roster.yaml, ['units', key, 'models', i]);
        if (e.distance !== undefined) this.problems.add(roster.yaml.problem(['units', key, 'models', i, 'distance'], 'distance belongs in a scenario (where the detachment stands), not in a roster'));
        if (g) models.push({ spec: g.spec, count: g.count });
      });
      name = def.name;
      ref = `${roster.stem}/${key}`;
      fromRoster = this.detachmentRules(def.rules, roster.yaml, ['units', key, 'rules']);
      points = def.points ?? null;
    } else if (u.models !== undefined) {
      u.models.forEach((e, i) => {
        const g = this.group(e, null, at, [...path, 'models', i]);
        if (g) models.push(g);
      });
      name = u.name ?? models[0]?.spec.name ?? 'Detachment';
    } else {
      this.problems.add(at.problem(path, 'a detachment needs `unit` (a roster reference such as epic-orks/boyz-mob) or `name` and `models`'));
      return null;
    }
    if (u.size !== undefined && models.length > 0) {
      const largest = models.reduce((a, b) => (b.count > a.count ? b : a));
      const others = models.reduce((n, g) => n + (g === largest ? 0 : g.count), 0);
      if (u.size <= others) this.problems.add(at.problem([...path, 'size'], `size ${u.size} is too small: the detachment has ${others} units besides its ${largest.spec.name} units: the smallest size is ${others + 1}`));
      models = models.map((g) => (g === largest ? { ...g, count: Math.max(1, u.size! - others) } : g));
    }
    if (u.distance !== undefined) {
      if (models.some((g) => g.distance !== undefined)) this.problems.add(at.problem([...path, 'distance'], 'give distance either for the detachment or on its unit groups, not both'));
      const d = u.distance;
      models = models.map((g) => {
        if (typeof d === 'number') return { ...g, distance: d };
        const v = own(d, g.spec.key) ?? own(d, g.spec.name);
        return v === undefined ? g : { ...g, distance: v };
      });
      if (typeof d !== 'number') {
        const names = new Set(models.flatMap((g) => [g.spec.key, g.spec.name]));
        for (const k of Object.keys(d)) if (!names.has(k)) this.problems.add(at.problem([...path, 'distance'], `no unit '${k}' in this detachment${didYouMean(k, names)}`, k));
      }
    }
    if (side === 'defender') {
      u.models?.forEach((e, i) => {
        if (e.distance !== undefined) this.problems.add(at.problem([...path, 'models', i, 'distance'], 'distance is for the attacker\'s units: the defender does not move (E2)'));
      });
      if (u.distance !== undefined) this.problems.add(at.problem([...path, 'distance'], 'distance is for the attacker\'s units: the defender does not move (E2)'));
    }
    const here = this.detachmentRules(u.rules, at, [...path, 'rules']);
    // E15: a Broken detachment takes no orders, so it cannot assault; an unbreakable one is never Broken
    if (u.broken === true && side === 'attacker') {
      this.problems.add(at.problem([...path, 'broken'], 'a Broken detachment cannot assault (E15): it takes no orders, so it makes no assault move; only the defender may start Broken'));
    } else if (u.broken === true && (fromRoster.unbreakable || here.unbreakable)) {
      this.problems.add(at.problem([...path, 'broken'], 'an unbreakable detachment is never Broken (E15): drop `broken: true` or the unbreakable rule'));
    }
    return {
      ref, name: plain(u.name ?? name ?? 'Detachment'), models, charged: side === 'attacker', inCover: false, firedThisTurn: false,
      inContact: null, casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
      points: u.points ?? points,
      epic: {
        blastMarkers: u.blastMarkers ?? 0, broken: u.broken ?? false,
        unbreakable: fromRoster.unbreakable || here.unbreakable, noRetreat: fromRoster.noRetreat || here.noRetreat,
      },
    };
  }
}

/** Read an epic scenario (`rules` names an edition whose profiles are epic's). Throws InputError listing every problem. */
export function epicScenarioFrom(yaml: YamlDoc, rules: string, access: FileAccess): Scenario {
  const { value, problems } = yaml.validate(EpicScenarioFile);
  const loader = new EpicLoader(access, rules);
  loader.problems.addAll(epicWords(problems, rules));
  abilitiesRefused(yaml.data, yaml, loader.problems);
  rawChecks(yaml, loader);
  const raw = (yaml.data ?? {}) as Record<string, unknown>;
  const sides = { attacker: { units: [] as UnitSpec[] }, defender: { units: [] as UnitSpec[] } };
  for (const side of ['attacker', 'defender'] as const) {
    const list = value ? value[side].units : (raw[side] as { units?: unknown } | undefined)?.units;
    if (!Array.isArray(list) || list.length === 0) continue;
    // a detachment that does not fit the schema as a whole is said so above; one that does is checked in full
    const u = value ? list[0] as EpicScenarioUnitT : EpicScenarioUnit.safeParse(list[0]).data;
    if (!u) continue;
    const spec = loader.detachment(u, side, yaml, [side, 'units', 0]);
    if (spec) {
      // a detachment whose units were all refused is told so by their own problems
      const told = loader.problems.list.some((p) => p.file === yaml.file && p.path.startsWith(`${side}.units[0].`));
      if (spec.models.length === 0 && !told) loader.problems.add(yaml.problem([side, 'units', 0], 'the detachment has no units'));
      sides[side].units.push(spec);
    }
  }
  loader.problems.throwIfAny();
  const data = value!;
  return {
    name: plain(data.name ?? basename(yaml.file, '.yaml')),
    rules,
    rounds: 1,
    attacker: sides.attacker,
    defender: sides.defender,
    file: yaml.file,
  };
}

/**
 * What is checked on the file as written, whether or not it fits the schema: `rounds` (E12), one
 * detachment a side (E13), and every unit's Speed and war engine marks (E1).
 */
function rawChecks(yaml: YamlDoc, loader: EpicLoader): void {
  const raw = yaml.data as Record<string, unknown> | null;
  if (!raw || typeof raw !== 'object') return;
  const rounds = raw.rounds;
  if (rounds !== undefined && rounds !== 1 && rounds !== 'resolve') {
    loader.problems.add(yaml.problem(['rounds'], `rounds is ${JSON.stringify(rounds)}: an epic close combat is settled in one phase (E12): write 1 or resolve`));
  }
  for (const side of ['attacker', 'defender'] as const) {
    const units = (raw[side] as { units?: unknown } | undefined)?.units;
    if (!Array.isArray(units)) continue;
    if (units.length > 1) loader.problems.add(yaml.problem([side, 'units', 1], `${units.length} detachments on the ${side} side: epic fights one detachment a side (several are out of scope, rules/epic.md E13)`));
    units.forEach((u, i) => {
      const models = (u as { models?: unknown } | null)?.models;
      if (!Array.isArray(models)) return;
      models.forEach((m, j) => loader.rawGroup(m, yaml, [side, 'units', i, 'models', j]));
    });
  }
}

/** Validate an epic roster in full (`yaml`: read already, named by its absolute path): its schema and every detachment resolved. */
export function checkEpicRoster(yaml: YamlDoc, access: FileAccess): void {
  const loader = new EpicLoader(access);
  const roster = loader.rosterFile(yaml.file, yaml);
  if (roster) {
    for (const key of Object.keys(roster.data.units)) loader.detachment({ unit: `${roster.stem}/${key}` }, 'defender', roster.yaml, ['units', key]);
    for (const key of Object.keys(roster.data.models ?? {})) loader.group({ model: key, count: 1 }, roster, roster.yaml, ['models', key]);
  }
  loader.problems.throwIfAny();
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}
