// States of a combat saved as numbers (engine/snapshot.ts), numbered once each: equal states
// get one number. Every state is kept in one growing array and found through an open-addressing
// table of their hashes and numbers, so a state costs no object of its own (the graph of the
// later phases holds tens of thousands: an array and an object each made a tenth of `exact`'s
// time go to the garbage collector).

/** A hash of the first `n` numbers of a state (equal states, equal hashes). */
export function hashOf(d: ArrayLike<number>, n: number): number {
  let h1 = 0x811c9dc5 ^ n;
  let h2 = 0x5bd1e995;
  for (let i = 0; i < n; i++) {
    const v = d[i]! | 0;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ v, 0x85ebca6b) ^ (h2 >>> 13);
  }
  return (h1 ^ (h2 >>> 7)) & 0x3fffffff;
}

export class StateTable {
  /** how many states it holds, numbered 0 to size - 1 in the order they were added */
  size = 0;
  /** whether the last `add` added a new state */
  added = false;
  /** every state's numbers, one after another: state i is data[at[i]] to data[at[i + 1]] */
  private data = new Float64Array(256);
  private at = new Int32Array(17);
  /** the open-addressing table, two numbers a slot: a state's hash, and its number plus one (0: an empty slot) */
  private slots = new Int32Array(64);

  /** The number of the state `d[0..n)`, added (copied) when new. */
  add(d: ArrayLike<number>, n: number): number {
    const h = hashOf(d, n);
    const slots = this.slots;
    const mask = slots.length - 2;
    for (let s = (h << 1) & mask; ; s = (s + 2) & mask) {
      const held = slots[s + 1]!;
      if (held === 0) break;
      if (slots[s] === h && this.same(held - 1, d, n)) {
        this.added = false;
        return held - 1;
      }
    }
    const id = this.size++;
    if (id + 1 === this.at.length) this.at = grown(this.at, 2 * id + 1);
    const from = this.at[id]!;
    if (from + n > this.data.length) this.data = grown(this.data, Math.max(this.data.length * 2, from + n));
    const data = this.data;
    for (let i = 0; i < n; i++) data[from + i] = d[i]!;
    this.at[id + 1] = from + n;
    // at most half the slots full
    if (4 * this.size > slots.length) this.rehash();
    this.place(id, h);
    this.added = true;
    return id;
  }

  /** state `id`, as a view of the array that holds it (a view stays valid: the array is copied, never changed, when it grows) */
  view(id: number): Float64Array {
    return this.data.subarray(this.at[id]!, this.at[id + 1]!);
  }

  private same(id: number, d: ArrayLike<number>, n: number): boolean {
    const from = this.at[id]!;
    if (this.at[id + 1]! - from !== n) return false;
    const data = this.data;
    for (let i = 0; i < n; i++) if (data[from + i] !== d[i]) return false;
    return true;
  }

  private place(id: number, h: number): void {
    const slots = this.slots;
    const mask = slots.length - 2;
    let s = (h << 1) & mask;
    while (slots[s + 1] !== 0) s = (s + 2) & mask;
    slots[s] = h;
    slots[s + 1] = id + 1;
  }

  private rehash(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    for (let s = 0; s < old.length; s += 2) if (old[s + 1] !== 0) this.place(old[s + 1]! - 1, old[s]!);
  }
}

/** `a` copied into a longer array of `n` */
export function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}
