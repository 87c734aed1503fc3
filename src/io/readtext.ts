// Reading an input file safely: only a regular file, only up to a size limit, only UTF-8 text.
// A FIFO, a device such as /dev/zero, a directory, a broken or looping symbolic link get a
// located message instead of a hang, an endless read or a stack trace.
import { closeSync, fstatSync, lstatSync, openSync, readSync, constants } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import { InputError } from '../errors.js';
import { nearPaths } from './near.js';

/** No roster, scenario, check or matrix file comes near this; a bigger one is refused. */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;

function refuse(file: string, message: string, line = 1, col = 1): never {
  throw new InputError([{ file, line, col, path: '', message }]);
}

/**
 * A file that cannot be read at all (not there, not allowed, not a regular file, too big), as
 * opposed to one whose text is wrong: the problem is the path itself, so it has no line or column
 * (0, printed as `file: what is wrong`).
 */
export class Unreadable extends InputError {
  constructor(readonly file: string, readonly reason: string) {
    super([{ file, line: 0, col: 0, path: '', message: reason === 'no such file' ? `${reason}${nearHint(file)}` : reason }]);
  }
}

/** `; did you mean ../rosters/x.yaml?` or `; near it: a, b`: where a missing path may be. */
export function nearHint(file: string): string {
  const near = nearPaths(file);
  return near.length === 0 ? '' : near.length === 1 ? `; did you mean ${near[0]}?` : `; did you mean one of: ${near.join(', ')}?`;
}

function unreadable(file: string, reason: string): never {
  throw new Unreadable(file, reason);
}

/** Why the `what` file another file refers to cannot be read, said at that reference: `roster rosters/orks.yaml cannot be read: permission denied`. */
export function unreadableAt(what: string, e: Unreadable): string {
  const rel = relative(process.cwd(), e.file);
  const shown = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : e.file;
  return /^(is|grew) /.test(e.reason) ? `${what} ${shown} ${e.reason}` : `${what} ${shown} cannot be read: ${e.reason}`;
}

/** Why opening `file` failed, in words. */
export function openError(file: string, code: string | undefined): string {
  switch (code) {
    case 'ENOENT': {
      let link = false;
      try {
        link = lstatSync(file).isSymbolicLink();
      } catch {
        /* not there at all */
      }
      return link ? 'a symbolic link to a file that does not exist' : 'no such file';
    }
    case 'ELOOP': return 'a symbolic link loop';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'ENOTDIR': return 'no such file (a folder on its path is a file)';
    case 'ENAMETOOLONG': return 'the file name is too long';
    default: return `cannot read it (${code ?? 'unknown error'})`;
  }
}

/** The bytes of `file`: a regular file of at most MAX_FILE_BYTES (a FIFO or a device is refused, never read). */
export function readBytes(file: string): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    unreadable(file, openError(file, (e as NodeJS.ErrnoException).code));
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) unreadable(file, 'is a directory, not a file');
    if (!st.isFile()) unreadable(file, `is not a regular file (${st.isFIFO() ? 'a FIFO' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : 'a special file'})`);
    if (st.size > MAX_FILE_BYTES) unreadable(file, `is ${st.size} bytes: files over ${MAX_FILE_BYTES} bytes are refused`);
    const buf = Buffer.alloc(Math.min(MAX_FILE_BYTES, st.size) + 1);
    let n = 0;
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, buf, n, buf.length - n, null);
      } catch (e) {
        unreadable(file, openError(file, (e as NodeJS.ErrnoException).code));
      }
      if (got === 0) break;
      n += got;
      if (n === buf.length) unreadable(file, `grew while it was read, past ${n - 1} bytes: refused`);
    }
    return buf.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export function readText(file: string): string {
  return decode(file, readBytes(file));
}

/** UTF-8 text with no NUL bytes. */
function decode(file: string, bytes: Uint8Array): string {
  const t = utf8Text(bytes);
  if (typeof t === 'string') return t;
  refuse(file, t.fault === 'not UTF-8' ? 'is not UTF-8 text' : 'contains a NUL byte: not a text file', t.line, t.col);
}

/** Where bytes stop being text: at their first invalid UTF-8 byte, or their first NUL. */
export interface TextFault {
  fault: 'not UTF-8' | 'NUL';
  line: number;
  col: number;
}

/** `bytes` as UTF-8 text (a byte order mark dropped), or where they stop being text. */
export function utf8Text(bytes: Uint8Array): string | TextFault {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // the first replacement character of the lenient reading marks the first invalid byte
    const lenient = new TextDecoder('utf-8').decode(bytes);
    return { fault: 'not UTF-8', ...lineCol(lenient, lenient.indexOf('\uFFFD')) };
  }
  const nul = text.indexOf('\0');
  return nul < 0 ? text : { fault: 'NUL', ...lineCol(text, nul) };
}

/** The line and column (from 1, in UTF-16 code units) of `offset` in `text`. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, col: Math.max(0, offset) - start + 1 };
}
