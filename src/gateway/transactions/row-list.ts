import type { ReadonlyList } from "../../core/chunked-list.js";
import { TxRow } from "./rows.js";
import type { TransactionTable } from "./table.js";
import type { Transaction } from "./transaction.js";

/**
 * An append-only list of a world's payments (a client's payments of one type, a batch's members):
 * their rows, 4 bytes each, in one typed array grown by doubling, read back as views of the table.
 * A list of references took 8 bytes a payment and kept each payment's object alive.
 */
export class RowList implements ReadonlyList<Transaction> {
  #rows = new Int32Array(4);
  #length = 0;

  constructor(private readonly table: TransactionTable) {}

  get length(): number {
    return this.#length;
  }

  push(t: Transaction): void {
    const n = this.#length;
    if (n === this.#rows.length) {
      const rows = new Int32Array(n * 2);
      rows.set(this.#rows);
      this.#rows = rows;
    }
    this.#rows[n] = TxRow.rowOf(t);
    this.#length = n + 1;
  }

  /** The payment at `index` (0 to length - 1), else undefined. */
  at(index: number): Transaction | undefined {
    if (index < 0 || index >= this.#length) return undefined;
    return this.table.at(this.#rows[index]!);
  }

  *[Symbol.iterator](): Iterator<Transaction> {
    for (let i = 0; i < this.#length; i++) yield this.table.at(this.#rows[i]!);
  }
}
