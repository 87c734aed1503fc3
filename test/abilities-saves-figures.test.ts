// The figures of abilities on saves and wounds (../shared/rules/abilities.md B2, B4, B5): the
// laws `exact` draws saves with a re-roll and Feel No Pain from, and the dice it counts, against
// closed forms and the dice face by face; the dice as rolled one by one; `exact` and `sim` on
// fights against closed forms (and each other where none is at hand); the tabled sim against
// the reference steps, run by run.
import { describe, expect, it } from 'vitest';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { EnumChance } from '../src/exact/chance.js';
import { exact } from '../src/exact/exact.js';
import type { Scenario } from '../src/model.js';
import { simulate } from '../src/sim/run.js';
import { everyPath, model, modelIn, sameLaw, scenario, unit } from './helpers.js';
import { EDITIONS, eternal, fnp, rerollSaves, striker, targets, withAb, withAp, zombie } from './abilities-build.js';
import { tabledDifferences } from './tabled-differences.js';

/** P(X = k), X ~ Binomial(n, p) */
const binomial = (n: number, p: number) => Array.from({ length: n + 1 }, (_, k) => choose(n, k) * p ** k * (1 - p) ** (n - k));
function choose(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}
/** the law of X + Y for independent X, Y given as pmfs */
const convolve = (a: number[], b: number[]) => {
  const out = Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((p, i) => b.forEach((q, j) => (out[i + j]! += p * q)));
  return out;
};
const mean = (pmf: number[]) => pmf.reduce((m, p, k) => m + k * p, 0);
const variance = (pmf: number[]) => pmf.reduce((v, p, k) => v + (k - mean(pmf)) ** 2 * p, 0);

