// fightphase's charts (../shared/rules/001_83f9a11fbaff6d19.txt, Roll To Hit, Roll To Wound).
// 001 prints no to-hit chart, only its mechanism, so the chart is worked out from it: against a
// lower WS 3+; against a WS equal to the attacker's or up to twice it 4+; against more than twice
// it 5+. The to-wound chart is "the chart above", the standard one, cell for cell srd4's.
import type { Chart } from '../../engine/ruleset.js';
import { SRD4_TO_WOUND } from '../srd4/charts.js';

/** 001's to-hit mechanism: the roll an attacker of WS `ws` needs against WS `target`. */
export function fightphaseToHit(ws: number, target: number): number {
  if (target < ws) return 3;
  return target <= 2 * ws ? 4 : 5;
}

/** Attacker's WS (rows) against the defender's WS (columns), from the mechanism. */
export const FIGHTPHASE_TO_HIT: Chart = Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => fightphaseToHit(r + 1, c + 1)));

/** Strength (rows) against Toughness (columns); 0 is "-", no effect. */
export const FIGHTPHASE_TO_WOUND: Chart = SRD4_TO_WOUND;
