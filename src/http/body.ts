import type { Context } from "hono";
import { GatewayError } from "../core/errors.js";
import type { AppEnv } from "./env.js";
import { requestHeader } from "./headers.js";

/** Largest accepted request body (bytes); larger bodies are 400 with `details.body` (PRODUCT.md limits). */
export const BODY_LIMIT = 1024 * 1024;

/** The one answer to a body over the limit: the spec's error table has no 413, so 400 naming `body`. */
export const tooLarge = () => new GatewayError("INVALID_REQUEST_DATA", { details: { body: `must be at most ${BODY_LIMIT} bytes` } });

/**
 * Reads the request body once, refusing it past {@link BODY_LIMIT}: from `content-length` before a
 * byte is read, and while streaming when there is none (reading stops at the cap, the rest is left
 * to the server to drain or drop), so an oversized body never sits in memory whole. The text is put
 * in hono's body cache, so handlers reading `c.req.text()`/`json()` get it without a second read.
 */
export async function readCappedBody(c: Context<AppEnv>): Promise<string | null> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return null;
  const declared = requestHeader(c, "content-length");
  if (declared !== undefined && Number(declared) > BODY_LIMIT) throw tooLarge();
  // Behind @hono/node-server, straight from node's stream: `c.req.raw.body` would build a full
  // Request and a web stream per request (the server's slow path).
  const incoming = (c.env as { incoming?: Incoming } | undefined)?.incoming;
  if (incoming && typeof incoming.on === "function") return cache(c, await readIncoming(incoming));
  const stream = c.req.raw.body;
  if (!stream) return cache(c, "");
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT) {
      void reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(value);
  }
  return cache(c, Buffer.concat(parts, size).toString("utf8"));
}

interface Incoming {
  readableEnded: boolean;
  on(event: string, listener: (arg?: unknown) => void): unknown;
  pause(): unknown;
}

/** Node's request stream read up to the cap; past it, reading stops (the server drains or drops the rest). */
function readIncoming(incoming: Incoming): Promise<string> {
  if (incoming.readableEnded) return Promise.resolve("");
  return new Promise((resolve, reject) => {
    let parts: Buffer[] = [];
    let size = 0;
    let settled = false;
    // The listeners stay on the request once it has settled, and go with it: taking four off a
    // stream cost about 3% of a card SALE's instructions (docs/explanation/performance.md,
    // "Eighteenth round"). What comes later (the request's close, data past the cap) finds the
    // read settled and does nothing, and the body's bytes are not kept for it.
    const done = (settle: () => void) => {
      if (settled) return;
      settled = true;
      settle();
      parts = [];
    };
    const onData = (chunk: unknown) => {
      if (settled) return;
      const b = chunk as Buffer;
      size += b.length;
      if (size > BODY_LIMIT) {
        done(() => reject(tooLarge()));
        incoming.pause();
        return;
      }
      parts.push(b);
    };
    // One chunk (a typical JSON body) is decoded as it is: concat would copy it first.
    const onEnd = () => done(() => resolve((parts.length === 1 ? parts[0]! : Buffer.concat(parts, size)).toString("utf8")));
    const onError = (e: unknown) => done(() => reject(e));
    const onClose = () => (incoming.readableEnded ? onEnd() : done(() => reject(new Error("the client closed the connection before its body was complete"))));
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}

function cache(c: Context, text: string): string {
  (c.req as unknown as { bodyCache: Record<string, Promise<unknown>> }).bodyCache.text = Promise.resolve(text);
  return text;
}
