import type { Transaction } from "./transaction.js";

/** The fields a payment seldom sets: a return, a removal mark, recurring details, metadata, a scenario's `set`. */
const SELDOM = ["settlement_issue", "remove_at_close", "returned_at", "return_code", "return_reason", "initiator", "recurring", "recurring_details", "metadata", "set"] as const;
type Seldom = Pick<Transaction, (typeof SELDOM)[number]>;

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
 * of its own. A store meant to hold a million payments kept ten fields of defaults in each: a
 * stored card SALE 820 -> 766 bytes. Read and written as the plain object it was (accessors on the
 * prototype); a copy is made by {@link storedTransaction}, never by a spread, which sees no accessor.
 */
class StoredTransaction implements Transaction {
  // The fields every payment sets are typed by the interface below and assigned here.
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

  // The seldom fields, read from the shared defaults or the payment's own copy, written to its own.
  static {
    for (const key of SELDOM) {
      Object.defineProperty(this.prototype, key, {
        get(this: StoredTransaction) {
          return this.#seldom[key];
        },
        set(this: StoredTransaction, value: never) {
          this.#own()[key] = value;
        },
      });
    }
  }
}

/** The fields' types on the class: the seldom ones are the accessors of its static block. */
interface StoredTransaction extends Transaction {}

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
