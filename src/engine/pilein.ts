// 001, "Start of Initiative Step Pile In" (ruling 14), shared by fightphase and waffle: at the
// start of each Initiative step every model striking at that step that is not in base contact
// moves 3" closer (to no less than 0). On a line every model moves straight at the enemy, so
// 001's three orders of moving (into base contact, then near a friend in contact, then as
// close as possible) come to the same thing. If no two enemy models are within 6" of each
// other, both sides' pile-ins together cannot bring them back together: the remaining
// Initiative steps are lost.
import type { InitiativeStep } from './strike.js';

/** Two pile-ins of 3" each cannot close more than this. */
const REACH = 6;
const PILE_IN = 3;

export const pileInAtStep: InitiativeStep = {
  name: 'pileIn',
  begin(s) {
    const log = s.ctx.log;
    let closest = Infinity;
    for (let u = 0; u < s.units.n; u++) {
      const unit = s.units.at(u);
      for (let cI = 0; cI < unit.classes.length; cI++) {
        const c = unit.classes[cI]!;
        if (c.count > 0 && c.distance < closest) closest = c.distance;
      }
    }
    if (closest > REACH) {
      s.steps = 0; // the assault is over: no further Initiative step
      log?.push({ type: 'apart', initiative: s.init, closest });
      return 0;
    }
    for (let u = 0; u < s.units.n; u++) {
      const unit = s.units.at(u);
      for (let cI = 0; cI < unit.classes.length; cI++) {
        const c = unit.classes[cI]!;
        if (c.count === 0 || c.distance === 0 || c.initiative !== s.init) continue;
        const from = c.distance;
        c.distance = from > PILE_IN ? from - PILE_IN : 0;
        log?.push({ type: 'pileInStep', side: unit.side, unit: unit.name, model: c.spec.name, count: c.count, from, to: c.distance });
      }
    }
    return 0;
  },
  atom() {},
};
