// Reading a list builder's export: its bytes are read as every input file is (io/readtext.ts
// `readBytes`: a regular file of at most 4 MB; a .rosz is a zip), the text of a roster as UTF-8.
import { InputError } from '../errors.js';
import { utf8Text } from '../io/readtext.js';

/** A problem with the whole file (line 1, column 1 unless told). */
export function refuse(file: string, message: string, line = 1, col = 1): never {
  throw new InputError([{ file, line, col, path: '', message }]);
}

/** `bytes` as UTF-8 text (a byte order mark dropped); anything else is not a roster, said at its first bad byte or NUL. */
export function utf8(file: string, bytes: Uint8Array): string {
  const t = utf8Text(bytes);
  if (typeof t === 'string') return t;
  refuse(file, `not a roster: neither XML (it ${t.fault === 'not UTF-8' ? 'is not UTF-8 text' : 'holds a NUL byte'}) nor a zip file`, t.line, t.col);
}
