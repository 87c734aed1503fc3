// docs/events.md is the protocol of `fight --json`: every event type of src/engine/events.ts has
// its row there, every row is a type the engine has, and every field of a type is named in its
// row (`side`, `unit` and `model` are described once for all, above the table).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const source = readFileSync(join(root, 'src/engine/events.ts'), 'utf8');
const doc = readFileSync(join(root, 'docs/events.md'), 'utf8');

/** The FightEvent union's members: type and top-level field names. */
function eventTypes(): Map<string, string[]> {
  const from = source.indexOf('export type FightEvent =');
  const union = source.slice(from, source.indexOf('\n\n', from));
  const types = new Map<string, string[]>();
  for (const line of union.split('\n')) {
    const m = /^\s*\|\s*\{ type: '(\w+)';(.*)\}\s*(?:;|\| null;)?\s*$/.exec(line);
    if (!m) continue;
    // top-level keys: a name followed by `:` or `?:` at brace depth 0
    const fields: string[] = [];
    let depth = 0;
    const body = m[2]!;
    for (let i = 0; i < body.length; i++) {
      const ch = body[i]!;
      if (ch === '{' || ch === '<' || ch === '(') depth++;
      else if (ch === '}' || ch === '>' || ch === ')') depth--;
      else if (depth === 0) {
        const key = /^\s(\w+)\??:/.exec(body.slice(i));
        if (key && (i === 0 || body[i - 1] === ';' || body[i - 1] === ' ')) {
          if (!fields.includes(key[1]!)) fields.push(key[1]!);
        }
      }
    }
    types.set(m[1]!, fields);
  }
  return types;
}

/** The table's rows: type and the rest of the row. */
function documented(): Map<string, string> {
  const rows = new Map<string, string>();
  for (const line of doc.split('\n')) {
    const m = /^\| `(\w+)` \|(.*)$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!);
  }
  return rows;
}

/** the fields the text above the table describes for every event */
const COMMON = ['side', 'unit', 'model'];

describe('docs/events.md against src/engine/events.ts', () => {
  const types = eventTypes();
  const rows = documented();

  it('reads the types and the rows', () => {
    expect(types.size).toBeGreaterThan(15);
    expect(types.get('breakoff')).toContain('struck');
    expect(rows.has('start')).toBe(true);
  });

  it('documents every event type, and no other', () => {
    expect([...rows.keys()].sort()).toEqual([...types.keys()].sort());
  });

  it.each([...types.keys()])('names every field of %s', (type) => {
    const row = rows.get(type) ?? '';
    const missing = types.get(type)!.filter((f) => !COMMON.includes(f) && !row.includes(`\`${f}\``) && !row.includes(`\`${f}[]\``));
    expect(missing).toEqual([]);
  });
});
