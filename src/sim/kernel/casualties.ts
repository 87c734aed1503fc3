// The kernel's casualties: the wounding hits pending on each unit in an Initiative step, and
// the unit's casualties from them. A unit whose models all have one save, struck by no force
// weapon, has them worked out here (every class saves alike, so each batch is one roll, and
// each failure wounds the one wounded model, else the next in the removal order); a unit of an
// edition whose wounds form pools (fightphase), every model in base contact, as engine/pools.ts
// does (`pooled`); any other unit by the reference's own allocation (`Ruleset.allocate`), run on
// the fight state's classes with the kernel's counts put into them and read back.
import { suffered216, type Chance } from '../../dice.js';
import type { PhaseContext, Ruleset } from '../../engine/ruleset.js';
import { NO_SAVE, type FightState, type ModelClass, type UnitState } from '../../engine/state.js';
import { saveNeed, type PhaseTable } from './tables.js';
import { goRound, orderGroups, rankOf, segmentAt } from '../../engine/allocate.js';
import { gunOf } from '../../engine/shooting.js';

/** How a unit's casualties are worked out: all its models save alike; several saves; the reference's allocation (a force weapon strikes it); wound pools (fightphase). */
export const ALIKE = 0;
const GROUPS = 1;
const REFERENCE = 2;
export const POOLS = 3;

/** `Casualties.pend`'s `by`: the blows of class `c` under the first phase's table (`p` 0) or a later one's (1), its rending wounds when `rending`. */
export function blowsOf(c: number, p: number, rending: boolean): number {
  return c * 4 + p * 2 + (rending ? 1 : 0);
}

/** `Casualties.pend`'s `by`: the shots of class `c` (waffle's Overwatch, sim/kernel/waffle.ts), of `n` classes in all. */
export function shotsBy(c: number, n: number): number {
  return n * 4 + c;
}

export class Casualties {
  /** per unit: pending batches; its classes are [from[u], from[u + 1]) */
  readonly nPending: Int32Array;
  private readonly perUnit: number;
  private readonly bCount: Int32Array;
  private readonly bStrength: Int32Array;
  private readonly bNoArmour: Uint8Array;
  /** the save's cap (0: none), AP (-1: none), the force weapon's bearers (their group's first class, -1: none) */
  private readonly bMaxSave: Int32Array;
  private readonly bAp: Int32Array;
  private readonly bForce: Int32Array;
  /** the Feel No Pain roll against the batch (abilities.md B4; 0: none) */
  private readonly bPain: Int32Array;
  /**
   * whose blows the batch is (`blowsOf`; -1: not known): what they came from and the weapon's
   * name, which part wound pools, as the first phase's table or a later one's says
   */
  private readonly bBy: Int32Array;
  /** per `by` (`blowsOf`): what the wounds came from and the weapon's name, as a number (-1: none known) */
  private readonly kindOf: Int32Array;
  /** `pooled`'s working arrays: each pool's first batch, its wounds, the chance its wounds get through (216ths); the living classes in line */
  private readonly poolOf: Int32Array;
  private readonly poolCount: Int32Array;
  private readonly poolNeed: Int32Array;
  private readonly line: Int32Array;
  /** per unit, this phase (`usePhase`): its saves' re-roll, and whether it never suffers Instant Death (B2, B5) */
  private readonly reroll: Int32Array;
  private readonly eternal: Uint8Array;
  /** the unit taking its casualties never suffers Instant Death */
  private ew = false;
  /** the failed saves of a unit's casualties, in the order rolled: how many, of which batch */
  private readonly failed: Int32Array;
  private readonly failedBatch: Int32Array;
  /** per unit: how its casualties are worked out (ALIKE, GROUPS, REFERENCE, POOLS), and its first class's save and invulnerable save */
  readonly how: Uint8Array;
  /** per unit: all its models have one save and one invulnerable save, and no force weapon strikes it */
  readonly oneSave: readonly boolean[];
  private readonly sv: Int32Array;
  private readonly inv: Int32Array;
  /** per class: its save and invulnerable save */
  readonly csv: Int32Array;
  readonly cinv: Int32Array;
  /** invulnerable saves against every hit (else only where the hit leaves no armour save or the model has none: srd4) */
  readonly invAlways: boolean;
  /** `groups`' working arrays (engine/state.ts `Scratch`): armour groups, the way round, failures */
  private readonly groupSv: Int32Array;
  private readonly groupCount: Int32Array;
  private readonly seg: Int32Array;
  private readonly segEnd: Int32Array;
  private readonly segHits: Int32Array;
  private readonly segJoined: Int32Array;
  private readonly failedClass: Int32Array;
  private readonly failedNeed: Int32Array;

