// Editor support: the published JSON Schemas describe every key and offer the known rulesets,
// armoury keys and special rules as completions (yaml-language-server reads `examples`).
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { jsonSchema, SCHEMAS } from '../src/io/schema.js';
import { YamlFile } from '../src/io/yamlfile.js';
import { ARMOURY_4TH } from '../src/editions/srd4/armoury.js';
import { SPECIAL_RULES } from '../src/model.js';
import { loadEditionFile } from '../src/io/edition.js';
import { problemsOf, tempFiles } from './helpers.js';

type Node = {
  properties?: Record<string, Node>; items?: Node; additionalProperties?: Node | boolean; anyOf?: Node[]; description?: string; examples?: unknown[];
  type?: string; const?: unknown; minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number;
};

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

describe('every number rule of every format: a value out of range is told the range really allowed', () => {
  /** Every number the schemas allow, by path (a key, [] for a list entry, {} for a mapping's value), with the words allowed beside it. */
  const rules: { kind: string; path: (string | number)[]; n: Node; words: string[] }[] = [];
  const find = (kind: string, s: Node, path: (string | number)[]) => {
    // a number any value of which is allowed (approx, min, max, a seed) has no range to state
    const bounded = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].some((b) => b !== undefined);
    if ((s.type === 'number' || s.type === 'integer') && bounded) rules.push({ kind, path, n: s, words: [] });
    if (s.properties) for (const [k, v] of Object.entries(s.properties)) find(kind, v, [...path, k]);
    if (s.items) find(kind, s.items, [...path, 0]);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') find(kind, s.additionalProperties, [...path, 'some-key']);
    const before = rules.length;
    for (const x of s.anyOf ?? []) find(kind, x, path);
    const words = (s.anyOf ?? []).flatMap((x) => (typeof x.const === 'string' ? [x.const] : []));
    for (const r of rules.slice(before)) if (r.path.length === path.length) r.words = words;
  };
  for (const kind of Object.keys(SCHEMAS)) find(kind, jsonSchema(kind) as Node, []);

  const grouped = (v: number) => (Number.isInteger(v) && Math.abs(v) >= 10_000 ? v.toLocaleString('en-US') : String(v));
  /** The range in the words the messages use, worked out from the published schema. */
  function range(n: Node, words: string[]): string {
    const low = n.exclusiveMinimum !== undefined ? `above ${grouped(n.exclusiveMinimum)}` : n.minimum !== undefined ? `at least ${grouped(n.minimum)}` : null;
    const max = n.maximum === Number.MAX_SAFE_INTEGER ? undefined : n.maximum; // a whole number's own limit, not a rule of ours
    const high = n.exclusiveMaximum !== undefined ? `below ${grouped(n.exclusiveMaximum)}` : max !== undefined ? `at most ${grouped(max)}` : null;
    const text = n.minimum !== undefined && max !== undefined ? `${grouped(n.minimum)}${n.minimum < 0 ? ' to ' : '-'}${grouped(max)}` : [low, high].filter(Boolean).join(' and ');
    return [text, ...words].join(' or ');
  }
  /** The problem at `path` when `value` is written there (the rest of the file may be wrong too). */
  function messageAt(kind: string, path: (string | number)[], value: number): string[] {
    let data: unknown = value;
    for (const k of [...path].reverse()) data = typeof k === 'number' ? [data] : { [k]: data };
    const yaml = YamlFile.parse(`${kind}.yaml`, stringify(data));
    const { problems } = yaml.validate(SCHEMAS[kind as keyof typeof SCHEMAS] as never);
    const at = path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('').replace(/^\./, '').replace(/\.\[/g, '[');
    return problems.filter((p) => p.path === at).map((p) => p.message);
  }

  it('finds the number rules (profiles, weapons, units, scenario units, check files and matrices)', () => {
    expect(rules.length).toBeGreaterThanOrEqual(30);
    const names = new Set(rules.map((r) => String(r.path.at(-1))));
    for (const k of ['WS', 'T', 'W', 'Sv', 'strength', 'ap', 'woundOn', 'range', 'shots', 'count', 'size', 'chargeDistance', 'inContact', 'distance', 'points', 'pointsPerModel', 'rounds', 'runs', 'within']) expect(names, k).toContain(k);
  });

  for (const { kind, path, n, words } of rules) {
    const name = `${kind}: ${path.join('.')}`;
    it(`${name}: below, above and between whole numbers, the message says ${range(n, words)}`, () => {
      const allowed = range(n, words);
      const cases: [number, RegExp][] = [];
      const low = n.exclusiveMinimum ?? n.minimum;
      const high = n.maximum === Number.MAX_SAFE_INTEGER ? undefined : n.maximum;
      if (low !== undefined) cases.push([n.exclusiveMinimum !== undefined ? low : low - 1, /is too small: must be |must be at least/]);
      if (high !== undefined) cases.push([high + 1, /is too big: must be /]);
      if (n.type === 'integer' && low !== undefined) cases.push([low + 1.5, /is not a whole number: must be /]);
      for (const [value, how] of cases) {
        const messages = messageAt(kind, path, value);
        expect(messages, `${name} = ${value}`).toHaveLength(1);
        expect(messages[0], `${name} = ${value}`).toMatch(how);
        expect(messages[0], `${name} = ${value}`).toContain(allowed.replace(/^at least /, ''));
      }
    });
  }

  it('the value the rule is about is above 0: 0 is told so, not "at least 0"', () => {
    expect(messageAt('scenario', ['attacker', 'units', 0, 'chargeDistance'], 0)).toEqual(['0 is too small: must be above 0 and at most 24']);
    expect(messageAt('scenario', ['rounds'], 0)).toEqual(['0 is too small: must be 1-20 or resolve']);
    expect(messageAt('roster', ['models', 'm', 'profile', 'T'], -1)).toEqual(['-1 is too small: must be 1-10']);
    expect(messageAt('check', ['runs'], 10_000_001)).toEqual(['10000001 is too big: must be 1-10,000,000']);
    expect(messageAt('check', ['expect', 'final.rounds.mean', 'within'], -1)).toEqual(['-1 is too small: must be at least 0']);
  });
});

