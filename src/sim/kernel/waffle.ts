// What the kernel (sim/kernel/kernel.ts) adds to fightphase for waffle (003; rulings 10, 12, 18,
// 19, 25): the Charge sub-phase's Overwatch, worked out once per scenario as the reference's
// `waffleChargeStep` and engine/shooting.ts `shoot` fire it (its wounds are the kernel's own
// pools, sim/kernel/casualties.ts); Final Blow, which the kernel's strike and the compiled one
// read from `finalBlow`; and the sweeping advance's hits at random (engine/sweep-hits.ts), which
// are rare (a sweep that catches) and fought by the reference's own code on a fight state of this
// file's, the kernel's counts put into it and read back. The waffle fights it does not do
// exactly, it refuses with the reason (`waffleRefusal`).
import { AUTO_HIT, REROLL_NONE, type Chance, type Reroll } from '../../dice.js';
import { blowsOf, shotsBy, type Casualties } from './casualties.js';
import { PlainPools, type PlainBatch } from './plain-pools.js';
import type { PhaseTable } from './tables.js';
import { startFight } from '../../engine/fight.js';
import { chargeStep, pileInStep, prepareStep } from '../../engine/steps.js';
import { sweepStrength, sweepWoundReroll } from '../../engine/blow-effects.js';
import { weaponStrength } from '../../engine/mechanics.js';
import { tOf } from '../../engine/effects.js';
import { woundNeed } from '../../engine/ruleset.js';
import type { Ruleset } from '../../engine/ruleset.js';
import { canShoot, gunOf } from '../../engine/shooting.js';
import { startStep } from '../../engine/strike.js';
import { sweepHits } from '../../engine/sweep-hits.js';
import { prepareFx } from '../../engine/effects.js';

