import { spawn } from "node:child_process";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import { ensureBuilt, listeningUrl } from "./built-cli.js";

/**
 * Requests node's HTTP parser (or the adapter, before any world) refuses: each answer is the
 * gateway's error envelope, as docs/reference/limits.md promises for every refusal, not node's bare
 * `400 Bad Request` with no body.
 */

/** Sends raw bytes and reads until the server closes the connection (or answers whole). */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (d) => {
      text += d;
      const end = text.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (end >= 0 && text.length >= end + 4 + length) socket.destroy(), resolve(text);
    });
    socket.on("close", () => resolve(text));
    socket.on("error", (e) => (text ? resolve(text) : reject(e)));
    socket.write(bytes, "latin1");
  });
}

function parse(answer: string) {
  const end = answer.indexOf("\r\n\r\n");
  const [statusLine, ...lines] = answer.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]));
  const body = answer.slice(end + 4);
  return { statusLine, headers, body, envelope: body ? JSON.parse(body) : null };
}

const BAD = {
  "no Host header (HTTP/1.1)": { bytes: "GET /v1/clients HTTP/1.1\r\n\r\n", status: "HTTP/1.1 400 Bad Request", field: "host" },
  "OPTIONS *": { bytes: "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", status: "HTTP/1.1 400 Bad Request", field: "path" },
  "a bad header byte": { bytes: "GET /v1/clients HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad\x01: 1\r\n\r\n", status: "HTTP/1.1 400 Bad Request", field: "headers" },
  "Content-Length with Transfer-Encoding": {
    bytes: "POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    status: "HTTP/1.1 400 Bad Request", field: "headers",
  },
  "a bad chunk size": { bytes: "POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: "HTTP/1.1 400 Bad Request", field: "body" },
  "headers over node's limit": { bytes: `GET /v1/clients HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, status: "HTTP/1.1 431 Request Header Fields Too Large", field: "headers" },
} as const;

function expectEnvelope(answer: string, want: { status: string; field: string }) {
  const { statusLine, headers, body, envelope } = parse(answer);
  expect(statusLine).toBe(want.status);
  expect(headers["content-type"]).toBe("application/json");
  expect(Number(headers["content-length"])).toBe(Buffer.byteLength(body));
  expect(headers.connection).toBe("close");
  // The spec's header on every response: the nil UUID, as no world's seeded id is drawn for it.
  expect(headers["x-request-id"]).toBe("00000000-0000-0000-0000-000000000000");
  expect(envelope).toEqual({
    error_code: "INVALID_REQUEST_DATA",
    error_message: expect.any(String),
    details: { [want.field]: expect.any(String) },
    // A refusal no world saw: no processor, and no id drawn from a world's seeded stream.
    source: { system: null, code: null, message: null },
    correlation_id: "00000000-0000-0000-0000-000000000000",
  });
}

describe("malformed HTTP to startDouble's server", () => {
  let double: RunningDouble;
  beforeAll(async () => void (double = await startDouble({ seed: "client-error" })));
  afterAll(() => double.close());

  for (const [name, want] of Object.entries(BAD)) {
    it(`${name}: the envelope, then the connection closes`, async () => {
      expectEnvelope(await exchange(Number(new URL(double.url).port), want.bytes), want);
    });
  }

  it("no world saw those refused before their head was whole; a bad chunk is a body that never arrived", async () => {
    const sandbox = await double.sandbox({ seed: "client-error" });
    const port = Number(new URL(double.url).port);
    const path = new URL(sandbox.url).pathname;
    for (const want of Object.values(BAD)) await exchange(port, want.bytes.replace(/ \/v1\//, ` ${path}/v1/`));
    // The chunked request's head reached the sandbox: journaled as a body cut off (status 0), as a
    // client that goes away mid-body is, with the id it drew; the others reached no world.
    const entries = (await (await fetch(`${sandbox.url}/_mock/requests`)).json()).data;
    expect(entries.map((e: { method: string; path: string; status: number }) => [e.method, e.path, e.status])).toEqual([["POST", "/v1/transactions", 0]]);
    await sandbox.close();
  });

  it("an HTTP/1.0 request without Host is still served", async () => {
    const answer = await exchange(Number(new URL(double.url).port), "GET /_mock/health HTTP/1.0\r\n\r\n");
    expect(parse(answer).statusLine).toBe("HTTP/1.1 200 OK");
  });
});

describe("malformed HTTP to the built CLI's server", () => {
  beforeAll(ensureBuilt, 300_000);

  it("answers the envelope too", async () => {
    const child = spawn(process.execPath, ["dist/main.js", "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
    try {
      const url = await listeningUrl(child);
      const port = Number(new URL(url).port);
      for (const want of Object.values(BAD)) expectEnvelope(await exchange(port, want.bytes), want);
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("close", r));
    }
  }, 60_000);
});
