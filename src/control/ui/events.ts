import type { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { Host } from "../../gateway/host.js";
import type { JournalEntry, LiveFacts } from "../../gateway/journal.js";
import type { AppEnv } from "../../http/env.js";

/** A comment line this often keeps proxies and browsers from closing an idle stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * `GET /_mock/events`: the world's live stream (server-sent events), for the inspector and for any
 * tool that wants to watch. Events:
 * - `request`: each `/v1` request as its journal entry (masked) plus `latency_ms`, the real time it
 *   took (wall time: never in the journal API, which replays byte for byte);
 * - `world`: something else changed the world (clock, scenarios, reset, sandboxes): read it again.
 * Holding a stream open changes nothing in the world; without one, nothing is computed for it.
 */
export function mountEvents(ctl: Hono<AppEnv>, host: Host): void {
  ctl.get("/events", (c) => {
    const sandboxId = c.get("sandboxId");
    return streamSSE(c, async (stream) => {
      let world = c.get("world");
      const send = (event: string, data: unknown) => {
        if (!stream.aborted && !stream.closed) void stream.writeSSE({ event, data: JSON.stringify(data) }).catch(() => undefined);
      };
      const onRequest = (entry: JournalEntry, live: LiveFacts) => send("request", { ...entry, latency_ms: live.latency_ms });
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
      stopWatch();
      stopJournal();
    });
  });
}
