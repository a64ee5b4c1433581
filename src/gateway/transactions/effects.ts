import { GatewayError, notFound } from "../../core/errors.js";
import { parseDuration } from "../../core/duration.js";
import { afterEvent, scheduleFromNow } from "../batches/follow-ups.js";
import { updateMember } from "../batches/batch.js";
import { batchOf, setSettlementDelay } from "../batches/service.js";
import { canTransition, type PaymentTokenStatus } from "../payment-tokens/payment-token.js";
import { setTokenStatus } from "../payment-tokens/service.js";
import type { ScheduleEntry } from "./processor.js";
import type { World } from "../world.js";
import type { Transaction } from "./transaction.js";

/**
 * Later effects on a transaction that no `/v1` call causes: an ACH return, a removal from the batch,
 * the card type the processor reveals. The scenario engine and the `/_mock` control API call these;
 * they take no scope and are pure over the world.
 */

function get(world: World, id: string): Transaction {
  const t = world.state.transactions.get(id);
  if (!t) throw notFound("Transaction");
  return t;
}

/** Only an approved ACH payment (not the CANCEL record of a void) can come back from the bank. */
function returnable(t: Transaction): boolean {
  return t.processor === "Achproc" && t.result === "APPROVED" && t.type !== "CANCEL";
}

/**
 * "Processor return (ACH only)": `is_returned` true, `returned_at` now, `return_code` and
 * `return_reason` when given (absent otherwise). A return after settlement changes neither; one
 * before it keeps the transaction from settling and takes it out of its batch's sums.
 * 400 `INVALID_ACTION` on a card or an unapproved payment, 409 when already returned.
 */
export function returnAch(world: World, transactionId: string, r: { code?: string; reason?: string } = {}): Transaction {
  const t = get(world, transactionId);
  if (!returnable(t)) {
    throw new GatewayError("INVALID_ACTION", { message: "Only an approved ACH payment can be returned." });
  }
  if (t.returned_at !== null) throw new GatewayError("DUPLICATE_ACTION", { message: "The transaction is already returned." });
  updateMember(batchOf(world, t), t, () => {
    t.returned_at = world.clock.now();
    if (r.code !== undefined) t.return_code = r.code;
    if (r.reason !== undefined) t.return_reason = r.reason;
  });
  return t;
}

/**
 * Scheduler handler `ach_return` (payload `{transactionId, code?, reason?}`): a return that fell due.
 * A transaction that can no longer be returned (already returned) is left alone, so a scheduled
 * event never fails the request that moved the clock.
 */
export function onAchReturn(world: World, p: { transactionId: string; code?: string; reason?: string }): void {
  const t = world.state.transactions.get(p.transactionId);
  if (!t || t.returned_at !== null || !returnable(t)) return;
  returnAch(world, p.transactionId, { code: p.code, reason: p.reason });
}

/**
 * Marks a transaction to get `settlement_issue: REMOVED_FROM_BATCH` at its batch's next close, when
 * it leaves the batch sums. An AUTH passes the mark to its capture. 409 when no close is ahead.
 */
export function markRemovedFromBatch(world: World, transactionId: string): Transaction {
  const t = get(world, transactionId);
  const b = batchOf(world, t);
  const pendingAuth = t.status === "authorized";
  if (!pendingAuth && b?.status !== "open") {
    throw new GatewayError("DUPLICATE_ACTION", { message: "The transaction is not in an open batch." });
  }
  t.remove_at_close = true;
  return t;
}

/** NACHA's usual deadline: most returns come back two banking days after settlement. */
export const DEFAULT_RETURN_LAG_DAYS = 2;

/**
 * A scenario's `schedule` entries for a new transaction: `ach_return` (after `settlement` by default,
 * `business_days` or `in` later, default lag two business days; no `code` = `return_code` absent),
 * `remove_from_batch` (at its batch's next close), `settle` (the batch settles that long after its
 * close, default at once), `token_status` (the payment token the payment used or made, see
 * {@link scheduleTokenStatus}).
 */
export function applySchedule(world: World, t: Transaction, entries: readonly ScheduleEntry[]): void {
  for (const s of entries) {
    const lag = s.in !== undefined ? { in: parseDuration(s.in) ?? undefined } : { businessDays: s.business_days };
    if (s.event === "ach_return") {
      const f = {
        event: "ach_return",
        ...(s.in !== undefined ? lag : { businessDays: s.business_days ?? DEFAULT_RETURN_LAG_DAYS }),
        payload: { transactionId: t.id, code: s.code ?? undefined, reason: s.reason },
      };
      const after = s.after ?? "settlement";
      if (after === "now") scheduleFromNow(world, t.id, f);
      else afterEvent(world, t.id, { ...f, after });
    } else if (s.event === "remove_from_batch") {
      // Only where a close is ahead: a rule's effect never fails the request that already ran.
      if (t.status === "authorized" || batchOf(world, t)?.status === "open") markRemovedFromBatch(world, t.id);
    } else if (s.event === "settle") {
      const b = batchOf(world, t);
      if (b) setSettlementDelay(world, b.id, lag.businessDays ?? 0, lag.in ?? null);
    } else if (s.event === "token_status") {
      const token = t.method.payment_token;
      if (token?.startsWith("PAYMENT_TOKEN-")) scheduleTokenStatus(world, token, s, t.id);
    }
  }
}

export const TOKEN_STATUS_EVENT = "token_status";

/**
 * A `schedule` entry `{event: token_status, status}` for a payment token: due `in` / `business_days`
 * after now (default: at the next request), or after the payment's batch closes or settles when
 * `after` says so and a payment (`transactionId`) is the subject.
 */
export function scheduleTokenStatus(world: World, token: string, s: ScheduleEntry, transactionId?: string): void {
  if (s.status === undefined) return;
  const f = {
    event: TOKEN_STATUS_EVENT,
    ...(s.in !== undefined ? { in: parseDuration(s.in) ?? undefined } : { businessDays: s.business_days ?? 0 }),
    payload: { token, status: s.status },
  };
  const after = s.after ?? "now";
  if (after === "now" || transactionId === undefined) scheduleFromNow(world, token, f);
  else afterEvent(world, transactionId, { ...f, after });
}

/** Scheduler handler `token_status`: a move the token table forbids by then is skipped (a due event never fails a request). */
export function onTokenStatus(world: World, p: { token: string; status: PaymentTokenStatus }): void {
  const token = world.state.paymentTokens.get(p.token);
  if (token && canTransition(token, p.status)) setTokenStatus(world, p.token, p.status);
}

