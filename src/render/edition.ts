// Edition files in words: what one edition changes against another (chart cell by chart cell,
// option by option, step list by step list, weapon by weapon: `assault rules A --diff B` and
// `assault rules FILE`), and a starting file for a new one (`assault edition new --base ID`).
import { AUTO_HIT } from '../dice.js';
import type { RuleOptions } from '../engine/options.js';
import type { Chart, Ruleset } from '../engine/ruleset.js';
import type { Weapon } from '../model.js';
import { wrap } from './layout.js';
import { abilityChanges } from './abilities.js';
import { yamlString } from './yaml-string.js';

/** One line on each option an edition file may set, by its key path (the comments of `edition new`, and the docs). */
export const OPTION_NOTES: Readonly<Record<string, string>> = {
  'charge.range': '6: 6" (difficult terrain: the highest of 2D6) | 2d6: 2D6"; rolled only when a scenario gives chargeDistance',
  supporting: 'models not in base contact: full (all their attacks) | one (one plain attack, no bonus or special weapon)',
  wounds: 'sets: hits in sets by the majority save, lapping round | pools: wound pools, each wound to the closest model',
  'morale.penalty': 'none | difference: the loser tests on 2D6 <= Ld less the difference in wounds',
  'morale.weaponsUseless': 'Our Weapons Are Useless: a unit with useless: fallBack that cannot wound fails on purpose',
  'morale.battleshock': 'a unit that fails its test is battleshocked (the log says so)',
  'sweep.roll': 'd6+initiative: D6 + highest basic I | 2d6: 2D6 (3D6 bikes, jump infantry), also the fall back move',
  'sweep.catches': "equalOrHigher | higher: the winner's total against the loser's",
  'sweep.caught': 'destroyed | held (locked on, nobody charging) | woundsDifference (no saves) | hitsPerModel (at random)',
  'sweep.barred': 'who may not sweep: nobody | terminatorUnits | terminatorModels (a living terminator model)',
  'sweep.needsContact': 'a loser with no model left in base contact falls back unswept',
  'consolidate.afterMassacre': '3 | d6: how far the winners consolidate after a massacre (the log only)',
  finalBlow: "a unit's last model on its last wound attacks again for each wound it rolls",
  invulnerable: 'better: the better of armour and invulnerable | whenArmourFails: invulnerable only where armour is lost',
};

/** Every option of `o` as key path and value, in the order of RuleOptions. */
export function optionList(o: RuleOptions): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(o)) {
    if (v !== null && typeof v === 'object') for (const [k2, v2] of Object.entries(v as object)) out.push([`${k}.${k2}`, v2]);
    else out.push([k, v]);
  }
  return out;
}

const cellText = (v: number) => (v === 0 ? '-' : v === AUTO_HIT ? 'A' : `${v}+`);

function chartChanges(title: string, row: string, col: string, a: Chart, b: Chart): string[] {
  const out: string[] = [];
  for (let r = 0; r < 10; r++) {
    for (let c = 0; c < 10; c++) {
      const x = a[r]![c]!;
      const y = b[r]![c]!;
      if (x !== y) out.push(`${title} ${row}${r + 1} against ${col}${c + 1}: ${cellText(x)} -> ${cellText(y)}`);
    }
  }
  return out;
}

/** A weapon's properties that differ, in words. */
function weaponChanges(key: string, a: Weapon | undefined, b: Weapon | undefined): string[] {
  if (!a && b) return [`weapon ${key} added: ${b.name}`];
  if (a && !b) return [`weapon ${key} removed (${a.name})`];
  if (!a || !b || a === b) return [];
  const fields = (Object.keys({ ...a, ...b }) as (keyof Weapon)[]).filter((f) => f !== 'key' && JSON.stringify(a[f]) !== JSON.stringify(b[f]));
  return fields.length === 0 ? [] : [`weapon ${key}: ${fields.map((f) => `${weaponProperty(f, a)} -> ${weaponProperty(f, b)}`).join(', ')}`];
}

const strengthWords = (m: Weapon['strength']): string =>
  m.kind === 'user' ? "user's Strength" : m.kind === 'plus' ? `Strength ${m.n >= 0 ? '+' : ''}${m.n}`
    : m.kind === 'fixed' ? `Strength ${m.n}` : m.factor === 2 ? "twice user's Strength" : `user's Strength x${m.factor}`;

