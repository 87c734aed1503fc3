// The choices made for a player count the target's abilities (../shared/rules/abilities.md B13):
// rules ruling 17's target among several enemy units and ruling 15's wound-pool order weigh the
// target's Feel No Pain (where it may roll against the blows, B4) and its save re-rolls (B2),
// with scripted dice, one body for every edition that makes the choice. The expected order is
// worked out here from the dice's chances, not read from the program.
import { describe, expect, it } from 'vitest';
import type { Ability } from '../src/abilities.js';
import { exact } from '../src/exact/exact.js';
import { ability, eventsOf, having, model, modelIn, scenario, scripted, unit } from './helpers.js';

/** The chance a wound gets through a save of `sv`+ (7: none), re-rolled when failed, then Feel No Pain `pain`+ (0: none). */
function through(sv: number, reroll: boolean, pain: number): number {
  const fail = sv >= 7 ? 1 : (sv - 1) / 6;
  return (reroll ? fail * fail : fail) * (pain > 0 ? (pain - 1) / 6 : 1);
}

const fnp = (n: number) => ability(`fnp${n}`, { kind: 'feelNoPain', n });
const rerollSaves = ability('reroll-saves', { kind: 'reroll', roll: 'save', results: 'failed' });

interface Foe { name: string; sv: number; pain: number; reroll: boolean }

/** A fearless target unit that strikes nothing back. */
function foe(f: Foe) {
  const abilities: Ability[] = [...(f.pain > 0 ? [fnp(f.pain)] : []), ...(f.reroll ? [rerollSaves] : [])];
  return unit(f.name, [[having(model(`${f.name} model`, { WS: 4, T: 4, I: 1, A: 0, Sv: f.sv }, [], ['fearless']), ...abilities), 5]]);
}

const CASES: { what: string; s: number; foes: [Foe, Foe]; painApplies: boolean }[] = [
  { what: 'Feel No Pain 2+ against a plain unit of the same save', s: 4, foes: [{ name: 'DPain', sv: 4, pain: 2, reroll: false }, { name: 'DPlain', sv: 4, pain: 0, reroll: false }], painApplies: true },
  { what: 'a worse save with Feel No Pain 4+ against a better save', s: 4, foes: [{ name: 'DPain', sv: 5, pain: 4, reroll: false }, { name: 'DArmour', sv: 4, pain: 0, reroll: false }], painApplies: true },
  { what: 'saves re-rolled against the same save', s: 4, foes: [{ name: 'DReroll', sv: 4, pain: 0, reroll: true }, { name: 'DPlain', sv: 4, pain: 0, reroll: false }], painApplies: true },
  { what: 'Feel No Pain 2+ against Strength 8 (twice T4: no roll, B4) with a worse save', s: 8, foes: [{ name: 'DPain', sv: 5, pain: 2, reroll: false }, { name: 'DPlain', sv: 4, pain: 0, reroll: false }], painApplies: false },
];

for (const R of ['srd4', 'revised4', 'fightphase', 'waffle'] as const) {
  describe(`${R} ruling 17's target counts the target's Feel No Pain and save re-rolls (abilities.md B13)`, () => {
    for (const k of CASES) {
      it(`${R} ${k.what}`, () => {
        const chances = k.foes.map((f) => through(f.sv, f.reroll, k.painApplies ? f.pain : 0));
        // the first in order on a tie
        const want = chances[1]! > chances[0]! ? k.foes[1]!.name : k.foes[0]!.name;
        const a = model('Striker', { WS: 4, S: k.s, A: 1, I: 4 });
        // one attack, a 1 to hit: it misses whoever it strikes
        const { events } = scripted(scenario(R, [unit('A', [[a, 1]], { charged: false })], k.foes.map(foe)), [1], { allowLeftover: true });
        expect(eventsOf(events, 'attacks').find((e) => e.model === 'Striker')!.target).toBe(want);
      });
    }
  });
}

