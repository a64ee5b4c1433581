import type { MiddlewareHandler } from "hono";
import { GatewayError } from "../core/errors.js";
import type { AppEnv } from "../http/env.js";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** JSON and YAML: neither is a CORS "simple" type, so a browser must ask first (and we never say yes). */
export const ACCEPTED_TYPES = /^(?:application|text)\/(?:x-)?yaml\b|^application\/(?:[\w.+-]+\+)?json\b/i;

/**
 * Keeps form posts off the control API. Requests from another origin or site never get here (the
 * pipeline's first step, http/trust.ts, refuses them); a control write whose body is neither JSON
 * nor YAML is refused with 400 naming `content-type`, so no HTML form can drive it even without the
 * browser's fetch metadata. The inspector's `fetch` with JSON, and every non-browser client, pass.
 */
export const controlGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!WRITES.has(c.req.method)) return next();
  // The pipeline has read the body already (size-capped); this is its cached text.
  const hasBody = (await c.req.text()) !== "";
  const type = (c.req.header("content-type") ?? "").trim();
  if (hasBody && !ACCEPTED_TYPES.test(type)) {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { "content-type": "must be application/json or application/yaml" } });
  }
  return next();
};
