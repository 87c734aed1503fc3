// The limits that make every input file read or refused at once (rules ruling 29): within 2 s
// and 512 MB whatever it holds. The YAML library takes about a kilobyte and some microseconds
// for each value it parses, so a file of 4 MB that is one list of numbers (two million values)
// used to take seconds and run out of memory. What the library would build is bounded first by
// one cheap pass over the text (lines, and the marks that every value, key, alias, anchor and
// tag needs), before any parsing; what aliases would repeat is bounded after parsing, before the
// data is built. docs/formats.md lists the limits; the largest file shipped is far below each.
import { isAlias, isCollection, isPair, isScalar, type Document, type Node } from 'yaml';

/** At most this many lines (the largest shipped file, the Space Marines roster, has 120). */
export const MAX_LINES = 20_000;
/**
 * At most this many marks of a value: each `,` `[` `]` `{` `}` `*` `&` `!` `"` `'`, and each `-` `?`
 * `:` before a space, a tab or the end of a line, wherever they are (in a quoted text or a comment
 * too). Every list entry, key, alias, anchor, tag, quoted text and stray bracket needs one; the
 * Space Marines roster has 482.
 */
export const MAX_MARKS = 20_000;
/** At most this many values, each alias counted as the values it names (the Space Marines roster has 509). */
export const MAX_EXPANDED = 100_000;

export interface Over {
  /** where the limit was passed: offset in the text, and its line and column */
  offset: number;
  line: number;
  col: number;
  message: string;
}

const n = (x: number) => x.toLocaleString('en-US');

/** Where `text` first goes past MAX_LINES or MAX_MARKS, or null. One pass, no allocation. */
export function overLimits(text: string): Over | null {
  let lines = 1;
  let marks = 0;
  const end = text.length;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      // a line is counted when something follows its line break
      if (i + 1 < end && ++lines > MAX_LINES) return { offset: i + 1, line: lines, col: 1, message: `more than ${n(MAX_LINES)} lines: files here are refused past that (no file of ours comes near it)` };
      continue;
    }
    let mark = false;
    // , [ ] { } * & ! " '
    if (c === 44 || c === 91 || c === 93 || c === 123 || c === 125 || c === 42 || c === 38 || c === 33 || c === 34 || c === 39) mark = true;
    // - ? : before a space, a tab, a line end or the end of the text
    else if (c === 45 || c === 63 || c === 58) {
      const next = i + 1 < end ? text.charCodeAt(i + 1) : 32;
      mark = next === 32 || next === 9 || next === 10 || next === 13;
    }
    if (mark && ++marks > MAX_MARKS) return { offset: i, line: lines, col: i - text.lastIndexOf('\n', i - 1), message: `more than ${n(MAX_MARKS)} values, keys, aliases, anchors, tags, quotes or brackets: files here are refused past that (no file of ours comes near it)` };
  }
  return null;
}

/**
 * Where the values of `doc`, each alias counted as the values it names, first go past
 * MAX_EXPANDED, or null. Anchors are looked up as they come (the last one of a name before
 * the alias), once each: the library's own look-up walks the whole document for every alias.
 * Call it on a document whose nesting is already known to be shallow.
 */
export function overExpanded(doc: Document): Omit<Over, 'line' | 'col'> | null {
  const anchors = new Map<string, number>();
  let total = 0;
  let at = -1;
  const count = (s: number, offset: number | undefined) => {
    total += s;
    if (total > MAX_EXPANDED && at < 0) at = offset ?? 0;
  };
  const size = (node: unknown): number => {
    if (node === null || node === undefined) return 0;
    if (isPair(node)) return size(node.key) + size(node.value);
    if (isAlias(node)) {
      const s = anchors.get(node.source) ?? 1;
      count(s, node.range?.[0]);
      return s;
    }
    count(1, (node as Node).range?.[0]);
    let s = 1;
    if (isCollection(node)) for (const item of node.items) s += size(item);
    // the node's anchor names it once it is whole (an alias inside it is a cycle, refused before)
    const anchor = isScalar(node) || isCollection(node) ? node.anchor : undefined;
    if (anchor !== undefined) anchors.set(anchor, s);
    return s;
  };
  size(doc.contents);
  if (at < 0) return null;
  return { offset: at, message: `more than ${n(MAX_EXPANDED)} values, each alias counted as the values it names: files here are refused past that (an alias bomb?)` };
}
