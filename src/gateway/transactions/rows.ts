import { indexesOf } from "../../core/packed-fields.js";
import { written } from "../../core/shared-fields.js";
import type { SharedCardView } from "./card-view.js";
import type { TransactionTable } from "./table.js";
import { TRANSITIONS, type CardView, type MethodView, type Transaction, type TxStatus } from "./transaction.js";

/** The fields a payment seldom sets: a return, a removal mark, recurring details, metadata, a scenario's `set`. */
const SELDOM = ["settlement_issue", "remove_at_close", "returned_at", "return_code", "return_reason", "initiator", "recurring", "recurring_details", "metadata", "set"] as const;
export type Seldom = Pick<Transaction, (typeof SELDOM)[number]>;

/** Every seldom field at its default (`return_code` and `return_reason` absent), shared and frozen. */
export const DEFAULTS: Readonly<Seldom> = Object.freeze({
  settlement_issue: null,
  remove_at_close: false,
  returned_at: null,
  initiator: null,
  recurring: false,
  recurring_details: null,
  metadata: null,
  set: null,
});

/** What a payment's kind and answer are: set when it is made and the same for thousands of payments. */
export type Outcome = Pick<Transaction, "type" | "result" | "processor" | "response_code" | "response_description" | "card_type">;

/** The statuses, in the transition table's order: a row keeps the index of its own. */
export const STATUSES = Object.keys(TRANSITIONS) as TxStatus[];
export const STATUS_INDEX = indexesOf(STATUSES);
/** The `bits` column: the status index in the low four bits, `is_settled` above them. */
export const STATUS_MASK = 0x0f;
export const SETTLED_BIT = 0x10;
/** Set when the row has seldom fields of its own: a read of one asks the map only then (most rows have none). */
export const SELDOM_BIT = 0x20;

/** The `ref` column's marks: no reference, or one kept whole in {@link TransactionTable.refs}. */
export const NO_ROW = -1;
export const WHOLE = -2;

/**
 * A payment as services read and write it: a view of one row of the table (table.ts), made per
 * read and let go after, every field an accessor on the prototype. A field no service writes after
 * the payment is made (its id, sequence, reference, client, amounts, method) has no
 * setter: a write throws (strict mode) instead of being lost.
 *
 * The accessors are written out one per field: closures made in a loop share their inline caches
 * (core/shared-fields.ts).
 */
export class TxRow implements Transaction {
  readonly #t: TransactionTable;
  readonly #row: number;
  /** The id, made from its columns on the first read of this view (an answer reads it more than once). */
  #id: string | undefined;
  /** The method as given when the payment was made: its view then reads it instead of making one. */
  readonly #method: MethodView | undefined;

  /** `id` and `method`, when given, are the payment's own (the view {@link TransactionTable.add} returns). */
  constructor(table: TransactionTable, row: number, id?: string, method?: MethodView) {
    this.#t = table;
    this.#row = row;
    this.#id = id;
    this.#method = method;
  }

  /** The row a view reads (throws for an object that is no view of a table). */
  static rowOf(t: Transaction): number {
    return (t as TxRow).#row;
  }

