// Ruling 17 in the kernel (sim/kernel/multi.ts): of several enemy units a group is engaged
// with, the one it strikes with all its attacks. The first of its unit's `attackSplit` list
// still there, else the one its blows hurt most (engine/target-choice.ts `chosenTarget`). What
// they hurt most is read from the reference's own `expectedWounds`, asked once per scenario on
// the fight state as the steps prepare it for the first phase and for a later one, for every
// WS and Toughness the majorities of the unit struck can take: the numbers compared are the
// reference's own, bit for bit. In the fights the kernel takes with several units a side
// (sim/kernel/multi-domain.ts) nothing else decides but which of the unit's models most of its
// living share in how they take the blows (`mostAlike`: the save they need, the kernel works it
// out as they die): no ability acts on saves, on a roll against whom it strikes, or on WS or T.
import type { Ruleset } from '../../engine/ruleset.js';
import type { UnitState } from '../../engine/state.js';
import { expectedWounds } from '../../engine/target-choice.js';
import { lockName, type Scenario } from '../../model.js';
import { preparedPhases } from './tables.js';
import { tOf, wsOf } from '../../engine/effects.js';

/** WS and Toughness index the table from 0 to 10 (multi-domain.ts: no profile above 10, no ability modifying them). */
const VALUES = 11;

/** The most classes of a unit of `units`: the radix of `expectations`' model most alike. */
export function mostClasses(units: readonly UnitState[]): number {
  return Math.max(...units.map((u) => u.classes.length));
}

/**
 * The wounds one attack of class `g` is expected to make unit `v` suffer against majority WS
 * `ws` and Toughness `t`, its class `m` (its m-th) the one most of its living models are alike
 * with, in the first phase (table 0) or a later one (1):
 * [p][(((g * units + v) * 11 + ws) * 11 + t) * mostClasses + m]. NaN where never asked (a
 * friendly unit, or a WS or T none of its models has). Asked of the reference with `m`'s models
 * alone living, the rest restored after.
 */
export function expectations(scenario: Scenario, ruleset: Ruleset): [Float64Array, Float64Array] {
  return preparedPhases(scenario, ruleset, (state, ctx) => {
    const units = state.units;
    const classes = units.flatMap((u) => u.classes);
    const K = mostClasses(units);
    const e = new Float64Array(classes.length * units.length * VALUES * VALUES * K).fill(NaN);
    classes.forEach((g, gI) => {
      units.forEach((v, vI) => {
        if (v.side === g.unit.side) return;
        const counts = v.classes.map((c) => c.count);
        v.classes.forEach((m, mI) => {
          v.classes.forEach((c) => (c.count = c === m ? 1 : 0));
          // the majorities take only the values its models have (engine/strike.ts `startStep`)
          for (const ws of new Set(v.classes.map((c) => Math.min(wsOf(c), 10)))) {
            for (const t of new Set(v.classes.map((c) => Math.min(tOf(c), 10)))) {
              v.stepWS = ws;
              v.stepT = t;
              e[(((gI * units.length + vI) * VALUES + ws) * VALUES + t) * K + mI] = expectedWounds(g, v, ctx, ruleset);
            }
          }
        });
        v.classes.forEach((c, i) => (c.count = counts[i]!));
      });
    });
    return e;
  });
}

/**
 * Per unit, the enemy units of its `attackSplit` list in the order it prefers them (the list's
 * order; of units sharing a name, the first of the fight); null: it has no list.
 */
export function splitOrders(units: readonly UnitState[]): (Int32Array | null)[] {
  return units.map((u) => {
    const split = u.spec.attackSplit;
    if (!Array.isArray(split)) return null;
    const order: number[] = [];
    for (const name of split) {
      for (let e = 0; e < units.length; e++) if (units[e]!.side !== u.side && lockName(units[e]!.spec) === name && !order.includes(e)) order.push(e);
    }
    return Int32Array.from(order);
  });
}

/**
 * The unit group `g` (a class of unit `u`) strikes of the `n` first of `targets` (unit numbers,
 * in the order its unit is locked with them): the first of `split` among them, else the most
 * wounds expected (`e`, against `ws` and `t`, each target's majorities, and `most`, the class of
 * it most of its living are alike with, `K` the radix), the first on a tie.
 */
export function chooseTarget(g: number, nUnits: number, targets: Int32Array, n: number, split: Int32Array | null, e: Float64Array, ws: Int32Array, t: Int32Array, mostOf: Int32Array, K: number): number {
  if (split !== null) {
    for (let p = 0; p < split.length; p++) {
      for (let i = 0; i < n; i++) if (targets[i] === split[p]) return targets[i]!;
    }
  }
  let best = targets[0]!;
  let most = -1;
  for (let i = 0; i < n; i++) {
    const v = targets[i]!;
    const x = e[(((g * nUnits + v) * VALUES + ws[v]!) * VALUES + t[v]!) * K + mostOf[v]!]!;
    if (x > most) {
      most = x;
      best = v;
    }
  }
  return best;
}
