// What `assault check` gives: each expectation's result, and the files that could not be run.
// Data only: render/ writes it as text and JUnit XML.
import type { Problem } from '../errors.js';

export interface ExpectationResult {
  file: string;
  name: string;
  kind: 'approx' | 'range' | 'golden';
  pass: boolean;
  expected: string;
  got: string;
  /** for statistical expectations: how many standard errors the value is off */
  sigmas: number | null;
  /** golden logs: the first differing lines */
  diff: string | null;
}

export interface CheckRun {
  results: ExpectationResult[];
  passed: number;
  failed: number;
  /** files that could not be run (bad input): the rest ran anyway */
  problems: Problem[];
}
