// Reading a YAML file so that any value in it can be located: file, line, column. Whatever the
// file holds (a FIFO, a device, an endless stream, alias bombs, cycles, 3,000-deep nesting), the
// result is data or an InputError with a location, never a hang, a crash or a stack trace.
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { readText } from './readtext.js';
import { overExpanded, overLimits } from './yamllimits.js';
import type { z } from 'zod';
import { InputError, MAX_PROBLEMS_COLLECTED, pathString, Problems, type Problem } from '../errors.js';
import { didYouMean } from '../suggest.js';
import { KNOWN_KEYS } from './schema.js';

export type Path = (string | number)[];

export class YamlFile {
  private constructor(
    readonly file: string,
    readonly data: unknown,
    private readonly doc: Document,
    private readonly lines: LineCounter,
    /** where this view starts in the file (a scenario written inline in a check file) */
    private readonly base: Path = [],
  ) {}

  /** The part of this file under `path`, located as part of the whole. */
  sub(path: Path): YamlFile {
    return new YamlFile(this.file, this.valueAt(path), this.doc, this.lines, [...this.base, ...path]);
  }

  /** This file under another name (the same file by its absolute path), read once. */
  named(file: string): YamlFile {
    return new YamlFile(file, this.data, this.doc, this.lines, this.base);
  }

  /** Read and parse `file`; a missing, empty, special or broken file is an InputError. */
  static read(file: string): YamlFile {
    return YamlFile.parse(file, readText(file));
  }

