// Wargear of a list as assault's weapons: an armoury weapon by name; a weapon profile of the list
// (a melee stat line, or a gun's range, type, shots, Strength and AP) written out in full.
import type { Weapon } from '../model.js';

/** A weapon written out, as a roster's `weapons` entry holds it (keys in the order written). */
export type WeaponDef = Record<string, string | number | boolean>;

/** An armoury weapon written out (a weapon one armoury lacks is written out so that every edition reads it). */
export function weaponDef(w: Weapon): WeaponDef {
  const d: WeaponDef = { name: w.name };
  const s = w.strength;
  if (s.kind === 'times') d.strength = `x${s.factor}`;
  else if (s.kind === 'plus') d.strength = `+${s.n}`;
  else if (s.kind === 'fixed') d.strength = s.n;
  if (w.ap !== null) d.ap = w.ap;
  if (w.ignoresArmour) d.ignoresArmour = true;
  if (w.initiative !== null) d.initiative = w.initiative;
  if (w.woundOn !== null) d.woundOn = w.woundOn;
  if (w.rerollFailedWounds) d.rerollFailedWounds = true;
  if (w.maxSave !== null) d.maxSave = w.maxSave;
  if (w.rending) d.rending = true;
  if (w.force) d.force = true;
  if (w.grenade !== null) d.grenade = w.grenade;
  if (w.penetration === 2) d.penetration = '2d6';
  if (w.pairsOnlyWith !== null) d.pairsOnlyWith = w.pairsOnlyWith;
  if (w.shooting) Object.assign(d, { type: w.shooting.type, range: w.shooting.range, shots: w.shooting.shots, strength: w.shooting.strength }, w.shooting.ap !== null ? { ap: w.shooting.ap } : {});
  else if (w.grenade === null) d.singleHanded = w.singleHanded;
  return d;
}

/** A weapon profile's characteristics by lower-case name. */
export type Stats = ReadonlyMap<string, string>;

const MELEE_RANGE = /^(-|–|—|melee|close combat|cc|combat|0"?|n\/a)$/i;

/** AP: `-` (none) or 1-6; undefined when it is neither. */
function apOf(v: string | undefined): number | null | undefined {
  if (v === undefined || /^(-|–|—|none|)$/.test(v.trim())) return null;
  const n = /^\s*([1-6])\s*$/.exec(v);
  return n ? Number(n[1]) : undefined;
}

/** A melee weapon's Strength: user, +N, xN (or 2x, double), or a number. */
function meleeStrength(v: string | undefined): string | number | undefined {
  const t = (v ?? '').trim().toLowerCase();
  if (t === '' || t === 'user' || t === 'u' || t === 'as user' || t === '-') return 'user';
  let m = /^\+\s*([1-5])$/.exec(t) ?? /^user\s*\+\s*([1-5])$/.exec(t);
  if (m) return `+${m[1]}`;
  if (t === 'double' || t === 'x2' || t === '2x' || t === '×2' || t === 'user x2') return 'x2';
  m = /^(?:x|×)([23])$|^([23])x$/.exec(t);
  if (m) return `x${m[1] ?? m[2]}`;
  m = /^(10|[1-9])$/.exec(t);
  return m ? Number(m[1]) : undefined;
}

/** What a weapon profile of the list is: a melee stat line, a gun, or one the program cannot read (and why). */
export function profileWeapon(name: string, stats: Stats): { def: WeaponDef } | { unread: string } {
  const range = (stats.get('range') ?? '').trim();
  const type = (stats.get('type') ?? '').trim();
  const strength = stats.get('strength') ?? stats.get('s');
  const ap = apOf(stats.get('ap'));
  if (MELEE_RANGE.test(range) || /\bmelee\b|close combat/i.test(type)) {
    const s = meleeStrength(strength);
    if (s === undefined) return { unread: `Strength ${JSON.stringify(strength)}` };
    if (ap === undefined) return { unread: `AP ${JSON.stringify(stats.get('ap'))}` };
    const def: WeaponDef = { name };
    if (s !== 'user') def.strength = s;
    if (ap !== null) def.ap = ap;
    if (/unwieldy|strikes? last|initiative 1\b/i.test(type)) def.initiative = 1;
    if (/\brending\b/i.test(type)) def.rending = true;
    def.singleHanded = !/two[- ]handed/i.test(type);
    return { def };
  }
  const r = /^(\d{1,3})\s*(?:"|''|”|in|inch|inches)?$/i.exec(range);
  if (!r || Number(r[1]) < 1 || Number(r[1]) > 120) return { unread: `range ${JSON.stringify(range)}` };
  const t = /^(assault|heavy|rapid[- ]?fire|pistol|salvo)\s*(\d{1,2})?(?:\s*\/\s*\d+)?\b/i.exec(type);
  if (!t) return { unread: `type ${JSON.stringify(type)}` };
  const shots = t[2] !== undefined ? Number(t[2]) : 1;
  if (shots < 1 || shots > 20) return { unread: `type ${JSON.stringify(type)}` };
  const sm = /^\s*(10|[1-9])\s*$/.exec(strength ?? '');
  if (!sm) return { unread: `Strength ${JSON.stringify(strength)}` };
  if (ap === undefined) return { unread: `AP ${JSON.stringify(stats.get('ap'))}` };
  const kind = t[1]!.toLowerCase().replace(/[- ]?fire/, '-fire');
  const def: WeaponDef = { name, type: kind, range: Number(r[1]), shots, strength: Number(sm[1]) };
  if (ap !== null) def.ap = ap;
  return { def };
}
