// test/regression/: every shipped scenario under every implemented ruleset, and exact checks whose
// expected numbers are recomputed here from first principles. `assault check` runs on its pins in
// parts (test/regression-parts.ts), which this file holds to take every pin file once.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findCheckFiles } from '../src/check/check.js';
import { partFiles, REGRESSION_DIR, REGRESSION_PARTS } from './regression-parts.js';
import { binom, cappedMoments, simultaneousDuel } from './exact.js';

const dir = new URL('./regression/', import.meta.url).pathname;
const expected = (file: string, path: string): number => parse(readFileSync(`${dir}exact/${file}`, 'utf8')).expect[path].approx;

describe('exact regression checks hold numbers computed from first principles', () => {
  it('srd4 three attacks at 4+/4+', () => {
    expect(expected('three-attacks.check.yaml', 'firstRound.result.attacker')).toBeCloseTo(1 - binom(3, 1 / 4)[0]!, 4);
    expect(expected('three-attacks.check.yaml', 'firstRound.woundsInflicted.attacker.mean')).toBeCloseTo(0.75, 4);
  });
  it('srd4 Marines against Guardsmen, excess lost', () => {
    const pmf = binom(20, 8 / 27);
    expect(expected('marines-vs-guardsmen.check.yaml', 'firstRound.woundsInflicted.attacker.mean')).toBeCloseTo(cappedMoments(pmf, 10).mean, 4);
    expect(expected('marines-vs-guardsmen.check.yaml', 'final.end.destroyed')).toBeCloseTo(pmf.slice(10).reduce((a, b) => a + b, 0), 4);
  });
  it('srd4 and fightphase: Striking Scorpions with mandiblasters and Preferred Enemy strike first at 16 Boyz', () => {
    // Exarch 5 attacks (A2 +1 mandiblasters +1 two weapons +1 charge) at WS5 against WS4: 3+;
    // 5 Scorpions 4 attacks each, hitting on 3+ (Preferred Enemy) where WS4 against WS4 needs 4+;
    // S4 (chainsword +1) against T4: 4+; Sv 6+: 25 attacks wounding with 2/3 x 1/2 x 5/6, at most 16 Boyz
    const pmf = binom(25, (2 / 3) * (1 / 2) * (5 / 6));
    for (const rules of ['srd4', 'fightphase']) {
      const pinned = parse(readFileSync(`${dir}${rules}/scorpions-vs-mob-rule.check.yaml`, 'utf8')).expect['firstRound.woundsInflicted.attacker.mean'].approx;
      expect(pinned).toBeCloseTo(cappedMoments(pmf, 16).mean, 9);
    }
  });
  it('srd4 simultaneous duel', () => {
    const duel = simultaneousDuel(5, 1 / 4, 7);
    expect(expected('simultaneous-duel.check.yaml', 'firstRound.result.attacker')).toBeCloseTo(duel.firstWin, 4);
    expect(expected('simultaneous-duel.check.yaml', 'final.winner.attacker')).toBeCloseTo(duel.finalWin, 4);
  });
});

describe('assault check test/regression, in parts', () => {
  it('the parts (test/regression-*.test.ts) together check every pin file once', () => {
    const every = findCheckFiles([REGRESSION_DIR]);
    expect(every.length).toBeGreaterThanOrEqual(13);
    const taken = Object.keys(REGRESSION_PARTS).flatMap(partFiles);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort()).toEqual([...every].sort());
    for (const part of Object.keys(REGRESSION_PARTS)) expect(existsSync(join(import.meta.dirname, `regression-${part}.test.ts`)), part).toBe(true);
  });
});
