// Command lines that a user pastes into a POSIX shell.

/** A word for a POSIX shell: as it is when safe, else in single quotes. */
export function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(w) ? w : `'${w.replace(/'/g, "'\\''")}'`;
}
