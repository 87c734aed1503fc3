// Abilities on blows in `exact` and `sim` (abilities.md B13) against chances worked out here
// from the dice alone: one model of A attacks against fearless targets that strike nothing, so
// the first phase's wounds are Binomial(A, p) with p the chance that one attack wounds; and the
// tabled fights (src/sim/tabled.ts) fight every run of a fight with all the effects as the
// reference steps do. The shipped Preferred Enemy, Litanies of Hate and Slow and Purposeful are
// read from a roster file as a player writes them.
import { describe, expect, it } from 'vitest';
import type { Ability } from '../src/abilities.js';
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import { exact } from '../src/exact/exact.js';
import { loadScenario } from '../src/io/load.js';
import type { ModelSpec, Scenario } from '../src/model.js';
import type { FightEvent } from '../src/engine/events.js';
import { simulate } from '../src/sim/run.js';
import type { SimReport } from '../src/report/aggregate.js';
import { binom } from './exact.js';
import { ability, eventsOf, having, model, modelIn, scenario, scripted, tempFiles, unit } from './helpers.js';
import { RHINO } from './vehicle-scenarios.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { tabledDifferences } from './tabled-differences.js';
import { EDITIONS } from './abilities-build.js';

const RUNS = 20_000;

/** `attacks` blows of `striker` (charging or not) at ten fearless T4 targets of WS `ws` that strike nothing. */
function duel(rules: string, striker: ModelSpec, ws: number, charged = false): Scenario {
  const target = model('Target', { WS: ws, T: 4, I: 1, A: 0 }, [], ['fearless']);
  return scenario(rules, [unit('A', [[striker, 1]], { charged })], [unit('D', [[target, 10]])], 1);
}

/** The first phase's figures of a Binomial(n, p) of wounds: exactly (`exact`) or within 4 standard errors (`sim`). */
function holds(r: SimReport, n: number, p: number, runs: number | null): void {
  const mean = n * p;
  const pWin = 1 - binom(n, p)[0]!;
  const got = r.firstRound.woundsInflicted.attacker.mean;
  const win = r.firstRound.result.attacker ?? 0;
  if (runs === null) {
    expect(Math.abs(got - mean), `mean ${got}, want ${mean}`).toBeLessThan(1e-9);
    expect(Math.abs(win - pWin), `win ${win}, want ${pWin}`).toBeLessThan(1e-9);
    return;
  }
  const seMean = Math.sqrt((n * p * (1 - p)) / runs);
  const seWin = Math.sqrt((pWin * (1 - pWin)) / runs);
  expect(Math.abs(got - mean), `mean ${got}, want ${mean}`).toBeLessThanOrEqual(4 * seMean);
  expect(Math.abs(win - pWin), `win ${win}, want ${pWin}`).toBeLessThanOrEqual(4 * seWin);
}

interface Case {
  name: string;
  /** the striker under an edition, the targets' WS, whether it charges */
  striker: (rules: string) => ModelSpec;
  ws: number;
  charged?: boolean;
  /** attacks and the chance one wounds, from the dice alone */
  n: number;
  p: number;
}

const CASES: Case[] = [
  {
    // S3 +1 against T4: 4+ to wound; WS4 against WS4: 4+ to hit
    name: 'modify S +1', striker: () => having(model('Striker', { WS: 4, S: 3, A: 3 }), ability('might', { kind: 'modify', modify: { S: 1 } })),
    ws: 4, n: 3, p: (1 / 2) * (1 / 2),
  },
  {
    // a rending blow re-rolling failed hits: a 6 on the first roll, or a failure then a 6, wounds
    // automatically; any other hit (first or re-rolled) wounds on 4+
    name: 're-roll failed hits, rending', striker: (r) => having(modelIn(r, 'Striker', { WS: 4, S: 4, A: 3 }, ['rending']), ability('zeal', { kind: 'reroll', roll: 'hit', results: 'failed' })),
    ws: 4, n: 3, p: (1 / 6 + (1 / 2) * (1 / 6)) + ((2 / 6) + (1 / 2) * (2 / 6)) * (1 / 2),
  },
  {
    // 1s to hit and to wound again: each succeeds on 4+ first or after a 1
    name: 're-roll 1s to hit and to wound', striker: () => having(model('Striker', { WS: 4, S: 4, A: 4 }), ability('drill', { kind: 'reroll', roll: 'hit', results: 'ones' }, { kind: 'reroll', roll: 'wound', results: 'ones' })),
    ws: 4, n: 4, p: (1 / 2 + (1 / 6) * (1 / 2)) ** 2,
  },
  {
    // failed wounds again: 4+ first or after a failure
    name: 're-roll failed wounds', striker: () => having(model('Striker', { WS: 4, S: 4, A: 3 }), ability('grim', { kind: 'reroll', roll: 'wound', results: 'failed' })),
    ws: 4, n: 3, p: (1 / 2) * (1 / 2 + (1 / 2) * (1 / 2)),
  },
  {
    // WS2 against WS5: the chart's 5+; hitOn 3 makes it 3+
    name: 'hitOn 3', striker: () => having(model('Striker', { WS: 2, S: 4, A: 3 }), ability('hate', { kind: 'hitOn', n: 3 })),
    ws: 5, n: 3, p: (2 / 3) * (1 / 2),
  },
];

