// The enumerating chance of `exact`: instead of rolling, each call takes one of its outcomes,
// the one the current path chooses, and multiplies the path's probability by that outcome's.
// The driver (exact/exact.ts) replays an atom of the fight once per path, moving to the next
// path with `nextPath` until every combination of outcomes has been fought once. Outcomes are
// the rules' own: how many of n dice succeed (binomial), with how many 6s when the rule asks
// (multinomial), a group's blows as the wounds and rending wounds they cause (multinomial, with
// no path per number of hits), a sum or the highest of k dice, a Leadership test passed or
// failed, one die, a Final Blow chain, the hits a spread puts on each class (their laws:
// exact/laws.ts).
import { AUTO_HIT, REROLL_FAILED, REROLL_NONE, rerollShare, spreadDigits, spreadStart, type Reroll } from '../dice.js';
import { dieCode, joinCodes, penetrationChances } from '../armour.js';
import { NO_SAVE } from '../engine/state.js';
import type { Blow, Chance } from '../dice.js';
import { grouped } from '../report/numbers.js';
import { MAX_DICE, MAX_DICE_WITH_SIXES, MAX_SAVES, MAX_SPREAD, tooLarge } from './budget.js';
import { binomialOutcomes, blowOutcomes, chainOutcomes, diceOutcomes, raceOutcomes, saveDice, saveDiceGiven, savesOutcomes, sufferChance, spreadOutcomes, spreadWays, sweepOutcomes, testOutcomes, untilOutcomes, type BlowLaw, type Outcomes } from './laws.js';

export class EnumChance implements Chance {
  /** what the last blows gave besides the wounds: the automatic wounds (hits and faces are for the log, which exact keeps none of) */
  readonly blow: Blow = { hits: 0, autoWounds: 0, hitFaces: null, woundFaces: null, rerollFaces: null, hitRerollFaces: null };
  /** `where`: the scenario, named when a roll is too large to list */
  constructor(private readonly where: string) {}
  readonly enumerates = true;

  sixes = 0;
  readonly faces = null;
  /** dice the rules rolled in this replay */
  rolled = 0;
  /** the probability of the outcomes taken in this replay */
  prob = 1;
  /** the path: at each of its first `depth` calls, the outcome taken and how many the call had */
  private readonly path: number[] = [];
  private readonly width: number[] = [];
  private depth = 0;
  private at = 0;
  /** outcome tables by call kind and size (built once per exact run) */
  private readonly tables = new Map<number, Outcomes>();

  /** the calls made in this replay so far */
  get calls(): number {
    return this.at;
  }

  /** start replaying the current path */
  restart(): void {
    this.at = 0;
    this.prob = 1;
    this.rolled = 0;
  }

  /** After `nextPath`: the first call whose outcome differs from the last path's. */
  get changed(): number {
    return this.depth - 1;
  }

  /**
   * Go on replaying the current path from its call `at`, with the probability and dice of the
   * calls before it (as the last path had them there: the same outcomes, `changed` >= `at`).
   */
  resume(at: number, prob: number, rolled: number): void {
    this.at = at;
    this.prob = prob;
    this.rolled = rolled;
  }

  /** forget every path: the next replay takes the first outcome of every call */
  reset(): void {
    this.depth = 0;
  }

  /** After a replay: the next path (the last call with an outcome left takes it); false when every path was fought. */
  nextPath(): boolean {
    for (let i = this.at - 1; i >= 0; i--) {
      if (this.path[i]! + 1 < this.width[i]!) {
        this.path[i]!++;
        this.depth = i + 1;
        return true;
      }
    }
    return false;
  }

  /** the outcome the last call took */
  private taken = 0;

  private take(o: Outcomes): number {
    let i = 0;
    if (this.at < this.depth) i = this.path[this.at]!;
    else this.path[this.at] = 0;
    this.width[this.at++] = o.values.length;
    this.prob *= o.p[i]!;
    this.sixes = o.sixes[i]!;
    this.taken = i;
    return o.values[i]!;
  }

  private table(key: number, make: () => Outcomes): Outcomes {
    let t = this.tables.get(key);
    if (!t) this.tables.set(key, (t = make()));
    return t;
  }

