// The command line run in the test's process (test/cli-in-process.ts) gives what the spawned
// `node bin/assault` gives: the same stdout and stderr, byte for byte, and the same exit code, on
// a sample of commands (every command that prints, success and each kind of refusal: a file's
// problem, a mistake of the command line, commander's own usage errors and help). The test files
// that run the command line in process rely on this.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;
const bin = join(root, 'bin/assault');
const tmp = tempFiles('in-process');
const broken = tmp.write('broken.yaml', 'name: broken\nrules: srd4\nattacker:\n  - unit: nowhere/none\n    count: 2\ndefender: []\nextra: 1\n');
writeFileSync(join(tmp.dir, 'matrix.yaml'), 'name: m\nrules: srd4\nruns: 200\nseed: 1\nattackers: [space-marines/tactical-squad]\ndefenders: [orks/boyz]\n');

const SAMPLE: { args: string[]; cwd?: string; env?: Record<string, string> }[] = [
  { args: ['fight', 'rosters/scenarios/fist-sergeant-vs-nob-mob.yaml', '--seed', '7'] },
  { args: ['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', '3', '--json'] },
  { args: ['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', '3'], env: { COLUMNS: '120' } },
  { args: ['sim', 'rosters/scenarios/tactical-vs-boyz.yaml', '--runs', '300', '--seed', '1', '--workers', '1'] },
  { args: ['sim', 'rosters/scenarios/epic-tactical-vs-boyz.yaml', '--runs', '200', '--seed', '2', '--json'] },
  { args: ['exact', 'rosters/scenarios/lone-sergeant-final-blow.yaml'] },
  { args: ['rules', 'waffle'] },
  { args: ['validate', 'rosters/scenarios/tactical-vs-boyz.yaml', broken] },
  { args: ['fight', broken, '--seed', '1'] },
  { args: ['fight', 'nowhere.yaml'] },
  { args: ['sim', 'rosters/scenarios/tactical-vs-boyz.yaml', '--runs', '0'] },
  { args: ['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--rules', 'nosuch'] },
  { args: ['fight', '--bogus'] },
  { args: ['nosuchcommand'] },
  { args: ['--help'] },
  { args: ['sim', '--help'] },
  { args: ['schema', 'scenario'] },
  { args: ['batch', 'matrix.yaml', '--workers', '1'], cwd: tmp.dir },
  { args: ['check', 'test/regression/exact/three-attacks.check.yaml'] },
];

describe('the command line in process gives what the spawned one gives', { timeout: 120_000 }, () => {
  it('the same stdout, stderr and exit code, byte for byte, on a sample of commands', async () => {
    const differ: string[] = [];
    const statuses = new Set<number>();
    for (const c of SAMPLE) {
      const cwd = c.cwd ?? root;
      const spawned = spawnSync(process.execPath, [bin, ...c.args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...c.env }, timeout: 60_000 });
      const here = await assault(c.args, { cwd, env: { NO_COLOR: '1', ...c.env } });
      statuses.add(here.status);
      const was = { status: spawned.status, stdout: spawned.stdout, stderr: spawned.stderr };
      if (JSON.stringify(was) !== JSON.stringify(here)) differ.push(`assault ${c.args.join(' ')}:\n  spawned ${JSON.stringify(was).slice(0, 400)}\n  in process ${JSON.stringify(here).slice(0, 400)}`);
    }
    expect(differ).toEqual([]);
    expect([...statuses].sort()).toEqual([0, 2]); // both kinds of ending were in the sample
  });

  it('leaves the process as it found it: working folder, environment, exit code, stream listeners', async () => {
    const before = { cwd: process.cwd(), exitCode: process.exitCode, cols: process.env.COLUMNS, listeners: process.stdout.listenerCount('error') + process.stderr.listenerCount('error') + process.listenerCount('SIGINT') };
    const r = await assault(['fight', 'nowhere.yaml'], { cwd: tmp.dir, env: { COLUMNS: '99' } });
    expect(r.status).toBe(2);
    expect({ cwd: process.cwd(), exitCode: process.exitCode, cols: process.env.COLUMNS, listeners: process.stdout.listenerCount('error') + process.stderr.listenerCount('error') + process.listenerCount('SIGINT') }).toEqual(before);
  });
});
