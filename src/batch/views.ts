// Two views of a batch for list builders: the pivot (attackers as rows, defenders as columns,
// attacker win share) and a summary per attacker (how it fares across its matchups).
import type { BatchRow } from './batch.js';

export interface Pivot {
  rules: string;
  attackers: string[];
  defenders: string[];
  /** cells[a][d]: the attacker's win share, null when the matrix has no such matchup */
  cells: (number | null)[][];
}

/** One pivot per ruleset, in the order the rows name them. */
export function pivots(rows: BatchRow[]): Pivot[] {
  const out: Pivot[] = [];
  for (const rules of [...new Set(rows.map((r) => r.rules))]) {
    const mine = rows.filter((r) => r.rules === rules);
    // names in order, so every ruleset's table has the same columns whatever the rows' sort
    const attackers = [...new Set(mine.map((r) => r.attacker))].sort((a, b) => a.localeCompare(b));
    const defenders = [...new Set(rows.map((r) => r.defender))].sort((a, b) => a.localeCompare(b));
    // each matchup's first row, looked up by names (a search per cell made 10,000 rows slow)
    const first = new Map<string, Map<string, BatchRow>>();
    for (const r of mine) {
      const byDefender = first.get(r.attacker) ?? first.set(r.attacker, new Map()).get(r.attacker)!;
      if (!byDefender.has(r.defender)) byDefender.set(r.defender, r);
    }
    const cells = attackers.map((a) => defenders.map((d) => first.get(a)?.get(d)?.attackerWins ?? null));
    out.push({ rules, attackers, defenders, cells });
  }
  return out;
}

export interface AttackerSummary {
  attacker: string;
  rules: string;
  matchups: number;
  /** mean attacker win share over its matchups */
  meanWins: number;
  best: { defender: string; wins: number };
  worst: { defender: string; wins: number };
  /** mean wounds inflicted per 100 points, when the points are known */
  woundsPer100Points: number | null;
}

export function summaries(rows: BatchRow[]): AttackerSummary[] {
  // each ruleset's attackers, with their rows in order
  const groups: { rules: string; attacker: string; mine: BatchRow[] }[] = [];
  const byRules = new Map<string, Map<string, BatchRow[]>>();
  for (const r of rows) {
    const byAttacker = byRules.get(r.rules) ?? byRules.set(r.rules, new Map()).get(r.rules)!;
    let mine = byAttacker.get(r.attacker);
    if (!mine) {
      byAttacker.set(r.attacker, (mine = []));
      groups.push({ rules: r.rules, attacker: r.attacker, mine });
    }
    mine.push(r);
  }
  const rulesOrder = [...byRules.keys()];
  return groups.map(({ rules, attacker, mine }) => {
    const best = mine.reduce((a, b) => (b.attackerWins > a.attackerWins ? b : a));
    const worst = mine.reduce((a, b) => (b.attackerWins < a.attackerWins ? b : a));
    const per100 = mine.every((r) => r.attackerWoundsPer100Points !== null)
      ? round(mine.reduce((n, r) => n + r.attackerWoundsPer100Points!, 0) / mine.length) : null;
    return {
      attacker, rules, matchups: mine.length, meanWins: round(mine.reduce((n, r) => n + r.attackerWins, 0) / mine.length),
      best: { defender: best.defender, wins: best.attackerWins }, worst: { defender: worst.defender, wins: worst.attackerWins },
      woundsPer100Points: per100,
    };
  // each ruleset's attackers, the best on average first (the order met on a tie)
  }).sort((a, b) => rulesOrder.indexOf(a.rules) - rulesOrder.indexOf(b.rules) || b.meanWins - a.meanWins);
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
