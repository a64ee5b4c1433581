import type { Context } from "hono";
import type { IncomingHttpHeaders } from "node:http";
import type { AppEnv } from "./env.js";

/** Node's parsed headers when served by @hono/node-server (no Headers object is built to read them). */
export function nodeHeaders(c: Context<AppEnv>): IncomingHttpHeaders | undefined {
  return (c.env as { incoming?: { headers?: IncomingHttpHeaders } } | undefined)?.incoming?.headers;
}

/** The request headers the pipeline reads by name on every request. */
export type ReadHeader = "api-key" | "client-id" | "x-acting-as-client-id" | "content-type" | "content-length";

/**
 * One request header as `c.req.header(name)` gives it. Behind @hono/node-server it is read from
 * node's parsed headers instead: hono's reader tests the name against a pattern, lower-cases it,
 * looks it up and tests the value on every call, five calls a request. Node's parser has trimmed
 * the value already, and joins a repeated header with ", " as Fetch does for every name here but
 * two, where it keeps the first: `content-length`, which node's parser refuses to see twice, and
 * `content-type`, which is only tested from its start (validate.ts), where the first value decides
 * either way.
 */
export function requestHeader(c: Context<AppEnv>, name: ReadHeader): string | undefined {
  const h = nodeHeaders(c);
  return h ? (h[name] as string | undefined) : c.req.header(name);
}