  static parse(file: string, text: string): YamlFile {
    const lines = new LineCounter();
    const at = (offset: number, message: string, path = ''): Problem => {
      const pos = lines.linePos(offset);
      return { file, line: pos.line, col: pos.col, path, message };
    };
    // what the parser would build is bounded first, on the text (rules ruling 29)
    const over = overLimits(text);
    if (over) throw new InputError([{ file, line: over.line, col: over.col, path: '', message: over.message }]);
    // keys are checked unique by duplicateKeys
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: false });
    const twice = duplicateKeys(doc, lines);
    if (doc.errors.length > 0) {
      // a tab in the indentation is the cause of what the parser says after it: said first, on every line it is;
      // nesting so deep that the parser ran out of stack is said as nesting, not as the parser's words
      const tabs = tabIndents(text);
      const syntax = doc.errors.filter((e) => !(tabs.length > 0 && /^Tabs are not allowed/.test(e.message)))
        .map((e) => unclosedQuote(doc, e.pos[0], e.message)
          ?? { offset: e.pos[0], message: /Maximum call stack size exceeded/.test(e.message) ? TOO_DEEP : `YAML syntax: ${e.message.split('\n')[0]}` });
      throw new InputError(capped([...tabs, ...[...syntax, ...twice].sort((a, b) => a.offset - b.offset)].map((p) => at(p.offset, p.message))));
    }
    const problems: { offset: number; message: string; path?: string }[] = [...twice, ...structureProblems(doc, text)].sort((a, b) => a.offset - b.offset);
    if (problems.length > 0) throw new InputError(capped(problems.map((p) => at(p.offset, p.message, p.path))));
    const expanded = overExpanded(doc);
    if (expanded) throw new InputError([at(expanded.offset, expanded.message)]);
    keepSourceText(doc);
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 1000 });
    } catch (e) {
      const why = e instanceof ReferenceError && /alias count/.test(e.message)
        ? 'too many aliases: the file expands to more than this tool reads (an alias bomb?)'
        : `cannot read it as data (${e instanceof Error ? e.message : String(e)})`;
      throw new InputError([at(0, why)]);
    }
    if (data === null || data === undefined) {
      throw new InputError([{ file, line: 1, col: 1, path: '', message: 'the file is empty' }]);
    }
    return new YamlFile(file, data, doc, lines);
  }

  /** Where the value at `path` starts; with `key`, where that key of the map at `path` is written. */
  locate(path: readonly (string | number)[], key?: string): { line: number; col: number } {
    let p = [...this.base, ...path];
    for (;;) {
      const node = this.nodeAt(p);
      if (node && typeof node === 'object') {
        let range = (node as { range?: [number, number, number] }).range;
        if (key !== undefined && isMap(node)) {
          const k = pairNamed(node, key)?.key as { range?: [number, number, number] } | undefined;
          if (k?.range) range = k.range;
        }
        if (range) {
          const pos = this.lines.linePos(range[0]);
          return { line: pos.line, col: pos.col };
        }
      }
      if (p.length === 0) return { line: 1, col: 1 };
      p = p.slice(0, -1);
      key = undefined;
    }
  }

  /** The node at `path`, each mapping's keys looked up as the data names them (a number key as its digits). */
  private nodeAt(path: readonly (string | number)[]): unknown {
    let node: unknown = this.doc.contents;
    for (const k of path) {
      if (isMap(node)) node = pairNamed(node, String(k))?.value;
      else if (isSeq(node) && typeof k === 'number') node = node.items[k];
      else return undefined;
    }
    return node;
  }

  problem(path: readonly (string | number)[], message: string, key?: string): Problem {
    const { line, col } = this.locate(path, key);
    const full = key !== undefined ? [...this.base, ...path, key] : [...this.base, ...path];
    return { file: this.file, line, col, path: pathString(full), message };
  }

  /** Validate the whole file against `schema`, collecting every problem (at most MAX_PROBLEMS_COLLECTED located, the rest counted). */
  validate<T>(schema: z.ZodType<T>): { value: T | null; problems: Problem[] } {
    const r = schema.safeParse(this.data);
    if (r.success) return { value: r.data, problems: [] };
    const problems = new Problems();
    // the keys allowed at each place, by the place's shape (list indexes left out), and the suggestion for each unknown key there
    const allowed = new Map<string, { known: string[]; suggested: Map<string, string> }>();
    const allowedAt = (path: (string | number)[]) => {
      const shape = path.map((k) => (typeof k === 'number' ? '[]' : k)).join('\0');
      let a = allowed.get(shape);
      if (!a) allowed.set(shape, (a = { known: keysAt(schema, path) ?? KNOWN_KEYS, suggested: new Map() }));
      return a;
    };
    const report = (issue: z.core.$ZodIssue, prefix: (string | number)[]) => {
      const path = [...prefix, ...issue.path.filter((k): k is string | number => typeof k !== 'symbol')];
      if (issue.code === 'unrecognized_keys') {
        // only the keys allowed here are compared with each unknown one, each unknown name once
        const { known, suggested } = allowedAt(path);
        for (const [i, k] of issue.keys.entries()) {
          if (!problems.room(this.file)) {
            problems.skip(this.file, issue.keys.length - i);
            return;
          }
          let hint = suggested.get(k);
          if (hint === undefined) suggested.set(k, (hint = didYouMean(k, known)));
          problems.add(this.problem(path, `unknown key '${k}'${hint}`, k));
        }
        return;
      }
      if (!problems.room(this.file)) {
        problems.skip(this.file);
        return;
      }
      if (issue.code === 'invalid_key' && path.length > 0) {
        // a key of a record that its format refuses: said at the key, in the format's words
        const key = String(path[path.length - 1]);
        const why = issue.issues.map((i) => i.message).filter((m) => m && !/^Invalid/.test(m)).join('; ') || 'not a key this place allows';
        problems.add(this.problem(path.slice(0, -1), `'${key}' cannot be a key here: ${why}`, key));
        return;
      }
      const value = this.valueAt(path);
      if (issue.code === 'invalid_union') {
        // one branch fits the kind of value written (a mapping where a name or a mapping may
        // go, a number where a number or a word may): its own problems, at their own keys, say
        // more than "not valid here"
        const misfit = (i: z.core.$ZodIssue) => i.path.length === 0 && (
          (i.code === 'invalid_type' && !(i.expected === 'int' && typeof value === 'number'))
          || (i.code === 'invalid_value' && !i.values.some((v) => typeof v === typeof value)));
        // a choice of words and numbers (6 or 2d6): every one of them is named, not those of the value's kind alone
        const literal = (b: readonly z.core.$ZodIssue[]) => b.length === 1 && b[0]!.code === 'invalid_value' && b[0]!.path.length === 0;
        if (issue.errors.length > 1 && issue.errors.every(literal)) {
          const values = issue.errors.flatMap((b) => (b[0] as z.core.$ZodIssue & { values: unknown[] }).values);
          problems.add(this.problem(path, describe({ ...(issue.errors[0]![0] as z.core.$ZodIssue & { values: unknown[] }), values } as z.core.$ZodIssue, value, null)));
          return;
        }
        const fitting = issue.errors.filter((b) => !b.some(misfit));
        if (fitting.length === 1 && fitting[0]!.length > 0) {
          for (const inner of fitting[0]!) report(inner, path);
          return;
        }
      }
      if (issue.code === 'invalid_union' && value === undefined) {
        // a key left out where a choice of values goes (an epic speed): said missing, with what goes there
        const what = descriptionAt(schema, path);
        problems.add(this.problem(path, `missing: ${what ?? 'a value is needed here'}`));
        return;
      }
      problems.add(this.problem(path, describe(issue, value, allowedNumbers(schema, path, issue))));
    };
    for (const issue of r.error.issues) report(issue, []);
    return { value: null, problems: problems.list };
  }

  valueAt(path: readonly (string | number)[]): unknown {
    let v: unknown = this.data;
    for (const k of path) {
      if (v === null || typeof v !== 'object' || !Object.hasOwn(v, k)) return undefined;
      v = (v as Record<string | number, unknown>)[k];
    }
    return v;
  }

}

