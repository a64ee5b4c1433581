import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readQuery } from "../http/validate.js";
import { controlRoute, instant } from "./registry.js";

const activityQuery = lazy(() => z
  .object({ after: z.string().regex(/^(?:0|[1-9]\d{0,14})$/, "must be an activity id (0 or more)").transform(Number).optional().meta({ description: "Items with a greater `id` (what is new since the last read)." }) })
  .strict());

const effect = lazy(() => z.object({ transaction_id: z.string(), change: z.string().meta({ description: "`CLOSED`, `SETTLED`, `REMOVED_FROM_BATCH`, `RETURNED R01 after settlement`..." }) }).strict());
const item = lazy(() => z
  .object({
    id: z.number().int(),
    after_seq: z.number().int().meta({ description: "The journal `seq` of the last /v1 request before it: where it sits among the requests." }),
    at: instant,
    kind: z.enum(["control", "event"]),
    title: z.string().meta({ description: "The control call (`POST /_mock/clock/advance {\"by\":\"P1D\"}`, body masked and cut) or the event and its subject." }),
    status: z.number().int().nullable().meta({ description: "The control call's answer status; null for an event." }),
    effects: z.array(effect()),
    summary: z.string().meta({ description: "The effects counted: `1 payment CLOSED, 1 payment REMOVED_FROM_BATCH` (empty for none)." }),
  })
  .strict()
  .meta({ id: "ActivityItem" }));
const activityAnswer = lazy(() => z
  .object({
    data: z.array(item()),
    created_by: z.array(z.object({ transaction_id: z.string(), seq: z.number().int() }).strict()).meta({ description: "Payments a failed /v1 request created anyway (a 502 after create), with that request's journal `seq`." }),
  })
  .strict());

/**
 * `GET /_mock/activity`: what happened to the world besides its /v1 requests (control writes and
 * the scheduled events that fired, with their effects on payments), in order. The inspector
 * interleaves it with the request log; it is not part of the journal or the replay export.
 */
export function mountActivity(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/activity", tag: "journal", summary: "Control actions and fired events, with their effects on payments",
    description: "Successful control writes (scenario loads, clock moves, resets, the payment helpers...) and the scheduled events that fired (batch closes and settlements, ACH returns, timeline entries), each placed after the journal `seq` it followed, with what it did to payments. Bounded like the journal (oldest dropped first); not part of the journal or the replay export, so replays stay byte-identical.",
    query: activityQuery, errors: [400],
    answers: { 200: { description: "The activity, oldest first", schema: activityAnswer } },
  }, (c) => {
    const q = parseWith(activityQuery(), readQuery(c.req.url), "query");
    const activity = c.get("world").activity;
    return c.json({ data: activity.items(q.after ?? 0), created_by: activity.createdLinks().map(([transaction_id, seq]) => ({ transaction_id, seq })) });
  });
}
