// Attack groups (engine/strike.ts): the classes of a unit that fight alike (one profile, its
// Initiative, attacks and weapon use) strike as one group led by the first of them, with all
// their engaged models. A unit of more than 32 classes finds its groups by profile instead of
// searching every class before each one: the groups must be the same.
import { describe, expect, it } from 'vitest';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';

describe('attack groups', () => {
  for (const classes of [8, 40]) {
    it(`${classes} classes of two alternating profiles strike as two groups, each with all its models`, () => {
      const a = model('Swift', { WS: 4, I: 5, A: 1 });
      const b = model('Slow', { WS: 4, I: 3, A: 1 });
      const groups = Array.from({ length: classes }, (_, i) => [i % 2 === 0 ? a : b, 1 + (i % 3)] as [typeof a, number]);
      const target = unit('Target', [[model('Rock', { T: 10, W: 10, I: 1, A: 0, Sv: 2 }), 1]]);
      const { events, state } = scripted(scenario('srd4', [unit('Mob', groups)], [target]), Array(400).fill(1), { allowLeftover: true });
      expect(state.units[0]!.classes).toHaveLength(classes);
      const attacks = eventsOf(events, 'attacks');
      const models = (spec: typeof a) => groups.filter(([s]) => s === spec).reduce((n, [, k]) => n + k, 0);
      expect(attacks.map((e) => [e.model, e.count])).toEqual([['Swift', models(a)], ['Slow', models(b)]]);
    });
  }
});
