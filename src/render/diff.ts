// Two texts compared line by line, for `check`'s golden logs: a unified diff (as `diff -u` writes
// one), `-` for the expected log's lines, `+` for the fight's, with a few lines of context.

/** The most lines of the part that differs compared line by line; past it, it is shown replaced whole. */
const MAX_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string; a: number; b: number };

/** The edit from `a` to `b`, line by line: common lines, lines only in `a` (-), lines only in `b` (+). */
function edits(a: readonly string[], b: readonly string[]): Op[] {
  // the common start and end, then the longest common subsequence of what lies between
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) endA--, endB--;
  const n = endA - start;
  const m = endB - start;
  const ops: Op[] = [];
  for (let k = 0; k < start; k++) ops.push({ kind: ' ', line: a[k]!, a: k, b: k });
  if (n * m > MAX_CELLS) {
    for (let k = start; k < endA; k++) ops.push({ kind: '-', line: a[k]!, a: k, b: start });
    for (let k = start; k < endB; k++) ops.push({ kind: '+', line: b[k]!, a: endA, b: k });
  } else {
    // lcs[i][j]: the longest common subsequence of a[start+i..endA) and b[start+j..endB)
    const lcs = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i]![j] = a[start + i] === b[start + j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) ops.push({ kind: ' ', line: a[start + i]!, a: start + i++, b: start + j++ });
      // what was expected before what came instead, as `diff -u` shows it
      else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) ops.push({ kind: '-', line: a[start + i]!, a: start + i++, b: start + j });
      else ops.push({ kind: '+', line: b[start + j]!, a: start + i, b: start + j++ });
    }
  }
  for (let k = 0; k < a.length - endA; k++) ops.push({ kind: ' ', line: a[endA + k]!, a: endA + k, b: endB + k });
  return ops;
}

/**
 * A unified diff of `expected` against `actual`: the labels, then each run of changes with
 * `context` lines around it, at most `max` lines of changes in all (the rest counted).
 */
export function lineDiff(expected: string, actual: string, labels: { expected: string; actual: string } = { expected: 'expected', actual: 'actual' }, context = 3, max = 40): string {
  const ops = edits(expected.split('\n'), actual.split('\n'));
  const out = [`--- ${labels.expected}`, `+++ ${labels.actual}`];
  let shown = 0;
  let changes = 0;
  for (let k = 0; k < ops.length; ) {
    if (ops[k]!.kind === ' ') {
      k++;
      continue;
    }
    // a hunk: from `context` lines before this change to `context` lines after the last change
    // that lies within 2 * context of the one before it
    const from = Math.max(0, k - context);
    let to = k;
    for (let j = k; j < ops.length && j <= to + 2 * context; j++) if (ops[j]!.kind !== ' ') to = j;
    const end = Math.min(ops.length, to + context + 1);
    const hunk = ops.slice(from, end);
    const aLines = hunk.filter((o) => o.kind !== '+').length;
    const bLines = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${ops[from]!.a + 1},${aLines} +${ops[from]!.b + 1},${bLines} @@`);
    for (const o of hunk) {
      if (o.kind !== ' ') changes++;
      if (o.kind !== ' ' && shown >= max) continue;
      if (o.kind !== ' ') shown++;
      out.push(`${o.kind}${o.line}`);
    }
    k = end;
  }
  if (changes > shown) out.push(`... and ${changes - shown} more changed lines`);
  return out.join('\n');
}
