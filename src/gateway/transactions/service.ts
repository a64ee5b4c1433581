import { GatewayError, invalidField, notFound } from "../../core/errors.js";
import type { Matched } from "../../scenarios/engine.js";
import type { ClientScope } from "../auth.js";
import { updateMember } from "../batches/batch.js";
import { batchOf, joinBatch, setSettlementDelay } from "../batches/service.js";
import { applySchedule } from "./effects.js";
import { cardExpired, type BankAccountInput, type CardInput } from "../instruments.js";
import { activeIntegration } from "../integrations/lookup.js";
import { createPaymentToken } from "../payment-tokens/service.js";
import type { World } from "../world.js";
import { insertTransaction } from "./ledger.js";
import { initialIds } from "./recurring.js";
import { moveDecision, processorDecision, processorDigits, type Decision } from "./processor.js";
import type { CancelInput, CaptureInput, CreateTransactionInput } from "./schema.js";
import { initialStatus, transition, type Transaction, type TxType } from "./transaction.js";
import { paymentMethodView, withoutExpiry } from "./card-view.js";

/**
 * Transaction operations over (world, scope, input). Everything is validated before the first
 * mutation, so a rejected request changes nothing.
 */

export const TOKENIZATION_FAILED = "Payment method could not be tokenized.";

/**
 * "Four transaction endpoints declare a 404 that they never return" (spec Errors, rule 2): with the
 * quirk on, an unknown or foreign id on get, capture and cancel, and an unknown payment token on
 * create, answer 400 `INVALID_REQUEST_DATA` naming the field, as a gateway that validates ids
 * before looking them up would. With the quirk off they answer the declared 404.
 */
export function missing(world: World, field: string, what: string): GatewayError {
  if (!world.applies("declared_404_never_returned")) return notFound(what);
  return invalidField(field, `does not name a ${what.toLowerCase()} of this client`);
}

/** A transaction of the scope's actor; anything else (another tenant's included) is "missing". */
export function findTransaction(world: World, scope: ClientScope, id: string): Transaction {
  const t = world.state.transactions.get(id);
  if (!t || t.client_id !== scope.actor.id) throw missing(world, "id", "Transaction");
  return t;
}

type Instrument = { card: CardInput; ach?: undefined; token: string | null } | { card?: undefined; ach: BankAccountInput; token: string | null };

/** The card or bank account a payment uses: sent as such, or the active token's instrument. */
function resolveInstrument(world: World, scope: ClientScope, pm: CreateTransactionInput["payment_method"]): Instrument {
  if (pm.type === "Card") return { card: pm, token: null };
  if (pm.type === "ACH") return { ach: pm, token: null };
  const token = world.state.paymentTokens.get(pm.payment_token);
  if (!token || token.client_id !== scope.actor.id) throw missing(world, "payment_method.payment_token", "Payment token");
  if (token.status !== "active") throw invalidField("payment_method.payment_token", `is ${token.status}, not active`);
  return token.card ? { card: token.card, token: token.token } : { ach: token.bank_account!, token: token.token };
}

/**
 * What scenario rules see of a create body: for a `PaymentToken` method of the caller, the vaulted
 * card or bank account's fields are merged under `payment_method` (the token's `type` and
 * `payment_token` kept), so a token payment gets the magic-value outcome of its instrument. The
 * result only feeds the matcher; responses and the journal never see it.
 */
export function matchView(world: World, scope: ClientScope, raw: unknown): unknown {
  const pm = (raw as { payment_method?: { type?: unknown; payment_token?: unknown } } | null)?.payment_method;
  if (typeof pm?.type !== "string" || pm.type.toLowerCase() !== "paymenttoken" || typeof pm.payment_token !== "string") return raw;
  const token = world.state.paymentTokens.get(pm.payment_token);
  if (!token || token.client_id !== scope.actor.id) return raw;
  return { ...(raw as object), payment_method: { ...(token.card ?? token.bank_account), ...pm } };
}

