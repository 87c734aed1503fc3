// A list builder's roster (BattleScribe / New Recruit .ros, or .rosz zipped) as an assault roster:
// every unit of the list with its model groups, profiles, wargear, special rules and points.
// What cannot be read is left out or kept plainly, each time with a note naming the selection.
import { ARMOURY_4TH } from '../editions/srd4/armoury.js';
import { InputError } from '../errors.js';
import { plain } from '../plain.js';
import { refuse, utf8 } from './file.js';
import { readBytes } from '../io/readtext.js';
import { armouryKeys, inEveryArmoury, invulnerableOf, isGear, Keys, norm, ruleKey, slug, unitTypeRules, wargearRule } from './names.js';
import { categoriesOf, modelProfiles, profileKind, profilesOf, readProfile, rulesOf, selectionsOf, stats, totalPoints, ownPoints } from './profile.js';
import { profileWeapon, weaponDef, type WeaponDef } from './weapons.js';
import { isZip, rosOfZip } from './zip.js';
import { listOf, parseXml, type El } from './xml.js';

/** Something of the list the import left out or kept plainly, and where: the selections down to it. */
export interface ImportNote {
  line: number;
  col: number;
  where: string[];
  message: string;
}

export interface ImportedModel {
  key: string;
  name: string;
  profile?: Record<string, number>;
  type?: 'vehicle' | 'walker';
  vehicle?: Record<string, number>;
  types?: string[];
  wargear: string[];
  rules: string[];
}

export interface ImportedUnit {
  key: string;
  name: string;
  models: { model: string; count: number }[];
  rules: string[];
  points: number | null;
  /** the notes of its selections, each once */
  notes: ImportNote[];
}

export interface ImportedRoster {
  /** the file as named, and the .ros inside it when it was a zip */
  file: string;
  inner: string | null;
  name: string;
  system: string;
  faction: string;
  points: number | null;
  weapons: [string, WeaponDef][];
  models: ImportedModel[];
  units: ImportedUnit[];
  /** notes of selections that are no unit (left out whole) */
  notes: ImportNote[];
}

const NS = 'http://www.battlescribe.net/schema/rosterSchema';

/** The file's kind, refused unless it is a roster. */
function checkKind(file: string, root: El): void {
  const said = (k: string) => (root.attrs.name ? ` ("${plain(root.attrs.name)}")` : '') + k;
  const export_ = 'export the army list from BattleScribe or New Recruit (.ros, or .rosz zipped) and import that';
  if (root.name === 'catalogue') refuse(file, `a BattleScribe catalogue${said('')}: a data file of the list builder (.cat), not an army list: ${export_}`);
  if (root.name === 'gameSystem') refuse(file, `a BattleScribe game system file${said('')}: a data file of the list builder (.gst), not an army list: ${export_}`);
  if (root.name !== 'roster') refuse(file, `XML of another kind (its root element is <${plain(root.name).slice(0, 40)}>): a roster export's root is <roster> in ${NS}`);
  const ns = root.attrs.xmlns;
  if (ns !== undefined && ns !== NS) refuse(file, `a <roster> of another schema (${plain(ns).slice(0, 80)}): a roster export's is ${NS}`);
}

/** Every force of the roster, nested ones (allies) included, in the order written. */
function forces(root: El): El[] {
  const out: El[] = [];
  const walk = (el: El) => {
    for (const f of listOf(el, 'forces', 'force')) {
      out.push(f);
      walk(f);
    }
  };
  walk(root);
  return out;
}

/** Every selection under `el`, at any depth. */
function allSelections(el: El): El[] {
  return selectionsOf(el).flatMap((s) => [s, ...allSelections(s)]);
}

/**
 * A roster of another game system is refused whole: its model profiles lack what a 4th-edition
 * close combat needs (10th edition's Unit profile: M T SV W LD OC, no WS).
 */
