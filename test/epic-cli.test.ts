// epic from the command line: its files refused with a location and exit 2, `rules epic`, a
// batch of epic rosters whose rows are their own sims, sim and exact on the shipped scenarios.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';
import { loadMatrix, runBatch } from '../src/batch/batch.js';
import { simulate } from '../src/sim/run.js';

const root = new URL('..', import.meta.url).pathname;
const { write } = tempFiles('epic-cli');
/** The command line in this process (test/cli-in-process.ts). */
const cli = (args: string[]) => assault(args, { cwd: root, env: { NO_COLOR: '1' } });

const scenario = (unit: string, extra = '') => `rules: epic
rounds: 1
attacker:
  units:
    - name: Tactical detachment
${unit}      models:
        - name: Tactical
          count: 6
          profile: { speed: "10/20", assault: 4, firepower: 1, armour: 5 }
          distance: 8
defender:
  units:
    - unit: epic-orks/boyz-mob
${extra}`;

describe('epic on the command line', { timeout: 120_000 }, () => {
  it.each([
    ['a 40K key', '      inContact: 2\n', '', /:6:7: 'inContact' is a 40K key.*\(at attacker\.units\[0\]\.inContact\)/],
    ['rounds other than 1', '', 'rounds: 2\n', /rounds is 2: an epic close combat is settled in one phase.*\(at rounds\)/],
    ['a second detachment', '', '    - unit: epic-orks/boyz-mob\n', /2 detachments on the defender side.*\(at defender\.units\[1\]\)/],
    ['a Broken attacker (E15)', '      broken: true\n', '', /:6:\d+: a Broken detachment cannot assault \(E15\).*\(at attacker\.units\[0\]\.broken\)/],
    ['a Broken unbreakable defender (E15)', '', '      broken: true\n      rules: [unbreakable]\n', /:\d+:\d+: an unbreakable detachment is never Broken \(E15\).*\(at defender\.units\[0\]\.broken\)/],
  ])('refuses %s with file:line:col, the key path and exit 2', async (_, unit, extra, says) => {
    const f = write('bad.yaml', scenario(unit, extra).replace('rounds: 1\n', extra.startsWith('rounds') ? '' : 'rounds: 1\n'));
    const r = await cli(['validate', f]);
    expect(r.status).toBe(2);
    expect(r.stdout + r.stderr).toMatch(says);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
  });
  it('a bad Speed is one problem: the detachment it leaves empty is not said to have no units', async () => {
    const f = write('speed.yaml', scenario('').replace('speed: "10/20"', 'speed: "20/10"'));
    const r = await cli(['validate', f]);
    expect(r.status).toBe(2);
    expect((r.stdout + r.stderr).trim().split('\n')).toEqual([expect.stringMatching(/speed\.yaml:\d+:\d+: speed '20\/10'.*\(at attacker\.units\[0\]\.models\[0\]\.profile\.speed\)$/), '1 problem']);
  });
  it('refuses an epic profile under srd4, and a war engine', async () => {
    const f = write('srd4.yaml', scenario('').replace('rules: epic', 'rules: srd4'));
    const r = await cli(['fight', f]);
    expect(r.status).toBe(2);
    // the ruleset is the one problem, said alone at the file's rules (not each epic key, nor the shipped roster)
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/srd4\.yaml:\d+:\d+: this is an epic scenario \(its units are epic detachments\), but rules: srd4 chooses a 40K ruleset: write rules: epic \(at rules\)$/)]);
    const w = write('we.yaml', scenario('').replace('armour: 5 }', 'armour: 5, damageCapacity: 8 }'));
    expect((await cli(['validate', w])).stdout + (await cli(['validate', w])).stderr).toMatch(/war engines .* are outside the epic ruleset/);
  });
  it('E12: --rounds above 1 is a command-line error for every command that takes it; 1 and resolve are taken', async () => {
    const f = join(root, 'rosters/scenarios/epic-jump-pack-charge.yaml');
    for (const command of ['fight', 'sim', 'exact', 'paths']) {
      const r = await cli([command, f, '--rounds', '2', ...(command === 'sim' ? ['--runs', '100'] : [])]);
      expect(r.status, command).toBe(2);
      expect(r.stderr, command).toMatch(/^assault: --rounds 2: an epic close combat is settled in the phase it starts \(E12\)/);
      expect(r.stderr, command).not.toMatch(/at .*\.js:\d+/);
    }
    expect((await cli(['fight', f, '--rounds', '1'])).status).toBe(0);
    expect((await cli(['exact', f, '--rounds', 'resolve'])).status).toBe(0);
    const m = write('rounds-matrix.yaml', 'rules: epic\nrounds: 3\nattackers: [epic-orks/warband]\ndefenders: [epic-orks/boyz-mob]\n');
    const b = await cli(['batch', m]);
    expect(b.status).toBe(2);
    expect(b.stderr).toMatch(/rounds-matrix\.yaml:2:\d+: rounds is 3: an epic close combat is settled in the phase it starts \(E12\).*\(at rounds\)/);
  });
  it('assault rules epic prints the bonus and result tables, what is out of scope and the sources', async () => {
    const r = await cli(['rules', 'epic']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Close combat bonuses/);
    expect(r.stdout).toMatch(/5 +Overwhelmed +2\+ +6\+/);
    expect(r.stdout).toMatch(/Firefights/);
    expect(r.stdout).toMatch(/War engines/);
    expect(r.stdout).toMatch(/several detachments a side/);
    expect(r.stdout).toMatch(/epicremastered\.com/);
    expect((await cli(['rules'])).stdout).toMatch(/^epic +Epic 40,000 assault/m);
  });
  it('sim, exact and fight take every shipped epic scenario', async () => {
    for (const s of ['epic-tactical-vs-boyz', 'epic-jump-pack-charge', 'epic-gun-battery-caught', 'epic-ogryns-no-retreat']) {
      const f = join(root, 'rosters/scenarios', `${s}.yaml`);
      const e = await cli(['exact', f, '--json']);
      expect(e.status, s).toBe(0);
      const j = JSON.parse(e.stdout);
      expect(j.method).toBe('exact');
      for (const p of ['moved', 'unitsInContact', 'supporting']) expect(j.charge[p], p).toBeDefined();
      expect(j.close.resolutionRolls.mean).toBeGreaterThan(0);
      expect(j.firstRound.result.draw).toBe(0);
      expect((await cli(['sim', f, '--runs', '500', '--seed', '1'])).stdout).toMatch(/Blast markers placed on defender/);
      expect((await cli(['fight', f, '--seed', '1'])).stdout).toMatch(/^End: /m);
    }
  });
  it('a batch of epic rosters at a distance: each row is its own sim', async () => {
    const m = write('epic-matrix.yaml', 'runs: 300\nseed: 4\nrules: epic\ndistance: 25\nattackers: [epic-space-marines/assault-detachment]\ndefenders: [epic-orks/boyz-mob, epic-imperial-guard/artillery-battery]\n');
    const matrix = loadMatrix(m);
    const rows = await runBatch(matrix);
    expect(rows).toHaveLength(2);
    for (const [i, row] of rows.entries()) {
      const s = matrix.matchups[i]!.build('epic');
      expect(s.attacker.units[0]!.models.every((g) => g.distance === 25)).toBe(true);
      const r = await simulate(s, { runs: 300, seed: row.seed });
      expect(row.attackerWins).toBe(r.final.winner.attacker);
    }
    // with no distance, a row of roster references replays with sim --attacker --defender, figure for figure
    const plainMatrix = write('epic-plain.yaml', 'runs: 300\nseed: 4\nrules: epic\nattackers: [epic-orks/warband]\ndefenders: [epic-orks/boyz-mob]\n');
    const [plainRow] = await runBatch(loadMatrix(plainMatrix));
    expect(plainRow!.replay).toMatch(/^assault sim --attacker epic-orks\/warband --defender epic-orks\/boyz-mob /);
    const replayed = await cli([...plainRow!.replay.split(' ').slice(1), '--json']);
    expect(replayed.status).toBe(0);
    expect(JSON.parse(replayed.stdout).final.winner.attacker).toBe(plainRow!.attackerWins);
    expect(rows[0]!.replay).toMatch(/^assault batch .* --row 1 /);
    const mixed = write('mixed.yaml', 'rules: [epic, srd4]\nattackers: [epic-orks/warband]\ndefenders: [epic-orks/boyz-mob]\n');
    const r = await cli(['batch', mixed]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/cannot share a matrix/);
  });
});
