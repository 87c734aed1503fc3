// Writes dist/assault.cache: runs the bundle through `assault rules` and a one-run `fight` (their
// output goes nowhere), so that V8 has compiled what they use, then saves the compiled code with
// a line in front: the bundle's build and the code's SHA-1. Run by scripts/bundle.mjs in a process
// of its own.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, CODE_CACHE, digest, loadBundle } from '../bin/load-bundle.mjs';

const { exports, script, id } = loadBundle();
const scenario = join(BUNDLE, '..', '..', 'rosters', 'scenarios', 'tactical-vs-boyz.yaml');
await exports.main(['node', 'assault', 'rules', 'srd4']);
await exports.main(['node', 'assault', 'fight', scenario, '--seed', '1']);
const tmp = `${CODE_CACHE}.${process.pid}.tmp`;
const code = script.createCachedData();
writeFileSync(tmp, Buffer.concat([Buffer.from(`${id} ${digest(code)}\n`, 'latin1'), code]));
renameSync(tmp, CODE_CACHE);
