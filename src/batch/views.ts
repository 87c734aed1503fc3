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
    const cells = attackers.map((a) => defenders.map((d) => mine.find((r) => r.attacker === a && r.defender === d)?.attackerWins ?? null));
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
  const groups: { rules: string; attacker: string }[] = [];
  for (const r of rows) if (!groups.some((g) => g.rules === r.rules && g.attacker === r.attacker)) groups.push({ rules: r.rules, attacker: r.attacker });
  return groups.map(({ rules, attacker }) => {
    const mine = rows.filter((r) => r.rules === rules && r.attacker === attacker);
    const best = mine.reduce((a, b) => (b.attackerWins > a.attackerWins ? b : a));
    const worst = mine.reduce((a, b) => (b.attackerWins < a.attackerWins ? b : a));
    const per100 = mine.every((r) => r.attackerWoundsPer100Points !== null)
      ? round(mine.reduce((n, r) => n + r.attackerWoundsPer100Points!, 0) / mine.length) : null;
    return {
      attacker, rules, matchups: mine.length, meanWins: round(mine.reduce((n, r) => n + r.attackerWins, 0) / mine.length),
      best: { defender: best.defender, wins: best.attackerWins }, worst: { defender: worst.defender, wins: worst.attackerWins },
      woundsPer100Points: per100,
    };
  });
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;
