import type { Hono } from "hono";
import { z } from "zod";
import { toWire as batchWire } from "../gateway/batches/schema.js";
import { present } from "../gateway/transactions/reporting.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith } from "../http/validate.js";
import { controlRoute } from "./registry.js";

const ledgerQuery = z.object({ client_id: z.string().min(1).optional() }).strict();

/** A transaction as `GET /v1/transactions` lists it (quirks applied). */
export type WireTransaction = ReturnType<typeof present>;
/** A batch as `GET /v1/batches` lists it, plus its members' ids in join order. */
export type WireBatch = ReturnType<typeof batchWire> & { transaction_ids: string[] };

/** Every transaction of a world, across clients, in creation order (optionally one client's). */
export function allTransactions(world: World, clientId?: string): WireTransaction[] {
  return [...world.state.transactions.values()]
    .filter((t) => clientId === undefined || t.client_id === clientId)
    .sort((a, b) => a.seq - b.seq)
    .map((t) => present(world, t, "list"));
}

/** Every batch of a world, across clients, by creation time then id. */
export function allBatches(world: World, requestId: string, clientId?: string): WireBatch[] {
  return [...world.state.batches.values()]
    .filter((b) => clientId === undefined || b.client_id === clientId)
    .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1))
    .map((b) => ({
      ...batchWire(b, world.state.clients.get(b.client_id)?.dba ?? "", requestId),
      transaction_ids: b.transactions.map((t) => t.id),
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
    description: "In creation order, each as `GET /v1/transactions` lists it (quirks applied). `client_id` narrows to one client. Read-only: what the inspector's transactions view shows.",
    query: ledgerQuery, errors: [400],
    answers: { 200: { description: "The transactions", schema: z.object({ data: z.array(z.record(z.string(), z.unknown())) }).strict() } },
  }, (c) => {
    const q = parseWith(ledgerQuery, c.req.query(), "query");
    return c.json({ data: allTransactions(c.get("world"), q.client_id) });
  });
  controlRoute(ctl, {
    method: "GET", path: "/batches", tag: "world", summary: "Every batch of the world, across clients",
    description: "By creation time, each as `GET /v1/batches` lists it plus `transaction_ids` (its members in join order). `client_id` narrows to one client.",
    query: ledgerQuery, errors: [400],
    answers: { 200: { description: "The batches", schema: z.object({ data: z.array(z.record(z.string(), z.unknown())) }).strict() } },
  }, (c) => {
    const q = parseWith(ledgerQuery, c.req.query(), "query");
    return c.json({ data: allBatches(c.get("world"), c.get("requestId"), q.client_id) });
  });
}
