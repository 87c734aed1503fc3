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
// `gunWrecked` share). What is folded off (the `excess`) is carried beside: each state of the
// graph holds, for each figure, the probability of each excess that reaches it; each edge and
// each ending of the graph holds how much excess it adds. Only the figures' own distributions
// need the excess, one figure at a time (aggregate.ts `BESIDE`), so the figures are carried
// apart, not jointly: the states and their work grow by the sum of their ranges, not the product.
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
  /** the storage of every distribution of what is folded off (`Spreads`) */
  readonly pool = new SpreadPool();
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

/**
 * The storage the excess distributions of one `exact` share (so that slots can be exchanged
 * between them): regions of large arrays of a fixed size, taken one after another and never
 * reused (a distribution that outgrows its region moves to a new one twice as large). A region
 * is a number: its array times 2^20 plus where it starts. Arrays instead of one per slot and
 * figure: tens of thousands of small arrays made and collected took a quarter of the
 * Dreadnought's time; arrays of a fixed size, so that none is ever copied to grow.
 */
export class SpreadPool {
  readonly chunks: Float64Array[] = [new Float64Array(CHUNK)];
  private end = 0;
  /** a region of `len` numbers (at most CHUNK), all 0 */
  take(len: number): number {
    if (len > CHUNK) throw new RangeError(`an excess range of ${len}`);
    // the region in the last array, else at the start of a new one
    if (this.end + len > this.chunks.length * CHUNK) {
      this.end = this.chunks.length * CHUNK;
      this.chunks.push(new Float64Array(CHUNK));
    }
    const at = this.end;
    this.end += len;
    return at;
  }
}

/** the numbers in one array of the pool, and the bits of a region's start within it */
const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;

/**
 * Excess distributions, K per slot (a node, an outcome), each a region of the pool with the range
 * of excesses it gives probability to (`lo` to `hi`, only those are read); `addFrom` moves a
 * slot's, shifted and scaled, onto another (of any Spreads of the same pool).
 */
export class Spreads {
  /** by slot and figure: the region (its start in the pool and its length, 0: none yet) and the range given probability */
  private off = new Int32Array(64);
  private cap = new Int32Array(64);
  private lo = new Int32Array(64);
  private hi = new Int32Array(64);
  constructor(readonly k: number, private readonly pool: SpreadPool) {}

  /** the probability of excess `x` of figure `k` of slot `s` */
  get(s: number, k: number, x: number): number {
    const i = s * this.k + k;
    if (i >= this.off.length || x < this.lo[i]! || x >= this.hi[i]!) return 0;
    const at = this.off[i]!;
    return this.pool.chunks[at >>> CHUNK_BITS]![(at & IN_CHUNK) + x]!;
  }

  /** the excesses of figure `k` of slot `s` given probability: [from, to) */
  from(s: number, k: number): number {
    const i = s * this.k + k;
    return i < this.off.length ? this.lo[i]! : 0;
  }
  to(s: number, k: number): number {
    const i = s * this.k + k;
    return i < this.off.length ? this.hi[i]! : 0;
  }

  /** entry `i` exists */
  private grow(i: number): void {
    let n = this.off.length;
    while (n <= i) n *= 2;
    const g = (a: Int32Array) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.off = g(this.off);
    this.cap = g(this.cap);
    this.lo = g(this.lo);
    this.hi = g(this.hi);
  }

  /** entry `i` (which exists) has room for excesses below `len` */
  private room(i: number, len: number): void {
    const cap = this.cap[i]!;
    if (cap >= len) return;
    const n = Math.max(len, cap * 2, 16);
    const at = this.pool.take(n);
    const chunks = this.pool.chunks;
    const to = chunks[at >>> CHUNK_BITS]!;
    const t = at & IN_CHUNK;
    const old = this.off[i]!;
    const from = chunks[old >>> CHUNK_BITS]!;
    const f = old & IN_CHUNK;
    for (let x = this.lo[i]!; x < this.hi[i]!; x++) to[t + x] = from[f + x]!;
    this.off[i] = at;
    this.cap[i] = n;
  }