describe('abilities on blows: exact against the dice', () => {
  for (const R of EDITIONS) {
    for (const c of CASES) {
      it(`${R} ${c.name}: exact gives Binomial(${c.n}, p) of wounds`, () => {
        holds(exact(duel(R, c.striker(R), c.ws, c.charged)), c.n, c.p, null);
      });
    }
  }
});

describe('abilities on blows: sim against the dice', { timeout: 120_000 }, () => {
  for (const R of ['srd4', 'waffle'] as const) {
    for (const c of CASES) {
      it(`${R} ${c.name}: sim within 4 standard errors`, async () => {
        holds(await simulate(duel(R, c.striker(R), c.ws, c.charged), { runs: RUNS, seed: `blows-${c.name}` }), c.n, c.p, RUNS);
      });
    }
  }
});

/** A fight of several phases in which every effect on blows acts, on both sides. */
function everything(rules: string): Scenario {
  const fury: Ability = ability('fury', { kind: 'modify', modify: { S: 1, I: 1, A: 1 }, when: 'charging' }, { kind: 'reroll', roll: 'hit', results: 'failed', when: 'charging' });
  const drill: Ability = ability('drill', { kind: 'reroll', roll: 'wound', results: 'ones' }, { kind: 'hitOn', n: 3, notAgainst: ['character'] });
  const stoic: Ability = ability('stoic', { kind: 'chargeBonus' }, { kind: 'modify', modify: { T: 1, WS: -1 } }, { kind: 'reroll', roll: 'hit', results: 'ones' });
  const masks: Ability = ability('masks', { kind: 'strikeAt', n: 6, when: 'firstRound' }, { kind: 'reroll', roll: 'wound', results: 'failed', when: 'charged' });
  const boy = having(modelIn(rules, 'Boy', { WS: 4, S: 3, T: 4, I: 2, A: 2, Ld: 7 }, ['rending']), fury, drill);
  const nob = having(modelIn(rules, 'Nob', { WS: 4, S: 4, T: 4, I: 3, A: 3, Ld: 8 }, ['power-fist']), fury, stoic);
  const guard = having(model('Guard', { WS: 3, S: 3, T: 3, I: 3, A: 1, Ld: 7, Sv: 5 }), masks);
  const sarge = having(model('Sarge', { WS: 4, S: 3, T: 3, I: 3, A: 2, Ld: 8, Sv: 5 }, [], ['character']), stoic, masks);
  return scenario(rules, [unit('Mob', [[boy, 6], [nob, 1]], { charged: true })], [unit('Line', [[guard, 8], [sarge, 1]])], 'resolve');
}

describe('the tabled fights fight abilities on blows as the reference steps do', { timeout: 120_000 }, () => {
  for (const R of EDITIONS) {
    it(`${R} every run of a fight with every effect on blows`, () => {
      expect(tabledDifferences(`${R} every effect on blows`, everything(R), 800, 'blows')).toEqual([]);
    });
  }
});

