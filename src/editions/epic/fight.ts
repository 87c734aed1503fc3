// An epic fight (rules/epic.md E2-E14): the Leadership test, the moves (worked out once:
// detachments.ts), the resolution roll and its ties, the result, the hits and the retreat.
// Every die is asked of the Chance: `die()` for the test and each roll, `test(n, need)` for a
// side's hit dice. `enumerate` lists every way the fight ends for `exact`, from the same
// functions with the dice's laws in place of the dice.
import type { Chance } from '../../dice.js';
import type { OwnFights } from '../../engine/edition.js';
import type { EpicCount, FightEvent, Log } from '../../engine/events.js';
import { blankOutcome, clearOutcome, type FightOutcome } from '../../engine/fight.js';
import { other, SIDES, type Scenario, type SideId } from '../../model.js';
import { compileEpic, hitOrder, type EpicSide, type EpicSides, type HitOrders } from './detachments.js';
import { ALWAYS_PASSES, BIG_DETACHMENT, MANY_MARKERS, RETREAT_MOVE, resultRow, totalBonus } from './tables.js';

/** The chance of a tie chain still going on below which `exact` stops following it. */
export const TIE_TAIL = 1e-17;

export interface Bonus { enemyMarkers: number; moreMarkers: number; psykers: number; totals: number; bonus: number }

type Markers = Record<SideId, number>;

export class EpicFights implements OwnFights {
  readonly sides: EpicSides;
  /** the outcome of the last fight, reused fight after fight (nothing is allocated per run on `sim`'s path) */
  private readonly out: FightOutcome = blankOutcome();
  /** Blast markers on each detachment during the fight */
  private readonly markers: Markers = { attacker: 0, defender: 0 };
  /** E14: the order in which hits take each side's groups (indices into its groups) */
  private readonly orders: Record<SideId, HitOrders>;
  /** each side's units in contact destroyed by hits in the last allocation, group by group (reused: nothing allocated per run) */
  private readonly gone: Record<SideId, number[]>;
  constructor(readonly scenario: Scenario, private readonly id: string, private readonly title: string) {
    this.sides = compileEpic(scenario);
    this.orders = { attacker: hitOrder(this.sides.attacker), defender: hitOrder(this.sides.defender) };
    this.gone = { attacker: this.sides.attacker.groups.map(() => 0), defender: this.sides.defender.groups.map(() => 0) };
    this.out.epic = {
      moved: 1, unitsInContact: 0, supporting: { attacker: 0, defender: 0 }, resolutionRolls: 0,
      markersPlaced: { attacker: 0, defender: 0 }, unitsDestroyed: { attacker: 0, defender: 0 },
      broken: { attacker: 0, defender: 0 },
    };
  }

  /** E3: the Leadership test's D6 passes (with no Blast markers no test is taken). */
  passes(roll: number): boolean {
    const a = this.sides.attacker;
    return roll >= ALWAYS_PASSES || roll + this.leadershipBonus() > a.det.blastMarkers;
  }

  leadershipBonus(): number {
    return this.sides.attacker.units >= BIG_DETACHMENT ? 1 : 0;
  }

  /** E7: `side`'s bonus with `markers` on the detachments, as a number. */
  bonusOf(side: SideId, markers: Markers): number {
    const me = this.sides[side];
    const them = this.sides[other(side)];
    return (markers[other(side)] >= MANY_MARKERS ? 1 : 0) + (markers[other(side)] > markers[side] ? 1 : 0)
      + (me.psykers > them.psykers ? 1 : 0) + totalBonus(me.total, them.total);
  }

  /** E7: `side`'s bonus with `markers` on the detachments, line by line. */
  bonus(side: SideId, markers: Markers): Bonus {
    const me = this.sides[side];
    const them = this.sides[other(side)];
    const enemyMarkers = markers[other(side)] >= MANY_MARKERS ? 1 : 0;
    const moreMarkers = markers[other(side)] > markers[side] ? 1 : 0;
    const psykers = me.psykers > them.psykers ? 1 : 0;
    const totals = totalBonus(me.total, them.total);
    return { enemyMarkers, moreMarkers, psykers, totals, bonus: enemyMarkers + moreMarkers + psykers + totals };
  }

