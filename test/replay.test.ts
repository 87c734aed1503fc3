// `fight --seed S --run K` replays run K of `sim --seed S`: for every shipped scenario under both
// rulesets, the runs `sim` reports as its extremes come out of `fight --run` with the value
// reported, and a logged fight (faces drawn for the log) has the outcome of the same run unlogged.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fight, loadScenario, simulate } from '../src/index.js';
import { SHIPPED_ROSTERS } from '../src/io/load.js';

const dir = join(SHIPPED_ROSTERS, 'scenarios');
const files = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();

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