describe('the chances of saves with a re-roll and Feel No Pain', () => {
  it('exact: saves of n wounds are suffered with chance q_save x q_pain, q_save re-rolled (failed: q^2; ones: q - 1/6 + q/6)', () => {
    for (const [need, reroll, pain] of [[4, 2, 0], [3, 1, 0], [5, 0, 4], [4, 2, 5], [7, 0, 4], [2, 1, 6]] as const) {
      const q = need >= 7 ? 1 : (need - 1) / 6;
      const qSave = need >= 7 ? 1 : reroll === 2 ? q * q : reroll === 1 ? q - 1 / 6 + q / 6 : q;
      const p = qSave * (pain > 0 ? (pain - 1) / 6 : 1);
      const { law } = everyPath((e) => e.saves(5, need, 99, reroll, pain));
      const want = new Map(binomial(5, p).map((pr, k) => [k, pr] as const).filter(([, pr]) => pr > 0));
      sameLaw(law, want);
      // stopped at the 2nd wound suffered: (suffered, wounds rolled for)
      const until = everyPath((e) => `${e.saveUntil(4, need, 2, reroll, pain)},${e.used}`).law;
      const w = new Map<string, number>();
      for (const f of [0, 1]) w.set(`${f},4`, choose(4, f) * p ** f * (1 - p) ** (4 - f));
      for (let j = 2; j <= 4; j++) w.set(`2,${j}`, choose(j - 1, 1) * p ** 2 * (1 - p) ** (j - 2));
      sameLaw(until, new Map([...w].filter(([, pr]) => pr > 0)));
    }
  });

  it('exact: the dice it counts are those rolled on average, die face by die face', () => {
    // one wound's ways, face by face: [chance, dice, suffered]
    const wound = (need: number, reroll: number, pain: number): [number, number, boolean][] => {
      const out: [number, number, boolean][] = [];
      const painStage = (p: number, dice: number) => {
        if (pain === 0) return void out.push([p, dice, true]);
        for (let f = 1; f <= 6; f++) out.push([p / 6, dice + 1, f < pain]);
      };
      if (need >= 7) painStage(1, 0);
      else for (let f = 1; f <= 6; f++) {
        if (f >= need) out.push([1 / 6, 1, false]);
        else if (reroll === 2 || (reroll === 1 && f === 1)) for (let g = 1; g <= 6; g++) (g >= need ? out.push([1 / 36, 2, false]) : painStage(1 / 36, 2));
        else painStage(1 / 6, 1);
      }
      // the ways that roll as many dice with the same end, merged (fewer paths to walk)
      const merged = new Map<string, [number, number, boolean]>();
      for (const [p, d, s] of out) {
        const w = merged.get(`${d}${s}`);
        if (w) w[0] += p;
        else merged.set(`${d}${s}`, [p, d, s]);
      }
      return [...merged.values()];
    };
    for (const [need, reroll, pain] of [[4, 2, 4], [3, 1, 5], [7, 0, 4], [5, 2, 0]] as const) {
      const ways = wound(need, reroll, pain);
      // wounds one at a time until the 2nd suffered, of 4 at most
      let want = 0;
      const walk = (left: number, suffered: number, p: number, dice: number): void => {
        if (left === 0 || suffered === 2) return void (want += p * dice);
        for (const [q, d, s] of ways) walk(left - 1, suffered + (s ? 1 : 0), p * q, dice + d);
      };
      walk(4, 0, 1, 0);
      const e = new EnumChance('test');
      // the dice rolled, summed over every path of one roll, weighted by its probability
      const enumerated = (roll: () => void): number => {
        let sum = 0;
        e.reset();
        do {
          e.restart();
          roll();
          sum += e.prob * e.rolled;
        } while (e.nextPath());
        return sum;
      };
      const got = enumerated(() => e.saveUntil(4, need, 2, reroll, pain));
      expect(Math.abs(got - want), `${need} ${reroll} ${pain}`).toBeLessThan(1e-12);
      let all = 0;
      const walkAll = (left: number, p: number, dice: number): void => {
        if (left === 0) return void (all += p * dice);
        for (const [q, d] of ways) walkAll(left - 1, p * q, dice + d);
      };
      walkAll(3, 1, 0);
      const gotAll = enumerated(() => e.saves(3, need, 2, reroll, pain));
      expect(Math.abs(gotAll - all)).toBeLessThan(1e-12);
    }
  });

  it('exact: a sweep hit is a wound suffered on kind j with chance (share) x (wounds) x q_save x q_pain', () => {
    // one kind of 4 models, 3 hits wounding on 4+, Sv 4+ re-rolled, Feel No Pain 5+; room 2
    const p = (1 / 2) * (1 / 4) * (4 / 6);
    const { law } = everyPath((e) => {
      const into = [0];
      e.sweepUnsaved!(3, [4], 1, [4], [4], 0, [2], into, [2 + 4 * 5]);
      return into[0]!;
    });
    const pmf = binomial(3, p);
    sameLaw(law, new Map([[0, pmf[0]!], [1, pmf[1]!], [2, pmf[2]! + pmf[3]!]]));
  });

  it('die by die: the saves, then the failed ones re-rolled, then Feel No Pain for those still failed; each roll stopped at the wounds that may be suffered', () => {
    const c = new DiceChance(new ScriptedDice([1, 5, 3, 2, 6, 4, 1]), true);
    // saves 1 5 3 (4+): 1 and 3 re-rolled: 2 6; Feel No Pain for the 1->2: 4 (4+ ignores); none suffered
    expect(c.saves(3, 4, 99, 2, 4)).toBe(0);
    expect([c.faces, c.saveFx]).toEqual([[1, 5, 3], { again: [2, 0, 6], pain: [4, 0, 0] }]);
    // no save (7): Feel No Pain alone
    expect(c.saves(1, 7, 99, 0, 4)).toBe(1);
    expect(c.saveFx).toEqual({ again: [0], pain: [1] });
    // until the 1st suffered, one wound at a time, the 1s re-rolled: 1 re-rolled 6; 2 (not re-rolled) is suffered
    const u = new DiceChance(new ScriptedDice([1, 6, 2]), true);
    expect(u.saveUntil(5, 4, 1, 1, 0)).toBe(1);
    expect([u.used, u.faces, u.saveFx!.again]).toEqual([2, [1, 2], [6, 0]]);
  });
});

/** Feel No Pain beside a power weapon: a Sergeant (A2, power weapon) and 4 Marines (A1) strike 20 Zombies (T4 Sv3+ Feel No Pain 4+) */
function besidePowerWeapon(rules: string, rounds: number | 'resolve' = 1) {
  const sergeant = modelIn(rules, 'Sergeant', { WS: 4, S: 4, I: 4, A: 2 }, ['power-weapon']);
  const marine = modelIn(rules, 'Marine', { WS: 4, S: 4, I: 4, A: 1 });
  return scenario(rules, [unit('M', [[sergeant, 1], [marine, 4]])], [targets(zombie({ Sv: 3, Ld: 10 }, fnp()), 20)], rounds);
}
/** A striker (A3) against a Champion who re-rolls failed saves and 10 who do not, all Sv4+ */
function championFirst(rules: string, rounds: number | 'resolve' = 1) {
  const champion = withAb(model('Champion', { T: 4, Sv: 4, I: 1, A: 0, Ld: 10 }), rerollSaves());
  return scenario(rules, [striker(rules)], [unit('D', [[champion, 1], [model('Plain', { T: 4, Sv: 4, I: 1, A: 0, Ld: 10 }), 10]])], rounds);
}
/** S8 (A2) against an Ogre: T4 W3 Sv4+ Eternal Warrior */
function ogre(rules: string, rounds: number | 'resolve' = 1) {
  return scenario(rules, [striker(rules, { S: 8, A: 2 })], [targets(zombie({ W: 3, Ld: 10 }, eternal()), 1)], rounds);
}

