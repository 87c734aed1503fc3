// A path that is not there: the message says so (a folder named to `check` is "no such file or
// folder") and offers where it may be: the same path from a folder above the working folder (the
// README's `play/` inside the clone), or the close names beside it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assault } from './cli-in-process.js';
import { tempFiles } from './helpers.js';

const root = new URL('..', import.meta.url).pathname;

describe('a missing path suggests the close names beside it', { timeout: 60_000 }, () => {
  const { dir } = tempFiles('missing');
  mkdirSync(join(dir, 'rosters/scenarios'), { recursive: true });
  mkdirSync(join(dir, 'rosters/editions'), { recursive: true });
  mkdirSync(join(dir, 'play'));
  for (const f of ['rosters/scenarios/tactical-vs-boyz.yaml', 'rosters/scenarios/squad.srd4.check.yaml', 'rosters/scenarios/squad.revised4.check.yaml', 'rosters/scenarios/squad.seed1.log']) writeFileSync(join(dir, f), 'x: 1\n');
  const run = (cwd: string, args: string[]) => assault(args, { cwd: join(dir, cwd), env: { NO_COLOR: '1' } });

  it('from a folder inside the clone: the same path from the folder above', async () => {
    const r = await run('play', ['fight', 'rosters/scenarios/tactical-vs-boyz.yaml', '--seed', '7']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('rosters/scenarios/tactical-vs-boyz.yaml: no such file; did you mean ../rosters/scenarios/tactical-vs-boyz.yaml?');
  });

  it('a folder named to check is "no such file or folder", with where it is', async () => {
    const r = await run('play', ['check', 'rosters/editions']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('rosters/editions: no such file or folder; did you mean ../rosters/editions?');
  });

  it('a misspelt name: the close name beside it', async () => {
    const r = await run('play', ['fight', '../rosters/scenarios/tactical-vs-boys.yaml']);
    expect(r.stderr).toContain('no such file; did you mean ../rosters/scenarios/tactical-vs-boyz.yaml?');
  });

  it('a check file named without its ruleset: the check files of that stem, not its log', async () => {
    const r = await run('.', ['check', 'rosters/scenarios/squad.check.yaml']);
    expect(r.stderr).toContain('did you mean one of: rosters/scenarios/squad.srd4.check.yaml, rosters/scenarios/squad.revised4.check.yaml?');
  });

  it('a folder given as a file says it is a folder', async () => {
    const r = await run('.', ['fight', 'rosters/scenarios']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('rosters/scenarios: is a directory, not a file');
  });

  it('nothing close: no suggestion', async () => {
    const r = await run('.', ['validate', 'nowhere/else.yaml']);
    expect(r.stderr).toContain('nowhere/else.yaml: no such file\n');
  });
});
