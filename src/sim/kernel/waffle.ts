// What the kernel (sim/kernel/kernel.ts) adds to fightphase for waffle (003; rulings 10, 12, 18,
// 19, 25): the Charge sub-phase's Overwatch, worked out once per scenario as the reference's
// `waffleChargeStep` and engine/shooting.ts `shoot` fire it (its wounds are the kernel's own
// pools, sim/kernel/casualties.ts); Final Blow, which the kernel's strike and the compiled one
// read from `finalBlow`; and the sweeping advance's hits at random (engine/sweep-hits.ts), which
// are rare (a sweep that catches) and fought by the reference's own code on a fight state of this
// file's, the kernel's counts put into it and read back. The waffle fights it does not do
// exactly, it refuses with the reason (`waffleRefusal`).
import { REROLL_NONE, type Chance } from '../../dice.js';
import { startFight } from '../../engine/fight.js';
import { woundNeed } from '../../engine/ruleset.js';
import type { Ruleset } from '../../engine/ruleset.js';
import { canShoot, gunOf } from '../../engine/shooting.js';
import { startStep } from '../../engine/strike.js';
import { sweepHits } from '../../engine/sweep-hits.js';
import { prepareFx } from '../../engine/effects.js';
import { FightState, type UnitState } from '../../engine/state.js';
import type { Combat } from '../../engine/steps.js';
import { hasRule, type Scenario } from '../../model.js';
import type { HitBatch } from '../../engine/allocate.js';
import { painNeed } from '../../engine/wound-fx.js';

/** Why the kernel does not fight this waffle combat (one unit a side, every model in base contact), or null when it does. */
export function waffleRefusal(state: FightState): string | null {
  for (const u of state.units) {
    const s = u.spec;
    // the 2D6" range, and a Fall Back that adds to it (ruling 12, 18)
    if (s.chargeDistance !== null) return 'a charge distance (waffle: the 2D6" charge range)';
    if (s.reaction === 'fallBack' || (s.thisTurn?.length ?? 0) > 0) return 'a Fall Back, or what a unit did this turn (waffle)';
    if (s.fieryCharge) return 'a Fiery Charge (waffle)';
    // a charger's cover counts against Overwatch's shots (rules ruling 26); in close combat cover gives nothing (as fightphase)
    if (s.charged && s.coverSave !== undefined && s.coverSave !== null) return 'a charger in cover (waffle: its save against Overwatch)';
    if (hasRule(s.rules, 'independent-character')) return 'an independent character (waffle: Final Blow)';
    for (const c of u.classes) {
      if (hasRule(c.spec.rules, 'independent-character')) return 'an independent character (waffle: Final Blow)';
      if (c.loadout.weapon?.force) return 'a force weapon (waffle)';
    }
  }
  return null;
}

/** The kernel's waffle: Overwatch as fixed by the scenario, Final Blow's groups, and the sweep's hits. */
export class WaffleParts {
  /** the unit that fires Overwatch at its charger (-1: nobody does) */
  readonly shooter: number = -1;
  readonly charger: number = -1;
  /** per class of the shooter that fires: its class, shots, the roll to wound, Strength and AP (-1: none), the target's Feel No Pain roll against them (0: none) */
  readonly shots: { c: number; shots: number; wound: number; strength: number; ap: number; pain: number }[] = [];
  /** per class: it may make a Final Blow (a unit of several models; no independent character: refused) */
  readonly finalBlow: Uint8Array;
  private readonly state: FightState;
  private readonly c: Combat;
  private readonly groups: UnitState[][];

