// `exact` refuses at once a combat estimated far past its budget (exact/budget.ts
// `estimateStates`): never one it finishes (every shipped scenario under every edition, to its
// own rounds and for one phase, and the generated scenarios the exact tests fight are estimated
// well under the refusal), and fights of 60 models a side and more are refused in a process of
// their own, with the estimate and sim's runs and time beside it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimateStates, exact, LATER_STATE_BUDGET, STATE_BUDGET, TooLargeEstimate } from '../src/exact/exact.js';
import { REFUSE_PAST, STATE_POWER } from '../src/exact/budget.js';
import { loadScenario, SHIPPED_ROSTERS } from '../src/io/load.js';
import { grouped } from '../src/report/numbers.js';
import type { Scenario } from '../src/model.js';
import { runsForShare } from '../src/sim/precision.js';
import { generator } from './generated-exact.js';
import { tempFiles, wh40kScenarioFiles } from './helpers.js';
import { EDITIONS } from './abilities-build.js';

/** The estimate past which `exact` refuses at once, at the default budget. */
const refusedPast = (s: Scenario) => REFUSE_PAST * (s.rounds === 1 ? STATE_BUDGET : LATER_STATE_BUDGET);
/** The fights `exact` finishes are estimated at most at this share of the refusal (the largest: two-squads-vs-boyz, 165,084 of 1,200,000). */
const MARGIN = 1 / 5;

describe('exact never refuses at once a fight it finishes', () => {
  const dir = join(SHIPPED_ROSTERS, 'scenarios');
  const files = [...wh40kScenarioFiles(dir), ...wh40kScenarioFiles(join(dir, 'vehicles')).map((f) => join('vehicles', f))];
  it('every shipped scenario, under every edition, to its own rounds and for one phase', () => {
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      // (vehicles are fought under srd4 and revised4 alone: vehicles.md V16)
      for (const rules of f.startsWith('vehicles') ? EDITIONS.slice(0, 2) : EDITIONS) {
        const s = loadScenario(join(dir, f), { rules });
        for (const t of [s, { ...s, rounds: 1 as const }]) {
          expect(estimateStates(t), `${f} under ${rules}, rounds ${t.rounds}`).toBeLessThanOrEqual(MARGIN * refusedPast(t));
        }
      }
    }
  });
  it('the generated scenarios exact is held to against sim', () => {
    for (const [seed, count, kind] of [[12345, 40, 'short'], [777, 20, 'long']] as const) {
      const make = generator(seed);
      for (let i = 0; i < count; i++) {
        const s = make(i, kind);
        expect(estimateStates(s), `${s.name} of seed ${seed}`).toBeLessThanOrEqual(MARGIN * refusedPast(s));
      }
    }
  });
});

describe('exact refuses at once a fight far past its budget', () => {
  const { write } = tempFiles('exact-estimate');
  const side = (units: string[]) => ['  units:', ...units.map((u) => `    - ${u}`)];
  const file = (name: string, attacker: string[], defender: string[]) =>
    write(`${name}.yaml`, ['name: ' + name, 'rules: srd4', 'rounds: resolve', 'attacker:', ...side(attacker), 'defender:', ...side(defender), ''].join('\n'));
  // the ways each side can stand: one more than each unit's wounds, multiplied (a Nob has 2 wounds)
  const large = [
    { f: file('boyz-vs-gaunts', ['{ unit: orks/boyz, size: 60 }'], ['{ unit: tyranids/hormagaunts, size: 60 }']), ways: (59 + 2 + 1) * (60 + 1) },
    { f: file('two-mobs-a-side', ['{ unit: orks/boyz, size: 40 }', '{ unit: orks/boyz, size: 40 }'], ['{ unit: tyranids/hormagaunts, size: 40 }', '{ unit: tyranids/hormagaunts, size: 40 }']), ways: (41 + 1) ** 2 * (40 + 1) ** 2 },
    { f: file('boyz-vs-guardsmen', ['{ unit: orks/boyz, size: 200 }'], ['{ unit: imperial-guard/infantry-squad, size: 200 }']), ways: (199 + 2 + 1) * (200 + 1) },
  ];
  it('the estimate is the ways both sides stand, to the power STATE_POWER; each is past the refusal', () => {
    for (const { f, ways } of large) {
      const s = loadScenario(f);
      expect(estimateStates(s)).toBe(Math.round(ways ** STATE_POWER));
      expect(estimateStates(s), f).toBeGreaterThan(refusedPast(s));
      expect(() => exact(s)).toThrow(TooLargeEstimate);
    }
  });
  it("sim's runs beside it: p(1 - p) / 0.001^2 for a standard error of 0.001 on a share p", () => {
    expect(runsForShare(0.5, 0.001)).toBe(250_000);
    expect(runsForShare(0.2, 0.001)).toBe(160_000);
    expect(runsForShare(0, 0.001, 1 / 20_000)).toBe(50);
  });
  it('in a process of its own: exit 2, the estimate and sim beside it, no enumeration', { timeout: 60_000 }, () => {
    const root = join(import.meta.dirname, '..');
    for (const { f, ways } of large) {
      const run = spawnSync(process.execPath, [join(root, 'bin/assault'), 'exact', f], { encoding: 'utf8', timeout: 30_000 });
      expect(run.status, run.stderr).toBe(2);
      expect(run.stderr).toContain(`too large to enumerate exactly (about ${grouped(Math.round(ways ** STATE_POWER))} states by its size, past the ${grouped(LATER_STATE_BUDGET)} the budget holds); use \`assault sim\``);
      expect(run.stderr).toMatch(/it needs about [\d,]+ runs for a standard error of 0\.001 on the attacker's win share: (under 0\.1 s|about [\d.]+ s) on one thread here\)/);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
