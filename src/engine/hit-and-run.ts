// Hit & Run (abilities.md B11): at the end of a phase whose result its side lost or drew, a
// unit with it that is still in the combat (it passed its Morale check or took none) leaves,
// after the sweeping advances, and nobody pursues it. On a draw every such unit leaves, on both
// sides; a unit whose side won stays, as does one a sweeping advance holds (revised4, B12). A
// combat left with no unit of one side ends as rules ruling 23 says: `disengaged`, with no
// winner, unless a unit of the losing side broke in that phase (then as its fate says, won by
// the winner).
import { other, SIDES } from '../model.js';
import { endKind, sideInCombat } from './breakoff.js';
import { ends } from './ending.js';
import type { Step } from './steps.js';
import type { UnitState } from './state.js';

/** The group led by `u` (it and the characters who joined it, in the combat) all have Hit & Run now, and none is held. */
function runs(u: UnitState): boolean {
  let any = false;
  for (let i = 0; i < u.moveGroup.length; i++) {
    const m = u.moveGroup[i]!;
    if (!m.inCombat) continue;
    if (!m.fx.hitAndRun || m.held) return false;
    any = true;
  }
  return any;
}

export const hitAndRunStep: Step = {
  name: 'hitAndRun',
  run(c) {
    const { state, log, winner } = c;
    let left = false;
    for (let sI = 0; sI < SIDES.length; sI++) {
      const side = SIDES[sI]!;
      if (side === winner) continue;
      for (let uI = 0; uI < state.units.length; uI++) {
        const u = state.units[uI]!;
        // each group once, by the unit it is led by (a character who joined one leaves with it)
        if (u.side !== side || !u.inCombat || (u.partOf !== null && u.partOf.inCombat) || !runs(u)) continue;
        const joined: string[] | null = log ? [] : null;
        for (let i = 0; i < u.moveGroup.length; i++) {
          const m = u.moveGroup[i]!;
          if (!m.inCombat) continue;
          m.inCombat = false;
          m.fate = 'disengaged';
          if (i > 0) joined?.push(m.name);
        }
        left = true;
        log?.push({ type: 'hitAndRun', side, unit: u.name, joined: joined!, by: u.fx.hitAndRunBy });
      }
    }
    if (!left || (sideInCombat(state, 'attacker') && sideInCombat(state, 'defender'))) return null;
    if (winner) {
      const broke = endKind(state, other(winner));
      if (broke === 'fellBack' || broke === 'swept') return ends(c, broke, winner);
    }
    return ends(c, 'disengaged', null);
  },
};