  private readonly units: readonly UnitState[];
  private readonly classes: readonly ModelClass[];
  private readonly ctx: PhaseContext;

  private readonly W: Int32Array;
  private readonly T: Int32Array;

  /**
   * `count` and `front`: the kernel's living models and wounds left on the first, per class of
   * `state`; `forceFoe`: per unit, whether an enemy strikes with a force weapon
   */
  constructor(state: FightState, private readonly ruleset: Ruleset, private readonly from: Int32Array, private readonly count: Int32Array, private readonly front: Int32Array, forceFoe: readonly boolean[], private readonly tables: readonly [PhaseTable, PhaseTable]) {
    this.units = state.units;
    this.classes = state.units.flatMap((u) => u.classes);
    // two per group striking at once (its wounds, its rending wounds)
    this.perUnit = 2 * this.classes.length + 2;
    const nUnits = state.units.length;
    this.nPending = new Int32Array(nUnits);
    this.reroll = new Int32Array(nUnits);
    this.eternal = new Uint8Array(nUnits);
    const all = nUnits * this.perUnit;
    this.bCount = new Int32Array(all);
    this.bStrength = new Int32Array(all);
    this.bNoArmour = new Uint8Array(all);
    this.bMaxSave = new Int32Array(all);
    this.bAp = new Int32Array(all);
    this.bForce = new Int32Array(all);
    this.bPain = new Int32Array(all);
    this.bBy = new Int32Array(all);
    [this.poolOf, this.poolCount, this.poolNeed] = [0, 0, 0].map(() => new Int32Array(this.perUnit)) as [Int32Array, Int32Array, Int32Array];
    this.line = new Int32Array(this.classes.length);
    const kinds: string[] = [];
    this.kindOf = Int32Array.from({ length: this.classes.length * 5 }, (_, by) => {
      // a shot (`shotsBy`): its gun's, and no blow's (engine/pools.ts `samePool` reads `shot`)
      const shooter = by >= this.classes.length * 4 ? this.classes[by - this.classes.length * 4]! : null;
      const t = tables[by % 4 >> 1]!;
      const c = by >> 2;
      const kind = shooter ? `shot\u0000${gunOf(shooter.spec.wargear, 'overwatch')?.name ?? ''}` : `${(by & 1) === 1 ? 'rending' : t.cause[c]}\u0000${t.weapon[c] ?? ''}`;
      if (!kinds.includes(kind)) kinds.push(kind);
      return kinds.indexOf(kind);
    });
    // a batch's failures are one entry per roll: at most one roll per class
    this.failed = new Int32Array(this.perUnit * (this.classes.length + 1));
    this.failedBatch = new Int32Array(this.perUnit * (this.classes.length + 1));
    // wound pools (fightphase): the kernel's own (`pooled`) but where a force weapon strikes
    const pooled = ruleset.likeHits === 'pooled';
    // every model of the unit with one armour and one invulnerable save
    const alike = this.units.map((u) => u.classes.every((c) => c.sv === u.classes[0]!.sv && c.inv === u.classes[0]!.inv));
    this.how = Uint8Array.from(this.units, (_u, i) => (forceFoe[i] ? REFERENCE : pooled ? POOLS : alike[i] ? ALIKE : GROUPS));
    this.oneSave = this.units.map((_u, i) => !forceFoe[i] && alike[i]!);
    this.csv = Int32Array.from(this.classes, (c) => c.sv);
    this.cinv = Int32Array.from(this.classes, (c) => c.inv);
    const n = this.classes.length;
    [this.groupSv, this.groupCount, this.seg, this.segEnd, this.segHits, this.segJoined] = [0, 0, 0, 0, 0, 0].map(() => new Int32Array(n + 1)) as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
    this.failedClass = new Int32Array(this.perUnit * (n + 1));
    this.failedNeed = new Int32Array(this.perUnit * (n + 1));

    this.W = Int32Array.from(this.classes, (c) => c.W);
    this.T = Int32Array.from(this.classes, (c) => c.T);
    this.sv = Int32Array.from(this.units, (u) => u.classes[0]!.sv);
    this.inv = Int32Array.from(this.units, (u) => u.classes[0]!.inv);
    this.invAlways = !ruleset.invulnerableWhenArmourFails;
    this.ctx = { state, phase: 0, firstRound: false, chance: null as unknown as Chance, log: null, stepsLost: false };
  }