describe('a logged fight fights as the unlogged one, and shows the dice it re-rolled', () => {
  for (const R of EDITIONS) {
    it(`${R} the same outcome run by run; the dice shown re-rolled are the failures or the 1s shown`, () => {
      const s = everything(R);
      const ruleset = getRuleset(R);
      const state = new FightState(s, ruleset);
      let rerolled = 0;
      for (let run = 1; run <= 300; run++) {
        state.reset();
        const quiet = JSON.stringify(runFight(state, ruleset, new CountChance('shown').start(run), null));
        state.reset();
        const events: FightEvent[] = [];
        const shown = JSON.stringify(runFight(state, ruleset, new CountChance('shown', true).start(run), events));
        expect(shown).toBe(quiet);
        for (const e of events) {
          if (e.type === 'attacks' && e.hitRerolls) {
            rerolled += e.hitRerolls.length;
            expect(e.hitRerolls.length).toBe(e.rolls.filter((r) => (e.hitRerollOnes ? r === 1 : r < e.need)).length);
          }
          if (e.type === 'wounds' && e.rerollBy) {
            rerolled += e.rerolls.length;
            expect(e.rerolls.length).toBe(e.rolls.filter((r) => (e.rerollOnes ? r === 1 : r < e.need)).length);
          }
        }
      }
      expect(rerolled).toBeGreaterThan(100);
    });
  }
});

describe('shipped rules on blows read from a roster: Preferred Enemy, Litanies of Hate, Slow and Purposeful', { timeout: 120_000 }, () => {
  const { write } = tempFiles('blows');
  write('zealots.yaml', `faction: Zealots
models:
  hater: { name: Hater, profile: { WS: 3, BS: 3, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 8 }, wargear: [close-combat-weapon], rules: [preferred-enemy] }
  brother: { name: Brother, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8 }, wargear: [close-combat-weapon] }
  plodder: { name: Plodder, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 2, Ld: 8 }, wargear: [close-combat-weapon], rules: [slow-and-purposeful] }
  target: { name: Target, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 1, A: 0, Ld: 8 }, wargear: [close-combat-weapon], rules: [fearless] }
units:
  haters: { name: Haters, models: [{ model: hater, count: 1 }] }
  brothers: { name: Brothers, rules: [litanies-of-hate], models: [{ model: brother, count: 2 }] }
  plodders: { name: Plodders, models: [{ model: plodder, count: 1 }] }
  targets: { name: Targets, models: [{ model: target, count: 10 }] }
`);
  const file = (name: string, attacker: string, rules: string) => write(`${name}-${rules}.yaml`, `rules: ${rules}\nrounds: 1\nattacker:\n  units:\n    - unit: zealots/${attacker}\ndefender:\n  units:\n    - unit: zealots/targets\n`);
  // WS3 against WS4 needs 4+, Preferred Enemy 3+; S4 against T4 4+
  const heldOut = [
    { name: 'preferred-enemy', attacker: 'haters', n: 3, p: (2 / 3) * (1 / 2) },
    // two Brothers charging, A1 +1: failed hits again, 4+ first or after a failure
    { name: 'litanies-of-hate', attacker: 'brothers', n: 4, p: (1 / 2 + (1 / 2) * (1 / 2)) * (1 / 2) },
    // charging, no +1 attack: two attacks at 4+ and 4+
    { name: 'slow-and-purposeful', attacker: 'plodders', n: 2, p: 1 / 4 },
  ];
  for (const rules of ['srd4', 'revised4']) {
    for (const h of heldOut) {
      it(`${rules} ${h.name}: exact and sim against the dice`, async () => {
        const s = loadScenario(file(h.name, h.attacker, rules));
        expect(s.attacker.units[0]!.models[0]!.spec.abilities!.map((a) => a.key)).toContain(h.name);
        holds(exact(s), h.n, h.p, null);
        holds(await simulate(s, { runs: RUNS, seed: `held-out-${h.name}` }), h.n, h.p, RUNS);
      });
    }
  }
});

