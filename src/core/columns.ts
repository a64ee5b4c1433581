import { highHalf, joinHalves, lowHalf } from "./digits.js";

/**
 * Typed columns for a table of records (transactions/table.ts, payment-tokens/table.ts): one slot
 * per row, in chunks made as rows come ({@link Column}). A column of numbers takes 4 or 8 bytes a
 * row and no object; what does not fit its column (a rare value) is kept whole in a sparse map
 * beside it.
 */

/** A typed array of `capacity` with the contents of `a`. */
function grown<A extends Float64Array | Int32Array | Uint8Array>(a: A, capacity: number): A {
  const b = new (a.constructor as new (n: number) => A)(capacity);
  b.set(a);
  return b;
}

/**
 * Values that many rows share (a client id, a batch id, a frozen outcome or card part), each kept
 * once in a list and referred to by its index: 4 bytes a row instead of an 8-byte reference, and
 * strings compared by value. -1 is null.
 */
export class Interned<T> {
  readonly #list: T[] = [];
  readonly #index = new Map<T, number>();

  indexOf(value: T | null): number {
    if (value === null) return -1;
    let i = this.#index.get(value);
    if (i === undefined) {
      i = this.#list.push(value) - 1;
      this.#index.set(value, i);
    }
    return i;
  }

  at(index: number): T | null {
    return index < 0 ? null : this.#list[index]!;
  }

  get size(): number {
    return this.#list.length;
  }
}

/** The high column's marks: no value, or a value kept whole. */
const NULL = -1;
const WHOLE = -2;

/**
 * A column of `n`-digit processor strings (authorization code, retrieval reference, network
 * transaction id), each kept as two integers split after `split` digits, leading zeros restored on
 * read; null, or a string of another form, kept apart.
 */
export class DigitsColumn {
  readonly #high = i32Column();
  readonly #low = i32Column();
  readonly #whole = new Map<number, string>();

  constructor(
    readonly n: number,
    readonly split: number,
  ) {}

  set(row: number, s: string | null): void {
    this.#whole.delete(row);
    const low = lowHalf(s, this.n, this.split);
    const high = highHalf(s, low, this.split);
    if (typeof high === "number") {
      this.#high.set(row, high);
      this.#low.set(row, low);
    } else if (high === null) this.#high.set(row, NULL);
    else {
      this.#high.set(row, WHOLE);
      this.#whole.set(row, high);
    }
  }

  get(row: number): string | null {
    const high = this.#high.get(row);
    if (high === NULL) return null;
    if (high === WHOLE) return this.#whole.get(row)!;
    return joinHalves(high, this.#low.get(row), this.n, this.split);
  }
}

/** Rows per chunk of a {@link Column}: 128 KB of 8-byte values, 64 KB of 4-byte ones. */
const CHUNK_SHIFT = 14;
const CHUNK = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK - 1;

type Typed = Float64Array | Int32Array | Uint8Array;

/**
 * A column of numbers in chunks of 16,384 rows, each a typed array made once and kept: a column
 * grown by doubling copies itself and leaves the old copy to the allocator, and past a few hundred
 * thousand rows those copies (megabytes each, freed only when a full collection finds them) stayed
 * in the process as freed but unreturned memory, more than the rows themselves. The first chunk
 * starts small and doubles up to a chunk's size, so a table of a few rows costs a few bytes.
 */
export class Column<A extends Typed = Typed> {
  readonly #chunks: A[];

  constructor(private readonly make: (n: number) => A) {
    this.#chunks = [make(16)];
  }

  get(row: number): number {
    return this.#chunks[row >>> CHUNK_SHIFT]![row & CHUNK_MASK]!;
  }

  /** Sets row `row` (rows are set first in order: a row past the last chunk's end makes room). */
  set(row: number, value: number): void {
    const c = row >>> CHUNK_SHIFT;
    let chunk = this.#chunks[c];
    if (chunk === undefined || (row & CHUNK_MASK) >= chunk.length) chunk = this.#room(row);
    chunk[row & CHUNK_MASK] = value;
  }

  #room(row: number): A {
    const c = row >>> CHUNK_SHIFT;
    const first = this.#chunks[0]!;
    if (c === 0) return (this.#chunks[0] = grown(first, Math.min(CHUNK, Math.max(row + 1, first.length * 2))));
    if (first.length < CHUNK) this.#chunks[0] = grown(first, CHUNK);
    while (this.#chunks.length <= c) this.#chunks.push(this.make(CHUNK));
    return this.#chunks[c]!;
  }
}

export const f64Column = () => new Column((n) => new Float64Array(n));
export const i32Column = () => new Column((n) => new Int32Array(n));
export const u8Column = () => new Column((n) => new Uint8Array(n));