  start(seed: string, run: number | null): FightEvent {
    return {
      type: 'epicStart', ruleset: this.id, rulesetName: this.title, scenario: this.scenario.name, seed, run,
      sides: SIDES.map((side) => {
        const s = this.sides[side];
        return {
          side, unit: s.name, blastMarkers: s.det.blastMarkers, broken: s.det.broken,
          rules: [...(s.det.unbreakable ? ['unbreakable'] : []), ...(s.det.noRetreat ? ['no-retreat'] : [])],
          groups: s.groups.map((g) => ({
            name: g.name, count: g.count, speed: g.p.chargeSpeed !== g.p.speed ? `${g.p.speed}/${g.p.chargeSpeed}` : String(g.p.speed),
            assault: g.p.assault, firepower: g.p.firepower, armour: g.p.armour,
            rules: [...(g.p.psyker ? ['psyker'] : []), ...(g.p.closeSupport ? ['close-support'] : [])],
            ...(side === 'attacker' ? { distance: g.distance } : {}),
          })),
        };
      }),
    };
  }

  fight(chance: Chance, log: Log): FightOutcome {
    const { attacker: a, defender: d } = this.sides;
    if (a.det.blastMarkers > 0) {
      const roll = chance.die();
      const passed = this.passes(roll);
      log?.push({ type: 'leadership', side: 'attacker', unit: a.name, blastMarkers: a.det.blastMarkers, bonus: this.leadershipBonus(), roll, passed });
      if (!passed) return this.noCombat(false, log);
    }
    this.logMoves(log);
    if (a.contact === 0) return this.noCombat(true, log);
    const markers = this.markers;
    markers.attacker = a.det.blastMarkers;
    markers.defender = d.det.blastMarkers;
    if (log) for (const side of SIDES) this.logTotals(side, log);
    let ties = 0;
    for (;;) {
      const bA = this.bonusOf('attacker', markers);
      const bD = this.bonusOf('defender', markers);
      if (log) for (const side of SIDES) log.push({ type: 'bonus', side, ...this.bonus(side, markers) });
      const rA = chance.die();
      const rD = chance.die();
      const diff = rA + bA - (rD + bD);
      if (diff === 0) {
        // E8: a Blast marker on each detachment, the bonuses worked out again, roll again
        markers.attacker++;
        markers.defender++;
        ties++;
      }
      log?.push({ type: 'rolloff', roll: ties + (diff === 0 ? 0 : 1), attacker: rA, attackerBonus: bA, defender: rD, defenderBonus: bD, winner: diff > 0 ? 'attacker' : diff < 0 ? 'defender' : null, blastMarkers: { ...markers } });
      if (diff === 0) continue;
      const winner: SideId = diff > 0 ? 'attacker' : 'defender';
      const diffAbs = Math.abs(diff);
      const row = resultRow(diffAbs);
      const loser = this.sides[other(winner)];
      log?.push({ type: 'closeResult', winner, difference: diffAbs, result: row.result, winnerNeeds: row.winnerNeeds, loserNeeds: row.loserNeeds, blastMarkers: Math.min(diffAbs, loser.contact), cap: loser.contact });
      const needA = winner === 'attacker' ? row.winnerNeeds : row.loserNeeds;
      const needD = winner === 'defender' ? row.winnerNeeds : row.loserNeeds;
      const hA = chance.test(a.contact, needA);
      const facesA = chance.faces;
      const hD = chance.test(d.contact, needD);
      const facesD = chance.faces;
      if (log) {
        this.logHits('attacker', winner, needA, facesA ?? [], hA, log);
        this.logHits('defender', winner, needD, facesD ?? [], hD, log);
      }
      return this.settle(ties, winner, diffAbs, hA, hD, log);
    }
  }

