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
  const where = p.path ? ` (at ${visible(p.path)})` : '';
  return `${visible(p.file)}:${p.line}:${p.col}: ${visible(p.message)}${where}`;
}

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
