// The pins of test/regression/ checked in three test files, so that the suite's workers share
// them (together about 30 s of CPU; one file was the suite's longest): each part is some of the
// folders, balanced by what their checks cost (the exact pins of berserkers-vs-crusaders and the
// Dreadnought most). test/regression.test.ts holds that the parts take every pin file once.
import { describe, expect, it } from 'vitest';
import { findCheckFiles } from '../src/check/check.js';
import { assault } from './cli-in-process.js';

export const REGRESSION_DIR = new URL('./regression/', import.meta.url).pathname;

/** The folders of test/regression/ each part checks. */
export const REGRESSION_PARTS: Readonly<Record<string, readonly string[]>> = {
  'srd4-vehicles': ['srd4', 'vehicles'],
  'fightphase-epic-exact': ['fightphase', 'epic', 'exact'],
  'revised4-waffle': ['revised4', 'waffle'],
};

/** The pin files of a part. */
export function partFiles(part: string): string[] {
  return findCheckFiles(REGRESSION_PARTS[part]!.map((d) => `${REGRESSION_DIR}${d}`));
}

/**
 * The test of one part: `assault check` on its folders, every expectation passing. It runs the
 * built command line in this process (test/cli-in-process.ts): the bundle fights these pins in
 * about half the CPU time the sources take through vitest's module runner.
 */
export function checkPart(part: string): void {
  describe(`assault check test/regression: ${REGRESSION_PARTS[part]!.join(', ')}`, () => {
    it('every expectation passes', async () => {
      const files = partFiles(part);
      expect(files.length).toBeGreaterThanOrEqual(3);
      const r = await assault(['check', ...REGRESSION_PARTS[part]!.map((d) => `${REGRESSION_DIR}${d}`)], { env: { NO_COLOR: '1' } });
      const lines = r.stdout.split('\n').filter((l) => l !== '');
      const passed = lines.filter((l) => l.startsWith('PASS ')).length;
      expect([r.status, r.stderr, lines.filter((l) => !l.startsWith('PASS '))]).toEqual([0, '', [`${passed} passed, 0 failed`]]);
    }, 300_000); // each part takes about 10 s of CPU alone; a loaded machine gets room
  });
}