for (const R of ['fightphase', 'waffle'] as const) {
  describe(`${R} ruling 15's pool order counts Feel No Pain (abilities.md B13)`, () => {
    it(`${R} the pool whose wounds get through most often first: S8 against Sv 2+ (no Feel No Pain) before a heavy weapon's capped 4+ with Feel No Pain 2+`, () => {
      // S8 against T4: Feel No Pain may not roll (B4); the heavy close combat weapon caps the save at 4+, Feel No Pain 2+ rolls
      const s8 = through(2, false, 0);
      const heavy = through(4, false, 2);
      expect(s8).toBeGreaterThan(heavy);
      const big = modelIn(R, 'Big', { WS: 4, S: 8, A: 1, I: 4 }, ['close-combat-weapon']);
      const hv = modelIn(R, 'Heavy', { WS: 4, S: 4, A: 1, I: 4 }, ['heavy-close-combat-weapon']);
      const d = having(model('Painer', { WS: 4, T: 4, I: 1, A: 0, Sv: 2 }, [], ['fearless']), fnp(2));
      // each strikes once: 6 to hit, 6 to wound; then the S8 pool's save (3: saved), the heavy pool's (1: failed), its Feel No Pain (5: ignored)
      const { events } = scripted(scenario(R, [unit('A', [[big, 1], [hv, 1]], { charged: false })], [unit('D', [[d, 2]])]), [6, 6, 6, 6, 3, 1, 5]);
      const groups = eventsOf(events, 'saves')[0]!.groups;
      expect(groups.map((g) => [g.need, g.rolls])).toEqual([[2, [3]], [4, [1]]]);
      expect(groups[1]!.pain).toEqual({ need: 2, rolls: [5], ignored: 1 });
      expect(eventsOf(events, 'casualties')[0]!.woundsInflicted).toBe(0);
    });
  });
}

for (const R of ['srd4', 'revised4', 'fightphase', 'waffle'] as const) {
  describe(`${R} ruling 17's target: a rending weapon's 6s get through Feel No Pain (B4)`, () => {
    it(`${R} rending blows strike Sv 2+ with Feel No Pain 2+ over Sv 4+ with an invulnerable 4+`, () => {
      // WS4 against WS4: 4+ to hit (1/2), a 6 (1/6) rends: no armour save, no Feel No Pain, an invulnerable save still;
      // the other hits (1/3) wound S4 against T4 on 4+ (1/2)
      const rend = 1 / 6;
      const rest = (1 / 2 - rend) * (1 / 2);
      const pain = rend * 1 + rest * through(2, false, 2);
      const inv = rend * through(4, false, 0) + rest * through(4, false, 0);
      expect(pain).toBeGreaterThan(inv);
      const striker = modelIn(R, 'Striker', { WS: 4, S: 4, A: 1, I: 4 }, ['rending']);
      const dInv = unit('DInv', [[model('DInv model', { WS: 4, T: 4, I: 1, A: 0, Sv: 4, Inv: 4 }, [], ['fearless']), 5]]);
      const dPain = unit('DPain', [[having(model('DPain model', { WS: 4, T: 4, I: 1, A: 0, Sv: 2 }, [], ['fearless']), fnp(2)), 5]]);
      const { events } = scripted(scenario(R, [unit('A', [[striker, 1]], { charged: false })], [dInv, dPain]), [1], { allowLeftover: true });
      expect(eventsOf(events, 'attacks').find((e) => e.model === 'Striker')!.target).toBe('DPain');
    });
  });
}

for (const R of ['srd4', 'revised4'] as const) {
  describe(`${R} exact follows the choice: the first round's wounds are those against the unit chosen`, () => {
    it(`${R} 5 Guys charging (10 attacks, WS3 against WS4: 4+, S3 against T4: 5+) strike the plain Sv 4+ unit, not the one with Feel No Pain 2+`, () => {
      const guy = model('Guy', { WS: 3, S: 3, T: 3, I: 3, A: 1 });
      const foes = [{ name: 'DPain', sv: 4, pain: 2, reroll: false }, { name: 'DPlain', sv: 4, pain: 0, reroll: false }].map(foe);
      const e = exact(scenario(R, [unit('Guys', [[guy, 5]], { charged: true })], foes));
      // the Guys strike first (I3 before I1): each attack a wound on DPlain with 1/2 x 1/3 x 1/2
      const p = (1 / 2) * (2 / 6) * through(4, false, 0);
      // at most the 5 models the unit has: the mean of min(Binomial(10, p), 5)
      const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n, k - 1) * (n - k + 1)) / k);
      let mean = 0;
      for (let k = 0; k <= 10; k++) mean += Math.min(k, 5) * choose(10, k) * p ** k * (1 - p) ** (10 - k);
      expect(e.firstRound.woundsInflicted.attacker.mean).toBeCloseTo(mean, 10);
    });
  });
}
