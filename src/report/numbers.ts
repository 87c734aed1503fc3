// Whole numbers with their thousands grouped (1,000,000), as toLocaleString('en') writes them,
// without it: the first toLocaleString of a process loads the locale data, 15-20 ms of every
// start-up when the command line's help text used it.

export function grouped(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  const head = s.length % 3 || 3;
  let out = s.slice(0, head);
  for (let i = head; i < s.length; i += 3) out += `,${s.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
