// States of a combat saved as numbers (engine/snapshot.ts), each with the probability that
// reaches it: equal states are merged into one, their probabilities summed.

/** A state with its probability (and what is known of it); `next`: another state with the same hash */
export interface Held<T> { data: number[]; p: number; value: T | null; next: Held<T> | null }

/** A hash of the first `n` numbers of a state (equal states, equal hashes). */
function hashOf(d: readonly number[], n: number): number {
  let h1 = 0x811c9dc5 ^ n;
  let h2 = 0x5bd1e995;
  for (let i = 0; i < n; i++) {
    const v = d[i]! | 0;
    h1 = Math.imul(h1 ^ v, 0x01000193);
    h2 = Math.imul(h2 ^ v, 0x85ebca6b) ^ (h2 >>> 13);
  }
  // a small integer key is the fastest a Map has (equal hashes are compared number by number)
  return (h1 ^ (h2 >>> 7)) & 0x3fffffff;
}

function same(a: readonly number[], b: readonly number[], n: number): boolean {
  if (a.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** States merged when equal, by hash then number by number. */
export class StateSet<T = never> {
  private readonly byHash = new Map<number, Held<T>>();
  size = 0;

  /** Add probability `p` to the state `d[0..n)` (copied when it is new); its entry. */
  add(d: readonly number[], n: number, p: number): Held<T> {
    const h = hashOf(d, n);
    const first = this.byHash.get(h) ?? null;
    for (let w = first; w; w = w.next) {
      if (same(w.data, d, n)) {
        w.p += p;
        return w;
      }
    }
    const w: Held<T> = { data: d.slice(0, n), p, value: null, next: first };
    this.byHash.set(h, w);
    this.size++;
    return w;
  }

  /** The entry of the state `d[0..n)`, if any. */
  get(d: readonly number[], n: number): Held<T> | null {
    for (let w = this.byHash.get(hashOf(d, n)) ?? null; w; w = w.next) if (same(w.data, d, n)) return w;
    return null;
  }

  /** every state held, in the order they were first added per hash */
  forEach(f: (w: Held<T>) => void): void {
    for (const first of this.byHash.values()) for (let w: Held<T> | null = first; w; w = w.next) f(w);
  }
}
