// `exact` works out the casualties of a step's second unit among the blows, once the first unit's
// groups have struck it and before its own strike (engine/strike.ts `earlyCasualties`): the
// models it loses must still strike, as the step's blows are simultaneous. Checked against the
// laws worked out here, where a casualty taken before the blows would show: two models a side,
// one attack each at the same Initiative, each attack hitting on 4+ and wounding on 4+ (p = 1/4),
// no saves, so the wounds each side inflicts are Binomial(2, 1/4), independent of the other's.
import { describe, expect, it } from 'vitest';
import { exact } from '../src/exact/exact.js';
import { binomial, model, scenario, unit } from './helpers.js';

// the editions whose Initiative steps are the base ones (the others keep the procedure's order)
describe.each(['srd4', 'revised4'])('exact, %s: the second unit takes its casualties among the blows', (rules) => {
  const left = model('Left', { WS: 4, S: 4, T: 4, W: 1, I: 4, A: 1 });
  const right = model('Right', { WS: 4, S: 4, T: 4, W: 1, I: 4, A: 1 });
  const s = scenario(rules, [unit('Left', [[left, 2]])], [unit('Right', [[right, 2]])], 1);

  it('its dead still strike: the wounds each side inflicts are independent, Binomial(2, 1/4)', () => {
    const r = exact(s);
    const b = binomial(2, 1 / 4);
    let wins = 0;
    let draws = 0;
    for (let a = 0; a <= 2; a++) {
      for (let d = 0; d <= 2; d++) {
        if (a > d) wins += b[a]! * b[d]!;
        if (a === d) draws += b[a]! * b[d]!;
      }
    }
    // 69/256 and 118/256
    expect(r.firstRound.result.attacker).toBeCloseTo(wins, 12);
    expect(r.firstRound.result.defender).toBeCloseTo(wins, 12);
    expect(r.firstRound.result.draw).toBeCloseTo(draws, 12);
    expect(r.firstRound.woundsInflicted.attacker.mean).toBeCloseTo(0.5, 12);
    expect(r.firstRound.woundsInflicted.defender.mean).toBeCloseTo(0.5, 12);
  });
});
