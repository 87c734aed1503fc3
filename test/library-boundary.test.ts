// The command line is built on the library alone: each file of src/cli/ imports Node, its
// packages, its own folder and src/index.ts, and nothing else of src/.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../src/cli');

/** Every module a file imports or re-exports from. */
function importsOf(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
}

describe('src/cli/ imports only the library', () => {
  const files = readdirSync(CLI).filter((f) => f.endsWith('.ts'));

  it('finds the command line files and their imports', () => {
    expect(files).toContain('main.ts');
    expect(importsOf(readFileSync(join(CLI, 'main.ts'), 'utf8'))).toContain('../index.js');
  });

  it.each(files)('%s', (file) => {
    const outside = importsOf(readFileSync(join(CLI, file), 'utf8')).filter((m) => m.startsWith('../') && m !== '../index.js');
    expect(outside).toEqual([]);
  });
});
