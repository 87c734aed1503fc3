// Every shipped scenario answers `assault exact` with the default budget, under every edition that
// takes it: to the end under its own ruleset, and its first phase under each other one. The
// enumerations are made once in the suite, where their figures are checked too:
// - 40K scenarios (srd4, revised4, fightphase, waffle): test/exact-mode.test.ts enumerates every
//   one's first phase under every 40K ruleset (within a smaller budget) and every one to the end
//   under its own ruleset (the default budget), none allowed past it, each against sim;
// - vehicle scenarios (srd4 and revised4; fightphase and waffle refuse vehicles) and epic ones:
//   test/regression pins them exactly (`method: exact`: `exact` with the default budget, as the
//   command runs it; a scenario past it is a problem of the check file), the whole fight.
// Here: every such vehicle and epic pair has its exact check file there, so a scenario shipped
// without one fails; and one whole process answers as the command does (exit 0, method exact,
// nothing on stderr), on a small vehicle scenario under an edition not its own.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findCheckFiles } from '../src/check/check.js';
import { wh40kScenarioFiles } from './helpers.js';

const root = join(import.meta.dirname, '..');
const dir = join(root, 'rosters', 'scenarios');
const vehicles = join(dir, 'vehicles');
const regression = join(import.meta.dirname, 'regression');

const ownRules = (file: string): string => (parse(readFileSync(file, 'utf8')) as { rules?: string }).rules ?? 'srd4';

/** every (scenario, ruleset) pair test/regression answers exactly, as `file under rules` */
function pinnedExactly(): Set<string> {
  const pinned = new Set<string>();
  for (const check of findCheckFiles([regression])) {
    const c = parse(readFileSync(check, 'utf8')) as { scenario?: unknown; rules?: string; method?: string; expect?: object };
    if (c.method !== 'exact' || typeof c.scenario !== 'string' || !c.expect || Object.keys(c.expect).length === 0) continue;
    const file = resolve(dirname(check), c.scenario);
    pinned.add(`${file} under ${c.rules ?? ownRules(file)}`);
  }
  return pinned;
}

describe('exact answers every shipped scenario with the default budget', () => {
  it('every shipped vehicle and epic scenario under every edition that takes it is pinned exactly in test/regression', () => {
    const wh40k = new Set(wh40kScenarioFiles(dir));
    const want: string[] = [];
    for (const f of readdirSync(dir).filter((f) => f.endsWith('.yaml') && !wh40k.has(f)).sort()) want.push(`${join(dir, f)} under ${ownRules(join(dir, f))}`);
    for (const f of readdirSync(vehicles).filter((f) => f.endsWith('.yaml')).sort()) {
      const file = join(vehicles, f);
      for (const rules of new Set([ownRules(file), 'srd4', 'revised4'])) want.push(`${file} under ${rules}`);
    }
    expect(want.length).toBeGreaterThanOrEqual(4 + 4 * 2);
    const pinned = pinnedExactly();
    expect(want.filter((w) => !pinned.has(w))).toEqual([]);
  });

  it('as a whole process: exit 0, method exact, nothing on stderr', { timeout: 120_000 }, () => {
    const file = join(vehicles, 'krak-grenades-vs-parked-rhino.yaml');
    const r = spawnSync(process.execPath, [join(root, 'bin/assault'), 'exact', file, '--rules', 'revised4', '--rounds', '1', '--json'], { encoding: 'utf8', timeout: 100_000, maxBuffer: 64 << 20 });
    let method: string | undefined;
    try {
      method = (JSON.parse(r.stdout) as { method?: string }).method;
    } catch {
      method = undefined;
    }
    expect({ status: r.status, method, err: r.stderr }).toEqual({ status: 0, method: 'exact', err: '' });
  });
});
