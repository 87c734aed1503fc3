// Steps 9-11 of an assault phase, shared by every edition: the losing units test Morale
// (`moraleStep`); those that fail fall back, and the winners that may sweep try to catch them
// (`sweepStep`; ruling 17: each fleeing unit rolls once, each winning unit that may sweep rolls
// once, and a fleeing unit is caught if any sweep catches it). An independent character who
// joined a unit tests, flees and sweeps with it: `moveGroups` binds them. Nothing here
// allocates unless the fight is logged: groups and rolls live in arrays reused run after run.
import { other, type SideId } from '../model.js';
import { lockedWith } from './mechanics.js';
import { bestLd, fearlessOf, groupLiving, leadershipModelsOf, testLd } from './effects.js';
import { loseWounds } from './pools.js';
import { sweepHits } from './sweep-hits.js';
import type { Combat, Step } from './steps.js';
import { clearWounds, ends } from './ending.js';
import type { Slots } from './slots.js';
import type { EndKind, FightEvent, SweepRule } from './events.js';
import type { FightState, UnitState } from './state.js';
import type { Ruleset } from './ruleset.js';
import { drivesOff, sideHolds, takesNoMorale, vehiclesDriveOff, walkerMayNotSweep } from './vehicle.js';

export function inCombat(state: FightState, side: SideId): UnitState[] {
  return state.units.filter((u) => u.side === side && u.inCombat);
}

/**
 * Units that move and test as one, into `into`: each unit of `side` in the combat with the
 * characters that joined it (while they are in the combat too). The group is the unit's
 * `moveGroup`, worked out once, unless one of its characters has left.
 */
export function moveGroups(state: FightState, side: SideId, into: Slots<UnitState[]>): Slots<UnitState[]> {
  into.clear();
  for (let uI = 0; uI < state.units.length; uI++) {
    const u = state.units[uI]!;
    if (u.side !== side || !u.inCombat || (u.partOf !== null && u.partOf.inCombat)) continue;
    let all = true;
    for (let mI = 0; mI < u.moveGroup.length; mI++) {
      const m = u.moveGroup[mI]!;
      all &&= m.inCombat;
    }
    into.push(all ? u.moveGroup : u.moveGroup.filter((m) => m.inCombat));
  }
  return into;
}

/** A group in an event: the unit, and the characters who joined it. */
const names = (g: readonly UnitState[]) => ({ unit: g[0]!.name, joined: g.slice(1).map((u) => u.name) });

/** A Morale check: passed by a fearless unit with no dice, else a Leadership test on `ld`. */
export function moraleCheck(c: Combat, fearless: boolean, ld: number): boolean {
  return fearless || c.chance.leadership(ld);
}

/**
 * The Morale check of a testing group `g` (a unit and the characters who test with it), logged:
 * passed with no dice when it is fearless now (B7), else a Leadership test on its best
 * Leadership or, with `leadership: models`, its living models when that is higher (B8, at most
 * 10), less `penalty`; `useless` fails it on purpose with no roll (ruling 16).
 */
export function testMorale(c: Combat, g: readonly UnitState[], penalty: number, useless: boolean, reason: 'lost' | 'wipe-out', battleshock = false): boolean {
  const by = fearlessOf(g);
  const fearless = by !== null;
  const best = bestLd(g);
  const ld = testLd(g, best);
  const passed = !useless && moraleCheck(c, fearless, ld - penalty);
  const log = c.log;
  if (log) {
    const counted = (fearless && by.fx.fearlessFrom > 0) || (!fearless && ld > best);
    log.push({
      type: 'morale', side: g[0]!.side, ...names(g), ld, penalty, rolls: fearless || useless ? [] : c.chance.faces ?? [], passed, fearless: fearless && !useless,
      reason: useless ? 'useless' : reason, ...(battleshock && !passed ? { battleshocked: true } : {}),
      ...(fearless && by.fx.fearlessKey !== 'fearless' ? { fearlessBy: by.fx.fearlessBy } : {}),
      ...(counted ? { models: groupLiving(g) } : {}),
      ...(!fearless && ld > best ? { ldBy: leadershipModelsOf(g)!.fx.leadershipBy } : {}),
    });
  }
  return passed;
}

