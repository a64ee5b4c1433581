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
 * - `world`: something else changed the world (clock, scenarios, reset, sandboxes): read it again;
 * - `deleted`: the sandbox was deleted; the stream then ends (its world is gone, nothing will follow).
 * Holding a stream open changes nothing in the world; without one, nothing is computed for it.
 *
 * One write is in flight at a time (it resolves as the socket takes it: backpressure); events that
 * arrive meanwhile wait in a queue of at most `--stream-buffer` bytes. A reader that lets it fill
 * (a tab in the background, a client that never reads) is disconnected, its queue freed: an
 * EventSource reconnects by itself and reads the log again.
 */
export function mountEvents(ctl: Hono<AppEnv>, host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/events", tag: "inspector", summary: "The world's live stream (server-sent events)",
    description: "`request` events: each /v1 request's journal entry without its bodies, plus `latency_ms` (wall time, never in the journal API). `world` events: something else changed the world (clock, scenarios, reset, sandboxes). `deleted`: the sandbox was deleted, and the stream ends. A reader that falls more than `--stream-buffer` bytes behind is disconnected.",
    answers: { 200: { description: "An event stream", media: "text/event-stream" } },
  }, (c) => {
    const sandboxId = c.get("sandboxId");
    const limit = host.limits.streamBuffer;
    const socket = (c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing;
    return streamSSE(c, async (stream) => {
      let world = c.get("world");
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      // Events are queued and written together every FLUSH_MS: under load one socket write carries
      // many requests instead of one write each (the inspector's cost, bench/inspector.mjs).
      let queued = "";
      let writing = false;
      let flushing: ReturnType<typeof setTimeout> | null = null;
      const flush = () => {
        flushing = null;
        if (writing || !queued || stream.aborted || stream.closed) return;
        const text = queued;
        queued = "";
        writing = true;
        void stream.write(text).then(() => {
          writing = false;
          if (queued) flushing ??= setTimeout(flush, FLUSH_MS);
        });
      };
      const enqueue = (text: string) => {
        queued += text;
        if (queued.length > limit) {
          // Fallen behind: drop the reader (its socket, so the bytes it did not read are freed too).
          queued = "";
          socket?.destroy();
          stream.abort();
          end();
          return;
        }
        flushing ??= setTimeout(flush, FLUSH_MS);
      };
      // JSON text has no raw line breaks, so one `data:` line carries it (the SSE framing).
      const send = (event: string, data: unknown) => enqueue(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const onRequest = (entry: JournalEntry, live: LiveFacts) => send("request", summary(entry, live));
      let stopJournal = world.journal.subscribe(onRequest);
      const stopWatch = host.watch((id) => {
        if (id !== sandboxId && !(sandboxId === null && id !== null)) return;
        const now = host.world(sandboxId);
        if (!now) {
          // The sandbox is gone: say so, then end the stream (and let go of the deleted world).
          queued += `event: deleted\ndata: ${JSON.stringify({ sandbox: sandboxId })}\n\n`;
          end();
          return;
        }
        // A reset replaces the world: follow the new one's journal.
        if (now !== world) {
          stopJournal();
          world = now;
          stopJournal = world.journal.subscribe(onRequest);
        }
        send("world", { sandbox: id, now: world.clock.iso() });
      });
      send("world", { sandbox: sandboxId, now: world.clock.iso() });
      const keepAlive = setInterval(() => enqueue(": keep-alive\n\n"), KEEP_ALIVE_MS);
      stream.onAbort(end);
      c.req.raw.signal.addEventListener("abort", end);
      await ended;
      clearInterval(keepAlive);
      if (flushing) clearTimeout(flushing);
      stopWatch();
      stopJournal();
      // What is still queued (the `deleted` event) is written before the stream closes; not awaited,
      // so a reader that does not read holds only those bytes, not this closure and its world.
      if (queued && !stream.aborted) void stream.write(queued);
    });
  });
}

/** The `request` event: the entry's facts without its bodies, plus the wall-clock latency. */
function summary(e: JournalEntry, live: LiveFacts) {
  const { seq, at, request_id, method, path, operation, client_id, status, error_code, rule, quirk, near_misses } = e;
  return { seq, at, request_id, method, path, operation, client_id, status, error_code, rule, quirk, near_misses, latency_ms: live.latency_ms };
}
