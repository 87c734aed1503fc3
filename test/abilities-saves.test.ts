// Abilities on saves and wounds (../shared/rules/abilities.md B2 `reroll` of saves, B4
// `feelNoPain`, B5 `eternalWarrior`, B13 their log) with scripted dice, one body for every 40K
// edition; then `exact` and `sim` against closed forms, and the tabled sim against the
// reference steps run by run.
import { describe, expect, it } from 'vitest';
import type { Ability, Effect } from '../src/abilities.js';
import type { FightEvent } from '../src/engine/events.js';
import type { ModelSpec, Scenario } from '../src/model.js';
import { CountChance } from '../src/counts.js';
import { getRuleset } from '../src/editions/registry.js';
import { runFight } from '../src/engine/fight.js';
import { FightState } from '../src/engine/state.js';
import { exact } from '../src/exact/exact.js';
import { simulate } from '../src/sim/run.js';
import { TabledFight } from '../src/sim/tabled.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { DiceChance, ScriptedDice } from '../src/dice.js';
import { EnumChance } from '../src/exact/chance.js';
import { spawnSync } from 'node:child_process';
import { eventsOf, everyPath, model, modelIn, sameLaw, scenario, scripted, tempFiles, unit } from './helpers.js';

const BIN = new URL('../bin/assault', import.meta.url).pathname;

const EDITIONS = ['srd4', 'revised4', 'fightphase', 'waffle'] as const;
/** the editions whose blows carry an AP (fightphase, waffle) rather than ignoring armour (srd4, revised4) */
const withAp = (rules: string) => rules === 'fightphase' || rules === 'waffle';

const ability = (key: string, ...effects: Effect[]): Ability => ({ key, name: key, effects });
const fnp = (n = 4) => ability('fnp', { kind: 'feelNoPain', n, when: 'always' });
const rerollSaves = (results: 'failed' | 'ones' = 'failed') => ability('reroll-saves', { kind: 'reroll', roll: 'save', results, when: 'always' });
const eternal = () => ability('eternal', { kind: 'eternalWarrior', when: 'always' });
const tougher = (T: number) => ability('tougher', { kind: 'modify', modify: { T }, when: 'always' });
const withAb = (spec: ModelSpec, ...abilities: Ability[]): ModelSpec => ({ ...spec, abilities });

/** one striker: WS4 (hits WS4 on 4+ in every edition), `A` attacks at I5, `wargear` from the edition's armoury */
const striker = (rules: string, p: Parameters<typeof model>[1] = {}, wargear: string[] = []) =>
  unit('A', [[modelIn(rules, 'Hitter', { WS: 4, S: 4, A: 3, I: 5, ...p }, wargear), 1]]);
/** `n` targets that strike back with nothing */
const targets = (spec: ModelSpec, n = 5) => unit('D', [[spec, n]]);
const zombie = (p: Parameters<typeof model>[1] = {}, ...abilities: Ability[]) => withAb(model('Zombie', { T: 4, Sv: 4, I: 1, A: 0, ...p }), ...abilities);

const text = (events: FightEvent[]) => events.flatMap((e) => renderEvent(e, painter(false)));
/** the first phase's saves and casualties of the defender */
const savesOf = (events: FightEvent[]) => eventsOf(events, 'saves').filter((e) => e.side === 'defender');
const casualtiesOf = (events: FightEvent[]) => eventsOf(events, 'casualties').filter((e) => e.side === 'defender');
/** padding for the dice the rest of the phase rolls (Morale and what follows): the tests read only the blows' */
const PAD = Array<number>(12).fill(3);