export const anyHas = (g: readonly UnitState[], rule: Parameters<UnitState['has']>[0]) => {
  for (let uI = 0; uI < g.length; uI++) {
    const u = g[uI]!;
    if (u.has(rule)) return true;
  }
  return false;
};

/** Terminators are too slow to pursue: a unit with one may not make a sweeping advance (000, 7: "units like Terminators"). */
export const mayNotSweep = (g: readonly UnitState[]) => anyHas(g, 'terminator');

/** 001, Disallowed Sweeping Advances: a winning unit that "contains one or more models" not allowed to sweep (a Terminator still alive) may not. */
export function holdsNonSweeper(g: readonly UnitState[]): boolean {
  for (let uI = 0; uI < g.length; uI++) {
    const u = g[uI]!;
    const all = u.spec.rules.includes('terminator');
    for (let cI = 0; cI < u.classes.length; cI++) {
      const c = u.classes[cI]!;
      if (c.count > 0 && (all || c.spec.rules.includes('terminator'))) return true;
    }
  }
  return false;
}

/** Options of the shared Morale step (srd4 and revised4 use none). */
export interface MoraleOptions {
  /** a penalty to the Leadership tested */
  penalty?: (c: Combat, group: readonly UnitState[]) => number;
  /** the group fails on purpose, with no roll ("Our Weapons Are Useless") */
  failsOnPurpose?: (c: Combat, group: readonly UnitState[]) => boolean;
  /** a unit that fails is battleshocked (the log says so) */
  battleshock?: boolean;
}

/** Step 9: every losing unit (with the characters who joined it) tests Morale. */
export function moraleStep(opts: MoraleOptions = {}): Step {
  return {
    name: 'morale',
    run(c) {
      c.broken.clear();
      if (!c.winner) {
        c.losers.clear();
        clearWounds(c);
        return null;
      }
      const losers = moveGroups(c.state, other(c.winner), c.losers);
      for (let i = 0; i < losers.n; i++) {
        const g = losers.at(i);
        // vehicles and walkers never test Morale: a walker that loses stays locked (vehicles.md V11)
        if (takesNoMorale(g)) continue;
        const penalty = opts.penalty?.(c, g) ?? 0;
        const useless = opts.failsOnPurpose?.(c, g) ?? false;
        const passed = testMorale(c, g, penalty, useless, 'lost', opts.battleshock);
        c.out.moraleTaken++;
        if (!passed) {
          c.out.moraleFailed++;
          c.broken.push(g);
        }
      }
      clearWounds(c);
      return null;
    },
  };
}

function leave(g: readonly UnitState[], fate: 'fellBack' | 'swept'): void {
  for (let uI = 0; uI < g.length; uI++) {
    const u = g[uI]!;
    u.inCombat = false;
    u.fate = fate;
  }
}

/** The dice a winning group sweeps with: none for a stunned or immobilised walker (vehicles.md V12), else the ruleset's. */
function sweepDiceOf(ruleset: Ruleset, g: readonly UnitState[]): number {
  return walkerMayNotSweep(g) ? 0 : ruleset.sweepDice(g);
}

/** A sweep total that marks a winner still locked with a unit that held. */
const LOCKED = -2;

const noSweep = (g: readonly UnitState[], w: readonly UnitState[], rule: SweepRule = 'stillLocked'): FightEvent => ({
  type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: [], loserBonus: 0, winner: w[0]!.name, winnerJoined: names(w).joined,
  winnerRolls: [], winnerBonus: 0, outcome: 'noSweep', rule,
});

/** A fleeing unit's total when it made no roll: no winner it fought may sweep. */
const NO_ROLL = -3;

/**
 * The winners locked with `g` that are free (not still locked with a unit that held: `totals`
 * LOCKED) include one, and none of them may sweep: `g` disengages. (With no free one it is a
 * winner still locked that lets it go: `stillLocked`, after its roll as before.)
 */
