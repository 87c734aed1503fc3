// States of a combat saved as numbers (engine/snapshot.ts), numbered once each: equal states
// get one number. The states are kept one after another in large typed arrays (32-bit integers,
// the numbers a state holds, until one is not: then 64-bit floats) and found through an
// open-addressing table of their hashes and numbers, so a state costs no object of its own
// (the graph of the later phases holds tens of thousands: an array and an object each made a
// tenth of `exact`'s time go to the garbage collector), and the arrays are never copied to grow.

/**
 * A hash of the first `n` numbers of a state (equal states, equal hashes). Four lanes, each the
 * numbers one in four, so that the multiplications of one do not wait for the other's: a state's
 * hash is taken on every path `exact` fights, over its hundred-odd numbers.
 */
export function hashOf(d: ArrayLike<number>, n: number): number {
  let a = 0x811c9dc5 ^ n;
  let b = 0x01000193;
  let c = 0x2545f491;
  let e = 0x6b43a9b5;
  let i = 0;
  for (const m = n - 3; i < m; i += 4) {
    a = Math.imul(a ^ (d[i]! | 0), 0x01000193);
    b = Math.imul(b ^ (d[i + 1]! | 0), 0x01000193);
    c = Math.imul(c ^ (d[i + 2]! | 0), 0x01000193);
    e = Math.imul(e ^ (d[i + 3]! | 0), 0x01000193);
  }
  for (; i < n; i++) a = Math.imul(a ^ (d[i]! | 0), 0x01000193);
  let h = Math.imul(a ^ (b >>> 15), 0x85ebca6b) ^ Math.imul(c ^ (e >>> 15), 0xc2b2ae35);
  h = Math.imul(h ^ b ^ (e << 7), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 13)) & 0x3fffffff;
}

/** the numbers in one array of states (a state never spans two) */
const CHUNK_BITS = 18;
const CHUNK = 1 << CHUNK_BITS;
const IN_CHUNK = CHUNK - 1;

type Chunk = Int32Array | Float64Array;

export class StateTable {
  /** how many states it holds, numbered 0 to size - 1 in the order they were added */
  size = 0;
  /** whether the last `add` added a new state */
  added = false;
  /** the arrays of states: state i is at[i] to at[i] + length (positions counted across the arrays) */
  private chunks: Chunk[] = [new Int32Array(256)];
  /** whether a number that is not a 32-bit integer came, and the arrays hold floats */
  private wide = false;
  private at = new Int32Array(16);
  private lengths = new Int32Array(16);
  /** where the next state goes */
  private end = 0;
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
    if (id === this.at.length) {
      this.at = grown(this.at, 2 * id);
      this.lengths = grown(this.lengths, 2 * id);
    }
    this.at[id] = this.store(d, n);
    this.lengths[id] = n;
    // at most half the slots full
    if (4 * this.size > slots.length) this.rehash();
    this.place(id, h);
    this.added = true;
    return id;
  }

  /** state `id` copied into `into` (nothing allocated once it has grown); its length */
  copy(id: number, into: number[]): number {
    const at = this.at[id]!;
    const chunk = this.chunks[at >>> CHUNK_BITS]!;
    const from = at & IN_CHUNK;
    const n = this.lengths[id]!;
    for (let i = 0; i < n; i++) into[i] = chunk[from + i]!;
    return n;
  }

  /** the array that holds state `id` (from `start(id)`, `length(id)` numbers: no view made) */
  array(id: number): Int32Array | Float64Array {
    return this.chunks[this.at[id]! >>> CHUNK_BITS]!;
  }

  /** where state `id` begins in `array(id)` */
  start(id: number): number {
    return this.at[id]! & IN_CHUNK;
  }

  /** how many numbers state `id` has */
  length(id: number): number {
    return this.lengths[id]!;
  }

  /** state `id`, as a view of the array that holds it */
  view(id: number): Int32Array | Float64Array {
    const at = this.at[id]!;
    const from = at & IN_CHUNK;
    return this.chunks[at >>> CHUNK_BITS]!.subarray(from, from + this.lengths[id]!);
  }

  /** `d[0..n)` copied to the end of the arrays; where */
  private store(d: ArrayLike<number>, n: number): number {
    for (let i = 0; i < n && !this.wide; i++) if ((d[i]! | 0) !== d[i]) this.widen();
    let at = this.end;
    let c = at >>> CHUNK_BITS;
    let from = at & IN_CHUNK;
    if (from + n > CHUNK) {
      // the next array (or arrays, for a state longer than one)
      c++;
      from = 0;
      at = c * CHUNK;
    }
    let chunk = this.chunks[c];
    const need = Math.max(from + n, CHUNK);
    if (!chunk || chunk.length < from + n) {
      // a chunk grows to its full size at once when it is not the first
      const size = c === 0 && n <= CHUNK ? Math.min(CHUNK, Math.max(2 * (chunk?.length ?? 0), from + n)) : need;
      const next: Chunk = this.wide ? new Float64Array(size) : new Int32Array(size);
      if (chunk) next.set(chunk);
      this.chunks[c] = chunk = next;
    }
    for (let i = 0; i < n; i++) chunk[from + i] = d[i]!;
    this.end = at + n;
    return at;
  }

  /** the arrays made to hold floats (a number came that is not a 32-bit integer) */
  private widen(): void {
    this.wide = true;
    this.chunks = this.chunks.map((c) => Float64Array.from(c));
  }

  private same(id: number, d: ArrayLike<number>, n: number): boolean {
    if (this.lengths[id] !== n) return false;
    const at = this.at[id]!;
    const from = at & IN_CHUNK;
    // one loop for each kind of array, so that each reads one kind
    if (this.wide) {
      const chunk = this.chunks[at >>> CHUNK_BITS] as Float64Array;
      for (let i = 0; i < n; i++) if (chunk[from + i] !== d[i]) return false;
    } else {
      const chunk = this.chunks[at >>> CHUNK_BITS] as Int32Array;
      for (let i = 0; i < n; i++) if (chunk[from + i] !== d[i]) return false;
    }
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

/** `a` copied into a new array of `n` (its first `n` numbers, when shorter) */
export function grown<T extends Int32Array | Float64Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set((a.length <= n ? a : a.subarray(0, n)) as never);
  return b;
}
