// Scenarios made from a seed (always the same ones for one seed), of every kind the fast paths
// of `sim` take: the kernel (test/kernel.test.ts) and the tabled fights (test/tabled.test.ts).
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import type { ModelSpec, Scenario, UnitSpec } from '../src/model.js';
import { fearlessAsAbility, type RuleName } from './helpers.js';

const RULES = ['srd4', 'revised4'];

/** the rulesets to draw from (srd4 and revised4: the kernel's), and the most units a side */
export interface More {
  rules: readonly string[];
  sides: number;
}

/**
 * Scenarios of every kind the kernel takes (a fixed seed: always the same ones); `plain`: of the
 * kind its compiler takes, each unit's models of one WS, T and save, and no force weapon
 * (sim/kernel/compile.ts `compileRefusal`).
 */
export function generator(seed: number, plain = false, more: Partial<More> = {}) {
  const { rules = RULES, sides = 1 } = more;
  let x = seed;
  const rnd = (n: number) => {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    return x % n;
  };
  const weapons = Object.keys(ARMOURY_4TH).filter((w) => !plain || !ARMOURY_4TH[w]!.force);
  // the unit's WS, T, save and invulnerable save (plain)
  let shared = { WS: 4, T: 4, sv: 4 as number | null, inv: null as number | null };
  const RULE_CHOICES: RuleName[][] = [[], [], [], ['furious-charge'], ['fearless'], ['terminator'], ['bike'], ['jump-infantry'], ['character']];
  const model = (name: string, sv: number | null, inv: number | null): ModelSpec => {
    const wargear = rnd(2) === 0 ? [] : [ARMOURY_4TH[weapons[rnd(weapons.length)]!]!];
    if (rnd(3) === 0) wargear.push(ARMOURY_4TH['close-combat-weapon']!, ARMOURY_4TH['close-combat-weapon']!);
    const grenade = ['frag-grenades', 'plasma-grenades', 'photon-grenades'][rnd(5)];
    if (grenade && ARMOURY_4TH[grenade]) wargear.push(ARMOURY_4TH[grenade]!);
    return {
      key: name, name, rules: RULE_CHOICES[rnd(RULE_CHOICES.length)]! as ModelSpec['rules'], wargear,
      profile: { WS: 1 + rnd(6), BS: 3, S: 2 + rnd(5), T: 2 + rnd(5), W: rnd(4) === 0 ? 2 + rnd(3) : 1, I: 1 + rnd(6), A: 1 + rnd(3), Ld: 5 + rnd(6), Sv: sv, Inv: inv,
        ...(plain ? { WS: shared.WS, T: shared.T, Sv: shared.sv, Inv: shared.inv } : {}) },
    };
  };
  const unit = (name: string, charged: boolean): UnitSpec => {
    const sv = rnd(4) === 0 ? null : 2 + rnd(5);
    const inv = rnd(5) === 0 ? 3 + rnd(3) : null;
    shared = { WS: 1 + rnd(6), T: 2 + rnd(5), sv, inv };
    // most units of one save, some of several (armour groups, invulnerable saves)
    const mixed = rnd(3) === 0;
    const save = () => (mixed ? (rnd(4) === 0 ? null : 2 + rnd(5)) : sv);
    const models = [{ spec: model(`${name}a`, sv, inv), count: 1 + rnd(10) }];
    for (let k = rnd(3); k > 0; k--) models.push({ spec: model(`${name}${'bc'[k - 1]}`, save(), mixed && rnd(2) === 0 ? 3 + rnd(3) : inv), count: 1 + rnd(4) });
    // now and then a second entry of the first model (an equal copy, as two entries of one roster model load): one attack group with it
    if (rnd(4) === 0) models.push({ spec: { ...models[0]!.spec }, count: 1 + rnd(3) });
    const size = models.reduce((n, g) => n + g.count, 0);
    return {
      ref: null, name, models, charged, inCover: rnd(3) === 0, firedThisTurn: rnd(4) === 0, inContact: rnd(3) === 0 ? rnd(size + 1) : null,
      casualtyOrder: rnd(3) === 0 ? [`${name}b`] : [], rules: rnd(6) === 0 ? ['fearless' as RuleName as UnitSpec['rules'][number]] : [],
      chargeDistance: charged && rnd(4) === 0 ? 2 + rnd(10) : null, difficultTerrain: rnd(2) === 0, nearby: false,
    };
  };
  return (i: number): Scenario => {
    const s: Scenario = {
      name: `generated ${i}`, rules: rules[rnd(rules.length)]!, rounds: rnd(3) === 0 ? 'resolve' : 1 + rnd(4),
      attacker: { units: [unit('A', rnd(5) !== 0)] }, defender: { units: [unit('D', rnd(6) === 0)] }, file: null,
    };
    // more units a side (a multiple combat, ruling 17): now and then one not locked with every enemy
    for (let k = 1; k < sides; k++) {
      if (rnd(2) === 0) s.attacker.units.push(unit(`A${k}`, rnd(5) !== 0));
      if (rnd(2) === 0) s.defender.units.push(unit(`D${k}`, rnd(6) === 0));
    }
    if (s.attacker.units.length > 1 && s.defender.units.length > 1 && rnd(3) === 0) s.attacker.units[0]!.lockedWith = ['D'];
    // Fearless is an ability (abilities.md A2): given as the loader gives it
    return fearlessAsAbility(s);
  };
}