type Def = {
  type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType; options?: z.ZodType[];
  values?: unknown[]; checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean } } }[];
};
const def = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas that may hold the value at `path` (optional and union unwrapped). */
function schemasAt(schema: z.ZodType, path: readonly (string | number)[]): z.ZodType[] {
  const unwrap = (s: z.ZodType): z.ZodType[] => {
    const d = def(s);
    if (d.innerType) return unwrap(d.innerType);
    if (d.type === 'union' && d.options) return d.options.flatMap(unwrap);
    return [s];
  };
  let at: z.ZodType[] = unwrap(schema);
  for (const k of path) {
    at = at.flatMap((s) => {
      const d = def(s);
      if (d.type === 'object' && typeof k === 'string' && d.shape && Object.hasOwn(d.shape, k)) return [d.shape[k]!];
      if (d.type === 'array' && typeof k === 'number' && d.element) return [d.element];
      if (d.type === 'record' && d.valueType) return [d.valueType];
      return [];
    }).flatMap(unwrap);
  }
  return at;
}

/** What the schema says goes at `path` (its description), if it says. */
function descriptionAt(schema: z.ZodType, path: readonly (string | number)[]): string | null {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return null;
  for (const s of schemasAt(schema, path.slice(0, -1))) {
    const d = def(s);
    const field = d.type === 'object' && d.shape && Object.hasOwn(d.shape, key) ? d.shape[key]! : null;
    if (field?.description) return field.description;
  }
  return null;
}

/** The keys the schema allows in the mapping at `path` (for suggestions that fit the place), if known. */
function keysAt(schema: z.ZodType, path: readonly (string | number)[]): string[] | null {
  const keys = schemasAt(schema, path).flatMap((s) => (def(s).type === 'object' ? Object.keys(def(s).shape ?? {}) : []));
  return keys.length > 0 ? keys : null;
}

interface Bound { value: number; inclusive: boolean }

/**
 * The numbers the schema allows at `path`, in words: "1-20", "above 0 and at most 24", "at
 * least 0", with the words it allows besides ("1-20 or resolve"); null where no number goes.
 * `issue` gives the bound of a rule the schema does not write (a whole number's safe range).
 */
