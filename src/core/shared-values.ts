/**
 * A world's table of frozen values that many records share (the vault's cards, the card part of
 * payment views): a suite pays with a few test cards again and again, so one object serves
 * thousands of payments. A value is found by a cheap bucket key (a card number) and an equality
 * test, the last one found first: a key string made of every field (`JSON.stringify`) cost about
 * 2 µs of each card sale, per table. Holds at most `limit` values; past them callers keep their own.
 */
export class SharedValues<T extends object> {
  readonly #buckets = new Map<string, T[]>();
  #size = 0;
  #last: T | undefined;

  constructor(
    /** Whether two values are interchangeable: every field a holder reads, the bucket's included. */
    private readonly same: (a: T, b: T) => boolean,
    private readonly limit: number,
  ) {}

  get size(): number {
    return this.#size;
  }

  /** Whether {@link add} would keep one more value (past the limit a holder's value is its own). */
  get hasRoom(): boolean {
    return this.#size < this.limit;
  }

  /** The kept value equal to `v` (`key` being `v`'s bucket), or undefined. */
  find(key: string, v: T): T | undefined {
    const last = this.#last;
    if (last !== undefined && this.same(last, v)) return last;
    const bucket = this.#buckets.get(key);
    if (bucket === undefined) return undefined;
    for (const kept of bucket) {
      if (this.same(kept, v)) return (this.#last = kept);
    }
    return undefined;
  }

  /** Keeps `v` (already frozen: holders must not change it) while there is room. */
  add(key: string, v: T): void {
    if (this.#size >= this.limit) return;
    const bucket = this.#buckets.get(key);
    if (bucket === undefined) this.#buckets.set(key, [v]);
    else bucket.push(v);
    this.#size++;
    this.#last = v;
  }
}