/** Spec create-body rules that need the world: type pair, expiry, recurring, integration. */
function checkCreate(world: World, scope: ClientScope, input: CreateTransactionInput, ins: Instrument): void {
  const allowed: TxType[] = ins.card ? ["SALE", "AUTH"] : ["SALE", "PAYOUT"];
  if (!allowed.includes(input.type)) {
    throw invalidField("type", `must be ${allowed.join(" or ")} for a ${ins.card ? "card" : "bank account"}`);
  }
  if (ins.card && cardExpired(ins.card.expiry, world.clock.now())) {
    throw invalidField("payment_method.expiry", "the card has expired");
  }
  // Recurring rules (PRODUCT.md "Recurring"): 400 INVALID_ACTION, not a schema error.
  const rd = input.recurring_details;
  if (rd) {
    if (!input.recurring) throw invalidField("recurring_details", "is only for recurring payments (recurring: true)", "INVALID_ACTION");
    if (!rd.initial_transaction_id && !rd.initial_network_transaction_id) {
      throw invalidField("recurring_details", "needs initial_transaction_id or initial_network_transaction_id", "INVALID_ACTION");
    }
    if (rd.initial_transaction_id) {
      const first = world.state.transactions.get(rd.initial_transaction_id);
      if (!first || first.client_id !== scope.actor.id) {
        throw invalidField("recurring_details.initial_transaction_id", "does not name a transaction of this client", "INVALID_ACTION");
      }
    }
  }
  const processor = ins.card ? "Cardproc" : "Achproc";
  if (!activeIntegration(world, scope.actor.id, processor)) {
    throw new GatewayError("INTEGRATION_CONFIG_ERROR", {
      message: `The client has no active ${processor} integration.`,
      details: { payment_method: `needs an active ${processor} integration` },
    });
  }
}

/** Vaults the card just paid with as an ordinary payment token (listed, and expiring with the card). */
function tokenize(world: World, scope: ClientScope, card: CardInput): string {
  return createPaymentToken(world, scope, { payment_method: card }).token;
}

/** The create's world-dependent rejections alone (run before scenario matching); changes nothing. */
export function checkCreateTransaction(world: World, scope: ClientScope, input: CreateTransactionInput): void {
  checkCreate(world, scope, input, resolveInstrument(world, scope, input.payment_method));
}

/** `POST /v1/transactions`. No idempotency: every call creates a transaction. */
export function createTransaction(world: World, scope: ClientScope, input: CreateTransactionInput, matched: Matched | null = null): Transaction {
  const ins = resolveInstrument(world, scope, input.payment_method);
  checkCreate(world, scope, input, ins);
  // `fail` never reaches here without `created` (the pipeline answered before the handler), and
  // with `created` the pipeline answers the envelope after this returns: one place for both.
  const d = processorDecision({ instrument: ins.card ?? ins.ach, amount: input.amount, matched });
  const { result, response_code, response_description } = outcomeOf(d);
  const approved = result === "APPROVED";
  let token = ins.token;
  if (ins.card && !token && approved) token = d.tokenize ? tokenize(world, scope, ins.card) : TOKENIZATION_FAILED;
  const t = insertTransaction(world, {
    id: world.ids.next("TRANSACTION"),
    seq: world.state.transactions.size,
    ref: null,
    type: input.type,
    result,
    status: initialStatus(input.type, result),
    client_id: scope.actor.id,
    processor: ins.card ? "Cardproc" : "Achproc",
    response_code,
    response_description,
    batch_id: null,
    is_settled: false,
    settlement_issue: null,
    remove_at_close: d.remove_from_batch ?? false,
    returned_at: null,
    time_created: world.clock.now(),
    amount: input.amount,
    tip: input.tip ?? 0,
    used: 0,
    method: paymentMethodView(world, ins, { ...d, result }, token),
    card_type: ins.card ? d.card_type : "UNKNOWN",
    recurring: input.recurring ?? false,
    initiator: input.initiator ?? null,
    recurring_details: input.recurring_details ? initialIds(world, scope, input.recurring_details) : null,
    network_transaction_id: ins.card && approved ? processorDigits(world, "network-id", 15) : null,
    metadata: input.metadata ?? null,
    set: d.set ?? null,
  });
  if (approved) settleAndSchedule(world, t, d);
  return t;
}

/**
 * An approved payment or move joins its batch (not an AUTH or the CANCEL record of a void), with
 * the rule's settlement delay ("a closed batch settles one business day after its close unless a
 * scenario says otherwise"), then the rule's `schedule` entries start.
 */
function settleAndSchedule(world: World, t: Transaction, d: Decision): void {
  if (t.type !== "AUTH" && t.type !== "CANCEL") {
    const b = joinBatch(world, t);
    if (d.settlement_delay) setSettlementDelay(world, b.id, 1 + d.settlement_delay.businessDays, d.settlement_delay.extra);
  }
  if (d.schedule) applySchedule(world, t, d.schedule);
}

/** The result a decision leaves on the transaction; a `fail` with `created` decides it alone. */
function outcomeOf(d: Decision): Pick<Transaction, "result" | "response_code" | "response_description"> {
  if (d.fail?.created === "DECLINED") return { result: "DECLINED", response_code: "05", response_description: "Declined" };
  if (d.fail?.created === "APPROVED") return { result: "APPROVED", response_code: "00", response_description: "Approved" };
  return { result: d.result, response_code: d.response_code, response_description: d.response_description };
}