/** A JSON Schema's verdict on `v`, for the keywords a chart cell's schema uses (anyOf, type, enum, const, bounds). */
function jsonAccepts(n: Node & { enum?: unknown[] }, v: unknown): boolean {
  if (n.anyOf) return n.anyOf.some((x) => jsonAccepts(x, v));
  if (n.type === 'integer' && !(typeof v === 'number' && Number.isInteger(v))) return false;
  if (n.type === 'number' && typeof v !== 'number') return false;
  if (n.type === 'string' && typeof v !== 'string') return false;
  if (n.enum && !n.enum.includes(v)) return false;
  if ('const' in n && n.const !== v) return false;
  if (typeof v === 'number') {
    if (n.minimum !== undefined && v < n.minimum) return false;
    if (n.maximum !== undefined && v > n.maximum) return false;
    if (n.exclusiveMinimum !== undefined && v <= n.exclusiveMinimum) return false;
    if (n.exclusiveMaximum !== undefined && v >= n.exclusiveMaximum) return false;
  }
  return true;
}

describe('chart cells: the JSON Schema and the validator agree', () => {
  const { write } = tempFiles('chart-cells');
  // every kind of cell value: each roll, the numbers beside them, a fraction, the two words and their look-alikes, other types
  const VALUES: unknown[] = [1, 2, 3, 4, 5, 6, 7, 0, -1, 3.5, 'A', '-', 'a', 'X', '4', '4+', '', null, true, false];
  const schema = jsonSchema('edition') as Node;
  let n = 0;
  for (const chart of ['toHit', 'toWound'] as const) {
    const cellSchema = schema.properties![chart]!.items!.items!;
    it.each(VALUES.map((v) => [JSON.stringify(v), v]))(`${chart} cell %s: accepted by both or refused by both`, (_name, v) => {
      const rows = Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => (r === 2 && c === 7 ? v : 4)));
      const file = write(`cell-${++n}.edition.yaml`, stringify({ edition: `cell-${n}`, name: 'Cells', base: 'srd4', [chart]: rows }));
      const found = problemsOf(loadEditionFile, file);
      const byValidator = found.length === 0;
      expect(byValidator, `${chart} = ${JSON.stringify(v)}: the validator says ${found.join('; ') || 'ok'}`).toBe(jsonAccepts(cellSchema, v));
      // what each accepts, written out: 2-6 and "-" both; A on the to-hit chart only
      const expected = (typeof v === 'number' && [2, 3, 4, 5, 6].includes(v)) || v === '-' || (v === 'A' && chart === 'toHit');
      expect(byValidator, `${chart} = ${JSON.stringify(v)}`).toBe(expected);
      if (!byValidator) expect(found[0]).toMatch(new RegExp(`cell-${n}\\.edition\\.yaml:\\d+:\\d+: .*\\(at ${chart}\\[2\\]\\[7\\]\\)$`));
    });
  }
  it('A in a to-wound chart is told it is for the to-hit chart', () => {
    const rows = Array.from({ length: 10 }, (_, r) => Array.from({ length: 10 }, (_, c) => (r === 9 && c === 0 ? 'A' : 4)));
    const file = write('wound-a.edition.yaml', stringify({ edition: 'wound-a', name: 'A', base: 'srd4', toWound: rows }));
    expect(problemsOf(loadEditionFile, file)).toEqual([
      `${file}:95:7: "A" is not one of "-": a to-wound cell is 2-6 or "-" (A, an automatic hit, is for the to-hit chart only) (at toWound[9][0])`,
    ]);
  });
});