  private logMoves(log: Log): void {
    if (!log) return;
    const a = this.sides.attacker;
    // with nobody in base contact there is no close combat, so nobody supports (E13)
    const fought = a.contact > 0;
    for (const g of a.groups) {
      log.push({ type: 'move', side: 'attacker', unit: a.name, group: g.name, count: g.count, distance: g.distance, chargeSpeed: g.p.chargeSpeed, speed: g.p.speed, reaches: g.reached > 0, inContact: g.contact, to: g.to, supporting: fought ? g.support : 0 });
    }
    const d = this.sides.defender;
    const counts = (s: EpicSide, per: 'contact' | 'support'): EpicCount[] => s.groups.filter((g) => g[per] > 0 && fought).map((g) => ({ group: g.name, count: g[per] }));
    log.push({ type: 'contact', attacker: counts(a, 'contact'), defender: counts(d, 'contact'), supporting: { attacker: counts(a, 'support'), defender: counts(d, 'support') } });
  }

  private logTotals(side: SideId, log: Log): void {
    const s = this.sides[side];
    log?.push({ type: 'totals', side, unit: s.name, contact: s.contactSum, support: s.supportSum, broken: s.det.broken, total: s.total });
  }

  private logHits(side: SideId, winner: SideId, need: number, rolls: number[], hits: number, log: FightEvent[]): void {
    const s = this.sides[side];
    const enemySide = other(side);
    const enemy = this.sides[enemySide];
    const clearFirst = this.clearFirst(enemySide, winner);
    const destroyed = this.allocate(enemySide, hits, clearFirst);
    const gone = this.gone[enemySide];
    const list: EpicCount[] = [];
    // in the order they were taken
    for (const i of clearFirst ? this.orders[enemySide].clearFirst : this.orders[enemySide].byAssault) {
      if (gone[i]! > 0) list.push({ group: enemy.groups[i]!.name, count: gone[i]! });
    }
    log.push({ type: 'hits', side, unit: s.name, units: s.contact, need, rolls, hits, destroyed: list, lost: hits - destroyed, clearFirst });
  }

  /** E14: hits on `target` go first to its units the retreat would not destroy when it lost to `winner` and will make a Retreat move. */
  private clearFirst(target: SideId, winner: SideId): boolean {
    return target !== winner && !this.sides[target].det.noRetreat;
  }

