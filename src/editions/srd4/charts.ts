// srd4's charts (../shared/rules/002_ac0b1f17e761e0b5.txt, Close Combat steps 4 and 5), cell for
// cell as printed; test/srd4-charts.test.ts reads them back from the document.
import type { Chart } from '../../engine/ruleset.js';

/** Close Combat step 4: attacker's WS (rows) against defender's WS (columns). */
export const SRD4_TO_HIT: Chart = [
  [4, 4, 5, 5, 5, 5, 5, 5, 5, 5],
  [3, 4, 4, 4, 5, 5, 5, 5, 5, 5],
  [3, 3, 4, 4, 4, 4, 5, 5, 5, 5],
  [3, 3, 3, 4, 4, 4, 4, 4, 5, 5],
  [3, 3, 3, 3, 4, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 4, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 4, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 4, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 4, 4],
  [3, 3, 3, 3, 3, 3, 3, 3, 3, 4],
];

/** Close Combat step 5: Strength (rows) against Toughness (columns); 0 is "-", no effect. */
export const SRD4_TO_WOUND: Chart = [
  [4, 5, 6, 6, 0, 0, 0, 0, 0, 0],
  [3, 4, 5, 6, 6, 0, 0, 0, 0, 0],
  [2, 3, 4, 5, 6, 6, 0, 0, 0, 0],
  [2, 2, 3, 4, 5, 6, 6, 0, 0, 0],
  [2, 2, 2, 3, 4, 5, 6, 6, 0, 0],
  [2, 2, 2, 2, 3, 4, 5, 6, 6, 0],
  [2, 2, 2, 2, 2, 3, 4, 5, 6, 6],
  [2, 2, 2, 2, 2, 2, 3, 4, 5, 6],
  [2, 2, 2, 2, 2, 2, 2, 3, 4, 5],
  [2, 2, 2, 2, 2, 2, 2, 2, 3, 4],
];
