// Names of a list builder's export, read as assault's names: keys made from names (stable and
// deduplicated in the order they are met), and the lookups that recognise a weapon, a special
// rule or an invulnerable save by its name, or a close variant of it.
import { ARMOURY_4TH } from '../editions/srd4/armoury.js';
import { ARMOURY_AP } from '../editions/fightphase/armoury.js';
import { SHIPPED_BY_NAME, FEARLESS, FURIOUS_CHARGE_4TH } from '../editions/abilities.js';
import { SPECIAL_RULES } from '../model.js';

/** A key made from a name: lowercase letters, digits and dashes (`'Ard Boyz` -> `ard-boyz`); `fallback` when nothing is left. */
export function slug(name: string, fallback: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/['’`]/g, '').replace(/&/g, ' and ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '');
  // a key YAML would read as a number, a boolean or null is kept a name
  return s === '' ? fallback : /^[0-9]/.test(s) || /^(true|false|null|yes|no|on|off|y|n)$/.test(s) ? `${fallback}-${s}` : s;
}

/** Keys handed out in the order asked: the first `boyz`, then `boyz-2`, `boyz-3`. */
export class Keys {
  private readonly used = new Set<string>();
  constructor(reserved: Iterable<string> = []) {
    for (const k of reserved) this.used.add(k);
  }
  take(base: string): string {
    let key = base;
    for (let n = 2; this.used.has(key); n++) key = `${base}-${n}`;
    this.used.add(key);
    return key;
  }
}

/** A name as compared: lowercase words, apostrophes dropped, & as "and", a plural's s dropped, Ork spellings as the armoury's. */
export function norm(name: string): string {
  return name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/['’`]/g, '').replace(/&/g, ' and ')
    .replace(/[^a-z0-9+]+/g, ' ').trim().split(' ').map((w) => (w === 'klaw' ? 'claw' : w === 'klaws' ? 'claws' : w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)).join(' ');
}

/** Names the armoury knows under another spelling (the 4th-edition lists' own words for them). */
const WEAPON_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'close combat weapon': ['close-combat-weapon'], 'ccw': ['close-combat-weapon'],
  'bolter': ['boltgun'], 'bolt gun': ['boltgun'],
  'dreadnought ccw': ['dreadnought-close-combat-weapon'], 'dreadnought close combat weapon': ['dreadnought-close-combat-weapon'],
  'stikkbomb': ['frag-grenades'], 'stikkbombz': ['frag-grenades'], 'frag grenade': ['frag-grenades'], 'krak grenade': ['krak-grenades'],
  'frag and krak grenade': ['frag-grenades', 'krak-grenades'], 'frag krak grenade': ['frag-grenades', 'krak-grenades'],
  'power sword': ['power-weapon'], 'power axe': ['power-weapon'], 'power maul': ['power-weapon'],
  'lethal poison': ['poisoned-2'], 'rending claw': ['rending'], 'rending weapon': ['rending'], 'poisoned weapon': ['poisoned'],
};

/** The 4th-edition armoury's keys by compared name: each key and each weapon's name. */
const ARMOURY_NAMES: ReadonlyMap<string, readonly string[]> = (() => {
  const m = new Map<string, readonly string[]>();
  for (const w of Object.values(ARMOURY_4TH)) {
    m.set(norm(w.key.replace(/-/g, ' ')), [w.key]);
    m.set(norm(w.name), [w.key]);
  }
  for (const [name, keys] of Object.entries(WEAPON_ALIASES)) m.set(norm(name), keys);
  return m;
})();

/** The armoury keys a wargear name stands for (most often one), or null. */
export function armouryKeys(name: string): readonly string[] | null {
  return ARMOURY_NAMES.get(norm(name)) ?? null;
}

/** Whether both armouries (srd4 and revised4's; fightphase and waffle's) have `key`: if not, the import writes the weapon out. */
export const inEveryArmoury = (key: string): boolean => Object.hasOwn(ARMOURY_4TH, key) && Object.hasOwn(ARMOURY_AP, key);

/** Wargear that is a special rule of the program's: worn, not wielded. */
const WARGEAR_RULES: Readonly<Record<string, string>> = { 'terminator armour': 'terminator', 'terminator armor': 'terminator', 'bike': 'bike', 'space marine bike': 'bike', 'jump pack': 'jump-infantry' };
export const wargearRule = (name: string): string | null => WARGEAR_RULES[norm(name)] ?? null;

/** Wargear that gives an invulnerable save (4th-edition codexes), by compared name. */
const INVULNERABLE: Readonly<Record<string, number>> = {
  'iron halo': 4, 'terminator armour': 5, 'terminator armor': 5, 'rosariu': 4, 'storm shield': 4, 'refractor field': 5, 'conversion field': 4, 'shadow field': 2, 'rune armour': 4, 'rune armor': 4,
};
export const invulnerableOf = (name: string): number | null => INVULNERABLE[norm(name)] ?? null;

/** The program's rules by compared name: the rules of code and the shipped abilities. */
const RULE_NAMES: ReadonlyMap<string, string> = (() => {
  const m = new Map<string, string>();
  for (const r of SPECIAL_RULES) m.set(norm(r.replace(/-/g, ' ')), r);
  for (const a of [...SHIPPED_BY_NAME, FEARLESS, FURIOUS_CHARGE_4TH]) {
    m.set(norm(a.key.replace(/-/g, ' ')), a.key);
    m.set(norm(a.name), a.key);
  }
  for (const [n, r] of Object.entries({ 'hit run': 'hit-and-run', 'counter attack': 'counter-attack', 'monstrous creature': 'monstrous-creature', 'tank hunter': 'tank-hunters' })) m.set(norm(n), r);
  return m;
})();

/** The program's rule a rule of the list names, or null. */
export const ruleKey = (name: string): string | null => RULE_NAMES.get(norm(name)) ?? null;

const UNIT_TYPES: ReadonlyMap<string, string> = new Map(Object.entries({
  'jump infantry': 'jump-infantry', 'bike': 'bike', 'jetbike': 'bike', 'monstrous creature': 'monstrous-creature', 'cavalry': 'cavalry',
  'character': 'character', 'psyker': 'psyker',
}).map(([k, v]) => [norm(k), v]));

/**
 * A profile's Unit Type (`Infantry, Character, Psyker`), word by word, as the program's rules:
 * Jump Infantry, Bike and Jetbike, Monstrous Creature, Cavalry, Character, Psyker; Infantry none.
 * The words it does not know (Beast, Swarm) are returned apart.
 */
export function unitTypeRules(type: string): { rules: string[]; unknown: string[] } {
  const rules: string[] = [];
  const unknown: string[] = [];
  for (const word of type.split(/[,/;]+/).map((w) => w.trim()).filter(Boolean)) {
    const t = norm(word);
    if (t === 'infantry') continue;
    const found = UNIT_TYPES.get(t);
    if (found) {
      if (!rules.includes(found)) rules.push(found);
    } else unknown.push(word);
  }
  return { rules, unknown };
}

/** Gear that is worn or carried, not a weapon: left out rather than kept as a close combat weapon. */
export const isGear = (name: string): boolean => /\b(armou?r|banner|standard|icon|pole|bosspole|waaagh|teleport|pack|squig|bionik|cybork|vox|auspex|relic|mark|veteran|upgrade|transport)\b/i.test(name);
