// A sweeping advance that strikes (SweepLoss 'hits': waffle, 003 and ruling 10): a fleeing unit
// that a winner's D6 + Initiative equals or beats takes one automatic hit per model of that
// winner (every such winner in a multiple combat), each struck with the weapon that model fights
// with and counting as charging, wounded and saved as in close combat (the edition's
// allocation: wound pools, the closest model first).
import { AUTO_HIT } from '../dice.js';
import { woundNeed } from './ruleset.js';
import { lockedWith, weaponStrength } from './mechanics.js';
import type { Combat } from './steps.js';
import type { UnitState } from './state.js';
import { pendWounds, startStep } from './strike.js';

/**
 * The hits of every winner that caught `caught` (which fled with `flee`), then their saves and
 * casualties; the log shows each after the roll. Returns the wounds they inflicted.
 */
export function sweepHits(c: Combat, caught: readonly UnitState[], flee: number): number {
  const { chance, log, ruleset } = c;
  const target = caught[0]!;
  startStep(target, ruleset, c.state.scratch);
  for (let w = 0; w < c.winners.n; w++) {
    const g = c.winners.at(w);
    const sweep = c.sweepTotal[w]!;
    if (sweep < 0 || !ruleset.catches(sweep, flee) || !lockedWith(g, caught)) continue;
    for (let uI = 0; uI < g.length; uI++) {
      const u = g[uI]!;
      for (let mI = 0; mI < u.classes.length; mI++) {
        const m = u.classes[mI]!;
        if (m.count === 0) continue;
        const weapon = m.loadout.weapon;
        const strength = weaponStrength(m, true);
        const need = woundNeed(ruleset, strength, weapon?.woundOn ?? null, target.stepT);
        const wounds = chance.blows(m.count, AUTO_HIT, need, false, true, weapon !== null && weapon.rerollFailedWounds);
        log?.push({
          type: 'sweepHits', side: u.side, unit: u.name, model: m.spec.name, hits: m.count, target: target.name, weapon: weapon ? weapon.name : null,
          strength, toughness: target.stepT, need, rolls: chance.blow.woundFaces!, rerolls: chance.blow.rerollFaces!, wounds,
        });
        pendWounds(target, m, strength, wounds, 0);
      }
    }
  }
  const inflicted = ruleset.allocate(target, target.pending, target.nPending, c, ruleset);
  // the caught unit leaves the combat: nothing of this reckoning stays on it
  target.clearStep();
  return inflicted;
}
