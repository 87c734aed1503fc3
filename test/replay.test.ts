// `fight --seed S --run K` replays run K of `sim --seed S`: for every shipped scenario under both
// rulesets, the runs `sim` reports as its extremes come out of `fight --run` with the value
// reported, and a logged fight (faces drawn for the log) has the outcome of the same run unlogged.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fight, loadScenario, simulate } from '../src/index.js';
import { SHIPPED_ROSTERS } from '../src/io/load.js';
import { wh40kScenarioFiles, modelIn, scenario, unit } from './helpers.js';

const dir = join(SHIPPED_ROSTERS, 'scenarios');
const files = wh40kScenarioFiles(dir).sort();

describe('fight --run K is run K of sim', () => {
  for (const rules of ['srd4', 'revised4']) {
    it(`${rules}: every shipped scenario's extremes replay with their values`, { timeout: 60_000 }, async () => {
      for (const f of files) {
        const s = loadScenario(join(dir, f), { rules });
        const r = await simulate(s, { runs: 2000, seed: 'replay' });
        const { attackerWorst, defenderWorst, longest } = r.extremes;
        for (const [e, read] of [
          [attackerWorst, (o: ReturnType<typeof fight>['outcome']) => o.survivors.attacker.wounds],
          [defenderWorst, (o: ReturnType<typeof fight>['outcome']) => o.survivors.defender.wounds],
          [longest, (o: ReturnType<typeof fight>['outcome']) => o.phases],
        ] as const) {
          expect(e, f).not.toBeNull();
          const logged = fight(s, { seed: 'replay', run: e!.run });
          expect(read(logged.outcome), `${f} run ${e!.run}`).toBe(e!.value);
          const quiet = fight(s, { seed: 'replay', run: e!.run, quiet: true });
          expect(JSON.stringify(quiet.outcome), `${f} run ${e!.run}`).toBe(JSON.stringify(logged.outcome));
        }
      }
    });
  }
});

describe('a logged fight is the same fight as the one sim fights unlogged', () => {
  for (const rules of ['fightphase', 'waffle']) {
    it(`${rules}: a force weapon's pool that found a model it did not wound takes no Psychic test against it (500 runs, logged and not)`, () => {
      const m = (name: string, p: Parameters<typeof modelIn>[2], wargear: string[], rules: Parameters<typeof modelIn>[4] = []) => modelIn(rulesOf, name, p, wargear, rules);
      const rulesOf = rules;
      const squad = unit('Squad', [
        [m('Psyker', { WS: 9, S: 4, T: 4, W: 2, I: 4, A: 4, Ld: 10, Sv: 3 }, ['force-weapon']), 1],
        [m('Brute', { WS: 9, S: 6, T: 4, W: 2, I: 4, A: 2, Ld: 10, Sv: 3 }, []), 1],
      ]);
      const ogres = unit('Ogres', [[m('Ogre', { WS: 1, S: 3, T: 4, W: 3, I: 1, A: 1, Ld: 10, Sv: 2 }, [], ['fearless']), 2]]);
      const s = scenario(rules, [squad], [ogres]);
      let differ = 0;
      for (let run = 1; run <= 500; run++) {
        const logged = fight(s, { seed: 'pool', run });
        const quiet = fight(s, { seed: 'pool', run, quiet: true });
        if (JSON.stringify(quiet.outcome) !== JSON.stringify(logged.outcome)) differ++;
      }
      expect(differ).toBe(0);
    });
  }
});