  test(n: number, need: number, withSixes = false): number {
    this.sixes = 0;
    if (need <= 0 || n <= 0) return 0;
    this.rolled += n;
    if (need > 6) return 0;
    if (n > (withSixes ? MAX_DICE_WITH_SIXES : MAX_DICE)) tooLarge(this.where, `a roll of ${n} dice${withSixes ? ' with their 6s counted' : ''}`);
    const want = Math.max(1, need);
    return this.take(this.table(((n * 8 + want) * 2 + (withSixes ? 1 : 0)) * 4, () => testOutcomes(n, want, withSixes)));
  }

  /**
   * Blows as one call (Chance.blows), drawn from their joint law: no path for the number of hits
   * on the way, only for what reaches the target. The dice counted are their expectation given
   * the call (the hits that roll to wound, the failures re-rolled), which is what the expected
   * dice of the fight add up from.
   */
  blows(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit: Reroll = REROLL_NONE): number {
    const l = this.law(n, hit, wound, rending, autoWound, reroll, rerollHit);
    if (!l) return 0;
    this.rolled += n * l.dice;
    const wounds = this.take(this.blowTable(n, l));
    this.blow.autoWounds = this.sixes;
    this.sixes = 0;
    return wounds;
  }
  private readonly blowTables = new Map<number, Outcomes>();

  /**
   * One attack's law as `blows` reads it, for a roll of `n` (named when too large to list), with
   * `blow` and `sixes` cleared; null when none can wound (the dice counted when some are rolled).
   */
  private law(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit: Reroll = REROLL_NONE): BlowLaw | null {
    this.blow.hits = this.blow.autoWounds = 0;
    this.sixes = 0;
    if (hit <= 0 || n <= 0) return null;
    if (hit > 6) {
      this.rolled += n;
      return null;
    }
    // an automatic hit (waffle's A) rolls no die and rends nothing
    const automatic = hit === AUTO_HIT;
    const auto = rending && autoWound && !automatic;
    if (n > (auto ? MAX_DICE_WITH_SIXES : MAX_DICE)) tooLarge(this.where, `a roll of ${n} dice${auto ? ' with their 6s counted' : ''}`);
    const want = Math.max(1, hit);
    const ph = (7 - want) / 6;
    // the chance a die to hit is rolled again (abilities.md B2): every failure, or a 1 (a 2+ fails only on a 1)
    const hitAgain = automatic ? 0 : rerollShare(ph, want, rerollHit);
    // hit on the first roll or on the re-roll; a 6 on either rends
    const pAuto = auto ? (1 + hitAgain) / 6 : 0;
    const pToRoll = (hitAgain > 0 ? ph * (1 + hitAgain) : ph) - pAuto;
    const pw = wound <= 0 || wound > 6 ? 0 : (7 - Math.max(1, wound)) / 6;
    const woundAgain = wound <= 0 ? 0 : rerollShare(pw, wound, reroll);
    // (written as before the re-rolls of hits, so that the figures of fights without them stay the same to the last bit)
    const dice = (automatic ? 0 : 1) + hitAgain + (wound > 0 ? pToRoll : 0) + (woundAgain > 0 ? pToRoll * woundAgain : 0);
    const pWound = withReroll(pw, wound, reroll, woundAgain);
    const again = woundAgain > 0 ? reroll : REROLL_NONE;
    const key = (((((want * 8 + Math.min(7, Math.max(0, wound))) * 2 + (auto ? 1 : 0)) * 3 + again) * 3) + (hitAgain > 0 ? rerollHit : REROLL_NONE));
    return { pToRoll, pWound, pAuto, key, dice };
  }

  private blowTable(n: number, l: BlowLaw): Outcomes {
    const key = l.key * 2048 + n;
    let t = this.blowTables.get(key);
    if (!t) this.blowTables.set(key, (t = blowOutcomes(n, l.pToRoll, l.pWound, l.pAuto)));
    return t;
  }

  /** Of `failed` failures needing `need`, how many are 1s: Binomial(failed, 1/(need - 1)); no die rolled. */
  ones(failed: number, need: number): number {
    if (failed <= 0) return 0;
    if (need <= 2) return failed;
    const key = failed * 8 + need;
    let t = this.onesTables.get(key);
    if (!t) this.onesTables.set(key, (t = binomialOutcomes(failed, 1 / (need - 1))));
    return this.take(t);
  }
  private readonly onesTables = new Map<number, Outcomes>();

