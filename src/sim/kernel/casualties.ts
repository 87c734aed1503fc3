// The kernel's casualties: the wounding hits pending on each unit in an Initiative step, and
// the unit's casualties from them. A unit whose models all have one save, struck by no force
// weapon, has them worked out here (every class saves alike, so each batch is one roll, and
// each failure wounds the one wounded model, else the next in the removal order); any other
// unit by the reference's own allocation (engine/allocate.ts), run on the fight state's
// classes with the kernel's counts put into them and read back.
import type { Chance } from '../../dice.js';
import type { PhaseContext, Ruleset } from '../../editions/edition.js';
import { NO_SAVE, type FightState, type ModelClass, type UnitState } from '../../engine/state.js';
import { saveNeed } from './tables.js';

export class Casualties {
  /** per unit: pending batches; its classes are [from[u], from[u + 1]) */
  readonly nPending = new Int32Array(2);
  private readonly perUnit: number;
  private readonly bCount: Int32Array;
  private readonly bStrength: Int32Array;
  private readonly bNoArmour: Uint8Array;
  /** the save's cap (0: none), AP (-1: none), the force weapon's bearers (their group's first class, -1: none) */
  private readonly bMaxSave: Int32Array;
  private readonly bAp: Int32Array;
  private readonly bForce: Int32Array;
  /** the failed saves of a unit's casualties, in the order rolled: how many, of which batch */
  private readonly failed: Int32Array;
  private readonly failedBatch: Int32Array;
  /** per unit: models of one save, struck by no force weapon (worked out here), and that save */
  private readonly fast: Uint8Array;
  private readonly sv: Int32Array;
  private readonly inv: Int32Array;
  private readonly units: readonly UnitState[];
  private readonly classes: readonly ModelClass[];
  private readonly ctx: PhaseContext;

  private readonly W: Int32Array;
  private readonly T: Int32Array;

  /**
   * `count` and `front`: the kernel's living models and wounds left on the first, per class of
   * `state`; `forceFoe`: per unit, whether an enemy strikes with a force weapon
   */
  constructor(state: FightState, private readonly ruleset: Ruleset, private readonly from: Int32Array, private readonly count: Int32Array, private readonly front: Int32Array, forceFoe: readonly boolean[]) {
    this.units = state.units;
    this.classes = state.units.flatMap((u) => u.classes);
    // two per group striking at once (its wounds, its rending wounds)
    this.perUnit = 2 * this.classes.length + 2;
    const all = 2 * this.perUnit;
    this.bCount = new Int32Array(all);
    this.bStrength = new Int32Array(all);
    this.bNoArmour = new Uint8Array(all);
    this.bMaxSave = new Int32Array(all);
    this.bAp = new Int32Array(all);
    this.bForce = new Int32Array(all);
    this.failed = new Int32Array(this.perUnit);
    this.failedBatch = new Int32Array(this.perUnit);
    this.fast = Uint8Array.from(this.units, (u, i) => (!forceFoe[i] && u.classes.every((c) => c.sv === u.classes[0]!.sv && c.inv === u.classes[0]!.inv) ? 1 : 0));
    this.W = Int32Array.from(this.classes, (c) => c.W);
    this.T = Int32Array.from(this.classes, (c) => c.T);
    this.sv = Int32Array.from(this.units, (u) => u.classes[0]!.sv);
    this.inv = Int32Array.from(this.units, (u) => u.classes[0]!.inv);
    this.ctx = { state, phase: 0, firstRound: false, chance: null as unknown as Chance, log: null };
  }

  /** `n` wounding hits on unit `v` (engine/strike.ts `pendWounds`). */
  pend(v: number, n: number, strength: number, noArmour: number, maxSave: number, ap: number, force: number): void {
    const b = v * this.perUnit + this.nPending[v]!++;
    this.bCount[b] = n;
    this.bStrength[b] = strength;
    this.bNoArmour[b] = noArmour;
    this.bMaxSave[b] = maxSave;
    this.bAp[b] = ap;
    this.bForce[b] = force;
  }

