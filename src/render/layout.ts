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
  /** left-aligned (names) or right-aligned (figures) */
  left?: boolean;
  /** dropped first when the table is too wide: higher drops sooner; undefined: never dropped */
  drop?: number;
  /** may be shortened with an ellipsis when the table is still too wide */
  shrink?: boolean;
}

/** A table that fits `width`: columns dropped by their `drop` rank, then names shortened. */
export function table(columns: Column[], rows: string[][], width: number): string[] {
  let keep = columns.map((_, i) => i);
  const widthOf = (idx: number[], cap: Map<number, number>) => idx.reduce((n, i) => n + colWidth(i, cap), 0) + 2 * (idx.length - 1);
  // each column's widest cell, measured once (measured per cell, a batch of 729 rows spent 0.15 s on it)
  const natural = columns.map((c, i) => {
    let w = visible(c.head);
    for (let r = 0; r < rows.length; r++) w = Math.max(w, visible(rows[r]![i] ?? ''));
    return w;
  });
  const colWidth = (i: number, cap: Map<number, number>) => Math.min(natural[i]!, cap.get(i) ?? Infinity);
  const cap = new Map<number, number>();
  const droppable = keep.filter((i) => columns[i]!.drop !== undefined).sort((a, b) => columns[b]!.drop! - columns[a]!.drop!);
  while (widthOf(keep, cap) > width && droppable.length > 0) {
    const gone = droppable.shift()!;
    keep = keep.filter((i) => i !== gone);
  }
  const shrinkable = keep.filter((i) => columns[i]!.shrink);
  while (widthOf(keep, cap) > width && shrinkable.length > 0) {
    // shorten the widest shrinkable column by the excess, down to 8 characters
    const widest = shrinkable.reduce((a, b) => (colWidth(b, cap) > colWidth(a, cap) ? b : a));
    const over = widthOf(keep, cap) - width;
    const next = Math.max(8, colWidth(widest, cap) - over);
    if (next === colWidth(widest, cap)) break;
    cap.set(widest, next);
  }
  const fit = (s: string, w: number) => (visible(s) <= w ? s : `${Array.from(s.replace(ANSI, '')).slice(0, w - 1).join('')}…`);
  const cell = (s: string, i: number) => {
    const w = colWidth(i, cap);
    const t = fit(s, w);
    const pad = ' '.repeat(Math.max(0, w - visible(t)));
    return columns[i]!.left ? t + pad : pad + t;
  };
  const line = (r: string[]) => keep.map((i) => cell(r[i] ?? '', i)).join('  ').trimEnd();
  return [line(columns.map((c) => c.head)), keep.map((i) => '-'.repeat(colWidth(i, cap))).join('  '), ...rows.map(line)];
}
