// Outcome codes (whole numbers below 2^53, sim/kernel/kernel.ts) to outcome numbers: an
// open-addressing table over typed arrays. A Map keyed by numbers past 2^31 boxes each key it
// is asked for (a heap number per run), and with thousands of outcomes that was an eighth of
// the time of a fight to resolution. A code is passed in as its low and high 32 bits (`lo`,
// `hi`: `code | 0` and `(code / 2 ** 32) | 0`), small integers, since a number past 2^31 passed
// to a function that is not inlined is boxed too.

const EMPTY = -1;

export class CodeTable {
  // small at first: a batch makes one per row, and a row of a thousand runs ends in a few hundred ways
  private keys = new Float64Array(64).fill(EMPTY);
  private values = new Int32Array(64);
  private size = 0;

  private static slot(lo: number, hi: number, mask: number): number {
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    return h & mask;
  }

  /** The number of the code of low and high 32 bits `lo` and `hi`, or -1 if it has none. */
  get(lo: number, hi: number): number {
    const { keys } = this;
    const mask = keys.length - 1;
    const code = hi * 4294967296 + (lo >>> 0);
    for (let i = CodeTable.slot(lo, hi, mask); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === code) return this.values[i]!;
      if (k === EMPTY) return -1;
    }
  }

  /** The code of low and high 32 bits `lo` and `hi` (not in the table) has number `value`. */
  set(lo: number, hi: number, value: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const { keys } = this;
    const mask = keys.length - 1;
    let i = CodeTable.slot(lo, hi, mask);
    while (keys[i] !== EMPTY) i = (i + 1) & mask;
    keys[i] = hi * 4294967296 + (lo >>> 0);
    this.values[i] = value;
    this.size++;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) {
      const code = keys[i]!;
      if (code !== EMPTY) this.set(code | 0, (code / 4294967296) | 0, values[i]!);
    }
  }
}
