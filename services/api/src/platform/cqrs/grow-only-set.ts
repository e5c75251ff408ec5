/**
 * A set for a decider's state that only grows (the source events a stream has recorded, say), added to in O(1)
 * while staying a value: `add` returns a new set and never changes the one it was called on. Copying a Set on
 * every event made loading a stream of n such events O(n²) — a proposal with 3,000 workflow events took 150 ms to
 * load. The versions share one backing map of each value to the size at which it was added; a version sees the
 * values added before its size. Adding to the newest version extends the backing map; adding to an older one
 * (a fold branching, which the loads never do) copies what that version sees first.
 */
export class GrowOnlySet<T> {
  private constructor(
    private readonly backing: Map<T, number>,
    readonly size: number,
  ) {}

  static empty<T>(): GrowOnlySet<T> {
    return new GrowOnlySet<T>(new Map(), 0);
  }

  has(value: T): boolean {
    const index = this.backing.get(value);
    return index !== undefined && index < this.size;
  }

  add(value: T): GrowOnlySet<T> {
    if (this.has(value)) return this;
    if (this.backing.size === this.size) {
      this.backing.set(value, this.size);
      return new GrowOnlySet(this.backing, this.size + 1);
    }
    const copy = new Map<T, number>();
    for (const [v, i] of this.backing) if (i < this.size) copy.set(v, i);
    copy.set(value, this.size);
    return new GrowOnlySet(copy, this.size + 1);
  }

  values(): T[] {
    return [...this.backing].filter(([, i]) => i < this.size).map(([v]) => v);
  }
}
