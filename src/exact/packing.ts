// The states `exact` keeps, packed: four numbers to a word where every number of a state lies
// in -128..127 (counts, flags, positions, the indices of units and classes: nearly every state),
// else kept as they are. Every path's state is hashed, found and, when new, stored: a quarter of
// the numbers to hash, compare and hold. A state always packs the same way, so equal states are
// equal packed, and two states that differ differ packed (the first number says which way).

/** A state packed: [n, then ceil(n / 4) words of four bytes] or [-1, then the n numbers]. */
export class Packer {
  /** the last state packed (reused: it grows, never shrinks) */
  out = new Float64Array(64);

  /** `d[0..n)` packed into `out`; how many numbers */
  pack(d: number[], n: number): number {
    if (this.out.length < n + 1) this.out = new Float64Array(2 * (n + 1));
    const out = this.out;
    out[0] = n;
    // four numbers at a time, then the last few
    let i = 0;
    let w = 1;
    for (const whole = n - 3; i < whole; i += 4) {
      const a = d[i]!;
      const b = d[i + 1]!;
      const c = d[i + 2]!;
      const e = d[i + 3]!;
      if ((a << 24) >> 24 !== a || (b << 24) >> 24 !== b || (c << 24) >> 24 !== c || (e << 24) >> 24 !== e) return this.raw(d, n);
      out[w++] = (a & 255) | ((b & 255) << 8) | ((c & 255) << 16) | (e << 24);
    }
    if (i < n) {
      let word = 0;
      for (let k = 0; i < n; i++, k += 8) {
        const v = d[i]!;
        if ((v << 24) >> 24 !== v) return this.raw(d, n);
        word |= (v & 255) << k;
      }
      out[w++] = word;
    }
    return w;
  }

  /** `d[0..n)` kept as it is: a number outside a byte, or not a whole number */
  private raw(d: number[], n: number): number {
    const out = this.out;
    out[0] = -1;
    for (let i = 0; i < n; i++) out[i + 1] = d[i]!;
    return n + 1;
  }
}

/** The state packed in `p[from..to)` unpacked into `into`; how many numbers. */
export function unpack(p: Int32Array | Float64Array, from: number, to: number, into: number[]): number {
  const n = p[from]!;
  if (n < 0) {
    for (let i = from + 1; i < to; i++) into[i - from - 1] = p[i]!;
    return to - from - 1;
  }
  let i = 0;
  for (let w = from + 1; w < to; w++) {
    const word = p[w]!;
    into[i++] = (word << 24) >> 24;
    into[i++] = (word << 16) >> 24;
    into[i++] = (word << 8) >> 24;
    into[i++] = word >> 24;
  }
  return n;
}
