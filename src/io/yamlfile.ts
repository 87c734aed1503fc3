// Reading a YAML file so that any value in it can be located: file, line, column.
import { readFileSync } from 'node:fs';
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { InputError, pathString, type Problem } from './errors.js';
import { didYouMean } from './suggest.js';
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

  /** Read and parse `file`; a missing, empty or broken file is an InputError. */
  static read(file: string): YamlFile {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, not a file' : `cannot read it (${code ?? String(e)})`;
      throw new InputError([{ file, line: 1, col: 1, path: '', message: why }]);
    }
    return YamlFile.parse(file, text);
  }

  static parse(file: string, text: string): YamlFile {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    if (doc.errors.length > 0) {
      throw new InputError(doc.errors.map((e) => ({
        file, line: e.linePos?.[0].line ?? 1, col: e.linePos?.[0].col ?? 1, path: '',
        message: `YAML syntax: ${e.message.split('\n')[0]}`,
      })));
    }
    const data = doc.toJS();
    if (data === null || data === undefined) {
      throw new InputError([{ file, line: 1, col: 1, path: '', message: 'the file is empty' }]);
    }
    return new YamlFile(file, data, doc, lines);
  }

  /** Where the value at `path` starts; with `key`, where that key of the map at `path` is written. */
  locate(path: readonly (string | number)[], key?: string): { line: number; col: number } {
    let p = [...this.base, ...path];
    for (;;) {
      const node = p.length === 0 ? this.doc.contents : this.doc.getIn(p, true);
      if (node && typeof node === 'object') {
        let range = (node as { range?: [number, number, number] }).range;
        if (key !== undefined && isMap(node)) {
          const pair = node.items.find((it) => isScalar(it.key) && it.key.value === key);
          const k = pair?.key as { range?: [number, number, number] } | undefined;
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

  problem(path: readonly (string | number)[], message: string, key?: string): Problem {
    const { line, col } = this.locate(path, key);
    const full = key !== undefined ? [...this.base, ...path, key] : [...this.base, ...path];
    return { file: this.file, line, col, path: pathString(full), message };
  }

  /** Validate the whole file against `schema`, collecting every problem. */
  validate<T>(schema: z.ZodType<T>): { value: T | null; problems: Problem[] } {
    const r = schema.safeParse(this.data);
    if (r.success) return { value: r.data, problems: [] };
    const problems: Problem[] = [];
    for (const issue of r.error.issues) {
      const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        for (const k of issue.keys) problems.push(this.problem(path, `unknown key '${k}'${didYouMean(k, KNOWN_KEYS)}`, k));
      } else {
        problems.push(this.problem(path, describe(issue, this.valueAt(path))));
      }
    }
    return { value: null, problems };
  }

  valueAt(path: readonly (string | number)[]): unknown {
    let v: unknown = this.data;
    for (const k of path) {
      if (v === null || typeof v !== 'object') return undefined;
      v = (v as Record<string | number, unknown>)[k];
    }
    return v;
  }

}

function describe(issue: z.core.$ZodIssue, value: unknown): string {
  const got = value === undefined ? 'nothing' : JSON.stringify(value);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined ? `missing: expected ${issue.expected}` : `expected ${issue.expected}, got ${got}`;
    case 'too_small':
      if (!issue.message.startsWith('Too small')) return issue.message;
      return issue.origin === 'array' ? `needs at least ${issue.minimum} entr${issue.minimum === 1 ? 'y' : 'ies'}` : `${got} is too small: at least ${issue.minimum}`;
    case 'too_big':
      return `${got} is too big: at most ${issue.maximum}`;
    case 'invalid_union':
      return `${got} is not valid here`;
    case 'invalid_value':
      return `${got} is not one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${issue.message}${value !== undefined ? ` (got ${got})` : ''}`;
  }
}
