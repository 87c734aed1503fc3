// Two texts compared line by line, for `check`'s golden logs.

/** The first differing lines with a little context, `-` expected, `+` got. */
export function lineDiff(expected: string, actual: string, context = 2, max = 12): string {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const out: string[] = [`first difference at line ${i + 1}:`];
  for (let k = Math.max(0, i - context); k < i; k++) out.push(`  ${a[k]}`);
  for (let k = i; k < Math.min(a.length, i + max); k++) out.push(`- ${a[k]}`);
  for (let k = i; k < Math.min(b.length, i + max); k++) out.push(`+ ${b[k]}`);
  return out.join('\n');
}
