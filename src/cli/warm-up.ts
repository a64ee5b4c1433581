import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** The card SALE a first payment of a start is (the code cache's training sends the same). */
const SALE = JSON.stringify({ type: "SALE", amount: 1234, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" } });

/**
 * Card SALEs answered by a request handler of the CLI's server (cli/http-server.ts) with no server
 * and no socket: the start-up snapshot's build (scripts/snapshot-builder.cjs) runs them against a
 * world made for it, so that what a payment runs (the adapter, hono, the app, the answer's writers)
 * is compiled in the snapshot, as the code cache's training run compiles it. `count` SALEs: from the
 * second on, a body is parsed and an answer written by the code made for their shapes (core/fast-parse.ts,
 * core/json-text.ts), so two or more leave that code compiled too.
 *
 * The request is an instance of `Incoming` (the builder's stand-in for node's `IncomingMessage`,
 * which a snapshot cannot hold on Node 20) carrying what the adapter and the app read of one; the
 * answer is an event emitter with what they call on node's `ServerResponse`. Resolves each status.
 */
export async function warmUp(handler: Handler, Incoming: new () => EventEmitter, credentials: { apiKey: string; clientId: string }, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push(await oneSale(handler, Incoming, credentials));
  return statuses;
}

function oneSale(handler: Handler, Incoming: new () => EventEmitter, credentials: { apiKey: string; clientId: string }): Promise<number> {
  const headers: Record<string, string> = {
    host: "127.0.0.1:4242",
    "content-type": "application/json",
    "api-key": credentials.apiKey,
    "client-id": credentials.clientId,
    "content-length": String(SALE.length),
  };
  return new Promise((resolve) => {
    const req = Object.assign(new Incoming(), {
      method: "POST",
      url: "/v1/transactions",
      httpVersion: "1.1",
      headers,
      rawHeaders: Object.entries(headers).flat(),
      socket: { remoteAddress: "127.0.0.1", remotePort: 40000, encrypted: false },
      readableEnded: false,
      complete: false,
      pause() {},
      resume() {},
      destroy() {},
    });
    const res = Object.assign(new EventEmitter(), {
      statusCode: 200,
      headersSent: false,
      writableEnded: false,
      writableFinished: false,
      destroyed: false,
      writeHead(status: number) {
        res.statusCode = status;
        res.headersSent = true;
        return res;
      },
      hasHeader: () => false,
      setHeader() {},
      getHeader: () => undefined,
      removeHeader() {},
      flushHeaders() {},
      write: () => true,
      end() {
        res.writableEnded = res.writableFinished = true;
        res.emit("finish");
        resolve(res.statusCode);
      },
      destroy() {},
    });
    handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    // The body after the headers, as node's parser hands it over.
    setImmediate(() => {
      req.emit("data", Buffer.from(SALE));
      req.readableEnded = req.complete = true;
      req.emit("end");
      req.emit("close");
    });
  });
}
