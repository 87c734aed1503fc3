// The names the program gives to what it builds, for the rows, reports and results it writes
// (as data in JSON and CSV, and in the text): a matchup, a variant, the units of a side, a
// check's golden log. They are data (the rows, reports and check results carry them), so they
// sit below the producers that make them and the renderers that print them (docs/design.md).
import type { ScenarioUnitT } from '../io/schema.js';
import { plain } from '../plain.js';

/** A matchup of `a` against `d`. */
export function versus(a: string, d: string): string {
  return `${a} vs ${d}`;
}

/** The units of one side, together. */
export function together(names: readonly string[]): string {
  return names.join(' + ');
}

/** A variant's label: its name, or the unit with what differs. */
export function variantLabel(u: ScenarioUnitT): string {
  if (u.name) return plain(u.name);
  const parts: string[] = [];
  if (u.size !== undefined) parts.push(`size ${u.size}`);
  if (u.coverSave !== undefined) parts.push(`in cover (${u.coverSave}+)`);
  else if (u.inCover) parts.push('in cover');
  if (u.charged === false) parts.push('not charging');
  if (u.firedThisTurn) parts.push('fired');
  if (u.inContact !== undefined) parts.push(`${u.inContact} in contact`);
  for (const [who, list] of Object.entries(u.wargear ?? {})) parts.push(`${who}: ${list.map((w) => (typeof w === 'string' ? w : w.name)).join('+')}`);
  if (u.rules?.length) parts.push(u.rules.join('+'));
  if (u.casualtyOrder?.length) parts.push(`removed first: ${u.casualtyOrder.join(', ')}`);
  if (u.points !== undefined) parts.push(`${u.points} pts`);
  // an epic variant's own keys (rules/epic.md E3, E15)
  const epic = u as { blastMarkers?: number; broken?: boolean };
  if (epic.blastMarkers !== undefined) parts.push(`${epic.blastMarkers} Blast marker${epic.blastMarkers === 1 ? '' : 's'}`);
  if (epic.broken) parts.push('Broken');
  return plain(`${u.unit ?? u.name ?? 'unit'}${parts.length ? ` (${parts.join(', ')})` : ''}`);
}

/** A check's golden log: the fight it replays and the file it is compared with. */
export function goldenName(seed: string | number, log: string): string {
  return `fight --seed ${seed} = ${log}`;
}

/** What a check expected at a path of the report that holds no number, and what it found there when nothing is. */
export const A_NUMBER = 'a number';
export const NO_SUCH_PATH = 'no such path in the sim report';