function noneMaySweep(ruleset: Ruleset, winners: Slots<UnitState[]>, totals: ArrayLike<number>, g: readonly UnitState[]): boolean {
  let free = false;
  for (let w = 0; w < winners.n; w++) {
    if (totals[w] === LOCKED || !lockedWith(winners.at(w), g)) continue;
    if (sweepDiceOf(ruleset, winners.at(w)) > 0) return false;
    free = true;
  }
  return free;
}

/** For the log: the first free winner locked with `g` (one that may not sweep). */
function nonSweeper(winners: Slots<UnitState[]>, totals: ArrayLike<number>, g: readonly UnitState[]): number {
  for (let w = 0; w < winners.n; w++) if (totals[w] !== LOCKED && lockedWith(winners.at(w), g)) return w;
  return 0;
}

/** Some living model of `g` is in base contact with the enemy. */
function inContact(g: readonly UnitState[]): boolean {
  for (let uI = 0; uI < g.length; uI++) {
    const classes = g[uI]!.classes;
    for (let cI = 0; cI < classes.length; cI++) if (classes[cI]!.count > 0 && classes[cI]!.inContact) return true;
  }
  return false;
}

/**
 * A winning group is still locked with an enemy unit in the combat that did not break: it cannot
 * sweep (ruling 17). A vehicle that is not a walker locks nobody (vehicles.md V18): beside units
 * that broke it is as if it were not there; a group locked with such vehicles alone makes no
 * roll (it has nobody to catch).
 */
function stillLocked(g: readonly UnitState[], broken: Slots<UnitState[]>): boolean {
  let vehicles = false;
  let fleeing = false;
  for (let i = 0; i < g.length; i++) {
    const locked = g[i]!.locked;
    for (let j = 0; j < locked.length; j++) {
      const e = locked[j]!;
      if (!e.inCombat) continue;
      if (drivesOff(e)) {
        vehicles = true;
        continue;
      }
      let fled = false;
      for (let b = 0; b < broken.n && !fled; b++) fled = broken.at(b).includes(e);
      if (!fled) return true;
      fleeing = true;
    }
  }
  // locked with such vehicles alone, it has nobody to pursue: it makes no roll
  return vehicles && !fleeing;
}

/**
 * Steps 10-11: the broken units fall back; the winners that may sweep try to catch them
 * (ruling 17). Ends the combat when no loser is left in it.
 */
