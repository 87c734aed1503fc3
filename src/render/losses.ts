// The words of a batch's loss columns: wounds, or units destroyed where the rows' edition counts
// whole units (epic). Rows of editions of both kinds say both.
import type { BatchRow } from '../batch/batch.js';
import { RULESETS } from '../editions/registry.js';
import { own } from '../own.js';

export interface LossWords { byAttacker: string; byDefender: string; perPoints: string }

const WOUNDS: LossWords = { byAttacker: 'wounds A>D', byDefender: 'wounds D>A', perPoints: 'W/100pt' };
const UNITS: LossWords = { byAttacker: 'units destroyed A>D', byDefender: 'units destroyed D>A', perPoints: 'units/100pt' };
const EITHER: LossWords = { byAttacker: 'wounds/units A>D', byDefender: 'wounds/units D>A', perPoints: 'W-or-units/100pt' };

/** What the rows' loss columns count, by the editions they were fought under. */
export function lossWords(rows: readonly BatchRow[]): LossWords {
  const kinds = new Set(rows.map((r) => own(RULESETS, r.rules)?.losses ?? 'wounds'));
  return kinds.size > 1 ? EITHER : kinds.has('units') ? UNITS : WOUNDS;
}
