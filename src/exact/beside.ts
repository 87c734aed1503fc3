// Figures that are only reported, never read by a later die, carried beside the states of the
// later phases in `exact` rather than in them: the wounds each side inflicted over the fight and,
// for each vehicle or walker, its glancing hits, penetrating hits and gun wrecked results
// (vehicles.md V14). A walker fought to resolution takes these phase after phase, and each
// distinct count made its own state: a Dreadnought against Boyz outgrew 10 million states in
// the later phases with them, and needs 30,000 without them.
//
// A state keeps each of them folded to what still matters (`canon`): the totals 0; glancing and
// penetrating hits 0 or 1 (whether the vehicle was harmed: the `unharmed` share); gun wrecked
// results up to the walker's weapons that can be lost, and at least 1 (its loadout, the
// `gunWrecked` share). What is folded off (the `excess`) is carried beside: each edge and each
// ending of the graph holds how much excess it adds, and the distribution of the excess is moved
// from each phase's starts to the next's (exact/beside-flow.ts). Only the figures' own
// distributions need the excess, one figure at a time (aggregate.ts `BESIDE`), so the figures
// are carried apart, not jointly: the work grows by the sum of their ranges, not the product.
//
// A fight without a vehicle carries the two totals only where that pays: in many fights the
// totals follow from the models left (every wound a model's last), and carrying them costs work
// on every edge for no fewer states; where they do not (a fight with wounds that kill nobody,
// with models of several wounds, with wounds lost past the last model), each distinct pair of
// totals made its own states. So `exact` looks at the states that start the second phase (a few
// thousand at most) both ways, and carries the totals beside when folding them at least halves
// their number (`worthCarrying`); else it drops them (`drop`) and the states keep their totals
// as before. Measured on boyz-charge-into-overwatch under waffle: 4,551 starts fold to 837, and
// the graph to 101,235 nodes from 509,058; on berserkers-vs-crusaders the 583 starts stay 583.
import type { FightOutcome } from '../engine/fight.js';
import type { Combat } from '../engine/steps.js';
import type { VehicleState } from '../engine/vehicle-state.js';
import type { Limits } from '../report/aggregate.js';

/** the figures of each vehicle, after the two totals */
const PER_VEHICLE = 3;

/** A fight without a vehicle carries its totals beside when folding them leaves at most this share of the second phase's starts (tests set it: 1 always, -1 never). */
export const carrying = { share: 0.5 };

export class Beside {
  /** how many figures are carried (0: none, a fight without a vehicle whose totals are not worth carrying) */
  k: number;
  /** a fight without a vehicle: whether its totals are carried is decided by the second phase's starts (`worthCarrying`) */
  readonly optional: boolean;
  /** what the last fold took off each figure */
  readonly shift: Int32Array;
  /** the vehicles, by their unit's place in the fight (the outcome's `units`) */
  private readonly at: number[];
  private readonly vehicles: VehicleState[];
  private readonly gunCap: number[];

  constructor(c: Combat, limits: Limits) {
    this.at = (limits.vehicles ?? []).map((v) => v.unit);
    this.vehicles = this.at.map((i) => c.state.units[i]!.vehicle!);
    this.gunCap = this.vehicles.map((v) => Math.max(1, v.loadouts.length - 1));
    this.k = 2 + PER_VEHICLE * this.at.length;
    this.optional = this.at.length === 0;
    this.shift = new Int32Array(this.k);
  }

  /** Whether folding the totals pays: the second phase's starts, `folded` distinct with them folded and `whole` distinct without. */
  static worthCarrying(folded: number, whole: number): boolean {
    return folded <= carrying.share * whole;
  }

  /** (a fight without a vehicle) the totals not carried: the states keep them */
  drop(): void {
    this.k = 0;
  }

  /** The totals the last fold took off the combat put back (the state as it was before `fold`). */
  unfold(c: Combat): void {
    const t = c.out.totalWounds;
    t.attacker += this.shift[0]!;
    t.defender += this.shift[1]!;
  }

  /** figure `k`'s value `v` folded */
  private canon(k: number, v: number): number {
    if (k < 2) return 0;
    const f = (k - 2) % PER_VEHICLE;
    return f < 2 ? Math.min(v, 1) : Math.min(v, this.gunCap[Math.floor((k - 2) / PER_VEHICLE)]!);
  }

  /** The combat's figures folded (before it is saved), what was taken off in `shift`. */
  fold(c: Combat): void {
    if (this.k === 0) return;
    const t = c.out.totalWounds;
    this.shift[0] = t.attacker;
    this.shift[1] = t.defender;
    t.attacker = t.defender = 0;
    for (let i = 0; i < this.vehicles.length; i++) {
      const v = this.vehicles[i]!;
      const k = 2 + PER_VEHICLE * i;
      this.shift[k] = v.glancing - (v.glancing = this.canon(k, v.glancing));
      this.shift[k + 1] = v.penetrating - (v.penetrating = this.canon(k + 1, v.penetrating));
      this.shift[k + 2] = v.gunsWrecked - (v.gunsWrecked = this.canon(k + 2, v.gunsWrecked));
    }
  }

  /** The outcome's figures folded, what was taken off in `shift`. */
  foldOutcome(o: FightOutcome): void {
    for (let k = 0; k < this.k; k++) {
      const v = this.valueOf(o, k);
      const folded = this.canon(k, v);
      this.shift[k] = v - folded;
      this.set(o, k, folded);
    }
  }

  /** figure `k` of the outcome `o` */
  valueOf(o: FightOutcome, k: number): number {
    if (k === 0) return o.totalWounds.attacker;
    if (k === 1) return o.totalWounds.defender;
    const d = o.units[this.at[Math.floor((k - 2) / PER_VEHICLE)]!]!.vehicle!;
    const f = (k - 2) % PER_VEHICLE;
    return f === 0 ? d.glancing : f === 1 ? d.penetrating : d.gunsWrecked;
  }

  private set(o: FightOutcome, k: number, v: number): void {
    if (k === 0) o.totalWounds.attacker = v;
    else if (k === 1) o.totalWounds.defender = v;
    else {
      const d = o.units[this.at[Math.floor((k - 2) / PER_VEHICLE)]!]!.vehicle!;
      const f = (k - 2) % PER_VEHICLE;
      if (f === 0) d.glancing = v;
      else if (f === 1) d.penetrating = v;
      else d.gunsWrecked = v;
    }
  }
}