  /** the attacks after the first link of the last `chain`, as their expectation given its outcome */
  chained = 0;
  /** the links a chain's law took to work out (each a roll of the budget; once per kind of chain) */
  worked = 0;

  /**
   * Final Blow's chain as one call (Chance.chain): its wounds and automatic wounds drawn from
   * their law, worked out once per kind of chain (`chainOutcomes`).
   */
  chain(n: number, hit: number, wound: number, rending: boolean, autoWound: boolean, reroll: Reroll, rerollHit: Reroll = REROLL_NONE): number {
    this.chained = 0;
    const l = this.law(n, hit, wound, rending, autoWound, reroll, rerollHit);
    if (!l) return 0;
    const key = l.key * 2048 + n;
    let t = this.chainTables.get(key);
    if (!t) {
      const law = chainOutcomes(n, l, (k) => this.blowTable(k, l));
      this.worked += law.links;
      this.chainTables.set(key, (t = law.outcomes));
    }
    const wounds = this.take(t);
    this.blow.autoWounds = this.sixes;
    this.sixes = 0;
    this.chained = t.chained![this.taken]!;
    this.rolled += t.dice![this.taken]!;
    return wounds;
  }
  private readonly chainTables = new Map<number, Outcomes>();

  sum(k: number): number {
    this.rolled += k;
    return k <= 0 ? 0 : this.take(this.table(k * 4 + 1, () => diceOutcomes(k, false)));
  }

  second = 0;
  readonly secondFaces = null;
  /** the difference alone, by its law, as sums of a and b dice that make it (the smallest first sum that can) */
  race(a: number, b: number): number {
    if (a <= 0 || b <= 0) throw new Error('a race needs dice on both sides');
    this.rolled += a + b;
    if (a + b > MAX_DICE) tooLarge(this.where, `a roll of ${a + b} dice`);
    const key = a * 2048 + b;
    let t = this.raceTables.get(key);
    if (!t) this.raceTables.set(key, (t = raceOutcomes(a, b)));
    const d = this.take(t);
    const first = Math.max(a, b - d);
    this.second = first + d;
    return first;
  }
  private readonly raceTables = new Map<number, Outcomes>();

  highest(k: number): number {
    this.rolled += k;
    return k <= 0 ? 0 : this.take(this.table(k * 4 + 2, () => diceOutcomes(k, true)));
  }

