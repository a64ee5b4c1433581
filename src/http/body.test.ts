import { EventEmitter } from "node:events";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { BODY_LIMIT, readCappedBody } from "./body.js";
import type { AppEnv } from "./env.js";

/** node's request stream as readCappedBody sees it behind @hono/node-server, driven by the test. */
function fakeRequest() {
  const incoming = Object.assign(new EventEmitter(), { readableEnded: false, headers: {}, paused: false, pause: () => (incoming.paused = true) });
  const c = { req: { method: "POST", bodyCache: {} }, env: { incoming } } as unknown as Context<AppEnv>;
  return { incoming, c };
}

describe("readCappedBody over node's stream", () => {
  it("reads the chunks to the end; what the request emits after that changes nothing and throws nothing", async () => {
    const { incoming, c } = fakeRequest();
    const read = readCappedBody(c);
    incoming.emit("data", Buffer.from('{"amount":'));
    incoming.emit("data", Buffer.from("1500}"));
    incoming.readableEnded = true;
    incoming.emit("end");
    // The listeners stay on the request (body.ts): its close, a stray chunk or a late error find the read settled.
    incoming.emit("data", Buffer.from("trailing"));
    incoming.emit("error", new Error("late"));
    incoming.emit("close");
    await expect(read).resolves.toBe('{"amount":1500}');
  });

  it("stops at the cap: the 400 naming body, the stream paused, and what still comes is ignored", async () => {
    const { incoming, c } = fakeRequest();
    const read = readCappedBody(c);
    incoming.emit("data", Buffer.alloc(BODY_LIMIT));
    incoming.emit("data", Buffer.alloc(1));
    incoming.emit("data", Buffer.alloc(1024));
    incoming.emit("close");
    await expect(read).rejects.toMatchObject({ code: "INVALID_REQUEST_DATA", details: { body: `must be at most ${BODY_LIMIT} bytes` } });
    expect(incoming.paused).toBe(true);
  });

  it("a request closed before its end rejects, and a late end does not answer it", async () => {
    const { incoming, c } = fakeRequest();
    const read = readCappedBody(c);
    incoming.emit("data", Buffer.from('{"amount":'));
    incoming.emit("close");
    incoming.readableEnded = true;
    incoming.emit("end");
    await expect(read).rejects.toThrow("the client closed the connection before its body was complete");
  });
});
