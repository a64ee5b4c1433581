import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import { MERCHANT, rawAnswer } from "./helpers.js";

/**
 * A request body is the same request however its bytes arrive over the socket (src/http/body.ts reads
 * node's stream as it comes): with the headers in one write, after them, split, chunked, or empty.
 * Two doubles of one seed, the same request each way: every answer the same bytes.
 */

const SALE = JSON.stringify({ type: "SALE", amount: 1234, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123" } });
const HEAD = (extra: string) =>
  `POST /v1/transactions HTTP/1.1\r\nHost: 127.0.0.1\r\nApi-Key: ${MERCHANT.key}\r\nClient-Id: ${MERCHANT.id}\r\nContent-Type: application/json\r\n${extra}\r\n`;
const chunk = (s: string) => `${Buffer.byteLength(s).toString(16)}\r\n${s}\r\n`;

/** The answer's status line and body, of a request written in parts `gapMs` apart. */
async function exchange(port: number, parts: string[], gapMs: number): Promise<{ status: string; body: string }> {
  const text = await rawAnswer(port, parts, gapMs);
  return { status: text.slice(0, text.indexOf("\r\n")), body: text.slice(text.indexOf("\r\n\r\n") + 4) };
}

const WAYS: Record<string, string[]> = {
  "with its headers, one write": [HEAD(`Content-Length: ${Buffer.byteLength(SALE)}\r\n`) + SALE],
  "after its headers": [HEAD(`Content-Length: ${Buffer.byteLength(SALE)}\r\n`), SALE],
  "in two halves": [HEAD(`Content-Length: ${Buffer.byteLength(SALE)}\r\n`) + SALE.slice(0, 40), SALE.slice(40)],
  "chunked, one write": [HEAD("Transfer-Encoding: chunked\r\n") + chunk(SALE.slice(0, 50)) + chunk(SALE.slice(50)) + "0\r\n\r\n"],
  "chunked, a chunk per write": [HEAD("Transfer-Encoding: chunked\r\n"), chunk(SALE.slice(0, 50)), chunk(SALE.slice(50)), "0\r\n\r\n"],
};

const portOf = (d: RunningDouble) => Number(new URL(d.url).port);

let a: RunningDouble;
let b: RunningDouble;
beforeAll(async () => {
  [a, b] = await Promise.all([startDouble({ seed: "arrival" }), startDouble({ seed: "arrival" })]);
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

describe("a body however it arrives", () => {
  it("gives the answer of the same body sent with its headers", async () => {
    const whole = WAYS["with its headers, one write"]!;
    for (const [way, parts] of Object.entries(WAYS)) {
      const [x, y] = await Promise.all([exchange(portOf(a), whole, 0), exchange(portOf(b), parts, 30)]);
      expect(y.status, way).toBe("HTTP/1.1 200 OK");
      expect(JSON.parse(y.body), way).toMatchObject({ type: "SALE", amount: 1234, result: "APPROVED" });
      expect(y.body, way).toBe(x.body);
    }
  });

  it("an empty body is refused the same way, whether it came with its headers or not", async () => {
    for (const parts of [[HEAD("Content-Length: 0\r\n")], [HEAD("Transfer-Encoding: chunked\r\n"), "0\r\n\r\n"]]) {
      const r = await exchange(portOf(a), parts, 30);
      expect(r.status).toBe("HTTP/1.1 400 Bad Request");
      expect(JSON.parse(r.body)).toMatchObject({ error_code: "INVALID_REQUEST_DATA", details: { body: "is required" } });
    }
  });
});
