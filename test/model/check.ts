import type { Driver } from "./driver.js";
import type { MBatch, Model, MTx } from "./reference.js";

/** A broken invariant: the message says which and where. */
export class Broken extends Error {}

function expectSame(what: string, got: unknown, want: unknown): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) throw new Broken(`${what}: got ${JSON.stringify(got)}, the model says ${JSON.stringify(want)}`);
}

/** Learns a batch's id from the first wire row that shows it, or checks it. */
function batchId(model: Model, b: MBatch, wire: string | null, where: string): void {
  if (b.id === null) {
    if (wire === null || model.batches.some((x) => x.id === wire)) throw new Broken(`${where}: batch_id ${wire} is not a new batch`);
    b.id = wire;
  }
  expectSame(`${where} batch_id`, wire, b.id);
}

/** One transaction on the wire against the model's facts (return fields as the spec states them). */
export function compareTx(model: Model, t: MTx, w: any): void {
  const where = `transaction ${t.id} (${t.type} ${t.processor})`;
  expectSame(`${where} type/result/code/amount/tip`, [w.type, w.result, w.response_code, w.amount, w.tip], [t.type, t.result, t.code, t.amount, t.tip]);
  expectSame(`${where} reference_transaction_id`, w.reference_transaction_id, t.ref?.id ?? null);
  expectSame(`${where} integrations`, w.integrations, [t.processor === "card" ? "CARDPROC" : "ACHPROC"]);
  if (t.batch) batchId(model, t.batch, w.batch_id, where);
  else expectSame(`${where} batch_id`, w.batch_id, null);
  expectSame(`${where} is_settled`, w.is_settled, t.settled);
  const token = w.payment_method.payment_token;
  if (t.token === undefined) {
    if (typeof token !== "string" || !/^PAYMENT_TOKEN-[0-9A-Z]{26}$/.test(token)) throw new Broken(`${where}: an approved card payment stored no token: ${token}`);
    t.token = token;
  }
  expectSame(`${where} payment_token`, token, t.token);
  expectSame(`${where} settlement_issue`, w.settlement_issue, t.removed ? "REMOVED_FROM_BATCH" : null);
  expectSame(`${where} is_returned/returned_at`, [w.is_returned, w.returned_at], [t.returned !== null, t.returned?.at ?? null]);
  const keys = ["return_code", "return_reason"].filter((k) => k in w);
  const want = t.returned ? (["code", "reason"] as const).filter((k) => t.returned![k] !== undefined).map((k) => `return_${k}`) : [];
  expectSame(`${where} return keys present`, keys, want);
  if (t.returned?.code !== undefined) expectSame(`${where} return_code`, w.return_code, t.returned.code);
  if (t.returned?.reason !== undefined) expectSame(`${where} return_reason`, w.return_reason, t.returned.reason);
}

/**
 * Rules that hold on the wire alone, whatever the model says: cards are never returned, a returned
 * transaction carries its time, refunds never exceed the money captured, one capture per AUTH.
 */
export function wireRules(rows: any[]): void {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const refunded = new Map<string, number>();
  const captures = new Map<string, number[]>();
  for (const r of rows) {
    if (r.payment_method.type === "CARD" && (r.is_returned || r.returned_at !== null || "return_code" in r || "return_reason" in r)) {
      throw new Broken(`card transaction ${r.id} carries return fields: ${JSON.stringify(r)}`);
    }
    if (r.is_returned !== (r.returned_at !== null)) throw new Broken(`${r.id}: is_returned ${r.is_returned} with returned_at ${r.returned_at}`);
    if (!r.is_returned && ("return_code" in r || "return_reason" in r)) throw new Broken(`${r.id}: return_code/return_reason on a transaction not returned`);
    if (r.result !== "APPROVED" || r.reference_transaction_id === null) continue;
    if (r.type === "REFUND") refunded.set(r.reference_transaction_id, (refunded.get(r.reference_transaction_id) ?? 0) + r.amount);
    if (r.type === "CAPTURE") captures.set(r.reference_transaction_id, [...(captures.get(r.reference_transaction_id) ?? []), r.amount]);
  }
  for (const [id, sum] of refunded) {
    const of = byId.get(id);
    if (!of || sum > of.amount) throw new Broken(`refunds of ${id} total ${sum}, more than its ${of?.amount} captured`);
    if (!of.is_settled) throw new Broken(`${id} was refunded but is not settled`);
  }
  for (const [id, amounts] of captures) {
    const auth = byId.get(id);
    if (amounts.length > 1 || !auth || amounts[0] > auth.amount) throw new Broken(`AUTH ${id} has approved captures ${amounts} for ${auth?.amount}`);
  }
}

