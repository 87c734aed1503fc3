// The differential test: every run of every case (test/differential-cases.ts) must give the
// outcome, the dice and the event log recorded in test/differential/outcomes.json (recorded by
// `RECORD_DIFFERENTIAL=1 npx vitest run test/differential.test.ts`). It holds the engine to its
// recorded behaviour run by run, with dice stream 1: a deliberate change of a rule or of the
// order of the dice is recorded again, once the statistical pins are seen to hold, and said in
// CHANGELOG.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cases, digests } from './differential-cases.js';

const FILE = new URL('./differential/outcomes.json', import.meta.url);
const recording = process.env.RECORD_DIFFERENTIAL === '1';
const recorded: Record<string, { runs: string; logs: string }> = recording ? {} : JSON.parse(readFileSync(FILE, 'utf8'));

/** the first run whose digest differs, 1-based (0: none) */
function firstDiff(a: string, b: string): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 8) if (a.slice(i, i + 8) !== b.slice(i, i + 8)) return i / 8 + 1;
  return 0;
}

describe('the engine fights every case run by run as the recorded engine did', () => {
  const all = cases();
  it('covers every case recorded', () => {
    if (recording) return;
    expect(all.map((c) => c.name).sort()).toEqual(Object.keys(recorded).sort());
  });
  it('every run: outcome, dice and log', { timeout: 240_000 }, () => {
    const wrong: string[] = [];
    for (const c of all) {
      const d = digests(c);
      if (recording) {
        recorded[c.name] = d;
        continue;
      }
      const want = recorded[c.name]!;
      const run = firstDiff(d.runs, want.runs);
      if (run) wrong.push(`${c.name}: run ${run} differs (sim)`);
      const logged = firstDiff(d.logs, want.logs);
      if (logged) wrong.push(`${c.name}: run ${logged} differs (log)`);
    }
    if (recording) writeFileSync(FILE, `{\n${Object.entries(recorded).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`);
    expect(wrong).toEqual([]);
  });
});