describe('re-rolls of hits against a vehicle (abilities.md B2, vehicles.md V3)', { timeout: 120_000 }, () => {
  /** dice for the penetration and damage rolls that follow (their results are not what is tested) */
  const PLENTY = Array<number>(20).fill(4);
  /** a Strength 10 model of two attacks (every hit at least glances: each counts for the result, V10) against a Rhino that moved at combat speed (4+) */
  const tank = (rules: string, results: 'failed' | 'ones') => {
    const zealot = having(model('Zealot', { WS: 4, S: 10, A: 2 }), ability('zeal', { kind: 'reroll', roll: 'hit', results }));
    return scenario(rules, [unit('A', [[zealot, 1]], { charged: false })], [unit('Rhino', [[RHINO, 1]], { moved: 'combat' })], 1);
  };
  for (const rules of ['srd4', 'revised4']) {
    for (const [results, p] of [['failed', 1 / 2 + (1 / 2) * (1 / 2)], ['ones', 1 / 2 + (1 / 6) * (1 / 2)]] as const) {
      it(`${rules} ${results}: exact and sim give Binomial(2, ${p.toFixed(4)}) of hits that count`, async () => {
        holds(exact(tank(rules, results)), 2, p, null);
        holds(await simulate(tank(rules, results), { runs: RUNS, seed: `tank-${results}` }), 2, p, RUNS);
      });
    }
    it(`${rules} the dice re-rolled are shown, and a walker is hit on the roll hitOn gives`, () => {
      const { events } = scripted(tank(rules, 'failed'), [1, 5, 3, ...PLENTY], { allowLeftover: true });
      const v = eventsOf(events, 'vehicleAttacks')[0]!;
      expect([v.rolls, v.hitRerolls, v.hits]).toEqual([[1, 5], [3], 1]);
      const text = events.flatMap((e) => renderEvent(e, painter(false))).join('\n');
      expect(text).toContain('re-rolled (zeal): 1 -> 3');
      const hater = having(model('Hater', { WS: 2, S: 10, A: 1 }), ability('hate', { kind: 'hitOn', n: 3 }));
      const walker = { ...RHINO, key: 'dread', name: 'Dread', profile: { ...RHINO.profile, WS: 5, I: 4, A: 0 }, vehicle: { kind: 'walker' as const, front: 12, side: 12, rear: 10, types: [] } };
      const w = scripted(scenario(rules, [unit('A', [[hater, 1]], { charged: false })], [unit('Dread', [[walker, 1]])], 1), [3, ...PLENTY], { allowLeftover: true });
      const a = eventsOf(w.events, 'vehicleAttacks')[0]!;
      expect([a.need, a.hitOnBy]).toEqual([3, ['hate']]);
      // the to-hit line of a walker struck reads as a model's: `to hit: hits on 3+ (...)`
      expect(w.events.flatMap((e) => renderEvent(e, painter(false))).join('\n')).toContain('    to hit: hits on 3+ (hate)  3 -> 1 hit');
      // a vehicle that is not a walker is hit by how far it moved, whatever hitOn says
      const h = scripted(scenario(rules, [unit('A', [[hater, 1]], { charged: false })], [unit('Rhino', [[RHINO, 1]], { moved: 'fast' })], 1), [5, ...PLENTY], { allowLeftover: true });
      expect(eventsOf(h.events, 'vehicleAttacks')[0]!.need).toBe(6);
    });
    it(`${rules} a walker's own blows take its abilities: modify A and S, hitOn, strikeAt`, () => {
      const dread = having(
        { ...RHINO, key: 'dread', name: 'Dread', profile: { ...RHINO.profile, WS: 2, S: 5, I: 2, A: 2 }, wargear: [], vehicle: { kind: 'walker' as const, front: 12, side: 12, rear: 10, types: [] } },
        ability('fury', { kind: 'modify', modify: { A: 1, S: 1 } }, { kind: 'hitOn', n: 3 }, { kind: 'strikeAt', n: 7 }),
      );
      const { events } = scripted(scenario(rules, [unit('Dread', [[dread, 1]], { charged: false })], [unit('D', [[model('Target', { WS: 5, T: 4, I: 1, A: 0 }, [], ['fearless']), 5]])], 1), [3, 3, 3, 1, 1, 1], { allowLeftover: true });
      const a = eventsOf(events, 'attacks')[0]!;
      expect([a.attacks, a.need, a.hits]).toEqual([3, 3, 3]);
      expect(eventsOf(events, 'wounds')[0]!.strength).toBe(6);
      expect(eventsOf(events, 'step')[0]!.initiative).toBe(7);
    });
    it(`${rules} the tabled fights against a vehicle with re-rolls of 1s, run by run`, () => {
      expect(tabledDifferences(`${rules} tank, re-rolled 1s`, tank(rules, 'ones'), 500, 'tank')).toEqual([]);
    });
  }
});