  get id(): string { return (this.#id ??= this.#t.ids.idOf(this.#row)); }
  get seq(): number { return this.#row; }
  get ref(): string | null {
    const of = this.#t.ref.get(this.#row);
    return of === NO_ROW ? null : of === WHOLE ? this.#t.refs.get(this.#row)! : this.#t.ids.idOf(of);
  }
  get client_id(): string { return this.#t.clients.at(this.#t.client.get(this.#row))!; }
  get batch_id(): string | null { return this.#t.batches.at(this.#t.batch.get(this.#row)); }
  set batch_id(v: string | null) { this.#t.batch.set(this.#row, this.#t.batches.indexOf(v)); }
  get time_created(): number { return this.#t.time.get(this.#row); }
  set time_created(v: number) { this.#t.time.set(this.#row, v); }
  get amount(): number { return this.#t.amount.get(this.#row); }
  get tip(): number { return this.#t.tip.get(this.#row); }
  get used(): number { return this.#t.used.get(this.#row); }
  set used(v: number) { this.#t.used.set(this.#row, v); }
  get status(): TxStatus { return STATUSES[this.#t.bits.get(this.#row) & STATUS_MASK]!; }
  set status(v: TxStatus) { this.#t.bits.set(this.#row, (this.#t.bits.get(this.#row) & ~STATUS_MASK) | STATUS_INDEX[v]); }
  get is_settled(): boolean { return (this.#t.bits.get(this.#row) & SETTLED_BIT) !== 0; }
  set is_settled(v: boolean) { this.#t.bits.set(this.#row, v ? this.#t.bits.get(this.#row) | SETTLED_BIT : this.#t.bits.get(this.#row) & ~SETTLED_BIT); }
  get network_transaction_id(): string | null { return this.#t.network.get(this.#row); }
  set network_transaction_id(v: string | null) { this.#t.network.set(this.#row, v); }
  get method(): MethodView {
    if (this.#method !== undefined) return this.#method;
    return this.#t.part.get(this.#row) === NO_ROW ? this.#t.methods.get(this.#row)! : new CardRow(this.#t, this.#row);
  }

  // The outcome fields, from the outcome the row shares (a write gives the row one of its own).
  #outcome(): Outcome { return this.#t.outcomes.at(this.#t.outcome.get(this.#row))!; }
  #setOutcome<K extends keyof Outcome>(k: K, v: Outcome[K]) { this.#t.outcome.set(this.#row, this.#t.outcomes.indexOf(written(this.#outcome(), k, v))); }
  get type() { return this.#outcome().type; }
  set type(v) { this.#setOutcome("type", v); }
  get result() { return this.#outcome().result; }
  set result(v) { this.#setOutcome("result", v); }
  get processor() { return this.#outcome().processor; }
  set processor(v) { this.#setOutcome("processor", v); }
  get response_code() { return this.#outcome().response_code; }
  set response_code(v) { this.#setOutcome("response_code", v); }
  get response_description() { return this.#outcome().response_description; }
  set response_description(v) { this.#setOutcome("response_description", v); }
  get card_type() { return this.#outcome().card_type; }
  set card_type(v) { this.#setOutcome("card_type", v); }

  // The seldom fields, from the shared defaults or the row's own copy (core/shared-fields.ts).
  #seldom(): Seldom { return (this.#t.bits.get(this.#row) & SELDOM_BIT) === 0 ? DEFAULTS : this.#t.seldom.get(this.#row)!; }
  #setSeldom<K extends keyof Seldom>(k: K, v: Seldom[K]) {
    const before = this.#seldom();
    const after = written(before, k, v);
    if (after === before) return;
    this.#t.seldom.set(this.#row, after);
    this.#t.bits.set(this.#row, this.#t.bits.get(this.#row) | SELDOM_BIT);
  }
  get settlement_issue() { return this.#seldom().settlement_issue; }
  set settlement_issue(v) { this.#setSeldom("settlement_issue", v); }
  get remove_at_close() { return this.#seldom().remove_at_close; }
  set remove_at_close(v) { this.#setSeldom("remove_at_close", v); }
  get returned_at() { return this.#seldom().returned_at; }
  set returned_at(v) { this.#setSeldom("returned_at", v); }
  get return_code() { return this.#seldom().return_code; }
  set return_code(v) { this.#setSeldom("return_code", v); }
  get return_reason() { return this.#seldom().return_reason; }
  set return_reason(v) { this.#setSeldom("return_reason", v); }
  get initiator() { return this.#seldom().initiator; }
  set initiator(v) { this.#setSeldom("initiator", v); }
  get recurring() { return this.#seldom().recurring; }
  set recurring(v) { this.#setSeldom("recurring", v); }
  get recurring_details() { return this.#seldom().recurring_details; }
  set recurring_details(v) { this.#setSeldom("recurring_details", v); }
  get metadata() { return this.#seldom().metadata; }
  set metadata(v) { this.#setSeldom("metadata", v); }
  get set() { return this.#seldom().set; }
  set set(v) { this.#setSeldom("set", v); }
}

/**
 * A card payment's `payment_method`, read from its row: its own token, authorization code and
 * retrieval reference, and the card part it shares with every payment of the same card and answer.
 * Never written after the payment is made.
 */
class CardRow implements CardView {
  readonly #t: TransactionTable;
  readonly #row: number;
  readonly #shared: Readonly<SharedCardView>;

  constructor(table: TransactionTable, row: number) {
    this.#t = table;
    this.#row = row;
    this.#shared = table.parts.at(table.part.get(row))!;
  }

  get payment_token(): string | null { return this.#t.token.get(this.#row); }
  get auth_code(): string | null { return this.#t.auth.get(this.#row); }
  get retrieval_reference_number(): string | null { return this.#t.rrn.get(this.#row); }
  get type() { return this.#shared.type; }
  get truncated_pan() { return this.#shared.truncated_pan; }
  get expiry() { return this.#shared.expiry; }
  get first_name() { return this.#shared.first_name; }
  get last_name() { return this.#shared.last_name; }
  get entry_method() { return this.#shared.entry_method; }
  get card_brand() { return this.#shared.card_brand; }
  get cvv_result_code() { return this.#shared.cvv_result_code; }
  get avs_result_code() { return this.#shared.avs_result_code; }
  get avs_response() { return this.#shared.avs_response; }
}
