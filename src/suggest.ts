// "Did you mean ...?" for near-miss names.

/** Edits between `a` and `b`: insertions, deletions, substitutions and swaps of neighbours (optimal string alignment). */
export function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/** The known name closest to `name`, if it is close enough to be a likely typo. */
export function closest(name: string, known: Iterable<string>): string | null {
  // one edit per four characters (at least one): 'runz' is 'runs', 'turns' is not
  const limit = Math.max(1, Math.floor(name.length / 4));
  if (name.length > 100) return null; // no name of ours is that long: nothing is close
  let best: string | null = null;
  let bestD = Infinity;
  const lower = name.toLowerCase();
  for (const k of known) {
    if (Math.abs(k.length - name.length) > limit) continue;
    const d = distance(lower, k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best !== null && bestD <= limit ? best : null;
}

export function didYouMean(name: string, known: Iterable<string>): string {
  const c = closest(name, known);
  return c ? `; did you mean '${c}'?` : '';
}

/** The names to offer for a name that is not one of them: the closest, or else the first `most` of them (and how many more). */
export function offerNames(name: string, known: readonly string[], what: string, most = 12): string {
  const near = didYouMean(name, known);
  if (near || known.length === 0) return near;
  const more = known.length > most ? `, and ${known.length - most} more` : '';
  return `; its ${what}: ${known.slice(0, most).join(', ')}${more}`;
}
