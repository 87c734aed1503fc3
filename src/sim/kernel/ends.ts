// The numbers the kernels (one unit a side and several) keep a fight's end and its units' fates
// in: indexes into report/fates.ts's FATES and ENDS, and the "winner" of a fight nobody won.
import type { EndKind } from '../../engine/events.js';
import { ENDS, FATES } from '../../report/fates.js';

export const DESTROYED = FATES.indexOf('destroyed');
export const SWEPT = FATES.indexOf('swept');
export const FELL_BACK = FATES.indexOf('fellBack');
export const LOCKED = FATES.indexOf('locked');
export const NONE = FATES.indexOf('none');
export const DISENGAGED = FATES.indexOf('disengaged');
export const CHARGE_FAILED = FATES.indexOf('chargeFailed');
/** the ENDS number of each FATES number */
export const END_OF = FATES.map((f) => ENDS.indexOf(f as EndKind));
/** `winner` and `first` when neither side won */
export const DRAW = 2;
