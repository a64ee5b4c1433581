import { maskPath } from "../core/mask.js";
import type { ChangeEntry } from "../gateway/changes.js";
import { Host } from "../gateway/host.js";
import type { World } from "../gateway/world.js";
import { createApp, type AppOptions } from "../http/app.js";
import { drawRequestId, refusedBodyMarker } from "../http/changes.js";
import { TransportFault } from "../http/outcomes.js";
import type { Limits } from "../gateway/limits.js";
import type { Truncation } from "../gateway/changes.js";
import { parseLog } from "./log.js";

/** What replay says of a truncated log: it rebuilt the world up to the cut, not after. */
export function truncationNote(t: Truncation): string {
  return `the log was truncated (it reached its --replay-log-bytes or --replay-log-limit bound): the world is replayed as it was at ${t.at}; ${t.dropped} later changes were not kept`;
}

/** Draws request ids until the world has drawn `n`, as the recorded server had at that point. */
function catchUp(world: World, n: number): void {
  while (world.changes.requestIds < n) drawRequestId(world);
}

export interface ReplayStep {
  method: string;
  path: string;
  /** The answer's status; 0 for a transport fault (reset, empty reply, hang): no answer, as recorded. */
  status: number;
}

/** Replay waits for no `delay_ms`: the world changed on arrival, only the answer was late. */
const noDelay = () => Promise.resolve();

/**
 * A refused request whose body was not kept: what the world did with it, without resending it
 * (the tick, the request id, the journal line with the body marker, the log entry itself).
 */
function applyRefused(world: World, e: ChangeEntry & { refused: NonNullable<ChangeEntry["refused"]> }): void {
  const gateway = e.path.startsWith("/v1");
  const requestId = drawRequestId(world);
  if (gateway) world.tick();
  world.recordChange(e);
  world.journal.record({
    at: world.clock.iso(),
    request_id: requestId,
    method: e.method,
    path: maskPath(e.path.split("?")[0]), // as the live journal shows it
    operation: e.refused.operation,
    client_id: e.refused.client_id,
    status: e.refused.status,
    error_code: e.refused.error_code ?? null,
    rule: null,
    headers: e.headers,
    body: e.refused.bytes ? refusedBodyMarker(e.refused.bytes) : null,
    url: e.path,
    query_bytes: e.refused.query_bytes,
    answer: undefined,
  });
}

/**
 * Rebuilds the world of an exported log in a fresh host: the same options, then every recorded
 * request sent again in order through the real pipeline (transport faults and hangs end as they did:
 * the world changed, no answer). Returns the host and an app serving it with `appOptions`.
 */
export async function replayLog(text: string, appOptions: AppOptions = {}, limits: Partial<Limits> = {}) {
  const { options, entries, end } = parseLog(text);
  const host = new Host(options, undefined, limits);
  const replayer = createApp(host, { ...appOptions, sleep: noDelay });
  const steps: ReplayStep[] = [];
  for (const e of entries) {
    catchUp(host.root, e.rid);
    if (e.refused) {
      applyRefused(host.root, { ...e, refused: e.refused });
      steps.push({ method: e.method, path: e.path, status: e.refused.status });
      continue;
    }
    // Aborted up front: a `transport: hang` reply ends at once instead of waiting for a caller.
    const hangUp = new AbortController();
    hangUp.abort();
    try {
      const res = await replayer.request(e.path, { method: e.method, headers: e.headers, body: e.body ?? undefined, signal: hangUp.signal });
      await res.arrayBuffer();
      steps.push({ method: e.method, path: e.path, status: res.status });
    } catch (err) {
      if (!(err instanceof TransportFault)) throw err;
      steps.push({ method: e.method, path: e.path, status: 0 });
    }
  }
  catchUp(host.root, end.rid);
  const app = createApp(host, appOptions);
  return { host, app, fetch: (request: Request) => app.fetch(request), steps, truncated: end.truncated ?? null };
}
