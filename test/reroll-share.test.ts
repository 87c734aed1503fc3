// abilities.md B2: the share of dice a re-roll rolls again (src/dice.ts `rerollShare`), which the
// engine's expected wounds and `exact`'s laws of blows weigh re-rolls by, counted face by face.
import { describe, expect, it } from 'vitest';
import { REROLL_FAILED, REROLL_NONE, REROLL_ONES, rerollShare, type Reroll } from '../src/dice.js';

/** Of the six faces, the share a re-roll of `reach` rolls again when `need`+ succeeds. */
function counted(need: number, reach: Reroll): number {
  let again = 0;
  for (let face = 1; face <= 6; face++) {
    const failed = face < need;
    if (failed && (reach === REROLL_FAILED || (reach === REROLL_ONES && face === 1))) again++;
  }
  return again / 6;
}

describe('rerollShare: the share of dice a re-roll rolls again (B2)', () => {
  it('none; every failure; the 1s (on a 2+ the failures are the 1s; on a 1+ nothing fails), for every need 1+ to 7+', () => {
    for (let need = 1; need <= 7; need++) {
      const p = need > 6 ? 0 : (7 - need) / 6;
      for (const reach of [REROLL_NONE, REROLL_ONES, REROLL_FAILED] as const) {
        expect(rerollShare(p, need, reach), `${need}+ reach ${reach}`).toBeCloseTo(counted(need, reach), 14);
      }
    }
    expect(rerollShare(0.5, 4, REROLL_NONE)).toBe(0);
  });
});
