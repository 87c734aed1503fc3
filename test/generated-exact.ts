// The generated scenarios `exact` is held to against `sim` (test/exact-random.test.ts): random
// profiles, wargear from the armoury, special rules, multi-wound models, invulnerable saves,
// cover, one or two units a side, one to three phases, under srd4, revised4, fightphase and
// waffle, from a fixed seed (so a test always fights the same ones).
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import type { ModelSpec, Scenario, UnitSpec } from '../src/model.js';
import { fearlessAsAbility, type RuleName } from './helpers.js';

/** The scenarios of `seed`, one a call: `make(i, 'short')` one or two phases, `'long'` three. */
export function generator(seed: number) {
  let s = seed;
  const rnd = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s % n;
  };
  const weapons = Object.keys(ARMOURY_4TH);
  const model = (name: string): ModelSpec => {
    const rules: RuleName[] = rnd(6) === 0 ? ['independent-character'] : rnd(5) === 0 ? ['furious-charge'] : rnd(8) === 0 ? ['fearless'] : [];
    return {
      key: name, name, rules: rules as ModelSpec['rules'], wargear: rnd(3) === 0 ? [ARMOURY_4TH[weapons[rnd(weapons.length)]!]!] : [],
      profile: {
        WS: 1 + rnd(6), BS: 3, S: 2 + rnd(5), T: 2 + rnd(5), W: rnd(4) === 0 ? 2 + rnd(2) : 1, I: 1 + rnd(6), A: 1 + rnd(3), Ld: 5 + rnd(6),
        Sv: rnd(3) === 0 ? null : 2 + rnd(5), Inv: rnd(5) === 0 ? 4 + rnd(2) : null,
      },
    };
  };
  // longer fights get smaller units, so that most stay within a small budget
  let size = 4;
  const unit = (name: string, charged: boolean): UnitSpec => ({
    ref: null, name, models: [{ spec: model(`${name}a`), count: 1 + rnd(size) }, ...(rnd(3) === 0 ? [{ spec: model(`${name}b`), count: 1 + rnd(2) }] : [])],
    charged, inCover: rnd(4) === 0, firedThisTurn: false, inContact: null, casualtyOrder: [], rules: [], chargeDistance: null, difficultTerrain: false, nearby: false,
  });
  const side = (names: string[], charged: boolean, several: boolean) => ({ units: (several && rnd(2) ? names : names.slice(0, 1)).map((n) => unit(n, charged)) });
  return (i: number, rounds: 'short' | 'long'): Scenario => {
    size = rounds === 'long' ? 3 : 4;
    return fearlessAsAbility({
    name: `random ${i}`, rules: (['srd4', 'revised4', 'fightphase', 'waffle'] as const)[rnd(4)]!, rounds: rounds === 'long' ? 3 : 1 + rnd(2),
    attacker: side(['A', 'B'], true, rounds === 'long'), defender: side(['D', 'E'], false, rounds === 'long'), file: null,
    });
  };
}