export const sweepStep: Step = {
  name: 'sweep',
  run(c) {
    const { broken } = c;
    if (!c.winner || broken.n === 0) return null;
    const { state, ruleset, log, winner, chance } = c;
    const winners = moveGroups(state, winner, c.winners);
    // a vehicle that is not a walker never pursues: it leaves after the phase (vehicles.md V18)
    let pursuers = 0;
    for (let w = 0; w < winners.n; w++) if (!drivesOff(winners.at(w)[0]!)) winners.items[pursuers++] = winners.at(w);
    winners.n = pursuers;
    let massacred = false;
    if (ruleset.sweepNeedsContact) {
      // srd4 step 10: a unit with no model left in base contact falls back, and nobody may sweep it
      let kept = 0;
      for (let i = 0; i < broken.n; i++) {
        const g = broken.at(i);
        if (inContact(g)) broken.items[kept++] = g;
        else {
          if (log && winners.n > 0) log.push(noSweep(g, winners.at(0), 'outOfContact'));
          leave(g, 'fellBack');
        }
      }
      broken.n = kept;
    }
    const { fleeTotal, sweepTotal } = c;
    // a winner still locked with a unit that held cannot sweep (step 10, ruling 17)
    let free = 0;
    for (let w = 0; w < winners.n; w++) {
      const locked = stillLocked(winners.at(w), broken);
      sweepTotal[w] = locked ? LOCKED : 0;
      if (!locked) free++;
    }
    if (broken.n === 0) {
      // every broken unit fell back out of contact (above)
    } else if (free === 0 || winners.n === 0) {
      // nobody may sweep: the broken fall back
      for (let i = 0; i < broken.n; i++) {
        const g = broken.at(i);
        if (log && winners.n > 0) log.push(noSweep(g, winners.at(0)));
        leave(g, 'fellBack');
      }
    } else {
      // every fleeing unit rolls, then every winner that may sweep: totals kept in the combat's arrays
      const fleeRolls: number[][] | null = log ? [] : null;
      const sweepRolls: number[][] | null = log ? [] : null;
      const sweeper = free === 1 && broken.n === 1 ? freeWinner(c) : -1;
      const fleeDice = sweeper >= 0 ? ruleset.fleeDice(broken.at(0)) : 0;
      const sweepDice = sweeper >= 0 ? sweepDiceOf(ruleset, winners.at(sweeper)) : 0;
      if (fleeDice > 0 && sweepDice > 0) {
        // one fleeing unit, one winner that rolls: only the difference of the two rolls is read (Chance.race)
        fleeTotal[0] = chance.race(fleeDice, sweepDice) + ruleset.fleeBonus(broken.at(0));
        sweepTotal[sweeper] = chance.second + ruleset.sweepBonus(winners.at(sweeper));
        fleeRolls?.push(chance.faces!);
        for (let i = 0; i < winners.n; i++) sweepRolls?.push(i === sweeper ? chance.secondFaces! : []);
      } else {
        for (let i = 0; i < broken.n; i++) {
          const g = broken.at(i);
          // no winner it fought may sweep: it disengages with no roll (001: "there is no need to roll"), unless the roll is its move (revised4)
          if (!ruleset.fleeRollMoves && noneMaySweep(ruleset, winners, sweepTotal, g)) {
            fleeTotal[i] = NO_ROLL;
            fleeRolls?.push([]);
            continue;
          }
          fleeTotal[i] = chance.sum(ruleset.fleeDice(g)) + ruleset.fleeBonus(g);
          fleeRolls?.push(chance.faces!);
        }
        for (let i = 0; i < winners.n; i++) {
          const g = winners.at(i);
          if (sweepTotal[i] === LOCKED) {
            sweepRolls?.push([]);
            continue;
          }
          const dice = sweepDiceOf(ruleset, g);
          sweepTotal[i] = dice > 0 ? chance.sum(dice) + ruleset.sweepBonus(g) : -1;
          sweepRolls?.push(dice > 0 ? chance.faces! : []);
        }
      }
      for (let i = 0; i < broken.n; i++) {
        const g = broken.at(i);
        const flee = fleeTotal[i]!;
        if (flee === NO_ROLL) {
          if (log) log.push(noSweep(g, winners.at(nonSweeper(winners, sweepTotal, g)), 'cannotSweep'));
          leave(g, 'fellBack');
          continue;
        }
        // the best sweep that catches it of the winners it was locked with, else (for the log) the best that failed
        let catcher = -1;
        let best = -1;
        let locked = -1;
        for (let w = 0; w < winners.n; w++) {
          const sweep = sweepTotal[w]!;
          if (!lockedWith(winners.at(w), g)) continue;
          if (sweep === LOCKED) {
            locked = w;
            continue;
          }
          if (sweep < 0) continue;
          if (ruleset.catches(sweep, flee) && (catcher < 0 || sweep > sweepTotal[catcher]!)) catcher = w;
          if (best < 0 || sweep > sweepTotal[best]!) best = w;
        }
        if (catcher < 0 && best < 0 && locked >= 0) {
          // every winner it fought is still locked with a unit that held: it falls back
          if (log) log.push(noSweep(g, winners.at(locked)));
          leave(g, 'fellBack');
          continue;
        }
        c.out.sweepsAttempted++;
        // a sweep that would destroy a sweep-proof unit holds it instead (B12)
        const proof = catcher >= 0 && ruleset.caught === 'swept' && ruleset.sweepLoss(sweepTotal[catcher]!, flee) === 'destroyed' ? sweepProofOf(g) : null;
        const outcome = proof ? 'held' : catcher >= 0 ? ruleset.caught : 'fellBack';
        const shown = catcher >= 0 ? catcher : best;
        // the roll is logged before what the sweep does (waffle logs its hits and saves after it)
        let event: Extract<FightEvent, { type: 'breakoff' }> | null = null;
        if (log) {
          const wg = winners.at(shown >= 0 ? shown : 0);
          event = {
            type: 'breakoff', side: g[0]!.side, ...names(g), loserRolls: fleeRolls![i]!, loserBonus: ruleset.fleeBonus(g),
            winner: wg[0]!.name, winnerJoined: names(wg).joined, winnerRolls: shown >= 0 ? sweepRolls![shown]! : [], winnerBonus: shown >= 0 ? ruleset.sweepBonus(wg) : 0, outcome,
            rule: shown >= 0 ? ruleset.sweepRule : 'cannotSweep', ...(proof ? { heldBy: proof.fx.sweepProofBy } : {}),
          };
          log.push(event);
        }
        // what the sweep does to a unit it catches, as the edition says (SweepLoss)
        const loss = outcome === 'swept' ? ruleset.sweepLoss(sweepTotal[shown]!, flee) : null;
        if (loss === 'destroyed') {
          for (let uI = 0; uI < g.length; uI++) g[uI]!.removeAll();
          massacred = true;
        }
        else if (loss === 'hits') {
          c.out.sweepWounds += sweepHits(c, g, flee);
          if (event) event.struck = true;
        } else if (loss !== null) {
          const lost = loseWounds(g[0]!, loss);
          c.out.sweepWounds += lost;
          if (event) event.woundsLost = lost;
        }
        if (outcome !== 'fellBack') c.out.sweepsCaught++;
        if (outcome !== 'held') leave(g, outcome);
        else for (let uI = 0; uI < g.length; uI++) g[uI]!.held = true;
      }
    }
    // the losers' vehicles that are not walkers keep nobody in the combat (vehicles.md V18)
    if (sideHolds(c, other(winner))) return null;
    vehiclesDriveOff(c);
    // a unit the sweep destroyed was massacred (srd4 step 10: "as they are immediately Massacred")
    log?.push({ type: 'consolidate', side: winner, units: inCombat(state, winner).map((u) => u.name), massacre: massacred, d6: massacred && ruleset.massacreD6 === true });
    return ends(c, endKind(state, other(winner)), winner);
  },
};

