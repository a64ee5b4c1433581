import type { MiddlewareHandler } from "hono";
import { GatewayError } from "../core/errors.js";
import type { AppEnv } from "../http/env.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** JSON and YAML: neither is a CORS "simple" type, so a browser must ask first (and we never say yes). */
export const ACCEPTED_TYPES = /^(?:application|text)\/(?:x-)?yaml\b|^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Keeps web pages off the control API. A page a developer has open can send "simple" cross-origin
 * requests (a form post, `text/plain` fetch) without asking; the control API needs no key, so such a
 * request could reset a world or create sandboxes. Control writes are refused when they come from
 * another origin (an `Origin` whose host:port is not this server's) with 403 `UNAUTHORIZED_ACTION`,
 * or carry a body that is neither JSON nor YAML with 400 naming `content-type`. Same-origin pages
 * (the inspector) using `fetch` with JSON, and every non-browser client, pass.
 */
export const controlGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  const origin = c.req.header("origin");
  if (origin !== undefined && !sameOrigin(origin, c.req.header("host"))) {
    throw new GatewayError("UNAUTHORIZED_ACTION", { message: `Control calls from another origin (${origin}) are refused.` });
  }
  // The pipeline has read the body already (size-capped); this is its cached text.
  const hasBody = (await c.req.text()) !== "";
  const type = (c.req.header("content-type") ?? "").trim();
  if (hasBody && !ACCEPTED_TYPES.test(type)) {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { "content-type": "must be application/json or application/yaml" } });
  }
  return next();
};

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (origin === "null" || host === undefined) return false;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
