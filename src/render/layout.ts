// Text that fits the terminal: lines wrapped at spaces with a hanging indent, tables that drop
// their least useful columns or shorten their names. Widths count visible characters (colour
// codes do not take room).

/** The width output is laid out for: 80 when unknown or piped. */
export const DEFAULT_WIDTH = 80;

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

export function visible(s: string): number {
  return Array.from(s.replace(ANSI, '')).length;
}

/** `line` broken at spaces so that no piece is wider than `width`; pieces after the first get `indent`. */
export function wrap(line: string, width: number, indent?: string): string[] {
  if (visible(line) <= width) return [line];
  const lead = /^ */.exec(line)![0];
  const more = indent ?? `${lead}    `;
  const out: string[] = [];
  let cur = lead;
  let has = false;
  for (const word of line.slice(lead.length).split(' ')) {
    // a word longer than a whole line (a name with no spaces) is cut into pieces that fit
    const pieces = visible(word) > width - more.length && !/\u001b/.test(word) ? chunks(word, Math.max(1, width - more.length)) : [word];
    for (const w of pieces) {
      if (has && w !== '' && visible(cur) + 1 + visible(w) > width) {
        out.push(cur.trimEnd());
        cur = more + w;
        continue;
      }
      cur = has ? `${cur} ${w}` : cur + w;
      has = true;
    }
  }
  out.push(cur);
  return out;
}

/** `s` in pieces of at most `n` characters (code points: an emoji is never split). */
function chunks(s: string, n: number): string[] {
  const chars = Array.from(s);
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += n) out.push(chars.slice(i, i + n).join(''));
  return out;
}

export function wrapAll(lines: string[], width: number): string[] {
  return lines.flatMap((l) => wrap(l, width));
}

export interface Column {
  head: string;
  /** a shorter head, used (with a legend line) when the table is too wide with the full ones */
  short?: string;
  /** left-aligned (names) or right-aligned (figures) */
  left?: boolean;
  /** dropped first when the table is too wide: higher drops sooner; undefined: never dropped */
  drop?: number;
  /** may be shortened with an ellipsis when the table is still too wide */
  shrink?: boolean;
}

/** A table laid out for a width: its head, its rule, a line per row, and the lines that say what was abbreviated or left out. */
export interface FittedTable { head: string; rule: string; rows: string[]; notes: string[] }

/** A table that fits `width` (see fitTable), as lines: the notes after the rows. */
export function table(columns: Column[], rows: string[][], width: number): string[] {
  const t = fitTable(columns, rows, width);
  return [t.head, t.rule, ...t.rows, ...t.notes];
}

/**
 * A table that fits `width`: the short heads first (a legend line says what they stand for), then
 * columns dropped by their `drop` rank (a line names them and the width that shows them), then
 * names shortened, each only as far as keeps the rows apart.
 */
export function fitTable(columns: Column[], rows: string[][], width: number): FittedTable {
  const full = columns.map((c) => c.head);
  const over = (heads: string[]) => naturalWidth(heads, rows) > width;
  const abbreviated = over(full) && columns.some((c) => c.short);
  const heads = abbreviated ? columns.map((c) => c.short ?? c.head) : full;
  const fitted = fitColumns(columns.map((c, i) => ({ ...c, head: heads[i]! })), rows, width);
  const notes: string[] = [];
  const kept = new Set(fitted.keep);
  if (abbreviated) {
    const legend = columns.filter((c, i) => kept.has(i) && c.short && c.short !== c.head).map((c) => `${c.short}: ${c.head}`);
    if (legend.length) notes.push(...wrap(legend.join('; '), width, '  '));
  }
  const dropped = columns.filter((_, i) => !kept.has(i)).map((c) => c.head);
  if (dropped.length) {
    const need = Math.min(naturalWidth(full, rows), naturalWidth(heads, rows));
    notes.push(...wrap(`not shown at ${width} columns: ${dropped.join(', ')} (--width ${need} shows ${dropped.length === 1 ? 'it' : 'them'})`, width, '  '));
  }
  return { head: fitted.lines[0]!, rule: fitted.lines[1]!, rows: fitted.lines.slice(2), notes };
}

/** The width of a table with every column whole. */
function naturalWidth(heads: string[], rows: string[][]): number {
  let n = 2 * (heads.length - 1);
  heads.forEach((h, i) => {
    let w = visible(h);
    for (const r of rows) w = Math.max(w, visible(r[i] ?? ''));
    n += w;
  });
  return n;
}

/**
 * `names` shortened to at most `w` characters each, keeping them apart: a part common to them all
 * goes first (`orks/boyz`, `orks/nobz` -> `boyz`, `nobz`), then a roster's name before `/` where
 * the rest still tells them apart, then each name is cut at its end, or in its middle where the
 * ends would make two names one. A name that is alone in its column is cut at its end.
 */