function checkSystem(file: string, root: El, units: El[]): void {
  const system = root.attrs.gameSystemName ? `"${plain(root.attrs.gameSystemName)}"` : 'a game system it does not name';
  const all = units.flatMap((u) => [u, ...allSelections(u)]);
  const profiles = all.flatMap((s) => profilesOf(s));
  const model = profiles.filter((p) => profileKind(p) !== null);
  if (units.length === 0) refuse(file, `a roster of ${system} with no units in it`);
  if (model.length === 0) {
    const types = [...new Set(profiles.map((p) => plain(p.attrs.typeName ?? '?')))].slice(0, 8);
    refuse(file, `a roster of ${system} with no Unit, Vehicle or Walker profile${types.length ? ` (its profiles are ${types.join(', ')})` : ''}: assault imports 4th-edition Warhammer 40,000 rosters`);
  }
  const unit = model.filter((p) => profileKind(p) === 'unit');
  if (unit.length > 0 && unit.every((p) => !stats(p).has('ws'))) {
    const chars = [...stats(unit[0]!).keys()].filter((k) => k !== 'unit type' && k !== 'keywords').map((k) => k.toUpperCase()).slice(0, 12);
    refuse(file, `a roster of ${system}: its Unit profiles have ${chars.join(' ') || 'no characteristics'} and no WS, and a close combat of assault's is fought WS against WS: assault imports 4th-edition Warhammer 40,000 rosters (Unit profiles of WS BS S T W I A LD Sv)`);
  }
}

/** Where each selection with an id opens in the text: line and column. */
function selectionPlaces(text: string): Map<string, { line: number; col: number }> {
  const out = new Map<string, { line: number; col: number }>();
  const re = /<(?:[\w.-]+:)?selection\s[^>]*?\bid\s*=\s*"([^"]*)"/g;
  let line = 1;
  let lineStart = 0;
  let scanned = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    for (let i = text.indexOf('\n', scanned); i >= 0 && i < m.index; i = text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    scanned = m.index;
    if (!out.has(m[1]!)) out.set(m[1]!, { line, col: m.index - lineStart + 1 });
  }
  return out;
}

const isWeaponProfile = (p: El): boolean => /weapon/i.test(p.attrs.typeName ?? '');
const hasStatLine = (p: El): boolean => {
  const s = stats(p);
  return s.has('range') || s.has('strength') || s.has('s') || s.has('ap');
};
const nameOf = (el: El, fallback: string): string => plain((el.attrs.name ?? '').trim()) || fallback;

/** Something a model carries or is: a weapon profile, or a selection by its name. */
interface Item { name: string; profile: El | null; otherProfile: boolean }

class Importer {
  readonly weapons: [string, WeaponDef][] = [];
  readonly models: ImportedModel[] = [];
  readonly units: ImportedUnit[] = [];
  readonly notes: ImportNote[] = [];
  private readonly unitKeys = new Keys();
  private readonly modelKeys = new Keys();
  // a list's weapon never takes a key of the 4th-edition armoury (those srd4 and revised4 alone
  // have are written out under their own keys); fightphase's own (choppa) it may take, as the
  // shipped Ork roster does
  private readonly weaponKeys = new Keys(Object.keys(ARMOURY_4TH));
  private readonly weaponBySig = new Map<string, string>();
  private readonly modelBySig = new Map<string, string>();

  constructor(private readonly places: Map<string, { line: number; col: number }>) {}

  private readonly said = new WeakMap<ImportNote[], Set<string>>();

  private note(into: ImportNote[], sel: El, where: string[], message: string): void {
    // the same name met again in one unit (each of its models' selections): said once
    let said = this.said.get(into);
    if (!said) this.said.set(into, (said = new Set()));
    if (said.has(message)) return;
    said.add(message);
    const at = (sel.attrs.id !== undefined ? this.places.get(sel.attrs.id) : undefined) ?? { line: 0, col: 0 };
    into.push({ ...at, where, message });
  }

