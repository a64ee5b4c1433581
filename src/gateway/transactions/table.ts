import { DigitsColumn, f64Column, i32Column, Interned, u8Column } from "../../core/columns.js";
import { IdColumn, IdTable } from "../../core/id-table.js";
import { SharedValues } from "../../core/shared-values.js";
import { sameSharedView, SHARED_VIEWS, type SharedCardView } from "./card-view.js";
import { NO_ROW, SELDOM_BIT, SETTLED_BIT, STATUS_INDEX, TxRow, WHOLE, type Outcome, type Seldom } from "./rows.js";
import type { MethodView, Transaction } from "./transaction.js";

const sameOutcome = (a: Outcome, b: Outcome) =>
  a.response_code === b.response_code && a.result === b.result && a.type === b.type && a.processor === b.processor && a.card_type === b.card_type && a.response_description === b.response_description;

/**
 * The outcomes payments share, process-wide (they hold no card or account data); past the limit (a
 * scenario may answer any text) each payment keeps its own.
 */
const outcomes = new SharedValues<Outcome>(sameOutcome, 1_024);

/**
 * A world's payments, one row each, in columns: no object per payment (docs/explanation/performance.md,
 * "Thirteenth round"). A stored card SALE was a transaction object, its card view and its id string
 * with their index and list slots, about 316 bytes of heap; its row here is about 125 bytes of typed
 * arrays (in chunks: core/columns.ts), which the garbage collector never walks. Rows are read and written through a view made per
 * read ({@link TxRow}, rows.ts) with the fields of {@link Transaction}, so services read and write a
 * payment as the plain object it was; two reads of one payment are two views of the same row. Rows
 * are never removed; a row's number is its creation sequence (`seq`).
 *
 * The columns are public to the views alone (rows.ts); everything else goes through the views.
 */
export class TransactionTable {
  readonly ids = new IdTable("TRANSACTION-");
  readonly time = f64Column();
  /** Amounts in cents: the spec's int32 (at most 99999999). */
  readonly amount = i32Column();
  readonly tip = i32Column();
  readonly used = i32Column();
  readonly bits = u8Column();
  readonly client = i32Column();
  readonly batch = i32Column();
  /** The row of the transaction referred to, {@link NO_ROW}, or {@link WHOLE}. */
  readonly ref = i32Column();
  readonly outcome = i32Column();
  /** The shared part of a card payment's view; {@link NO_ROW} when its method is kept in {@link methods}. */
  readonly part = i32Column();
  readonly token = new IdColumn("PAYMENT_TOKEN-");
  readonly auth = new DigitsColumn(6, 0);
  readonly rrn = new DigitsColumn(12, 6);
  readonly network = new DigitsColumn(15, 8);
  readonly clients = new Interned<string>();
  readonly batches = new Interned<string>();
  readonly outcomes = new Interned<Outcome>();
  readonly parts = new Interned<Readonly<SharedCardView>>();
  /** What card payments' views share, one frozen object per distinct value (card-view.ts). */
  readonly cardViews = new SharedValues<Readonly<SharedCardView>>(sameSharedView, SHARED_VIEWS);
  /** Rows whose seldom fields are not all at their defaults (their `SELDOM_BIT` set). */
  readonly seldom = new Map<number, Seldom>();
  /** References that name no row of this table. */
  readonly refs = new Map<number, string>();
  /** Methods that are no card view (bank accounts). */
  readonly methods = new Map<number, MethodView>();

  /** How many payments; also the next one's `seq`. */
  get size(): number {
    return this.ids.size;
  }