/** A chance that must not be asked: the steps run here roll nothing. */
const NO_DICE = new Proxy({}, { get: () => { throw new Error('kernel waffle: a step asked for dice'); } }) as Chance;
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
  /**
   * per unit: all its models are of one kind (`ModelClass.same`), so that the sweep's hits on
   * it are spread with no dice and the kernel strikes them itself (`sweep`); else the reference's
   * code does (`sweepHits`)
   */
  readonly oneKind: Uint8Array;
  /**
   * per phase (0: the first, 1: a later one), per class: its sweep hit's Strength (it counts as
   * charging), the roll to wound the enemy's one kind, the re-roll, and the enemy's Feel No Pain
   * roll against its wounds (engine/sweep-hits.ts `rolled`, `atRandom`); and whether it fights
   * with its special weapon, as the phase's prepare says (`ModelClass.special`)
   */
  readonly strength: [Int32Array, Int32Array];
  readonly wound: [Int32Array, Int32Array];
  readonly reroll: [Int32Array, Int32Array];
  readonly pain: [Int32Array, Int32Array];
  private readonly special: [Uint8Array, Uint8Array];
  /** per phase, per unit: it counts as charging, as the phase's prepare leaves it (its abilities `when: charging` read it) */
  private readonly charging: [Uint8Array, Uint8Array] = [new Uint8Array(2), new Uint8Array(2)];
  /**
   * Overwatch's wounds on a charger of single-wound models of one save, and the sweep's hits on
   * such a unit of one kind (per phase and unit caught: [p * 2 + u]), worked out as plain pools
   * (sim/kernel/plain-pools.ts, `plan`); null: by the kernel's casualties
   */
  private shotPools: PlainPools | null = null;
  private readonly sweepPools: (PlainPools | null)[] = [null, null, null, null];
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
    this.oneKind = Uint8Array.from(units, (u) => (u.classes.every((c) => c.same === u.classes[0]!.same) ? 1 : 0));
    // each kind of phase prepared as the reference prepares it (sim/kernel/tables.ts `phaseTables`: the charge connects)
    const c = (this.c = startFight(this.state, ruleset, NO_DICE, null));
    chargeStep.run(c);
    const n = units.reduce((k, u) => k + u.classes.length, 0);
    const per = () => [new Int32Array(n), new Int32Array(n)] as [Int32Array, Int32Array];
    [this.strength, this.wound, this.reroll, this.pain] = [per(), per(), per(), per()];
    this.special = [new Uint8Array(n), new Uint8Array(n)];
    for (let p = 0; p < 2; p++) {
      if (p === 1) pileInStep.run(c);
      c.phase = p + 1;
      c.firstRound = p === 0;
      prepareStep.run(c);
      for (let u = 0; u < 2; u++) this.charging[p]![u] = units[u]!.charging ? 1 : 0;
      for (let u = 0; u < 2; u++) {
        const foe = units[1 - u]!;
        prepareFx(units[u]!, c.firstRound);
        prepareFx(foe, c.firstRound);
        units[u]!.classes.forEach((m, i) => {
          const k = from[u]! + i;
          const weapon = m.loadout.weapon;
          const strength = weaponStrength(m, sweepStrength(m, c.firstRound));
          this.special[p]![k] = m.special ? 1 : 0;
          this.strength[p]![k] = strength;
          this.wound[p]![k] = woundNeed(ruleset, strength, weapon?.woundOn ?? null, tOf(foe.classes[0]!));
          this.reroll[p]![k] = sweepWoundReroll(m, foe, c.firstRound, weapon !== null && weapon.rerollFailedWounds);
          // engine/strike.ts `pendWounds`
          const w = m.special ? weapon : null;
          const monstrous = m.loadout.monstrous && m.special;
          const batch: HitBatch = { count: 1, strength, noArmour: (w?.ignoresArmour ?? false) || monstrous, maxSave: w?.maxSave ?? null, ap: w?.ap ?? null, force: null, cause: 'plain', weapon: null, shot: false };
          this.pain[p]![k] = painNeed(foe.classes[0]!, batch);
        });
      }
    }
  }

  /** The plain pools (`shotPools`, `sweepPools`), from the kernel's casualties and phase tables, with `W` wounds a model per class. */
  plan(cas: Casualties, tables: readonly [PhaseTable, PhaseTable], W: Int32Array): void {
    const from = this.from;
    const n = W.length;
    const plain = (u: number) => cas.oneSave[u] === true && W.subarray(from[u]!, from[u + 1]!).every((w) => w === 1);
    if (this.shooter >= 0 && plain(this.charger)) {
      const v = from[this.charger]!;
      const batches = this.shots.map((s): PlainBatch => ({ strength: s.strength, noArmour: 0, maxSave: 0, ap: s.ap, pain: s.pain, kind: cas.blowsKind(shotsBy(s.c, n)) }));
      this.shotPools = new PlainPools(batches, cas.csv[v]!, cas.cinv[v]!, cas.invAlways, tables[0].saveReroll[v]!, false);
    }
    for (let p = 0; p < 2; p++) {
      const t = tables[p]!;
      for (let u = 0; u < 2; u++) {
        if (this.oneKind[u] !== 1 || !plain(u)) continue;
        const batches: PlainBatch[] = [];
        for (let c = from[1 - u]!; c < from[2 - u]!; c++) {
          batches.push({ strength: this.strength[p]![c]!, noArmour: t.noArmour[c]!, maxSave: t.maxSave[c]!, ap: t.ap[c]!, pain: this.pain[p]![c]!, kind: cas.blowsKind(blowsOf(c, p, false)) });
        }
        this.sweepPools[p * 2 + u] = new PlainPools(batches, cas.csv[from[u]!]!, cas.cinv[from[u]!]!, cas.invAlways, t.saveReroll[from[u]!]!, true);
      }
    }
  }

  /**
   * Overwatch on a plain charger (`shotPools`): its snap shots, then its casualties (`count`
   * written, `alive` its models living): the wounds inflicted; -1 when it is not plain.
   */
  overwatchPlain(chance: Chance, count: Int32Array, alive: number): number {
    const pools = this.shotPools;
    if (pools === null) return -1;
    const shots = this.shots;
    let any = false;
    for (let i = 0; i < shots.length; i++) {
      const s = shots[i]!;
      const wounds = chance.blows(s.shots, 6, s.wound, false, true, REROLL_NONE);
      if (wounds > 0) {
        pools.wounds[pools.poolOf[i]!]! += wounds;
        any = true;
      }
    }
    return any ? pools.take(count, this.from[this.charger]!, this.from[this.charger + 1]!, alive, chance) : 0;
  }

  /**
   * The sweep's hits in phase `p` (0: the first) on unit `u` of one plain kind (`sweepPools`),
   * `alive` of its models living, by the winner's living classes: the wounds inflicted; -1 when
   * it is not plain.
   */
  sweepPlain(p: number, u: number, chance: Chance, count: Int32Array, alive: number): number {
    const pools = this.sweepPools[p * 2 + u]!;
    if (pools === null) return -1;
    const from = this.from[1 - u]!;
    let any = false;
    for (let c = from; c < this.from[2 - u]!; c++) {
      if (count[c] === 0) continue;
      const wounds = chance.blows(count[c]!, AUTO_HIT, this.wound[p]![c]!, false, true, this.reroll[p]![c] as Reroll);
      if (wounds > 0) {
        pools.wounds[pools.poolOf[c - from]!]! += wounds;
        any = true;
      }
    }
    return any ? pools.take(count, this.from[u]!, this.from[u + 1]!, alive, chance) : 0;
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
    const special = this.special[firstRound ? 0 : 1]!;
    const charging = this.charging[firstRound ? 0 : 1]!;
    for (let u = 0; u < 2; u++) {
      units[u]!.charging = charging[u] === 1;
      const cs = units[u]!.classes;
      for (let i = 0; i < cs.length; i++) {
        cs[i]!.count = count[this.from[u]! + i]!;
        cs[i]!.front = front[this.from[u]! + i]!;
        cs[i]!.special = special[this.from[u]! + i] === 1;
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
