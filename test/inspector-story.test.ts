import { describe, expect, test } from "vitest";
import { replayLog } from "../src/replay/replay.js";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { achSale, sale } from "./payments-helpers.js";

/**
 * Issue 20's inspector data over HTTP: what each journal entry says (query, headers, the quirk that
 * shaped it), the journal's filters and cursors, the activity log behind the stories and the
 * timeline (control actions, fired events and their effects, the 502 that created a payment),
 * transaction search, a spent rule, and the inspector's own headers. The browser flows are in
 * inspector-browser-story.test.ts.
 */
const LOST = { version: 1, name: "lost", rules: [{ name: "lost answer", when: { operation: "createTransaction", body: { "metadata.order_id": "ORD-502" }, times: 1 }, then: { fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } } }] };

describe("the inspector's data", () => {
  test("a journal entry names the quirk that shaped it, and carries its query and headers (credentials masked)", async () => {
    const t = setup();
    expectEnvelope(await t.get("/v1/transactions?type=VOID&limit=5"), 500, "SYSTEM_ERROR");
    await t.post("/v1/transactions", sale());
    const [voided, plain] = (await t.get("/_mock/requests", { as: null })).body.data;
    expect(voided).toMatchObject({ path: "/v1/transactions", query: { type: "VOID", limit: "5" }, quirk: "type_filter_void_500", rule: null });
    expect(voided.request_headers).toEqual({ "api-key": "pk_live_" + "*".repeat(MERCHANT.key.length - 8), "client-id": MERCHANT.id });
    expect(voided.response_headers).toEqual({ "content-type": "application/json", "x-request-id": voided.request_id });
    expect(plain.quirk).toBeNull();
    expect(plain.request_headers["content-type"]).toBe("application/json");
    // An unknown id answers 400 by the quirk `declared_404_never_returned`; with it off, the declared 404 and no quirk.
    await t.get("/v1/transactions/TRANSACTION-01KJQH0CC1MY1M7MHC8CE7DPZQ");
    expect((await t.get("/_mock/requests?limit=1", { as: null })).body.data[0]).toMatchObject({ status: 400, quirk: "declared_404_never_returned" });
  });

  test("GET /_mock/requests filters by path, rule and quirk, and pages with after and before", async () => {
    const t = setup();
    await t.post("/_mock/scenarios", { version: 1, name: "d", rules: [{ name: "no", when: { operation: "createTransaction", nth: 2 }, then: { decline: { code: "05", description: "Do not honor" } } }] }, { as: null });
    for (let i = 0; i < 3; i++) await t.post("/v1/transactions", sale());
    await t.get("/v1/transactions?type=VOID");
    await t.get("/v1/batches");
    const q = async (query: string) => (await t.get(`/_mock/requests?${query}`, { as: null })).body;
    expect((await q("path=batch")).data.map((e: any) => e.seq)).toEqual([5]);
    expect((await q("rule=d%2Fno")).data.map((e: any) => e.seq)).toEqual([2]);
    expect((await q("quirk=type_filter_void_500")).data.map((e: any) => e.seq)).toEqual([4]);
    expect(await q("after=2&limit=2")).toMatchObject({ data: [{ seq: 3 }, { seq: 4 }], count: 3 });
    expect(await q("before=4&limit=2")).toMatchObject({ data: [{ seq: 2 }, { seq: 3 }], count: 3 });
    expect(await q("after=1&before=3")).toMatchObject({ data: [{ seq: 2 }], count: 1 });
    expect(await q("path=transactions&count=true")).toEqual({ count: 4 });
    const bad = expectEnvelope(await t.get("/_mock/requests?after=-1&quirk=", { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["after", "quirk"]);
  });

  test("GET /_mock/activity: control actions and fired events in order, with what each did to payments", async () => {
    const t = setup();
    const card = (await t.post("/v1/transactions", sale())).body;
    const removed = (await t.post("/v1/transactions", sale({ amount: 700 }))).body;
    expect((await t.post(`/_mock/transactions/${removed.id}/remove-from-batch`, undefined, { as: null })).status).toBe(200);
    await t.post("/_mock/clock/advance", { until: "next_event" }, { as: null });
    const { data } = (await t.get("/_mock/activity", { as: null })).body;
    expect(data.map((a: any) => [a.kind, a.after_seq, a.title.split(" ").slice(0, 2).join(" ")])).toEqual([
      ["control", 2, `POST /_mock/transactions/${removed.id}/remove-from-batch`],
      ["control", 2, "POST /_mock/clock/advance"],
      ["event", 2, expect.stringMatching(/^batch_auto_close BATCH-/)],
    ]);
    // The event fired during the advance: the advance holds the earlier place.
    expect(data[1].id).toBeLessThan(data[2].id);
    expect(data[2].effects).toEqual([
      { transaction_id: card.id, change: "CLOSED (batch closed, settlement under way)" },
      { transaction_id: removed.id, change: "REMOVED_FROM_BATCH" },
    ]);
    expect(data[2].summary).toBe("1 payment CLOSED, 1 payment REMOVED_FROM_BATCH");
    expect((await t.get(`/_mock/activity?after=${data[1].id}`, { as: null })).body.data).toHaveLength(1);
    // Not in the journal: the journal API still lists the two /v1 requests only.
    expect((await t.get("/_mock/requests?count=true", { as: null })).body).toEqual({ count: 2 });
  });

  test("a 502 after create links the request to the payment it made; an ACH return after settlement is an effect", async () => {
    const t = setup();
    await t.post("/_mock/scenarios", LOST, { as: null });
    expectEnvelope(await t.post("/v1/transactions", sale({ metadata: { order_id: "ORD-502" } })), 502, "DOWNSTREAM_ERROR");
    const ach = (await t.post("/v1/transactions", achSale())).body;
    const [made] = (await t.get("/_mock/transactions?order_id=ORD-502", { as: null })).body.data;
    expect((await t.get("/_mock/activity", { as: null })).body.created_by).toEqual([{ transaction_id: made.id, seq: 1 }]);
    await t.post("/_mock/clock/advance", { by: "P5D" }, { as: null });
    await t.post(`/_mock/transactions/${ach.id}/ach-return`, { code: "R01", in: "PT1H" }, { as: null });
    await t.post("/_mock/clock/advance", { by: "PT2H" }, { as: null });
    const events = (await t.get("/_mock/activity", { as: null })).body.data.filter((a: any) => a.kind === "event");
    expect(events.at(-1)).toMatchObject({ title: `ach_return ${ach.id}`, effects: [{ transaction_id: ach.id, change: "RETURNED R01 after settlement" }] });
    const story = await (await t.double.app.request(`/_mock/ui/views/story?id=${made.id}`)).text();
    expect(story).toContain("created it, but answered 502 DOWNSTREAM_ERROR");
    expect(story).toContain('href="#req-1"');
  });

  test("the activity log replays as the journal does: the same bytes from the same export", async () => {
    const t = setup();
    await t.post("/_mock/scenarios", LOST, { as: null });
    await t.post("/v1/transactions", sale({ metadata: { order_id: "ORD-502" } }));
    await t.post("/v1/transactions", achSale());
    await t.post("/_mock/clock/advance", { by: "P3D" }, { as: null });
    const replayed = await replayLog((await t.get("/_mock/journal/export", { as: null })).text);
    for (const path of ["/_mock/activity", "/_mock/requests"]) {
      const live = await (await t.double.app.request(path)).text();
      expect(await (await replayed.app.request(path)).text(), path).toBe(live);
    }
  });

  test("GET /_mock/transactions finds payments by order id, amount, result, method and last four", async () => {
    const t = setup();
    await t.post("/v1/transactions", sale({ amount: 1111, metadata: { order_id: "A-1" } }));
    await t.post("/v1/transactions", sale({ amount: 2222, payment_method: { ...sale().payment_method, pan: "4000000000000002" } }));
    await t.post("/v1/transactions", achSale({ amount: 1111 }));
    const find = async (q: string) => (await t.get(`/_mock/transactions?${q}`, { as: null })).body.data.map((x: any) => x.amount);
    expect(await find("order_id=A-1")).toEqual([1111]);
    expect(await find("amount=1111")).toEqual([1111, 1111]);
    expect(await find("method=ACH")).toEqual([1111]);
    expect(await find("last4=4242")).toEqual([1111]);
    expect(await find("result=APPROVED&method=CARD")).toEqual(expect.arrayContaining([1111]));
    const bad = expectEnvelope(await t.get("/_mock/transactions?last4=42&method=CHEQUE", { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["last4", "method"]);
  });

  test("a rule whose times budget or nth match is used up is listed as spent", async () => {
    const t = setup();
    await t.post("/_mock/scenarios", { version: 1, name: "s", rules: [{ name: "second", when: { operation: "createTransaction", nth: 2 }, then: { approve: true } }, { name: "once", when: { operation: "getTransaction", times: 1 }, then: { approve: true } }] }, { as: null });
    const spent = async () => Object.fromEntries((await t.get("/_mock/scenarios", { as: null })).body.scenarios[0].rules.map((r: any) => [r.name, r.spent]));
    expect(await spent()).toEqual({ second: false, once: false });
    await t.post("/v1/transactions", sale());
    await t.post("/v1/transactions", sale());
    expect(await spent()).toEqual({ second: true, once: false });
  });

  test("the inspector refuses framing, allows only its own script and style, and favicon.ico answers", async () => {
    const t = setup();
    for (const path of ["/_mock/ui", "/_mock/ui/views/log", "/_mock/ui/client.js"]) {
      const res = await t.double.app.request(path);
      expect(res.headers.get("content-security-policy"), path).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    }
    const html = await (await t.double.app.request("/_mock/ui")).text();
    expect(html).not.toMatch(/<script>|<style|\sstyle="|\son[a-z]+="/); // nothing inline the policy would block
    for (const path of ["/favicon.ico", "/_mock/ui/favicon.ico"]) {
      const icon = await t.double.app.request(path);
      expect([icon.status, icon.headers.get("content-type"), (await icon.arrayBuffer()).byteLength], path).toEqual([200, "image/x-icon", 1150]);
    }
  });
});