function allowedNumbers(schema: z.ZodType, path: readonly (string | number)[], issue: z.core.$ZodIssue): string | null {
  const here = schemasAt(schema, path);
  const number = here.find((s) => def(s).type === 'number');
  if (!number) return null;
  let low: Bound | null = null;
  let high: Bound | null = null;
  for (const c of def(number).checks ?? []) {
    const { check, value, inclusive } = c._zod.def;
    if (value === undefined) continue;
    const b = { value, inclusive: inclusive ?? true };
    // several rules on one side: the strictest holds
    if (check === 'greater_than' && (!low || value > low.value || (value === low.value && !b.inclusive))) low = b;
    if (check === 'less_than' && (!high || value < high.value || (value === high.value && !b.inclusive))) high = b;
  }
  if (!low && issue.code === 'too_small') low = { value: Number(issue.minimum), inclusive: issue.inclusive ?? true };
  if (!high && issue.code === 'too_big') high = { value: Number(issue.maximum), inclusive: issue.inclusive ?? true };
  const n = (b: Bound) => (Number.isInteger(b.value) && Math.abs(b.value) >= 10_000 ? String(b.value).replace(/\B(?=(\d{3})+$)/g, ',') : String(b.value));
  const from = (b: Bound) => `${b.inclusive ? 'at least' : 'above'} ${n(b)}`;
  const upTo = (b: Bound) => `${b.inclusive ? 'at most' : 'below'} ${n(b)}`;
  const range = low && high ? (low.inclusive && high.inclusive ? `${n(low)}${low.value < 0 ? ' to ' : '-'}${n(high)}` : `${from(low)} and ${upTo(high)}`)
    : low ? from(low) : high ? upTo(high) : null;
  const words = here.flatMap((s) => (def(s).type === 'literal' ? (def(s).values ?? []).filter((v): v is string => typeof v === 'string') : []));
  if (range === null) return null;
  return words.length > 0 ? `${range} or ${words.join(' or ')}` : range;
}

/** Each mapping's pairs by the name the data gives their key, made when first asked for (the document does not change). */
const pairsByName = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairNamed(map: YAMLMap, name: string): Pair | undefined {
  let index = pairsByName.get(map);
  if (!index) {
    index = new Map();
    for (const pair of map.items as Pair[]) {
      if (!isScalar(pair.key) || typeof pair.key.value === 'symbol') continue;
      const k = pair.key.value === null ? '' : String(pair.key.value);
      if (!index.has(k)) index.set(k, pair);
    }
    pairsByName.set(map, index);
  }
  return index.get(name);
}

/** Problems of one file, at most MAX_PROBLEMS_COLLECTED of them located. */
function capped(list: Problem[]): Problem[] {
  const problems = new Problems();
  problems.addAll(list);
  return problems.list;
}

/**
 * A quote never closed is reported where it opens, not at the end of the file where the parser
 * gave up: the quoted value that runs up to the place of the error.
 */
