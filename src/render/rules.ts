// `assault rules ID`: a ruleset's charts, its source and how it plays.
import { isAbsolute, relative } from 'node:path';
import { AUTO_HIT } from '../dice.js';
import { isRuleset, type Chart, type Ruleset } from '../engine/ruleset.js';
import type { Edition, EditionTable } from '../engine/edition.js';
import { fitTable, visible } from './layout.js';
import { DEFAULT_WIDTH, wrap } from './layout.js';
import { damageTable, VEHICLE_RULINGS } from './vehicle-text.js';
import { specialRulesSection } from './abilities.js';
import { editionChanges, stepLists, type RootOf, type StepsNeeded } from './edition.js';

function chart(title: string, rowLabel: string, colLabel: string, c: Chart): string[] {
  const head = `${rowLabel.padEnd(6)}| ${colLabel} 1..10`;
  const cols = '      | ' + Array.from({ length: 10 }, (_, i) => String(i + 1).padStart(3)).join('');
  // 1 is waffle's A: the attack hits automatically
  const rows = c.map((r, i) => `${String(i + 1).padStart(5)} | ` + r.map((v) => (v === 0 ? '  -' : v === AUTO_HIT ? '  A' : `${v}+`.padStart(3))).join(''));
  return [title, head, cols, ...rows];
}

/** The notes as a list; a note that ends with a colon heads the ones after it, which are indented below it. */
function notes(list: readonly string[], width: number): string[] {
  let under = '';
  return list.flatMap((n) => {
    if (n.endsWith(':')) {
      under = '  ';
      return wrap(n, width, '');
    }
    return wrap(`${under}- ${n}`, width, `${under}  `);
  });
}

/** A path as the working folder reaches it, or whole when it lies outside. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** An edition's own table, with its title. */
function ownTable(t: EditionTable, width: number): string[] {
  const rows = t.rows.map((r) => r.map(String));
  const fitted = fitTable(t.columns.map((head, i) => ({ head, left: i > 0 || typeof t.rows[0]?.[0] === 'string' })), rows, width);
  if (visible(fitted.rule) <= width) return [t.title, fitted.head, fitted.rule, ...fitted.rows, ...fitted.notes, ''];
  // a table of prose too wide for the terminal stacks: a row a paragraph, its text wrapped
  const lead = Math.max(...rows.map((r) => visible(r[0] ?? '')));
  return [t.title, `(${t.columns.join(', ')})`, ...rows.flatMap((r) => wrap(`${(r[0] ?? '').padEnd(lead)}  ${r.slice(1).join('; ')}`, width, ' '.repeat(lead + 2))), ''];
}

/** `assault rules ID` (or FILE). An edition file's: its file and base, and with `base` what it changes against it. */
export function renderRuleset(r: Edition, width = DEFAULT_WIDTH, base?: { ruleset: Ruleset; rootOf: RootOf; chain?: readonly Ruleset[]; needed?: StepsNeeded }): string {
  const file = isRuleset(r) ? r.file : undefined;
  const chain = base ? (base.chain ?? [base.ruleset]) : [];
  // the edition that wrote the notes: the last of the chain that has them as they are here
  let author: Ruleset | null = null;
  for (const x of chain) {
    if (x.notes !== r.notes) break;
    author = x;
  }
  // what it changes against its direct base; against the notes' author and the shipped root too, where they are others
  const against = [...new Set([chain[0], author, chain[chain.length - 1]].filter((x): x is Ruleset => x !== null && x !== undefined))];
  const changeLists = isRuleset(r) && base ? against.map((x, i) => {
    const lines = editionChanges(x, r, base.rootOf);
    const why = chain.length === 1 ? '' : [i === 0 ? 'its base' : '', x === author ? 'whose notes are above' : '', x === chain[chain.length - 1] && chain.length > 1 ? 'the shipped edition its chain is built on' : ''].filter(Boolean).join(', ');
    return ['', `What it changes against ${x.id}${why ? ` (${why})` : ''}:`, ...(lines.length === 0 ? ['  nothing: it fights as ' + (i === 0 ? 'its base' : x.id)] : lines.flatMap((l) => wrap(`- ${l}`, width, '    ')))];
  }) : [];
  const charts = isRuleset(r) ? [
    ...chart('To hit (attacker WS down, defender WS across)', 'WS', "defender's WS", r.toHit),
    '',
    ...chart("To wound (Strength down, Toughness across; - cannot wound)", 'S', 'T', r.toWound),
    '',
  ] : [];
  return [
    `${r.id}: ${r.name}`,
    base && isRuleset(r) && r.document !== base.rootOf(r).document ? `source: ${r.document}` : `source: ../shared/rules/${r.document}`,
    ...(r.sources ?? []).flatMap((s) => wrap(`  ${s}`, width, '    ')),
    ...(file ? [`edition file: ${shownPath(file.path)}, built on ${file.base}`] : []),
    '',
    ...wrap(r.summary, width, ''),
    '',
    ...charts,
    ...(r.stepNames ? [...wrap(`Steps, in order: ${r.stepNames.join(', ')}.`, width, '  '), ''] : []),
    ...(r.tables ?? []).flatMap((t) => ownTable(t, width)),
    ...(author ? wrap(chain.length === 1 ? `How ${author.id} plays (the notes are its base's):`
      : `How ${author.id} plays (these notes are ${author.id}'s${author === chain[0] ? ', its base' : ''}, not ${r.id}'s: where ${r.id} plays otherwise, "What it changes against ${author.id}" below says so):`, width, '  ') : []),
    ...notes(r.notes, width),
    ...(isRuleset(r) && r.vehicles ? ['', ...damageTable(), '', ...notes(VEHICLE_RULINGS, width)] : []),
    ...(isRuleset(r) ? specialRulesSection(r.abilities, width) : []),
    ...(isRuleset(r) && base?.needed ? stepLists(r, base.needed, width) : []),
    ...changeLists.flat(),
    ...(r.leftOut.length > 0 ? ['', `Left out${isRuleset(r) ? ` of ${r.document}` : ' (out of scope)'}, and why:`, ...r.leftOut.flatMap((n) => wrap(`- ${n}`, width, '  '))] : []),
  ].flatMap((l) => wrap(l, width)).join('\n');
}
