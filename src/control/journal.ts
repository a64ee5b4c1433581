import type { Hono } from "hono";
import { z } from "zod";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { parseWith } from "../http/validate.js";
import { streamExport } from "../replay/export.js";

const requestsQuery = z
  .object({
    operation: z.string().min(1).optional(),
    status: z.string().regex(/^\d{3}$/, "must be an HTTP status").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    limit: z.string().regex(/^\d{1,9}$/, "must be a non-negative integer").transform(Number).optional(),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict();

/**
 * The request journal (`GET`/`DELETE /_mock/requests`) and the replay export
 * (`GET /_mock/journal/export`).
 *
 * `GET /_mock/requests` answers `{"data":[...],"count":n}`: the entries matching every filter given,
 * newest last, `limit` keeping the newest n; `count` is the number matching before `limit`. With
 * `count=true` it answers `{"count":n}` alone, for "captured exactly once" assertions.
 */
export function mountJournal(ctl: Hono<AppEnv>, _host: Host): void {
  ctl.get("/requests", (c) => {
    const q = parseWith(requestsQuery, c.req.query(), "query");
    const matching = c
      .get("world")
      .journal.entries()
      .filter(
        (e) =>
          (q.operation === undefined || e.operation === q.operation) &&
          (q.status === undefined || e.status === q.status) &&
          (q.client_id === undefined || e.client_id === q.client_id),
      );
    if (q.count === "true") return c.json({ count: matching.length });
    const data = q.limit === undefined ? matching : q.limit === 0 ? [] : matching.slice(-q.limit);
    return c.json({ data, count: matching.length });
  });

  ctl.delete("/requests", (c) => {
    c.get("world").journal.clear();
    return c.json({ status: "cleared" });
  });

  ctl.get("/journal/export", (c) => streamExport(c, c.get("world")));
}
