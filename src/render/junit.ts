// `check --junit FILE`: the results as JUnit XML, for CI systems that read it.
import type { CheckRun } from '../report/check-run.js';
import { formatProblem } from '../errors.js';

function xml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JUnit XML: one testsuite per check file, one testcase per expectation; a file that could not run is a testcase in error. */
export function junit(run: CheckRun): string {
  const byFile = new Map<string, string[]>();
  const counts = new Map<string, { tests: number; failures: number; errors: number }>();
  const add = (file: string, line: string, kind: 'ok' | 'failure' | 'error') => {
    const cases = byFile.get(file);
    if (cases) cases.push(line);
    else byFile.set(file, [line]);
    const n = counts.get(file) ?? { tests: 0, failures: 0, errors: 0 };
    n.tests++;
    if (kind === 'failure') n.failures++;
    if (kind === 'error') n.errors++;
    counts.set(file, n);
  };
  for (const r of run.results) {
    const body = r.pass ? '' : `<failure message="${xml(`expected ${r.expected}, got ${r.got}`)}">${xml(r.diff ?? `expected ${r.expected}, got ${r.got}${r.sigmas !== null ? ` (${r.sigmas.toFixed(1)} standard errors off)` : ''}`)}</failure>`;
    add(r.file, `    <testcase classname="${xml(r.file)}" name="${xml(r.name)}">${body}</testcase>`, r.pass ? 'ok' : 'failure');
  }
  for (const p of run.problems) {
    const text = formatProblem(p);
    add(p.file, `    <testcase classname="${xml(p.file)}" name="${xml(p.line > 0 ? `bad input at ${p.line}:${p.col}` : 'bad input: the path itself')}"><error message="${xml(p.message)}">${xml(text)}</error></testcase>`, 'error');
  }
  const suites = [...byFile].map(([file, cases]) => {
    const n = counts.get(file)!;
    return `  <testsuite name="${xml(file)}" tests="${n.tests}" failures="${n.failures}" errors="${n.errors}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  const errors = run.problems.length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="${run.results.length + errors}" failures="${run.failed}" errors="${errors}">\n${suites.join('\n')}\n</testsuites>\n`;
}
