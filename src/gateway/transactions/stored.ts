import type { Metadata } from "../metadata.js";
import type { CardType, MethodView, RecurringIds, Transaction, TxResult, TxStatus, TxType } from "./transaction.js";
import type { Processor } from "../integrations/integration.js";

/** The fields a payment seldom sets: a return, a removal mark, recurring details, metadata, a scenario's `set`. */
type Seldom = Pick<Transaction, "settlement_issue" | "remove_at_close" | "returned_at" | "return_code" | "return_reason" | "initiator" | "recurring" | "recurring_details" | "metadata" | "set">;

/** Every seldom field at its default (`return_code` and `return_reason` absent), shared and frozen. */
const DEFAULTS: Readonly<Seldom> = Object.freeze({
  settlement_issue: null,
  remove_at_close: false,
  returned_at: null,
  initiator: null,
  recurring: false,
  recurring_details: null,
  metadata: null,
  set: null,
});

/**
 * The object the store keeps for a payment: the {@link Transaction} fields every payment sets, and
 * the seldom ones in one shared object of defaults until one is set, when the payment gets a copy
 * of its own. A store meant to hold a million payments kept ten fields of defaults in each (80
 * bytes of a card SALE's 820). Read and written as the plain object it was (accessors on the
 * prototype); a copy is made by {@link storedTransaction}, never by a spread, which sees no accessor.
 */
class StoredTransaction implements Transaction {
  id: string;
  seq: number;
  ref: string | null;
  type: TxType;
  result: TxResult;
  status: TxStatus;
  client_id: string;
  processor: Processor;
  response_code: string;
  response_description: string;
  batch_id: string | null;
  is_settled: boolean;
  time_created: number;
  amount: number;
  tip: number;
  used: number;
  method: MethodView;
  card_type: CardType;
  network_transaction_id: string | null;
  #seldom: Seldom;

  constructor(t: Transaction) {
    this.id = t.id;
    this.seq = t.seq;
    this.ref = t.ref;
    this.type = t.type;
    this.result = t.result;
    this.status = t.status;
    this.client_id = t.client_id;
    this.processor = t.processor;
    this.response_code = t.response_code;
    this.response_description = t.response_description;
    this.batch_id = t.batch_id;
    this.is_settled = t.is_settled;
    this.time_created = t.time_created;
    this.amount = t.amount;
    this.tip = t.tip;
    this.used = t.used;
    this.method = t.method;
    this.card_type = t.card_type;
    this.network_transaction_id = t.network_transaction_id;
    this.#seldom = DEFAULTS;
    const seldom = seldomOf(t);
    if (seldom) this.#seldom = seldom;
  }

  /** The seldom fields as this payment's own, to write. */
  #own(): Seldom {
    if (this.#seldom === DEFAULTS) this.#seldom = { ...DEFAULTS };
    return this.#seldom;
  }

  get settlement_issue() { return this.#seldom.settlement_issue; }
  set settlement_issue(v: "REMOVED_FROM_BATCH" | null) { this.#own().settlement_issue = v; }
  get remove_at_close() { return this.#seldom.remove_at_close; }
  set remove_at_close(v: boolean) { this.#own().remove_at_close = v; }
  get returned_at() { return this.#seldom.returned_at; }
  set returned_at(v: number | null) { this.#own().returned_at = v; }
  get return_code() { return this.#seldom.return_code; }
  set return_code(v: string | undefined) { this.#own().return_code = v; }
  get return_reason() { return this.#seldom.return_reason; }
  set return_reason(v: string | undefined) { this.#own().return_reason = v; }
  get initiator() { return this.#seldom.initiator; }
  set initiator(v: Transaction["initiator"]) { this.#own().initiator = v; }
  get recurring() { return this.#seldom.recurring; }
  set recurring(v: boolean) { this.#own().recurring = v; }
  get recurring_details() { return this.#seldom.recurring_details; }
  set recurring_details(v: RecurringIds | null) { this.#own().recurring_details = v; }
  get metadata() { return this.#seldom.metadata; }
  set metadata(v: Metadata | null) { this.#own().metadata = v; }
  get set() { return this.#seldom.set; }
  set set(v: Record<string, unknown> | null) { this.#own().set = v; }
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

/** The stored form of a new payment, from all its fields (`t` is read once, then let go). */
export function storedTransaction(t: Transaction): Transaction {
  return new StoredTransaction(t);
}
