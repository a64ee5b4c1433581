import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { toWire as batchWire } from "../gateway/batches/schema.js";
import { present } from "../gateway/transactions/reporting.js";
import type { Transaction } from "../gateway/transactions/transaction.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { streamJsonList } from "../http/stream.js";
import { parseWith, readQuery } from "../http/validate.js";
import { controlRoute } from "./registry.js";

const ledgerQuery = lazy(() => z.object({ client_id: z.string().min(1).optional() }).strict());
const transactionsQuery = lazy(() => z
  .object({
    client_id: z.string().min(1).optional(),
    order_id: z.string().min(1).max(500).optional().meta({ description: "Transactions whose `metadata.order_id` is this value." }),
    amount: z.string().regex(/^\d{1,9}$/, "must be an amount in cents").transform(Number).optional().meta({ description: "Transactions of this `amount` (cents)." }),
    result: z.enum(["APPROVED", "DECLINED", "ERROR"]).optional(),
    method: z.enum(["CARD", "ACH"]).optional().meta({ description: "The payment method's type." }),
    last4: z.string().regex(/^\d{4}$/, "must be four digits").optional().meta({ description: "Card payments whose card number ends with these four digits." }),
  })
  .strict());

/** The filters of `GET /_mock/transactions`, validated. */
export type TransactionFilter = z.output<ReturnType<typeof transactionsQuery>>;

/** Validates the `GET /_mock/transactions` query (400 naming each bad parameter). */
export function parseTransactionsQuery(query: Record<string, string>): TransactionFilter {
  return parseWith(transactionsQuery(), query, "query");
}

/** Whether a transaction passes every filter given. */
function passes(t: Transaction, q: TransactionFilter): boolean {
  return (
    (q.client_id === undefined || t.client_id === q.client_id) &&
    (q.order_id === undefined || t.metadata?.order_id === q.order_id) &&
    (q.amount === undefined || t.amount === q.amount) &&
    (q.result === undefined || t.result === q.result) &&
    (q.method === undefined || t.method.type === q.method) &&
    (q.last4 === undefined || (t.method.type === "CARD" && t.method.truncated_pan.endsWith(q.last4)))
  );
}

/** A transaction as `GET /v1/transactions` lists it (quirks applied). */
export type WireTransaction = ReturnType<typeof present>;
/** A batch as `GET /v1/batches` lists it, plus its members' ids in join order. */
export type WireBatch = ReturnType<typeof batchWire> & { transaction_ids: string[] };

/** Every transaction of a world passing the filters, across clients, in creation order. */
export function matchingTransactions(world: World, q: TransactionFilter = {}): Transaction[] {
  return [...world.state.transactions.values()].filter((t) => passes(t, q)).sort((a, b) => a.seq - b.seq);
}

/** Every batch of a world, across clients, by creation time then id. */
export function allBatches(world: World, requestId: string, clientId?: string): WireBatch[] {
  return [...world.state.batches.values()]
    .filter((b) => clientId === undefined || b.client_id === clientId)
    .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1))
    .map((b) => ({
      ...batchWire(b, world.state.clients.get(b.client_id)?.dba ?? "", requestId),
      transaction_ids: Array.from(b.transactions, (t) => t.id),
    }));
}

/**
 * `GET /_mock/transactions` and `GET /_mock/batches`: read-only views of a whole world across its
 * clients (the `/v1` API shows one client's at a time), in the `/v1` list shapes. The inspector
 * reads them; tests and scripts can too. `client_id` narrows to one client.
 */
export function mountLedger(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/transactions", tag: "world", summary: "Every transaction of the world, across clients",
    description: "In creation order, each as `GET /v1/transactions` lists it (quirks applied). Each filter given narrows the list: `client_id`, `order_id` (`metadata.order_id`), `amount` (cents), `result`, `method` (CARD or ACH), `last4` (a card number's last four digits). Read-only: what the inspector's transactions view shows.",
    query: transactionsQuery, errors: [400],
    answers: { 200: { description: "The transactions", schema: lazy(() => z.object({ data: z.array(z.record(z.string(), z.unknown())) }).strict()) } },
  }, (c) => {
    // Streamed: a world of 100,000 payments made a 100 MB string (one V8 string holds at most 2^29
    // characters) in 0.66 s, every world waiting.
    const world = c.get("world");
    return streamJsonList(c, "data", matchingTransactions(world, parseTransactionsQuery(readQuery(c.req.url))), (t) => present(world, t, "list"));
  });
  controlRoute(ctl, {
    method: "GET", path: "/batches", tag: "world", summary: "Every batch of the world, across clients",
    description: "By creation time, each as `GET /v1/batches` lists it plus `transaction_ids` (its members in join order). `client_id` narrows to one client.",
    query: ledgerQuery, errors: [400],
    answers: { 200: { description: "The batches", schema: lazy(() => z.object({ data: z.array(z.record(z.string(), z.unknown())) }).strict()) } },
  }, (c) => {
    const q = parseWith(ledgerQuery(), readQuery(c.req.url), "query");
    return c.json({ data: allBatches(c.get("world"), c.get("requestId"), q.client_id) });
  });
}
