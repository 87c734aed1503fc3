// A vehicle that is not a walker never charges (vehicles.md V21), and a krak or melta grenade
// written out needs its Strength (V7): refused in the file, located (file:line:col, key path),
// by validate and by every command that reads the file (exit 2).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { problemsOf, tempFiles } from './helpers.js';
import { validateFile } from '../src/validate.js';
import { packageRoot } from '../src/paths.js';

const PACKAGE_ROOT = packageRoot();

const { write } = tempFiles('vehicle-charge');
const problems = (name: string, text: string): string[] => problemsOf(validateFile, write(name, text));
/** The command line in this process (test/cli-in-process.ts). */
const cli = (args: string[]) => assault(args, { cwd: PACKAGE_ROOT, env: { NO_COLOR: '1' } });

const RHINO_CHARGES = (rules: string) => `rules: ${rules}
attacker:
  units:
    - unit: vehicles/rhino
defender:
  units:
    - unit: orks/boyz
`;
const RHINO_SAYS_CHARGED = (rules: string) => `rules: ${rules}
attacker:
  units:
    - unit: orks/boyz
defender:
  units:
    - unit: vehicles/rhino
      charged: true
`;
const BOMB = (rules: string, bomb: string) => `rules: ${rules}
attacker:
  units:
    - name: Boyz
      models:
        - name: Boy
          count: 3
          profile: { WS: 4, BS: 2, S: 3, T: 4, W: 1, I: 2, A: 2, Ld: 7, Sv: 6 }
          wargear: [ ${bomb} ]
defender:
  units:
    - unit: vehicles/rhino
`;

describe.each(['srd4', 'revised4'])('refused in the file under %s', (rules) => {
  it('V21: a vehicle that is not a walker on the attacker side (which charged), or said to have charged', async () => {
    expect(problems(`attacker-${rules}.yaml`, RHINO_CHARGES(rules))).toEqual([
      expect.stringMatching(/:4:7: a vehicle that is not a walker is never on the attacker side, the side that assaults: it never charges .*vehicles\.md V21.*put it on the defender side.* \(at attacker\.units\[0\]\)$/),
    ]);
    expect(problems(`charged-${rules}.yaml`, RHINO_SAYS_CHARGED(rules))).toEqual([
      expect.stringMatching(/:8:16: a vehicle that is not a walker never charges .*vehicles\.md V21.*leave out charged: true \(at defender\.units\[0\]\.charged\)$/),
    ]);
    // a defender's charge distance: the way out offered is to leave it out, never to say it charged
    expect(problems(`distance-${rules}.yaml`, RHINO_SAYS_CHARGED(rules).replace('charged: true', 'chargeDistance: 4'))).toEqual([
      expect.stringMatching(/:8:23: the unit does not charge \(a defender\), so its chargeDistance would do nothing: leave it out \(a vehicle that is not a walker never charges: vehicles\.md V21\) \(at defender\.units\[0\]\.chargeDistance\)$/),
    ]);
    // a walker charges as infantry does
    expect(problems(`walker-${rules}.yaml`, RHINO_CHARGES(rules).replace('vehicles/rhino', 'vehicles/dreadnought'))).toEqual([]);
  });

  it('a krak grenade or melta bomb written out with no Strength (it would be thrown at S0), or a Strength that is not a number', async () => {
    expect(problems(`krak-${rules}.yaml`, BOMB(rules, '{ name: Tankbusta bomb, grenade: krak }'))).toEqual([
      expect.stringMatching(/:9:\d+: 'Tankbusta bomb' is a krak grenade, .*needs strength as a number .* \(at attacker\.units\[0\]\.models\[0\]\.wargear\[0\]\)$/),
    ]);
    expect(problems(`melta-${rules}.yaml`, BOMB(rules, '{ name: Bomb, grenade: melta, strength: x2 }'))).toEqual([
      expect.stringMatching(/:9:\d+: 'Bomb' is a melta bomb, .* \(at attacker\.units\[0\]\.models\[0\]\.wargear\[0\]\.strength\)$/),
    ]);
    expect(problems(`ok-${rules}.yaml`, BOMB(rules, '{ name: Tankbusta bomb, grenade: krak, strength: 6 }'))).toEqual([]);
  });
});

describe('the commands refuse them too (exit 2, located)', { timeout: 120_000 }, () => {
  it('validate, fight, sim and exact on a Rhino that charges; batch on a matrix that makes one attack', async () => {
    const file = write('cli-rhino.yaml', RHINO_CHARGES('srd4'));
    for (const args of [['validate', file], ['fight', file, '--seed', '1'], ['sim', file, '--runs', '10'], ['exact', file], ['sim', file, '--rules', 'revised4', '--runs', '10']]) {
      const r = await cli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr + r.stdout).toMatch(/cli-rhino\.yaml:4:7: a vehicle that is not a walker is never on the attacker side.*V21.*\(at attacker\.units\[0\]\)/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    // a matchup named on the command line
    const named = await cli(['sim', '--attacker', 'vehicles/rhino', '--defender', 'orks/boyz', '--runs', '10']);
    expect(named.status).toBe(2);
    expect(named.stderr).toMatch(/--attacker vehicles\/rhino: a vehicle that is not a walker is never on the attacker side.*V21/);
    const bomb = write('cli-bomb.yaml', BOMB('srd4', '{ name: Tankbusta bomb, grenade: krak }'));
    const b = await cli(['sim', bomb, '--runs', '10']);
    expect(b.status).toBe(2);
    expect(b.stderr + b.stdout).toMatch(/cli-bomb\.yaml:9:\d+: 'Tankbusta bomb' is a krak grenade/);
    const matrix = write('cli-matrix.yaml', 'runs: 10\nattackers: [space-marines/tactical-squad, vehicles/rhino]\ndefenders: [orks/boyz]\n');
    const m = await cli(['batch', matrix]);
    expect(m.status).toBe(2);
    expect(m.stderr + m.stdout).toMatch(/cli-matrix\.yaml:2:43: 'vehicles\/rhino' is a vehicle that is not a walker: it never charges .*V21.*\(at attackers\[1\]\)/);
    // a roster's stem alone attacks with the units that may charge (the Dreadnought), the Rhino among the defenders is fought
    const stem = write('cli-stem.yaml', 'runs: 10\nattackers: [vehicles]\ndefenders: [vehicles/rhino]\n');
    const s = await cli(['batch', stem, '--csv']);
    expect(s.status, s.stderr).toBe(0);
    expect(s.stdout.trim().split('\n').slice(1).map((l) => l.split(',').slice(0, 2).join(' vs '))).toEqual(['vehicles/dreadnought vs vehicles/rhino']);
  });
});
