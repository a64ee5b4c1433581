import { written } from "../../core/shared-fields.js";
import { SharedValues } from "../../core/shared-values.js";
import { highHalf, joinHalves, lowHalf, type Digits } from "../../core/digits.js";
import { BitField, FREE_SHIFT, indexesOf, instantHour, joinInstant, withInstant } from "../../core/packed-fields.js";
import { TRANSITIONS, type Transaction, type TxStatus } from "./transaction.js";

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

/** What a payment's kind and answer are: set when it is made and the same for thousands of payments. */
const OUTCOME = ["type", "result", "processor", "response_code", "response_description", "card_type"] as const;
type Outcome = Pick<Transaction, (typeof OUTCOME)[number]>;

/** Whether two payments may share their outcome fields. */
const sameOutcome = (a: Outcome, b: Outcome) =>
  a.response_code === b.response_code && a.result === b.result && a.type === b.type && a.processor === b.processor && a.card_type === b.card_type && a.response_description === b.response_description;

/**
 * The outcomes payments share, process-wide (they hold no card or account data); past the limit (a
 * scenario may answer any text) each payment keeps its own.
 */
const outcomes = new SharedValues<Outcome>(sameOutcome, 1_024);

/** Where a stored payment holds its seldom fields and its outcome (core/shared-fields.ts). */
const SELDOM_FIELDS = Symbol("seldom fields");
const OUTCOME_FIELDS = Symbol("outcome");

/** The statuses, in the transition table's order: a payment keeps the index of its own (core/packed-fields.ts). */
const STATUSES = Object.keys(TRANSITIONS) as TxStatus[];
const STATUS_INDEX = indexesOf(STATUSES);
const STATUS = new BitField(FREE_SHIFT, 4);
const SETTLED = new BitField(FREE_SHIFT + 4, 1);

/** The network transaction id's length (cards, approved) and where it is split to be kept as two small integers. */
const NETWORK_ID_DIGITS = 15;
const NETWORK_ID_SPLIT = 8;

/**
 * The object the store keeps for a payment: the {@link Transaction} fields every payment sets, and
 * the seldom ones in one shared object of defaults until one is set, when the payment gets a copy
 * of its own. A store meant to hold a million payments kept ten fields of defaults in each: a
 * stored card SALE 820 -> 766 bytes. Its kind and answer (type, result, processor, response code
 * and text, card type) are one shared object per distinct outcome, and its network transaction id
 * two small integers instead of a 32-byte string (646 -> 583 bytes). Read and written as the plain
 * object it was (accessors on the prototype); a copy is made by {@link storedTransaction}, never by
 * a spread, which sees no accessor. Its creation instant, status and `is_settled` are two small
 * integers (core/packed-fields.ts): the instant alone was a 16-byte number box. With the token's
 * (payment-tokens/stored-token.ts) a card SALE 636 -> 587 bytes, indexes included.
 */
class StoredTransaction implements Transaction {
  // The fields every payment sets are typed by the interface below and assigned here.
  [SELDOM_FIELDS]: Seldom;
  [OUTCOME_FIELDS]: Outcome;
  /** The network transaction id: its first half as a number, or the whole value when not 15 digits. */
  #networkId: Digits;
  #networkIdLow: number;
  /** The hour of `time_created` (or all of it: core/packed-fields.ts). */
  #createdHour: number;
  /** The rest of `time_created`, the status and `is_settled`. */
  #bits: number;

  constructor(t: Transaction) {
    this.id = t.id;
    this.seq = t.seq;
    this.ref = t.ref;
    this.client_id = t.client_id;
    this.batch_id = t.batch_id;
    this.#createdHour = instantHour(t.time_created);
    this.#bits = SETTLED.put(STATUS.put(withInstant(0, t.time_created), STATUS_INDEX[t.status]), t.is_settled ? 1 : 0);
    this.amount = t.amount;
    this.tip = t.tip;
    this.used = t.used;
    this.method = t.method;
    this[OUTCOME_FIELDS] = outcomes.find(t.response_code, t) ?? outcomeOf(t);
    this.#networkIdLow = lowHalf(t.network_transaction_id, NETWORK_ID_DIGITS, NETWORK_ID_SPLIT);
    this.#networkId = highHalf(t.network_transaction_id, this.#networkIdLow, NETWORK_ID_SPLIT);
    this[SELDOM_FIELDS] = seldomOf(t) ?? DEFAULTS;
  }

