import type { ReadonlyList } from "./chunked-list.js";
import { i32Column } from "./columns.js";

/**
 * An append-only list of rows of a table kept as columns (a client's payments or tokens, a batch's
 * members): 4 bytes an entry in a column of int32 chunks (columns.ts), where a list of the records
 * took an 8-byte slot and kept each record alive. Its storage is off the garbage collector's heap,
 * so a list of a million rows is no large object for it to walk (chunked-list.ts); read by index
 * as a {@link ReadonlyList}.
 */
export class RowList implements ReadonlyList<number> {
  readonly #rows = i32Column();
  #length = 0;

  get length(): number {
    return this.#length;
  }

  push(row: number): void {
    this.#rows.set(this.#length++, row);
  }

  /** The row at `index` (0 to length - 1), else undefined. */
  at(index: number): number | undefined {
    return index >= 0 && index < this.#length ? this.#rows.get(index) : undefined;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let i = 0; i < this.#length; i++) yield this.#rows.get(i);
  }
}
