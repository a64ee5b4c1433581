import { serve } from "@hono/node-server";
import { Hono } from "hono";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../src/http/env.js";
import { requestHeader, type ReadHeader } from "../src/http/headers.js";
import { readJsonBody } from "../src/http/validate.js";

const NAMES: ReadHeader[] = ["api-key", "client-id", "x-acting-as-client-id", "content-type", "content-length"];

/** A server that answers, for each name, what requestHeader and hono's c.req.header read, and what validate.ts makes of the body. */
const app = new Hono<AppEnv>();
app.all("*", async (c) => {
  const fast = Object.fromEntries(NAMES.map((n) => [n, requestHeader(c, n) ?? null]));
  const hono = Object.fromEntries(NAMES.map((n) => [n, c.req.header(n) ?? null]));
  const body = await readJsonBody(c, true).then(
    () => "json",
    (e: { details?: Record<string, string> }) => Object.keys(e.details ?? {}).join(),
  );
  return c.json({ fast, hono, body });
});

let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw header lines (repeats and padding as written) and a body; resolves the status and the answer. */
function raw(lines: string[], body = '{"a":1}'): Promise<{ status: number; answer: { fast: object; hono: object; body: string } | null }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.end(`POST / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${lines.map((l) => `${l}\r\n`).join("")}\r\n${body}`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (text += d));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0);
      const json = text.slice(text.indexOf("\r\n\r\n") + 4);
      resolve({ status, answer: status === 200 ? JSON.parse(json) : null });
    });
  });
}

describe("request headers read from node's parsed headers (src/http/headers.ts)", () => {
  it("read as hono reads them: padded, repeated, absent; a repeated content type is judged the same", async () => {
    const length = (body: string) => `Content-Length: ${Buffer.byteLength(body)}`;
    const cases: string[][] = [
      ["Api-Key: k1", "Client-Id: c1", "Content-Type: application/json", length('{"a":1}')],
      ["api-key:   padded \t", "CLIENT-ID:\tc2 ", "content-type:  application/json ; charset=utf-8 ", length('{"a":1}')],
      ["Api-Key: k1", "api-key: k2", "X-Acting-As-Client-Id: a", "x-acting-as-client-id: b", length('{"a":1}')],
      ["Content-Type: application/json", "Content-Type: text/plain", length('{"a":1}')],
      ["Content-Type: text/plain", "Content-Type: application/json", length('{"a":1}')],
      [length('{"a":1}')],
    ];
    for (const lines of cases) {
      const { status, answer } = await raw(lines);
      expect(status, lines.join(" | ")).toBe(200);
      const { fast, hono } = answer!;
      // Content-Type repeated: node keeps the first value, Fetch joins both; each is judged from its start.
      const comparable = (o: Record<string, unknown>) => ({ ...o, "content-type": o["content-type"] === null ? null : String(o["content-type"]).split(",")[0] });
      expect(comparable(fast as Record<string, unknown>), lines.join(" | ")).toEqual(comparable(hono as Record<string, unknown>));
      const repeatedType = lines.filter((l) => /^content-type/i.test(l)).length > 1;
      if (!repeatedType) expect(fast, lines.join(" | ")).toEqual(hono);
    }
    // What validate.ts decides from a repeated content type: the first value's verdict, as with Fetch's joined one.
    expect((await raw(["Content-Type: application/json", "Content-Type: text/plain", "Content-Length: 7"])).answer!.body).toBe("json");
    expect((await raw(["Content-Type: text/plain", "Content-Type: application/json", "Content-Length: 7"])).answer!.body).toBe("content-type");
  });

  it("a repeated content-length never reaches them: node's parser refuses it", async () => {
    expect((await raw(["Content-Type: application/json", "Content-Length: 7", "Content-Length: 7"])).status).toBe(400);
  });
});
