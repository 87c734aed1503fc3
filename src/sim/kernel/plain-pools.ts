// Wound pools on a unit of single-wound models of one save, where the batches that may be
// pending are known before the fight (waffle's Overwatch and sweep hits, sim/kernel/waffle.ts):
// as the compiled fight's inline pools (sim/kernel/compile.ts `pools`), every model is next in
// line alike, so each pool is one roll against the models living, its failures models in the
// removal order. The batches of one kind (Strength, AP, special rules, cause and weapon) go in
// one pool; the pools whose wounds get through most often first, then the higher Strength, then
// as first listed (engine/pools.ts `pools`, as sim/kernel/casualties.ts `pooled` orders them).
import { suffered216, type Chance } from '../../dice.js';
import { NO_SAVE } from '../../engine/state.js';
import { saveNeed } from './tables.js';

/** One batch that may be pending: how it is saved, and its kind (what parts pools). */
export interface PlainBatch {
  strength: number;
  noArmour: number;
  maxSave: number;
  ap: number;
  pain: number;
  kind: number;
}

export class PlainPools {
  /** per batch (as listed): its pool, in the order taken */
  readonly poolOf: Int32Array;
  /** per pool: the wounds pending, the save needed, the Feel No Pain roll (0: none) */
  readonly wounds: Int32Array;
  private readonly need: Int32Array;
  private readonly pain: Int32Array;

  /** `batches` on a unit of save `sv`, invulnerable save `inv` (`invAlways`), re-rolling its saves `reroll`; `rollsPastLast`: a pool is rolled when nobody is left */
  constructor(batches: readonly PlainBatch[], sv: number, inv: number, invAlways: boolean, private readonly reroll: number, private readonly rollsPastLast: boolean) {
    const key = (b: PlainBatch) => `${b.strength} ${b.noArmour} ${b.maxSave} ${b.ap} ${b.kind}`;
    const needOf = (b: PlainBatch) => saveNeed(sv, inv, invAlways, b.noArmour === 1, b.ap, b.maxSave);
    const kinds: PlainBatch[] = [];
    for (const b of batches) if (!kinds.some((k) => key(k) === key(b))) kinds.push(b);
    // a stable sort: ties keep the order first listed
    const through = (b: PlainBatch) => suffered216(needOf(b), reroll, b.pain);
    const order = [...kinds].sort((x, y) => through(y) - through(x) || y.strength - x.strength);
    this.poolOf = Int32Array.from(batches, (b) => order.findIndex((k) => key(k) === key(b)));
    this.wounds = new Int32Array(order.length);
    this.need = Int32Array.from(order, needOf);
    this.pain = Int32Array.from(order, (b) => b.pain);
  }

  /**
   * The pending wounds' casualties on the unit whose classes are [from, to) of `count`, `alive`
   * models living: the wounds inflicted (each a model). The pending wounds are cleared.
   */
  take(count: Int32Array, from: number, to: number, alive: number, chance: Chance): number {
    const { wounds, need, pain, reroll } = this;
    let inflicted = 0;
    for (let p = 0; p < wounds.length; p++) {
      const m = wounds[p]!;
      if (m === 0) continue;
      wounds[p] = 0;
      // a sweep's pool finds nobody left but is rolled all the same (engine/sweep-hits.ts `atRandom`), other pools not at all (engine/pools.ts)
      if (alive === 0 && !this.rollsPastLast) continue;
      let r = need[p]! < NO_SAVE || pain[p] !== 0 ? chance.saves(m, need[p]!, alive, reroll, pain[p]) : m;
      if (r > alive) r = alive;
      alive -= r;
      inflicted += r;
      for (let c = from; c < to && r > 0; c++) {
        const q = r < count[c]! ? r : count[c]!;
        count[c]! -= q;
        r -= q;
      }
    }
    return inflicted;
  }
}
