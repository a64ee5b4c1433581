import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Host } from "../../gateway/host.js";
import type { JournalEntry, LiveFacts } from "../../gateway/journal.js";
import type { AppEnv } from "../../http/env.js";
import { controlRoute } from "../registry.js";

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;
/** Longest wait before queued events are written: well under the "within a second" the page promises. */
const FLUSH_MS = 50;

/**
 * `GET /_mock/events`: the world's live stream (server-sent events), for the inspector and for any
 * tool that wants to watch. Events:
 * - `request`: each `/v1` request as its journal entry without the two bodies (`GET
 *   /_mock/requests/{seq}` has them), plus `latency_ms`, the real time it took (wall time: never in
 *   the journal API, which replays byte for byte). Leaving the bodies out keeps an open stream
 *   cheap under load (bench/inspector.mjs);
 * - `world`: something else changed the world (clock, scenarios, reset, sandboxes): read it again.
 * Holding a stream open changes nothing in the world; without one, nothing is computed for it.
 */
export function mountEvents(ctl: Hono<AppEnv>, host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/events", tag: "inspector", summary: "The world's live stream (server-sent events)",
    description: "`request` events: each /v1 request's journal entry without its bodies, plus `latency_ms` (wall time, never in the journal API). `world` events: something else changed the world (clock, scenarios, reset, sandboxes).",
    answers: { 200: { description: "An event stream", media: "text/event-stream" } },
  }, (c) => {
    const sandboxId = c.get("sandboxId");
    return streamSSE(c, async (stream) => {
      let world = c.get("world");
      // Events are queued and written together every FLUSH_MS: under load one socket write carries
      // many requests instead of one write each (the inspector's cost, bench/inspector.mjs).
      let queued = "";
      let flushing: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        flushing = null;
        const text = queued;
        queued = "";
        if (text && !stream.aborted && !stream.closed) void stream.write(text).catch(() => undefined);
      };
      const send = (event: string, data: unknown) => {
        // JSON text has no raw line breaks, so one `data:` line carries it (the SSE framing).
        queued += `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
        flushing ??= setTimeout(flush, FLUSH_MS);
      };
      const onRequest = (entry: JournalEntry, live: LiveFacts) => send("request", summary(entry, live));
      let stopJournal = world.journal.subscribe(onRequest);
      const stopWatch = host.watch((id) => {
        if (id !== sandboxId && !(sandboxId === null && id !== null)) return;
        const now = host.world(sandboxId);
        // A reset replaces the world: follow the new one's journal.
        if (now && now !== world) {
          stopJournal();
          world = now;
          stopJournal = world.journal.subscribe(onRequest);
        }
        send("world", { sandbox: id, now: world.clock.iso() });
      });
      send("world", { sandbox: sandboxId, now: world.clock.iso() });
      const keepAlive = setInterval(() => void stream.write(": keep-alive\n\n").catch(() => undefined), KEEP_ALIVE_MS);
      await new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener("abort", () => resolve());
      });
      clearInterval(keepAlive);
      if (flushing) clearTimeout(flushing);
      stopWatch();
      stopJournal();
    });
  });
}

/** The `request` event: the entry's facts without its bodies, plus the wall-clock latency. */
function summary(e: JournalEntry, live: LiveFacts) {
  const { seq, at, request_id, method, path, operation, client_id, status, error_code, rule, quirk, near_misses } = e;
  return { seq, at, request_id, method, path, operation, client_id, status, error_code, rule, quirk, near_misses, latency_ms: live.latency_ms };
}
