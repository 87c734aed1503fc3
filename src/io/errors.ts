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
  const where = p.path ? ` (at ${p.path})` : '';
  return `${p.file}:${p.line}:${p.col}: ${p.message}${where}`;
}

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
