// The Loader: roster files found and read once, unit references resolved, weapons and rules
// looked up, every problem collected with its location. Unit references `<faction>/<unit>` are
// looked up in roster files near the file that names them (its folder and the folders above it,
// and their rosters/ subfolders), then in the rosters shipped with assault.
import { existsSync, lstatSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  SPECIAL_RULES, gun as makeGun, weapon as makeWeapon, type ModelGroup, type ModelSpec, type Profile, type SideId,
  type SpecialRule, type UnitSpec, type VehicleSpec, type VehicleType, type Weapon,
} from '../model.js';
import type { Ruleset } from '../engine/ruleset.js';
import type { Edition } from '../engine/edition.js';
import { InputError, Problems, type Problem } from '../errors.js';
import { editionOfRoster, editionsArming, shippedWeaponKeys } from '../editions/registry.js';
import { Roster, type ModelEntryT, type RosterT, type ScenarioUnitT, type VehicleProfileT, type WeaponDefT } from './schema.js';
import { closest, didYouMean, offerNames } from '../suggest.js';
import { own } from '../own.js';
import { packageRoot } from '../paths.js';
import { plain } from '../plain.js';
import { Unreadable, unreadableAt } from './readtext.js';
import { YamlFile, type Path } from './yamlfile.js';
import { abilityKeysBeside } from './beside.js';
import { notAgainstNames, readAbility, rosterClash, unknownNotAgainst, unknownRule, undefinedFor, vehicleRefusal } from './abilities.js';
import type { Ability } from '../abilities.js';
import { shippedAbilityTitle, shippedRuleNames } from '../editions/registry.js';

export const SHIPPED_ROSTERS = join(packageRoot(), 'rosters');

/** The cover save of a unit in cover that gives none of its own (rules ruling 26: 5+). */
export const COVER_SAVE = 5;

interface LoadedRoster { yaml: YamlFile; data: RosterT; stem: string }

const NO_ABILITIES: ReadonlyMap<string, Ability> = new Map();

/** A file there, or a symbolic link there even if broken or looping (reading it then says so, located). */
function present(f: string): boolean {
  if (existsSync(f)) return true;
  try {
    return lstatSync(f).isSymbolicLink();
  } catch {
    return false;
  }
}

export class Loader {
  private readonly rosters: Map<string, LoadedRoster | null>;
  /** each roster's abilities, read once (with its roster, shared by the loaders that share rosters) */
  private readonly rosterAbilities: Map<LoadedRoster, Map<string, Ability>>;
  /** the roster file each model was defined in (null: written in a scenario), for the unit rules named beside it */
  private readonly specRoster = new WeakMap<ModelSpec, LoadedRoster | null>();
  readonly problems = new Problems();

  /**
   * Problems of the ruleset itself, not of the file (a vehicle under a ruleset with no vehicle
   * rules, V16): said alone, as nothing else matters until another ruleset is chosen.
   */
  readonly rulesetProblems: Problem[] = [];

  /**
   * `shared`: a loader whose rosters this one reuses, as read (a roster is read and checked
   * alike under every ruleset; only its weapons are looked up in the ruleset's armoury, per unit).
   * `chosenBy`: what chose the ruleset, for messages about it (`--rules`, a file's `rules`).
   */
  constructor(readonly ruleset: Ruleset, shared?: Loader, readonly chosenBy = 'rules') {
    this.rosters = shared?.rosters ?? new Map();
    this.rosterAbilities = shared?.rosterAbilities ?? new Map();
    this.found = shared?.found ?? new Map();
    this.unreadable = shared?.unreadable ?? new Map();
    this.foreign = shared?.foreign ?? new Map();
  }

  /** Roster files of another game's edition (epic), by path: said where each is named, not at its top. */
  private readonly foreign: Map<string, Edition>;

  /** Take a weapon of any shipped 40K edition's armoury (a lone roster, checked for no one ruleset). */
  anyEdition = false;

  /** The armoury weapons named so far, by key. */
  readonly armouryUsed = new Set<string>();

  /** Roster files that could not be read at all: said where each is referred to, not at its 1:1. */
  private readonly unreadable: Map<string, Unreadable>;

