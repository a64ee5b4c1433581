import type { Context } from "hono";
import { detach } from "../core/detach.js";
import { sortNames } from "../core/sort-names.js";
import type { ChangeEntry, ChangeLog } from "../gateway/changes.js";
import type { Host } from "../gateway/host.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "./env.js";

/**
 * Feeds the replay log (gateway/changes.ts) from the request pipeline. Recording happens here,
 * generically, so every control route that mutates a world (clock moves, scenario loads, ACH
 * returns, settlements...) is captured without those routes knowing about replay.
 */

/** Draws the next request id of a world and counts it, so replay can draw the same sequence. */
export function drawRequestId(world: World): string {
  world.changes.requestIds++;
  return world.ids.uuid("request-id");
}

/** Control paths that do not change the world (the export, explain) or change the host instead. */
const NOT_WORLD_CHANGES = /^\/_mock\/(?:journal|sandboxes|scenarios\/explain)(?:\/|$)/;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const HTTP_WHITESPACE_ENDS = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/** Headers replay must send again: credentials, content type and any `x-` header a scenario may match. */
const replayed = (n: string) => n === "api-key" || n === "client-id" || n === "content-type" || (n.startsWith("x-") && n !== "x-request-id");

/**
 * Those headers by lower-case name, sorted, values as a Headers object gives them (trimmed, repeats
 * joined by ", "). Behind node's server they are read from the raw header list (`pairs`, below):
 * enumerating `c.req.header()` would build a full Headers object per request, the largest single
 * cost of recording.
 */
function replayHeaders(c: Context<AppEnv>, pairs = replayedPairs(c)): Record<string, string> {
  const found = new Map<string, string>();
  if (pairs) {
    for (let i = 0; i < pairs.length; i += 2) {
      const n = pairs[i].toLowerCase();
      const v = pairs[i + 1].replace(HTTP_WHITESPACE_ENDS, "");
      const before = found.get(n);
      found.set(n, before === undefined ? v : `${before}, ${v}`);
    }
  } else {
    for (const [n, v] of Object.entries(c.req.header())) if (replayed(n)) found.set(n, v);
  }
  const out: Record<string, string> = {};
  for (const n of sortNames([...found.keys()])) out[n] = found.get(n)!;
  return out;
}

/** Where {@link replayedPairs} writes: one array, overwritten by each request. */
const PAIRS: string[] = [];

/** The replayed headers' raw name and value pairs as node read them, in order; null in process (no node request). */
function replayedPairs(c: Context<AppEnv>): string[] | null {
  const raw = (c.env as { incoming?: { rawHeaders?: string[] } } | undefined)?.incoming?.rawHeaders;
  if (!raw) return null;
  PAIRS.length = 0;
  for (let i = 0; i < raw.length; i += 2) if (replayed(raw[i].toLowerCase())) PAIRS.push(raw[i], raw[i + 1]);
  return PAIRS;
}

/**
 * A world's last `/v1` request's replayed pairs and the header set its log kept for them. A suite
 * sends the same credentials with every request: the same pairs give the same set, so the next
 * such request hands the log that set back instead of building, sorting and serialising another
 * (the log knows it by identity: gateway/changes.ts). Keyed by the log, so a reset starts afresh.
 */
const lastHeaders = new WeakMap<ChangeLog, { pairs: string[]; set: Record<string, string> }>();

