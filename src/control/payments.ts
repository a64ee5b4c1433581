import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { isoOf } from "../core/clock.js";
import { durationSchema } from "../core/duration-schema.js";
import { GatewayError, notFound } from "../core/errors.js";
import { instantAfter } from "../core/instant.js";
import { batchResponse, toWire as batchWire } from "../gateway/batches/schema.js";
import { settleBatch } from "../gateway/batches/service.js";
import { markRemovedFromBatch, returnAch } from "../gateway/transactions/effects.js";
import { present } from "../gateway/transactions/reporting.js";
import { transactionResponse } from "../gateway/transactions/schema.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import { controlRoute, instant } from "./registry.js";

/**
 * The direct test helpers of PRODUCT.md's control API: return an ACH payment, mark a payment
 * REMOVED_FROM_BATCH at its batch's close, settle a closed batch. They call the same domain
 * functions the scenario outcomes use, in whichever world the path selects (root or sandbox).
 */

const achReturnBody = lazy(() => z
  .object({
    code: z.string().min(1).max(8).nullable().optional(),
    reason: z.string().min(1).max(200).optional(),
    in: durationSchema("P2D").optional(),
  })
  .strict());

function transaction(world: World, id: string) {
  const t = world.state.transactions.get(id);
  if (!t) throw notFound("Transaction");
  return t;
}

const scheduledAnswer = lazy(() => z.object({ scheduled: z.object({ at: instant, event: z.literal("ach_return"), subject: z.string() }).strict() }).strict());

const conflict = (message: string) => new GatewayError("DUPLICATE_ACTION", { message });

export function mountPaymentHelpers(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "POST", path: "/transactions/:id/ach-return", tag: "payments", summary: "Return an ACH payment now or later",
    description: "`code` (default R01) and `reason` as the bank would send them; `in` (an ISO 8601 duration) schedules the return instead. Only an approved ACH payment not returned yet: 409 otherwise.",
    body: achReturnBody, bodyOptional: true, errors: [400, 404, 409],
    answers: {
      200: { description: "Returned now: the transaction as a list shows it", schema: transactionResponse },
      202: { description: "Scheduled on the simulated clock", schema: scheduledAnswer },
    },
  }, async (c) => {
    const world = c.get("world");
    const body = parseWith(achReturnBody(), await readJsonBody(c, true), "body");
    const t = transaction(world, c.req.param("id"));
    const at = body.in === undefined ? undefined : instantAfter(world.clock.now(), body.in, "in");
    // Every "cannot be returned" is a conflict with the transaction's state here (the domain
    // function's 400 is for scenario files, which name no transaction).
    if (t.processor !== "Achproc" || t.result !== "APPROVED" || t.type === "CANCEL") throw conflict("Only an approved ACH payment can be returned.");
    if (t.returned_at !== null) throw conflict("The transaction is already returned.");
    const r = { code: body.code ?? undefined, reason: body.reason };
    if (at === undefined) return c.json(present(world, returnAch(world, t.id, r), "list"), 200);
    world.scheduler.schedule(at, "ach_return", t.id, { transactionId: t.id, ...r });
    return c.json({ scheduled: { at: isoOf(at), event: "ach_return", subject: t.id } }, 202);
  });

  controlRoute(ctl, {
    method: "POST", path: "/transactions/:id/remove-from-batch", tag: "payments", summary: "Mark a payment REMOVED_FROM_BATCH at its batch's close",
    description: "The processor drops it from the batch when the batch closes: it never settles and `settlement_issue` says why.",
    errors: [404, 409],
    answers: { 200: { description: "The transaction", schema: transactionResponse } },
  }, (c) => {
    const world = c.get("world");
    const t = transaction(world, c.req.param("id"));
    return c.json(present(world, markRemovedFromBatch(world, t.id), "list"), 200);
  });

  controlRoute(ctl, {
    method: "POST", path: "/batches/:id/settle", tag: "payments", summary: "Settle a closed batch now",
    description: "Without waiting for the settlement time: its members become `is_settled`. 409 unless the batch is closed.",
    errors: [404, 409],
    answers: { 200: { description: "The settled batch", schema: batchResponse } },
  }, (c) => {
    const world = c.get("world");
    const b = settleBatch(world, c.req.param("id"));
    return c.json(batchWire(b, world.state.clients.get(b.client_id)?.dba ?? "", c.get("requestId")), 200);
  });
}
