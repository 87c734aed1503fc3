// Editor support: the published JSON Schemas describe every key and offer the known rulesets,
// armoury keys and special rules as completions (yaml-language-server reads `examples`).
import { describe, expect, it } from 'vitest';
import { jsonSchema } from '../src/io/schema.js';
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import { SPECIAL_RULES } from '../src/model.js';

type Node = { properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean; anyOf?: Node[]; description?: string; examples?: unknown[] };

function walk(s: Node, path: string, visit: (path: string, n: Node, key: string | null) => void): void {
  if (s.properties) for (const [k, v] of Object.entries(s.properties)) { visit(`${path}.${k}`, v, k); walk(v, `${path}.${k}`, visit); }
  if (s.items) { visit(`${path}[]`, s.items, null); walk(s.items, `${path}[]`, visit); }
  if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties, `${path}{}`, visit);
  for (const x of s.anyOf ?? []) { visit(path, x, null); walk(x, path, visit); }
}

describe('JSON Schemas for editors', () => {
  for (const kind of ['roster', 'scenario', 'check', 'matrix']) {
    it(`${kind}: every key has a description`, () => {
      const missing: string[] = [];
      let keys = 0;
      walk(jsonSchema(kind) as Node, kind, (path, n, key) => {
        if (key === null) return;
        keys++;
        if (!n.description) missing.push(path);
      });
      expect(keys).toBeGreaterThan(5);
      expect(missing).toEqual([]);
    });
  }
  it('the known rulesets, armoury keys and special rules are offered as completions', () => {
    const examples = (kind: string) => {
      const all: unknown[] = [];
      walk(jsonSchema(kind) as Node, kind, (_p, n) => all.push(...(n.examples ?? [])));
      return all;
    };
    expect(examples('scenario')).toEqual(expect.arrayContaining(['srd4', 'revised4', 'fightphase', ...SPECIAL_RULES, ...Object.keys(ARMOURY_4TH)]));
    expect(examples('roster')).toEqual(expect.arrayContaining(['power-fist', 'lightning-claw', 'fearless', 'furious-charge']));
    expect(examples('matrix')).toEqual(expect.arrayContaining(['srd4', 'revised4']));
  });
});
