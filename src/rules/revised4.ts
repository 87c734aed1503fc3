// revised4: the revised 4th-edition Assault Phase with designer's notes
// (../shared/rules/000_f26ca7ba2492e63f.txt). It is srd4 with these differences, and only these:
// supporting models (one plain attack), the charge bonus only for units that did not fire,
// defenders in cover strike first and plasma grenades cancel it, a Toughness tie chosen by the
// owner, mixed armour ties chosen by the owner, Wipe Out! checks for nearby friends, the 2D6
// sweeping advance of ruling 11, and characters and monstrous creatures fighting apart.
// The charts are srd4's: 000 refers to charts it does not print.
import { hasRule, type Scenario, type UnitSpec } from '../model.js';
import type { ModelState, UnitState } from '../engine/state.js';
import { leadershipTest, majority, rollSum } from './mechanics.js';
import type { PhaseContext, Ruleset } from './ruleset.js';
import { baseInitiative, foesOf, isCharging, srd4, weaponInitiative, type Foes } from './srd4.js';

/** Terminators, bikes, Dreadnoughts and walkers always count as stationary: they keep the charge bonus. */
function alwaysChargeBonus(unit: UnitState): boolean {
  return unit.has('terminator') || unit.has('bike') || unit.has('walker');
}

/** Who strikes first: defenders in cover at 10 unless plasma grenades; chargers with frag grenades with them. */
function revised4Initiative(m: ModelState, foes: Foes, ctx: PhaseContext): number {
  let init = baseInitiative(m, ctx);
  if (ctx.firstRound) {
    if (!m.unit.charging && m.unit.spec.inCover && foes.charging && !foes.plasma) init = 10;
    if (isCharging(m, ctx) && m.loadout.grenades.frag && !m.loadout.grenades.plasma && foes.chargedInCover) init = 10;
  }
  // a supporting model does not use its special weapon (m.special is false), so a power fist does not slow it
  return weaponInitiative(m, init);
}

/** Dice for a unit's fall back or sweeping advance: 3D6 for bikes and jump infantry, else 2D6. */
function moveDice(unit: UnitState): number {
  return unit.has('bike') || unit.has('jump-infantry') ? 3 : 2;
}

const apart = (spec: UnitSpec['models'][number]['spec']) =>
  hasRule(spec.rules, 'independent-character') || hasRule(spec.rules, 'monstrous-creature');

export const revised4: Ruleset = {
  ...srd4,
  id: 'revised4',
  name: 'Revised 4th-edition Assault Phase',
  document: '000_f26ca7ba2492e63f.txt',
  summary:
    "A revised 4th-edition Assault Phase with designer's notes: models in base contact fight in full, supporting " +
    'models make one plain attack; defenders in cover strike first; a 2D6 sweeping advance holds the loser in combat.',
  notes: [
    'Charts: those of srd4 (000 refers to charts it does not print).',
    'Differs from srd4:',
    'Models in base contact (inContact) fight with all their attacks and special weapons; the rest of the unit supports with exactly one attack, no bonuses, no special attacks.',
    'Charge bonus only for units that did not fire this turn (firedThisTurn), except terminators, bikes and walkers; only models in base contact get it, and the two-weapon bonus.',
    'Defenders in cover strike first (Initiative 10) in the first round; chargers with frag grenades strike with them; plasma grenades cancel the cover advantage. Power fists always strike at 1.',
    'A Toughness tie: the owner chooses (the defender takes the highest). A tie for the majority save: the owner chooses which group is hit first (the better save).',
    'Wipe Out!: the side that destroys its enemy wins; unengaged friends of the destroyed unit within 6" (nearby: true) take Morale checks.',
    'Sweeping advance (ruling 11): the winner rolls 2D6 (3D6 bikes, jump infantry) against the loser\'s fall-back 2D6 (3D6); higher holds the loser in combat, nobody charging next phase; otherwise the loser falls back. Terminators cannot sweep.',
    'Independent characters and monstrous creatures fight as units of their own, their dice rolled apart.',
  ],
  targetT: (values, n) => majority(values, 'highest', n),
  saveTie: 'better',

  prepareUnit(unit, ctx) {
    const foes = foesOf(unit, ctx);
    const charge = ctx.firstRound && unit.charging && !foes.photon && (!unit.spec.firedThisTurn || alwaysChargeBonus(unit)) ? 1 : 0;
    for (const m of unit.models) {
      if (!m.alive) continue;
      m.special = m.inContact;
      m.attacks = m.inContact ? m.spec.profile.A + (m.loadout.twoWeapons ? 1 : 0) + charge : 1;
      m.initiative = revised4Initiative(m, foes, ctx);
    }
  },

  breakOff(loser, winners, ctx) {
    const sweeper = winners.find((w) => !w.has('terminator')) ?? null;
    const log = ctx.log;
    const loserRolls: number[] | null = log ? [] : null;
    const fallBack = rollSum(ctx.dice, moveDice(loser), loserRolls);
    if (!sweeper) {
      log?.push({ type: 'breakoff', side: loser.side, unit: loser.name, loserRolls: loserRolls!, loserBonus: 0, winner: winners[0]!.name, winnerRolls: [], winnerBonus: 0, outcome: 'fellBack', rule: 'the winners cannot make a sweeping advance' });
      return 'fellBack';
    }
    const winnerRolls: number[] | null = log ? [] : null;
    const sweep = rollSum(ctx.dice, moveDice(sweeper), winnerRolls);
    const outcome = sweep > fallBack ? 'held' : 'fellBack';
    log?.push({
      type: 'breakoff', side: loser.side, unit: loser.name, loserRolls: loserRolls!, loserBonus: 0, winner: sweeper.name,
      winnerRolls: winnerRolls!, winnerBonus: 0, outcome, rule: `sweep ${moveDice(sweeper)}D6 against fall back ${moveDice(loser)}D6; higher holds the loser in combat`,
    });
    return outcome;
  },

  wipeOut(destroyedSide, ctx) {
    for (const u of destroyedSide) {
      if (!u.spec.nearby || u.aliveCount() === 0) continue;
      const rolls: number[] | null = ctx.log ? [] : null;
      const fearless = u.has('fearless');
      const passed = fearless || leadershipTest(ctx.dice, u.best('Ld'), rolls);
      if (!passed) u.fate = 'fellBack';
      ctx.log?.push({ type: 'morale', side: u.side, unit: u.name, ld: u.best('Ld'), rolls: rolls ?? [], passed, fearless, reason: 'wipe-out' });
    }
  },

  organize(scenario: Scenario): Scenario {
    const split = (units: UnitSpec[]): UnitSpec[] =>
      units.flatMap((u) => {
        const loners = u.models.filter((g) => apart(g.spec));
        if (loners.length === 0 || loners.length === u.models.length) return [u];
        const rest = u.models.filter((g) => !apart(g.spec));
        const restCount = rest.reduce((n, g) => n + g.count, 0);
        return [
          { ...u, models: rest, inContact: u.inContact === null ? null : Math.min(u.inContact, restCount) },
          ...loners.flatMap((g) => Array.from({ length: g.count }, () => ({ ...u, ref: null, name: g.spec.name, models: [{ spec: g.spec, count: 1 }], inContact: null, casualtyOrder: [] }))),
        ];
      });
    return { ...scenario, attacker: { units: split(scenario.attacker.units) }, defender: { units: split(scenario.defender.units) } };
  },
};
