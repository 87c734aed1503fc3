// Sides that come apart (rules ruling 23; fightphase and waffle: 001, Pile In; 003, Multiple
// Combats). When a phase's Initiative steps were lost because the sides stood more than 6"
// apart, its result, Morale and sweeping advance are worked out as usual; then every unit still
// in the combat that the two sides' 3" pile-ins cannot bring back into base contact consolidates
// instead and leaves. A combat with no unit left on one side ends `disengaged`, with no winner,
// unless a unit of the losing side broke in that phase: then it ended as the loser's fates say
// (ruling 15), won by the winner.
import { other } from '../model.js';
import { endKind, sideInCombat } from './breakoff.js';
import { ends } from './ending.js';
import { PILE_IN } from './pilein.js';
import type { Step } from './steps.js';

export const disengageStep: Step = {
  name: 'disengage',
  run(c) {
    if (!c.stepsLost) return null;
    const { state, log } = c;
    for (let uI = 0; uI < state.units.length; uI++) {
      const u = state.units[uI]!;
      if (!u.inCombat || u.spec.nearby) continue;
      const closest = u.closest();
      // both sides pile in 3": anything within 6" is brought back into base contact
      if (closest <= 2 * PILE_IN) continue;
      u.inCombat = false;
      u.fate = 'disengaged';
      log?.push({ type: 'disengage', side: u.side, unit: u.name, closest });
    }
    if (sideInCombat(state, 'attacker') && sideInCombat(state, 'defender')) return null;
    if (c.winner) {
      const broke = endKind(state, other(c.winner));
      if (broke === 'fellBack' || broke === 'swept') return ends(c, broke, c.winner);
    }
    return ends(c, 'disengaged', null);
  },
};