function unclosedQuote(doc: Document, offset: number, message: string): { offset: number; message: string } | null {
  const quote = /^Missing closing (["'])quote/.exec(message)?.[1];
  if (!quote) return null;
  const type = quote === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE';
  let opens: number | null = null;
  visit(doc, {
    Scalar(_key, node) {
      const range = node.range;
      if (node.type !== type || !range || range[0] >= offset || range[1] < offset) return;
      if (opens === null || range[0] > opens) opens = range[0];
    },
  });
  return opens === null ? null : { offset: opens, message: `YAML syntax: the ${quote}quote that opens here is never closed` };
}

/** Lines indented with a tab (YAML indents with spaces only), each where its tab is; at most MAX_PROBLEMS_COLLECTED. */
function tabIndents(text: string): { offset: number; message: string }[] {
  const out: { offset: number; message: string }[] = [];
  const re = /^[ ]*\t/gm;
  for (let m = re.exec(text); m !== null && out.length < MAX_PROBLEMS_COLLECTED; m = re.exec(text)) {
    out.push({ offset: m.index + m[0].length - 1, message: 'YAML syntax: a tab in the indentation: YAML indents with spaces only (replace the tab with spaces)' });
  }
  return out;
}

/** Nesting deeper than this is refused (no format of ours goes past 8). */
const MAX_DEPTH = 64;
const TOO_DEEP = `nesting deeper than ${MAX_DEPTH} levels: this is not a file of ours`;

/**
 * Keys written twice in one mapping, as the data would read them (1 and "1" are one key). Not
 * the parser's own check, which compares each key with every one before it: a roster of 16,000
 * units took 4.4 s to validate.
 */
function duplicateKeys(doc: Document, lines: LineCounter): { offset: number; message: string }[] {
  const out: { offset: number; message: string }[] = [];
  visit(doc, {
    Map(_key, map) {
      const first = new Map<string, number>();
      for (const pair of map.items) {
        // merge keys (<<, where YAML 1.1 or a !!merge tag makes them so) may repeat
        if (!isScalar(pair.key) || typeof pair.key.value === 'symbol') continue;
        // the name the data gives the key: a null key is ''
        const name = pair.key.value === null ? '' : String(pair.key.value);
        const at = pair.key.range?.[0] ?? 0;
        const before = first.get(name);
        if (before === undefined) first.set(name, at);
        else out.push({ offset: at, message: `YAML syntax: Map keys must be unique ('${name}' is also on line ${lines.linePos(before).line})` });
      }
    },
  });
  return out;
}

/** A tag as written: `!!x` for YAML's own, `!x` for any other. */
const tagName = (tag: string) => (tag.startsWith('tag:yaml.org,2002:') ? `!!${tag.slice('tag:yaml.org,2002:'.length)}` : tag);

/** Where the tag of the value that starts at `offset` is written: the token before it that starts with `!` (past an anchor), else the value. */
function tagStart(text: string, offset: number): number {
  let end = offset;
  for (let tries = 0; tries < 2; tries++) {
    let i = end;
    while (i > 0 && /\s/.test(text[i - 1]!)) i--;
    let start = i;
    while (start > 0 && !/\s/.test(text[start - 1]!)) start--;
    if (text[start] === '!') return start;
    if (text[start] !== '&') break;
    end = start;
  }
  return offset;
}

/** The key path of the node reached by `path` (a visit's ancestors) and `key` (its place in the last). */
function keyPath(path: readonly unknown[], node: unknown): string {
  const out: (string | number)[] = [];
  const chain = [...path, node];
  for (let i = 0; i < chain.length - 1; i++) {
    const here = chain[i];
    const next = chain[i + 1];
    if (isSeq(here)) out.push(here.items.indexOf(next as never));
    else if (isPair(here) && next === here.value && isScalar(here.key)) out.push(here.key.value === null ? '' : String(here.key.value));
  }
  return pathString(out);
}

/** Aliases that point nowhere or into themselves, nesting too deep to be ours, and tags (a file here is plain data). */
function structureProblems(doc: Document, text: string): { offset: number; message: string; path?: string }[] {
  const out: { offset: number; message: string; path?: string }[] = [];
  // the last anchor of each name so far, in the order written: the node an alias names (the
  // library's own look-up walks the whole document for each alias)
  const anchors = new Map<string, unknown>();
  visit(doc, {
    Alias(_key, node, path) {
      const target = anchors.get(node.source);
      if (!target) out.push({ offset: node.range?.[0] ?? 0, message: `alias *${node.source} has no anchor &${node.source} before it` });
      else if (path.includes(target as never)) out.push({ offset: node.range?.[0] ?? 0, message: `alias *${node.source} refers to a value that contains it (a cycle)` });
    },
    Pair(_key, pair) {
      if (pair.key !== null && !isScalar(pair.key)) {
        const at = (pair.key as Node).range?.[0] ?? 0;
        out.push({ offset: at, message: 'a key must be a plain name or number, not a list or mapping' });
        return visit.SKIP;
      }
      // JavaScript objects cannot hold this key as data: refuse it rather than lose it
      if (isScalar(pair.key) && pair.key.value === '__proto__') out.push({ offset: pair.key.range?.[0] ?? 0, message: "'__proto__' cannot be used as a key or name here; choose another name" });
    },
    Node(_key, node, path) {
      const anchor = (node as { anchor?: string }).anchor;
      if (anchor !== undefined) anchors.set(anchor, node);
      const tag = (node as { tag?: string }).tag;
      if (tag !== undefined && (node as Node).range) {
        out.push({ offset: tagStart(text, (node as Node).range![0]), message: `the tag ${tagName(tag)} is refused: a file here is plain data, with no tags (remove it)`, path: keyPath(path, node) });
      }
      if (path.length <= 2 * MAX_DEPTH) return undefined;
      out.push({ offset: (node as Node).range?.[0] ?? 0, message: TOO_DEEP });
      return visit.BREAK;
    },
  });
  return out;
}

/**
 * Keys whose value is kept as written: `strength: +2` means "add 2" (YAML reads +2 as the number
 * 2), and a seed means what `--seed` would (`0x10`, `1.50` and 20-digit seeds stay as written).
 */
const AS_WRITTEN: Record<string, (source: string) => boolean> = {
  strength: (source) => source.startsWith('+'),
  seed: () => true,
};

function keepSourceText(doc: Document): void {
  visit(doc, {
    Scalar(key, node, path) {
      if (key !== 'value' || node.type !== 'PLAIN' || typeof node.value !== 'number' || node.source === undefined) return;
      const pair = path[path.length - 1];
      if (!isPair(pair) || !isScalar(pair.key)) return;
      const name = String(pair.key.value);
      if (Object.hasOwn(AS_WRITTEN, name) && AS_WRITTEN[name]!(node.source)) node.value = node.source;
    },
  });
}

/** A value in a message: short, on one line. */
export function show(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const s = JSON.stringify(String(value));
  return s.length > 60 ? `${s.slice(0, 57)}..."` : s;
}

/** What is wrong with `value`; `numbers`: the numbers allowed there, in words, if a number may go there. */
function describe(issue: z.core.$ZodIssue, value: unknown, numbers: string | null): string {
  const got = value === undefined ? 'nothing' : show(value);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'int' && typeof value === 'number') return `${got} is not a whole number${numbers ? `: must be ${numbers}` : ''}`;
      return value === undefined ? `missing: expected ${issue.expected}` : `expected ${issue.expected}, got ${got}`;
    case 'too_small':
      if (!issue.message.startsWith('Too small')) return issue.message;
      if (issue.origin === 'array') return `needs at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}`;
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'must not be empty' : `${got} is too short: at least ${issue.minimum} characters`;
      return `${got} is too small: must be ${numbers ?? `${issue.inclusive ? 'at least' : 'above'} ${issue.minimum}`}`;
    case 'too_big':
      if (!issue.message.startsWith('Too big')) return issue.message;
      return `${got} is too big: must be ${numbers ?? `${issue.inclusive ? 'at most' : 'below'} ${issue.maximum}`}`;
    case 'invalid_union':
      return `${got} is not valid here`;
    case 'invalid_value': {
      // a near miss of one of the words allowed is named (a step, an option's value)
      const words = issue.values.filter((v): v is string => typeof v === 'string');
      const hint = typeof value === 'string' && words.length > 0 ? didYouMean(value, words) : '';
      // a format's own word on what goes here says more than a near miss
      if (!issue.message.startsWith('Invalid')) return `${got} is not one of ${issue.values.map((v) => show(v)).join(', ')}: ${issue.message}`;
      // a word besides numbers (rounds: 1-20 or resolve): every value allowed, the numbers too
      if (numbers !== null) return `${got} is not ${numbers}${hint}`;
      return `${got} is not one of ${issue.values.map((v) => show(v)).join(', ')}${hint}`;
    }
    default:
      return `${issue.message}${value !== undefined ? ` (got ${got})` : ''}`;
  }
}
