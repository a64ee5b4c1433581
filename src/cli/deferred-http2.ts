/**
 * What the CLI bundle gives @hono/node-server for its `import { Http2ServerRequest, constants } from
 * "node:http2"` (scripts/build-extras.mjs resolves that one import here). Loading `node:http2` costs
 * about 13 ms of a start (Node 20), and the adapter only asks whether a request came over HTTP/2, while
 * the CLI serves HTTP/1.1 alone. The answer stays exact: a request of node's HTTP/1 server is an
 * `IncomingMessage`, never an `Http2ServerRequest`; anything else is checked against the real class,
 * loaded then.
 */
import { IncomingMessage } from "node:http";
import { lazy } from "../core/lazy.js";

type Http2 = typeof import("node:http2");

// The bundle's `require`, as the other stand-ins (deferred-yaml.ts): this module lives in the CLI bundle only.
const loaded = lazy(() => require("node:http2") as Http2);

/** Stands for the class in `instanceof` checks, the adapter's one use of it. */
export const Http2ServerRequest = Object.defineProperty(function Http2ServerRequest() {
  throw new TypeError("paydouble's CLI does not build HTTP/2 requests");
}, Symbol.hasInstance, {
  value: (x: unknown): boolean => !(x instanceof IncomingMessage) && x instanceof loaded().Http2ServerRequest,
});

/** The module's constants, read when used (the adapter reads one when it closes an HTTP/2 stream). */
export const constants: Http2["constants"] = new Proxy({} as Http2["constants"], {
  get: (_, key) => loaded().constants[key as keyof Http2["constants"]],
});
