import type { Hono } from "hono";
import { z } from "zod";
import { isoOf } from "../core/clock.js";
import { durationSchema } from "../core/duration-schema.js";
import { addDuration, formatDurationMs, MAX_INSTANT_MS, parseDuration } from "../core/duration.js";
import { GatewayError } from "../core/errors.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";

const advanceBody = z
  .object({
    by: durationSchema("P3D").optional(),
    to: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant" }).optional(),
    until: z.literal("next_event").optional(),
  })
  .strict()
  .refine((b) => [b.by, b.to, b.until].filter((v) => v !== undefined).length === 1, {
    message: "give exactly one of by, to, until",
  });

/**
 * `GET /_mock/clock` and `POST /_mock/clock/advance` (PRODUCT.md): the simulated clock moves only
 * forward, and every event that falls due fires in (time, sequence) order before the answer.
 */
export function mountClock(ctl: Hono<AppEnv>): void {
  ctl.get("/clock", (c) => {
    const world = c.get("world");
    world.followWallClock();
    return c.json({
      now: world.clock.iso(),
      tick: formatDurationMs(world.clock.tickMs),
      pending: world.scheduler.pending().map((e) => ({ at: isoOf(e.at), event: e.event, subject: e.subject })),
    });
  });

  ctl.post("/clock/advance", async (c) => {
    const world = c.get("world");
    const body = parseWith(advanceBody, await readJsonBody(c, false), "body");
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
