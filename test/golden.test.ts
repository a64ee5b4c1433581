import { expect, test } from "vitest";
import { startDouble } from "../src/start.js";
import { goldenScript } from "./golden-script.js";
import { headerLines, MERCHANT, rawAnswer, setup } from "./helpers.js";
import { CARD } from "./openapi-flow.js";

/**
 * The bytes on the wire, pinned: a fixed script of every `/v1` operation and outcome (approvals,
 * declines, `ERROR`, 500, 502 with and without a created payment, transport faults, batch close,
 * settlement, removal, ACH returns, refunds, voids, tokens, clients, integrations, users), with the
 * built-in magic values and a loaded scenario, and the control reads that show the world after it
 * (journal, replay log, clock). Each answer's status, headers and body are hashed into one line of
 * `test/golden/wire.txt`, so a change meant to be invisible (the request path's speed-ups) proves
 * it is. A change that means to alter bytes regenerates the file and shows the diff in review:
 *
 *   npx vitest run test/golden.test.ts -u
 */

test("the script of every operation and outcome answers the pinned bytes", async () => {
  const t = setup({ seed: "golden", scenarios: ["scenarios/faults.yaml"], sleep: async () => {} });
  const lines = await goldenScript(t.call);
  await expect(lines.join("\n") + "\n").toMatchFileSnapshot("golden/wire.txt");
});

test("over a socket, the header lines come in the same order and case", async () => {
  const running = await startDouble({ seed: "golden" });
  try {
    const port = Number(new URL(running.url).port);
    const body = JSON.stringify({ type: "SALE", amount: 1500, payment_method: CARD });
    const head = `Host: 127.0.0.1\r\nApi-Key: ${MERCHANT.key}\r\nClient-Id: ${MERCHANT.id}\r\n`;
    const sale = await rawAnswer(port, `POST /v1/transactions HTTP/1.1\r\n${head}content-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
    expect(headerLines(sale)).toEqual(["HTTP/1.1 200 OK", "content-type", "x-paydouble-now", "x-request-id", "Content-Length", "Date", "Connection", "Keep-Alive"]);
    expect(Number(/Content-Length: (\d+)/.exec(sale)![1])).toBe(Buffer.byteLength(sale.slice(sale.indexOf("\r\n\r\n") + 4)));
    const refused = await rawAnswer(port, `GET /v1/transactions?limit=x HTTP/1.1\r\n${head}\r\n`);
    expect(headerLines(refused)).toEqual(["HTTP/1.1 400 Bad Request", "content-type", "x-paydouble-now", "x-request-id", "Content-Length", "Date", "Connection", "Keep-Alive"]);
    const health = await rawAnswer(port, "GET /_mock/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(headerLines(health)).toEqual(["HTTP/1.1 200 OK", "content-type", "x-request-id", "Content-Length", "Date", "Connection", "Keep-Alive"]);
  } finally {
    await running.close();
  }
});
