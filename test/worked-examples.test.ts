// The worked examples of 001 (and the majority rules they illustrate), with scripted dice, in
// one body for every edition: Squad Adrax's order of strikes and the Ork attack counts are the
// same everywhere; the majorities differ where the editions do (ruling 5).
import { describe, expect, it } from 'vitest';
import { eventsOf, modelIn, scenario, scripted, unit } from './helpers.js';

const EXPECT = {
  // srd4: no majority (more than half) means the lowest WS and T
  srd4: { wsTie: 2, krusabael: 3, grotNeed: 4 },
  // revised4: the lowest WS in the unit (000); the owner picks the Toughness: the highest
  revised4: { wsTie: 2, krusabael: 5, grotNeed: 4 },
  // fightphase: the most common value, ties to the highest (001's own examples)
  fightphase: { wsTie: 5, krusabael: 5, grotNeed: 4 },
  // waffle's own chart: WS2 against WS4 needs 5+ (its row 2, column 4)
  waffle: { wsTie: 5, krusabael: 5, grotNeed: 5 },
};

describe.each(Object.entries(EXPECT))('%s worked examples', (R, e) => {
  const model = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[] = [], rules: Parameters<typeof modelIn>[4] = []) => modelIn(R, name, p, wargear, rules);
  const ork = model('Ork', { WS: 4, S: 3, T: 4, I: 2, A: 2, Sv: 6 }, ['close-combat-weapon', 'pistol']);
  const marine = model('Space Marine', { WS: 4, S: 4, T: 4, I: 4, A: 1, Sv: 3 }, ['pistol']);
  it(`${R} Ork attack counts (001): five Orks with two weapons roll 15 dice, 20 on the charge`, () => {
    // Orks charge Marines who never get to strike back: every die a miss (1s) keeps the count clean.
    const target = unit('Rock', [[model('Rock', { WS: 1, I: 1, A: 0, T: 10, W: 1 }), 1]]);
    const charging = scripted(scenario(R, [unit('Orks', [[ork, 5]], { charged: true })], [target]), Array(20).fill(1));
    expect(eventsOf(charging.events, 'attacks')[0]!.attacks).toBe(20);
    const standing = scripted(scenario(R, [unit('Orks', [[ork, 5]], { charged: false })], [target]), Array(15).fill(1));
    expect(eventsOf(standing.events, 'attacks')[0]!.attacks).toBe(15);
  });

  it(`${R} Squad Adrax's Initiative order (001): Marines at 4, Orks at 2, the power fist at 1`, () => {
    const adrax = model('Sergeant Adrax', { WS: 4, S: 4, T: 4, I: 4, A: 2, Sv: 3 }, ['power-fist'], ['character']);
    const squad = unit('Squad Adrax', [[adrax, 1], [marine, 4]], { charged: true });
    const choppas = unit("Gnashrag's Choppas", [[model('Ork', { WS: 4, S: 3, T: 4, I: 2, A: 2, Sv: 6 }), 10]]);
    // all misses: Marines 4x2=8 dice, Orks 10x2=20, Adrax 3 dice; then a draw, no morale
    const { events } = scripted(scenario(R, [squad], [choppas]), Array(8 + 20 + 3).fill(1));
    // each group of blows with the Initiative step it was struck at
    let step = 0;
    const struck: string[] = [];
    for (const e of events) {
      if (e.type === 'step') step = e.initiative;
      if (e.type === 'attacks') struck.push(`${e.model}@${step}`);
    }
    expect(struck).toEqual(['Space Marine@4', 'Ork@2', 'Sergeant Adrax@1']);
  });

  it(`${R} Grots and Runtherd (000/001): hit on the majority WS2; each strikes with its own WS and S`, () => {
    const grot = model('Gretchin', { WS: 2, S: 2, T: 2, I: 2, A: 1 });
    const runtherd = model('Runtherd', { WS: 4, S: 3, T: 4, I: 2, A: 2, Sv: 6 }, [], ['character']);
    const mob = unit('Gretchin', [[runtherd, 1], [grot, 20]]);
    const enemy = unit('Marines', [[marine, 1]], { charged: false });
    const s = scenario(R, [enemy], [mob]);
    // Marine I4: 1 attack vs majority WS2 (WS4 vs WS2: 3+), rolls 1: miss.
    // I2: Gretchin 20 attacks WS2 vs WS4 (4+), then the Runtherd's 2 attacks WS4 vs WS4 (4+).
    const { events } = scripted(s, [1, ...Array(20).fill(1), ...Array(2).fill(1)]);
    const attacks = eventsOf(events, 'attacks');
    const m = attacks[0];
    const r = attacks.find((a) => a.model === 'Runtherd');
    const g = attacks.find((a) => a.model === 'Gretchin');
    expect(m!.targetWs).toBe(2);
    expect(m!.need).toBe(3);
    expect(r!.ws).toBe(4);
    expect(r!.need).toBe(4);
    expect(g!.ws).toBe(2);
    expect(g!.need).toBe(e.grotNeed);
    // Everything hits; Gretchin wound a T4 Marine with S2 (6+), the Runtherd with S3 (5+); all fail.
    const hits = scripted(s, [1, ...Array(20).fill(6), ...Array(20).fill(1), 6, 6, 1, 1]);
    const wounds = eventsOf(hits.events, 'wounds');
    expect(wounds.find((w) => w.model === 'Runtherd')).toMatchObject({ strength: 3, need: 5 });
    expect(wounds.find((w) => w.model === 'Gretchin')).toMatchObject({ strength: 2, need: 6 });
  });

  it(`${R} a WS tie (ruling 5): two WS2 and two WS5 are hit as WS${e.wsTie}`, () => {
    const mixed = unit('Mixed', [[model('Low', { WS: 2, I: 1, A: 0 }), 2], [model('High', { WS: 5, I: 1, A: 0 }), 2]]);
    const striker = unit('Striker', [[model('Striker', { WS: 4, I: 5, A: 1 }), 1]], { charged: false });
    const { events } = scripted(scenario(R, [striker], [mixed]), [1]);
    expect(eventsOf(events, 'attacks')[0]).toMatchObject({ targetWs: e.wsTie, need: e.wsTie === 2 ? 3 : 4 });
  });

  it(`${R} Court of Krusabael (001): three T3 and three T5 tie: T${e.krusabael}; a Haemonculus (T4) changes nothing`, () => {
    const archon = model('Krusabael', { WS: 7, S: 3, T: 3, W: 3, I: 1, A: 0, Sv: 5 });
    const sslyth = model('Sslyth', { WS: 4, S: 5, T: 5, W: 2, I: 1, A: 0, Sv: 5 });
    const urghul = model('Ur-Ghul', { WS: 4, S: 4, T: 3, I: 1, A: 0 });
    const haem = model('Haemonculus', { WS: 4, S: 3, T: 4, W: 2, I: 1, A: 0, Sv: 6 });
    const striker = unit('Striker', [[model('Striker', { WS: 4, S: 4, I: 5, A: 1 }), 1]], { charged: false });
    for (const court of [
      unit('Court', [[archon, 1], [sslyth, 3], [urghul, 2]]),
      unit('Court', [[archon, 1], [haem, 1], [sslyth, 3], [urghul, 2]]),
    ]) {
      // one hit (6), wound roll 1 fails: the fight ends in a draw after the phase
      const { events } = scripted(scenario(R, [striker], [court]), [6, 1]);
      expect(eventsOf(events, 'wounds')[0]!.toughness).toBe(e.krusabael);
    }
  });
});
