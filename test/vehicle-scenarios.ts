// Vehicle fights built in code for the tests: a squad with its Rhino (vehicles.md V17, V18).
import { model, profile, scenario, unit } from './helpers.js';
import type { ModelSpec, Scenario } from '../src/model.js';

/** A Rhino as the loader builds it (vehicles.md V1): parked, struck on its rear 10. */
export const RHINO: ModelSpec = {
  key: 'rhino', name: 'Rhino', profile: profile({ WS: 0, BS: 4, S: 0, T: 10, W: 1, I: 0, A: 0, Ld: 10 }), wargear: [], rules: [],
  vehicle: { kind: 'vehicle', front: 11, side: 11, rear: 10, types: [] },
};

/** 3 Marines (A1, charging: 2 attacks, one at the Boyz and one at the Rhino) against 3 Boyz (A2) and their parked Rhino. */
export function squadWithRhino(rules: string, rounds: number | 'resolve' = 1): Scenario {
  const marine = model('Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Ld: 8, Sv: 3 }, ['close-combat-weapon']);
  const boy = model('Boy', { WS: 4, S: 3, T: 4, I: 2, A: 2, Ld: 7, Sv: 6 }, ['close-combat-weapon']);
  return scenario(rules, [unit('Marines', [[marine, 3]], { charged: true, attackSplit: 'even' })], [unit('Boyz', [[boy, 3]]), unit('Rhino', [[RHINO, 1]])], rounds);
}