  leadership(ld: number): boolean {
    this.rolled += 2;
    const o = this.table((ld + 64) * 4 + 3, () => {
      // of the 36 ways two dice fall, how many come to ld or less
      let ways = 0;
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= ld) ways++;
      const out: Outcomes = { values: [], sixes: [], p: [] };
      if (ways > 0) out.values.push(1), out.sixes.push(0), out.p.push(ways / 36);
      if (ways < 36) out.values.push(0), out.sixes.push(0), out.p.push((36 - ways) / 36);
      return out;
    });
    return this.take(o) === 1;
  }

  die(): number {
    return this.sum(1);
  }

  readonly saveFx = null;
  /** failures of saves (with a re-roll or Feel No Pain: wounds suffered), those from `lethal` on as one outcome (Chance.saves) */
  saves(n: number, need: number, lethal: number, reroll = 0, pain = 0): number {
    this.sixes = 0;
    if (n <= 0) return 0;
    const fx = reroll !== 0 || pain !== 0;
    this.rolled += fx ? n * saveDice(need, reroll, pain) : n;
    const cap = Math.max(1, Math.min(lethal, n + 1));
    // outcomes are at most `cap` + 1 whatever the dice (a Final Blow chain's tail can make thousands of wounds)
    if (cap > MAX_DICE || n > MAX_SAVES) tooLarge(this.where, `a roll of ${n} dice`);
    const key = ((n * 8 + need) * 2048 + cap) * 32 + reroll + 4 * pain;
    let t = this.savesTables.get(key);
    if (!t) this.savesTables.set(key, (t = fx ? savesOutcomes(n, need, cap, sufferChance(need, reroll, pain)) : savesOutcomes(n, need, cap)));
    return this.take(t);
  }
  private readonly savesTables = new Map<number, Outcomes>();

  used = 0;
  /** the law of (failures, dice used) of saves stopped at the `room`-th failure: one call, at most n + 1 outcomes */
  saveUntil(n: number, need: number, room: number, reroll = 0, pain = 0): number {
    if (n > MAX_DICE) tooLarge(this.where, `a roll of ${n} dice`);
    const fx = reroll !== 0 || pain !== 0;
    const r = Math.min(room, n + 1);
    const key = ((n * 8 + need) * 2048 + r) * 32 + reroll + 4 * pain;
    let t = this.untilTables.get(key);
    if (!t) this.untilTables.set(key, (t = fx ? untilOutcomes(n, need, r, sufferChance(need, reroll, pain)) : untilOutcomes(n, need, r)));
    const failed = this.take(t);
    // the outcome's `sixes` slot holds the dice used (with a re-roll or Feel No Pain: the wounds rolled for)
    this.used = this.sixes;
    this.sixes = 0;
    if (fx) {
      // the dice of a wound suffered, and of one not, as expected given which it was
      const [dS, dN] = saveDiceGiven(need, reroll, pain);
      this.rolled += failed * dS + (this.used - failed) * dN;
    } else this.rolled += this.used;
    return failed;
  }
  private readonly untilTables = new Map<number, Outcomes>();

  /**
   * Every way the `k` hits can fall on the classes that have models, with its multinomial chance
   * (Chance.spread), worked out once per kind of spread; its outcomes count as rolls of the
   * budget as a chain's links do. The dice counted are `spreadDigits`' m for each hit, as `sim`
   * counts them.
   */
  spread(k: number, counts: ArrayLike<number>, n: number, into: number[]): void {
    const models = spreadStart(k, counts, n, into);
    if (models < 0) return;
    this.rolled += spreadDigits(models) * k;
    const living: number[] = [];
    for (let i = 0; i < n; i++) if (counts[i]! > 0) living.push(counts[i]!);
    const key = `${k}:${living.join(',')}`;
    let t = this.spreadTables.get(key);
    if (!t) {
      const ways = spreadWays(k, living.length);
      if (ways > MAX_SPREAD) tooLarge(this.where, `${k} hits spread at random over ${living.length} kinds of model: ${grouped(Math.round(ways))} ways`);
      t = spreadOutcomes(k, living);
      this.worked += t.values.length;
      this.spreadTables.set(key, t);
    }
    const i = this.take(t);
    this.sixes = 0;
    const parts = t.parts!;
    for (let j = 0, at = i * living.length; j < n; j++) if (counts[j]! > 0) into[j] = parts[at++]!;
  }
  private readonly spreadTables = new Map<string, Outcomes>();

  /**
   * A sweep's hits spread, wounded and saved as one call (Chance.sweepUnsaved), drawn from their
   * law: each hit is an unsaved wound on kind j with the chance it falls there, wounds and fails
   * its save. Worked out once per kind of sweep; its outcomes count as rolls of the budget. The
   * dice counted are what `sim` rolls on average: the spread's, the to-wound dice and their
   * re-rolls, a save for each wound.
   */
  sweepUnsaved(k: number, counts: ArrayLike<number>, n: number, wound: ArrayLike<number>, save: ArrayLike<number>, reroll: Reroll, room: ArrayLike<number>, into: number[], fx: ArrayLike<number> = NO_FX): void {
    // every path replays its atom's calls: a call like the last one at its place in the path takes the law it found, and its dice
    const last = (this.lastSweep[this.at] ??= { k: 0, n: 0, reroll: REROLL_NONE, args: [], t: null, at: [], rolled: [] });
    if (last.t && last.k === k && last.n === n && last.reroll === reroll && sameArgs(last.args, counts, wound, save, room, fx, n)) {
      // the dice added as the call added them, one by one
      for (let x = 0; x < last.rolled.length; x++) this.rolled += last.rolled[x]!;
      const i = this.take(last.t);
      this.sixes = 0;
      const parts = last.t.parts!;
      for (let j = 0; j < n; j++) into[j] = 0;
      for (let j = 0; j < last.at.length; j++) into[last.at[j]!] = parts[i * last.at.length + j]!;
      return;
    }
    last.t = null;
    last.rolled = [];
    this.sweepOnce(k, counts, n, wound, save, reroll, room, into, last, fx);
    last.k = k;
    last.n = n;
    last.reroll = reroll;
    last.args.length = 0;
    for (let j = 0; j < n; j++) last.args.push(counts[j]!, wound[j]!, save[j]!, room[j]!, fx[j] ?? 0);
  }
  /** by place in the path, the last call of `sweepUnsaved` there: its arguments, the law it took (null: none) and the kinds its parts are on, the dice it counted */
  private readonly lastSweep: SweepCall[] = [];

  /** `sweepUnsaved` worked out, the law it takes and each number of dice it adds kept in `last` */
  private sweepOnce(k: number, counts: ArrayLike<number>, n: number, wound: ArrayLike<number>, save: ArrayLike<number>, reroll: Reroll, room: ArrayLike<number>, into: number[], last: SweepCall, fx: ArrayLike<number>): void {
    const dice = last.rolled;
    let models = 0;
    let kinds = 0;
    for (let j = 0; j < n; j++) {
      into[j] = 0;
      if (counts[j]! <= 0) continue;
      models += counts[j]!;
      kinds++;
    }
    if (k <= 0 || models === 0) return;
    if (kinds > 1) {
      dice.push(spreadDigits(models) * k);
      this.rolled += dice[dice.length - 1]!;
    }
    const c: number[] = [];
    const rooms: number[] = [];
    const at: number[] = [];
    for (let j = 0; j < n; j++) {
      if (counts[j]! <= 0) continue;
      const q = counts[j]! / models;
      const w = wound[j]!;
      const p1 = w <= 0 || w > 6 ? 0 : (7 - Math.max(1, w)) / 6;
      // the chance a die to wound is rolled again: every failure, or a 1 (abilities.md B2)
      const again = w <= 0 ? 0 : rerollShare(p1, w, reroll);
      const pw = withReroll(p1, w, reroll, again);
      const saved = save[j]! < NO_SAVE;
      // the save re-rolled and Feel No Pain (abilities.md B2, B4), as `saves` rolls them
      const f = fx[j] ?? 0;
      const plain = f === 0;
      const sv = Math.min(save[j]!, NO_SAVE);
      dice.push(k * q * ((w > 0 ? 1 + again : 0) + (plain ? (saved ? pw : 0) : pw * saveDice(sv, f & 3, f >> 2))));
      this.rolled += dice[dice.length - 1]!;
      const unsaved = q * pw * (plain ? (saved ? (save[j]! - 1) / 6 : 1) : sufferChance(sv, f & 3, f >> 2));
      if (unsaved <= 0) continue;
      c.push(unsaved);
      rooms.push(Math.min(room[j]!, k));
      at.push(j);
    }
    if (c.length === 0) return;
    const key = `${k}|${c.join(',')}|${rooms.join(',')}`;
    let t = this.sweepTables.get(key);
    if (!t) {
      let ways = 1;
      for (let j = 0; j < rooms.length; j++) ways *= rooms[j]! + 1;
      if (ways > MAX_SPREAD) tooLarge(this.where, `${k} hits spread at random over ${c.length} kinds of model: ${grouped(Math.round(ways))} ways`);
      t = sweepOutcomes(k, c, rooms);
      this.worked += t.values.length;
      this.sweepTables.set(key, t);
    }
    const i = this.take(t);
    this.sixes = 0;
    const parts = t.parts!;
    for (let j = 0; j < at.length; j++) into[at[j]!] = parts[i * at.length + j]!;
    last.t = t;
    last.at = at;
  }
  private readonly sweepTables = new Map<string, Outcomes>();

  glancing = 0;
  readonly pierceFaces = null;
  /**
   * Penetration rolls as one call (Chance.penetrate): how many of the `n` hits glance and how
   * many penetrate, by the trinomial law of one hit's roll (armour.ts). The dice counted are
   * their expectation (a rending die is rolled only after a 6).
   */
  penetrate(n: number, dice: number, plus: number, armour: number, rending: boolean): number {
    this.glancing = 0;
    if (n <= 0) return 0;
    // (n + 1)(n + 2) / 2 outcomes: as few hits as a roll with its 6s counted apart
    if (n > MAX_DICE_WITH_SIXES) tooLarge(this.where, `${n} penetration rolls`);
    const six = rending ? 1 - (5 / 6) ** dice : 0;
    this.rolled += n * (dice + six);
    const key = `${n}:${dice}:${plus}:${armour}:${rending ? 1 : 0}`;
    let t = this.pierceTables.get(key);
    if (!t) {
      const [, g, p] = penetrationChances(dice, plus, armour, rending);
      t = { values: [], sixes: [], p: [] };
      // C(n; none, glancing, penetrating) (1-g-p)^none g^glancing p^penetrating
      const lf = [0];
      for (let k = 1; k <= n; k++) lf.push(lf[k - 1]! + Math.log(k));
      const none = 1 - g - p;
      for (let a = 0; a <= n; a++) {
        for (let b = 0; a + b <= n; b++) {
          const c = n - a - b;
          if ((a > 0 && g === 0) || (b > 0 && p === 0) || (c > 0 && none <= 0)) continue;
          const pr = Math.exp(lf[n]! - lf[a]! - lf[b]! - lf[c]! + (a > 0 ? a * Math.log(g) : 0) + (b > 0 ? b * Math.log(p) : 0) + (c > 0 ? c * Math.log(none) : 0));
          t.values.push(b);
          t.sixes.push(a);
          t.p.push(pr);
        }
      }
      this.pierceTables.set(key, t);
    }
    const penetrating = this.take(t);
    this.glancing = this.sixes;
    this.sixes = 0;
    return penetrating;
  }
  private readonly pierceTables = new Map<string, Outcomes>();

  /**
   * Damage dice as one call (Chance.damage): the law of their damage code (what they did, the
   * gun wrecked results counted), die by die over the distinct codes, so that dice doing the same
   * are one outcome.
   */
  damage(glancing: number, penetrating: number, shift: number): number {
    const n = glancing + penetrating;
    if (n <= 0) return 0;
    this.rolled += n;
    const key = `${glancing}:${penetrating}:${shift}`;
    let t = this.damageTables.get(key);
    if (!t) {
      let law = new Map<number, number>([[0, 1]]);
      for (let i = 0; i < n; i++) {
        const next = new Map<number, number>();
        for (const [code, pr] of law) {
          for (let f = 1; f <= 6; f++) {
            const c = joinCodes(code, dieCode(f, i >= glancing, shift));
            next.set(c, (next.get(c) ?? 0) + pr / 6);
          }
        }
        law = next;
      }
      t = { values: [], sixes: [], p: [] };
      for (const [code, pr] of [...law].sort((a, b) => a[0] - b[0])) {
        t.values.push(code);
        t.sixes.push(0);
        t.p.push(pr);
      }
      this.damageTables.set(key, t);
    }
    return this.take(t);
  }
  private readonly damageTables = new Map<string, Outcomes>();
}

