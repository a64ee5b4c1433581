import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { achSale, sale } from "./payments-helpers.js";

const VIEWS = ["log", "transactions", "batches", "clock", "scenarios", "reference", "sandboxes", "verdict"];
const nearRule = {
  version: 1,
  name: "big-sales",
  rules: [{ name: "decline big", when: { operation: "createTransaction", body: { amount: { gte: 5000 }, "metadata.case": "big" }, times: 1 }, then: { decline: { code: "51", description: "Insufficient funds" } } }],
};

describe("the inspector over HTTP", () => {
  test("GET / redirects to the world's inspector, at the root and in a sandbox; the page and its assets are served", async () => {
    const t = setup();
    const root = await t.double.app.request("/");
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/_mock/ui");
    const sb = (await t.post("/_mock/sandboxes", {}, { as: null })).body;
    const inSandbox = await t.double.app.request(`/sandboxes/${sb.id}`);
    expect(inSandbox.headers.get("location")).toBe(`/sandboxes/${sb.id}/_mock/ui`);
    const page = await t.double.app.request(`/sandboxes/${sb.id}/_mock/ui`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain(`data-mock="/sandboxes/${sb.id}/_mock"`);
    expect(html).not.toMatch(/https?:\/\//); // every asset from paydouble itself
    const js = await t.double.app.request("/_mock/ui/client.js");
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect((await t.double.app.request("/_mock/ui/style.css")).status).toBe(200);
    for (const v of VIEWS) expect((await t.double.app.request(`/_mock/ui/views/${v}`)).status, v).toBe(200);
    expectEnvelope(await t.get("/_mock/ui/views/nope", { as: null }), 404, "RESOURCE_NOT_FOUND");
  });

  test("--no-control: no inspector, no stream, and GET / stays a 404", async () => {
    const t = setup({ control: false });
    for (const p of ["/", "/_mock/ui", "/_mock/events", "/_mock/ui/client.js"]) expectEnvelope(await t.get(p, { as: null }), 404, "RESOURCE_NOT_FOUND");
  });

  test("markup in metadata is escaped in every view that shows it; secrets stay masked", async () => {
    const t = setup();
    const evil = "<script>alert(1)</script><img src=x onerror=alert(2)>";
    expect((await t.post("/v1/transactions", sale({ metadata: { note: evil } }))).status).toBe(200);
    for (const v of ["log", "transactions"]) {
      const html = await (await t.double.app.request(`/_mock/ui/views/${v}`)).text();
      expect(html, v).not.toContain("<script>");
      expect(html, v).not.toContain("<img");
      expect(html, v).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;");
      expect(html, v).not.toContain("4242424242424242");
    }
  });

  test("a journal entry keeps the masked answer and error code; GET /_mock/requests/{seq} returns it whole", async () => {
    const t = setup();
    await t.post("/v1/transactions", sale());
    await t.post("/v1/transactions", { amount: 1 });
    const ok = (await t.get("/_mock/requests/1", { as: null })).body;
    expect(ok).toMatchObject({ seq: 1, status: 200, error_code: null, operation: "createTransaction", near_misses: [] });
    expect(ok.response.payment_method.truncated_pan).toBe("424242******4242");
    expect(JSON.stringify(ok)).not.toContain("4242424242424242");
    const bad = (await t.get("/_mock/requests/2", { as: null })).body;
    expect(bad).toMatchObject({ status: 400, error_code: "INVALID_REQUEST_DATA", response: { error_code: "INVALID_REQUEST_DATA" } });
    expect(bad).not.toHaveProperty("latency_ms");
    expectEnvelope(await t.get("/_mock/requests/3", { as: null }), 404, "RESOURCE_NOT_FOUND");
    expect(expectEnvelope(await t.get("/_mock/requests/x", { as: null }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("seq");
  });

  test("a near-miss names the rule and the one condition that failed; explain changes nothing", async () => {
    const t = setup();
    expect((await t.post("/_mock/scenarios", nearRule, { as: null })).status).toBe(201);
    const ask = { operation: "createTransaction", client: MERCHANT.id, body: { amount: 5000, metadata: { case: "big" } } };
    for (let i = 0; i < 2; i++) expect((await t.post("/_mock/scenarios/explain", ask, { as: null })).body).toEqual({ matched: { rule: "big-sales/decline big", outcome: { decline: { code: "51", description: "Insufficient funds" } } }, near_misses: [] });
    await t.post("/v1/transactions", sale({ amount: 4999, metadata: { case: "big" } }));
    expect((await t.get("/_mock/requests/1", { as: null })).body.near_misses).toEqual([{ rule: "big-sales/decline big", reason: "body.amount: wanted gte 5000, got 4999" }]);
    // The budget (times: 1) was not spent by explaining: the first real match still fires.
    expect((await t.post("/v1/transactions", sale({ amount: 5000, metadata: { case: "big" } }))).body.result).toBe("DECLINED");
    expect((await t.post("/_mock/scenarios/explain", ask, { as: null })).body).toEqual({ matched: null, near_misses: [{ rule: "big-sales/decline big", reason: "budget times: 1 spent" }] });
    const bad = await t.post("/_mock/scenarios/explain", { operation: "nope" }, { as: null });
    expect(expectEnvelope(bad, 400, "INVALID_REQUEST_DATA").details).toHaveProperty("operation");
  });

  test("the journal API stays byte-identical across two runs of the same requests (no wall-clock figure)", async () => {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const t = setup({ seed: "same" });
      await t.post("/_mock/scenarios", nearRule, { as: null });
      await t.post("/v1/transactions", sale({ amount: 4999, metadata: { case: "big" } }));
      await t.post("/v1/transactions", { amount: 1 });
      runs.push((await t.get("/_mock/requests", { as: null })).text);
    }
    expect(runs[0]).toBe(runs[1]);
  });

  test("GET /_mock/transactions and /_mock/batches list the whole world in the /v1 shapes, narrowed by client_id", async () => {
    const t = setup();
    const card = (await t.post("/v1/transactions", sale({ amount: 1200 }))).body;
    const ach = (await t.post("/v1/transactions", achSale({ amount: 800 }))).body;
    const all = (await t.get("/_mock/transactions", { as: null })).body.data;
    expect(all.map((x: { id: string }) => x.id)).toEqual([card.id, ach.id]);
    expect(all[0]).toEqual((await t.get("/v1/transactions", {})).body.data.find((x: { id: string }) => x.id === card.id));
    expect((await t.get(`/_mock/transactions?client_id=${RESELLER.id}`, { as: null })).body.data).toEqual([]);
    const batches = (await t.get(`/_mock/batches?client_id=${MERCHANT.id}`, { as: null })).body.data;
    expect(batches).toHaveLength(2);
    expect(batches.find((b: { batch_type: string }) => b.batch_type === "card")).toMatchObject({ status: "open", approved_amount: 1200, transaction_ids: [card.id] });
    expect(expectEnvelope(await t.get("/_mock/batches?x=1", { as: null }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("x");
  });

  test("GET /_mock/transactions is streamed in pieces with the bytes of the whole list, filters applied", async () => {
    const t = setup();
    // About 450 KB of list: many of the stream's 32 KB batches.
    for (let i = 0; i < 300; i++) await t.post("/v1/transactions", i % 3 ? sale({ amount: 100 + i, metadata: { order_id: `O-${i % 7}` } }) : achSale({ amount: 100 + i }));
    const res = await t.double.app.request("/_mock/transactions");
    expect(res.headers.get("content-type")).toBe("application/json");
    const pages: unknown[] = [];
    for (let offset = 0; offset < 300; offset += 100) pages.push(...(await t.get(`/v1/transactions?limit=100&offset=${offset}`, {})).body.data);
    const text = await res.text();
    expect(text).toBe(JSON.stringify({ data: pages.reverse() })); // /v1 lists newest first
    const filtered = (await t.get("/_mock/transactions?order_id=O-3&method=CARD", { as: null })).body.data as { metadata: { order_id: string } }[];
    expect(filtered.length).toBeGreaterThan(20);
    expect(filtered.every((x) => x.metadata.order_id === "O-3")).toBe(true);
  });

  test("the transactions view shows the newest 200 of all that match, counts them all, and links a refund to its payment", async () => {
    const t = setup();
    const first = (await t.post("/v1/transactions", sale({ amount: 1111 }))).body;
    for (let i = 0; i < 250; i++) expect((await t.post("/v1/transactions", sale())).status).toBe(200);
    const last = (await t.post("/v1/transactions", sale({ amount: 2222 }))).body;
    const voided = (await t.post(`/v1/transactions/${last.id}/cancel`, { type: "VOID" })).body;
    const html = await (await t.double.app.request("/_mock/ui/views/transactions")).text();
    expect(html).toContain("253 matching transactions, newest 200 shown");
    expect(html).not.toContain(`data-tx="${first.id}"`);
    expect(html).toContain(`data-tx="${last.id}"`);
    // The void record follows the sale: both rows shown, the sale's links name it.
    const saleRow = html.slice(html.indexOf(`data-tx="${last.id}"`), html.indexOf("</tbody>", html.indexOf(`data-tx="${last.id}"`)));
    expect(saleRow).toContain(`#story-${voided.id}`);
  });

  test("the batches view links the first 100 members of a batch and counts them all", async () => {
    const t = setup();
    for (let i = 0; i < 130; i++) expect((await t.post("/v1/transactions", sale())).status).toBe(200);
    const [batch] = (await t.get("/_mock/batches", { as: null })).body.data as { transaction_ids: string[] }[];
    expect(batch!.transaction_ids).toHaveLength(130);
    const html = await (await t.double.app.request("/_mock/ui/views/batches")).text();
    expect(html).toContain("130 transactions");
    expect(html).toContain("lists all 130");
    const linked = [...html.matchAll(/#story-(TRANSACTION-[0-9A-Z]+)/g)].map((m) => m[1]);
    expect([...new Set(linked)]).toEqual(batch!.transaction_ids.slice(0, 100));
  });

  test("the clock view lists the next 100 pending events of a world of many vaulted cards, and counts them all", async () => {
    const t = setup();
    for (let i = 0; i < 150; i++) expect((await t.post("/v1/transactions", sale())).status).toBe(200);
    const clock = (await t.get("/_mock/clock", { as: null })).body;
    const total = clock.pending.length; // each card's expiry, the batch's auto-close
    expect(total).toBeGreaterThan(150);
    const html = await (await t.double.app.request("/_mock/ui/views/clock")).text();
    expect(html).toContain(`Pending events (${total})`);
    expect(html).toContain(`lists all ${total}`);
    const rows = [...html.matchAll(/<td class="id">([^<]*)<\/td>/g)].map((m) => m[1]);
    expect(rows).toEqual(clock.pending.slice(0, 100).map((p: { subject: string }) => p.subject));
  });

  test("GET /_mock/events streams each /v1 request with its latency, and world changes", async () => {
    const t = setup();
    const res = await t.double.app.request("/_mock/events");
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const until = async (needle: string) => {
      for (let i = 0; i < 50 && !text.includes(needle); i++) text += decoder.decode((await reader.read()).value);
      return text;
    };
    expect(await until("event: world")).toContain("event: world");
    await t.post("/v1/transactions", sale());
    await until("event: request");
    const data = JSON.parse(/event: request\ndata: (.*)\n/.exec(text)![1]);
    expect(data).toMatchObject({ seq: 1, status: 200, operation: "createTransaction" });
    expect(typeof data.latency_ms).toBe("number");
    expect(JSON.stringify(data)).not.toContain("4242424242424242");
    text = "";
    await t.post("/_mock/clock/advance", { by: "PT1H" }, { as: null });
    expect(await until("event: world")).toContain("event: world");
    await reader.cancel();
  });
});
