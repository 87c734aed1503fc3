// Bad input: every problem located as file:line:col with its key path. The CLI prints these
// and exits 2; no stack trace ever reaches a user for a mistake in a file.

export interface Problem {
  file: string;
  line: number;
  col: number;
  /** key path such as attacker.units[0].models[1].profile.WS; empty for the whole file */
  path: string;
  message: string;
}

export function formatProblem(p: Problem): string {
  const where = p.path ? ` (at ${short(visible(p.path))})` : '';
  return `${visible(p.file)}:${p.line}:${p.col}: ${short(visible(p.message))}${where}`;
}

/** At most this many problems are printed for one file: the rest are counted. */
export const MAX_PROBLEMS_PER_FILE = 50;

/** Problems as lines to print, at most MAX_PROBLEMS_PER_FILE per file, each printed once. */
export function formatProblems(problems: readonly Problem[], seen = new Set<string>(), shown = new Map<string, number>()): string[] {
  const out: string[] = [];
  const more = new Map<string, number>();
  for (const p of problems) {
    const line = formatProblem(p);
    if (seen.has(line)) continue;
    seen.add(line);
    const n = shown.get(p.file) ?? 0;
    if (n >= MAX_PROBLEMS_PER_FILE) {
      more.set(p.file, (more.get(p.file) ?? 0) + 1);
      continue;
    }
    shown.set(p.file, n + 1);
    out.push(line);
  }
  for (const [file, n] of more) out.push(`${visible(file)}: ${n} more problem${n === 1 ? '' : 's'} not shown`);
  return out;
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