  /** The phase's abilities on saves (its table's, sim/kernel/tables.ts): read from each unit's first class, its models alike (sim/kernel/domain.ts). */
  usePhase(t: PhaseTable): void {
    for (let u = 0; u < this.reroll.length; u++) {
      this.reroll[u] = t.saveReroll[this.from[u]!]!;
      this.eternal[u] = t.eternal[this.from[u]!]!;
    }
  }

  /**
   * `n` wounding hits on unit `v` (engine/strike.ts `pendWounds`), against which it ignores
   * wounds on `pain` (0: none), struck by the blows `by` (`blowsOf`; -1: not known, for a unit
   * whose wounds form no pools)
   */
  pend(v: number, n: number, strength: number, noArmour: number, maxSave: number, ap: number, force: number, pain = 0, by = -1): void {
    const b = v * this.perUnit + this.nPending[v]!++;
    this.bCount[b] = n;
    this.bStrength[b] = strength;
    this.bNoArmour[b] = noArmour;
    this.bMaxSave[b] = maxSave;
    this.bAp[b] = ap;
    this.bForce[b] = force;
    this.bPain[b] = pain;
    this.bBy[b] = by;
  }

  /**
   * Unit `v`'s casualties from its pending hits (`alive` its living models, `wounds` the wounds
   * they have left): the wounds inflicted. Counts and fronts are updated.
   */
  take(v: number, alive: number, wounds: number, chance: Chance): number {
    const nb = this.nPending[v]!;
    this.nPending[v] = 0;
    if (nb === 0 || alive === 0) return 0;
    const how = this.how[v]!;
    this.ew = this.eternal[v] === 1;
    return how === ALIKE ? this.alike(v, nb, wounds, chance) : how === POOLS ? this.pooled(v, nb, chance) : how === GROUPS ? this.groups(v, nb, alive, wounds, chance) : this.reference(v, nb, chance);
  }

