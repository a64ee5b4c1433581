import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { startDouble } from "../src/start.js";
import { headerLines, MERCHANT, rawAnswer, RESELLER, setup } from "./helpers.js";
import { ACH, CARD, everyOperation } from "./openapi-flow.js";

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

const SCENARIO = `
version: 1
name: golden
rules:
  - name: reset on 6601
    when: { operation: createTransaction, body: { amount: 6601 } }
    then: { transport: reset }
  - name: empty on 6602
    when: { operation: createTransaction, body: { amount: 6602 } }
    then: { transport: empty }
  - name: half a body on 6603
    when: { operation: createTransaction, body: { amount: 6603 } }
    then: { transport: malformed_json }
  - name: slow on 6604
    when: { operation: createTransaction, body: { amount: 6604 } }
    then: { delay_ms: 5 }
  - name: declined 51 on 6605
    when: { operation: createTransaction, body: { amount: 6605 } }
    then: { decline: { code: "51", description: Insufficient funds } }
  - name: 502 after create on 6606
    when: { operation: createTransaction, body: { amount: 6606 } }
    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }
`;

async function script(): Promise<string[]> {
  const t = setup({ seed: "golden", scenarios: ["scenarios/faults.yaml"], sleep: async () => {} });
  const lines: string[] = [];
  const line = (label: string, status: number | string, headers: Headers | null, text: string) => {
    const h = headers ? [...headers].map(([k, v]) => `${k}: ${v}`).join("\n") : "";
    const hash = createHash("sha256").update(`${status}\n${h}\n\n${text}`).digest("hex").slice(0, 16);
    lines.push(`${String(lines.length + 1).padStart(3, "0")} ${label} -> ${status} ${text.length}B ${hash}`);
  };
  const call = async (method: string, path: string, body?: unknown, opts: Parameters<typeof t.call>[2] = {}) => {
    const label = `${method} ${path}`;
    try {
      const r = await t.call(method, path, { ...opts, body });
      line(label, r.status, r.headers, r.text);
      return r;
    } catch (e) {
      // A transport fault in process rejects the call: its shape is the observable answer.
      const err = e as Error & { cause?: { code?: string } };
      line(label, `rejected ${err.name}(${err.message}) ${err.cause?.code ?? ""}`, null, "");
      return null;
    }
  };
  const post = (path: string, body?: unknown, opts: Parameters<typeof t.call>[2] = {}) => call("POST", path, body, opts);
  const get = (path: string, opts: Parameters<typeof t.call>[2] = {}) => call("GET", path, undefined, opts);
  const sale = (amount: number, payment_method: unknown = CARD, extra: object = {}) => post("/v1/transactions", { type: "SALE", amount, payment_method, ...extra });

  // Every operation on its success and error paths (the OpenAPI examples' session).
  await everyOperation(
    async (c) => {
      const qs = c.query ? `?${new URLSearchParams(c.query)}` : "";
      const r = await call(c.method, c.path + qs, c.body, { as: c.as });
      return { status: r!.status, body: r!.body };
    },
    async (method, path, body) => {
      const r = await call(method, path, body, { as: null });
      return { status: r!.status, body: r!.body };
    },
  );

  // Magic values: declines, ERROR, AVS/CVV, tokenization failure, 500, 502 with and without created.
  for (const pan of ["4000000000009995", "4000000000000127", "4000000000000119", "4000000000000010", "4000000000000101", "4000000000000341", "4000005000000001", "4000005020000007", "4000005021000006", "4000005021000006", "4000056655665556", "5200828282828210", "378282246310005"]) {
    const r = await sale(1100, { ...CARD, pan });
    if (r?.body?.id) await get(`/v1/transactions/${r.body.id}`);
  }
  // The loaded scenario (faults.yaml) and an inline one: 500, 502 with and without created, fail twice.
  for (const amount of [6500, 6502, 6503, 6599, 6599, 6599]) await sale(amount);
  await call("POST", "/_mock/scenarios", undefined, { as: null, raw: SCENARIO, headers: { "content-type": "application/yaml" } });
  for (const amount of [6601, 6602, 6603, 6604, 6605, 6606]) await sale(amount);
  // Validation: bad fields, bad JSON, wrong content type, unknown route, bad credentials.
  await sale(1000, { ...CARD, pan: "4242424242424241", expiry: { month: "13", year: "2020" } });
  await call("POST", "/v1/transactions", undefined, { raw: "{not json", headers: { "content-type": "application/json" } });
  await call("POST", "/v1/transactions", undefined, { raw: "type=SALE", headers: { "content-type": "text/plain" } });
  await post("/v1/transactions", { type: "SALE", amount: "ten", payment_method: CARD, extra: 1 });
  await get("/v1/nothing-here");
  await get("/v1/transactions", { as: null });
  await get("/v1/transactions?limit=abc&sort_order=sideways");
  // Removal from a batch (magic and control), ACH returns (magic, control now, control later).
  const removed = await sale(1300, { ...CARD, pan: "4000004001000003" });
  const marked = await sale(1400);
  await post(`/_mock/transactions/${marked!.body.id}/remove-from-batch`, undefined, { as: null });
  const achs = [];
  for (const account_number of ["000222222227", "000333333335", "000111111113", "000000009999", "1000503", "000123456789"]) achs.push(await sale(2100, { ...ACH, account_number }));
  await post("/v1/transactions", { type: "PAYOUT", amount: 800, payment_method: { ...ACH, account_number: "000222222227" } });
  await post(`/_mock/transactions/${achs[5]!.body.id}/ach-return`, { code: "R01", reason: "Insufficient funds" }, { as: null });
  await post(`/_mock/transactions/${achs[4]!.body.id}/ach-return`, { in: "P1D" }, { as: null });
  await post(`/_mock/transactions/${removed!.body.id}/ach-return`, undefined, { as: null });
  await post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "now" });
  await post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Achproc", batch_type: "ach", created_at: "now" });
  await get(`/v1/transactions/${removed!.body.id}`);
  await get(`/v1/transactions/${marked!.body.id}`);
  await post("/_mock/clock/advance", { by: "P10D" }, { as: null });
  for (const a of achs) await get(`/v1/transactions/${a!.body.id}`);
  // Refund and void of a token payment; listings after everything.
  const token = await post("/v1/payment_tokens", { payment_method: { ...CARD, pan: "5555555555554444" }, customer_id: "cus-9" });
  const bytoken = await sale(999, { type: "PaymentToken", payment_token: token!.body.payment_token });
  await post(`/v1/transactions/${bytoken!.body.id}/cancel`, { type: "VOID" });
  await post(`/v1/transactions/${bytoken!.body.id}/cancel`, { type: "VOID" });
  await get("/v1/transactions?limit=100");
  await get("/v1/transactions?type=SALE,CANCEL&result=DECLINED,APPROVED&limit=20&offset=3");
  await get("/v1/transactions?type=SALE,CANCEL&limit=20&offset=3&sort_by=amount&sort_order=asc");
  await get("/v1/batches?take=100&sort_column=created_at&sort_order=asc");
  await get("/v1/payment_tokens?limit=50");
  await get("/v1/clients?Take=10&Skip=0", { as: RESELLER });
  // A sandbox: its own world, same operations.
  const box = await post("/_mock/sandboxes", { seed: "box" }, { as: null });
  await post(`/sandboxes/${box!.body.id}/v1/transactions`, { type: "SALE", amount: 500, payment_method: CARD });
  await get(`/sandboxes/nope/v1/transactions`);
  // What the world shows of it all.
  for (const path of ["/_mock/health", "/_mock/clock", "/_mock/transactions", "/_mock/batches", "/_mock/requests?limit=1000", "/_mock/requests/3", "/_mock/journal/export", "/_mock/scenarios"]) await get(path, { as: null });
  return lines;
}

test("the script of every operation and outcome answers the pinned bytes", async () => {
  const lines = await script();
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
