// A list the engine refills run after run. An array cut to length 0 gives its storage back in
// V8, so the next push allocates anew: these keep their array and a count instead.
export class Slots<T> {
  readonly items: T[] = [];
  n = 0;
  clear(): void {
    this.n = 0;
  }
  push(x: T): void {
    this.items[this.n++] = x;
  }
  at(i: number): T {
    return this.items[i]!;
  }
  includes(x: T): boolean {
    for (let i = 0; i < this.n; i++) if (this.items[i] === x) return true;
    return false;
  }
  /** a copy of the items, for the log */
  list(): T[] {
    return this.items.slice(0, this.n);
  }
}
