import type { Hono } from "hono";
import { z } from "zod";
import { isoOf } from "../core/clock.js";
import { addDuration, DURATION_PATTERN, formatDurationMs, parseDuration } from "../core/duration.js";
import { GatewayError } from "../core/errors.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith, readJsonBody } from "../http/validate.js";

const advanceBody = z
  .object({
    by: z.string().regex(DURATION_PATTERN, "must be an ISO 8601 duration such as P3D").optional(),
    to: z.iso.datetime({ offset: true, error: "must be an ISO 8601 instant" }).optional(),
    until: z.literal("next_event").optional(),
  })
  .strict()
  .refine((b) => [b.by, b.to, b.until].filter((v) => v !== undefined).length === 1, {
    message: "give exactly one of by, to, until",
  });

/** What `GET /_mock/clock` answers (the real-time mode's clock caught up first). */
export function clockData(world: World) {
  world.followWallClock();
  return {
    now: world.clock.iso(),
    tick: formatDurationMs(world.clock.tickMs),
    pending: world.scheduler.pending().map((e) => ({ at: isoOf(e.at), event: e.event, subject: e.subject })),
  };
}

/**
 * `GET /_mock/clock` and `POST /_mock/clock/advance` (PRODUCT.md): the simulated clock moves only
 * forward, and every event that falls due fires in (time, sequence) order before the answer.
 */
export function mountClock(ctl: Hono<AppEnv>): void {
  ctl.get("/clock", (c) => c.json(clockData(c.get("world"))));

  ctl.post("/clock/advance", async (c) => {
    const world = c.get("world");
    const body = parseWith(advanceBody, await readJsonBody(c, false), "body");
    world.followWallClock();
    const now = world.clock.now();
    let target = now;
    if (body.by !== undefined) target = addDuration(now, parseDuration(body.by)!);
    else if (body.to !== undefined) target = Date.parse(body.to);
    else target = Math.max(now, world.scheduler.peek()?.at ?? now);
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
