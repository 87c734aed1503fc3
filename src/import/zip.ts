// A .rosz: a zip holding one .ros. Its central directory is read first, so a file past the size
// limit is refused by the size it declares before a byte of it is inflated; the one entry taken
// is then inflated a few kilobytes at a time and refused as soon as its output passes the limit
// (a zip that declares less than it holds is stopped there too).
import { Inflate } from 'fflate';
import { MAX_FILE_BYTES } from '../io/readtext.js';
import { refuse } from './file.js';

/** A zip starts with a local file header, or is an empty zip's end record alone. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);
}

/** At most this many entries in a zip (a roster export holds one). */
export const MAX_ZIP_ENTRIES = 1000;

interface Entry { name: string; method: number; compressed: number; size: number; local: number }

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16)) + b[o + 3]! * 0x1000000;

function entries(file: string, b: Uint8Array): Entry[] {
  const broken = (why: string): never => refuse(file, `not a roster: a zip file that cannot be read (${why})`);
  let end = -1;
  for (let o = b.length - 22; o >= Math.max(0, b.length - 22 - 0xffff); o--) {
    if (u32(b, o) === 0x06054b50) {
      end = o;
      break;
    }
  }
  if (end < 0) broken('no end of central directory');
  const count = u16(b, end + 10);
  let o = u32(b, end + 16);
  if (count === 0xffff || o === 0xffffffff) broken('a zip64 file');
  if (count > MAX_ZIP_ENTRIES) refuse(file, `a zip of ${count} entries: more than ${MAX_ZIP_ENTRIES} are refused (a roster export holds one .ros)`);
  const out: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (o + 46 > b.length || u32(b, o) !== 0x02014b50) broken('its central directory is cut short');
    const n = u16(b, o + 28);
    if (o + 46 + n > b.length) broken('its central directory is cut short');
    const name = new TextDecoder('utf-8').decode(b.subarray(o + 46, o + 46 + n));
    out.push({ name, method: u16(b, o + 10), compressed: u32(b, o + 20), size: u32(b, o + 24), local: u32(b, o + 42) });
    o += 46 + n + u16(b, o + 30) + u16(b, o + 32);
  }
  return out;
}

/** The one .ros of a zip, inflated in memory: its name and its bytes. */
export function rosOfZip(file: string, b: Uint8Array): { name: string; bytes: Uint8Array } {
  const all = entries(file, b);
  const ros = all.filter((e) => /\.ros$/i.test(e.name) && !e.name.endsWith('/'));
  if (ros.length === 0) {
    const names = all.map((e) => e.name).slice(0, 5);
    refuse(file, `a zip with no .ros in it${names.length ? ` (it holds ${names.map((x) => JSON.stringify(x)).join(', ')}${all.length > 5 ? ', ...' : ''})` : ' (it is empty)'}: a .rosz holds one roster (.ros)`);
  }
  if (ros.length > 1) refuse(file, `a zip with ${ros.length} .ros files (${ros.map((e) => JSON.stringify(e.name)).join(', ')}): a .rosz holds one roster; unzip it and import each .ros`);
  const e = ros[0]!;
  const tooBig = (what: string) => refuse(file, `${JSON.stringify(e.name)} ${what}: a roster over ${MAX_FILE_BYTES} bytes is refused (a zip bomb is refused before it is unzipped)`);
  if (e.size > MAX_FILE_BYTES) tooBig(`unzips to ${e.size} bytes`);
  if (e.method !== 0 && e.method !== 8) refuse(file, `${JSON.stringify(e.name)} is compressed with method ${e.method}: only stored and deflated entries are read`);
  const o = e.local;
  if (o + 30 > b.length || u32(b, o) !== 0x04034b50) refuse(file, `not a roster: a zip file that cannot be read (no local header for ${JSON.stringify(e.name)})`);
  const start = o + 30 + u16(b, o + 26) + u16(b, o + 28);
  const data = b.subarray(start, Math.min(b.length, start + e.compressed));
  if (e.method === 0) {
    if (data.length > MAX_FILE_BYTES) tooBig(`holds more than ${MAX_FILE_BYTES} bytes`);
    return { name: e.name, bytes: data };
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > MAX_FILE_BYTES) over = true;
    else chunks.push(chunk);
  });
  const STEP = 4096;
  try {
    for (let i = 0; i < data.length && !over; i += STEP) inflater.push(data.subarray(i, i + STEP), i + STEP >= data.length);
  } catch (err) {
    refuse(file, `not a roster: ${JSON.stringify(e.name)} in the zip cannot be inflated (${err instanceof Error ? err.message : String(err)})`);
  }
  if (over) tooBig(`unzips to more than ${MAX_FILE_BYTES} bytes (it declared ${e.size})`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return { name: e.name, bytes: out };
}
