// Vehicles and walkers in files (vehicles.md V1, V2, V13, V16): what loads, and every refusal
// with its file:line:col, key path and a message that says why.
import { describe, expect, it } from 'vitest';
import { problemsOf, tempFiles } from './helpers.js';
import { validateFile } from '../src/validate.js';
import { loadScenario } from '../src/io/load.js';
import { runChecks } from '../src/check/check.js';

const { write } = tempFiles('vehicle-files');
const problems = (name: string, text: string): string[] => problemsOf(validateFile, write(name, text));

const scenario = (defender: string, rules = 'srd4', attackerExtra = '') => `rules: ${rules}
attacker:
  units:
    - name: Squad
      models:
        - { name: Marine, count: 5, profile: { WS: 4, BS: 4, S: 4, T: 4, W: 1, I: 4, A: 1, Ld: 8, Sv: 3 }, wargear: [krak-grenades, chainfist, melta-bombs] }
${attackerExtra}defender:
  units:
${defender}`;

const DREAD = `    - name: Dreadnought
      models:
        - name: Dreadnought
          count: 1
          type: walker
          vehicle: { WS: 4, BS: 4, S: 6, front: 12, side: 12, rear: 10, I: 4, A: 2 }
          wargear: [dreadnought-close-combat-weapon]
`;
const TRUKK = `    - name: Trukk
      moved: combat
      models:
        - name: Trukk
          count: 1
          type: vehicle
          types: [open-topped]
          vehicle: { BS: 2, front: 10, side: 10, rear: 10 }
`;

