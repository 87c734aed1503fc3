// `assault check` in the terminal: a line per expectation, then the summary.
import type { CheckRun } from '../report/check-run.js';
import { painter } from './color.js';

export function renderCheck(run: CheckRun, color = false): string {
  const c = painter(color);
  const lines: string[] = [];
  for (const r of run.results) {
    const mark = r.pass ? c.green('PASS') : c.red('FAIL');
    const off = !r.pass && r.sigmas !== null ? ` (${r.sigmas.toFixed(1)} standard errors off)` : '';
    lines.push(`${mark} ${r.file}: ${r.name}  expected ${r.expected}, got ${r.got}${off}`);
    if (r.diff) lines.push(...r.diff.split('\n').map((l) => `     ${l}`));
  }
  const broken = new Set(run.problems.map((p) => p.file)).size;
  lines.push(`${run.passed} passed, ${run.failed} failed${broken ? `, ${broken} file${broken === 1 ? '' : 's'} with bad input (below)` : ''}`);
  return lines.join('\n') + '\n';
}