  /**
   * engine/pools.ts `allocatePools` for a unit every model of which stands in base contact, whose
   * models save and suffer wounds alike where it has abilities on saves, and no force weapon
   * against it (sim/kernel/domain.ts): the pools in the order taken (the wounds that get through
   * most often, its saves re-rolled and Feel No Pain rolled, first, then the higher Strength),
   * each wound to the model next in line (a wounded model first, then the removal order); the
   * models next in line that save alike roll together, their saves stopping at the failure that
   * kills the last of them unless they are all that is left. The wounds inflicted.
   */
  private pooled(v: number, nb: number, chance: Chance): number {
    const { count, front, W, T, poolOf, poolCount, poolNeed, line, bCount, bStrength, bPain } = this;
    // its abilities on saves this phase (`usePhase`: B2, B4, B5), the same for every model
    const reroll = this.reroll[v]!;
    const ew = this.eternal[v] === 1;
    const from = this.from[v]!;
    const end = this.from[v + 1]!;
    // `nextInLine`: the first wounded living class, else the first living one
    let first = -1;
    for (let x = from; x < end; x++) if (count[x]! > 0 && (first < 0 || (front[x]! < W[x]! && front[first] === W[first]))) first = x;
    if (first < 0) return 0;
    // `pools`: the first batch of each kind stands for it, with every like batch's wounds
    const base = v * this.perUnit;
    let nPools = 0;
    for (let b = base; b < base + nb; b++) {
      let p = 0;
      while (p < nPools && !this.samePool(poolOf[p]!, b)) p++;
      if (p === nPools) {
        poolOf[nPools] = b;
        poolCount[nPools++] = 0;
      }
      poolCount[p]! += bCount[b]!;
    }
    for (let p = 0; p < nPools; p++) poolNeed[p] = suffered216(this.need(first, poolOf[p]!), reroll, bPain[poolOf[p]!]!);
    for (let i = 1; i < nPools; i++) {
      const b = poolOf[i]!;
      const n = poolCount[i]!;
      const need = poolNeed[i]!;
      let j = i - 1;
      while (j >= 0 && (poolNeed[j]! < need || (poolNeed[j] === need && bStrength[poolOf[j]!]! < bStrength[b]!))) {
        poolOf[j + 1] = poolOf[j]!;
        poolCount[j + 1] = poolCount[j]!;
        poolNeed[j + 1] = poolNeed[j]!;
        j--;
      }
      poolOf[j + 1] = b;
      poolCount[j + 1] = n;
      poolNeed[j + 1] = need;
    }
    let inflicted = 0;
    for (let p = 0; p < nPools; p++) {
      const b = poolOf[p]!;
      const strength = bStrength[b]!;
      const pain = bPain[b]!;
      let left = poolCount[p]!;
      while (left > 0) {
        // `lineUp`: the wounded classes, then the others, each in the removal order
        let n = 0;
        for (let x = from; x < end; x++) if (count[x]! > 0 && front[x]! < W[x]!) line[n++] = x;
        for (let x = from; x < end; x++) if (count[x]! > 0 && front[x] === W[x]) line[n++] = x;
        if (n === 0) break;
        const c = line[0]!;
        const need = this.need(c, b);
        // `slays`: Instant Death, unless it has Eternal Warrior
        const slain = W[c]! > 1 && strength >= 2 * T[c]! && !ew;
        let room = 0;
        let k = 0;
        for (; k < n; k++) {
          const d = line[k]!;
          if (this.need(d, b) !== need || (W[d]! > 1 && strength >= 2 * T[d]! && !ew) !== slain) break;
          room += slain ? count[d]! : (count[d]! - 1) * W[d]! + front[d]!;
        }
        let dice: number;
        let failed: number;
        if (need >= NO_SAVE && pain === 0) {
          dice = k === n ? left : left < room ? left : room;
          failed = dice;
        } else if (k === n || left <= room) {
          // a wound ignored (Feel No Pain) is no failure
          dice = left;
          failed = chance.saves(dice, need, room, reroll, pain);
        } else {
          failed = chance.saveUntil(left, need, room, reroll, pain);
          dice = chance.used;
        }
        left -= dice;
        // the failed saves in the order rolled: each to the model next in line until it dies
        for (let j = 0; j < k && failed > 0; j++) {
          const d = line[j]!;
          while (count[d]! > 0 && failed > 0) {
            failed--;
            if (slain) {
              inflicted += front[d]!;
              front[d] = 0;
            } else {
              front[d]!--;
              inflicted++;
            }
            if (front[d] === 0) {
              count[d]!--;
              front[d] = W[d]!;
            }
          }
        }
      }
    }
    return inflicted;
  }

  /** The abilities on saves of the first phase's table (`p` 0) or a later one's (1), for the compiled fight (`usePhase`). */
  phase(p: number): void {
    this.usePhase(this.tables[p]!);
  }

  /** What the wounds of `by` (`blowsOf`) came from and their weapon's name, as a number: pools part by it. */
  blowsKind(by: number): number {
    return this.kindOf[by]!;
  }