describe('Feel No Pain (B4)', () => {
  for (const rules of EDITIONS) {
    it(`${rules}: each unsaved wound is ignored on 4+; only the wounds suffered count in the result`, () => {
      // 3 hits, 3 wounds; saves 1 2 5: 2 unsaved; Feel No Pain 5 2: one ignored
      const { events, outcome } = scripted(scenario(rules, [striker(rules)], [targets(zombie({}, fnp()))]), [6, 6, 6, 6, 6, 6, 1, 2, 5, 5, 2, ...PAD], { allowLeftover: true });
      expect(savesOf(events)[0]!.groups[0]).toMatchObject({ rolls: [1, 2, 5], failed: 2, pain: { need: 4, rolls: [5, 2], ignored: 1 } });
      expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1, killed: ['Zombie'] });
      expect(outcome.firstWounds.attacker).toBe(1);
      expect(text(events)).toContain('      Feel No Pain 4+: 5 2 -> 1 wound ignored');
    });

    it(`${rules}: a model with no armour save rolls against an ordinary blow; several: the best`, () => {
      const { events } = scripted(scenario(rules, [striker(rules)], [targets(zombie({ Sv: null }, fnp(5), fnp(3)))]), [6, 6, 6, 6, 6, 6, 1, 3, 6, ...PAD], { allowLeftover: true });
      expect(savesOf(events)[0]!.groups[0]).toMatchObject({ need: null, failed: 3, pain: { need: 3, rolls: [1, 3, 6], ignored: 2 } });
      expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1 });
    });

    it(`${rules}: an ignored wound does not reduce a multi-wound model`, () => {
      const { events } = scripted(scenario(rules, [striker(rules)], [targets(zombie({ W: 3 }, fnp()), 1)]), [6, 6, 6, 6, 6, 6, 1, 1, 1, 4, 1, 5, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1, killed: [], wounded: [{ model: 'Zombie', left: 2, of: 3 }] });
    });

    it(`${rules}: not against a blow of twice its Toughness (as modified), unless it has eternalWarrior`, () => {
      // S4 against T2: 3 failed saves, no Feel No Pain
      const dice = [6, 6, 6, 6, 6, 6, 1, 1, 1];
      const plain = scripted(scenario(rules, [striker(rules)], [targets(zombie({ T: 2 }, fnp()))]), [...dice, ...PAD], { allowLeftover: true });
      expect(savesOf(plain.events)[0]!.groups[0]!.pain).toBeUndefined();
      expect(casualtiesOf(plain.events)[0]).toMatchObject({ woundsInflicted: 3 });
      // with Eternal Warrior, or T2 made T3 (B1), it rolls: 4 4 1 -> two ignored
      for (const more of [eternal(), tougher(1)]) {
        const { events } = scripted(scenario(rules, [striker(rules)], [targets(zombie({ T: 2 }, fnp(), more))]), [...dice, 4, 4, 1, ...PAD], { allowLeftover: true });
        expect(savesOf(events)[0]!.groups[0]!.pain).toEqual({ need: 4, rolls: [4, 4, 1], ignored: 2 });
        expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1 });
      }
    });

    it(`${rules}: not against a rending hit; a save only capped (heavy close combat weapon) allows it`, () => {
      // rending: 6s to hit wound with no armour save: three of them, no Feel No Pain
      const rend = scripted(scenario(rules, [striker(rules, {}, ['rending'])], [targets(zombie({}, fnp()))]), [6, 6, 6, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(rend.events)[0]).toMatchObject({ woundsInflicted: 3 });
      expect(savesOf(rend.events)[0]!.groups.some((g) => g.pain)).toBe(false);
      // a heavy close combat weapon caps Sv3+ at 4+: saves 1 2 5, Feel No Pain 5 2
      const capped = scripted(scenario(rules, [striker(rules, {}, ['heavy-close-combat-weapon'])], [targets(zombie({ Sv: 3 }, fnp()))]), [6, 6, 6, 6, 6, 6, 1, 2, 5, 5, 2, ...PAD], { allowLeftover: true });
      expect(savesOf(capped.events)[0]!.groups[0]).toMatchObject({ save: 'limited', need: 4, pain: { rolls: [5, 2], ignored: 1 } });
      expect(casualtiesOf(capped.events)[0]).toMatchObject({ woundsInflicted: 1 });
    });

    it(`${rules}: a power weapon's wounds: ${withAp(rules) ? 'AP3 pierces Sv4+, no roll; Sv2+ saves and rolls' : 'it ignores armour, no roll, whatever the save'}`, () => {
      const pw = striker(rules, {}, ['power-weapon']);
      const sv4 = scripted(scenario(rules, [pw], [targets(zombie({}, fnp()))]), [6, 6, 6, 6, 6, 6, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(sv4.events)[0]).toMatchObject({ woundsInflicted: 3 });
      // Sv2+: srd4 and revised4 still no save and no Feel No Pain; fightphase and waffle save 1 1 5, then 4 1
      const dice = withAp(rules) ? [6, 6, 6, 6, 6, 6, 1, 1, 5, 4, 1] : [6, 6, 6, 6, 6, 6];
      const sv2 = scripted(scenario(rules, [pw], [targets(zombie({ Sv: 2 }, fnp()))]), [...dice, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(sv2.events)[0]).toMatchObject({ woundsInflicted: withAp(rules) ? 1 : 3 });
    });
  }

  for (const rules of ['srd4', 'revised4']) {
    it(`${rules}: models of one armour group with Feel No Pain and without roll apart, each on a line of its own`, () => {
      const mob = unit('D', [[withAb(model('Boy', { T: 4, Sv: 6, I: 1, A: 0 }), fnp()), 2], [model('Grot', { T: 4, Sv: 6, I: 1, A: 0 }), 2]]);
      // one hit on each model: the Boys save 1 1, Feel No Pain 4 1; the Grots save 1 6
      const { events } = scripted(scenario(rules, [striker(rules, { A: 4 })], [mob]), [6, 6, 6, 6, 6, 6, 6, 6, 1, 1, 4, 1, 1, 6, ...PAD], { allowLeftover: true });
      expect(savesOf(events)[0]!.groups).toMatchObject([
        { models: ['Boy'], rolls: [1, 1], failed: 2, pain: { rolls: [4, 1], ignored: 1 } },
        { models: ['Grot'], rolls: [1, 6], failed: 1 },
      ]);
      expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 2, killed: ['Boy', 'Grot'] });
    });
  }

  it('fightphase: not against the wounds a sweeping advance costs (ruling 9)', () => {
    const killers = unit('Killers', [[model('Killer', { WS: 4, S: 4, W: 3, I: 4, A: 3 }), 1]]);
    const victims = unit('Victims', [[withAb(model('Victim', { WS: 4, S: 4, I: 2, A: 1, Ld: 8 }), fnp()), 5]]);
    // Killer: 3 hits, 3 wounds, no saves, Feel No Pain 1 1 1: 3 dead. Victims: hit 4 4, wound 4 1.
    // Morale Ld8-2 = 6: 3+4 fails; flee 1+2, sweep 5+4: caught, 2 wounds lost, no Feel No Pain
    const { events, outcome } = scripted(scenario('fightphase', [killers], [victims]), [4, 4, 4, 4, 4, 4, 1, 1, 1, 4, 4, 4, 1, 3, 4, 1, 5]);
    expect(eventsOf(events, 'breakoff')[0]).toMatchObject({ outcome: 'swept', woundsLost: 2 });
    expect(outcome).toMatchObject({ end: 'swept', sweepWounds: 2 });
  });

  it('waffle: a shot may be ignored whatever its AP (Overwatch: a boltgun, AP5, against Sv5+)', () => {
    const chargers = unit('Chargers', [[withAb(modelIn('waffle', 'Charger', { WS: 4, BS: 4, S: 4, T: 4, I: 4, A: 1, Sv: 5, Ld: 10 }), fnp()), 3]], { charged: true, chargeDistance: 6 });
    const gunners = unit('Gunners', [[modelIn('waffle', 'Gunner', { WS: 3, BS: 3, S: 3, T: 3, I: 1, A: 0, Ld: 10 }, ['boltgun']), 2]]);
    // 4 snap shots 6 6 1 5: 2 hits; wounds 4 1; the boltgun's AP5 leaves Sv5+ no save; Feel No Pain 4: ignored
    const { events, outcome } = scripted(scenario('waffle', [chargers], [gunners]), [6, 6, 1, 5, 4, 1, 4, ...PAD, ...PAD, ...PAD], { allowLeftover: true });
    const shot = eventsOf(events, 'saves')[0]!;
    expect(shot.side).toBe('attacker');
    expect(shot.groups[0]).toMatchObject({ need: null, failed: 1, pain: { need: 4, rolls: [4], ignored: 1 } });
    expect(outcome.charge).toMatchObject({ overwatchWounds: 0 });
  });
});

