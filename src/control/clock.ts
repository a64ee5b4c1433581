import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { isoOf } from "../core/clock.js";
import { durationSchema } from "../core/duration-schema.js";
import { addDuration, formatDurationMs, MAX_INSTANT_MS, parseDuration } from "../core/duration.js";
import { GatewayError } from "../core/errors.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";
import { controlRoute, firedEvent, instant } from "./registry.js";

const advanceBody = lazy(() => z
  .object({
    by: durationSchema("P3D").optional(),
    to: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant" }).optional(),
    until: z.literal("next_event").optional(),
  })
  .strict()
  .refine((b) => [b.by, b.to, b.until].filter((v) => v !== undefined).length === 1, {
    message: "give exactly one of by, to, until",
  }));

const clockAnswer = lazy(() => z
  .object({
    now: instant,
    tick: z.string().meta({ description: "How far each /v1 request moves the clock, an ISO 8601 duration." }),
    pending: z.array(z.object({ at: instant, event: z.string(), subject: z.string() }).strict()),
  })
  .strict());
const advanceAnswer = lazy(() => z.object({ now: instant, fired: z.array(firedEvent) }).strict());

/** What `GET /_mock/clock` answers (the real-time mode's clock caught up first); `limit`: only the first pending events. */
export function clockData(world: World, limit?: number) {
  world.followWallClock();
  return {
    now: world.clock.iso(),
    tick: formatDurationMs(world.clock.tickMs),
    pending: world.scheduler.pending(limit).map((e) => ({ at: isoOf(e.at), event: e.event, subject: e.subject })),
  };
}

/**
 * `GET /_mock/clock` and `POST /_mock/clock/advance` (PRODUCT.md): the simulated clock moves only
 * forward, and every event that falls due fires in (time, sequence) order before the answer.
 */
export function mountClock(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/clock", tag: "clock", summary: "The simulated now, the tick and the pending events",
    description: "`pending` lists the scheduled events (batch settlements, ACH returns, timeline steps) in the order they will fire.",
    answers: { 200: { description: "The clock", schema: clockAnswer } },
  }, (c) => c.json(clockData(c.get("world"))));

  controlRoute(ctl, {
    method: "POST", path: "/clock/advance", tag: "clock", summary: "Move the clock forward and fire what falls due",
    description: "Exactly one of `by` (an ISO 8601 duration such as P3D), `to` (an instant) or `until: next_event`. Every due event fires in (time, sequence) order before the answer. The clock never goes back: 409.",
    body: advanceBody, errors: [400, 409],
    answers: { 200: { description: "The new now and the events that fired", schema: advanceAnswer } },
  }, async (c) => {
    const world = c.get("world");
    const body = parseWith(advanceBody(), await readJsonBody(c, false), "body");
    world.followWallClock();
    const now = world.clock.now();
    let target = now;
    if (body.by !== undefined) target = addDuration(now, parseDuration(body.by)!);
    else if (body.to !== undefined) target = Date.parse(body.to);
    else target = Math.max(now, world.scheduler.peek()?.at ?? now);
    if (!(target <= MAX_INSTANT_MS)) {
      const field = body.by !== undefined ? "by" : body.to !== undefined ? "to" : "until";
      const value = body.by ?? body.to ?? "next_event";
      throw new GatewayError("INVALID_REQUEST_DATA", { details: { [field]: `${value} would move the clock past ${isoOf(MAX_INSTANT_MS)}, the last instant it can show` } });
    }
    if (target < now) {
      throw new GatewayError("DUPLICATE_ACTION", {
        message: `The clock never goes back: it is ${isoOf(now)}.`,
        details: { to: `must not be before ${isoOf(now)}` },
      });
    }
    const fired = world.advanceTo(target);
    world.followWallClock();
    return c.json({ now: world.clock.iso(), fired });
  });
}
