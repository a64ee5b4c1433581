import { highHalf, joinHalves, lowHalf } from "../../core/digits.js";

/**
 * Typed columns for a table of records (transactions/table.ts): one slot per row, grown by doubling
 * as rows come. A column of numbers takes 4 or 8 bytes a row and no object; what does not fit its
 * column (a rare value) is kept whole in a sparse map beside it.
 */

/** A typed array of `capacity` with the contents of `a`. */
export function grown<A extends Float64Array | Int32Array | Uint8Array>(a: A, capacity: number): A {
  const b = new (a.constructor as new (n: number) => A)(capacity);
  b.set(a);
  return b;
}

/** The capacity for row `row` of a column now `length` long. */
export const capacityFor = (row: number, length: number) => Math.max(row + 1, length * 2);

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
  #high = new Int32Array(16);
  #low = new Int32Array(16);
  readonly #whole = new Map<number, string>();

  constructor(
    readonly n: number,
    readonly split: number,
  ) {}

  set(row: number, s: string | null): void {
    if (row >= this.#high.length) {
      const c = capacityFor(row, this.#high.length);
      this.#high = grown(this.#high, c);
      this.#low = grown(this.#low, c);
    }
    this.#whole.delete(row);
    const low = lowHalf(s, this.n, this.split);
    const high = highHalf(s, low, this.split);
    if (typeof high === "number") {
      this.#high[row] = high;
      this.#low[row] = low;
    } else if (high === null) this.#high[row] = NULL;
    else {
      this.#high[row] = WHOLE;
      this.#whole.set(row, high);
    }
  }

  get(row: number): string | null {
    const high = this.#high[row]!;
    if (high === NULL) return null;
    if (high === WHOLE) return this.#whole.get(row)!;
    return joinHalves(high, this.#low[row]!, this.n, this.split);
  }
}
