/** Ids per map: a map holding this many is full at its capacity (no unused slots) and never grows again. */
const GENERATION = 1 << 16;

/**
 * A world's records by id where ids are only added, never removed or given again (payments, payment
 * tokens): one Map per 65,536 ids, each left alone once full, the newest looked in first. A single
 * Map doubles its table when full, and the table it leaves behind is a large object that only a full
 * collection frees, so a world of 250,000 payments held 22 MB in its two maps at its peak, 14.7 MB
 * of it live (`--trace-gc-verbose`, large-object space), about 90 bytes a payment; a full map keeps
 * 28 bytes an id. A look-up costs one Map probe per 65,536 ids older than the one found (a miss is a
 * hash compare: about 20 ns each).
 */
export class IdIndex<V> {
  readonly #full: Map<string, V>[] = [];
  #current = new Map<string, V>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  get(id: string): V | undefined {
    const v = this.#current.get(id);
    if (v !== undefined) return v;
    for (let i = this.#full.length - 1; i >= 0; i--) {
      const old = this.#full[i]!.get(id);
      if (old !== undefined) return old;
    }
    return undefined;
  }

  /** Adds a record under a new id (ids are made fresh for each record: one already held is a bug). */
  set(id: string, value: V): void {
    if (this.#current.size === GENERATION) {
      this.#full.push(this.#current);
      this.#current = new Map();
    }
    this.#current.set(id, value);
    this.#size++;
  }

  /** Every record, in the order added. */
  *values(): IterableIterator<V> {
    for (const m of this.#full) yield* m.values();
    yield* this.#current.values();
  }
}
