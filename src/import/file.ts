// Reading a list builder's export: a regular file of at most the size every input file is held to,
// as bytes (a .rosz is a zip), and the text of a roster as UTF-8.
import { closeSync, fstatSync, openSync, readSync, constants } from 'node:fs';
import { InputError } from '../errors.js';
import { MAX_FILE_BYTES, Unreadable, openError } from '../io/readtext.js';

/** The bytes of `file`: a regular file of at most MAX_FILE_BYTES (a FIFO or a device is refused, never read). */
export function readBytes(file: string): Uint8Array {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new Unreadable(file, openError(file, (e as NodeJS.ErrnoException).code));
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new Unreadable(file, 'is a directory, not a file');
    if (!st.isFile()) throw new Unreadable(file, 'is not a regular file');
    if (st.size > MAX_FILE_BYTES) throw new Unreadable(file, `is ${st.size} bytes: files over ${MAX_FILE_BYTES} bytes are refused`);
    const buf = Buffer.alloc(st.size + 1);
    let n = 0;
    for (;;) {
      let got: number;
      try {
        got = readSync(fd, buf, n, buf.length - n, null);
      } catch (e) {
        throw new Unreadable(file, openError(file, (e as NodeJS.ErrnoException).code));
      }
      if (got === 0) break;
      n += got;
      if (n === buf.length) throw new Unreadable(file, `grew while it was read, past ${n - 1} bytes: refused`);
    }
    return new Uint8Array(buf.buffer, buf.byteOffset, n);
  } finally {
    closeSync(fd);
  }
}

/** A problem with the whole file (line 1, column 1 unless told). */
export function refuse(file: string, message: string, line = 1, col = 1): never {
  throw new InputError([{ file, line, col, path: '', message }]);
}

/** `bytes` as UTF-8 text (a byte order mark dropped); anything else is not a roster. */
export function utf8(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    refuse(file, 'not a roster: neither XML (it is not UTF-8 text) nor a zip file');
  }
  if (text.includes('\0')) refuse(file, 'not a roster: neither XML (it holds a NUL byte) nor a zip file');
  return text;
}
