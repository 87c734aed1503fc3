// The order `npm test` starts its files in: the longest first, so that the last files to start are
// short ones and the workers end together (a long file started last sets the end). Vitest's own
// order is the durations of its last run, kept in node_modules (none on a fresh clone, where it
// starts the largest files first, which are not the longest); this one starts the files named in
// LONGEST in that order, then the others in vitest's.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest (vitest's file time, the suite's two workers sharing the cores), the longest first. */
export const LONGEST = [
  'exact-mode', 'kernel', 'fast-abilities', 'tabled', 'hostile', 'readme', 'regression-revised4-waffle', 'regression-srd4-vehicles',
  'abilities-saves-figures', 'sweep-random', 'snapshot', 'regression-fightphase-epic-exact', 'edition-file', 'layout',
  'exact-beside-totals', 'exact-random', 'html', 'counts', 'state-table', 'walker-exact', 'batch', 'cli-in-process',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.indexOf(f.moduleId.replace(/^.*\//, '').replace(/\.test\.ts$/, ''));
      return i < 0 ? LONGEST.length : i;
    };
    const sorted = await super.sort(files);
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
  }
}
