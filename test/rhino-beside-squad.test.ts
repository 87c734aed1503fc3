// A squad with its Rhino (vehicles.md V17, V18): 3 Marines charge 3 Boyz and their parked Rhino,
// sharing their attacks (attackSplit: even), one phase. `exact` and `sim` against the chances
// worked out here by binomial arithmetic, independently of the engine, under srd4 and revised4:
// exact within 1e-9, sim within 4.5 standard errors of 20,000 runs; and the pins of the shipped
// scenario that fights it (rosters/scenarios/vehicles/squad-beside-rhino.yaml) against the same.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { binom, leadershipPass } from './exact.js';
import { squadWithRhino } from './vehicle-scenarios.js';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';

const RUNS = 20_000;

/** P(D6 + a >= D6 + b) and P(2D6 > 2D6) by counting the faces. */
function d6AtLeast(a: number, b: number): number {
  let n = 0;
  for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) if (x + a >= y + b) n++;
  return n / 36;
}
function twoD6Beats(): number {
  const sums = Array<number>(13).fill(0);
  for (let x = 1; x <= 6; x++) for (let y = 1; y <= 6; y++) sums[x + y]! += 1 / 36;
  let p = 0;
  for (let a = 2; a <= 12; a++) for (let b = 2; b < a; b++) p += sums[a]! * sums[b]!;
  return p;
}

/** The one phase worked out by hand. */
function byHand(rules: string) {
  // I4: each Marine's attack at the Boyz hits 4+, wounds 4+, beats the 6+ save: 5/24; at the Rhino it
  // hits with no die and glances rear 10 on a 6 (4 + 6), a damage 6 destroying it
  const kill = binom(3, (1 / 2) * (1 / 2) * (5 / 6));
  const glance = 1 / 6;
  // I2: each Boy left makes 2 attacks: 4+ to hit, 5+ to wound T4 at S3, the 3+ save fails on 1-2
  const wound = (1 / 2) * (1 / 3) * (1 / 3);
  const boyzBreak = 1 - leadershipPass(7);
  const marinesBreak = 1 - leadershipPass(8);
  // the sweep catches: srd4 D6 + I against D6 + I (equal catches), revised4 2D6 against 2D6 (higher catches)
  const marinesCatch = rules === 'srd4' ? d6AtLeast(4, 2) : twoD6Beats();
  const boyzCatch = rules === 'srd4' ? d6AtLeast(2, 4) : twoD6Beats();
  const f = { attacker: 0, defender: 0, draw: 0, woundsA: 0, woundsD: 0, winA: 0, winD: 0, destroyed: 0, swept: 0, fellBack: 0 };
  for (let k = 0; k <= 3; k++) {
    const pk = kill[k]!;
    f.woundsA += pk * k;
    if (k === 3) {
      // the Boyz are destroyed before they strike: the Rhino beside them keeps no one in the combat (V18)
      f.attacker += pk;
      f.winA += pk;
      f.destroyed += pk;
      continue;
    }
    const ws = binom(2 * (3 - k), wound);
    ws.forEach((pw, w) => {
      const p = pk * pw;
      const lost = Math.min(w, 3);
      f.woundsD += p * lost;
      if (lost === 3) {
        f.defender += p;
        f.winD += p;
        f.destroyed += p;
      } else if (k > lost) {
        // the Rhino's glancing hits count for nothing (V17): the Boyz lost on their own wounds
        f.attacker += p;
        f.winA += p * boyzBreak;
        f.swept += p * boyzBreak * marinesCatch;
        f.fellBack += p * boyzBreak * (1 - marinesCatch);
      } else if (lost > k) {
        f.defender += p;
        f.winD += p * marinesBreak;
        f.swept += p * marinesBreak * boyzCatch;
        f.fellBack += p * marinesBreak * (1 - boyzCatch);
      } else f.draw += p;
    });
  }
  return { ...f, vehicleDestroyed: 1 - (1 - glance / 6) ** 3, unharmed: (1 - glance) ** 3, glancing: 3 * glance };
}