/** the first phase's wounds inflicted by the attacker, by closed form, for each scenario and edition */
function expected(name: string, rules: string): number[] {
  switch (name) {
    case 'beside a power weapon':
      // power weapon: hit 1/2, wound 1/2, no save and no Feel No Pain (srd4: it ignores armour; fightphase: AP3 against Sv3+);
      // Marines: hit, wound, the 3+ save fails 1/3, Feel No Pain fails 1/2
      return convolve(binomial(2, 1 / 4), binomial(4, 1 / 4 / 3 / 2));
    case 'champion first': {
      // N ~ Bin(3, 1/4) wounds; the Champion's save fails 1/4 (re-rolled), a Plain's 1/2.
      // srd4, revised4: one hit to each model in turn, the Champion's first; fightphase, waffle: every wound to the
      // Champion (the closest, first in the removal order) until he dies
      const out = [0, 0, 0, 0];
      binomial(3, 1 / 4).forEach((pN, n) => {
        let law = [1];
        if (withAp(rules)) {
          // wound by wound: while the Champion lives, 1/4 to kill him; after, 1/2 each
          let alive = new Map<number, number>([[0, 1]]);
          let dead = new Map<number, number>();
          for (let i = 0; i < n; i++) {
            const a2 = new Map<number, number>();
            const d2 = new Map<number, number>();
            const add = (m: Map<number, number>, k: number, p: number) => m.set(k, (m.get(k) ?? 0) + p);
            for (const [k, p] of alive) add(a2, k, (p * 3) / 4), add(d2, k + 1, p / 4);
            for (const [k, p] of dead) add(d2, k, p / 2), add(d2, k + 1, p / 2);
            alive = a2;
            dead = d2;
          }
          law = [0, 0, 0, 0];
          for (const m of [alive, dead]) for (const [k, p] of m) law[k]! += p;
        } else if (n > 0) law = convolve([3 / 4, 1 / 4], binomial(n - 1, 1 / 2));
        law.forEach((p, k) => (out[k]! += pN * p));
      });
      return out;
    }
    default:
      // each attack: hit 1/2, wound 5/6 (S8 against T4), the save fails 1/2; no Instant Death: one wound each
      return binomial(2, 5 / 24);
  }
}

/** (waffle, fightphase) Killers catch fleeing Ogryns (W2, re-rolling failed saves, Feel No Pain 5+) and Guardsmen (Feel No Pain 4+) */
function swept(rules: string, rounds: number | 'resolve' = 1) {
  const killer = modelIn(rules, 'Killer', { WS: 4, S: 4, T: 4, I: 4, A: 2 });
  const ogryn = withAb(modelIn(rules, 'Ogryn', { WS: 3, S: 5, T: 5, W: 2, I: 2, A: 1, Ld: 6, Sv: 4 }), rerollSaves(), fnp(5));
  const guardsman = withAb(modelIn(rules, 'Guardsman', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 6, Sv: 5 }), fnp());
  return scenario(rules, [unit('Killers', [[killer, 3]], { charged: true })], [unit('Victims', [[ogryn, 2], [guardsman, 3]])], rounds);
}

/** A mob of models that save and suffer differently: a Nob (W2, Feel No Pain 5+, re-rolling 1s), Boys with Feel No Pain and Boys without, all Sv6+; a power fist and S4 blows */
function mixedMob(rules: string, rounds: number | 'resolve' = 1) {
  const nob = withAb(modelIn(rules, 'Nob', { WS: 4, S: 4, T: 4, W: 2, I: 3, A: 2, Ld: 7, Sv: 6 }), fnp(5), rerollSaves('ones'));
  const boy = withAb(modelIn(rules, 'Boy', { WS: 4, S: 3, T: 4, I: 2, A: 1, Ld: 7, Sv: 6 }), fnp());
  const plain = modelIn(rules, 'Grot', { WS: 2, S: 3, T: 3, I: 2, A: 1, Ld: 7, Sv: 6 });
  const sergeant = modelIn(rules, 'Sergeant', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 9, Sv: 3 }, ['power-fist']);
  const marine = modelIn(rules, 'Marine', { WS: 4, S: 4, T: 4, I: 4, A: 2, Ld: 9, Sv: 3 });
  return scenario(rules, [unit('Marines', [[sergeant, 1], [marine, 4]], { charged: true })], [unit('Mob', [[nob, 1], [boy, 3], [plain, 3]])], rounds);
}

