// epic's words (rules/epic.md E13, E14): the fight log and the report say what happened, and no
// more: no support without a close combat, who allocated the hits, why a roll's winner lost,
// shares of all runs, units destroyed in a batch.
import { describe, expect, it } from 'vitest';
import { exact } from '../src/exact/exact.js';
import { renderLog } from '../src/render/text.js';
import { renderReport } from '../src/render/report.js';
import { renderBatch, renderSummary } from '../src/render/batch.js';
import { renderBatchHtml } from '../src/render/html-batch.js';
import { renderSimHtml } from '../src/render/html-sim.js';
import type { BatchRow } from '../src/batch/batch.js';
import { detachment, epicScenario, epicScripted } from './epic-build.js';

const WIDE = 400;
const marines = (n: number, distance = 0) => detachment('Marines', [{ name: 'Marine', count: n, speed: [10, 20], assault: 4, distance }]);
const orks = (n: number, det = {}) => detachment('Orks', [{ name: 'Boy', count: n, speed: [10, 20], assault: 3 }], det, false);
const log = (s: ReturnType<typeof epicScenario>, dice: number[]) => renderLog(epicScripted(s, dice).events, false, WIDE);

describe('the epic fight log', () => {
  it('with nobody in base contact: no support, no close combat', () => {
    const text = log(epicScenario(marines(2, 25), orks(2)), []);
    expect(text).toMatch(/move 10 cm to 15 cm away, within 15 cm$/m);
    expect(text).not.toMatch(/support/i);
    expect(text).toMatch(/^In base contact: nobody reached the enemy: no close combat$/m);
    expect(text).toMatch(/^End: no close combat \(no winner\)/m);
  });
  it('says who allocated the hits (E14)', () => {
    // 8 against 6: +1; 6+1 against 1: the attacker by 6, hits on 2+, the defender's on 6+
    const text = log(epicScenario(marines(2), orks(2)), [6, 1, 2, 2, 6, 1]);
    expect(text).toMatch(/-> the attacker's 2 hits, allocated by the attacker: Boy x2 destroyed/);
    expect(text).toMatch(/-> the defender's 1 hit, allocated by the defender: Marine x1 destroyed/);
    expect(text).toMatch(/^End: the hits destroyed the loser \(attacker wins\)/m);
  });
  it('a roll\'s winner wiped out by the hits is said to be', () => {
    // 4 against 3 + 1 support: no bonus; 6 against 1: the attacker by 5, hits on 2+; its die misses, the defender's one die hits on 6+
    const text = log(epicScenario(marines(1), orks(2)), [6, 1, 1, 6]);
    expect(text).toMatch(/^End: the attacker won the resolution roll, but the hits wiped it out \(defender wins\)/m);
  });
  it('locked: the loser held its ground, the roll\'s winner named', () => {
    const text = log(epicScenario(marines(2), orks(2, { noRetreat: true })), [6, 1, 1, 1, 1, 1]);
    expect(text).toMatch(/^End: the loser held its ground \(no-retreat\) after the attacker won the resolution roll \(no winner\)/m);
  });
});

describe('the epic report', () => {
  it('labels its shares as of all fights, and the roll\'s shares as adding up to those with a close combat', () => {
    // a Leadership test failed 1 time in 6 (1 Blast marker): the roll's shares add up to 5/6
    const r = exact(epicScenario(detachment('Marines', [{ name: 'Marine', count: 2, speed: [10, 20], assault: 4, distance: 0 }], { blastMarkers: 1 }), orks(2)));
    const text = renderReport(r, false, WIDE);
    expect(text).toMatch(/neither [\d.]+% \(of all fights\)/);
    expect(text).toMatch(/The attacker moved in 83\.3% of all fights .*; a close combat was fought in 83\.3%/);
    expect(text).toMatch(/of all fights: together the 83\.3% with a close combat/);
    expect(text).not.toMatch(/charge went in/);
  });
  it('the page says the same, and lists no drawn roll', () => {
    const r = exact(epicScenario(detachment('Marines', [{ name: 'Marine', count: 2, speed: [10, 20], assault: 4, distance: 0 }], { blastMarkers: 1 }), orks(2)));
    const html = renderSimHtml(r, 'assault exact x');
    expect(html).toMatch(/Who won the resolution roll \(of all fights: together the 83\.3% with a close combat\)/);
    expect(html).not.toMatch(/a draw/);
  });
  it('with nobody reaching, says no close combat was fought', () => {
    const text = renderReport(exact(epicScenario(marines(2, 40), orks(2))), false, WIDE);
    expect(text).toMatch(/no unit reached base contact, so no close combat was fought/);
    expect(text).not.toMatch(/charge went in|Resolution roll won by/);
  });
});

describe('a batch of epic rows', () => {
  const row = (rules: string): BatchRow => ({
    attacker: 'a/x', defender: 'd/y', rules, runs: 10, seed: '1', attackerWins: 0.5, defenderWins: 0.5, drawOrLocked: 0, woundsByAttacker: 1,
    woundsByDefender: 1, attackerSurvivors: 1, defenderSurvivors: 1, attackerWinsLow: 0.4, attackerWinsHigh: 0.6, defenderWinsLow: 0.4,
    defenderWinsHigh: 0.6, attackerPoints: 100, defenderPoints: 100, attackerWoundsPer100Points: 1, defenderWoundsPer100Points: 1, replay: 'x', row: 1,
  });
  it('counts units destroyed, not wounds; a 40K batch still counts wounds', () => {
    for (const text of [renderBatch([row('epic')], false, WIDE), renderSummary([row('epic')], false, WIDE), renderBatchHtml([row('epic')], 'x')]) {
      expect(text).toMatch(/units destroyed A&gt;D|units destroyed A>D|units\/100pt/);
      expect(text).not.toMatch(/wounds A|W\/100pt/);
    }
    expect(renderBatch([row('srd4')], false, WIDE)).toMatch(/wounds A>D .*W\/100pt A v D/);
  });
});
