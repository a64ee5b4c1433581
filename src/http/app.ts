import { Hono } from "hono";
import { buildControlApp } from "../control/app.js";
import { worldPrefix } from "../control/ui/routes.js";
import { GatewayError } from "../core/errors.js";
import type { Host } from "../gateway/host.js";
import { OPERATIONS } from "../gateway/operations.js";
import { afterChange, beforeChange, drawRequestId } from "./changes.js";
import type { AppEnv } from "./env.js";
import type { JournalEntry, LiveFacts } from "../gateway/journal.js";
import { wallElapsed } from "../core/clock.js";
import { toEnvelope, unknownRoute } from "./errors.js";
import { TransportFault, type Sleep } from "./outcomes.js";
import { registerOperation } from "./register.js";

/** Control POSTs that change nothing: they do not wake the inspector's live stream. */
const READ_ONLY_POSTS = new Set(["/_mock/scenarios/explain"]);

const SANDBOX_PATH = /^\/sandboxes\/([^/]+)(?=\/|$)/;

export interface AppOptions {
  /** Serve the `/_mock` control API (default true; `--no-control` turns it off). */
  control?: boolean;
  /** Called with each journal entry (secrets masked) and its wall-clock latency as it is recorded: `--log`. */
  onRequest?: (entry: JournalEntry, live: LiveFacts) => void;
  /** Real delay for scenario `delay_ms` (default: a timer); tests inject their own. */
  sleep?: Sleep;
}

/**
 * Assembles the server: world selection (default world or a sandbox by path prefix), request ids,
 * the tick and journal of `/v1` requests, the operations, the control API and the one error mapper.
 */
export function createApp(host: Host, options: AppOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const m = SANDBOX_PATH.exec(c.req.path);
    const sandboxId = m ? decodePathSegment(m[1]) : null;
    const world = host.world(sandboxId) ?? host.root;
    const requestId = drawRequestId(world);
    c.set("world", world);
    c.set("sandboxId", sandboxId);
    c.set("requestId", requestId);
    c.set("operation", null);
    c.set("clientId", null);
    c.set("rule", null);
    const startedAt = wallElapsed();
    if (m && !host.world(sandboxId)) {
      const { status, body } = toEnvelope(new GatewayError("RESOURCE_NOT_FOUND", { message: `No sandbox ${sandboxId}.` }), requestId);
      return c.json(body, status as 404, { "x-request-id": requestId });
    }
    // Set before the answer exists: a header added to a finished response makes hono rebuild it
    // around a stream body, which costs @hono/node-server its fast path (a third of a request).
    c.header("x-request-id", requestId);
    const gateway = c.req.path.slice(m ? m[0].length : 0).startsWith("/v1");
    if (gateway) world.tick();
    const localPath = c.req.path.slice(m ? m[0].length : 0) || "/";
    const captured = await beforeChange(c, world);
    try {
      await next();
    } catch (e) {
      // A transport fault in process: journal it (status 0, no answer), then let the call reject.
      if (gateway && e instanceof TransportFault) {
        afterChange(c, host, world, localPath, captured);
        record(0);
      }
      throw e;
    }
    afterChange(c, host, world, localPath, captured);
    if (gateway) record(c.res.status);
    else if (c.req.method !== "GET" && localPath.startsWith("/_mock/") && !READ_ONLY_POSTS.has(localPath)) host.notify(sandboxId);

    function record(status: number) {
      const response = c.get("answerBody");
      const code = status >= 400 ? (response as { error_code?: unknown } | undefined)?.error_code : null;
      const live = { latency_ms: Math.round((wallElapsed() - startedAt) * 100) / 100 };
      const entry = world.journal.record(
        {
          at: world.clock.iso(),
          request_id: requestId,
          method: c.req.method,
          path: c.req.path,
          operation: c.get("operation"),
          client_id: c.get("clientId"),
          status,
          error_code: typeof code === "string" ? code : null,
          rule: c.get("rule"),
          near_misses: c.get("nearMisses"),
          body: c.get("journalBody"),
          response,
        },
        live,
      );
      if (options.onRequest) options.onRequest(world.journal.masked(entry), live);
    }
  });

  const worldApp = new Hono<AppEnv>();
  for (const op of OPERATIONS) registerOperation(worldApp, op, { sleep: options.sleep });
  if (options.control !== false) {
    worldApp.route("/_mock", buildControlApp(host));
    // The front door of a world is its inspector (PRODUCT.md); without the control API it stays a 404.
    worldApp.get("/", (c) => c.redirect(`${worldPrefix(c.get("sandboxId"))}/_mock/ui`, 302));
  }

  app.route("/sandboxes/:sandboxId", worldApp);
  app.route("/", worldApp);

  app.notFound((c) => {
    const { status, body } = toEnvelope(unknownRoute(c.req.method, c.req.path), c.get("requestId") ?? "");
    c.set("answerBody", body);
    return c.json(body, status as 404);
  });
  app.onError((err, c) => {
    if (err instanceof TransportFault) throw err; // no answer at all: the caller's fetch rejects
    const { status, body } = toEnvelope(err, c.get("requestId") ?? "");
    c.set("answerBody", body);
    return c.json(body, status as 400);
  });
  return app;
}

/** A path segment decoded; a malformed escape (`%E0%A4%A`) stays as sent, so it names no sandbox (404, not 500). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