const SCENARIOS: [string, (rules: string, rounds?: number | 'resolve') => Scenario][] = [
  ['beside a power weapon', besidePowerWeapon],
  ['champion first', championFirst],
  ['an Eternal Warrior', ogre],
];

describe('exact and sim against closed forms', () => {
  for (const rules of EDITIONS) {
    for (const [name, make] of SCENARIOS) {
      it(`${rules}, ${name}: exact gives the first phase's wounds, sim within 4 standard errors`, { timeout: 120_000 }, async () => {
        const pmf = expected(name, rules);
        const r = exact(make(rules));
        const got = new Map(r.firstRound.woundsInflicted.attacker.histogram);
        pmf.forEach((p, k) => expect(Math.abs((got.get(k) ?? 0) - p), `${k} wounds`).toBeLessThan(1e-9));
        expect(Math.abs(r.firstRound.result.attacker! - (1 - pmf[0]!))).toBeLessThan(1e-9);
        const runs = 20_000;
        const s = await simulate(make(rules), { runs, seed: `saves-${rules}-${name}` });
        const se = Math.sqrt(variance(pmf) / runs);
        expect(Math.abs(s.firstRound.woundsInflicted.attacker.mean - mean(pmf))).toBeLessThanOrEqual(4 * se);
      });
    }
  }
});

const differences = (name: string, s: Scenario, runs: number): string[] => tabledDifferences(name, s, runs, 'saves');

describe('the tabled sim fights as the reference steps, run by run', () => {
  it('every scenario here, every 40K edition, one phase and to the end', { timeout: 300_000 }, () => {
    const wrong: string[] = [];
    for (const rules of EDITIONS) {
      for (const [name, make] of SCENARIOS) for (const rounds of [1, 'resolve'] as const) wrong.push(...differences(`${rules} ${name} ${rounds}`, make(rules, rounds), 600));
      wrong.push(...differences(`${rules} swept`, swept(rules), 1500));
      for (const rounds of [1, 'resolve'] as const) wrong.push(...differences(`${rules} mixed mob ${rounds}`, mixedMob(rules, rounds), 1000));
    }
    expect(wrong).toEqual([]);
  });
});

describe('a sweep on models with Feel No Pain and re-rolled saves', () => {
  for (const rules of EDITIONS) {
    it(`${rules}: sim's survivors agree with exact's within 4 standard errors`, { timeout: 120_000 }, async () => {
      const r = exact(swept(rules));
      const law = r.final.survivors.defender.histogram;
      const m = law.reduce((a, [k, p]) => a + k * p, 0);
      const v = law.reduce((a, [k, p]) => a + (k - m) ** 2 * p, 0);
      if (withAp(rules)) expect(r.sweepingAdvance.runsCaught).toBeGreaterThan(0.05);
      const runs = 20_000;
      const s = await simulate(swept(rules), { runs, seed: `swept-${rules}` });
      expect(Math.abs(s.final.survivors.defender.mean - m)).toBeLessThanOrEqual(4 * Math.sqrt(v / runs));
    });
  }
});

describe('a mob that saves and suffers in three ways', () => {
  for (const rules of EDITIONS) {
    it(`${rules}: sim's survivors, to the end, agree with exact's within 4 standard errors`, { timeout: 120_000 }, async () => {
      const r = exact(mixedMob(rules, 3));
      const law = r.final.survivors.defender.histogram;
      const m = law.reduce((a, [k, p]) => a + k * p, 0);
      const v = law.reduce((a, [k, p]) => a + (k - m) ** 2 * p, 0);
      const runs = 20_000;
      const s = await simulate(mixedMob(rules, 3), { runs, seed: `mixed-${rules}` });
      expect(Math.abs(s.final.survivors.defender.mean - m)).toBeLessThanOrEqual(4 * Math.sqrt(v / runs));
      expect(Math.abs(s.firstRound.result.attacker! - r.firstRound.result.attacker!)).toBeLessThanOrEqual(4 * Math.sqrt(0.25 / runs));
    });
  }
});
