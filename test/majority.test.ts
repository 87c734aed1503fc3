// Majorities (rules README ruling 5): a value is the majority only when more than half of the
// models have it. Without one, srd4 uses the lowest WS and T present and the worse save;
// revised4 the lowest WS in the unit (000), the Toughness the owner picks (the highest) and
// the save group the owner picks (the better). fightphase reads the most common value, the
// highest on a tie (its own file tests the engaged models only and ties).
import { describe, expect, it } from 'vitest';
import { eventsOf, model, scenario, scripted, unit } from './helpers.js';
import { majority, mostCommon } from '../src/engine/mechanics.js';

const EXPECT = {
  srd4: { ws: 3, t: 3, firstSave: 'Light' },
  revised4: { ws: 3, t: 5, firstSave: 'Heavy' },
  // the most common value, ties to the highest; wounds go to the closest model, all in contact here: the removal order
  fightphase: { ws: 5, t: 5, firstSave: 'Heavy' },
  waffle: { ws: 5, t: 5, firstSave: 'Heavy' },
};

describe.each(Object.entries(EXPECT))('%s majorities', (R, e) => {
  const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 1 }), 1]]);
  it(`${R} WS 5 5 4 3: two of four is no majority, so WS ${e.ws}; T 5 5 4 3: T ${e.t}`, () => {
    const mixed = unit('Mixed', [
      [model('Big', { WS: 5, T: 5, I: 1, A: 0 }), 2], [model('Mid', { WS: 4, T: 4, I: 1, A: 0 }), 1], [model('Small', { WS: 3, T: 3, I: 1, A: 0 }), 1],
    ]);
    const { events } = scripted(scenario(R, [striker], [mixed]), [6, 1]);
    expect(eventsOf(events, 'attacks')[0]!.targetWs).toBe(e.ws);
    expect(eventsOf(events, 'wounds')[0]!.toughness).toBe(e.t);
  });
  it(`${R} three of five is a majority`, () => {
    const mixed = unit('Mixed', [[model('Big', { WS: 5, T: 5, I: 1, A: 0 }), 3], [model('Small', { WS: 3, T: 3, I: 1, A: 0 }), 2]]);
    const { events } = scripted(scenario(R, [striker], [mixed]), [6, 1]);
    expect(eventsOf(events, 'attacks')[0]!.targetWs).toBe(5);
    expect(eventsOf(events, 'wounds')[0]!.toughness).toBe(5);
  });
  it(`${R} saves 3 3 4 4 5: no majority, the first hit goes to the ${e.firstSave} group`, () => {
    const armour = unit('Armour', [
      [model('Heavy', { Sv: 3, I: 1, A: 0 }), 2], [model('Medium', { Sv: 4, I: 1, A: 0 }), 2], [model('Light', { Sv: 5, I: 1, A: 0 }), 1],
    ]);
    const { events } = scripted(scenario(R, [striker], [armour]), [6, 6, 6]);
    expect(eventsOf(events, 'saves')[0]!.groups[0]!.models.join('/')).toBe(e.firstSave);
  });
});

describe('majority and most common value, against a count of every value', () => {
  // a fixed sequence of unit makeups (no luck): values repeat, some classes are empty, up to 80 classes
  const makeups: { values: number[]; counts: number[] }[] = [];
  let x = 12345;
  const next = (k: number) => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 8) % k;
  };
  for (let m = 0; m < 3000; m++) {
    const n = 1 + next(m % 10 === 0 ? 80 : 8);
    const spread = 1 + next(6);
    makeups.push({ values: Array.from({ length: n }, () => 1 + next(spread)), counts: Array.from({ length: n }, () => next(5)) });
  }
  const tally = (values: number[], counts: number[]) => {
    const t = new Map<number, number>();
    values.forEach((v, i) => t.set(v, (t.get(v) ?? 0) + counts[i]!));
    return [...t].filter(([, c]) => c > 0);
  };
  it('the value more than half the models have, else the lowest or highest present; the most common, ties to the highest', () => {
    const bad: string[] = [];
    for (const { values, counts } of makeups) {
      const t = tally(values, counts);
      const total = t.reduce((a, [, c]) => a + c, 0);
      const present = t.map(([v]) => v);
      const half = t.find(([, c]) => 2 * c > total)?.[0];
      const most = Math.max(0, ...t.map(([, c]) => c));
      const want = {
        lowest: total === 0 ? 0 : half ?? Math.min(...present),
        highest: total === 0 ? 0 : half ?? Math.max(...present),
        common: total === 0 ? 0 : Math.max(...t.filter(([, c]) => c === most).map(([v]) => v)),
      };
      const got = { lowest: majority(values, counts, values.length, 'lowest'), highest: majority(values, counts, values.length, 'highest'), common: mostCommon(values, counts, values.length) };
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${JSON.stringify({ values, counts })}: ${JSON.stringify(got)} not ${JSON.stringify(want)}`);
    }
    expect(bad).toEqual([]);
    expect(makeups.filter((m) => m.values.length > 32).length).toBeGreaterThan(100);
  });
});