describe('vehicle files', () => {
  it('loads the walker and the open-topped vehicle of the format, with moved', () => {
    const s = loadScenario(write('ok.yaml', scenario(DREAD + TRUKK)));
    const [dread, trukk] = s.defender.units;
    expect(dread!.models[0]!.spec.vehicle).toEqual({ kind: 'walker', front: 12, side: 12, rear: 10, types: [] });
    expect(dread!.models[0]!.spec.profile).toMatchObject({ WS: 4, S: 6, I: 4, A: 2, BS: 4 });
    expect(dread!.models[0]!.spec.rules).toContain('walker');
    expect(trukk!.moved).toBe('combat');
    expect(trukk!.models[0]!.spec.vehicle!.types).toEqual(['open-topped']);
    // the chainfist and melta bombs roll 2D6 for penetration
    const gear = s.attacker.units[0]!.models[0]!.spec.wargear;
    expect(gear.map((w) => [w.key, w.penetration])).toEqual([['krak-grenades', 1], ['chainfist', 2], ['melta-bombs', 2]]);
  });

  it('reads a weapon written out with penetration: 2d6', () => {
    const s = loadScenario(write('pen.yaml', scenario(TRUKK).replace('wargear: [krak-grenades, chainfist, melta-bombs]', 'wargear: [ { name: Saw, strength: x2, penetration: 2d6 } ]')));
    expect(s.attacker.units[0]!.models[0]!.spec.wargear[0]!.penetration).toBe(2);
  });

  it('refuses a vehicle with T, W, Sv or Ld, a walker without WS, S, I or A, armour outside 1-15', () => {
    const p = problems('bad-profile.yaml', scenario(`    - name: Rhino
      models:
        - { name: Rhino, count: 1, type: vehicle, vehicle: { BS: 4, front: 11, side: 11, rear: 10, T: 6, Ld: 10 } }
    - name: Dread
      models:
        - { name: Dread, count: 1, type: walker, vehicle: { BS: 4, front: 12, side: 12, rear: 10, WS: 4, S: 6 } }
`));
    expect(p).toEqual([
      expect.stringMatching(/:11:\d+: a vehicle has no T: .*\(at defender\.units\[0\]\.models\[0\]\.vehicle\.T\)$/),
      expect.stringMatching(/:11:\d+: a vehicle has no Ld: .*\(at defender\.units\[0\]\.models\[0\]\.vehicle\.Ld\)$/),
      expect.stringMatching(/:14:\d+: a walker needs I, A in its vehicle profile .*\(at defender\.units\[1\]\.models\[0\]\.vehicle\)$/),
    ]);
    const armour = problems('bad-armour.yaml', scenario(TRUKK.replace('rear: 10', 'rear: 16')));
    expect(armour).toEqual([expect.stringMatching(/:16:\d+: .*15.*\(at defender\.units\[0\]\.models\[0\]\.vehicle\.rear\)$/)]);
  });

  it('a vehicle profile refused is one problem: its unit\'s moved is not also said to have no vehicle', () => {
    const bad = problems('bad-rhino.yaml', scenario(TRUKK.replace('front: 10,', 'T: 10, front: 10,')));
    expect(bad).toEqual([expect.stringMatching(/a vehicle has no T.*\(at defender\.units\[0\]\.models\[0\]\.vehicle\.T\)$/)]);
  });
  it('refuses moved on a unit with no vehicle, a group of more than one vehicle, a vehicle with other models', () => {
    const moved = problems('moved.yaml', scenario(DREAD, 'srd4', '      moved: fast\n'));
    expect(moved).toEqual([expect.stringMatching(/:7:\d+: moved belongs to a vehicle unit .*\(at attacker\.units\[0\]\.moved\)$/)]);
    const squadron = problems('squadron.yaml', scenario(TRUKK.replace('count: 1', 'count: 3')));
    expect(squadron).toEqual([expect.stringMatching(/: a vehicle is a unit of its own: count must be 1 \(a squadron of 3 is 3 units: vehicles\.md V13\) \(at defender\.units\[0\]\.models\[0\]\.count\)$/)]);
    const mixed = problems('mixed.yaml', scenario(`${TRUKK}        - { name: Boy, count: 3, profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7 } }\n`));
    expect(mixed).toEqual([expect.stringMatching(/a vehicle is a unit of its own, with no other model .*\(at defender\.units\[0\]\.models\)$/)]);
    const sized = problems('sized.yaml', scenario(TRUKK.replace('moved: combat', 'moved: combat\n      size: 2')));
    expect(sized).toEqual([expect.stringMatching(/a vehicle is a unit of its own, of one model: size must be 1 .*\(at defender\.units\[0\]\.size\)$/)]);
  });

  it.each(['fightphase', 'waffle'])('refuses a vehicle under %s, saying it has no vehicle rules (V16)', (rules) => {
    // (its armoury has no krak grenades, melta bombs or Dreadnought close combat weapon either)
    expect(problems(`${rules}.yaml`, scenario(DREAD, rules))).toEqual(expect.arrayContaining([
      expect.stringMatching(new RegExp(`:9:\\d+: ${rules} has no rules for vehicles or walkers yet: a scenario with a walker is refused under it .*\\(at defender\\.units\\[0\\]\\)$`)),
    ]));
  });
});

describe('a check file names a vehicle unit by its name (V14: units.<name>.vehicle)', () => {
  it('units.Rhino.vehicle.destroyed is a figure a check may pin, as units.1.vehicle.destroyed is', { timeout: 60_000 }, async () => {
    write('squadron.yaml', scenario(`    - name: Rhino
      models:
        - { name: Rhino, count: 1, type: vehicle, vehicle: { BS: 4, front: 11, side: 11, rear: 10 } }
    - name: Trukk
      moved: combat
      models:
        - { name: Trukk, count: 1, type: vehicle, types: [open-topped], vehicle: { BS: 2, front: 10, side: 10, rear: 10 } }
`, 'srd4', '').replace('    - name: Squad\n', '    - name: Squad\n      attackSplit: [Rhino, Trukk]\n'));
    const file = write('squadron.check.yaml', `scenario: squadron.yaml
method: exact
expect:
  units.Rhino.vehicle.destroyed: { min: 0, max: 1 }
  units.1.vehicle.destroyed: { min: 0, max: 1 }
  units.Trukk.vehicle.unharmed: { min: 0, max: 1 }
`);
    const run = await runChecks([file]);
    expect(run.problems).toEqual([]);
    expect(run.results.map((r) => [r.name, r.pass])).toEqual([
      ['units.Rhino.vehicle.destroyed', true], ['units.1.vehicle.destroyed', true], ['units.Trukk.vehicle.unharmed', true],
    ]);
  });
});