/** A CAPTURE, CANCEL or REFUND record of `of`: same client, instrument (expiry null) and card type. */
function derive(world: World, of: Transaction, type: TxType, amount: number, tip: number, outcome: ReturnType<typeof outcomeOf>): Transaction {
  // Field by field (a spread sees no seldom field, stored.ts); a return's keys stay the original's.
  const { client_id, processor, card_type, network_transaction_id, initiator, recurring, recurring_details, metadata, set } = of;
  const t = insertTransaction(world, {
    client_id, processor, card_type, network_transaction_id, initiator, recurring, recurring_details, metadata, set,
    id: world.ids.next("TRANSACTION"),
    seq: world.state.transactions.size,
    ref: of.id,
    type,
    ...outcome,
    status: initialStatus(type, outcome.result),
    batch_id: null,
    is_settled: false,
    settlement_issue: null,
    remove_at_close: type === "CAPTURE" && of.remove_at_close, // the AUTH's removal mark, also when a 502 follows
    returned_at: null,
    time_created: world.clock.now(),
    amount,
    tip,
    used: 0,
    // "expiry is null on capture, void and refund responses".
    method: of.method.type === "CARD" ? withoutExpiry(of.method) : of.method,
  });
  return t;
}

/** The 409 of a requested amount above what is left to capture or refund. */
function tooMuch(amount: number, left: number, what: string): GatewayError {
  return new GatewayError("DUPLICATE_ACTION", {
    message: `The amount ${amount} exceeds the ${left} left to ${what}.`,
    details: { amount: `must be at most ${left}` },
  });
}

/**
 * Runs a move (capture, void, refund) through the processor: a decline or error leaves a record with
 * that result and the original unchanged; `fail` with `created` decides the record's result (the
 * pipeline answers the envelope). `commit` applies the move to the original; everything was
 * validated before.
 */
function move(world: World, of: Transaction, type: TxType, amount: number, tip: number, matched: Matched | null, commit: () => void): Transaction {
  const d = moveDecision(matched);
  const outcome = outcomeOf(d);
  if (outcome.result === "APPROVED") commit();
  const t = derive(world, of, type, amount, tip, outcome);
  if (d.set) t.set = { ...of.set, ...d.set };
  if (outcome.result === "APPROVED") settleAndSchedule(world, t, d);
  return t;
}

/** `POST /v1/transactions/{id}/capture`: a CAPTURE of an authorized AUTH (all of it by default). */
export function captureTransaction(world: World, scope: ClientScope, id: string, input: CaptureInput, matched: Matched | null = null): Transaction {
  const auth = findTransaction(world, scope, id);
  const next = transition(auth.status, "capture");
  const amount = input.amount ?? auth.amount;
  if (amount > auth.amount) throw tooMuch(amount, auth.amount, "capture");
  return move(world, auth, "CAPTURE", amount, Math.min(auth.tip, amount), matched, () => {
    auth.status = next;
    auth.used = amount;
  });
}

/** `POST /v1/transactions/{id}/cancel`: VOID before the batch closes, REFUND after settlement. */
export function cancelTransaction(world: World, scope: ClientScope, id: string, input: CancelInput, matched: Matched | null = null): Transaction {
  const t = findTransaction(world, scope, id);
  // A PAYOUT is a credit to the customer already; taking it back is a debit, not a refund (decisions).
  if (input.type === "REFUND" && t.type === "PAYOUT") {
    throw invalidField("type", "a PAYOUT cannot be refunded: send an ACH SALE to take money back", "INVALID_ACTION");
  }
  // The bank already sent a returned ACH payment back: nothing is left to void or refund (decisions).
  if (t.returned_at !== null) {
    throw new GatewayError("DUPLICATE_ACTION", { message: "The transaction was returned by the bank; nothing is left to void or refund." });
  }
  if (input.type === "VOID") {
    const next = transition(t.status, "void");
    if (input.amount !== undefined && input.amount !== t.amount) throw invalidField("amount", "a void is always whole: omit amount or send the full amount");
    return move(world, t, "CANCEL", t.amount, t.tip, matched, () => updateMember(batchOf(world, t), t, () => (t.status = next)));
  }
  const left = t.amount - t.used;
  const amount = input.amount ?? left;
  transition(t.status, "refund_part"); // refundable at all? (409 before the amount check)
  if (amount > left) throw tooMuch(amount, left, "refund");
  const next = transition(t.status, amount === left ? "refund_rest" : "refund_part");
  return move(world, t, "REFUND", amount, 0, matched, () => {
    t.status = next;
    t.used += amount;
  });
}

/** `GET /v1/transactions/{id}`. */
export function getTransaction(world: World, scope: ClientScope, id: string): Transaction {
  return findTransaction(world, scope, id);
}
