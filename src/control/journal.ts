import type { Hono } from "hono";
import { z } from "zod";
import type { Host } from "../gateway/host.js";
import { pageSize } from "../gateway/paging.js";
import type { AppEnv } from "../http/env.js";
import { GatewayError } from "../core/errors.js";
import { parseWith } from "../http/validate.js";
import { streamExport } from "../replay/export.js";

const requestsQuery = z
  .object({
    operation: z.string().min(1).optional(),
    // 0 is how a transport fault (no answer sent) is journaled, so it can be filtered like any status.
    status: z.string().regex(/^(?:0|\d{3})$/, "must be an HTTP status, or 0 for no answer").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    error_code: z.string().min(1).optional(),
    // A page size like every list's (1 or more); `count=true` is the way to ask for no entries.
    limit: pageSize(999_999_999).optional(),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict();

const seqParam = z.object({ seq: z.string().regex(/^[1-9]\d{0,14}$/, "must be a positive integer").transform(Number) });

/**
 * The request journal (`GET`/`DELETE /_mock/requests`) and the replay export
 * (`GET /_mock/journal/export`).
 *
 * `GET /_mock/requests` answers `{"data":[...],"count":n}`: the entries matching every filter given,
 * newest last, `limit` keeping the newest n; `count` is the number matching before `limit`. With
 * `count=true` it answers `{"count":n}` alone, for "captured exactly once" assertions.
 * `GET /_mock/requests/{seq}` answers one entry whole, or 404 once it has left the ring.
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
          (q.client_id === undefined || e.client_id === q.client_id) &&
          (q.error_code === undefined || e.error_code === q.error_code),
      );
    if (q.count === "true") return c.json({ count: matching.length });
    const data = q.limit === undefined ? matching : matching.slice(-q.limit);
    return c.json({ data, count: matching.length });
  });

  ctl.get("/requests/:seq", (c) => {
    const { seq } = parseWith(seqParam, { seq: c.req.param("seq") }, "query");
    const entry = c.get("world").journal.get(seq);
    if (!entry) {
      throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No journal entry ${seq}: never recorded, or dropped from the ring (its limit is ${c.get("world").journal.limit}).` });
    }
    return c.json(entry);
  });

  ctl.delete("/requests", (c) => {
    c.get("world").journal.clear();
    return c.json({ status: "cleared" });
  });

  ctl.get("/journal/export", (c) => streamExport(c, c.get("world")));
}