/** One property of a weapon as a player says it ("Strength +1", "AP 4", "strikes at Initiative 1"). */
export function weaponProperty(f: keyof Weapon, w: Weapon): string {
  switch (f) {
    case 'name': return `named ${w.name}`;
    case 'key': return w.key;
    case 'strength': return strengthWords(w.strength);
    case 'ap': return w.ap === null ? 'no AP' : `AP ${w.ap}`;
    case 'ignoresArmour': return w.ignoresArmour ? 'ignores armour saves' : 'armour saves allowed';
    case 'initiative': return w.initiative === null ? "strikes at the bearer's Initiative" : `strikes at Initiative ${w.initiative}`;
    case 'woundOn': return w.woundOn === null ? 'wounds by the chart' : `wounds on ${w.woundOn}+ (poisoned)`;
    case 'rerollFailedWounds': return w.rerollFailedWounds ? 're-rolls failed wounds' : 'no re-roll of failed wounds';
    case 'maxSave': return w.maxSave === null ? 'any armour save' : `armour save ${w.maxSave}+ at best`;
    case 'rending': return w.rending ? 'rending' : 'not rending';
    case 'singleHanded': return w.singleHanded ? 'single-handed' : 'not single-handed';
    case 'force': return w.force ? 'force weapon' : 'not a force weapon';
    case 'grenade': return w.grenade === null ? 'no grenades' : `${w.grenade} grenades`;
    case 'pairsOnlyWith': return w.pairsOnlyWith === null ? 'pairs with any weapon' : `pairs only with ${w.pairsOnlyWith}`;
    case 'shooting': {
      const g = w.shooting;
      if (!g) return 'no gun';
      return `a gun: ${g.type} ${g.shots}, ${g.range}", Strength ${g.strength}, ${g.ap === null ? 'no AP' : `AP ${g.ap}`}${g.woundOn !== null ? `, wounds on ${g.woundOn}+` : ''}`;
    }
    default: return `${String(f)} ${JSON.stringify(w[f])}`;
  }
}

const words = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The shipped edition an edition file is built on, through its chain (itself for a shipped one). */
export type RootOf = (r: Ruleset) => Ruleset;

/** What `b` changes against `a`: charts cell by cell, options, steps, weapons, abilities; one line each. */
export function editionChanges(a: Ruleset, b: Ruleset, rootOf: RootOf): string[] {
  const out: string[] = [];
  out.push(...chartChanges('to hit', 'WS', 'WS', a.toHit, b.toHit));
  out.push(...chartChanges('to wound', 'S', 'T', a.toWound, b.toWound));
  if (a.options && b.options) {
    const before = new Map(optionList(a.options));
    for (const [k, v] of optionList(b.options)) if (words(before.get(k)) !== words(v)) out.push(`${k}: ${words(before.get(k))} -> ${words(v)}`);
  }
  for (const list of ['charge', 'phase', 'initiative'] as const) {
    const x = a.procedure[list].map((s) => s.name).join(', ');
    const y = b.procedure[list].map((s) => s.name).join(', ');
    if (x !== y) out.push(`steps.${list}: [${x}] -> [${y}]`);
  }
  for (const key of new Set([...Object.keys(a.armoury), ...Object.keys(b.armoury)])) {
    out.push(...weaponChanges(key, Object.hasOwn(a.armoury, key) ? a.armoury[key] : undefined, Object.hasOwn(b.armoury, key) ? b.armoury[key] : undefined));
  }
  out.push(...abilityChanges(a.abilities, b.abilities));
  const [ra, rb] = [rootOf(a), rootOf(b)];
  if (ra !== rb) {
    out.push(`and what is not an option differs too: who fights, with what Initiative, majorities and more, as ${ra.id} and ${rb.id} have them (assault rules ${ra.id}, assault rules ${rb.id})`);
  }
  return out;
}

/** The steps each list must hold (editions/derive.ts `stepsNeeded`): a file leaving one out is refused. */
export type StepsNeeded = Readonly<Record<'charge' | 'phase' | 'initiative', readonly string[]>>;

/** An edition file's step lists, the needed steps marked (`assault rules FILE`). */
export function stepLists(r: Ruleset, needed: StepsNeeded, width: number): string[] {
  return [
    '',
    ...wrap('Its step lists (a step marked * is needed: a file over this edition that leaves it out of its list is refused; the others may be left out):', width, ''),
    ...(['charge', 'phase', 'initiative'] as const).flatMap((list) =>
      wrap(`- steps.${list}: ${r.procedure[list].map((s) => (needed[list].includes(s.name) ? `${s.name}*` : s.name)).join(', ')}`, width, '    ')),
  ];
}

/** `assault rules A --diff B`: what B changes against A. */
export function renderDiff(a: Ruleset, b: Ruleset, rootOf: RootOf, width: number): string {
  const lines = editionChanges(a, b, rootOf);
  return [
    `${b.id} against ${a.id}:`,
    ...(lines.length === 0 ? ['  no difference: the same charts, options, steps, weapons and abilities'] : lines.flatMap((l) => wrap(`- ${l}`, width, '    '))),
  ].join('\n');
}