/** The unit of `g` that makes it sweep-proof (B12: a unit or any model it started with has it); null: none. */
function sweepProofOf(g: readonly UnitState[]): UnitState | null {
  for (let uI = 0; uI < g.length; uI++) if (g[uI]!.fx.sweepProof) return g[uI]!;
  return null;
}

/** The first winner not still locked with a unit that held. */
function freeWinner(c: Combat): number {
  for (let w = 0; w < c.winners.n; w++) if (c.sweepTotal[w] !== LOCKED) return w;
  return -1;
}

/** Some unit of `side` is still in the combat. */
export function sideInCombat(state: FightState, side: SideId): boolean {
  for (let uI = 0; uI < state.units.length; uI++) {
    const u = state.units[uI]!;
    if (u.side === side && u.inCombat) return true;
  }
  return false;
}

/** How the combat ended for the side that left it, from its units' fates (one place for every edition). */
export function endKind(state: FightState, side: SideId): EndKind {
  let fellBack = false;
  let swept = false;
  let destroyed = false;
  for (let uI = 0; uI < state.units.length; uI++) {
    const u = state.units[uI]!;
    if (u.side !== side || u.spec.nearby) continue;
    fellBack ||= u.fate === 'fellBack';
    swept ||= u.fate === 'swept';
    destroyed ||= u.fate === 'destroyed';
  }
  return fellBack ? 'fellBack' : swept ? 'swept' : destroyed ? 'destroyed' : 'chargeFailed';
}
