import type { Context } from "hono";
import type { ChangeEntry } from "../gateway/changes.js";
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

/** Control paths that do not change the world (the export) or change the host instead. */
const NOT_WORLD_CHANGES = /^\/_mock\/(?:journal|sandboxes)(?:\/|$)/;
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Headers replay must send again: credentials, content type and any `x-` header a scenario may match. */
function replayHeaders(c: Context<AppEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.req.header())) {
    const n = name.toLowerCase();
    if (n === "api-key" || n === "client-id" || n === "content-type" || (n.startsWith("x-") && n !== "x-request-id")) out[n] = value;
  }
  return out;
}

/** Captured before the request runs: the body text (hono caches it for the handlers) and the id count. */
export async function beforeChange(c: Context<AppEnv>, world: World): Promise<{ body: string | null; rid: number; at: string }> {
  const body = c.req.method === "GET" || c.req.method === "HEAD" ? null : await c.req.text();
  return { body: body === "" ? null : body, rid: world.changes.requestIds - 1, at: world.clock.iso() };
}

/** Records the request once answered, when it changed the world. */
export function afterChange(
  c: Context<AppEnv>,
  host: Host,
  world: World,
  localPath: string,
  captured: { body: string | null; rid: number; at: string },
): void {
  const base = { method: c.req.method, path: localPath + new URL(c.req.url).search, headers: replayHeaders(c), ...captured };
  if (localPath.startsWith("/v1")) {
    world.recordChange({ kind: "request", ...base });
    return;
  }
  if (!localPath.startsWith("/_mock") || !MUTATING.has(c.req.method) || NOT_WORLD_CHANGES.test(localPath) || c.res.status >= 400) return;
  const now = host.world(c.get("sandboxId"));
  const entry: ChangeEntry = { kind: localPath === "/_mock/reset" ? "reset" : "control", ...base };
  if (now && now !== world) {
    now.changes.adopt(world.changes, world.options);
    now.recordChange(entry);
  } else {
    world.recordChange(entry);
  }
}
