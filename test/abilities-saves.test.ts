// Abilities on saves and wounds (../shared/rules/abilities.md B2 `reroll` of saves, B4
// `feelNoPain`, B5 `eternalWarrior`, B13 their log) with scripted dice, one body for every 40K
// edition; then `exact` and `sim` against closed forms, and the tabled sim against the
// reference steps run by run.
import { describe, expect, it } from 'vitest';
import type { Ability, Effect } from '../src/abilities.js';
import type { FightEvent } from '../src/engine/events.js';
import type { ModelSpec } from '../src/model.js';
import { renderEvent } from '../src/render/text.js';
import { painter } from '../src/render/color.js';
import { eventsOf, model, modelIn, scenario, scripted, unit } from './helpers.js';

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