export function shortenNames(names: string[], w: number): string[] {
  const plainNames = names.map((s) => s.replace(ANSI, ''));
  const distinct = new Set(plainNames);
  const apart = (out: string[]) => new Set(out).size === distinct.size;
  const fits = (out: string[]) => out.every((s) => visible(s) <= w);
  const tries: string[][] = [plainNames];
  // the common part at the start, up to a break between words
  const prefix = commonPrefix([...distinct]);
  const cut = Math.max(prefix.lastIndexOf('/'), prefix.lastIndexOf(' '), prefix.lastIndexOf('-')) + 1;
  if (distinct.size > 1 && cut > 0) tries.push(plainNames.map((s) => s.slice(cut)));
  tries.push(tries.at(-1)!.map((s) => s.slice(s.indexOf('/') + 1)));
  for (const t of tries) if (apart(t) && fits(t)) return t;
  const base = tries.filter(apart).at(-1) ?? plainNames;
  const end = base.map((s) => clip(s, w));
  if (apart(end)) return end;
  // the start and the end of each name, the middle cut
  const middle = base.map((s) => {
    const chars = Array.from(s);
    if (chars.length <= w) return s;
    const tail = Math.ceil((w - 1) / 2);
    return `${chars.slice(0, w - 1 - tail).join('')}…${chars.slice(chars.length - tail).join('')}`;
  });
  return apart(middle) ? middle : end;
}

function clip(s: string, w: number): string {
  const chars = Array.from(s);
  return chars.length <= w ? s : `${chars.slice(0, Math.max(0, w - 1)).join('')}…`;
}

function commonPrefix(names: string[]): string {
  if (names.length === 0) return '';
  let p = names[0]!;
  for (const s of names) while (!s.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/** A table that fits `width`: names shortened, then columns dropped by their `drop` rank. */
function fitColumns(columns: Column[], rows: string[][], width: number): { lines: string[]; keep: number[] } {
  let keep = columns.map((_, i) => i);
  const widthOf = (idx: number[], cap: Map<number, number>) => idx.reduce((n, i) => n + colWidth(i, cap), 0) + 2 * (idx.length - 1);
  // each column's widest cell, measured once (measured per cell, a batch of 729 rows spent 0.15 s on it)
  const natural = columns.map((c, i) => {
    let w = visible(c.head);
    for (let r = 0; r < rows.length; r++) w = Math.max(w, visible(rows[r]![i] ?? ''));
    return w;
  });
  const colWidth = (i: number, cap: Map<number, number>) => Math.min(natural[i]!, cap.get(i) ?? Infinity);
  // names are shortened (down to 8 characters) before a column is dropped
  const shrinkTo = (kept: number[]) => {
    const cap = new Map<number, number>();
    const shrinkable = kept.filter((i) => columns[i]!.shrink);
    while (widthOf(kept, cap) > width && shrinkable.length > 0) {
      // shorten the widest shrinkable column by the excess, down to 8 characters
      const widest = shrinkable.reduce((a, b) => (colWidth(b, cap) > colWidth(a, cap) ? b : a));
      const over = widthOf(kept, cap) - width;
      const next = Math.max(8, colWidth(widest, cap) - over);
      if (next === colWidth(widest, cap)) break;
      cap.set(widest, next);
    }
    return cap;
  };
  let cap = shrinkTo(keep);
  const droppable = keep.filter((i) => columns[i]!.drop !== undefined).sort((a, b) => columns[b]!.drop! - columns[a]!.drop!);
  while (widthOf(keep, cap) > width && droppable.length > 0) {
    const gone = droppable.shift()!;
    keep = keep.filter((i) => i !== gone);
    cap = shrinkTo(keep);
  }
  const fit = (s: string, w: number) => (visible(s) <= w ? s : `${Array.from(s.replace(ANSI, '')).slice(0, w - 1).join('')}…`);
  // a shortened column's names, shortened together so that they stay apart
  const short = new Map<number, Map<string, string>>();
  for (const [i, w] of cap) {
    const names = rows.map((r) => r[i] ?? '');
    const out = shortenNames(names, w);
    short.set(i, new Map(names.map((n, k) => [n, out[k]!])));
    // a column whose names lost a common part needs less room than it was given
    cap.set(i, Math.min(w, Math.max(visible(columns[i]!.head), ...out.map(visible))));
  }
  const cell = (s: string, i: number) => {
    const w = colWidth(i, cap);
    const t = fit(short.get(i)?.get(s) ?? s, w);
    const pad = ' '.repeat(Math.max(0, w - visible(t)));
    return columns[i]!.left ? t + pad : pad + t;
  };
  const line = (r: string[]) => keep.map((i) => cell(r[i] ?? '', i)).join('  ').trimEnd();
  return { lines: [line(columns.map((c) => c.head)), keep.map((i) => '-'.repeat(colWidth(i, cap))).join('  '), ...rows.map(line)], keep };
}