  get network_transaction_id(): string | null {
    return joinHalves(this.#networkId, this.#networkIdLow, NETWORK_ID_DIGITS, NETWORK_ID_SPLIT);
  }

  set network_transaction_id(value: string | null) {
    this.#networkIdLow = lowHalf(value, NETWORK_ID_DIGITS, NETWORK_ID_SPLIT);
    this.#networkId = highHalf(value, this.#networkIdLow, NETWORK_ID_SPLIT);
  }

  get time_created(): number {
    return joinInstant(this.#createdHour, this.#bits);
  }

  set time_created(value: number) {
    this.#createdHour = instantHour(value);
    this.#bits = withInstant(this.#bits, value);
  }

  get status(): TxStatus {
    return STATUSES[STATUS.get(this.#bits)];
  }

  set status(value: TxStatus) {
    this.#bits = STATUS.put(this.#bits, STATUS_INDEX[value]);
  }

  get is_settled(): boolean {
    return SETTLED.get(this.#bits) === 1;
  }

  set is_settled(value: boolean) {
    this.#bits = SETTLED.put(this.#bits, value ? 1 : 0);
  }

  // The seldom fields, read from the shared defaults or the payment's own copy (core/shared-fields.ts).
  get settlement_issue() { return this[SELDOM_FIELDS].settlement_issue; }
  set settlement_issue(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "settlement_issue", v); }
  get remove_at_close() { return this[SELDOM_FIELDS].remove_at_close; }
  set remove_at_close(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "remove_at_close", v); }
  get returned_at() { return this[SELDOM_FIELDS].returned_at; }
  set returned_at(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "returned_at", v); }
  get return_code() { return this[SELDOM_FIELDS].return_code; }
  set return_code(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "return_code", v); }
  get return_reason() { return this[SELDOM_FIELDS].return_reason; }
  set return_reason(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "return_reason", v); }
  get initiator() { return this[SELDOM_FIELDS].initiator; }
  set initiator(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "initiator", v); }
  get recurring() { return this[SELDOM_FIELDS].recurring; }
  set recurring(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "recurring", v); }
  get recurring_details() { return this[SELDOM_FIELDS].recurring_details; }
  set recurring_details(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "recurring_details", v); }
  get metadata() { return this[SELDOM_FIELDS].metadata; }
  set metadata(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "metadata", v); }
  get set() { return this[SELDOM_FIELDS].set; }
  set set(v) { this[SELDOM_FIELDS] = written(this[SELDOM_FIELDS], "set", v); }
  // The outcome fields, from the shared outcome (a write, never done today, gives the payment a copy of its own).
  get type() { return this[OUTCOME_FIELDS].type; }
  set type(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "type", v); }
  get result() { return this[OUTCOME_FIELDS].result; }
  set result(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "result", v); }
  get processor() { return this[OUTCOME_FIELDS].processor; }
  set processor(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "processor", v); }
  get response_code() { return this[OUTCOME_FIELDS].response_code; }
  set response_code(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "response_code", v); }
  get response_description() { return this[OUTCOME_FIELDS].response_description; }
  set response_description(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "response_description", v); }
  get card_type() { return this[OUTCOME_FIELDS].card_type; }
  set card_type(v) { this[OUTCOME_FIELDS] = written(this[OUTCOME_FIELDS], "card_type", v); }
}

/** The types of the fields every payment sets, assigned in the constructor. */
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

/** The outcome fields of `t`, shared from now on when there is room. */
function outcomeOf(t: Transaction): Outcome {
  const o = Object.freeze({ type: t.type, result: t.result, processor: t.processor, response_code: t.response_code, response_description: t.response_description, card_type: t.card_type });
  outcomes.add(o.response_code, o);
  return o;
}

/** The stored form of a new payment, from all its fields (`t` is read once, then let go). */
export function storedTransaction(t: Transaction): Transaction {
  return new StoredTransaction(t);
}
