import { addBusinessDays, nextLocalTime } from "../../core/calendar.js";
import { addDuration, type Duration } from "../../core/duration.js";
import { GatewayError, notFound } from "../../core/errors.js";
import type { ClientScope } from "../auth.js";
import { merchantZone } from "../clients/client.js";
import type { Processor } from "../integrations/integration.js";
import { activeIntegration } from "../integrations/lookup.js";
import { ledgerOf } from "../transactions/ledger.js";
import { PaymentList } from "../transactions/payment-list.js";
import { transition, TRANSITIONS, type Transaction } from "../transactions/transaction.js";
import type { World } from "../world.js";
import { applyContribution, BATCH_TYPE, batchTransition, updateMember, zeroSums, type Batch } from "./batch.js";
import { releaseFollowUps } from "./follow-ups.js";
import type { CloseBatchInput, ListBatchesQuery } from "./schema.js";

/**
 * Batches over (world, ...): joining, closing (by call, by the settlement time, by a scenario) and
 * settling on the simulated clock. Domain functions here take no scope: the scenario helper and the
 * control API call them directly; the `...Request` functions are the HTTP operations.
 */

/** Settlement time used when a client has no active Cardproc integration (ACH-only merchants). */
export const DEFAULT_SETTLEMENT_TIME = "22:00";

/** The client's open batch for `processor`, opened (and its auto-close scheduled) when none is. */
export function openBatchFor(world: World, clientId: string, processor: Processor): Batch {
  const ledger = ledgerOf(world, clientId);
  const existing = ledger.open[processor];
  if (existing) return existing;
  const id = world.ids.next("BATCH");
  const b: Batch = {
    id,
    batch_number: String(ledger.batches.length + 1),
    processor,
    client_id: clientId,
    status: "open",
    created_at: world.clock.now(),
    closed_at: null,
    settled_at: null,
    settle_delay_days: 1,
    settle_extra: null,
    transactions: new PaymentList(world.state.transactions),
    sums: zeroSums(),
  };
  world.state.batches.set(id, b);
  ledger.batches.push(b);
  ledger.open[processor] = b;
  scheduleAutoClose(world, b);
  return b;
}

/** "Batches close automatically at the integration's settlement_time, in the merchant's time zone." */
function scheduleAutoClose(world: World, b: Batch): void {
  const client = world.state.clients.get(b.client_id);
  if (!client) return;
  const card = activeIntegration(world, b.client_id, "Cardproc");
  const hhmm = typeof card?.details.settlement_time === "string" ? card.details.settlement_time : DEFAULT_SETTLEMENT_TIME;
  world.scheduler.schedule(nextLocalTime(world.clock.now(), hhmm, merchantZone(client)), "batch_auto_close", b.id, { batchId: b.id });
}

/** An approved SALE, CAPTURE, REFUND or PAYOUT joins the client's open batch for its processor. */
export function joinBatch(world: World, t: Transaction): Batch {
  const b = openBatchFor(world, t.client_id, t.processor);
  t.batch_id = b.id;
  b.transactions.push(t);
  applyContribution(b, t, 1);
  ledgerOf(world, t.client_id).batched.push(t);
  return b;
}

/** The batch a transaction is in, if any. */
export function batchOf(world: World, t: Transaction): Batch | undefined {
  return t.batch_id === null ? undefined : world.state.batches.get(t.batch_id);
}

/**
 * Closes one open batch: members marked for removal get `REMOVED_FROM_BATCH` and leave the sums,
 * the rest start settling, and the settlement is scheduled `settle_delay_days` business days later.
 */
export function closeBatch(world: World, b: Batch): Batch {
  b.status = batchTransition(b.status, "close");
  b.closed_at = world.clock.now();
  const ledger = ledgerOf(world, b.client_id);
  if (ledger.open[b.processor] === b) delete ledger.open[b.processor];
  // Its auto-close is moot now; drop it so `GET /_mock/clock` lists only what will act.
  world.scheduler.cancel((e) => e.event === "batch_auto_close" && e.subject === b.id);
  for (const t of b.transactions) {
    const action = t.remove_at_close ? "batch_remove" : "batch_close";
    if (!TRANSITIONS[t.status][action]) continue; // voided members stay as they are
    updateMember(b, t, () => {
      t.status = transition(t.status, action);
      if (action === "batch_remove") t.settlement_issue = "REMOVED_FROM_BATCH";
    });
  }
  for (const t of b.transactions) releaseFollowUps(world, t, "batch_close");
  scheduleSettlement(world, b);
  return b;
}

function scheduleSettlement(world: World, b: Batch): void {
  world.scheduler.cancel((e) => e.event === "batch_settle" && e.subject === b.id);
  const at = addBusinessDays(b.closed_at!, b.settle_delay_days);
  world.scheduler.schedule(b.settle_extra ? addDuration(at, b.settle_extra) : at, "batch_settle", b.id, { batchId: b.id });
}

