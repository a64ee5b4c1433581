import type { ReadonlyList } from "../../core/chunked-list.js";
import { RowList } from "../../core/row-list.js";
import { TxRow } from "./rows.js";
import type { TransactionTable } from "./table.js";
import type { Transaction } from "./transaction.js";

/**
 * An append-only list of a world's payments (a client's payments of one type, a batch's members):
 * their rows (core/row-list.ts, 4 bytes each), read back as views of the table. A list of
 * references took 8 bytes a payment and kept each payment's object alive.
 */
export class PaymentList implements ReadonlyList<Transaction> {
  readonly #rows = new RowList();

  constructor(private readonly table: TransactionTable) {}

  get length(): number {
    return this.#rows.length;
  }

  push(t: Transaction): void {
    this.#rows.push(TxRow.rowOf(t));
  }

  /** The payment at `index` (0 to length - 1), else undefined. */
  at(index: number): Transaction | undefined {
    const row = this.#rows.at(index);
    return row === undefined ? undefined : this.table.at(row);
  }

  *[Symbol.iterator](): Iterator<Transaction> {
    for (const row of this.#rows) yield this.table.at(row);
  }
}
