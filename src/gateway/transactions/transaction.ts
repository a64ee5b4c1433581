import { GatewayError } from "../../core/errors.js";
import type { Metadata } from "../metadata.js";
import type { Processor } from "../integrations/integration.js";

/**
 * The Transaction entity and its state machine (spec "States and transitions", Transaction).
 *
 * The spec shows moves, not a state set; `status` below is ours (never on the wire) and drives every
 * 409 `DUPLICATE_ACTION`. One transaction object is kept per payment, small on purpose: the store is
 * meant to hold a million of them.
 */
export type TxType = "SALE" | "AUTH" | "PAYOUT" | "CAPTURE" | "CANCEL" | "REFUND";
export type TxResult = "APPROVED" | "DECLINED" | "ERROR";
export type CardType = "CREDIT" | "DEBIT" | "UNKNOWN";

export type TxStatus =
  | "authorized" // AUTH approved, not captured
  | "captured" // AUTH whose CAPTURE carries the money now
  | "pending" // SALE / CAPTURE / PAYOUT in an open batch
  | "closed" // in a closed batch, settlement under way
  | "settled" // settled, something left to refund
  | "refunded" // settled and fully refunded
  | "voided" // voided before its batch closed
  | "removed" // REMOVED_FROM_BATCH at its batch's close
  | "declined" // result DECLINED or ERROR: nothing can follow
  | "refund_open" // a REFUND not yet settled
  | "refund_settled" // a REFUND settled
  | "void_record"; // the CANCEL record of a void

export type TxAction = "capture" | "void" | "refund_part" | "refund_rest" | "batch_close" | "batch_remove" | "settle";

/**
 * THE transition table: status -> action -> next status. A missing entry is an illegal move and
 * answers 409 `DUPLICATE_ACTION` ("action conflicts with the resource's current state").
 */
export const TRANSITIONS: Readonly<Record<TxStatus, Partial<Record<TxAction, TxStatus>>>> = {
  authorized: { capture: "captured", void: "voided" },
  captured: {},
  pending: { void: "voided", batch_close: "closed", batch_remove: "removed" },
  closed: { settle: "settled" },
  settled: { refund_part: "settled", refund_rest: "refunded" },
  refunded: {},
  voided: {},
  removed: {},
  declined: {},
  refund_open: { batch_close: "refund_open", batch_remove: "removed", settle: "refund_settled" },
  refund_settled: {},
  void_record: {},
};

/** How a 409 names a transaction by its status: the three records that are no payment by name. */
const NAMED: Partial<Record<TxStatus, string>> = { refund_open: "an open refund", refund_settled: "a settled refund", void_record: "the record of a void" };

/** The one place a transaction's status changes; throws 409 for a move the table does not list. */
export function transition(status: TxStatus, action: TxAction): TxStatus {
  const next = TRANSITIONS[status][action];
  if (!next) {
    throw new GatewayError("DUPLICATE_ACTION", {
      message: `Cannot ${action.replace(/_.*/, "")} ${NAMED[status] ?? `a transaction that is ${status}`}.`,
    });
  }
  return next;
}

/** The status a newly created transaction starts in. */
export function initialStatus(type: TxType, result: TxResult): TxStatus {
  if (result !== "APPROVED") return "declined";
  if (type === "AUTH") return "authorized";
  if (type === "CANCEL") return "void_record";
  if (type === "REFUND") return "refund_open";
  return "pending";
}

export interface CardView {
  type: "CARD";
  truncated_pan: string;
  /** `PAYMENT_TOKEN-...`, the tokenization-failure sentence, or null (declined: nothing stored). */
  payment_token: string | null;
  expiry: { month: string; year: string } | null;
  first_name: string | null;
  last_name: string | null;
  entry_method: "ECOMMERCE" | "MOTO";
  auth_code: string | null;
  retrieval_reference_number: string | null;
  card_brand: string | null;
  cvv_result_code: string | null;
  avs_result_code: string | null;
  avs_response: string | null;
}

export interface AchView {
  type: "ACH";
  first_name: string;
  last_name: string;
  payment_token: string | null;
}

/** The output `payment_method` minus `card_type` (that one is decided per read, see `card_type`). */
export type MethodView = CardView | AchView;

/** Both ids of a recurring agreement's first payment (null when not known here). */
export interface RecurringIds {
  initial_transaction_id: string | null;
  initial_network_transaction_id: string | null;
}

export interface Transaction {
  id: string;
  /** Creation order across the world; ties in sorting and merging of per-type indexes. */
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
  settlement_issue: "REMOVED_FROM_BATCH" | null;
  /** Marked by a scenario / control call: becomes REMOVED_FROM_BATCH at its batch's next close. */
  remove_at_close: boolean;
  returned_at: number | null;
  /** undefined: no code sent (the key stays absent on the wire). */
  return_code?: string;
  return_reason?: string;
  time_created: number;
  amount: number;
  tip: number;
  /** What has been captured (AUTH) or refunded (settled debit) so far. */
  used: number;
  method: MethodView;
  /** The determined funding type, shown when read back; a scenario may set it later. */
  card_type: CardType;
  recurring: boolean;
  initiator: "MERCHANT" | "CUSTOMER" | "THIRD_PARTY" | null;
  recurring_details: RecurringIds | null;
  network_transaction_id: string | null;
  metadata: Metadata | null;
  /** A scenario's `set` (dotted response paths), applied to every read of this transaction; null when none. */
  set: Record<string, unknown> | null;
}

/** Money that the batch treats as a debit (money in) rather than a credit. */
export function isDebit(t: Transaction): boolean {
  return t.type === "SALE" || t.type === "CAPTURE";
}