  /** The key of a weapon written out: one key for one definition, deduplicated by name. */
  private weaponKey(def: WeaponDef, key?: string): string {
    const sig = JSON.stringify(def);
    const found = this.weaponBySig.get(sig);
    if (found) return found;
    const k = key ?? this.weaponKeys.take(slug(String(def.name), 'weapon'));
    this.weaponBySig.set(sig, k);
    this.weapons.push([k, def]);
    return k;
  }

  private modelKey(m: Omit<ImportedModel, 'key'>): string {
    const sig = JSON.stringify(m);
    const found = this.modelBySig.get(sig);
    if (found) return found;
    const key = this.modelKeys.take(slug(m.name, 'model'));
    this.modelBySig.set(sig, key);
    this.models.push({ key, ...m });
    return key;
  }

  /**
   * The model selections of a unit: the selections of type model under it, not inside another;
   * in a unit with no profile of its own, an upgrade with one too (a Nob bought for the mob).
   */
  private modelSelections(sel: El, profiled: boolean): El[] {
    return selectionsOf(sel).flatMap((c) => (c.attrs.type === 'model' || (!profiled && modelProfiles(c).length > 0) ? [c] : this.modelSelections(c, profiled)));
  }

  /** The selections under a unit that belong to no model of it, at any depth. */
  private unitUpgrades(sel: El, models: ReadonlySet<El>): El[] {
    return selectionsOf(sel).filter((c) => c.attrs.type !== 'model' && !models.has(c)).flatMap((c) => [c, ...this.unitUpgrades(c, models)]);
  }

  /**
   * A model group as its models carry their upgrades. An upgrade of the group's selection whose
   * `number` is below the group's count is carried by that many of them (a list's numbers count
   * every model's: Boltgun 8 and Flamer 1 among 9 Marines): each such upgrade makes a group of
   * its own, in the order written, and the rest keep the upgrades every model has. Upgrades for
   * more models than the group has are given to every model, noted.
   */
  private slices(m: El, count: number, where: string[], notes: ImportNote[]): { count: number; roots: El[]; extra: El | null }[] {
    const number = (c: El) => {
      const t = (c.attrs.number ?? '1').trim();
      return /^\d{1,6}$/.test(t) ? Number(t) : 1;
    };
    const children = selectionsOf(m).filter((c) => c.attrs.type !== 'model' && number(c) > 0);
    const partial = children.filter((c) => number(c) < count);
    const whole = children.filter((c) => number(c) >= count);
    const taken = partial.reduce((t, c) => t + number(c), 0);
    if (partial.length === 0) return [{ count, roots: whole, extra: null }];
    if (taken > count) {
      this.note(notes, m, where, `upgrades some of its models take add up to ${taken}, more than its ${count} models: every model has them`);
      return [{ count, roots: children, extra: null }];
    }
    const out: { count: number; roots: El[]; extra: El | null }[] = partial.map((c) => ({ count: number(c), roots: [...whole, c], extra: c }));
    if (count > taken) return [{ count: count - taken, roots: whole, extra: null }, ...out];
    // every model has one of them: the most of them are the group's plain models, named as it is
    const most = out.reduce((a, b) => (b.count > a.count ? b : a));
    most.extra = null;
    return out;
  }

  /** The selections under `sel` that belong to it (upgrades: not other models), at any depth. */
  private upgrades(sel: El): El[] {
    return selectionsOf(sel).filter((c) => c.attrs.type !== 'model').flatMap((c) => [c, ...this.upgrades(c)]);
  }

  /** The weapons and gear of a selection itself: its weapon profiles, or itself by name. */
  private itemsOf(sel: El, itself: boolean): Item[] {
    const weapons = profilesOf(sel).filter(isWeaponProfile);
    if (weapons.length) return weapons.map((p) => ({ name: nameOf(p, nameOf(sel, 'Weapon')), profile: p, otherProfile: false }));
    if (!itself || modelProfiles(sel).length) return [];
    return [{ name: nameOf(sel, 'Wargear'), profile: null, otherProfile: profilesOf(sel).length > 0 }];
  }