  /** Roster files that `<stem>/...` may mean, for a reference made in `fromFile`. */
  rosterCandidates(stem: string, fromFile: string): string[] {
    const out: string[] = [];
    let dir = dirname(resolve(fromFile));
    for (;;) {
      out.push(join(dir, `${stem}.yaml`), join(dir, 'rosters', `${stem}.yaml`));
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
    out.push(join(SHIPPED_ROSTERS, `${stem}.yaml`));
    return out;
  }

  /** Every roster stem visible from `fromFile`, for suggestions. */
  knownStems(fromFile: string): string[] {
    const stems = new Set<string>();
    for (const f of this.rosterCandidates('x', fromFile)) {
      const dir = dirname(f);
      try {
        for (const name of readdirSync(dir)) if (name.endsWith('.yaml')) stems.add(name.slice(0, -5));
      } catch {
        /* a folder that is not there */
      }
    }
    return [...stems];
  }

  /** The roster file `<stem>/...` means from `fromFile`, if there is one: looked for once per stem and folder (a batch asks for every row). */
  rosterPath(stem: string, fromFile: string): string | null {
    const key = `${stem}\0${dirname(resolve(fromFile))}`;
    let file = this.found.get(key);
    if (file === undefined) this.found.set(key, (file = this.rosterCandidates(stem, fromFile).find(present) ?? null));
    return file;
  }
  private readonly found: Map<string, string | null>;

  roster(stem: string, fromFile: string): LoadedRoster | null {
    const file = this.rosterPath(stem, fromFile);
    if (!file) return null;
    return this.rosterFile(file);
  }

  /** The roster in `file` (`read`: the file, read already), read and checked once. */
  rosterFile(file: string, read?: YamlFile): LoadedRoster | null {
    if (this.rosters.has(file)) return this.rosters.get(file)!;
    let loaded: LoadedRoster | null = null;
    try {
      const yaml = read?.named(file) ?? YamlFile.read(file);
      const owner = editionOfRoster(yaml.data);
      if (owner) {
        // a roster of another game's edition (epic, rules/epic.md E1): said where it is named (rosterMissing), once, not as every 40K key its profiles lack
        this.foreign.set(file, owner);
        this.rosters.set(file, null);
        return null;
      }
      const { value, problems } = yaml.validate(Roster);
      this.problems.addAll(problems);
      if (value) loaded = { yaml, data: value, stem: basename(file, '.yaml') };
      // its abilities are checked with it, named or not (abilities.md A1)
      if (loaded) this.abilitiesOf(loaded);
    } catch (e) {
      if (e instanceof Unreadable) this.unreadable.set(file, e);
      else if (e instanceof InputError) this.problems.addAll(e.problems);
      else throw e;
    }
    this.rosters.set(file, loaded);
    return loaded;
  }

  /** Why `file` could not be read at all, if it could not (rosterFile reads it first). */
  unreadableRoster(file: string): Unreadable | undefined {
    return this.unreadable.get(file);
  }

  /**
   * Why a reference to `<stem>/...` made in `fromFile` finds no roster, to be said where the
   * reference is (made only when asked: a suggestion reads folders): no such file, or one that
   * cannot be read. Null when the roster was read and its own problems, located in it, say why.
   */
  rosterMissing(stem: string, fromFile: string): (() => string) | null {
    const file = this.rosterPath(stem, fromFile);
    if (!file) return () => `no roster file '${stem}.yaml'${didYouMean(stem, this.knownStems(fromFile))}`;
    this.rosterFile(file);
    const owner = this.foreign.get(file);
    if (owner) return () => `${basename(file)} is ${owner.files!.rosterWords}: its units fight under rules: ${owner.id}, not ${this.ruleset.id}`;
    const e = this.unreadable.get(file);
    return e ? () => unreadableAt('roster', e) : null;
  }

  weapon(item: string | WeaponDefT, roster: LoadedRoster | null, at: YamlFile, path: Path): Weapon | null {
    if (typeof item !== 'string') return this.checked(item, slug(item.name), roster, at, path) ? weaponFromDef(slug(item.name), item) : null;
    const mine = own(roster?.data.weapons, item);
    if (mine) return this.checked(mine, item, roster, roster!.yaml, ['weapons', item]) ? weaponFromDef(item, mine) : null;
    const std = own(this.ruleset.armoury, item);
    if (std) {
      this.armouryUsed.add(item);
      return std;
    }
    // a lone roster, fought under no ruleset yet: a weapon of any shipped 40K edition's armoury
    const elsewhere = this.anyEdition ? editionsArming(item)[0] : undefined;
    if (elsewhere) {
      this.armouryUsed.add(item);
      return own(elsewhere.armoury, item)!;
    }
    this.report(at, path, () => this.unknownWeapon(item, roster));
    return null;
  }

  /**
   * Why `item` is no weapon here: a weapon of other editions is said to be theirs, with the
   * weapon of this ruleset that strikes alike, if one does (no near name offered: it is no
   * misspelling); any other name gets the closest of this ruleset's and the roster's weapons.
   */
  private unknownWeapon(item: string, roster: LoadedRoster | null): string {
    const id = this.ruleset.id;
    const whose = (key: string) => {
      const ids = editionsArming(key).filter((r) => r.id !== id).map((r) => r.id);
      return ids.length === 0 ? null : `${ids.slice(0, -1).join(', ')}${ids.length > 1 ? ' and ' : ''}${ids[ids.length - 1]}`;
    };
    const elsewhere = whose(item);
    if (elsewhere === null) {
      // the closest name of every edition's weapons: a near miss of another edition's is named as theirs, not as a weapon of another kind here
      const here = [...Object.keys(roster?.data.weapons ?? {}), ...(this.anyEdition ? shippedWeaponKeys() : Object.keys(this.ruleset.armoury))];
      const near = closest(item, [...here, ...shippedWeaponKeys().filter((k) => !here.includes(k))]);
      if (near === null || here.includes(near)) return `unknown weapon '${item}'${near ? `; did you mean '${near}'?` : ''}`;
      return `unknown weapon '${item}'; did you mean '${near}'? That is a ${whose(near)} weapon, which ${id} does not have`;
    }
    const theirs = own(editionsArming(item).find((r) => r.id !== id)!.armoury, item)!;
    const alike = Object.values(this.ruleset.armoury).find((w) => strikesAlike(w, theirs));
    return `unknown weapon '${item}' under ${id}: it is a ${elsewhere} weapon; ${alike ? `${id} has ${alike.key}, which strikes alike` : `${id} has no weapon like it`}`;
  }

  /** A weapon an edition file's armoury writes out under `key` (checked as a roster's weapons are). */
  armouryWeapon(key: string, d: WeaponDefT, at: YamlFile, path: Path): Weapon | null {
    return this.checked(d, key, null, at, path) ? weaponFromDef(key, d) : null;
  }

  /**
   * A problem whose message is made only while `at`'s file still has room for problems (a
   * suggestion among 60,000 names costs as much as the rest of the file): past it, counted.
   */
  private report(at: YamlFile, path: Path, message: () => string, key?: string): void {
    if (this.problems.room(at.file)) this.problems.add(at.problem(path, message(), key));
    else this.problems.skip(at.file);
  }

  /** A weapon written out, under the key `key`: a gun as checkedGun says, and `pairsOnlyWith` naming a weapon there is. */
  private checked(d: WeaponDefT, key: string, roster: LoadedRoster | null, at: YamlFile, path: Path): boolean {
    if (!this.checkedGun(d, at, path)) return false;
    if ((d.grenade === 'krak' || d.grenade === 'melta') && typeof d.strength !== 'number') {
      // thrown at a vehicle at the grenade's own Strength (vehicles.md V7): none would be Strength 0
      this.problems.add(at.problem(d.strength === undefined ? path : [...path, 'strength'], `'${d.name}' is a ${d.grenade === 'krak' ? 'krak grenade' : 'melta bomb'}, thrown at a vehicle at its own Strength (vehicles.md V7): it needs strength as a number (krak grenades 6, melta bombs 8)`));
      return false;
    }
    const other = d.pairsOnlyWith;
    // the weapon itself (a pair of lightning claws), this roster's weapons, the ruleset's armoury
    if (other === undefined || other === key || own(roster?.data.weapons, other) || own(this.ruleset.armoury, other)) return true;
    this.report(at, [...path, 'pairsOnlyWith'], () => `unknown weapon '${other}' in pairsOnlyWith${didYouMean(other, [key, ...Object.keys(roster?.data.weapons ?? {}), ...Object.keys(this.ruleset.armoury)])}`);
    return false;
  }

  /** A ranged weapon (with `type`) needs a range and a Strength that is a number. */
  private checkedGun(d: WeaponDefT, at: YamlFile, path: Path): boolean {
    const gunKeys = d.range !== undefined || d.shots !== undefined;
    if (d.type === undefined) {
      if (gunKeys) this.problems.add(at.problem(path, `'${d.name}' has a range or shots but no type: a ranged weapon needs type (assault, pistol, rapid-fire, heavy or salvo)`));
      return !gunKeys;
    }
    if (d.range === undefined || typeof d.strength !== 'number') {
      this.problems.add(at.problem(path, `'${d.name}' is a ranged weapon (type ${d.type}): it needs range and strength as a number`));
      return false;
    }
    // a gun shoots; in close combat a pistol is a plain weapon: these keys would do nothing
    const melee = (['ignoresArmour', 'initiative', 'maxSave', 'rerollFailedWounds', 'rending', 'force', 'grenade', 'pairsOnlyWith'] as const).filter((k) => d[k] !== undefined);
    if (melee.length > 0) {
      this.problems.add(at.problem(path, `'${d.name}' is a ranged weapon: ${melee.join(', ')} would do nothing (in close combat a pistol is a plain single-handed weapon); write the close combat weapon apart`));
      return false;
    }
    return true;
  }

  rules(list: readonly string[] | undefined, at: YamlFile, path: Path): SpecialRule[] {
    return this.resolve(list, null, at, path).rules;
  }

  /** A roster's abilities, read once (every problem located in it). */
  abilitiesOf(roster: LoadedRoster | null): ReadonlyMap<string, Ability> {
    if (!roster) return NO_ABILITIES;
    let got = this.rosterAbilities.get(roster);
    if (got) return got;
    got = new Map();
    this.rosterAbilities.set(roster, got);
    const shipped = shippedRuleNames();
    const defs = Object.entries(roster.data.abilities ?? {});
    for (const [key, def] of defs) {
      const a = readAbility(key, def, rosterClash(shipped, (k) => shippedAbilityTitle(k)), (p, m, k) => this.problems.add(roster.yaml.problem(p, m, k)), ['abilities', key]);
      if (a) got.set(key, a);
    }
    const known = (name: string) => shipped.has(name) || Object.hasOwn(this.ruleset.abilities, name) || Object.hasOwn(roster.data.abilities ?? {}, name);
    for (const [key, def] of defs) {
      for (const { name, path } of notAgainstNames(def, ['abilities', key])) {
        if (known(name) || abilityKeysBeside(roster.yaml.file).has(name)) continue;
        this.report(roster.yaml, path, () => unknownNotAgainst(name, [...shipped, ...Object.keys(roster.data.abilities ?? {}), ...abilityKeysBeside(roster.yaml.file)]));
      }
    }
    return got;
  }

  /** The ability under `name` for a model of `roster`: the roster's own, else the ruleset's; `refused` when the roster defines it but it was refused there (said there). */
  private abilityNamed(name: string, roster: LoadedRoster | null): Ability | 'refused' | undefined {
    const mine = this.abilitiesOf(roster).get(name);
    if (mine) return mine;
    if (roster && Object.hasOwn(roster.data.abilities ?? {}, name)) return 'refused';
    return Object.hasOwn(this.ruleset.abilities, name) ? this.ruleset.abilities[name] : undefined;
  }

  /** A vehicle's or walker's abilities named in `list` (at `path`) that it may not take (A1), each refused at the entry naming it. */
  private vehicleAbilities(kind: 'vehicle' | 'walker', list: readonly string[] | undefined, roster: LoadedRoster | null, at: YamlFile, path: Path): void {
    (list ?? []).forEach((r, i) => {
      const a = this.abilityNamed(r, roster);
      if (!a || a === 'refused') return;
      const why = vehicleRefusal(kind, a);
      if (why) this.problems.add(at.problem([...path, i], why));
    });
  }

  /**
   * A `rules:` list: each name a roster ability of `roster` (its file's), else one of the
   * ruleset's abilities, else a special rule of code; the rest refused, located. A shipped rule of
   * code that is an ability too (furious-charge) is listed in `rules` as well (Furious Charge acts
   * as its ability alone: the name stays for the log and the files).
   */
  resolve(list: readonly string[] | undefined, roster: LoadedRoster | null, at: YamlFile, path: Path, quiet = false): { rules: SpecialRule[]; abilities: Ability[] } {
    const rules: SpecialRule[] = [];
    const abilities: Ability[] = [];
    (list ?? []).forEach((r, i) => {
      const a = this.abilityNamed(r, roster);
      const coded = (SPECIAL_RULES as readonly string[]).includes(r);
      if (a && a !== 'refused' && !abilities.includes(a)) abilities.push(a);
      if (coded) rules.push(r as SpecialRule);
      if (!a && !coded && !quiet) this.report(at, [...path, i], () => unknownRule(r, this.ruleNames([roster])));
    });
    return { rules, abilities };
  }

  /** Every name a `rules:` list may give for models of these rosters: the special rules of code, the ruleset's abilities, the rosters' own. */
  private ruleNames(rosters: readonly (LoadedRoster | null)[]): string[] {
    return [...new Set([...SPECIAL_RULES, ...Object.keys(this.ruleset.abilities), ...rosters.flatMap((x) => Object.keys(x?.data.abilities ?? {}))])];
  }

  /** `models` with the abilities of the unit's `rules` added to each model's (each name looked up in that model's roster file). */
  private withUnitAbilities(models: ModelGroup[], list: readonly string[] | undefined, fallback: LoadedRoster | null, at: YamlFile, path: Path): ModelGroup[] {
    if (!list || list.length === 0) return models;
    // a name is known when some model's roster (or the ruleset, or the code) has it: each model looks it up in its own roster file
    const rosters = [...new Set([fallback, ...models.map((g) => this.specRoster.get(g.spec) ?? fallback)])];
    list.forEach((r, i) => {
      if ((SPECIAL_RULES as readonly string[]).includes(r)) return;
      const defining = rosters.filter((x) => this.abilityNamed(r, x) !== undefined);
      if (defining.length === 0) return this.report(at, [...path, i], () => unknownRule(r, this.ruleNames(rosters)));
      // a roster's ability reaches only the models of a roster file that defines it (A1): none may go without
      const without = models.filter((g) => this.abilityNamed(r, this.specRoster.get(g.spec) ?? fallback) === undefined);
      if (without.length > 0) {
        const files = defining.filter((x): x is LoadedRoster => x !== null).map((x) => relative(dirname(at.file), x.yaml.file) || basename(x.yaml.file));
        this.report(at, [...path, i], () => undefinedFor(r, files, [...new Set(without.map((g) => plain(g.spec.name)))]));
      }
    });
    for (const g of models) if (g.spec.vehicle) this.vehicleAbilities(g.spec.vehicle.kind, list, this.specRoster.get(g.spec) ?? fallback, at, path);
    return models.map((g) => {
      const roster = this.specRoster.get(g.spec) ?? fallback;
      const add = this.resolve(list, roster, at, path, true).abilities.filter((a) => !(g.spec.abilities ?? []).some((b) => b.key === a.key));
      if (add.length === 0) return g;
      const spec: ModelSpec = { ...g.spec, abilities: [...(g.spec.abilities ?? []), ...add] };
      this.specRoster.set(spec, roster);
      return { ...g, spec };
    });
  }

  modelSpec(key: string, def: ModelIn, roster: LoadedRoster | null, at: YamlFile, path: Path): ModelSpec {
    const wargear: Weapon[] = [];
    (def.wargear ?? []).forEach((w, i) => {
      const weapon = this.weapon(w, roster, at, [...path, 'wargear', i]);
      if (weapon) wargear.push(weapon);
    });
    const { rules, abilities } = this.resolve(def.rules, roster, at, [...path, 'rules']);
    const vehicle = this.vehicle(def, at, path);
    if (vehicle) this.vehicleAbilities(vehicle.spec.kind, def.rules, roster, at, [...path, 'rules']);
    let spec: ModelSpec;
    if (vehicle) {
      // a walker is a walker to every rule that asks (revised4's charge bonus: 000's Exception)
      if (vehicle.spec.kind === 'walker' && !rules.includes('walker')) rules.push('walker');
      spec = { key, name: plain(def.name), profile: vehicle.profile, wargear, rules, abilities, vehicle: vehicle.spec };
    } else {
      const p = def.profile ?? { WS: 0, BS: 0, S: 0, T: 1, W: 1, I: 0, A: 0, Ld: 0 };
      spec = { key, name: plain(def.name), profile: profile(p), wargear, rules, abilities };
    }
    this.specRoster.set(spec, roster);
    return spec;
  }

  /**
   * A model's `type`, `vehicle` and `types` (vehicles.md V1): a vehicle's profile and armour, or
   * null for a model of flesh (with `profile`). Every mismatch is a located problem.
   */
  private vehicle(def: ModelIn, at: YamlFile, path: Path): { profile: Profile; spec: VehicleSpec } | null {
    const v = def.vehicle;
    if (def.type === undefined) {
      if (v !== undefined) this.problems.add(at.problem([...path, 'vehicle'], 'a vehicle profile needs `type: vehicle` or `type: walker`'));
      if (def.types !== undefined) this.problems.add(at.problem([...path, 'types'], 'vehicle types belong to a vehicle: give `type: vehicle` (or walker) and a `vehicle:` profile'));
      if (def.profile === undefined && v === undefined) this.problems.add(at.problem(path, 'a model needs a `profile` (or, for a vehicle, `type` and a `vehicle:` profile)'));
      return null;
    }
    if (def.profile !== undefined) this.problems.add(at.problem([...path, 'profile'], `a ${def.type} has a \`vehicle:\` profile instead of \`profile:\` (vehicles.md V1)`));
    if (v === undefined) {
      this.problems.add(at.problem([...path, 'type'], `a ${def.type} needs a \`vehicle:\` profile: { BS, front, side, rear }${def.type === 'walker' ? ' and WS, S, I, A' : ''}`));
      return null;
    }
    let ok = true;
    for (const k of ['T', 'W', 'Sv', 'Ld'] as const) {
      if (v[k] === undefined) continue;
      ok = false;
      this.problems.add(at.problem([...path, 'vehicle', k], `a vehicle has no ${k}: it is never wounded, never saves and never tests (vehicles.md V1)`));
    }
    const fighting = ['WS', 'S', 'I', 'A'] as const;
    if (def.type === 'walker') {
      const missing = fighting.filter((k) => v[k] === undefined);
      if (missing.length > 0) {
        ok = false;
        this.problems.add(at.problem([...path, 'vehicle'], `a walker needs ${missing.join(', ')} in its vehicle profile (it fights as infantry does: vehicles.md V1, V9)`));
      }
    } else {
      for (const k of fighting) {
        if (v[k] === undefined) continue;
        ok = false;
        this.problems.add(at.problem([...path, 'vehicle', k], `a vehicle that is not a walker makes no attacks: it has no ${k} (type: walker if it fights)`));
      }
    }
    if (!ok) return null;
    const types = [...new Set(def.types ?? [])] as VehicleType[];
    return {
      profile: { WS: v.WS ?? 0, BS: v.BS, S: v.S ?? 0, T: 10, W: 1, I: v.I ?? 0, A: v.A ?? 0, Ld: 10, Sv: null, Inv: null },
      spec: { kind: def.type, front: v.front, side: v.side, rear: v.rear, types },
    };
  }

  /** One entry of a unit's `models` list: a roster model (with `model`) or one written inline. */
  modelGroup(entry: ModelEntryT, roster: LoadedRoster | null, at: YamlFile, path: Path): ModelGroup | null {
    if (entry.model !== undefined) {
      let source = roster;
      let key = entry.model;
      if (key.includes('/')) {
        const parts = key.split('/');
        if (parts.length !== 2 || !parts[0] || !parts[1]) {
          this.problems.add(at.problem([...path, 'model'], `'${entry.model}' is not a model reference: write <model key>, or <faction file>/<model key>`));
          return null;
        }
        const [stem, k] = parts as [string, string];
        source = this.roster(stem, at.file);
        key = k;
        if (!source) {
          // a roster read but broken: its own problems, located in it, say why
          const missing = this.rosterMissing(stem, at.file);
          if (missing) this.report(at, [...path, 'model'], missing);
          return null;
        }
      }
      const def = own(source?.data.models, key);
      if (!def) {
        this.report(at, [...path, 'model'], () => `unknown model '${entry.model}'${didYouMean(key, Object.keys(source?.data.models ?? {}))}`);
        return null;
      }
      const spec = this.modelSpec(key, def, source, source!.yaml, ['models', key]);
      return this.oneVehicle(withDistance({ spec, count: entry.count }, entry.distance), at, [...path, 'count']);
    }
    if (entry.name === undefined || (entry.profile === undefined && entry.vehicle === undefined && entry.type === undefined)) {
      this.problems.add(at.problem(path, 'a model entry needs either `model` (a roster model) or `name` and `profile` (for a vehicle, `name`, `type` and `vehicle`)'));
      return null;
    }
    const spec = this.modelSpec(slug(entry.name), { name: entry.name, profile: entry.profile, type: entry.type, vehicle: entry.vehicle, types: entry.types, wargear: entry.wargear, rules: entry.rules }, roster, at, path);
    return this.oneVehicle(withDistance({ spec, count: entry.count }, entry.distance), at, [...path, 'count']);
  }

  /** A group of vehicles is refused: each vehicle of a squadron is a unit of its own (vehicles.md V13). */
  private oneVehicle(g: ModelGroup, at: YamlFile, path: Path): ModelGroup | null {
    if (!g.spec.vehicle || g.count === 1) return g;
    this.problems.add(at.problem(path, `a ${g.spec.vehicle.kind} is a unit of its own: count must be 1 (a squadron of ${g.count} is ${g.count} units: vehicles.md V13)`));
    // kept, so that the unit is still known to hold a vehicle (its other checks say nothing more of the count)
    return g;
  }

  /**
   * A unit with a vehicle (vehicles.md): the vehicle alone in it, a ruleset that has vehicle
   * rules (V16), `moved` only on a vehicle unit.
   */
  private checkVehicleUnit(u: ScenarioUnitT, side: SideId, models: ModelGroup[], at: YamlFile, path: Path): void {
    const vehicles = models.filter((g) => g.spec.vehicle);
    if (vehicles.length === 0) {
      // a unit whose entries declare a vehicle that failed its own checks is told so there, not here
      const meant = (u.models ?? []).some((m) => m !== null && typeof m === 'object' && ('type' in m || 'vehicle' in m));
      if (u.moved !== undefined && !meant) this.problems.add(at.problem([...path, 'moved'], 'moved belongs to a vehicle unit (how far the vehicle moved): this unit has no vehicle'));
      return;
    }
    const kind = vehicles[0]!.spec.vehicle!.kind;
    if (!this.ruleset.vehicles) {
      const chose = this.chosenBy === 'rules' ? this.ruleset.id
        : this.chosenBy === '--rules' ? `--rules ${this.ruleset.id} chose ${this.ruleset.id}, which` : `${this.chosenBy} chose ${this.ruleset.id}, which`;
      const problem = at.problem(path, `${chose} has no rules for vehicles or walkers yet: a scenario with a ${kind} is refused under it (vehicles.md V16; srd4 and revised4 have them)`);
      this.problems.add(problem);
      this.rulesetProblems.push(problem);
    }
    if (kind === 'vehicle' && side === 'attacker') {
      this.problems.add(at.problem(path, `a vehicle that is not a walker is never on the attacker side, the side that assaults: it never charges (its close combat is tank shock, out of scope: vehicles.md V21); put it on the defender side, where it is charged (a walker charges as infantry does)`));
    } else if (kind === 'vehicle' && u.charged === true) {
      this.problems.add(at.problem([...path, 'charged'], `a vehicle that is not a walker never charges (its close combat is tank shock, out of scope: vehicles.md V21): leave out charged: true`));
    }
    if (models.length > 1) this.problems.add(at.problem([...path, 'models'], `a ${kind} is a unit of its own, with no other model (vehicles.md V1, V13)`));
    else if (u.size !== undefined && u.size > 1) this.problems.add(at.problem([...path, 'size'], `a ${kind} is a unit of its own, of one model: size must be 1 (a squadron is several units: vehicles.md V13)`));
  }

  /** A roster's unit as a UnitSpec with default scenario flags. */
  rosterUnit(roster: LoadedRoster, key: string): UnitSpec | null {
    const def = own(roster.data.units, key);
    if (!def) return null;
    const models: ModelGroup[] = [];
    def.models.forEach((e, i) => {
      const g = this.modelGroup(e, roster, roster.yaml, ['units', key, 'models', i]);
      if (e.distance !== undefined) this.problems.add(roster.yaml.problem(['units', key, 'models', i, 'distance'], 'distance belongs in a scenario (where the unit stands), not in a roster'));
      if (g) models.push({ spec: g.spec, count: g.count });
    });
    return {
      ref: `${roster.stem}/${key}`, name: plain(def.name), models: this.withUnitAbilities(models, def.rules, roster, roster.yaml, ['units', key, 'rules']),
      charged: false, inCover: false, firedThisTurn: false,
      inContact: null, casualtyOrder: [], rules: this.resolve(def.rules, roster, roster.yaml, ['units', key, 'rules'], true).rules,
      chargeDistance: null, difficultTerrain: false, nearby: false, points: def.points ?? null,
    };
  }

  /** A unit of a scenario side: a roster reference or written inline, with its flags. */
  scenarioUnit(u: ScenarioUnitT, side: SideId, at: YamlFile, path: Path): UnitSpec | null {
    let base: UnitSpec | null = null;
    if (u.unit !== undefined) {
      const parts = u.unit.split('/');
      const [stem, key] = parts;
      if (parts.length !== 2 || !stem || !key) {
        this.problems.add(at.problem([...path, 'unit'], `'${u.unit}' is not a unit reference: write <faction file>/<unit>, e.g. orks/boyz`));
        return null;
      }
      const roster = this.roster(stem, at.file);
      if (!roster) {
        const missing = this.rosterMissing(stem, at.file);
        if (missing) this.report(at, [...path, 'unit'], missing);
        return null;
      }
      base = this.rosterUnit(roster, key);
      if (!base) {
        this.report(at, [...path, 'unit'], () => `no unit '${key}' in ${roster.yaml.file}${offerNames(key, Object.keys(roster.data.units), 'units')}`);
        return null;
      }
      if (u.models !== undefined) this.problems.add(at.problem([...path, 'models'], 'give either `unit` or `models`, not both'));
    } else if (u.models !== undefined) {
      const models: ModelGroup[] = [];
      u.models.forEach((e, i) => {
        const g = this.modelGroup(e, null, at, [...path, 'models', i]);
        if (g) models.push(g);
      });
      base = {
        ref: null, name: plain(u.name ?? models[0]?.spec.name ?? 'Unit'), models, charged: false, inCover: false, firedThisTurn: false,
        inContact: null, casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
      };
    } else {
      this.problems.add(at.problem(path, 'a unit needs `unit` (a roster reference such as orks/boyz) or `name` and `models`'));
      return null;
    }
    const largest = base.models.reduce<ModelGroup | null>((a, g) => (!a || g.count > a.count ? g : a), null);
    const others = base.models.reduce((n, g) => n + (g === largest ? 0 : g.count), 0);
    if (u.size !== undefined && largest && u.size <= others) {
      this.problems.add(at.problem([...path, 'size'], `size ${u.size} is too small: the unit has ${others} model${others === 1 ? '' : 's'} besides its ${largest.spec.name} models, and size only changes how many ${largest.spec.name} models there are (at least 1): the smallest size is ${others + 1}`));
    }
    let models = resize(base.models, u.size);
    if (u.wargear) models = this.rearm(models, u.wargear, u.unit, at, [...path, 'wargear']);
    if (u.distance !== undefined) {
      if (models.some((g) => g.distance !== undefined)) {
        this.problems.add(at.problem([...path, 'distance'], 'give distance either for the unit or on its model entries, not both'));
      }
      models = this.place(models, u.distance, at, [...path, 'distance']);
    }
    for (const k of ['lockedWith', 'attackSplit'] as const) {
      const list = u[k];
      if (!Array.isArray(list)) continue;
      const named = new Set<string>();
      list.forEach((n, i) => {
        if (named.has(n)) this.problems.add(at.problem([...path, k, i], `'${n}' is named twice`));
        named.add(n);
      });
    }
    if (u.inContact !== undefined && models.some((g) => g.distance !== undefined)) {
      this.problems.add(at.problem([...path, 'inContact'], 'give either inContact or distance, not both: distance 0 is base contact'));
    }
    const ppm = base.ref ? this.pointsPerModel(base.ref, at) : undefined;
    const resized = models.reduce((n, g) => n + g.count, 0) - base.models.reduce((n, g) => n + g.count, 0);
    // a resized unit costs its listed points plus or minus pointsPerModel a model; unknown without it
    const points = u.points ?? (base.points == null ? null : resized === 0 ? base.points : ppm !== undefined ? base.points + resized * ppm : null);
    const total = models.reduce((n, g) => n + g.count, 0);
    if (u.inContact !== undefined && u.inContact > total) {
      this.problems.add(at.problem([...path, 'inContact'], `inContact is ${u.inContact} but the unit has ${total} models`));
    }
    if (u.chargeDistance !== undefined && !(u.charged ?? side === 'attacker')) {
      // a vehicle that is not a walker may not be told to charge (V21): the one way out is to leave it out
      const drivenOnly = models.some((g) => g.spec.vehicle?.kind === 'vehicle');
      this.problems.add(at.problem([...path, 'chargeDistance'], `the unit does not charge (${side === 'defender' ? 'a defender' : 'charged: false'}), so its chargeDistance would do nothing: leave it out${drivenOnly ? ' (a vehicle that is not a walker never charges: vehicles.md V21)' : ', or say charged: true'}`));
    }
    this.checkVehicleUnit(u, side, models, at, path);
    const names = new Set(models.flatMap((g) => [g.spec.key, g.spec.name]));
    const casualtyOrder = (u.casualtyOrder ?? []).map(plain);
    if (u.coverSave !== undefined && u.inCover === false) this.problems.add(at.problem([...path, 'coverSave'], 'a cover save is the cover the unit is in: leave out inCover: false, or the coverSave'));
    casualtyOrder.forEach((n, i) => {
      if (!names.has(n)) this.report(at, [...path, 'casualtyOrder', i], () => `no model '${n}' in this unit${didYouMean(n, names)}`);
    });
    return {
      ...base,
      name: u.name !== undefined ? plain(u.name) : base.name,
      charged: u.charged ?? side === 'attacker',
      inCover: u.inCover ?? u.coverSave !== undefined,
      ...(u.coverSave !== undefined || u.inCover ? { coverSave: u.coverSave ?? COVER_SAVE } : {}),
      firedThisTurn: u.firedThisTurn ?? false,
      inContact: u.inContact ?? null,
      casualtyOrder,
      models: this.withUnitAbilities(models, u.rules, base.ref ? this.roster(base.ref.split('/')[0]!, at.file) : null, at, [...path, 'rules']),
      rules: [...base.rules, ...this.resolve(u.rules, null, at, [...path, 'rules'], true).rules],
      chargeDistance: u.chargeDistance ?? null,
      difficultTerrain: u.difficultTerrain ?? false,
      nearby: u.nearby ?? false,
      points,
      ...(u.lockedWith ? { lockedWith: u.lockedWith.map(plain) } : {}),
      ...(u.attackSplit ? { attackSplit: u.attackSplit === 'even' ? 'even' : u.attackSplit.map(plain) } : {}),
      ...(u.useless ? { useless: u.useless } : {}),
      ...(u.reaction ? { reaction: u.reaction } : {}),
      ...(u.fieryCharge !== undefined ? { fieryCharge: u.fieryCharge } : {}),
      ...(u.thisTurn ? { thisTurn: u.thisTurn } : {}),
      ...(u.moved !== undefined ? { moved: u.moved } : {}),
    };
  }

  /** `distance` of a scenario unit: one number for every model, or by model key or name. */
  private place(models: ModelGroup[], distance: number | Record<string, number>, at: YamlFile, path: Path): ModelGroup[] {
    if (typeof distance === 'number') return models.map((g) => ({ ...g, distance }));
    const keyOf = this.byModel(models, distance, 'distance', at, path);
    return models.map((g) => {
      const key = keyOf(g);
      return key === null ? g : { ...g, distance: own(distance, key)! };
    });
  }

  /**
   * A record keyed by model key or name (a unit's `wargear` or `distance`): every key must name a
   * model of the unit, and no model twice (by key and by name). Returns the key a group goes by.
   */
  private byModel(models: ModelGroup[], record: Record<string, unknown>, what: string, at: YamlFile, path: Path): (g: ModelGroup) => string | null {
    const names = new Set(models.flatMap((g) => [g.spec.key, g.spec.name]));
    for (const who of Object.keys(record)) {
      if (!names.has(who)) this.report(at, path, () => `no model '${who}' in this unit${didYouMean(who, names)}`, who);
    }
    for (const g of models) {
      if (g.spec.key !== g.spec.name && own(record, g.spec.key) !== undefined && own(record, g.spec.name) !== undefined) {
        this.problems.add(at.problem(path, `'${g.spec.key}' and '${g.spec.name}' name the same models: give their ${what} once`, g.spec.name));
      }
    }
    return (g) => (own(record, g.spec.key) !== undefined ? g.spec.key : own(record, g.spec.name) !== undefined ? g.spec.name : null);
  }

  /** `pointsPerModel` of a roster unit `stem/key`, if its roster gives it. */
  private pointsPerModel(ref: string, at: YamlFile): number | undefined {
    const [stem, key] = ref.split('/') as [string, string];
    return own(this.roster(stem, at.file)?.data.units, key)?.pointsPerModel;
  }

  /** Other wargear for some models of a unit (a variant): by model key or name. */
  private rearm(models: ModelGroup[], wargear: Record<string, (string | WeaponDefT)[]>, ref: string | undefined, at: YamlFile, path: Path): ModelGroup[] {
    const roster = ref ? this.roster(ref.split('/')[0]!, at.file) : null;
    const keyOf = this.byModel(models, wargear, 'wargear', at, path);
    return models.map((g) => {
      const key = keyOf(g);
      if (key === null) return g;
      const weapons: Weapon[] = [];
      own(wargear, key)!.forEach((w, i) => {
        const weapon = this.weapon(w, roster, at, [...path, key, i]);
        if (weapon) weapons.push(weapon);
      });
      return { ...g, spec: { ...g.spec, wargear: weapons } };
    });
  }
}

/** A model as a roster or a scenario writes it: a profile, or a vehicle's type and profile. */
type ModelIn = {
  name: string; profile?: ProfileIn; type?: 'vehicle' | 'walker'; vehicle?: VehicleProfileT; types?: VehicleType[];
  wargear?: (string | WeaponDefT)[]; rules?: string[];
};

type ProfileIn = { WS: number; BS: number; S: number; T: number; W: number; I: number; A: number; Ld: number; Sv?: number | string; Inv?: number | string };

function saveValue(v: number | string | undefined): number | null {
  if (v === undefined) return null;
  const n = typeof v === 'number' ? v : Number.parseInt(v, 10);
  return n >= 7 ? null : n;
}

function profile(p: ProfileIn): Profile {
  return { WS: p.WS, BS: p.BS, S: p.S, T: p.T, W: p.W, I: p.I, A: p.A, Ld: p.Ld, Sv: saveValue(p.Sv), Inv: saveValue(p.Inv) };
}

function weaponFromDef(key: string, d: WeaponDefT): Weapon {
  if (d.type !== undefined) {
    // a gun: its profile shoots; in close combat a pistol is a plain single-handed weapon
    return makeGun(key, plain(d.name), { range: d.range!, type: d.type, shots: d.shots ?? 1, strength: d.strength as number, ap: d.ap ?? null, woundOn: d.woundOn ?? null });
  }
  const s = d.strength;
  const strength: Weapon['strength'] =
    s === undefined || s === 'user' ? { kind: 'user' }
      : typeof s === 'number' ? { kind: 'fixed', n: s }
        : s.startsWith('x') ? { kind: 'times', factor: Number(s.slice(1)) }
          : { kind: 'plus', n: Number(s.slice(1)) };
  return makeWeapon(key, plain(d.name), {
    strength, ap: d.ap ?? null, ignoresArmour: d.ignoresArmour ?? false, initiative: d.initiative ?? null,
    woundOn: d.woundOn ?? null, rerollFailedWounds: d.rerollFailedWounds ?? false, maxSave: d.maxSave ?? null,
    rending: d.rending ?? false, singleHanded: d.singleHanded ?? false, force: d.force ?? false,
    grenade: d.grenade ?? null, pairsOnlyWith: d.pairsOnlyWith ?? null, penetration: d.penetration === '2d6' ? 2 : 1,
  });
}

/** Two weapons that do the same in a fight, whatever their names. */
function strikesAlike(a: Weapon, b: Weapon): boolean {
  return JSON.stringify({ ...a, key: '', name: '' }) === JSON.stringify({ ...b, key: '', name: '' });
}

function withDistance(g: ModelGroup, distance: number | undefined): ModelGroup {
  return distance === undefined ? g : { ...g, distance };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** `size`: resize the unit's largest model group. */
function resize(models: ModelGroup[], size: number | undefined): ModelGroup[] {
  if (size === undefined || models.length === 0) return models;
  const largest = models.reduce((a, b) => (b.count > a.count ? b : a));
  const others = models.reduce((n, g) => n + (g === largest ? 0 : g.count), 0);
  return models.map((g) => (g === largest ? { ...g, count: Math.max(1, size - others) } : g));
}