/** Every open batch of a client closes (the close call without `batch_id`, a timeline event). */
export function closeBatches(world: World, clientId: string): Batch[] {
  const ledger = ledgerOf(world, clientId);
  const open = (["Cardproc", "Achproc"] as const).map((p) => ledger.open[p]).filter((b): b is Batch => !!b);
  return open.map((b) => closeBatch(world, b));
}

/** Settles a closed batch now: its members not returned become `is_settled`. 409 unless the batch is closed. */
export function settleBatch(world: World, batchId: string): Batch {
  const b = world.state.batches.get(batchId);
  if (!b) throw notFound("Batch");
  b.status = batchTransition(b.status, "settle");
  b.settled_at = world.clock.now();
  world.scheduler.cancel((e) => e.event === "batch_settle" && e.subject === b.id);
  for (const t of b.transactions) {
    if (!TRANSITIONS[t.status].settle) continue;
    // "A transaction can be settled and returned, or returned and never settled": a member the
    // bank sent back before this moment stays unsettled (and out of the sums, see `contribution`).
    if (t.returned_at === null) {
      updateMember(b, t, () => {
        t.status = transition(t.status, "settle");
        t.is_settled = true;
      });
    }
    releaseFollowUps(world, t, "settlement");
  }
  return b;
}

/**
 * Changes when a batch settles after its close: `businessDays` business days, plus `extra` (an ISO
 * duration) if given (scenario `settlement: {delay}`, `schedule: settle`). An already closed batch
 * is rescheduled from its close instant; a settled one is 409.
 */
export function setSettlementDelay(world: World, batchId: string, businessDays: number, extra: Duration | null = null): Batch {
  const b = world.state.batches.get(batchId);
  if (!b) throw notFound("Batch");
  if (b.status === "settled") throw new GatewayError("DUPLICATE_ACTION", { message: "The batch is already settled." });
  b.settle_delay_days = businessDays;
  b.settle_extra = extra;
  if (b.status === "closed") scheduleSettlement(world, b);
  return b;
}

/** Scheduler handler: the settlement time passed; an open batch closes (a closed one is left alone). */
export function onAutoClose(world: World, p: { batchId: string }): void {
  const b = world.state.batches.get(p.batchId);
  if (b?.status === "open") closeBatch(world, b);
}

/** Scheduler handler: a closed batch's settlement day came. */
export function onSettle(world: World, p: { batchId: string }): void {
  if (world.state.batches.get(p.batchId)?.status === "closed") settleBatch(world, p.batchId);
}

/** The client ids a scope may name in `client_id`: the actor, or a reseller's own children. */
function mayActFor(world: World, scope: ClientScope, clientId: string): boolean {
  if (clientId === scope.actor.id) return true;
  const c = world.state.clients.get(clientId);
  return scope.actingAs !== "child" && scope.actor.type === "reseller" && c?.parent_id === scope.actor.id;
}

/** `POST /v1/batches/close`. */
export function closeBatchRequest(world: World, scope: ClientScope, input: CloseBatchInput): Batch[] {
  if (!mayActFor(world, scope, input.client_id)) throw notFound("Client");
  if (input.batch_id === undefined) return closeBatches(world, input.client_id);
  const b = world.state.batches.get(input.batch_id);
  if (!b || b.client_id !== input.client_id) throw notFound("Batch");
  const details: Record<string, string> = {};
  if (b.processor !== input.processor) details.processor = `the batch belongs to ${b.processor}`;
  if (BATCH_TYPE[b.processor] !== input.batch_type) details.batch_type = `the batch is of type ${BATCH_TYPE[b.processor]}`;
  if (Object.keys(details).length > 0) throw new GatewayError("INVALID_REQUEST_DATA", { details });
  return [closeBatch(world, b)];
}

export const BATCH_PAGE = { default: 20, max: 100 } as const;

/** `GET /v1/batches`: the actor's batches, sorted (ties by id) and paged. */
export function listBatches(world: World, scope: ClientScope, q: ListBatchesQuery) {
  const rows = [...ledgerOf(world, scope.actor.id).batches];
  const column = q.sort_column ?? "created_at";
  const sign = (q.sort_order ?? "desc") === "asc" ? 1 : -1;
  const key = (b: Batch): number | string =>
    column === "batch_number" ? Number(b.batch_number)
    : column === "status" ? b.status
    : column === "net_amount" ? b.sums.net_amount
    : column === "closed_at_date_time" ? (b.closed_at ?? Infinity)
    : column === "settled_at_date_time" ? (b.settled_at ?? Infinity)
    : b.created_at;
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return sign * (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
  const take = q.take ?? BATCH_PAGE.default;
  const skip = q.skip ?? 0;
  return { rows: rows.slice(skip, skip + take), total: rows.length, take, skip };
}

/** One batch of the actor (404 otherwise: `GET /v1/batches/{id}/transactions` does return it). */
export function getBatch(world: World, scope: ClientScope, id: string): Batch {
  const b = world.state.batches.get(id);
  if (!b || b.client_id !== scope.actor.id) throw notFound("Batch");
  return b;
}
