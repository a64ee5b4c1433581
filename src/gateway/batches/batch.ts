import { GatewayError } from "../../core/errors.js";
import type { Duration } from "../../core/duration.js";
import type { Processor } from "../integrations/integration.js";
import type { PaymentList } from "../transactions/payment-list.js";
import { isDebit, type Transaction } from "../transactions/transaction.js";

/**
 * The Batch entity. Statuses are `open`, `closed`, `settled` (PRODUCT.md "Settlement"); the spec
 * shows only the close operation, the settle move is ours (one business day after close by default).
 */
export type BatchStatus = "open" | "closed" | "settled";
export type BatchAction = "close" | "settle";

/** THE batch transition table; a missing entry is 409 `DUPLICATE_ACTION`. */
export const BATCH_TRANSITIONS: Readonly<Record<BatchStatus, Partial<Record<BatchAction, BatchStatus>>>> = {
  open: { close: "closed" },
  closed: { settle: "settled" },
  settled: {},
};

export function batchTransition(status: BatchStatus, action: BatchAction): BatchStatus {
  const next = BATCH_TRANSITIONS[status][action];
  if (!next) throw new GatewayError("DUPLICATE_ACTION", { message: `Cannot ${action} a batch that is ${status}.` });
  return next;
}

/** The money columns of a batch; each is a sum over the batch's transactions (see `contribution`). */
export interface BatchSums {
  approved_amount: number;
  captured_amount: number;
  refund_amount: number;
  void_amount: number;
  net_amount: number;
  batch_net_amount: number;
}

export interface Batch {
  id: string;
  batch_number: string;
  processor: Processor;
  client_id: string;
  status: BatchStatus;
  created_at: number;
  closed_at: number | null;
  settled_at: number | null;
  /** Business days from close to settlement (PRODUCT.md: one unless a scenario says otherwise). */
  settle_delay_days: number;
  /** Extra time after those business days (scenario `settlement: {delay: "PT6H"}`), or null. */
  settle_extra: Duration | null;
  /** Members in join order (removed and voided ones stay listed; their sums move, see below). */
  transactions: PaymentList;
  sums: BatchSums;
}

export const zeroSums = (): BatchSums => ({
  approved_amount: 0,
  captured_amount: 0,
  refund_amount: 0,
  void_amount: 0,
  net_amount: 0,
  batch_net_amount: 0,
});

/**
 * What one member adds to each batch column, by its current state. Kept incrementally (subtract the
 * old contribution, mutate, add the new one), so the columns always equal the sums and a page of
 * batches costs no scan. `amount` already includes the tip, which is never added on top.
 *
 * - approved_amount: approved debits (SALE, CAPTURE, ACH SALE), voided ones included;
 * - void_amount: voided members (debits and PAYOUT credits);
 * - captured_amount: debits that will settle (not voided, not removed);
 * - refund_amount: credits that will settle (REFUND and ACH PAYOUT, not voided, not removed);
 * - net_amount = batch_net_amount = captured_amount - refund_amount.
 * A member removed from the batch (REMOVED_FROM_BATCH) adds nothing, and so does one the bank
 * returned before it settled: it will not settle ("a transaction can be settled and returned, or
 * returned and never settled"). A return after settlement changes nothing.
 */
export function contribution(t: Transaction): BatchSums {
  const s = zeroSums();
  if (t.status === "removed" || t.result !== "APPROVED" || (t.returned_at !== null && !t.is_settled)) return s;
  const voided = t.status === "voided";
  if (isDebit(t)) {
    s.approved_amount = t.amount;
    if (voided) s.void_amount = t.amount;
    else s.captured_amount = t.amount;
  } else if (voided) {
    s.void_amount = t.amount;
  } else {
    s.refund_amount = t.amount;
  }
  s.net_amount = s.batch_net_amount = s.captured_amount - s.refund_amount;
  return s;
}

/**
 * Adds (`sign` 1) or subtracts (-1) a member's contribution. The columns are written out, not looped
 * over by name: a loop's `sums[k]` read and wrote through one cache for all six names (megamorphic),
 * on every payment.
 */
export function applyContribution(b: Batch, t: Transaction, sign: 1 | -1): void {
  const c = contribution(t);
  const s = b.sums;
  s.approved_amount += sign * c.approved_amount;
  s.captured_amount += sign * c.captured_amount;
  s.refund_amount += sign * c.refund_amount;
  s.void_amount += sign * c.void_amount;
  s.net_amount += sign * c.net_amount;
  s.batch_net_amount += sign * c.batch_net_amount;
}

/** Runs `mutate` on a batch member keeping the batch columns equal to the sums. */
export function updateMember(b: Batch | undefined, t: Transaction, mutate: () => void): void {
  if (b) applyContribution(b, t, -1);
  mutate();
  if (b) applyContribution(b, t, 1);
}

/** `card` or `ach`, the close body's `batch_type` for a processor. */
export const BATCH_TYPE: Record<Processor, "card" | "ach"> = { Cardproc: "card", Achproc: "ach" };
