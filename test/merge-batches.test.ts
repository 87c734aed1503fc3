// `exact` merges like pending batches before it saves a state (engine/snapshot.ts
// mergeBatches). Under srd4's lapping round (engine/allocate.ts) a batch joins the one before it
// in the order of allocation, where each armour group saves alike: not the same dice, so this
// checks the same law instead, over every sequence of dice, for units of mixed saves,
// invulnerable saves, characters and several wounds, and batches with special attacks between
// like ones; and that a group that saves unlike is left alone. (Where the allocation pools like hits the
// dice are the same: snapshot.test.ts fights every shipped scenario so.)
import { describe, expect, it } from 'vitest';
import { allocateWounds, type HitBatch } from '../src/engine/allocate.js';
import { mergeBatches } from '../src/engine/snapshot.js';
import { FightState, type UnitState } from '../src/engine/state.js';
import { revised4 } from '../src/editions/revised4/index.js';
import { srd4 } from '../src/editions/srd4/index.js';
import type { Ruleset } from '../src/engine/ruleset.js';
import type { UnitSpec } from '../src/model.js';
import { everyPath, model, sameLaw, scenario, unit } from './helpers.js';

const plain = (count: number, strength = 4): HitBatch => ({ count, strength, noArmour: false, maxSave: null, ap: null, force: null, cause: 'plain', weapon: null });
const power = (count: number): HitBatch => ({ ...plain(count), noArmour: true, cause: 'weapon', weapon: 'Power weapon' });
const rending = (count: number): HitBatch => ({ ...plain(count), noArmour: true, cause: 'rending' });
const capped = (count: number): HitBatch => ({ ...plain(count), maxSave: 4, cause: 'weapon', weapon: 'Choppa' });

const initiate = model('Initiate', { Sv: 3 });
const neophyte = model('Neophyte', { WS: 3, Sv: 4 });
const marine = model('Marine', { Sv: 3 });
const sergeant = model('Sergeant', { Sv: 3 }, [], ['character']);
const hero = model('Hero', { Sv: 3, Inv: 4, W: 2 }, [], ['character']);
const nob = model('Nob', { Sv: 6, W: 2, T: 4 });
const boy = model('Boy', { Sv: 6 });
const terminator = model('Terminator', { Sv: 2, Inv: 5 });
const shieldVeteran = model('Shield Veteran', { Sv: 3, Inv: 3 });
const chaplain = model('Chaplain', { Sv: 3, Inv: 4, W: 2 }, [], ['character']);

// [what, the unit, whether its armour groups save alike against any hit (else nothing merges)]
const TARGETS: [string, () => UnitSpec, boolean][] = [
  ['Templars (4 Initiates 3+, 6 Neophytes 4+)', () => unit('Templars', [[initiate, 4], [neophyte, 6]]), true],
  ['3 Marines and a Sergeant', () => unit('Squad', [[marine, 3], [sergeant, 1]]), true],
  ['2 Marines and a Hero (Inv 4+, W2)', () => unit('Squad', [[marine, 2], [hero, 1]]), false],
  ['a Nob (W2) and 5 Boyz', () => unit('Mob', [[nob, 1], [boy, 5]]), true],
  ['3 Terminators (2+, Inv 5+)', () => unit('Terminators', [[terminator, 3]]), true],
];

const BATCHES: [string, HitBatch[], number][] = [
  // [what, the batches, how many are left once merged]
  ['two like batches', [plain(3), plain(2)], 1],
  ['three like batches', [plain(1), plain(2), plain(2)], 1],
  ['like batches with a power weapon struck between them (allocated first)', [plain(2), power(1), plain(3)], 2],
  ['rending hits either side of plain ones', [rending(1), plain(2), rending(2)], 2],
  ['a Strength 8 batch between like ones: not merged', [plain(2), plain(1, 8), plain(2)], 3],
  ['capped saves, then plain, then capped', [capped(2), plain(1), capped(2)], 2],
];

/** The outcome of allocating `batches` (merged first when `merge`) to a fresh target: the wounds inflicted and who is left, with their wounds. */
function law(ruleset: Ruleset, target: () => UnitSpec, batches: HitBatch[], merge: boolean) {
  let kept = batches.length;
  const r = everyPath((e) => {
    const state = new FightState(scenario(ruleset.id, [unit('Enemy', [[model('E', {}), 1]])], [target()]));
    const u: UnitState = state.units[1]!;
    for (const b of batches) u.pend(b.count, b.strength, b.noArmour, b.maxSave, b.ap, b.force, b.cause, b.weapon);
    if (merge) mergeBatches(u, false);
    kept = u.nPending;
    const inflicted = allocateWounds(u, u.pending, u.nPending, { state, phase: 1, firstRound: true, chance: e, log: null }, ruleset);
    return `${inflicted} | ${u.classes.map((c) => `${c.spec.name} ${c.count} front ${c.front}`).join(', ')}`;
  });
  return { law: r.law, kept };
}

describe('srd4 and revised4: like batches merged in the order of allocation give the same law of casualties', () => {
  for (const ruleset of [srd4, revised4]) {
    for (const [targetName, target, alike] of TARGETS) {
      it(`${ruleset.id}: ${targetName}`, () => {
        for (const [what, batches, left] of BATCHES) {
          const apart = law(ruleset, target, batches, false);
          const merged = law(ruleset, target, batches, true);
          expect(merged.kept, what).toBe(alike ? left : batches.length);
          sameLaw(merged.law, apart.law);
        }
      });
    }
  }
});

describe('srd4 and revised4: no merging where an armour group saves unlike', () => {
  // a Marine, a Chaplain (4+ invulnerable, W2) and two Shield Veterans (3+ invulnerable), all 3+
  // armour: against power weapons the three classes save differently, and the failures of a
  // class whose own models are gone go to the group's models, a wounded one first, so the order of
  // the failures decides who dies
  const command = () => unit('Command', [[marine, 1], [chaplain, 1], [shieldVeteran, 2]]);
  for (const ruleset of [srd4, revised4]) {
    it(`${ruleset.id}: two power-weapon batches of 3 on a Marine, a Chaplain and Shield Veterans stay apart; one batch of 6 would change the law`, () => {
      const apart = law(ruleset, command, [power(3), power(3)], false);
      const kept = law(ruleset, command, [power(3), power(3)], true);
      expect(kept.kept).toBe(2);
      sameLaw(kept.law, apart.law);
      const one = law(ruleset, command, [power(6)], false).law;
      const worst = Math.max(...[...new Set([...one.keys(), ...apart.law.keys()])].map((k) => Math.abs((one.get(k) ?? 0) - (apart.law.get(k) ?? 0))));
      expect(worst).toBeGreaterThan(0.1);
    });
    it(`${ruleset.id}: the same unit with one invulnerable save for the whole armour group merges, to the same law`, () => {
      const alike = () => unit('Command', [[model('Veteran', { Sv: 3, Inv: 4 }), 1], [chaplain, 1], [model('Sergeant', { Sv: 3, Inv: 4 }, [], ['character']), 2]]);
      const apart = law(ruleset, alike, [power(3), power(3)], false);
      const merged = law(ruleset, alike, [power(3), power(3)], true);
      expect(merged.kept).toBe(1);
      sameLaw(merged.law, apart.law);
    });
  }
});