/** A scalar as YAML writes it plainly, quoted where it would read otherwise. */
function yamlScalar(v: unknown): string {
  if (typeof v === 'string') return yamlString(v);
  if (Array.isArray(v)) return `[${v.map(yamlScalar).join(', ')}]`;
  return String(v);
}

/**
 * An id for a file over `base`: `<base>-house`, its own `-house` (and any number after it) not
 * doubled, never an id `taken` (the base's, a shipped one, one read already): then -2, -3 ...
 */
function freeId(base: string, taken: (id: string) => boolean): string {
  const stem = base.replace(/(^|-)house(-\d+)?$/, '');
  const first = `${stem || 'my'}-house`;
  let id = first;
  for (let n = 2; taken(id); n++) id = `${first}-${n}`;
  return id;
}

/** The column the comments of `edition new` start in. */
const COMMENT_COLUMN = 32;

/** `assault edition new --base ID`: a starting file, every option at the base's value with a one-line comment each. */
export function editionTemplate(base: Ruleset, baseAs: string, taken: (id: string) => boolean = (id) => id === base.id): string {
  const id = freeId(base.id, taken);
  // every comment after a value starts in one column (a value too long for it pushes its own on)
  const pad = (s: string) => (s.length < COMMENT_COLUMN ? s.padEnd(COMMENT_COLUMN) : `${s} `);
  const lines: string[] = [
    `# A fan edition over ${base.id} (${base.name}).`,
    `# Every option below is ${base.id}'s: change what your rules change. A key left out is the`,
    '# base\'s, so you may delete the rest. Check it with `assault validate FILE`, read it back',
    '# with `assault rules FILE`; docs/formats.md, Edition files.',
    `${pad(`edition: ${id}`)}# its id: lowercase letters, digits and dashes; not a shipped id`,
    `name: ${yamlString(`${base.name} (house rules)`)}`,
    `${pad(`base: ${yamlScalar(baseAs)}`)}# a shipped id, or another edition file relative to this one`,
    `${pad('# document: house-rules.md')}# the text it implements (a path or URL), shown by \`assault rules\``,
    `summary: ${JSON.stringify(`${base.name} with house rules.`)}`,
  ];
  const options = base.options!;
  let group = '';
  for (const [path, value] of optionList(options)) {
    const [head, leaf] = path.includes('.') ? path.split('.') as [string, string] : [null, path];
    if (head && head !== group) lines.push(`${head}:`);
    group = head ?? '';
    lines.push(`${pad(`${head ? '  ' : ''}${leaf}: ${yamlScalar(value)}`)}# ${OPTION_NOTES[path] ?? ''}`);
  }
  lines.push(`${pad('steps:')}# the named steps, in order (those the shipped editions have)`);
  for (const list of ['charge', 'phase', 'initiative'] as const) lines.push(`  ${list}: ${yamlScalar(base.procedure[list].map((s) => s.name))}`);
  lines.push(
    `${pad('# toHit:')}# 10 rows (attacker WS 1-10) of 10 cells (target WS 1-10): 2-6, A or "-" (quoted)`,
    ...chartRows(base.toHit),
    `${pad('# toWound:')}# the same form: Strength 1-10 down, Toughness 1-10 across (no A)`,
    ...chartRows(base.toWound),
    `${pad('# armoury:')}# weapons added, or replacing one of the same key, as a roster writes them`,
    '#   great-axe: { name: Great axe, strength: +2, ap: 4 }',
  );
  return lines.join('\n');
}

function chartRows(c: Chart): string[] {
  return c.map((r) => `#   - [${r.map((v) => (v === 0 ? '"-"' : v === AUTO_HIT ? 'A' : String(v))).join(', ')}]`);
}

/** `assault validate ROSTER`: the armoury weapons it names that not every shipped 40K edition has, under the editions that have them. */
export function weaponEditionLines(list: readonly { weapon: string; editions: readonly string[] }[]): string[] {
  const groups = new Map<string, string[]>();
  for (const w of list) {
    const key = w.editions.join(', ').replace(/, ([^,]*)$/, ' and $1');
    groups.set(key, [...(groups.get(key) ?? []), w.weapon]);
  }
  return [...groups].map(([editions, weapons]) => `  ${weapons.join(', ')}: ${weapons.length === 1 ? 'a weapon' : 'weapons'} of ${editions} only (a unit with ${weapons.length === 1 ? 'it' : 'one'} fights under ${editions.includes(' and ') ? 'those' : 'that edition'})`);
}