describe('save re-rolls (B2)', () => {
  for (const rules of EDITIONS) {
    it(`${rules}: failed saves are rolled once more, the new roll standing; "ones" only the 1s`, () => {
      const failed = scripted(scenario(rules, [striker(rules)], [targets(zombie({}, rerollSaves()))]), [6, 6, 6, 6, 6, 6, 1, 3, 5, 4, 2, ...PAD], { allowLeftover: true });
      expect(savesOf(failed.events)[0]!.groups[0]).toMatchObject({ rolls: [1, 3, 5], rerolls: { from: [1, 3], to: [4, 2] }, failed: 1 });
      expect(casualtiesOf(failed.events)[0]).toMatchObject({ woundsInflicted: 1 });
      expect(text(failed.events)).toContain('      re-rolled: 1 3 -> 4 2');
      const ones = scripted(scenario(rules, [striker(rules)], [targets(zombie({}, rerollSaves('ones')))]), [6, 6, 6, 6, 6, 6, 1, 3, 5, 2, ...PAD], { allowLeftover: true });
      expect(savesOf(ones.events)[0]!.groups[0]).toMatchObject({ rerolls: { from: [1], to: [2] }, failed: 2 });
      expect(casualtiesOf(ones.events)[0]).toMatchObject({ woundsInflicted: 2 });
    });

    it(`${rules}: the re-roll and Feel No Pain together: the saves, the re-rolls, then Feel No Pain for those still failed`, () => {
      const { events } = scripted(scenario(rules, [striker(rules)], [targets(zombie({}, rerollSaves(), fnp()))]), [6, 6, 6, 6, 6, 6, 1, 3, 5, 4, 2, 3, ...PAD], { allowLeftover: true });
      expect(savesOf(events)[0]!.groups[0]).toMatchObject({ rerolls: { from: [1, 3], to: [4, 2] }, failed: 1, pain: { rolls: [3], ignored: 0 } });
      expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1 });
    });

    it(`${rules}: models without the re-roll roll their saves apart, and do not re-roll`, () => {
      const vet = withAb(model('Vet', { T: 4, Sv: 4, I: 1, A: 0 }), rerollSaves());
      const plain = model('Plain', { T: 4, Sv: 4, I: 1, A: 0 });
      const mixed = unit('D', [[vet, 1], [plain, 2]]);
      // srd4, revised4: one hit on each model; the Vet saves 1, re-rolled 5; the Plains fail 1 2.
      // fightphase, waffle: every wound to the Vet first: 1 re-rolled 5, 1 re-rolled 2 (dead); then a Plain saves 4
      const dice = withAp(rules) ? [1, 5, 1, 2, 4] : [1, 5, 1, 2];
      const { events } = scripted(scenario(rules, [striker(rules)], [mixed]), [6, 6, 6, 6, 6, 6, ...dice, ...PAD], { allowLeftover: true });
      const groups = savesOf(events)[0]!.groups;
      if (withAp(rules)) {
        expect(groups.map((g) => [g.models, g.rolls, g.rerolls?.to ?? []])).toEqual([[['Vet'], [1, 1], [5, 2]], [['Plain'], [4], []]]);
        expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 1, killed: ['Vet'] });
      } else {
        // the log shows the armour group's saves together: the Vet's 1 re-rolled, the Plains' 1 2 not
        expect(groups).toMatchObject([{ models: ['Vet', 'Plain'], rolls: [1, 1, 2], rerolls: { from: [1], to: [5] }, failed: 2 }]);
        expect(casualtiesOf(events)[0]).toMatchObject({ woundsInflicted: 2, killed: ['Plain', 'Plain'] });
      }
    });
  }
});