  /**
   * Unit `v`'s casualties from its pending hits (`alive` its living models, `wounds` the wounds
   * they have left): the wounds inflicted. Counts and fronts are updated.
   */
  take(v: number, alive: number, wounds: number, chance: Chance): number {
    const nb = this.nPending[v]!;
    this.nPending[v] = 0;
    if (nb === 0 || alive === 0) return 0;
    return this.fast[v] ? this.alike(v, nb, wounds, chance) : this.reference(v, nb, chance);
  }

  /**
   * engine/allocate.ts `allocateWounds` for one armour group whose models all save alike:
   * special attacks first, each batch's saves one roll, each failure taken by the wounded model
   * if there is one, else by the next in the removal order (Instant Death: all its wounds).
   */
  private alike(v: number, nb: number, wounds: number, chance: Chance): number {
    const base = v * this.perUnit;
    const { failed, failedBatch } = this;
    let nFailed = 0;
    const ranks = nb === 1 ? 1 : 3;
    for (let rank = 0; rank < ranks; rank++) {
      for (let k = base; k < base + nb; k++) {
        if (ranks > 1 && this.rank(k) !== rank) continue;
        const need = saveNeed(this.sv[v]!, this.inv[v]!, this.bNoArmour[k] === 1, this.bAp[k]!, this.bMaxSave[k]!);
        // failures past the unit's last wound kill nobody more
        const f = need < NO_SAVE ? chance.saves(this.bCount[k]!, need, wounds) : this.bCount[k]!;
        if (f > 0) {
          failedBatch[nFailed] = k;
          failed[nFailed++] = f;
        }
      }
    }
    const { count, front, W, T } = this;
    const from = this.from[v]!;
    const end = this.from[v + 1]!;
    let inflicted = 0;
    for (let i = 0; i < nFailed; i++) {
      const strength = this.bStrength[failedBatch[i]!]!;
      for (let j = failed[i]!; j > 0; j--) {
        // `casualtyFor`: the wounded model, else the first living one
        let c = -1;
        for (let x = from; x < end; x++) {
          if (count[x] === 0) continue;
          if (front[x]! < W[x]!) {
            c = x;
            break;
          }
          if (c < 0) c = x;
        }
        // nobody left to take them
        if (c < 0) break;
        if (W[c] === 1) {
          // single-wound models: removed at once, as many as the failures left (none is ever wounded)
          const k = Math.min(j, count[c]!);
          count[c]! -= k;
          inflicted += k;
          j -= k - 1;
          continue;
        }
        // Instant Death: a blow of at least twice its Toughness takes all it has left
        if (strength >= 2 * T[c]!) {
          inflicted += front[c]!;
          front[c] = 0;
        } else {
          front[c]!--;
          inflicted++;
        }
        if (front[c] === 0) {
          count[c]!--;
          front[c] = W[c]!;
        }
      }
    }
    return inflicted;
  }

  /** `batchRank`: no armour save first, then limited saves, then ordinary hits. */
  private rank(k: number): number {
    return this.bNoArmour[k] === 1 ? 0 : this.bAp[k]! >= 0 || this.bMaxSave[k]! !== 0 ? 1 : 2;
  }

  /** The reference's allocation, on the fight state's classes of unit `v`. */
  private reference(v: number, nb: number, chance: Chance): number {
    const { classes, count, front } = this;
    const unit = this.units[v]!;
    const from = this.from[v]!;
    const to = this.from[v + 1]!;
    for (let c = from; c < to; c++) {
      classes[c]!.count = count[c]!;
      classes[c]!.front = front[c]!;
    }
    unit.nPending = 0;
    const base = v * this.perUnit;
    for (let k = base; k < base + nb; k++) {
      const force = this.bForce[k]!;
      // the cause and the weapon's name are for the log only
      unit.pend(this.bCount[k]!, this.bStrength[k]!, this.bNoArmour[k] === 1, this.bMaxSave[k] || null, this.bAp[k]! >= 0 ? this.bAp[k]! : null, force >= 0 ? classes[force]! : null, 'plain', null);
    }
    this.ctx.chance = chance;
    const inflicted = this.ruleset.allocate(unit, unit.pending, unit.nPending, this.ctx, this.ruleset);
    unit.nPending = 0;
    for (let c = from; c < to; c++) {
      count[c] = classes[c]!.count;
      front[c] = classes[c]!.front;
    }
    return inflicted;
  }
}