/** The batch columns recomputed from the wire rows of its members, as docs/reference/decisions.md defines them. */
export function wireSums(members: any[], all: any[]) {
  const voided = new Set(all.filter((r) => r.type === "CANCEL" && r.result === "APPROVED").map((r) => r.reference_transaction_id));
  const s = { approved_amount: 0, captured_amount: 0, refund_amount: 0, void_amount: 0, net_amount: 0, batch_net_amount: 0 };
  for (const m of members) {
    // Removed, or returned before it settled ("returned and never settled"): adds nothing.
    if (m.settlement_issue === "REMOVED_FROM_BATCH" || (m.is_returned && !m.is_settled)) continue;
    const debit = m.type === "SALE" || m.type === "CAPTURE";
    if (debit) s.approved_amount += m.amount;
    if (voided.has(m.id)) s.void_amount += m.amount;
    else if (debit) s.captured_amount += m.amount;
    else s.refund_amount += m.amount;
  }
  s.net_amount = s.batch_net_amount = s.captured_amount - s.refund_amount;
  return s;
}

const SUM_KEYS = ["approved_amount", "captured_amount", "refund_amount", "void_amount", "net_amount", "batch_net_amount"] as const;
const pickSums = (b: any) => Object.fromEntries(SUM_KEYS.map((k) => [k, b[k]]));

/**
 * The invariants after a step: every transaction the model created (502-after-create ones
 * included) is in the list and readable by id, fields as the model says; batches as the model
 * says; the wire rules. `full` also reads every batch's members and every transaction by id.
 */
export async function checkInvariants(model: Model, d: Driver, touched: MTx[], full: boolean): Promise<number> {
  const firedBefore = model.firedCount;
  const rows = await d.allTransactions();
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (rows.length !== model.txs.length) {
    const unknown = rows.filter((r) => !model.byId(r.id)).map((r) => `${r.type} ${r.amount} ${r.id}`);
    throw new Broken(`GET /v1/transactions lists ${rows.length} transactions, the model created ${model.txs.length}; not in the model: ${unknown.join(", ") || "none"}`);
  }
  for (const t of model.txs) {
    const w = t.id === null ? undefined : byId.get(t.id);
    if (!w) throw new Broken(`transaction ${t.id ?? `(${t.type} ${t.amount}, id never learned)`} is missing from GET /v1/transactions`);
    compareTx(model, t, w);
    // A list row is a reporting read: the determined card type ("most rows are UNKNOWN").
    if (t.processor === "card") expectSame(`transaction ${t.id} card_type`, w.payment_method.card_type, t.cardType);
  }
  wireRules(rows);
  for (const t of full ? model.txs : touched) {
    const r = await d.get(`/v1/transactions/${t.id}`);
    if (r.status !== 200) throw new Broken(`GET /v1/transactions/${t.id} answered ${r.status}: ${r.text}`);
    compareTx(model, t, r.body);
    // Byte-equal to its list row, unless the clock's ticks fired an event since the list was read.
    if (model.firedCount === firedBefore) expectSame(`GET /v1/transactions/${t.id} against its list row`, r.body, byId.get(t.id!));
  }
  const batches = await d.allBatches();
  expectSame("number of batches", batches.length, model.batches.length);
  for (const b of model.batches) {
    const w = batches.find((x) => x.id === b.id);
    if (!w) throw new Broken(`batch ${b.id} (${b.processor}) is missing from GET /v1/batches`);
    expectSame(`batch ${b.id} status`, w.status, b.status);
    expectSame(`batch ${b.id} columns`, pickSums(w), model.sums(b));
  }
  if (!full) return rows.length;
  // GET /v1/batches/transactions: every transaction that joined a batch, and only those.
  const batched: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await d.get(`/v1/batches/transactions?limit=100&offset=${offset}`);
    if (r.status !== 200) throw new Broken(`GET /v1/batches/transactions answered ${r.status}: ${r.text}`);
    batched.push(...r.body.data.map((x: any) => x.id));
    if (!r.body.has_more) break;
  }
  expectSame("GET /v1/batches/transactions ids", batched.sort(), model.txs.filter((t) => t.batch).map((t) => t.id).sort());
  // The members of each batch as listed, against the model and against the batch's own columns.
  const firedAtBatches = model.firedCount;
  for (const b of model.batches) {
    const w = batches.find((x) => x.id === b.id);
    const members = await d.get(`/v1/batches/${b.id}/transactions?limit=100`);
    expectSame(`GET /v1/batches/${b.id}/transactions ids`, members.body.data.map((m: any) => m.id).sort(), b.members.map((m) => m.id).sort());
    if (model.firedCount === firedAtBatches && firedAtBatches === firedBefore) {
      expectSame(`batch ${b.id} columns against the sums of its listed members`, pickSums(w), wireSums(members.body.data, rows));
    }
  }
  return rows.length;
}
