// Items waiting by cursor (where a combat is in its procedure): taken smallest cursor first,
// all the items of one cursor together. A binary heap keeps the cursors, so taking the next
// costs log(cursors), not a scan of them all.

export class CursorQueue<T> {
  private readonly heap: number[] = [];
  private readonly byCursor = new Map<number, T>();

  get size(): number {
    return this.heap.length;
  }

  /** the item of cursor `at`, made by `make` if there is none yet */
  at(at: number, make: () => T): T {
    let item = this.byCursor.get(at);
    if (item === undefined) {
      item = make();
      this.byCursor.set(at, item);
      this.pushKey(at);
    }
    return item;
  }

  /** take the item of the smallest cursor */
  take(): T {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      // sift the last key down from the root
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= h.length) break;
        const r = l + 1;
        const m = r < h.length && h[r]! < h[l]! ? r : l;
        if (h[m]! >= last) break;
        h[i] = h[m]!;
        i = m;
      }
      h[i] = last;
    }
    const item = this.byCursor.get(top)!;
    this.byCursor.delete(top);
    return item;
  }

  private pushKey(k: number): void {
    const h = this.heap;
    let i = h.length;
    h.push(k);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]! <= k) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = k;
  }
}