  /** Batches `a` and `b` go in one pool (engine/pools.ts `samePool`): the same Strength, AP, special rules, cause and weapon. */
  private samePool(a: number, b: number): boolean {
    return this.bStrength[a] === this.bStrength[b] && this.bAp[a] === this.bAp[b] && this.bNoArmour[a] === this.bNoArmour[b] && this.bMaxSave[a] === this.bMaxSave[b]
      && this.bForce[a] === this.bForce[b] && this.kindOf[this.bBy[a]!] === this.kindOf[this.bBy[b]!];
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
        const need = saveNeed(this.sv[v]!, this.inv[v]!, this.invAlways, this.bNoArmour[k] === 1, this.bAp[k]!, this.bMaxSave[k]!);
        // failures past the unit's last wound kill nobody more; a wound ignored (Feel No Pain) is no failure
        const pain = this.bPain[k]!;
        const reroll = this.reroll[v]!;
        const f = need < NO_SAVE || pain > 0 ? chance.saves(this.bCount[k]!, need, wounds, reroll, pain) : this.bCount[k]!;
        if (f > 0) {
          failedBatch[nFailed] = k;
          failed[nFailed++] = f;
        }
      }
    }
    const { count, front, W } = this;
    const from = this.from[v]!;
    const end = this.from[v + 1]!;
    this.inflicted = 0;
    for (let i = 0; i < nFailed; i++) {
      const strength = this.bStrength[failedBatch[i]!]!;
      for (let j = failed[i]!; j > 0;) {
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
        j -= this.takeOn(c, j, strength);
      }
    }
    return this.inflicted;
  }

  /** the wounds inflicted by the failures taken so far (`takeOn`) */
  private inflicted = 0;

  /**
   * Class `c`'s first model takes one of `j` failed saves against Strength `strength` (a model of
   * a single-wound class takes as many as there are models, none of them ever wounded):
   * `takeWound` and Instant Death. Returns how many it took; `inflicted` counts the wounds.
   */
  private takeOn(c: number, j: number, strength: number): number {
    const { count, front, W } = this;
    if (W[c] === 1) {
      const k = Math.min(j, count[c]!);
      count[c]! -= k;
      this.inflicted += k;
      return k;
    }
    // Instant Death: a blow of at least twice its Toughness takes all it has left (not from an eternal warrior)
    if (strength >= 2 * this.T[c]! && !this.ew) {
      this.inflicted += front[c]!;
      front[c] = 0;
    } else {
      front[c]!--;
      this.inflicted++;
    }
    if (front[c] === 0) {
      count[c]!--;
      front[c] = W[c]!;
    }
    return 1;
  }

  /**
   * engine/allocate.ts `allocateWounds` for a unit of several saves: armour groups in the order
   * hits reach them, hits going round the models of each batch (one to every model before any
   * takes a second), each class's share saved with the classes that save alike in one roll;
   * then each failure taken by a model of its armour group that saves alike (the wounded one
   * first), else by the next of its group.
   */
  private groups(v: number, nb: number, n: number, wounds: number, chance: Chance): number {
    const { count, csv, seg, segEnd, segHits, segJoined, groupSv, failed, failedBatch, failedClass, failedNeed } = this;
    const from = this.from[v]!;
    const end = this.from[v + 1]!;
    const groups = this.armourOrder(from, end, n);
    let nSeg = 0;
    let at = 0;
    for (let g = 0; g < groups; g++) {
      for (let c = from; c < end; c++) {
        if (count[c] === 0 || csv[c] !== groupSv[g]) continue;
        at += count[c]!;
        seg[nSeg] = c;
        segEnd[nSeg++] = at;
      }
    }
    const base = v * this.perUnit;
    let nFailed = 0;
    at = 0;
    const ranks = nb === 1 ? 1 : 3;
    for (let rank = 0; rank < ranks; rank++) {
      for (let b = base; b < base + nb; b++) {
        if (ranks > 1 && this.rank(b) !== rank) continue;
        const first = segmentAt(segEnd, at);
        at = goRound(segEnd, segHits, nSeg, at, this.bCount[b]!, n);
        for (let j = 0; j < nSeg; j++) {
          const kk = (first + j) % nSeg;
          if (segHits[kk] === 0) continue;
          const c = seg[kk]!;
          const need = this.need(c, b);
          let dice = 0;
          let nJoined = 0;
          for (let j2 = j; j2 < nSeg; j2++) {
            const k2 = (first + j2) % nSeg;
            if (segHits[k2] === 0 || (j2 > j && (csv[seg[k2]!] !== csv[c] || !this.savesAlike(seg[k2]!, c, b, need)))) continue;
            segJoined[nJoined++] = k2;
            dice += segHits[k2]!;
          }
          const f = need < NO_SAVE ? chance.saves(dice, need, wounds) : dice;
          if (f > 0) {
            failedBatch[nFailed] = b;
            failedClass[nFailed] = c;
            failedNeed[nFailed] = need;
            failed[nFailed++] = f;
          }
          for (let t = 1; t < nJoined; t++) segHits[segJoined[t]!] = 0;
        }
      }
    }
    this.inflicted = 0;
    for (let i = 0; i < nFailed; i++) this.wound(from, end, failedBatch[i]!, failedClass[i]!, failedNeed[i]!, failed[i]!);
    return this.inflicted;
  }

  /** The failures `j` of saves that class `rolled` made needing `need` against batch `b` (`casualtyFor`), taken: `inflicted` counts the wounds. */
  private wound(from: number, end: number, b: number, rolled: number, need: number, j: number): void {
    const { count, front, W, csv } = this;
    const strength = this.bStrength[b]!;
    const sv = csv[rolled]!;
    while (j > 0) {
      // of its armour group, the first wounded model that saves alike, else the first that saves alike, else the first wounded, else the first
      let alike = -1;
      let any = -1;
      let c = -1;
      for (let x = from; x < end; x++) {
        if (count[x] === 0 || csv[x] !== sv) continue;
        const wounded = front[x]! < W[x]!;
        if (this.savesAlike(x, rolled, b, need)) {
          if (wounded) {
            c = x;
            break;
          }
          if (alike < 0) alike = x;
        }
        if (any < 0 || (wounded && front[any] === W[any])) any = x;
      }
      if (c < 0) c = alike >= 0 ? alike : any;
      // nobody left to take them
      if (c < 0) break;
      j -= this.takeOn(c, j, strength);
    }
  }

  /** The roll a model of class `c` needs against batch `b` (`saveNeeded`). */
  private need(c: number, b: number): number {
    return saveNeed(this.csv[c]!, this.cinv[c]!, this.invAlways, this.bNoArmour[b] === 1, this.bAp[b]!, this.bMaxSave[b]!);
  }

  /** Class `c` saves against batch `b` as `rolled` does, needing `need`: the same roll, armour or invulnerable (`saves`, `saveKind`). */
  private savesAlike(c: number, rolled: number, b: number, need: number): boolean {
    return this.need(c, b) === need && this.kind(c, b, need) === this.kind(rolled, b, need);
  }

  /** 0 no save, 1 armour, 2 invulnerable (`saveKind`). */
  private kind(c: number, b: number, need: number): number {
    if (need >= NO_SAVE) return 0;
    return need === this.cinv[c] && need < saveNeed(this.csv[c]!, NO_SAVE, true, this.bNoArmour[b] === 1, this.bAp[b]!, this.bMaxSave[b]!) ? 2 : 1;
  }

  /** `armourOrder`: the saves of the living models of classes [from, end) in the order hits reach them (in `groupSv`); how many. */
  private armourOrder(from: number, end: number, n: number): number {
    const { groupSv, groupCount, count, csv } = this;
    let groups = 0;
    for (let c = from; c < end; c++) {
      if (count[c] === 0) continue;
      let g = 0;
      while (g < groups && groupSv[g] !== csv[c]) g++;
      if (g === groups) {
        groupSv[groups] = csv[c]!;
        groupCount[groups++] = 0;
      }
      groupCount[g]! += count[c]!;
    }
    return orderGroups(groupSv, groupCount, groups, n, this.ruleset.saveTie);
  }

  /** `batchRank` of batch `k` (AP -1 and cap 0: none). */
  private rank(k: number): number {
    return rankOf(this.bNoArmour[k] === 1, this.bAp[k]! >= 0 || this.bMaxSave[k]! !== 0);
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
    // one unit a side: a psyker's wounds on it are all taken here, once in a phase (his test is to come)
    for (let c = 0; c < classes.length; c++) classes[c]!.psychicUsed = false;
    unit.nPending = 0;
    const base = v * this.perUnit;
    for (let k = base; k < base + nb; k++) {
      const force = this.bForce[k]!;
      // the cause and the weapon's name: for the log, and they part wound pools (engine/pools.ts `samePool`)
      const by = this.bBy[k]!;
      const t = this.tables[by < 0 ? 0 : by % 4 >> 1]!;
      const c = by >> 2;
      const cause = by < 0 ? 'plain' : (by & 1) === 1 ? 'rending' : t.cause[c]!;
      const weapon = by < 0 ? null : t.weapon[c]!;
      unit.pend(this.bCount[k]!, this.bStrength[k]!, this.bNoArmour[k] === 1, this.bMaxSave[k] || null, this.bAp[k]! >= 0 ? this.bAp[k]! : null, force >= 0 ? classes[force]! : null, cause, weapon);
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