  /** probability `q` more at excess `x` of figure `k` of slot `s` */
  private addAt(s: number, k: number, x: number, q: number): void {
    const i = s * this.k + k;
    if (i >= this.off.length) this.grow(i);
    this.room(i, x + 1);
    const at = this.off[i]!;
    this.pool.chunks[at >>> CHUNK_BITS]![(at & IN_CHUNK) + x] += q;
    this.widen(i, x, x + 1);
  }

  private widen(i: number, from: number, to: number): void {
    if (this.hi[i] === 0 && this.lo[i] === 0) {
      this.lo[i] = from;
      this.hi[i] = to;
    } else {
      if (from < this.lo[i]!) this.lo[i] = from;
      if (to > this.hi[i]!) this.hi[i] = to;
    }
  }

  /** the excess of slot `s` is `shift[off + k]` for each figure k, with probability `q` */
  put(s: number, shift: Int32Array, off: number, q: number): void {
    for (let k = 0; k < this.k; k++) this.addAt(s, k, shift[off + k]!, q);
  }

  /** slot `s` of `from` (of the same pool), shifted by `shift[off..]` and times `w`, added to slot `to` */
  addFrom(to: number, from: Spreads, s: number, shift: Int32Array, off: number, w: number): void {
    const K = this.k;
    for (let k = 0; k < K; k++) {
      const j = s * K + k;
      if (j >= from.off.length) return;
      const lo = from.lo[j]!;
      const hi = from.hi[j]!;
      if (hi === 0) continue;
      const x = shift[off + k]!;
      const t = to * K + k;
      if (t >= this.off.length) this.grow(t);
      this.room(t, hi + x);
      const chunks = this.pool.chunks;
      const a = from.off[j]!;
      const b = this.off[t]!;
      const srcA = chunks[a >>> CHUNK_BITS]!;
      const dstA = chunks[b >>> CHUNK_BITS]!;
      const src = a & IN_CHUNK;
      const dst = (b & IN_CHUNK) + x;
      for (let i = lo; i < hi; i++) dstA[dst + i] += w * srcA[src + i]!;
      const tl = this.lo[t]!;
      const th = this.hi[t]!;
      if (th === 0) {
        this.lo[t] = lo + x;
        this.hi[t] = hi + x;
      } else {
        if (lo + x < tl) this.lo[t] = lo + x;
        if (hi + x > th) this.hi[t] = hi + x;
      }
    }
  }

  /** slot `s` emptied */
  clear(s: number): void {
    const K = this.k;
    const chunks = this.pool.chunks;
    for (let k = 0; k < K; k++) {
      const i = s * K + k;
      if (i >= this.off.length) return;
      if (this.hi[i] !== 0) {
        const at = this.off[i]!;
        chunks[at >>> CHUNK_BITS]!.fill(0, (at & IN_CHUNK) + this.lo[i]!, (at & IN_CHUNK) + this.hi[i]!);
      }
      this.lo[i] = this.hi[i] = 0;
    }
  }

  /** slot `a` and slot `b` of `other` (of the same pool) exchanged */
  swap(a: number, other: Spreads, b: number): void {
    const K = this.k;
    for (let k = 0; k < K; k++) {
      const i = a * K + k;
      const j = b * K + k;
      if (i >= this.off.length) this.grow(i);
      if (j >= other.off.length) other.grow(j);
      exchange(this.off, i, other.off, j);
      exchange(this.cap, i, other.cap, j);
      exchange(this.lo, i, other.lo, j);
      exchange(this.hi, i, other.hi, j);
    }
  }
}

/** `a[i]` and `b[j]` exchanged */
function exchange(a: Int32Array, i: number, b: Int32Array, j: number): void {
  const t = a[i]!;
  a[i] = b[j]!;
  b[j] = t;
}