  /** Wargear keys, rules and an invulnerable save from what a model carries. */
  private arm(items: Item[], ruleNames: string[], sel: El, where: string[], notes: ImportNote[]) {
    const wargear: string[] = [];
    const rules: string[] = [];
    let inv: number | null = null;
    const addRule = (r: string) => {
      if (!rules.includes(r)) rules.push(r);
    };
    for (const item of items) {
      const keys = armouryKeys(item.name);
      if (keys) {
        for (const k of keys) wargear.push(inEveryArmoury(k) ? k : this.weaponKey(weaponDef(ARMOURY_4TH[k]!), k));
        continue;
      }
      // worn wargear: a rule (Terminator armour), an invulnerable save, or both
      const rule = wargearRule(item.name) ?? (item.profile ? null : ruleKey(item.name));
      const save = invulnerableOf(item.name);
      if (rule) addRule(rule);
      if (save !== null) inv = inv === null ? save : Math.min(inv, save);
      if (rule || save !== null) continue;
      if (item.profile && hasStatLine(item.profile)) {
        const w = profileWeapon(item.name, stats(item.profile));
        if ('def' in w) wargear.push(this.weaponKey(w.def));
        else this.note(notes, sel, where, `not recognised: ${item.name} (a weapon whose ${w.unread} is not read; left out)`);
      } else if (item.profile || (!item.otherProfile && !isGear(item.name))) {
        wargear.push('close-combat-weapon');
        this.note(notes, sel, where, `not recognised: ${item.name} (kept as a close combat weapon)`);
      } else {
        this.note(notes, sel, where, `not recognised: ${item.name} (wargear, left out)`);
      }
    }
    for (const name of ruleNames) {
      const r = ruleKey(name);
      if (r) addRule(r);
      else this.note(notes, sel, where, `not recognised: ${name} (a special rule, left out)`);
    }
    return { wargear, rules, inv };
  }