  /**
   * E14: `hits` hits on `target`'s units in base contact, as the side that scored them allocates
   * them: by `orders[target]` (the units the retreat would not destroy first when `clearFirst`,
   * else the highest Assault value first; equal units in scenario order), one hit a unit. Fills
   * `gone[target]` group by group; returns the units destroyed.
   */
  private allocate(target: SideId, hits: number, clearFirst: boolean): number {
    const s = this.sides[target];
    const gone = this.gone[target];
    const order = clearFirst ? this.orders[target].clearFirst : this.orders[target].byAssault;
    let left = hits;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const take = Math.min(s.groups[i]!.contact, left);
      gone[i] = take;
      left -= take;
    }
    return hits - left;
  }

  /** A fight with no close combat (E13): the test failed (`moved` false), or nobody reached base contact. */
  private noCombat(moved: boolean, log: Log): FightOutcome {
    const o = this.blank();
    o.end = 'chargeFailed';
    o.epic!.moved = moved ? 1 : 0;
    return this.done(o, log);
  }

  /** The outcome, cleared: no close combat, every unit alive, Broken as the detachments started. */
  private blank(): FightOutcome {
    const o = clearOutcome(this.out);
    o.firstResult = 'none';
    const t = o.epic!;
    t.moved = 1;
    t.unitsInContact = t.resolutionRolls = 0;
    for (let i = 0; i < SIDES.length; i++) {
      const side = SIDES[i]!;
      const s = this.sides[side];
      o.survivors[side].models = o.survivors[side].wounds = s.units;
      t.supporting[side] = t.markersPlaced[side] = t.unitsDestroyed[side] = 0;
      t.broken[side] = s.det.broken ? 1 : 0;
    }
    return o;
  }

  private done(o: FightOutcome, log: Log): FightOutcome {
    log?.push({
      type: 'epicEnd', end: o.end, winner: o.winner, rollWinner: o.firstResult === 'attacker' || o.firstResult === 'defender' ? o.firstResult : null,
      survivors: { attacker: o.survivors.attacker.models, defender: o.survivors.defender.models },
      broken: { attacker: o.epic!.broken.attacker === 1, defender: o.epic!.broken.defender === 1 },
    });
    return o;
  }

  /**
   * E9-E13 after the roll-offs: `ties` ties, then `winner` won by `diff`; the attacker's hit dice
   * made `hA` hits, the defender's `hD`. The result's Blast markers, the hits, the loser, the
   * retreat, and how it ended.
   */
  settle(ties: number, winner: SideId, diff: number, hA: number, hD: number, log: Log): FightOutcome {
    const o = this.blank();
    const t = o.epic!;
    const loserSide = other(winner);
    const loser = this.sides[loserSide];
    t.unitsInContact = this.sides.attacker.contact;
    t.supporting.attacker = this.sides.attacker.support;
    t.supporting.defender = this.sides.defender.support;
    t.resolutionRolls = ties + 1;
    t.markersPlaced.attacker = t.markersPlaced.defender = ties;
    t.markersPlaced[loserSide] += Math.min(diff, loser.contact);
    o.phases = 1;
    o.firstResult = winner;
    // E10: each hit destroys a unit in contact; a side loses at most its units in contact; E14: the side that scored them chooses which
    const lostA = this.allocate('attacker', hD, this.clearFirst('attacker', winner));
    const lostD = this.allocate('defender', hA, this.clearFirst('defender', winner));
    o.firstWounds.attacker = o.totalWounds.attacker = lostD;
    o.firstWounds.defender = o.totalWounds.defender = lostA;
    let aliveA = this.sides.attacker.units - lostA;
    let aliveD = this.sides.defender.units - lostD;
    // E11: the loser is Broken unless unbreakable
    if (!loser.det.unbreakable) t.broken[loserSide] = 1;
    if (aliveA === 0 || aliveD === 0) {
      o.end = 'destroyed';
      o.winner = aliveA > 0 ? 'attacker' : aliveD > 0 ? 'defender' : null;
    } else if (loser.det.noRetreat) {
      o.end = 'locked';
      o.winner = null;
      log?.push({ type: 'retreat', side: loserSide, unit: loser.name, broken: t.broken[loserSide] === 1, unbreakable: loser.det.unbreakable, noRetreat: true, move: 0, destroyed: [], left: loserSide === 'attacker' ? aliveA : aliveD });
    } else {
      // the Retreat move: units of ordinary Speed 0 within 15 cm of an enemy unit are destroyed
      const stranded = this.stranded(loser);
      if (loserSide === 'attacker') aliveA -= stranded;
      else aliveD -= stranded;
      const left = loserSide === 'attacker' ? aliveA : aliveD;
      o.end = left === 0 ? 'swept' : 'fellBack';
      o.winner = winner;
      if (log) log.push({ type: 'retreat', side: loserSide, unit: loser.name, broken: t.broken[loserSide] === 1, unbreakable: loser.det.unbreakable, noRetreat: false, move: RETREAT_MOVE, destroyed: this.strandedGroups(loser), left });
    }
    o.survivors.attacker.models = o.survivors.attacker.wounds = aliveA;
    o.survivors.defender.models = o.survivors.defender.wounds = aliveD;
    t.unitsDestroyed.attacker = this.sides.attacker.units - aliveA;
    t.unitsDestroyed.defender = this.sides.defender.units - aliveD;
    return this.done(o, log);
  }

  /**
   * E11 (no board): how many of the loser's units of ordinary Speed 0 are left within 15 cm of an
   * enemy unit after the hits (`gone`, E14): every defender unit; an attacker in contact or supporting.
   */
  private stranded(s: EpicSide): number {
    const gone = this.gone[s.side];
    let n = 0;
    for (let i = 0; i < s.groups.length; i++) {
      const g = s.groups[i]!;
      if (g.p.speed === 0) n += s.side === 'defender' ? g.count - gone[i]! : g.contact - gone[i]! + g.support;
    }
    return n;
  }

  /** `stranded`, group by group, for the log. */
  private strandedGroups(s: EpicSide): EpicCount[] {
    const gone = this.gone[s.side];
    const out: EpicCount[] = [];
    s.groups.forEach((g, i) => {
      if (g.p.speed > 0) return;
      const near = s.side === 'defender' ? g.count - gone[i]! : g.contact - gone[i]! + g.support;
      if (near > 0) out.push({ group: g.name, count: near });
    });
    return out;
  }

  enumerate(add: (outcome: FightOutcome, p: number, dice: number) => void): void {
    const { attacker: a, defender: d } = this.sides;
    let mass = 1;
    let dice = 0;
    if (a.det.blastMarkers > 0) {
      let pass = 0;
      for (let r = 1; r <= 6; r++) if (this.passes(r)) pass++;
      if (pass < 6) add(this.noCombat(false, null), (6 - pass) / 6, 1);
      mass = pass / 6;
      dice = 1;
    }
    if (mass === 0) return;
    if (a.contact === 0) {
      add(this.noCombat(true, null), mass, dice);
      return;
    }
    const markers: Markers = { attacker: a.det.blastMarkers, defender: d.det.blastMarkers };
    for (let ties = 0; mass > TIE_TAIL; ties++) {
      const bA = this.bonusOf('attacker', markers);
      const bD = this.bonusOf('defender', markers);
      // the chance of each difference (attacker's total less the defender's), 36ths
      const byDiff = new Map<number, number>();
      for (let rA = 1; rA <= 6; rA++) for (let rD = 1; rD <= 6; rD++) {
        const diff = rA + bA - (rD + bD);
        byDiff.set(diff, (byDiff.get(diff) ?? 0) + 1);
      }
      const rolled = dice + 2 * (ties + 1) + a.contact + d.contact;
      for (const [diff, n] of byDiff) {
        if (diff === 0) continue;
        const winner: SideId = diff > 0 ? 'attacker' : 'defender';
        const row = resultRow(Math.abs(diff));
        const needA = winner === 'attacker' ? row.winnerNeeds : row.loserNeeds;
        const needD = winner === 'defender' ? row.winnerNeeds : row.loserNeeds;
        // hits past the enemy's units in contact are lost (E10): those counts are one outcome
        const lawA = capped(binomial(a.contact, (7 - needA) / 6), d.contact);
        const lawD = capped(binomial(d.contact, (7 - needD) / 6), a.contact);
        for (let hA = 0; hA < lawA.length; hA++) for (let hD = 0; hD < lawD.length; hD++) {
          const p = mass * (n / 36) * lawA[hA]! * lawD[hD]!;
          if (p > NEGLIGIBLE) add(this.settle(ties, winner, Math.abs(diff), hA, hD, null), p, rolled);
        }
      }
      mass *= (byDiff.get(0) ?? 0) / 36;
      markers.attacker++;
      markers.defender++;
    }
  }
}

/** A way a fight ends less likely than this is left out of `exact` (the shares are of what is kept). */
export const NEGLIGIBLE = 1e-20;

/** `law` with the chances of `cap` and more added up at `cap`. */
export function capped(law: number[], cap: number): number[] {
  if (law.length <= cap + 1) return law;
  const out = law.slice(0, cap + 1);
  for (let k = cap + 1; k < law.length; k++) out[cap]! += law[k]!;
  return out;
}

/** The chances of 0..n successes of n dice each succeeding with chance q. */
export function binomial(n: number, q: number): number[] {
  const out = new Array<number>(n + 1).fill(0);
  out[0] = 1;
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k >= 1; k--) out[k] = out[k]! * (1 - q) + out[k - 1]! * q;
    out[0] = out[0]! * (1 - q);
  }
  return out;
}
