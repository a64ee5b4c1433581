import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import type { Host } from "../gateway/host.js";
import type { JournalEntry, PageQuery } from "../gateway/journal.js";
import type { World } from "../gateway/world.js";
import { pageSize } from "../gateway/paging.js";
import type { AppEnv } from "../http/env.js";
import { GatewayError } from "../core/errors.js";
import { parseWith, readQuery } from "../http/validate.js";
import { streamExport } from "../replay/export.js";
import { controlRoute, instant } from "./registry.js";

/** A journal `seq` (or activity id) cursor as a query parameter. */
export const cursor = lazy(() => z.string().regex(/^(?:0|[1-9]\d{0,14})$/, "must be a journal seq (0 or more)").transform(Number));

const requestsQuery = lazy(() => z
  .object({
    operation: z.string().min(1).optional(),
    // 0 is how a transport fault (no answer sent) is journaled, so it can be filtered like any status.
    status: z.string().regex(/^(?:0|\d{3})$/, "must be an HTTP status, or 0 for no answer").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    error_code: z.string().min(1).optional(),
    path: z.string().min(1).max(2048).optional().meta({ description: "Entries whose path (without the query string) contains this text." }),
    rule: z.string().min(1).max(2048).optional().meta({ description: "Entries shaped by this rule (`<scenario>/<rule>`, as `rule` shows it)." }),
    quirk: z.string().min(1).max(100).optional().meta({ description: "Entries shaped by this spec quirk (a name of `GET /_mock/quirks`)." }),
    after: cursor().optional().meta({ description: "Entries with a greater `seq` (reading forward: with `limit`, the oldest n of them)." }),
    before: cursor().optional().meta({ description: "Entries with a smaller `seq` (an older page: with `limit`, the newest n of them)." }),
    // A page size like every list's (1 or more); `count=true` is the way to ask for no entries.
    limit: pageSize(999_999_999).optional(),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict());

const seqParam = lazy(() => z.object({ seq: z.string().regex(/^[1-9]\d{0,14}$/, "must be a positive integer").transform(Number) }));
const journalEntry = lazy(() => z
  .object({
    seq: z.number().int(),
    at: instant,
    request_id: z.string(),
    method: z.string(),
    path: z.string(),
    operation: z.string().nullable(),
    client_id: z.string().nullable(),
    status: z.number().int().meta({ description: "The answer's status; 0 when a scenario dropped the connection." }),
    query: z.record(z.string(), z.string()).meta({ description: "The query string's parameters (the first value of a repeated name), secrets masked." }),
    error_code: z.string().nullable().meta({ description: "The envelope's `error_code` on a 4xx/5xx answer, else null." }),
    rule: z.string().nullable().meta({ description: "`<scenario>/<rule>` of the rule that shaped the answer (as `x-paydouble-rule`): a scenario file's rule or a built-in magic value that changed the outcome; null for the gateway's ordinary answer, built-in read-back approvals (card type only) included." }),
    quirk: z.string().nullable().meta({ description: "The spec quirk (a name of `GET /_mock/quirks`) that shaped the answer, when one did." }),
    request_headers: z.record(z.string(), z.string()).meta({ description: "The request headers replay sends again (credentials, content type, `x-` headers), lower-case names, secrets masked." }),
    response_headers: z.record(z.string(), z.string()).meta({ description: "The headers paydouble set on the answer (`content-type`, `x-request-id`, `x-paydouble-rule`); the server adds `date`, `content-length` and `connection` on the wire. Empty when no answer was sent." }),
    near_misses: z
      .array(z.object({ rule: z.string(), reason: z.string() }).strict().meta({ id: "NearMiss" }))
      .meta({ description: "Up to three rules of the loaded scenario files that came closest to matching, with the first condition that failed." }),
    body: z.unknown().meta({ description: "The request body as sent, secrets masked." }),
    response: z.unknown().meta({ description: "The answer body, secrets masked; `{truncated, bytes, preview}` past the cap; null for no answer." }),
  })
  .strict()
  .meta({ id: "JournalEntry" }));
const requestsAnswer = lazy(() => z.union([z.object({ data: z.array(journalEntry()), count: z.number().int() }).strict(), z.object({ count: z.number().int() }).strict()]));

/** The filters of `GET /_mock/requests`, already validated. */
export interface EntryFilter {
  operation?: string;
  status?: number;
  client_id?: string;
  error_code?: string;
  path?: string;
  rule?: string;
  quirk?: string;
}

/** Whether any filter (not a cursor) is given. */
export const filtering = (q: EntryFilter) => [q.operation, q.status, q.client_id, q.error_code, q.path, q.rule, q.quirk].some((v) => v !== undefined);

/** The entries' test for every filter given (reads no masked part, so only the page shown is masked). */
export function entryMatch(q: EntryFilter): (e: JournalEntry) => boolean {
  return (e) =>
    (q.operation === undefined || e.operation === q.operation) &&
    (q.status === undefined || e.status === q.status) &&
    (q.client_id === undefined || e.client_id === q.client_id) &&
    (q.error_code === undefined || e.error_code === q.error_code) &&
    (q.path === undefined || e.path.includes(q.path)) &&
    (q.rule === undefined || e.rule === q.rule) &&
    (q.quirk === undefined || e.quirk === q.quirk);
}

/** A page of the journal entries matching every filter, oldest first, and how many match (the journal route and the inspector's log). */
export function pageEntries(world: World, q: EntryFilter & PageQuery) {
  return world.journal.page(entryMatch(q), q);
}

/** Validates the `GET /_mock/requests` query (400 naming each bad parameter). */
export function parseRequestsQuery(query: Record<string, string>) {
  return parseWith(requestsQuery(), query, "query");
}

/**
 * The request journal (`GET`/`DELETE /_mock/requests`) and the replay export
 * (`GET /_mock/journal/export`).
 *
 * `GET /_mock/requests` answers `{"data":[...],"count":n}`: the entries matching every filter given,
 * newest last, `limit` keeping the newest n (or, with `after`, the oldest n after that `seq`:
 * forward paging; `before` pages back); `count` is the number matching before `limit`. With
 * `count=true` it answers `{"count":n}` alone, for "captured exactly once" assertions.
 * `GET /_mock/requests/{seq}` answers one entry whole, or 404 once it has left the ring.
 */
export function mountJournal(ctl: Hono<AppEnv>, _host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/requests", tag: "journal", summary: "The request journal, newest last, secrets masked",
    description: "The /v1 requests matching every filter given (`path` contains, the others equal), oldest first; `limit` keeps the newest n (with `after`, the oldest n after that `seq`: read forward; `before` pages back) and `count` is the number matching the filters and cursors before it. With `count=true` the answer is `{count}` alone, for \"captured exactly once\" assertions.",
    query: requestsQuery, errors: [400],
    answers: { 200: { description: "Matching entries and their count", schema: requestsAnswer } },
  }, (c) => {
    // A repeated name is the comma list of its values, as /v1 reads it (http/validate.ts), so
    // `limit=1&limit=2` fails `limit`'s rule rather than quietly taking the first value.
    const q = parseRequestsQuery(readQuery(c.req.url));
    const world = c.get("world");
    if (q.count === "true") return c.json({ count: world.journal.page(entryMatch(q), { after: q.after, before: q.before, limit: 0 }).count });
    const { entries, count } = pageEntries(world, q);
    return c.json({ data: entries, count });
  });

  controlRoute(ctl, {
    method: "GET", path: "/requests/:seq", tag: "journal", summary: "One journal entry whole",
    description: "The entry with that `seq`: request and answer bodies (masked), status, error code, the rule that matched and the near misses. 404 once it has left the ring (its size is the journal limit).",
    errors: [400, 404],
    answers: { 200: { description: "The entry", schema: journalEntry } },
  }, (c) => {
    const { seq } = parseWith(seqParam(), { seq: c.req.param("seq") }, "query");
    const entry = c.get("world").journal.get(seq);
    if (!entry) {
      throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No journal entry ${seq}: never recorded, or dropped from the ring (its limit is ${c.get("world").journal.limit}).` });
    }
    return c.json(entry);
  });

  controlRoute(ctl, {
    method: "DELETE", path: "/requests", tag: "journal", summary: "Clear the journal",
    description: "Only the journal: the world's state and clock stay as they are.",
    answers: { 200: { description: "Cleared", schema: lazy(() => z.object({ status: z.literal("cleared") }).strict()) } },
  }, (c) => {
    c.get("world").journal.clear();
    return c.json({ status: "cleared" });
  });

  controlRoute(ctl, {
    method: "GET", path: "/journal/export", tag: "journal", summary: "The replay export (NDJSON)",
    description: "One JSON line per request, in order, secrets masked: what `paydouble replay` reads to reproduce a run byte for byte.",
    answers: { 200: { description: "The export", media: "application/x-ndjson" } },
  }, (c) => streamExport(c, c.get("world")));
}
