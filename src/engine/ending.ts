// How a combat ended, as a step returns it: one object per combat, filled in, so that ending a
// fight allocates nothing.
import type { SideId } from '../model.js';
import type { EndKind } from './events.js';

export interface Ending { end: EndKind; winner: SideId | null }

/** End the combat: its one Ending object, filled in. */
export function ends(c: { ending: Ending }, end: EndKind, winner: SideId | null): Ending {
  c.ending.end = end;
  c.ending.winner = winner;
  return c.ending;
}
