import type { Hono } from "hono";
import { z } from "zod";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { parseWith } from "../http/validate.js";
import { exportLines } from "../replay/log.js";
import { controlRoute, instant } from "./registry.js";

const requestsQuery = z
  .object({
    operation: z.string().min(1).optional(),
    status: z.string().regex(/^\d{3}$/, "must be an HTTP status").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    limit: z.string().regex(/^\d{1,9}$/, "must be a non-negative integer").transform(Number).optional(),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict();

const journalEntry = z
  .object({
    seq: z.number().int(),
    at: instant,
    request_id: z.string(),
    method: z.string(),
    path: z.string(),
    operation: z.string().nullable(),
    client_id: z.string().nullable(),
    status: z.number().int().meta({ description: "The answer's status; 0 when a scenario dropped the connection." }),
    rule: z.string().nullable(),
    body: z.unknown().meta({ description: "The request body as sent, secrets masked." }),
  })
  .strict()
  .meta({ id: "JournalEntry" });
const requestsAnswer = z.union([z.object({ data: z.array(journalEntry), count: z.number().int() }).strict(), z.object({ count: z.number().int() }).strict()]);

/**
 * The request journal (`GET`/`DELETE /_mock/requests`) and the replay export
 * (`GET /_mock/journal/export`).
 *
 * `GET /_mock/requests` answers `{"data":[...],"count":n}`: the entries matching every filter given,
 * newest last, `limit` keeping the newest n; `count` is the number matching before `limit`. With
 * `count=true` it answers `{"count":n}` alone, for "captured exactly once" assertions.
 */
export function mountJournal(ctl: Hono<AppEnv>, _host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/requests", tag: "journal", summary: "The request journal, newest last, secrets masked",
    description: "The /v1 requests matching every filter given; `limit` keeps the newest n and `count` is the number matching before it. With `count=true` the answer is `{count}` alone, for \"captured exactly once\" assertions.",
    query: requestsQuery, errors: [400],
    answers: { 200: { description: "Matching entries and their count", schema: requestsAnswer } },
  }, (c) => {
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

  controlRoute(ctl, {
    method: "DELETE", path: "/requests", tag: "journal", summary: "Clear the journal",
    description: "Only the journal: the world's state and clock stay as they are.",
    answers: { 200: { description: "Cleared", schema: z.object({ status: z.literal("cleared") }).strict() } },
  }, (c) => {
    c.get("world").journal.clear();
    return c.json({ status: "cleared" });
  });

  controlRoute(ctl, {
    method: "GET", path: "/journal/export", tag: "journal", summary: "The replay export (NDJSON)",
    description: "One JSON line per request, in order, secrets masked: what `paydouble replay` reads to reproduce a run byte for byte.",
    answers: { 200: { description: "The export", media: "application/x-ndjson" } },
  }, (c) => {
    const body = exportLines(c.get("world")).map((line) => JSON.stringify(line) + "\n").join("");
    return c.body(body, 200, { "content-type": "application/x-ndjson; charset=utf-8" });
  });
}
