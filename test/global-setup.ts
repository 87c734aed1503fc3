// Before any test file: the library built from the sources (dist/), when they are newer, since
// every test imports the built modules (vitest.config.ts `resolve.alias`).
import { ensureBuilt } from './cli-in-process.js';

export function setup(): void {
  ensureBuilt();
}
