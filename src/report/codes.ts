// Outcome codes (whole numbers below 2^53, sim/kernel/kernel.ts) to outcome numbers: an
// open-addressing table over typed arrays. A Map keyed by numbers past 2^31 boxes each key it
// is asked for (a heap number per run), and with thousands of outcomes that was an eighth of
// the time of a fight to resolution.

const EMPTY = -1;

export class CodeTable {
  // small at first: a batch makes one per row, and a row of a thousand runs ends in a few hundred ways
  private keys = new Float64Array(64).fill(EMPTY);
  private values = new Int32Array(64);
  private size = 0;

  private static slot(code: number, mask: number): number {
    const lo = code >>> 0;
    const hi = (code / 4294967296) >>> 0;
    let h = Math.imul(lo ^ Math.imul(hi, 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    return h & mask;
  }

  /** The number of `code`, or -1 if it has none. */
  get(code: number): number {
    const { keys } = this;
    const mask = keys.length - 1;
    for (let i = CodeTable.slot(code, mask); ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === code) return this.values[i]!;
      if (k === EMPTY) return -1;
    }
  }

  /** `code` (not in the table) has number `value`. */
  set(code: number, value: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const { keys } = this;
    const mask = keys.length - 1;
    let i = CodeTable.slot(code, mask);
    while (keys[i] !== EMPTY) i = (i + 1) & mask;
    keys[i] = code;
    this.values[i] = value;
    this.size++;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Float64Array(keys.length * 2).fill(EMPTY);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== EMPTY) this.set(keys[i]!, values[i]!);
  }
}