describe('Eternal Warrior (B5)', () => {
  for (const rules of EDITIONS) {
    it(`${rules}: a wound of twice the Toughness takes one wound, not the model`, () => {
      // S8 against T4 W2: 2 hits, 2 wounds (2+), saves 1 5: one unsaved
      const dice = [6, 6, 6, 6, 1, 5];
      const s = (spec: ModelSpec) => scenario(rules, [striker(rules, { S: 8, A: 2 })], [targets(spec, 1)]);
      const slain = scripted(s(zombie({ W: 2 })), [...dice, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(slain.events)[0]).toMatchObject({ woundsInflicted: 2, instantDeath: 1, killed: ['Zombie'] });
      const kept = scripted(s(zombie({ W: 2 }, eternal())), [...dice, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(kept.events)[0]).toMatchObject({ woundsInflicted: 1, instantDeath: 0, wounded: [{ model: 'Zombie', left: 1, of: 2 }] });
      // Instant Death reads the profile's Toughness (B1): T4 made T5 is still slain by S8
      const bike = scripted(s(zombie({ W: 2 }, tougher(1))), [...dice, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(bike.events)[0]).toMatchObject({ instantDeath: 1 });
    });
  }
});

// ---- the laws: exact and sim against closed forms, the dice as rolled ----

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
      let got = 0;
      e.reset();
      do {
        e.restart();
        e.saveUntil(4, need, 2, reroll, pain);
        got += e.prob * e.rolled;
      } while (e.nextPath());
      expect(Math.abs(got - want), `${need} ${reroll} ${pain}`).toBeLessThan(1e-12);
      let all = 0;
      const walkAll = (left: number, p: number, dice: number): void => {
        if (left === 0) return void (all += p * dice);
        for (const [q, d] of ways) walkAll(left - 1, p * q, dice + d);
      };
      walkAll(3, 1, 0);
      let gotAll = 0;
      e.reset();
      do {
        e.restart();
        e.saves(3, need, 2, reroll, pain);
        gotAll += e.prob * e.rolled;
      } while (e.nextPath());
      expect(Math.abs(gotAll - all)).toBeLessThan(1e-12);
    }
  });

  it('exact: a sweep hit is a wound suffered on kind j with chance (share) x (wounds) x q_save x q_pain', () => {
    // one kind of 4 models, 3 hits wounding on 4+, Sv 4+ re-rolled, Feel No Pain 5+; room 2
    const p = (1 / 2) * (1 / 4) * (4 / 6);
    const { law } = everyPath((e) => {
      const into = [0];
      e.sweepUnsaved!(3, [4], 1, [4], [4], false, [2], into, [2 + 4 * 5]);
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

/** The first runs (up to 3) in which the tabled fight and the reference steps differ; [] when none. */
function differences(name: string, s: Scenario, runs: number): string[] {
  const ruleset = getRuleset(s.rules);
  const table = new TabledFight(s, ruleset);
  const state = new FightState(s, ruleset);
  const a = new CountChance('saves');
  const b = new CountChance('saves');
  const wrong: string[] = [];
  for (let run = 1; run <= runs && wrong.length < 3; run++) {
    state.reset();
    a.start(run);
    const want = JSON.stringify(runFight(state, ruleset, a, null));
    b.start(run);
    table.run(b);
    const got = JSON.stringify(table.outcome());
    if (got !== want || a.rolled !== b.rolled) wrong.push(`${name} run ${run}:\n  reference ${want} (${a.rolled} dice)\n  tabled    ${got} (${b.rolled} dice)`);
  }
  return wrong;
}

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

describe('written in files', () => {
  it('a roster ability re-rolling 1s to save and the shipped feel-no-pain: `fight --json` logs both, `exact` agrees with the closed form', { timeout: 120_000 }, () => {
    const { write } = tempFiles('saves');
    write('undead.yaml', [
      'faction: Undead',
      'abilities:',
      '  grim:',
      '    name: Grim resolve',
      '    effects:',
      '      - reroll: { roll: save, results: ones }',
      'models:',
      '  zombie:',
      '    name: Zombie',
      '    profile: { WS: 3, BS: 0, S: 3, T: 4, W: 1, I: 1, A: 0, Ld: 10, Sv: 4 }',
      '    rules: [grim, feel-no-pain]',
      'units: {}',
      '',
    ].join('\n'));
    const file = write('fight.yaml', [
      'rules: srd4',
      'rounds: 1',
      'attacker:',
      '  units:',
      '    - name: Hitters',
      '      models:',
      '        - { name: Hitter, count: 2, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 3, Ld: 8 } }',
      'defender:',
      '  units:',
      '    - name: Horde',
      '      models:',
      '        - { model: undead/zombie, count: 20 }',
      '',
    ].join('\n'));
    const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 });
    const log = run('fight', file, '--seed', '7', '--json');
    expect(log.status, log.stderr).toBe(0);
    const events = (JSON.parse(log.stdout) as { events: FightEvent[] }).events;
    const groups = savesOf(events).flatMap((e) => e.groups);
    // every re-roll is of a 1; every Feel No Pain die is for a save that failed
    for (const g of groups) {
      expect(g.rerolls?.from.every((f) => f === 1) ?? true).toBe(true);
      expect(g.pain?.rolls.length ?? 0).toBe(g.failed);
    }
    // each of the 8 attacks (A3 +1 charging, two Hitters): WS4 against WS3 hits on 3+, S4 against T4 wounds on 4+, the 4+ save fails
    // on a 2 or 3 or on a 1 re-rolled into a failure, Feel No Pain 4+ fails half the time
    const hit = 2 / 3;
    const q = 3 / 6 - 1 / 6 + (1 / 6) * (3 / 6);
    const p = hit * (1 / 2) * q * (1 / 2);
    const ex = JSON.parse(run('exact', file, '--json').stdout) as { firstRound: { woundsInflicted: { attacker: { mean: number } } } };
    expect(Math.abs(ex.firstRound.woundsInflicted.attacker.mean - 8 * p)).toBeLessThan(1e-9);
  });
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