function samePairs(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The query part of a request URL as `URL.search` gives it (`""` when there is none). */
export function searchOf(url: string): string {
  const hash = url.indexOf("#");
  const bare = hash < 0 ? url : url.slice(0, hash);
  const q = bare.indexOf("?");
  return q < 0 || q === bare.length - 1 ? "" : bare.slice(q);
}

/** Taken once the body is whole, right after the id draw and the tick: the order the world applies requests in. */
export interface Arrival {
  rid: number;
  at: string;
  /** `at` as epoch ms, for the replay log's column (parsing `at` per request cost more than the rest of recording). */
  atMs: number;
}

export function arrival(world: World): Arrival {
  return { rid: world.changes.requestIds - 1, at: world.clock.iso(), atMs: world.clock.now() };
}

/**
 * Records a `/v1` request as soon as its body is read, before the handler runs: the log is in the
 * order the world applied the changes (a reply held by `delay_ms` must not push its entry after a
 * later request's). Returns the entry's index, for {@link refuseRequest}.
 */
export function recordRequest(c: Context<AppEnv>, world: World, localPath: string, at: Arrival, body: string | null): number {
  const pairs = replayedPairs(c);
  const last = lastHeaders.get(world.changes);
  const headers = pairs && last && samePairs(pairs, last.pairs) ? last.set : replayHeaders(c, pairs);
  const entry: ChangeEntry = { kind: "request", method: c.req.method, path: localPath + searchOf(c.req.url), headers, body: body === "" ? null : body, ...at };
  const index = world.recordChange(entry);
  if (pairs && entry.headers !== last?.set) lastHeaders.set(world.changes, { pairs: [...pairs], set: entry.headers });
  c.get("facts").requestHeaders = entry.headers; // the log's shared set once kept; the journal shows it too (masked when read)
  return index;
}

/** What a refused request did not keep (bytes of its body and of its query string; 0: kept). */
export interface Dropped {
  body: number;
  query: number;
}

/**
 * Once answered: a request refused (4xx/5xx, no scenario rule involved) with a body or a query string
 * over the refused cap (`--refused-keep`, 8 KiB) keeps only what replay needs (method, path, status),
 * not those bytes: what it did to the world is its tick and request id. Returns what was dropped, or
 * null when it was kept whole, so the journal shows markers for it.
 */
export function refuseRequest(c: Context<AppEnv>, world: World, index: number, localPath: string, body: string | null, status: number): Dropped | null {
  const facts = c.get("facts");
  if (status < 400 || facts.rule !== null) return null;
  const cap = world.changes.bounds.refused;
  const bodyBytes = body === null || body.length * 3 <= cap ? 0 : Buffer.byteLength(body);
  const queryBytes = searchOf(c.req.url).length;
  const dropped = { body: bodyBytes > cap ? bodyBytes : 0, query: queryBytes > cap ? queryBytes : 0 };
  if (!dropped.body && !dropped.query) return null;
  world.changes.forgetBody(index, { status, operation: facts.operation, client_id: facts.clientId, error_code: facts.errorCode ?? null, bytes: dropped.body, ...(dropped.query && { query_bytes: dropped.query }) }, localPath);
  return dropped;
}

/** The journal's stand-in for a body that was refused and not kept. */
export const refusedBodyMarker = (bytes: number) => `(refused body of ${bytes} bytes, not kept)`;

/** The URL a journal keeps of a refused request: without its query string when that was dropped. */
export const refusedUrl = (url: string, dropped: Dropped | null) => (dropped?.query ? detach(url.slice(0, url.indexOf("?"))) : url);

/** Records a successful control call that changed the world, once answered. */
export function afterChange(c: Context<AppEnv>, host: Host, world: World, localPath: string, at: Arrival, body: string | null): void {
  if (!MUTATING.has(c.req.method) || NOT_WORLD_CHANGES.test(localPath) || c.res.status >= 400) return;
  const base = { method: c.req.method, path: localPath + searchOf(c.req.url), headers: replayHeaders(c), body: body === "" ? null : body, ...at };
  const now = host.world(c.get("sandboxId"));
  const entry: ChangeEntry = { kind: localPath === "/_mock/reset" ? "reset" : "control", ...base };
  if (now && now !== world) {
    // A truncated history is not adopted: the fresh world's log starts here, the reset included.
    if (now.changes.adopt(world.changes, world.options)) now.recordChange(entry);
  } else {
    world.recordChange(entry);
  }
}
