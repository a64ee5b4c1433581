/** Slots per chunk: 32 KB of references, below V8's large-object size, so a chunk is an ordinary heap object. */
const SHIFT = 12;
const CHUNK = 1 << SHIFT;
const MASK = CHUNK - 1;

/** A list to read by index (a per-owner page reads arrays and chunked lists alike). */
export interface ReadonlyList<T> extends Iterable<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/**
 * An append-only list of a world's index (a client's payments, a batch's members, the tokens due to
 * expire at one instant) kept in chunks of 4,096 slots instead of one array. A plain array grows by
 * half again plus 16 when full and leaves its old backing store behind: past about 16,000 entries
 * that store is a large object that only a full collection frees, so a world of 250,000 payments
 * carried about 32 MB of such copies at its peak (`--trace-gc-verbose`, large-object space 67.6 MB
 * before a full collection, 35.7 MB after) besides the unused half of each array. Here the first
 * chunk grows as an array does (most lists stay small); every later chunk is made full size once.
 */
export class ChunkedList<T> implements ReadonlyList<T> {
  #chunks: T[][] = [];
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(item: T): void {
    const n = this.#length;
    if (n < CHUNK) {
      if (n === 0) this.#chunks.push([]);
      this.#chunks[0]!.push(item);
    } else {
      if ((n & MASK) === 0) this.#chunks.push(new Array<T>(CHUNK));
      this.#chunks[n >> SHIFT]![n & MASK] = item;
    }
    this.#length = n + 1;
  }

  /** The item at `index` (0 to length - 1), else undefined. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.#length) return undefined;
    return this.#chunks[index >> SHIFT]![index & MASK];
  }

  /** Replaces the item at `index` (0 to length - 1). */
  set(index: number, item: T): void {
    if (index < 0 || index >= this.#length) throw new RangeError(`index ${index} is outside a list of ${this.#length}`);
    this.#chunks[index >> SHIFT]![index & MASK] = item;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.#length; i++) yield this.#chunks[i >> SHIFT]![i & MASK]!;
  }
}
