import type { Hono } from "hono";
import { z } from "zod";
import type { Host } from "../gateway/host.js";
import type { JournalEntry } from "../gateway/journal.js";
import type { PageRange } from "../gateway/limits.js";
import type { World } from "../gateway/world.js";
import { pageSize } from "../gateway/paging.js";
import type { AppEnv } from "../http/env.js";
import { GatewayError } from "../core/errors.js";
import { parseWith } from "../http/validate.js";
import { streamExport } from "../replay/export.js";
import { controlRoute, instant } from "./registry.js";

/** A journal `seq` as a cursor: 0 (before the first entry) or a positive integer. */
const cursor = z.string().regex(/^(?:0|[1-9]\d{0,14})$/, "must be a journal seq (an integer of 0 or more)").transform(Number);

const requestsQuery = z
  .object({
    operation: z.string().min(1).optional(),
    // 0 is how a transport fault (no answer sent) is journaled, so it can be filtered like any status.
    status: z.string().regex(/^(?:0|\d{3})$/, "must be an HTTP status, or 0 for no answer").transform(Number).optional(),
    client_id: z.string().min(1).optional(),
    error_code: z.string().min(1).optional(),
    // A page size like every list's (1 or more); `count=true` is the way to ask for no entries.
    limit: pageSize(999_999_999).optional(),
    after: cursor.optional().meta({ description: "Only entries with a greater `seq` (the next page: the `seq` of the last entry you have); `limit` then keeps the oldest n." }),
    before: cursor.optional().meta({ description: "Only entries with a smaller `seq` (an older page: the `seq` of the first entry you have); `limit` keeps the newest n." }),
    count: z.enum(["true", "false"]).optional(),
  })
  .strict();

const seqParam = z.object({ seq: z.string().regex(/^[1-9]\d{0,14}$/, "must be a positive integer").transform(Number) });
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
    query: z.record(z.string(), z.string()).meta({ description: "The query string's parameters (the first value of a repeated name), secrets masked." }),
    error_code: z.string().nullable().meta({ description: "The envelope's `error_code` on a 4xx/5xx answer, else null." }),
    rule: z.string().nullable().meta({ description: "`<scenario>/<rule>` when a scenario shaped the answer." }),
    near_misses: z
      .array(z.object({ rule: z.string(), reason: z.string() }).strict().meta({ id: "NearMiss" }))
      .meta({ description: "Up to three rules of the loaded scenario files that came closest to matching, with the first condition that failed." }),
    body: z.unknown().meta({ description: "The request body as sent, secrets masked." }),
    response: z.unknown().meta({ description: "The answer body, secrets masked; `{truncated, bytes, preview}` past the cap; null for no answer." }),
  })
  .strict()
  .meta({ id: "JournalEntry" });
const requestsAnswer = z.union([z.object({ data: z.array(journalEntry), count: z.number().int() }).strict(), z.object({ count: z.number().int() }).strict()]);

/** The filters of `GET /_mock/requests`, already validated. */
export interface EntryFilter {
  operation?: string;
  status?: number;
  client_id?: string;
  error_code?: string;
}

/** Journal entries matching every filter given, oldest first (the journal route and the inspector's log). */
export function filterEntries(world: World, q: EntryFilter): JournalEntry[] {
  return pageEntries(world, q).entries;
}

/**
 * A page of the entries matching every filter, oldest first, masked; `total` counts the matches in the
 * cursor range before `limit`. Only the page is masked, so a small page of a full journal is cheap.
 */
export function pageEntries(world: World, q: EntryFilter, range: PageRange = {}): { entries: JournalEntry[]; total: number } {
  const { entries, total } = world.journal.page(matches(q), range);
  return { entries: entries.map((e) => world.journal.masked(e)), total };
}

const matches = (q: EntryFilter) => (e: JournalEntry) =>
  (q.operation === undefined || e.operation === q.operation) &&
  (q.status === undefined || e.status === q.status) &&
  (q.client_id === undefined || e.client_id === q.client_id) &&
  (q.error_code === undefined || e.error_code === q.error_code);

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
 * `count=true` it answers `{"count":n}` alone, for "captured exactly once" assertions. Cursors page
 * through it: `after=<seq>` the entries past one you have (`limit` keeps the oldest n), `before=<seq>`
 * an older page; `count` then counts within the cursor range, so `count > data.length` means more.
 * `GET /_mock/requests/{seq}` answers one entry whole, or 404 once it has left the ring.
 */
export function mountJournal(ctl: Hono<AppEnv>, _host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/requests", tag: "journal", summary: "The request journal, newest last, secrets masked",
    description: "The /v1 requests matching every filter given, oldest first; `limit` keeps the newest n and `count` is the number matching before it. With `count=true` the answer is `{count}` alone, for \"captured exactly once\" assertions. Pages: `after=<seq>` gives the entries past that seq (`limit` then keeps the oldest n: the next page), `before=<seq>` the entries before it (an older page); `count` counts the matches within the cursors, so more pages remain while `count` exceeds the entries returned.",
    query: requestsQuery, errors: [400],
    answers: { 200: { description: "Matching entries and their count", schema: requestsAnswer } },
  }, (c) => {
    const q = parseRequestsQuery(c.req.query());
    if (q.count === "true") return c.json({ count: c.get("world").journal.page(matches(q), { after: q.after, before: q.before }).total });
    const { entries, total } = pageEntries(c.get("world"), q, { after: q.after, before: q.before, limit: q.limit });
    return c.json({ data: entries, count: total });
  });

  controlRoute(ctl, {
    method: "GET", path: "/requests/:seq", tag: "journal", summary: "One journal entry whole",
    description: "The entry with that `seq`: request and answer bodies (masked), status, error code, the rule that matched and the near misses. 404 once it has left the ring (its size is the journal limit).",
    errors: [400, 404],
    answers: { 200: { description: "The entry", schema: journalEntry } },
  }, (c) => {
    const { seq } = parseWith(seqParam, { seq: c.req.param("seq") }, "query");
    const entry = c.get("world").journal.get(seq);
    if (!entry) {
      throw new GatewayError("RESOURCE_NOT_FOUND", { message: `No journal entry ${seq}: never recorded, or dropped from the ring (its limit is ${c.get("world").journal.limit}).` });
    }
    return c.json(entry);
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
  }, (c) => streamExport(c, c.get("world")));
}
