import type { Hono } from "hono";
import { z } from "zod";
import { GatewayError } from "../core/errors.js";
import type { Host } from "../gateway/host.js";
import type { JournalEntry } from "../gateway/journal.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseWith } from "../http/validate.js";
import { exportLines } from "../replay/log.js";

const requestsQuery = z
  .object({
    operation: z.string().min(1).optional(),
    status: z.string().regex(/^\d{3}$/, "must be an HTTP status").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    limit: z.string().regex(/^\d{1,9}$/, "must be a non-negative integer").transform(Number).optional(),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict();

const seqParam = z.object({ seq: z.string().regex(/^[1-9]\d{0,8}$/, "must be a journal sequence number").transform(Number) });

/** The filters of `GET /_mock/requests`, already validated. */
export interface EntryFilter {
  operation?: string;
  status?: number;
  client_id?: string;
}

/** Journal entries matching every filter given, oldest first (the journal route and the inspector's log). */
export function filterEntries(world: World, q: EntryFilter): JournalEntry[] {
  return world.journal
    .entries()
    .filter(
      (e) =>
        (q.operation === undefined || e.operation === q.operation) &&
        (q.status === undefined || e.status === q.status) &&
        (q.client_id === undefined || e.client_id === q.client_id),
    );
}

/** Validates the `GET /_mock/requests` query (400 naming each bad parameter). */
export function parseRequestsQuery(query: Record<string, string>) {
  return parseWith(requestsQuery, query, "query");
}

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
    const matching = filterEntries(c.get("world"), q);
    if (q.count === "true") return c.json({ count: matching.length });
    const data = q.limit === undefined ? matching : q.limit === 0 ? [] : matching.slice(-q.limit);
    return c.json({ data, count: matching.length });
  });

  ctl.get("/requests/:seq", (c) => {
    const { seq } = parseWith(seqParam, c.req.param(), "query");
    const entry = c.get("world").journal.get(seq);
    if (!entry) throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No journal entry ${seq} (never recorded, cleared, or dropped from the ring).` });
    return c.json(entry);
  });

  ctl.delete("/requests", (c) => {
    c.get("world").journal.clear();
    return c.json({ status: "cleared" });
  });

  ctl.get("/journal/export", (c) => {
    const body = exportLines(c.get("world")).map((line) => JSON.stringify(line) + "\n").join("");
    return c.body(body, 200, { "content-type": "application/x-ndjson; charset=utf-8" });
  });
}
