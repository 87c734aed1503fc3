// Bad input: every problem located as file:line:col with its key path (a path that cannot be
// read at all as file: alone). The CLI prints these
// and exits 2; no stack trace ever reaches a user for a mistake in a file.

export interface Problem {
  file: string;
  /** from 1; 0 (and col 0) when the path itself is the problem: no such file, a folder, no permission */
  line: number;
  col: number;
  /** key path such as attacker.units[0].models[1].profile.WS; empty for the whole file */
  path: string;
  message: string;
  /**
   * Set only on the entry that stands for the problems of `file` found past
   * MAX_PROBLEMS_COLLECTED: how many there were (counted, not located one by one).
   */
  more?: number;
}

export function formatProblem(p: Problem): string {
  if (p.more !== undefined) return moreLine(p.file, p.more);
  const where = p.path ? ` (at ${short(visible(p.path))})` : '';
  // line 0: the path itself is the problem (no such file, a folder): no place in a file to name
  if (p.line === 0) return `${visible(p.file)}: ${short(visible(p.message))}${where}`;
  return `${visible(p.file)}:${p.line}:${p.col}: ${short(visible(p.message))}${where}`;
}

/** At most this many problems are printed for one file: the rest are counted. */
export const MAX_PROBLEMS_PER_FILE = 50;

/**
 * At most this many problems are collected for one file (a few more than are printed, as some
 * may be printed once for several files); the rest are only counted, with no place looked up and
 * no suggestion sought, so a file of 60,000 unknown keys is answered at once.
 */
export const MAX_PROBLEMS_COLLECTED = 2 * MAX_PROBLEMS_PER_FILE;

const moreLine = (file: string, n: number) => `${visible(file)}: ${n} more problem${n === 1 ? '' : 's'} not shown`;

/**
 * Problems as lines to print, at most MAX_PROBLEMS_PER_FILE per file, each printed once.
 * `tally.total` counts every problem, printed or not.
 */
export function formatProblems(problems: readonly Problem[], seen = new Set<string>(), shown = new Map<string, number>(), tally = { total: 0 }): string[] {
  const out: string[] = [];
  const more = new Map<string, number>();
  for (const p of problems) {
    if (p.more !== undefined) {
      // the same count of a roster's problems, met again through another file, is counted once
      const key = `\0more\0${p.file}\0${p.more}`;
      if (seen.has(key)) continue;
      seen.add(key);
      more.set(p.file, (more.get(p.file) ?? 0) + p.more);
      tally.total += p.more;
      continue;
    }
    const line = formatProblem(p);
    if (seen.has(line)) continue;
    seen.add(line);
    tally.total++;
    const n = shown.get(p.file) ?? 0;
    if (n >= MAX_PROBLEMS_PER_FILE) {
      more.set(p.file, (more.get(p.file) ?? 0) + 1);
      continue;
    }
    shown.set(p.file, n + 1);
    out.push(line);
  }
  for (const [file, n] of more) out.push(moreLine(file, n));
  return out;
}

/**
 * Collects problems, each once, at most MAX_PROBLEMS_COLLECTED per file: past that they are
 * counted on one entry of the list (`more`). A producer asks `room` before it builds a costly
 * message, and `skip`s the problem when there is none.
 */
export class Problems {
  readonly list: Problem[] = [];
  private readonly seen = new Set<string>();
  private readonly kept = new Map<string, number>();
  private readonly counts = new Map<string, Problem>();

  /** Whether one more problem of `file` is still collected. */
  room(file: string): boolean {
    return (this.kept.get(file) ?? 0) < MAX_PROBLEMS_COLLECTED;
  }

  /** Count `n` problems of `file` past the limit, not collected one by one. */
  skip(file: string, n = 1): void {
    if (n <= 0) return;
    let count = this.counts.get(file);
    if (!count) {
      count = { file, line: 1, col: 1, path: '', message: '', more: 0 };
      this.counts.set(file, count);
      this.list.push(count);
    }
    count.more! += n;
    count.message = `${count.more} more problem${count.more === 1 ? '' : 's'} not shown`;
  }

  add(p: Problem): void {
    if (p.more !== undefined) return this.skip(p.file, p.more);
    const key = `${p.file}\0${p.line}\0${p.col}\0${p.message}`;
    if (this.seen.has(key)) return;
    if (!this.room(p.file)) return this.skip(p.file);
    this.seen.add(key);
    this.kept.set(p.file, (this.kept.get(p.file) ?? 0) + 1);
    this.list.push(p);
  }

  addAll(ps: readonly Problem[]): void {
    for (const p of ps) this.add(p);
  }

  throwIfAny(): void {
    if (this.list.length > 0) throw new InputError(this.list);
  }
}

/** A long name from a file shortened in a message (a 200 KB key is still named, not printed whole). */
const short = (s: string) => (s.length > 400 ? `${s.slice(0, 200)}...(${s.length - 300} characters)...${s.slice(-100)}` : s);

/** Control characters from a file shown as escapes, never sent to the terminal. */
// eslint-disable-next-line no-control-regex
const visible = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export class InputError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'InputError';
  }
}

/** A usage mistake on the command line (unknown ruleset, bad number): exit 2 too. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function pathString(path: readonly (string | number)[]): string {
  let out = '';
  for (const k of path) {
    if (typeof k === 'number') out += `[${k}]`;
    else out += out ? `.${k}` : k;
  }
  return out;
}