  /** One top-level selection of a force: a unit (or several, a squadron's vehicles each one), or a note. */
  unit(u: El): void {
    const uname = nameOf(u, 'Unnamed unit');
    const notes: ImportNote[] = [];
    let models = u.attrs.type === 'model' ? [u] : this.modelSelections(u, modelProfiles(u).length > 0);
    if (models.length === 0) {
      if (modelProfiles(u).length || this.upgrades(u).some((s) => modelProfiles(s).length)) models = [u];
      else {
        this.note(this.notes, u, [uname], u.attrs.type === 'unit' ? 'has no Unit, Vehicle or Walker profile: the unit is left out' : 'is not a unit (no Unit, Vehicle or Walker profile): left out');
        return;
      }
    }
    // what the unit carries and is, outside its models: every model of it has it
    const shared = models[0] === u ? [] : [...this.itemsOf(u, false), ...this.unitUpgrades(u, new Set(models)).flatMap((s) => this.itemsOf(s, true))];
    const unitRules = models[0] === u ? [] : rulesOf(u);
    const unitArms = this.arm(shared, unitRules, u, [uname], notes);
    type Group = { model: string; count: number; sel: El; vehicle: boolean; name: string };
    const groups: Group[] = [];
    const byModel = new Map<string, Group>();
    let failed = false;
    for (const m of models) {
      const where = m === u ? [uname] : [uname, nameOf(m, 'Unnamed model')];
      const n = (m.attrs.number ?? '1').trim();
      const count = /^\d{1,6}$/.test(n) ? Number(n) : NaN;
      if (count === 0) {
        this.note(notes, m, where, 'a model count of 0: that model is left out');
        continue;
      }
      if (!(count >= 1 && count <= 200)) {
        this.note(notes, m, where, `a model count of ${JSON.stringify(n)}, not a whole number 1-200: the unit is left out`);
        failed = true;
        continue;
      }
      for (const slice of this.slices(m, count, where, notes)) {
        const upgrades = slice.roots.flatMap((r) => [r, ...this.upgrades(r)]);
        const upgraded = upgrades.flatMap((s) => modelProfiles(s));
        const own = modelProfiles(m);
        let chosen: El | undefined = upgraded[upgraded.length - 1] ?? own[0];
        if (!chosen && m !== u) {
          const unitLevel = modelProfiles(u);
          chosen = unitLevel.length === 1 ? unitLevel[0] : unitLevel.find((p) => norm(p.attrs.name ?? '') === norm(m.attrs.name ?? ''));
        }
        if (!chosen) {
          this.note(notes, m, where, 'has no Unit, Vehicle or Walker profile: the unit is left out');
          failed = true;
          continue;
        }
        const read = readProfile(chosen, profileKind(chosen)!);
        if ('problem' in read) {
          this.note(notes, m, where, `${nameOf(chosen, 'its profile')}: ${read.problem}: the unit is left out`);
          failed = true;
          continue;
        }
        if (read.dashes.length) this.note(notes, m, where, `${read.dashes.join(', ')} written "-": taken as 0`);
        for (const t of read.unknownTypes) this.note(notes, m, where, `vehicle type ${t} not recognised (left out)`);
        const items = [...this.itemsOf(m, false), ...upgrades.flatMap((s) => this.itemsOf(s, true))];
        const arms = this.arm(items, [...rulesOf(m), ...upgrades.flatMap((s) => rulesOf(s))], m, where, notes);
        const rules = [...arms.rules];
        const add = (r: string) => {
          if (!rules.includes(r)) rules.push(r);
        };
        const typed = unitTypeRules(read.unitType);
        typed.rules.forEach(add);
        for (const t of typed.unknown) this.note(notes, m, where, `unit type ${t} not recognised (fights as infantry)`);
        if ([...categoriesOf(m), ...upgrades.flatMap((s) => categoriesOf(s))].some((c) => norm(c) === 'character')) add('character');
        // an independent character is removed last already: `character` beside it says nothing more
        if (rules.includes('independent-character') && rules.includes('character')) rules.splice(rules.indexOf('character'), 1);
        let profile = read.profile;
        const inv = [arms.inv, unitArms.inv].filter((x): x is number => x !== null);
        if (profile && inv.length) profile = { ...profile, Inv: Math.min(profile.Inv ?? 7, ...inv) };
        const wargear = [...arms.wargear, ...unitArms.wargear];
        const base = upgraded.length ? nameOf(chosen, nameOf(m, 'Model')) : nameOf(m, nameOf(chosen, 'Model'));
        const name = slice.extra && !modelProfiles(slice.extra).length ? `${base} (${nameOf(slice.extra, 'Wargear')})` : base;
        const spec: Omit<ImportedModel, 'key'> = {
          name, ...(profile ? { profile } : {}), ...(read.type ? { type: read.type, vehicle: read.vehicle!, ...(read.types ? { types: read.types } : {}) } : {}),
          wargear: read.type === 'vehicle' ? [] : wargear, rules: read.type === 'vehicle' ? [] : rules,
        };
        if (read.type === 'vehicle' && (wargear.length || rules.length)) this.note(notes, m, where, 'a vehicle that is not a walker makes no attacks: its wargear and rules are left out');
        const key = this.modelKey(spec);
        const same = byModel.get(key);
        if (same) same.count += slice.count;
        else {
          const g = { model: key, count: slice.count, sel: m, vehicle: read.type !== undefined, name };
          groups.push(g);
          byModel.set(key, g);
        }
      }
    }
    const rules = unitArms.rules;
    if (failed || groups.length === 0) {
      if (!failed) this.note(notes, u, [uname], 'no model left: the unit is left out');
      this.notes.push(...notes);
      return;
    }
    for (const g of groups) {
      if (g.count > 200) {
        this.note(notes, g.sel, [uname, g.name], `${g.count} models of one kind: more than 200, the unit is left out`);
        this.notes.push(...notes);
        return;
      }
    }
    const total = Math.round(totalPoints(u));
    const vehicles = groups.filter((g) => g.vehicle);
    const single = groups.length === 1 && groups[0]!.count === 1;
    if (vehicles.length === 0 || single) {
      this.units.push({ key: this.unitKeys.take(slug(uname, 'unit')), name: uname, models: groups.map(({ model, count }) => ({ model, count })), rules, points: total, notes });
      return;
    }
    // a vehicle is a unit of its own (a squadron is several units): each takes its own cost
    const rest = groups.filter((g) => !g.vehicle);
    const main = rest.length ? { key: this.unitKeys.take(slug(uname, 'unit')), name: uname, models: rest.map(({ model, count }) => ({ model, count })), rules, points: 0, notes } : null;
    const split: ImportedUnit[] = [];
    let spent = 0;
    for (const g of vehicles) {
      const each = g.sel === u ? total / g.count : totalPoints(g.sel) / g.count;
      for (let i = 1; i <= g.count; i++) {
        const name = g.count > 1 ? `${g.name} ${i}` : g.name;
        const points = Math.round(each);
        spent += points;
        split.push({ key: this.unitKeys.take(slug(`${uname} ${name}`, 'unit')), name, models: [{ model: g.model, count: 1 }], rules, points, notes: [] });
      }
    }
    const said = `its vehicles are units of their own (a vehicle unit is one vehicle): ${split.map((s) => s.key).join(', ')}`;
    if (main) {
      main.points = Math.max(0, total - spent);
      this.note(notes, u, [uname], said);
      this.units.push(main);
    } else {
      this.note(notes, u, [uname], said);
      split[0]!.notes = notes;
    }
    this.units.push(...split);
  }
}

