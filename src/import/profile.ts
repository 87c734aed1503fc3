// A model's profile as the list gives it (the game system's Unit, Vehicle and Walker profile
// types: WS BS S T W I A LD Sv; Front Side Rear BS and Type; Front Side Rear WS BS S I A), read
// as assault's profile or vehicle profile.
import { VEHICLE_TYPES } from '../model.js';
import { listOf, type El } from './xml.js';

export const MODEL_PROFILE_TYPES = ['unit', 'vehicle', 'walker'] as const;
export type ProfileKind = (typeof MODEL_PROFILE_TYPES)[number];

/** The kind of a profile element that describes a model, or null (a weapon, wargear, a rule). */
export function profileKind(p: El): ProfileKind | null {
  const t = (p.attrs.typeName ?? '').trim().toLowerCase();
  return (MODEL_PROFILE_TYPES as readonly string[]).includes(t) ? (t as ProfileKind) : null;
}

/** A profile's characteristics by lower-case name, each as written. */
export function stats(p: El): Map<string, string> {
  const m = new Map<string, string>();
  for (const c of listOf(p, 'characteristics', 'characteristic')) {
    const name = (c.attrs.name ?? '').trim().toLowerCase();
    if (name !== '' && !m.has(name)) m.set(name, c.text);
  }
  return m;
}

export interface ReadProfile {
  profile?: Record<string, number>;
  type?: 'vehicle' | 'walker';
  vehicle?: Record<string, number>;
  types?: string[];
  /** the Unit Type characteristic, as written */
  unitType: string;
  /** characteristics written as `-`, taken as 0 */
  dashes: string[];
  /** vehicle types the program does not know */
  unknownTypes: string[];
}

const NONE = /^(-|–|—)$/;

/**
 * Read a model profile: every characteristic a whole number in its range; `-` is 0 where 0 is
 * allowed (a model without that characteristic), and no save for Sv. A problem is a message.
 */
export function readProfile(p: El, kind: ProfileKind): ReadProfile | { problem: string } {
  const s = stats(p);
  const dashes: string[] = [];
  const problems: string[] = [];
  const num = (label: string, names: string[], min: number, max: number): number => {
    const name = names.find((n) => s.has(n));
    if (name === undefined) {
      problems.push(`has no ${label}`);
      return 0;
    }
    const v = s.get(name)!.trim();
    if (NONE.test(v) && min === 0) {
      dashes.push(label);
      return 0;
    }
    const m = /^\d{1,3}$/.exec(v);
    const n = m ? Number(v) : NaN;
    if (!(n >= min && n <= max)) problems.push(`${label} is ${JSON.stringify(v)}, not a whole number ${min}-${max}`);
    return n;
  };
  if (kind === 'unit') {
    const profile: Record<string, number> = {
      WS: num('WS', ['ws'], 0, 10), BS: num('BS', ['bs'], 0, 10), S: num('S', ['s'], 0, 10), T: num('T', ['t'], 1, 10),
      W: num('W', ['w'], 1, 10), I: num('I', ['i'], 0, 10), A: num('A', ['a'], 0, 10), Ld: num('Ld', ['ld'], 0, 10),
    };
    const sv = (s.get('sv') ?? s.get('save') ?? '').trim();
    const save = /^([2-6])\+?$/.exec(sv);
    const both = /^([2-6])\+\s*\/\s*([2-6])\+\+?$/.exec(sv);
    const inv = /^([2-6])\+\+$/.exec(sv);
    if (save) profile.Sv = Number(save[1]);
    else if (both) Object.assign(profile, { Sv: Number(both[1]), Inv: Number(both[2]) });
    else if (inv) profile.Inv = Number(inv[1]);
    else if (!/^(-|–|—|7\+?|none|)$/i.test(sv)) problems.push(`Sv is ${JSON.stringify(sv)}, not a save (2+ to 6+, or - for none)`);
    if (problems.length) return { problem: problems.join('; ') };
    return { profile, unitType: s.get('unit type') ?? s.get('type') ?? '', dashes, unknownTypes: [] };
  }
  const vehicle: Record<string, number> = {};
  if (kind === 'walker') Object.assign(vehicle, { WS: num('WS', ['ws'], 0, 10) });
  vehicle.BS = num('BS', ['bs'], 0, 10);
  if (kind === 'walker') Object.assign(vehicle, { S: num('S', ['s'], 0, 10) });
  Object.assign(vehicle, { front: num('Front', ['front', 'av front', 'f'], 1, 15), side: num('Side', ['side', 'av side'], 1, 15), rear: num('Rear', ['rear', 'av rear', 'r'], 1, 15) });
  if (kind === 'walker') Object.assign(vehicle, { I: num('I', ['i'], 0, 10), A: num('A', ['a'], 0, 10) });
  if (problems.length) return { problem: problems.join('; ') };
  const types: string[] = [];
  const unknownTypes: string[] = [];
  for (const word of (s.get('type') ?? '').split(/[,/;]+/).map((w) => w.trim()).filter(Boolean)) {
    const t = word.toLowerCase().replace(/\s+/g, '-').replace(/^open-top$/, 'open-topped');
    if ((VEHICLE_TYPES as readonly string[]).includes(t)) {
      if (!types.includes(t)) types.push(t);
    } else if (t !== 'walker' && t !== 'vehicle') unknownTypes.push(word);
  }
  return { type: kind === 'walker' ? 'walker' : 'vehicle', vehicle, ...(types.length ? { types } : {}), unitType: '', dashes, unknownTypes };
}

/** The model profiles directly on a selection. */
export const modelProfiles = (sel: El): El[] => listOf(sel, 'profiles', 'profile').filter((p) => profileKind(p) !== null);
/** Every profile directly on a selection. */
export const profilesOf = (sel: El): El[] => listOf(sel, 'profiles', 'profile');
/** A selection's child selections. */
export const selectionsOf = (sel: El): El[] => listOf(sel, 'selections', 'selection');
/** A selection's rules, by name. */
export const rulesOf = (sel: El): string[] => listOf(sel, 'rules', 'rule').map((r) => (r.attrs.name ?? '').trim()).filter(Boolean);
/** A selection's categories, by name. */
export const categoriesOf = (sel: El): string[] => listOf(sel, 'categories', 'category').map((c) => (c.attrs.name ?? '').trim());
/** What a selection costs itself, in points (its `pts` or `Points` costs), not counting the selections under it. */
export function ownPoints(sel: El): number {
  let n = 0;
  for (const c of listOf(sel, 'costs', 'cost')) {
    if (!/^(pts|points?)$/i.test((c.attrs.name ?? '').trim())) continue;
    const v = Number(c.attrs.value);
    if (Number.isFinite(v)) n += v;
  }
  return n;
}
/** What a selection costs with every selection under it. */
export const totalPoints = (sel: El): number => ownPoints(sel) + selectionsOf(sel).reduce((t, c) => t + totalPoints(c), 0);
