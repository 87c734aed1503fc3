// How a combat ended, as a step returns it: one object per combat, filled in, so that ending a
// fight allocates nothing. And the phase's wounds, cleared once nothing reads them.
import type { SideId } from '../model.js';
import type { EndKind } from './events.js';

export interface Ending { end: EndKind; winner: SideId | null }

/** End the combat: its one Ending object, filled in. */
export function ends(c: { ending: Ending }, end: EndKind, winner: SideId | null): Ending {
  c.ending.end = end;
  c.ending.winner = winner;
  return c.ending;
}

/** The wounds of a phase before its fight step and after its Morale step (never written to). */
export const NO_WOUNDS: Readonly<Record<SideId, number>> = Object.freeze({ attacker: 0, defender: 0 });

/** The phase's wounds are read no more: cleared (also in the step state that counted them). */
export function clearWounds(c: { wounds: Record<SideId, number>; state: { step: { inflicted: Record<SideId, number> } | null } }): void {
  c.wounds = NO_WOUNDS;
  const step = c.state.step;
  if (step) step.inflicted.attacker = step.inflicted.defender = 0;
}