describe.each(['srd4', 'revised4'])('a squad with its Rhino under %s: exact and sim against the chances worked out by hand', (rules) => {
  it('one phase', { timeout: 120_000 }, async () => {
    const want = byHand(rules);
    const e = exact(squadWithRhino(rules));
    const m = await simulate(squadWithRhino(rules), { runs: RUNS, seed: `rhino-beside-${rules}` });
    const figures: [string, number, (r: typeof e) => number][] = [
      ['first result attacker', want.attacker, (r) => r.firstRound.result.attacker ?? 0],
      ['first result defender', want.defender, (r) => r.firstRound.result.defender ?? 0],
      ['first result draw', want.draw, (r) => r.firstRound.result.draw ?? 0],
      ['winner attacker', want.winA, (r) => r.final.winner.attacker ?? 0],
      ['winner defender', want.winD, (r) => r.final.winner.defender ?? 0],
      ['ended destroyed', want.destroyed, (r) => r.final.end.destroyed ?? 0],
      ['ended swept', want.swept, (r) => r.final.end.swept ?? 0],
      ['ended fell back', want.fellBack, (r) => r.final.end.fellBack ?? 0],
      ['Rhino destroyed', want.vehicleDestroyed, (r) => r.vehicle!.destroyed],
      ['Rhino unharmed', want.unharmed, (r) => r.vehicle!.unharmed],
    ];
    for (const [what, p, read] of figures) {
      expect(Math.abs(read(e) - p), `${what}: exact ${read(e)}, by hand ${p}`).toBeLessThan(1e-9);
      const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
      expect(Math.abs(read(m) - p), `${what}: sim ${read(m)}, by hand ${p}`).toBeLessThanOrEqual(4.5 * se);
    }
    // wounds inflicted: the Marines' count only the Boyz (V17), not the Rhino's glancing hits
    expect(Math.abs(e.firstRound.woundsInflicted.attacker.mean - want.woundsA)).toBeLessThan(1e-9);
    expect(Math.abs(e.firstRound.woundsInflicted.defender.mean - want.woundsD)).toBeLessThan(1e-9);
    expect(Math.abs(e.vehicle!.glancing.mean - want.glancing)).toBeLessThan(1e-9);
  });

  it('to resolution: sim gives the figures exact gives', { timeout: 120_000 }, async () => {
    const e = exact(squadWithRhino(rules, 'resolve'));
    const m = await simulate(squadWithRhino(rules, 'resolve'), { runs: RUNS, seed: `rhino-resolve-${rules}` });
    const shares: [string, (r: typeof e) => number][] = [
      ['winner attacker', (r) => r.final.winner.attacker ?? 0], ['winner defender', (r) => r.final.winner.defender ?? 0],
      ['ended destroyed', (r) => r.final.end.destroyed ?? 0], ['ended swept', (r) => r.final.end.swept ?? 0],
      ['ended fell back', (r) => r.final.end.fellBack ?? 0], ['Rhino destroyed', (r) => r.vehicle!.destroyed],
      ['Rhino stunned', (r) => r.vehicle!.stunned], ['Rhino shaken', (r) => r.vehicle!.shaken],
    ];
    for (const [what, read] of shares) {
      const p = read(e);
      const se = Math.sqrt(Math.max(p * (1 - p), 1 / RUNS) / RUNS);
      expect(Math.abs(read(m) - p), `${what}: sim ${read(m)}, exact ${p}`).toBeLessThanOrEqual(4.5 * se);
    }
    expect(Math.abs((e.final.winner.attacker ?? 0) + (e.final.winner.defender ?? 0) + (e.final.winner.none ?? 0) - 1)).toBeLessThan(1e-12);
  });

  it('the pins of rosters/scenarios/vehicles/squad-beside-rhino.yaml hold the figures worked out by hand', () => {
    const want = byHand(rules);
    const file = new URL(`./regression/vehicles/squad-beside-rhino.${rules}.check.yaml`, import.meta.url).pathname;
    const pins = parse(readFileSync(file, 'utf8')) as { method: string; expect: Record<string, { approx: number }> };
    expect(pins.method).toBe('exact');
    const byPath: Record<string, number> = {
      'firstRound.result.attacker': want.attacker, 'firstRound.result.defender': want.defender, 'firstRound.woundsInflicted.attacker.mean': want.woundsA,
      'final.winner.attacker': want.winA, 'final.winner.defender': want.winD, 'final.end.destroyed': want.destroyed, 'final.end.swept': want.swept,
      'final.end.fellBack': want.fellBack, 'vehicle.destroyed': want.vehicleDestroyed, 'vehicle.unharmed': want.unharmed,
    };
    expect(Object.keys(pins.expect).sort()).toEqual(Object.keys(byPath).sort());
    for (const [path, p] of Object.entries(byPath)) expect(Math.abs(pins.expect[path]!.approx - p), path).toBeLessThan(1e-9);
  });
});
