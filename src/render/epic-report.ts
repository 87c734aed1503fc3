// The `sim` and `exact` report of an epic fight for a terminal (rules/epic.md E13), in a
// player's words: units, Blast markers, Broken, the resolution roll.
import type { ChalkInstance } from 'chalk';
import { plain } from '../plain.js';
import type { SimReport } from '../report/aggregate.js';
import { grouped } from '../report/numbers.js';
import type { Distribution, Interval } from '../report/stats.js';
import { DEFAULT_WIDTH, table, wrap, wrapAll } from './layout.js';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ci = (i: Interval) => `${pct(i.low)}-${pct(i.high)}`;

const ENDS: Record<string, string> = {
  destroyed: 'a side destroyed by the hits', swept: 'loser destroyed retreating', fellBack: 'loser retreated', locked: 'the loser held its ground (no-retreat)',
  chargeFailed: 'no close combat', disengaged: 'drew apart',
};

/** The epic report; `sparkline` draws a histogram (render/report.ts). */
export function renderEpicReport(r: SimReport, c: ChalkInstance, sparkline: (d: Distribution) => string, width = DEFAULT_WIDTH, fightWith = 'fight'): string {
  const lines: string[] = [];
  const exact = r.method === 'exact';
  const how = exact ? 'exact' : `${r.runs} runs, seed ${plain(r.seed ?? '')}`;
  const names = (units: { name: string; models: number }[]) => units.map((u) => `${u.name} (${u.models} units)`).join(' + ');
  lines.push(c.bold(`${r.scenario}`) + `  (${r.rules}, ${how})${r.partial ? c.yellow('  PARTIAL: interrupted') : ''}`);
  lines.push(`${names(r.sides.attacker)} against ${names(r.sides.defender)}`);
  const w = r.final.winner;
  // every share is of all runs (exact: all fights), those with no close combat too
  const all = exact ? 'of all fights' : 'of all runs';
  lines.push(c.bold(`Attacker wins ${pct(w.attacker!)}, defender wins ${pct(w.defender!)}, neither ${pct(w.none!)} (${all})`));
  const rollA = r.firstRound.result.attacker!;
  const rollD = r.firstRound.result.defender!;
  const fought = rollA + rollD;
  const moved = `The attacker moved in ${pct(r.charge.moved ?? 0)} ${all} (a failed Leadership test stops it)`;
  if (fought > 0) {
    lines.push(`${moved}; a close combat was fought in ${pct(fought)} (a unit reached base contact).`);
    lines.push(`Resolution roll won by the attacker in ${pct(rollA)}, by the defender in ${pct(rollD)} ${all}: together the ${pct(fought)} with a close combat.`);
  } else {
    lines.push(`${moved}; no unit reached base contact, so no close combat was fought.`);
  }
  lines.push('');
  const rows: [string, number, Interval][] = [
    ['resolution roll won by attacker', r.firstRound.result.attacker!, r.firstRound.resultCI.attacker!],
    ['resolution roll won by defender', r.firstRound.result.defender!, r.firstRound.resultCI.defender!],
    ...Object.keys(r.final.winner).map((k): [string, number, Interval] => [`winner ${k}`, r.final.winner[k]!, r.final.winnerCI[k]!]),
    ...Object.keys(r.final.end).map((k): [string, number, Interval] => [`ended: ${ENDS[k] ?? k}`, r.final.end[k]!, r.final.endCI[k]!]),
    ['attacker Broken at the end', r.final.broken?.attacker ?? 0, r.final.brokenCI!.attacker],
    ['defender Broken at the end', r.final.broken?.defender ?? 0, r.final.brokenCI!.defender],
  ];
  lines.push(...table([{ head: 'outcome', left: true, shrink: true }, { head: exact ? 'probability' : 'share of all runs', short: exact ? undefined : 'share' }, ...(exact ? [] : [{ head: '95% interval', short: '95% CI' }])],
    rows.filter((o) => o[1] > 0).map(([name, p, i]) => (exact ? [name, pct(p)] : [name, pct(p), ci(i)])), width));
  lines.push('');
  const dists: [string, Distribution][] = [
    ['attacking units in base contact', r.charge.unitsInContact!],
    ['attacker supporting units', r.charge.supporting!.attacker],
    ['defender supporting units', r.charge.supporting!.defender],
    ['resolution rolls', r.close!.resolutionRolls],
    ['Blast markers placed on attacker', r.final.blastMarkersPlaced!.attacker],
    ['Blast markers placed on defender', r.final.blastMarkersPlaced!.defender],
    ['enemy units destroyed by attacker hits', r.firstRound.woundsInflicted.attacker],
    ['enemy units destroyed by defender hits', r.firstRound.woundsInflicted.defender],
    ['attacker units destroyed', r.final.unitsDestroyed!.attacker],
    ['defender units destroyed', r.final.unitsDestroyed!.defender],
    ['attacker units left', r.final.survivors.attacker],
    ['defender units left', r.final.survivors.defender],
  ];
  lines.push(...table([
    { head: `distribution, ${exact ? 'all fights' : 'all runs'}`, left: true }, { head: 'mean' }, { head: 'sd', drop: 3 }, { head: 'p5', drop: 4 }, { head: 'p25', drop: 6 },
    { head: 'p50', drop: 2 }, { head: 'p75', drop: 5 }, { head: 'p95', drop: 1 }, { head: 'histogram (min..max)', drop: 0 },
  ], dists.map(([name, d]) => [name, d.mean.toFixed(2), d.sd.toFixed(2), `${d.p5}`, `${d.p25}`, `${d.p50}`, `${d.p75}`, `${d.p95}`, `${d.min} ${c.cyan(sparkline(d))} ${d.max}`]), width));
  lines.push('');
  if (exact) lines.push(c.dim(`${r.diceRolled.toFixed(2)} dice rolled on average`));
  else lines.push(...wrap(c.dim(`replay a run with ${fightWith} --seed ${plain(r.seed ?? '')} --run K; ${grouped(r.diceRolled)} dice rolled`), width, '  '));
  return wrapAll(lines, width).join('\n') + '\n';
}