  /** Stores a new payment (its `seq` is the table's size) and returns its view. */
  add(t: Transaction): Transaction {
    const row = this.ids.size;
    if (t.seq !== row) throw new RangeError(`a new payment's seq is ${row}, not ${t.seq}`);
    // The schemas let no other amount through (zod `cents`): a column of int32 would change one silently.
    if ((t.amount | 0) !== t.amount || (t.tip | 0) !== t.tip || (t.used | 0) !== t.used) throw new RangeError(`amounts are integer cents: ${t.amount}, ${t.tip}, ${t.used}`);
    this.ids.add(t.id);
    this.time.set(row, t.time_created);
    this.amount.set(row, t.amount);
    this.tip.set(row, t.tip);
    this.used.set(row, t.used);
    const seldom = seldomOf(t);
    this.bits.set(row, STATUS_INDEX[t.status] | (t.is_settled ? SETTLED_BIT : 0) | (seldom ? SELDOM_BIT : 0));
    this.client.set(row, this.clients.indexOf(t.client_id));
    this.batch.set(row, this.batches.indexOf(t.batch_id));
    this.#setRef(row, t.ref);
    this.outcome.set(row, this.outcomes.indexOf(outcomes.find(t.response_code, t) ?? outcomeOf(t)));
    this.network.set(row, t.network_transaction_id);
    this.#setMethod(row, t.method);
    if (seldom) this.seldom.set(row, seldom);
    // The answer to the create reads these at once: no id or card view made back from the columns.
    return new TxRow(this, row, t.id, t.method);
  }

  /** The payment of `id`, or undefined. */
  get(id: string): Transaction | undefined {
    const row = this.ids.rowOf(id);
    return row < 0 ? undefined : new TxRow(this, row);
  }

  /** The payment of row `row` (0 to size - 1). */
  at(row: number): Transaction {
    return new TxRow(this, row);
  }

  /** Every payment, in creation order. */
  *values(): IterableIterator<Transaction> {
    for (let row = 0; row < this.size; row++) yield new TxRow(this, row);
  }

  #setRef(row: number, ref: string | null): void {
    const of = ref === null ? NO_ROW : this.ids.rowOf(ref);
    if (ref !== null && of < 0) {
      this.ref.set(row, WHOLE);
      this.refs.set(row, ref);
    } else this.ref.set(row, of);
  }

  #setMethod(row: number, m: MethodView): void {
    if (m.type !== "CARD") {
      this.part.set(row, NO_ROW);
      this.methods.set(row, m);
      this.token.set(row, null);
      this.auth.set(row, null);
      this.rrn.set(row, null);
      return;
    }
    let shared = this.cardViews.find(m.truncated_pan, m);
    if (!shared) {
      const { type, truncated_pan, expiry, first_name, last_name, entry_method, card_brand, cvv_result_code, avs_result_code, avs_response } = m;
      shared = Object.freeze({ type, truncated_pan, expiry, first_name, last_name, entry_method, card_brand, cvv_result_code, avs_result_code, avs_response });
      this.cardViews.add(m.truncated_pan, shared);
    }
    this.part.set(row, this.parts.indexOf(shared));
    this.token.set(row, m.payment_token);
    this.auth.set(row, m.auth_code);
    this.rrn.set(row, m.retrieval_reference_number);
  }
}

/** The outcome fields of `t`, shared from now on when there is room. */
function outcomeOf(t: Outcome): Outcome {
  const o = Object.freeze({ type: t.type, result: t.result, processor: t.processor, response_code: t.response_code, response_description: t.response_description, card_type: t.card_type });
  outcomes.add(o.response_code, o);
  return o;
}

/** The seldom fields of `t` when one differs from its default (a new object), else undefined. */
function seldomOf(t: Transaction): Seldom | undefined {
  const differs =
    t.settlement_issue !== null || t.remove_at_close || t.returned_at !== null || t.return_code !== undefined || t.return_reason !== undefined ||
    t.initiator !== null || t.recurring || t.recurring_details !== null || t.metadata !== null || t.set !== null;
  if (!differs) return undefined;
  const s: Seldom = { settlement_issue: t.settlement_issue, remove_at_close: t.remove_at_close, returned_at: t.returned_at, initiator: t.initiator, recurring: t.recurring, recurring_details: t.recurring_details, metadata: t.metadata, set: t.set };
  // Absent unless given: a return's keys stay off the wire when no code was sent.
  if (t.return_code !== undefined) s.return_code = t.return_code;
  if (t.return_reason !== undefined) s.return_reason = t.return_reason;
  return s;
}