/** A call of `sweepUnsaved` (exact/chance.ts): its arguments, the law it took (null: none), the kinds its parts are on, the dice it counted one by one. */
interface SweepCall {
  k: number;
  n: number;
  reroll: Reroll;
  args: number[];
  t: Outcomes | null;
  at: number[];
  rolled: number[];
}

/** `args` holds, kind by kind, the count, wound, save, room and save effects of the `n` kinds given */
function sameArgs(args: number[], counts: ArrayLike<number>, wound: ArrayLike<number>, save: ArrayLike<number>, room: ArrayLike<number>, fx: ArrayLike<number>, n: number): boolean {
  if (args.length !== 5 * n) return false;
  for (let j = 0; j < n; j++) {
    if (args[5 * j] !== counts[j] || args[5 * j + 1] !== wound[j] || args[5 * j + 2] !== save[j] || args[5 * j + 3] !== room[j] || args[5 * j + 4] !== (fx[j] ?? 0)) return false;
  }
  return true;
}

/** no kind re-rolls its saves or has Feel No Pain */
const NO_FX: ArrayLike<number> = [];

/**
 * The chance a die needing `need`+ (success `p`) succeeds on its roll or on its re-roll, of
 * reach `reroll`, which rolls the share `again` of the dice again (`rerollShare`).
 */
function withReroll(p: number, need: number, reroll: Reroll, again: number): number {
  return again === 0 ? p : reroll === REROLL_FAILED || need <= 2 ? 1 - (1 - p) ** 2 : p * (1 + again);
}
