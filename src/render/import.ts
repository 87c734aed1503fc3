// An imported list as an assault roster file (YAML with the schema comment line shipped rosters
// have), and the notes of what was left out or kept plainly, as lines for standard error.
import { basename } from 'node:path';
import { InputError, formatProblem } from '../errors.js';
import { overLimits } from '../io/yamllimits.js';
import { whereText, type ImportedRoster, type ImportNote } from '../import/roster.js';
import type { WeaponDef } from '../import/weapons.js';
import { yamlString } from './yaml-string.js';

const value = (v: string | number | boolean): string => (typeof v === 'string' ? yamlString(v) : String(v));
const flow = (o: Readonly<Record<string, string | number | boolean>>): string => `{ ${Object.entries(o).map(([k, v]) => `${k}: ${value(v)}`).join(', ')} }`;
const list = (xs: readonly string[]): string => `[${xs.map(yamlString).join(', ')}]`;
/** A comment's text on one line, its control characters already gone. */
const comment = (s: string): string => s.replace(/[\r\n]+/g, ' ');

/** The note as a problem line: `list.ros:57:7: selection "Boyz" > "Nob": not recognised: ...`. */
export function importNoteLine(file: string, n: ImportNote): string {
  return formatProblem({ file, line: n.line, col: n.col, path: '', message: `${whereText(n.where)}: ${n.message}` });
}

/** Every note of an import, in the order of the list, for standard error. */
export function importNotes(r: ImportedRoster): string[] {
  const file = r.inner ? `${r.file} (${r.inner})` : r.file;
  return [...r.units.flatMap((u) => u.notes), ...r.notes].sort((a, b) => a.line - b.line || a.col - b.col).map((n) => importNoteLine(file, n));
}

/** The roster file's text. The same list gives the same bytes. */
export function renderImport(r: ImportedRoster): string {
  const out: string[] = [];
  const source = `${basename(r.file)}${r.inner ? ` (${basename(r.inner)})` : ''}`;
  out.push('# yaml-language-server: $schema=schemas/roster.schema.json');
  out.push(comment(`# Imported by \`assault import\` from ${source}: ${r.name ? `"${r.name}", ` : ''}${r.system ? `a ${r.system} list` : 'a list'}${r.points !== null ? ` of ${r.points} pts` : ''}.`));
  out.push('# Profiles, wargear, special rules and points are the list\'s. What the import did not recognise');
  out.push('# is listed at its unit (and was printed when it was imported); units left out are listed at the end.');
  out.push(`faction: ${yamlString(r.faction)}`);
  if (r.weapons.length) {
    out.push('weapons:');
    for (const [k, d] of r.weapons) out.push(`  ${k}: ${flow(d as WeaponDef)}`);
  }
  out.push('models:');
  for (const m of r.models) {
    out.push(`  ${m.key}:`);
    out.push(`    name: ${yamlString(m.name)}`);
    if (m.profile) out.push(`    profile: ${flow(m.profile)}`);
    if (m.type) {
      out.push(`    type: ${m.type}`);
      out.push(`    vehicle: ${flow(m.vehicle!)}`);
      if (m.types) out.push(`    types: ${list(m.types)}`);
    }
    if (m.wargear.length) out.push(`    wargear: ${list(m.wargear)}`);
    if (m.rules.length) out.push(`    rules: ${list(m.rules)}`);
  }
  out.push('units:');
  for (const u of r.units) {
    out.push(`  ${u.key}:`);
    for (const n of u.notes) out.push(comment(`    # ${whereText(n.where)}: ${n.message}`));
    out.push(`    name: ${yamlString(u.name)}`);
    if (u.points !== null) out.push(`    points: ${Math.min(100_000, Math.max(0, u.points))}`);
    if (u.rules.length) out.push(`    rules: ${list(u.rules)}`);
    out.push('    models:');
    for (const g of u.models) out.push(`      - { model: ${g.model}, count: ${g.count} }`);
  }
  if (r.notes.length) {
    out.push('# Left out:');
    for (const n of r.notes) out.push(comment(`#   ${whereText(n.where)}: ${n.message}`));
  }
  const text = `${out.join('\n')}\n`;
  // the roster must be read back: one past a roster file's limits is not written
  const over = overLimits(text);
  if (over) throw new InputError([{ file: r.inner ? `${r.file} (${r.inner})` : r.file, line: 0, col: 0, path: '', message: `the roster made from it would be refused, with ${over.message.replace(/:.*$/, '')}: import the list in parts` }]);
  return text;
}