  constructor(scenario: Scenario, ruleset: Ruleset, private readonly from: Int32Array) {
    // a fight state of its own: the sweep's hits are worked out on it
    this.state = new FightState(scenario, ruleset);
    const units = this.state.units;
    this.groups = units.map((u) => [u]);
    for (const u of units) u.charging = u.inCombat && u.spec.charged;
    // Reaction to Charge (waffle's `waffleChargeStep`): one unit a side, so the charged unit reacts when the other charged it and it did not charge
    for (let d = 0; d < 2; d++) {
      const e = 1 - d;
      if (units[d]!.charging || !units[e]!.charging) continue;
      const wanted = units[d]!.spec.reaction ?? 'overwatch';
      if (wanted !== 'overwatch' || !canShoot(units[d]!, 'overwatch')) continue;
      this.shooter = d;
      this.charger = e;
    }
    if (this.shooter >= 0) {
      const d = units[this.shooter]!;
      const target = units[this.charger]!;
      // engine/shooting.ts `shoot`: the target's majority Toughness as it stands at the start, every model living
      prepareFx(target, true);
      startStep(target, ruleset, this.state.scratch);
      d.classes.forEach((m, i) => {
        const gun = gunOf(m.spec.wargear, 'overwatch');
        if (!gun) return;
        const g = gun.shooting!;
        const shots = m.count * (g.type === 'rapid-fire' ? 2 * g.shots : g.shots);
        // abilities.md B4: Feel No Pain against shots whatever their AP; the target's models save alike (sim/kernel/domain.ts)
        const batch: HitBatch = { count: 1, strength: g.strength, noArmour: false, maxSave: null, ap: g.ap ?? null, force: null, cause: 'weapon', weapon: gun.name, shot: true };
        const pain = painNeed(target.classes[0]!, batch);
        this.shots.push({ c: from[this.shooter]! + i, shots, wound: woundNeed(ruleset, g.strength, g.woundOn, target.stepT), strength: g.strength, ap: g.ap ?? -1, pain });
      });
      target.clearStep();
    }
    this.finalBlow = Uint8Array.from(units.flatMap((u) => u.classes.map(() => (ruleset.finalBlow === true && u.aliveCount() > 1 ? 1 : 0))));
    this.c = startFight(this.state, ruleset, null as unknown as Chance, null);
  }

  /**
   * Overwatch's snap shots (6s hit), each firing class's dice as `shoot` rolls them, the wounds
   * pended on the charger with `pend` (`by`: the shot's kind, `shotsBy`).
   */
  fire(chance: Chance, pend: (v: number, n: number, strength: number, ap: number, pain: number, by: number) => void, shotsBy: (c: number) => number): void {
    const shots = this.shots;
    for (let i = 0; i < shots.length; i++) {
      const s = shots[i]!;
      const wounds = chance.blows(s.shots, 6, s.wound, false, true, REROLL_NONE);
      if (wounds > 0) pend(this.charger, wounds, s.strength, s.ap, s.pain, shotsBy(s.c));
    }
  }

  /**
   * The sweep's hits (engine/sweep-hits.ts, ruling 10, rules ruling 25) of unit `winner`, whose
   * `sweep` caught unit `loser` fleeing with `flee`, in the first phase or a later one: the
   * wounds inflicted. `count` and `front` are the kernel's, read and written.
   */
  sweepHits(count: Int32Array, front: Int32Array, loser: number, winner: number, sweep: number, flee: number, firstRound: boolean, chance: Chance): number {
    const units = this.state.units;
    for (let u = 0; u < 2; u++) {
      const cs = units[u]!.classes;
      for (let i = 0; i < cs.length; i++) {
        cs[i]!.count = count[this.from[u]! + i]!;
        cs[i]!.front = front[this.from[u]! + i]!;
      }
    }
    // what their abilities do in this phase (the sweep's Strength and re-rolls, the caught unit's saves: abilities.md A3, B2, B4)
    prepareFx(units[0]!, firstRound);
    prepareFx(units[1]!, firstRound);
    const c = this.c;
    c.chance = chance;
    c.firstRound = firstRound;
    c.winners.clear();
    c.winners.push(this.groups[winner]!);
    c.sweepTotal[0] = sweep;
    const inflicted = sweepHits(c, this.groups[loser]!, flee);
    const cs = units[loser]!.classes;
    for (let i = 0; i < cs.length; i++) {
      count[this.from[loser]! + i] = cs[i]!.count;
      front[this.from[loser]! + i] = cs[i]!.front;
    }
    return inflicted;
  }
}
