// Every way a fight ends, and every fate of a unit, in the order of the report.
import type { EndKind } from '../engine/events.js';
import type { UnitFate } from '../engine/fight.js';

export const ENDS: readonly EndKind[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'disengaged'];
export const FATES: readonly UnitFate[] = ['destroyed', 'swept', 'fellBack', 'locked', 'chargeFailed', 'disengaged', 'none'];
