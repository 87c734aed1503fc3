// waffle's to-hit chart (../shared/rules/003_ec027f14e771b8c8.txt, Rolling to Hit), cell for
// cell as printed (rules ruling 4: where the prose disagrees, the chart stands); "A" is an
// automatic hit, no die rolled (AUTO_HIT). test/waffle.test.ts reads it back from the document.
import { AUTO_HIT } from '../../dice.js';
import type { Chart } from '../../engine/ruleset.js';

const A = AUTO_HIT;

/** Attacker's WS (rows) against the defender's WS (columns). */
export const WAFFLE_TO_HIT: Chart = [
  [4, 5, 5, 5, 6, 6, 6, 6, 6, 6],
  [3, 4, 4, 5, 5, 5, 6, 6, 6, 6],
  [2, 3, 4, 4, 4, 5, 5, 5, 6, 6],
  [2, 3, 3, 4, 4, 4, 4, 5, 5, 5],
  [2, 2, 3, 3, 4, 4, 4, 4, 4, 5],
  [2, 2, 3, 3, 3, 4, 4, 4, 4, 4],
  [2, 2, 2, 3, 3, 3, 4, 4, 4, 4],
  [2, 2, 2, 3, 3, 3, 3, 4, 4, 4],
  [2, 2, 2, 2, 3, 3, 3, 3, 4, 4],
  [A, A, A, A, 3, 3, 3, 3, 3, 4],
];
