// A call of the chance as the tabled fights keep it (src/sim/calls.ts): its code, made on dice
// stream 2, read back (`decode`) gives what the rules read of the call, for every kind; and no
// code reaches its kind's range.
import { describe, expect, it } from 'vitest';
import { CountChance } from '../src/counts.js';
import { AUTO_HIT } from '../src/dice.js';
import { BLOWS, callOn, codeRange, DAMAGE, decode, DIE, HIGHEST, LEADERSHIP, PENETRATE, RACE, SAVE_UNTIL, SAVES, SPREAD, SUM, TEST, type Outputs } from '../src/sim/calls.js';

const out = (): Outputs => ({ sixes: -1, second: -1, used: -1, glancing: -1, blow: { hits: -1, autoWounds: -1, hitFaces: null, woundFaces: null, rerollFaces: null } });

/** the call `kind` with `args` made on a fresh chance at `run`: its code, and that chance after it */
function made(kind: number, args: number[], run: number): { code: number; chance: CountChance; into: number[] } {
  const chance = new CountChance('calls').start(run);
  const into: number[] = [];
  const code = callOn(chance, kind, Int32Array.from(args), 0, into, []);
  return { code, chance, into };
}

describe('a call kept as a code reads back as the rules read it', () => {
  const runs = Array.from({ length: 300 }, (_, i) => i + 1);

  it('tests with and without their 6s, saves (failures past the last model as one), sums, the highest die, one die, Leadership', () => {
    for (const run of runs) {
      const t = made(TEST, [7, 4, 1], run);
      const o = out();
      expect(decode(TEST, [7, 4, 1], 0, t.code, o, [])).toBe(new CountChance('calls').start(run).test(7, 4, true));
      expect(o.sixes).toBe(t.chance.sixes);
      const plain = made(TEST, [5, 3, 0], run);
      expect(decode(TEST, [5, 3, 0], 0, plain.code, out(), [])).toBe(new CountChance('calls').start(run).test(5, 3));
      const saves = made(SAVES, [9, 4, 3], run);
      const failed = new CountChance('calls').start(run).saves(9, 4, 3);
      expect(decode(SAVES, [9, 4, 3], 0, saves.code, out(), [])).toBe(Math.min(failed, 3));
      expect(saves.code).toBeLessThan(codeRange(SAVES, [9, 4, 3], 0));
      // the fourth argument: the save re-roll (abilities.md B2) and 4 times the Feel No Pain roll (B4)
      for (const [reroll, pain] of [[2, 0], [1, 4], [0, 5]]) {
        const args = [9, 4, 3, reroll! + 4 * pain!];
        const fx = made(SAVES, args, run);
        const suffered = new CountChance('calls').start(run).saves(9, 4, 3, reroll, pain);
        expect(decode(SAVES, args, 0, fx.code, out(), [])).toBe(Math.min(suffered, 3));
        expect(fx.code).toBeLessThan(codeRange(SAVES, args, 0));
        const until = made(SAVE_UNTIL, [9, 4, 2, reroll! + 4 * pain!], run);
        const c = new CountChance('calls').start(run);
        const o = out();
        expect(decode(SAVE_UNTIL, [9, 4, 2, reroll! + 4 * pain!], 0, until.code, o, [])).toBe(c.saveUntil(9, 4, 2, reroll, pain));
        expect(o.used).toBe(c.used);
      }
      for (const [kind, args, roll] of [
        [SUM, [3], (c: CountChance) => c.sum(3)],
        [HIGHEST, [2], (c: CountChance) => c.highest(2)],
        [DIE, [], (c: CountChance) => c.die()],
        [LEADERSHIP, [8], (c: CountChance) => (c.leadership(8) ? 1 : 0)],
      ] as const) {
        const m = made(kind, [...args], run);
        expect(decode(kind, args, 0, m.code, out(), [])).toBe(roll(new CountChance('calls').start(run)));
        expect(m.code).toBeLessThan(codeRange(kind, args, 0));
      }
    }
  });

  it('a race reads back as a pair of sums with the same difference, each a sum its dice can make', () => {
    for (const run of runs) {
      for (const [a, b] of [[1, 1], [2, 1], [1, 2], [3, 2]]) {
        const m = made(RACE, [a!, b!], run);
        const c = new CountChance('calls').start(run);
        const first = c.race(a!, b!);
        const o = out();
        const got = decode(RACE, [a!, b!], 0, m.code, o, []);
        expect(o.second - got).toBe(c.second - first);
        expect(got).toBeGreaterThanOrEqual(a!);
        expect(got).toBeLessThanOrEqual(6 * a!);
        expect(o.second).toBeGreaterThanOrEqual(b!);
        expect(o.second).toBeLessThanOrEqual(6 * b!);
        expect(m.code).toBeGreaterThanOrEqual(0);
        expect(m.code).toBeLessThan(codeRange(RACE, [a!, b!], 0));
      }
    }
  });

  it('blows give their wounds and automatic wounds (their hits are the log\'s alone)', () => {
    for (const run of runs) {
      for (const args of [[10, 4, 4, 0], [10, 3, 5, 3], [6, AUTO_HIT, 4, 4], [8, 4, 0, 3]]) {
        const m = made(BLOWS, args, run);
        const c = new CountChance('calls').start(run);
        const f = args[3]!;
        const wounds = c.blows(args[0]!, args[1]!, args[2]!, (f & 1) !== 0, (f & 2) !== 0, (f & 4) !== 0);
        const o = out();
        expect(decode(BLOWS, args, 0, m.code, o, [])).toBe(wounds);
        expect(o.blow.autoWounds).toBe(c.blow.autoWounds);
        expect(Number.isNaN(o.blow.hits)).toBe(true);
        expect(m.code).toBeLessThan(codeRange(BLOWS, args, 0));
      }
    }
  });

  it('saves one at a time, penetration, damage and a spread give all they gave', () => {
    for (const run of runs) {
      const until = made(SAVE_UNTIL, [12, 4, 3], run);
      const c1 = new CountChance('calls').start(run);
      const o1 = out();
      expect(decode(SAVE_UNTIL, [12, 4, 3], 0, until.code, o1, [])).toBe(c1.saveUntil(12, 4, 3));
      expect(o1.used).toBe(c1.used);
      const pen = made(PENETRATE, [6, 1, 4, 10, 1], run);
      const c2 = new CountChance('calls').start(run);
      const o2 = out();
      expect(decode(PENETRATE, [6, 1, 4, 10, 1], 0, pen.code, o2, [])).toBe(c2.penetrate(6, 1, 4, 10, true));
      expect(o2.glancing).toBe(c2.glancing);
      const dmg = made(DAMAGE, [2, 1, 0], run);
      expect(decode(DAMAGE, [2, 1, 0], 0, dmg.code, out(), [])).toBe(new CountChance('calls').start(run).damage(2, 1, 0));
      const spread = made(SPREAD, [5, 3, 4, 0, 6], run);
      const into: number[] = [];
      decode(SPREAD, [5, 3, 4, 0, 6], 0, spread.code, out(), into);
      expect(into).toEqual(spread.into.slice(0, 3));
      expect(spread.code).toBeLessThan(codeRange(SPREAD, [5, 3, 4, 0, 6], 0));
    }
  });
});
