#!/usr/bin/env node
// Re-measure the pins of regression check files after a deliberate rule change:
//   node scripts/repin.mjs test/regression/revised4/banshees-vs-court.check.yaml ...
// A `method: exact` file gets the exact figures, within 1e-9 (they move only when the rules do).
// Otherwise each `approx` is measured with the file's runs and the seed 'regression-generate'
// (not the file's own seed, so the pin is an independent estimate) and `within` is 4 standard
// errors of the difference of two such estimates (4 * sqrt(2) * se). A pin whose figure did not
// move is left as it is; other keys and comments are kept.
//   node scripts/repin.mjs --exact FILE ...
// turns sampled files into `method: exact` files where the fight fits the budget of `exact`,
// but only when every sampled pin already holds against the exact figure (a cross-check of the
// two methods); a file that does not fit, or whose pins disagree, is left as it is and named.
// Uses the compiled library (npm run build first).
import { readFileSync, writeFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { loadCheck, lookup } from '../dist/check/check.js';
import { exact, TooLarge } from '../dist/exact/exact.js';
import { simulate } from '../dist/sim/run.js';

const SHARE = /^(firstRound\.result|final\.winner|final\.end|units\.\d+\.fate)\.[a-zA-Z]+$|(^|\.)vehicle\.(destroyed|explodes|immobilised|stunned|shaken|gunWrecked|unharmed)$/;
const round = (x, digits) => Number(x.toPrecision(digits));

const toExact = process.argv[2] === '--exact';
for (const file of process.argv.slice(toExact ? 3 : 2)) {
  const check = loadCheck(file);
  if (toExact && check.data.method !== 'exact' && !convert(file, check)) continue;
  const isExact = toExact || check.data.method === 'exact';
  const runs = check.data.runs ?? 10_000;
  const report = isExact ? exact(check.scenario) : await simulate(check.scenario, { runs, seed: 'regression-generate' });
  const doc = parseDocument(readFileSync(file, 'utf8'));
  for (const path of Object.keys(check.data.expect ?? {})) {
    if (check.data.expect[path].approx === undefined) continue;
    const v = lookup(report, path);
    const e = doc.getIn(['expect', path]);
    if (isExact) {
      if (typeof v !== 'number') throw new Error(`${file}: cannot measure ${path}`);
      if (Math.abs(e.get('approx') - v) <= 1e-12 && e.get('within') === 1e-9) continue;
      e.set('approx', round(v, 13));
      e.set('within', 1e-9);
      console.log(`${file}: ${path} = ${round(v, 13)} (exact)`);
      continue;
    }
    const se = path.endsWith('.mean') ? lookup(report, `${path.slice(0, -5)}.se`) : SHARE.test(path) ? Math.sqrt(Math.max(v * (1 - v), 1 / runs) / runs) : null;
    if (typeof v !== 'number' || typeof se !== 'number') throw new Error(`${file}: cannot re-measure ${path}`);
    if (e.get('approx') === round(v, 6)) continue;
    e.set('approx', round(v, 6));
    e.set('within', round(Math.max(4 * Math.SQRT2 * se, 1e-4), 2));
    console.log(`${file}: ${path} = ${round(v, 6)} ± ${round(Math.max(4 * Math.SQRT2 * se, 1e-4), 2)}`);
  }
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
}

/** Make `file` a `method: exact` file if the fight fits and every sampled pin holds against the exact figures. */
function convert(file, check) {
  let report;
  try {
    report = exact(check.scenario);
  } catch (e) {
    if (!(e instanceof TooLarge)) throw e;
    console.log(`${file}: left sampled (${e.message.replace(/^[^(]*\(/, '(').replace(/\);.*/, ')')})`);
    return false;
  }
  const off = Object.entries(check.data.expect ?? {}).filter(([path, e]) => e.approx !== undefined && !(Math.abs(lookup(report, path) - e.approx) <= e.within));
  if (off.length) {
    for (const [path, e] of off) console.log(`${file}: left sampled: ${path} exact ${lookup(report, path)} against ${e.approx} ± ${e.within}`);
    return false;
  }
  const doc = parseDocument(readFileSync(file, 'utf8'));
  doc.delete('runs');
  doc.delete('seed');
  doc.set('method', 'exact');
  const base = file.split('/').at(-1).replace(/\.check\.yaml$/, '.yaml');
  // the sampled file's header (on the document or on its first key) gives way to the exact one
  const first = doc.contents.items[0];
  if (first?.key) first.key.commentBefore = undefined;
  doc.commentBefore = ` Regression pins for ${base} under ${check.data.rules ?? check.scenario.rules}: exact figures (assault exact), tolerance 1e-9.\n They move only when a rule does; re-measure deliberately after such a change (scripts/repin.mjs).`;
  // the keys in the order of the exact files: scenario, rules, method, expect
  const expect = doc.get('expect');
  doc.delete('expect');
  doc.set('expect', expect);
  writeFileSync(file, doc.toString({ lineWidth: 0 }));
  console.log(`${file}: sampled pins hold against the exact figures; now exact`);
  return true;
}
