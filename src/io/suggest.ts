// "Did you mean ...?" for near-miss names.

export function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** The known name closest to `name`, if it is close enough to be a likely typo. */
export function closest(name: string, known: Iterable<string>): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  const lower = name.toLowerCase();
  for (const k of known) {
    const d = distance(lower, k.toLowerCase());
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  const limit = Math.max(2, Math.floor(name.length / 3));
  return best !== null && bestD <= limit ? best : null;
}

export function didYouMean(name: string, known: Iterable<string>): string {
  const c = closest(name, known);
  return c ? `; did you mean '${c}'?` : '';
}
