import { queryParams } from "../core/query.js";
import type { World } from "../gateway/world.js";

/** What one answered `/v1` request was, as far as the catalogue cares (read on the request path). */
export interface Facts {
  operation: string | null;
  /** 0 when no answer was sent. */
  status: number;
  /** The handler's wire answer (also when a 502 was answered after it ran); undefined when it did not run. */
  result: unknown;
  /** The request URL (its query is parsed only for the operations that need it). */
  url: string;
  /** `X-Acting-As-Client-Id` named the caller itself. */
  actingAsSelf: boolean;
  /** A 200 whose body is not whole JSON (the `malformed_json` fault). */
  cut: boolean;
  /** The world after the request (its quirks; the target of a capture or cancel). */
  world: World;
}

/** Told each outcome met, as its id's two halves (`createTransaction`, `declined`): no string is built per request. */
export type Met = (group: string, outcome: string) => void;

type Wire = Record<string, unknown>;
const PAYMENTS = new Set(["createTransaction", "captureTransaction", "cancelTransaction"]);

const query = (f: Facts) => queryParams(f.url, "first");

/**
 * Calls `met` with each catalogue outcome this request met. O(1) for every operation but the list
 * read, which looks at the rows it answered (at most a page).
 */
export function classify(f: Facts, met: Met): void {
  const op = f.operation;
  if (op === null) return;
  const quirks = f.world.quirks;
  if (f.status === 0 || f.cut) return met(op, "transport-fault");
  if (f.actingAsSelf && f.status === 403 && quirks.acting_as_self_rejected) met("quirk", "acting_as_self_rejected");
  const r = f.result as Wire | undefined;
  if (f.status !== 200) {
    if (f.status === 502 && PAYMENTS.has(op)) return met(op, r ? "502-created" : "502-not-created");
    if (op === "listTransactions" && f.status === 500 && quirks.type_filter_void_500 && /VOID/i.test(query(f).type ?? "")) met("quirk", "type_filter_void_500");
    if (op === "listBatchTransactions" && f.status === 400 && quirks.batch_card_type_single && /UNKNOWN/i.test(query(f).card_type ?? "")) met("quirk", "batch_card_type_single");
    return met(op, String(f.status));
  }
  met(op, "200");
  if (!r) return;
  if (PAYMENTS.has(op)) payment(op, r, f, met);
  else if (op === "getTransaction") {
    read(r, f, met, op);
    if (quirks.initiator_null_on_get) met("quirk", "initiator_null_on_get");
  } else if (op === "listTransactions") {
    const rows = (r.data as Wire[] | undefined) ?? [];
    for (let i = 0; i < rows.length; i++) read(rows[i]!, f, met, op);
    if (quirks.type_filter_payout_ignored && /PAYOUT/i.test(query(f).type ?? "")) met("quirk", "type_filter_payout_ignored");
  }
}

function payment(op: string, r: Wire, f: Facts, met: Met): void {
  const result = r.result;
  met(op, result === "APPROVED" ? "approved" : result === "DECLINED" ? "declined" : "result-error");
  if (result !== "APPROVED") return;
  if (op === "createTransaction") {
    const pm = r.payment_method as Wire | undefined;
    if (pm?.payment_token === "Payment method could not be tokenized.") met(op, "tokenization-failed");
    if (f.world.quirks.card_type_unknown_on_create && pm?.type === "CARD") met("quirk", "card_type_unknown_on_create");
    return;
  }
  const target = typeof r.reference_transaction_id === "string" ? f.world.state.transactions.get(r.reference_transaction_id) : undefined;
  if (!target) return;
  if (op === "captureTransaction") {
    met("lifecycle", "authorized.capture");
    if (typeof r.amount === "number" && r.amount < target.amount) met(op, "partial");
  } else if (r.type === "CANCEL") {
    met("lifecycle", target.type === "AUTH" ? "authorized.void" : "pending.void");
  } else if (r.type === "REFUND") {
    met("lifecycle", target.status === "refunded" ? "settled.refund_rest" : "settled.refund_part");
  }
}

/** What a read shows of the clock's work on a payment. */
function read(t: Wire, f: Facts, met: Met, op: string): void {
  if (f.world.quirks.return_fields_absent && !("return_code" in t)) met("quirk", "return_fields_absent");
  if (t.is_settled === true) met(op, "settled");
  if (t.settlement_issue === "REMOVED_FROM_BATCH") met(op, "removed-from-batch");
  if (t.is_returned === true) {
    met(op, t.is_settled === true ? "ach-returned-after-settlement" : "ach-returned-before-settlement");
    if (t.return_code == null) met(op, "ach-returned-without-code");
  }
}