/** Import a roster export: the roster, or an InputError (nothing can be imported). */
export function importRoster(file: string): ImportedRoster {
  const bytes = readBytes(file);
  let label = file;
  let inner: string | null = null;
  let text: string;
  if (isZip(bytes)) {
    const r = rosOfZip(file, bytes);
    inner = r.name;
    label = `${file} (${plain(r.name)})`;
    text = utf8(label, r.bytes);
  } else text = utf8(file, bytes);
  if (text.trim() === '') refuse(label, 'an empty file: not a roster');
  const root = parseXml(label, text);
  checkKind(label, root);
  const fs = forces(root);
  const tops = fs.flatMap((f) => listOf(f, 'selections', 'selection'));
  checkSystem(label, root, tops);
  const imp = new Importer(selectionPlaces(text));
  for (const u of tops) imp.unit(u);
  if (imp.units.length === 0) {
    throw new InputError([...imp.notes, ...imp.units.flatMap((u) => u.notes)].map((n) => ({ file: label, line: n.line, col: n.col, path: '', message: `${whereText(n.where)}: ${n.message}` }))
      .concat([{ file: label, line: 0, col: 0, path: '', message: 'no unit of the list can be imported: nothing written' }]));
  }
  const factions = [...new Set(fs.map((f) => plain((f.attrs.catalogueName ?? '').trim())).filter(Boolean))];
  const rosterCost = listOf(root, 'costs', 'cost').some((c) => /^(pts|points?)$/i.test(c.attrs.name ?? '')) ? Math.round(ownPoints(root)) : null;
  return {
    file, inner, name: plain((root.attrs.name ?? '').trim()), system: plain((root.attrs.gameSystemName ?? '').trim()),
    faction: factions.join(' + ') || 'Imported list', points: rosterCost,
    weapons: imp.weapons, models: imp.models, units: imp.units, notes: imp.notes,
  };
}

/** `selection "Boyz" > "Nob"`. */
export function whereText(where: string[]): string {
  return `selection ${where.map((w) => JSON.stringify(w.length > 60 ? `${w.slice(0, 57)}...` : w)).join(' > ')}`;
}

