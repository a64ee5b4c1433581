import { Host } from "../gateway/host.js";
import type { World } from "../gateway/world.js";
import { createApp, type AppOptions } from "../http/app.js";
import { drawRequestId } from "../http/changes.js";
import { parseLog } from "./log.js";

/** Draws request ids until the world has drawn `n`, as the recorded server had at that point. */
function catchUp(world: World, n: number): void {
  while (world.changes.requestIds < n) drawRequestId(world);
}

export interface ReplayStep {
  method: string;
  path: string;
  status: number;
}

/**
 * Rebuilds the world of an exported log in a fresh host: the same options, then every recorded
 * request sent again in order through the real pipeline. Returns the host and app serving it.
 */
export async function replayLog(text: string, appOptions: AppOptions = {}) {
  const { options, entries, end } = parseLog(text);
  const host = new Host(options);
  const app = createApp(host, appOptions);
  const steps: ReplayStep[] = [];
  for (const e of entries) {
    catchUp(host.root, e.rid);
    const res = await app.request(e.path, { method: e.method, headers: e.headers, body: e.body ?? undefined });
    await res.arrayBuffer();
    steps.push({ method: e.method, path: e.path, status: res.status });
  }
  if (end) catchUp(host.root, end.rid);
  return { host, app, fetch: (request: Request) => app.fetch(request), steps };
}
