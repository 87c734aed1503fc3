// Abilities on saves and wounds (../shared/rules/abilities.md B2 `reroll` of saves, B4
// `feelNoPain`, B5 `eternalWarrior`, B13 their log) with scripted dice, one body for every 40K
// edition, and written in files. Their figures: test/abilities-saves-figures.test.ts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FightEvent } from '../src/engine/events.js';
import type { ModelSpec } from '../src/model.js';
import { eventsOf, model, modelIn, scenario, scripted, tempFiles, unit } from './helpers.js';
import { casualtiesOf, EDITIONS, eternal, fnp, PAD, rerollSaves, savesOf, striker, targets, text, tougher, withAb, withAp, zombie } from './abilities-build.js';

const BIN = new URL('../bin/assault', import.meta.url).pathname;

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
      expect(casualtiesOf(kept.events)[0]).toMatchObject({ woundsInflicted: 1, instantDeath: 0, eternalWarrior: 1, wounded: [{ model: 'Zombie', left: 1, of: 2 }] });
      expect(text(kept.events).join('\n')).toContain('; 1 wound not instant death (eternal warrior)');
      expect(casualtiesOf(slain.events)[0]!.eternalWarrior).toBeUndefined();
      // Instant Death reads the profile's Toughness (B1): T4 made T5 is still slain by S8
      const bike = scripted(s(zombie({ W: 2 }, tougher(1))), [...dice, ...PAD], { allowLeftover: true });
      expect(casualtiesOf(bike.events)[0]).toMatchObject({ instantDeath: 1 });
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
