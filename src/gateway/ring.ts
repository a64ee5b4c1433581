/**
 * A queue bounded in items and in bytes (each item's cost given on push), oldest dropped first: the
 * journal's storage. Spent slots before `#start` are compacted now and then (no shift per push).
 */
export class BoundedRing<T> {
  #items: (T | undefined)[] = [];
  /** Each item's counted bytes, aligned with `#items`. */
  #costs: number[] = [];
  #start = 0;
  #bytes = 0;

  /** `onDrop`: called as each item leaves, oldest first (not on {@link clear}). */
  constructor(
    readonly bounds: { entries: number; bytes: number },
    private readonly onDrop?: () => void,
  ) {}

  get size(): number {
    return this.#items.length - this.#start;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /**
   * Drops the oldest items until `item` fits, then keeps it. An item larger than the whole byte
   * bound is still kept alone (the newest is always there); a bound of 0 items keeps none.
   * Returns whether it was kept.
   */
  push(item: T, cost: number): boolean {
    while (this.size > 0 && (this.size >= this.bounds.entries || this.#bytes + cost > this.bounds.bytes)) this.#dropOldest();
    if (this.bounds.entries <= 0) return false;
    this.#items.push(item);
    this.#costs.push(cost);
    this.#bytes += cost;
    return true;
  }

  /** The item `offset` places after the oldest. */
  at(offset: number): T | undefined {
    return offset >= 0 && offset < this.size ? this.#items[this.#start + offset] : undefined;
  }

  *[Symbol.iterator](): Generator<T> {
    for (let i = this.#start; i < this.#items.length; i++) yield this.#items[i]!;
  }

  clear(): void {
    this.#items = [];
    this.#costs = [];
    this.#start = 0;
    this.#bytes = 0;
  }

  #dropOldest(): void {
    this.#bytes -= this.#costs[this.#start];
    this.#items[this.#start] = undefined;
    this.#start++;
    this.onDrop?.();
    // Compacted once the spent slots are half the array: amortized O(1) per item.
    if (this.#start >= 1024 && this.#start * 2 >= this.#items.length) {
      this.#items = this.#items.slice(this.#start);
      this.#costs = this.#costs.slice(this.#start);
      this.#start = 0;
    }
  }
}
