import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { achSale, expectTransaction, sale } from "./payments-helpers.js";

type T = ReturnType<typeof setup>;
const create = async (t: T, body: unknown, as?: any) => expectTransaction(await t.post("/v1/transactions", body, as ? { as } : {}));
const ids = (r: any) => r.body.data.map((x: any) => x.id);

/** One of each type: SALE, AUTH, CAPTURE, CANCEL, PAYOUT (ACH) and an ACH SALE, oldest first. */
async function mixed(t: T) {
  const sale1 = await create(t, sale());
  const auth = await create(t, sale({ type: "AUTH" }));
  const cap = expectTransaction(await t.post(`/v1/transactions/${auth.id}/capture`));
  const v = await create(t, sale());
  const cancel = expectTransaction(await t.post(`/v1/transactions/${v.id}/cancel`, { type: "VOID" }));
  const payout = await create(t, achSale({ type: "PAYOUT" }));
  const ach = await create(t, achSale());
  return { sale1, auth, cap, v, cancel, payout, ach };
}

/** A second merchant under the reseller, with the demo merchant's processors copied. */
async function otherMerchant(t: T) {
  const r = await t.post("/v1/clients", { dba: "Other Shop", type: "merchant", admin_contact_details: { first_name: "O", last_name: "S", email: "o@other.example.com" } }, { as: RESELLER });
  expect(r.status).toBe(200);
  const world = t.double.host.root;
  for (const i of [...world.state.integrations.values()]) {
    const id = `${i.id.slice(0, -4)}0THR`.replace("INTEGRATION-01JDEM0", "INTEGRATION-01JOTHR");
    world.state.integrations.set(id, { ...i, id, client_id: r.body.id });
    world.state.integrationsByClient.set(r.body.id, [...(world.state.integrationsByClient.get(r.body.id) ?? []), id]);
  }
  return { id: r.body.id as string, key: r.body.api_key as string };
}

describe("GET /v1/transactions", () => {
  test("newest first by default, paged by limit and offset, envelope {data, limit, offset, has_more}", async () => {
    const t = setup();
    const m = await mixed(t);
    const r = await t.get("/v1/transactions?limit=3");
    expect(Object.keys(r.body).sort()).toEqual(["data", "has_more", "limit", "offset"]);
    expect(ids(r)).toEqual([m.ach.id, m.payout.id, m.cancel.id]);
    expect(r.body).toMatchObject({ limit: 3, offset: 0, has_more: true });
    const last = await t.get("/v1/transactions?limit=3&offset=6");
    expect(ids(last)).toEqual([m.sale1.id]);
    expect(last.body.has_more).toBe(false);
    expect(ids(await t.get("/v1/transactions?sort_order=asc&limit=2"))).toEqual([m.sale1.id, m.auth.id]);
    for (const row of r.body.data) expectTransaction({ ...r, status: 200, body: row });
    expectEnvelope(await t.get("/v1/transactions?limit=0"), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.get("/v1/transactions?limit=101"), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.get("/v1/transactions?color=red"), 400, "INVALID_REQUEST_DATA");
  });

  test("sort_by amount and the date range", async () => {
    const t = setup();
    const a = await create(t, sale({ amount: 300 }));
    const b = await create(t, sale({ amount: 100 }));
    const c = await create(t, sale({ amount: 200 }));
    expect(ids(await t.get("/v1/transactions?sort_by=amount&sort_order=asc"))).toEqual([b.id, c.id, a.id]);
    expect(ids(await t.get(`/v1/transactions?start_date=${b.time_created}&end_date=${c.time_created}`))).toEqual([b.id]);
    expectEnvelope(await t.get("/v1/transactions?start_date=yesterday"), 400, "INVALID_REQUEST_DATA");
  });

  test("the type filter: comma list, case-insensitive", async () => {
    const t = setup();
    const m = await mixed(t);
    expect(ids(await t.get("/v1/transactions?type=sale"))).toEqual([m.ach.id, m.v.id, m.sale1.id]);
    expect(ids(await t.get("/v1/transactions?type=Auth,CANCEL"))).toEqual([m.cancel.id, m.auth.id]);
    expect(ids(await t.get("/v1/transactions?type=REFUND"))).toEqual([]);
    expectEnvelope(await t.get("/v1/transactions?type=CAPTURE"), 400, "INVALID_REQUEST_DATA");
  });

  test("quirk: type=VOID is a 500 SYSTEM_ERROR (switch type_filter_void_500)", async () => {
    const t = setup();
    await mixed(t);
    expectEnvelope(await t.get("/v1/transactions?type=VOID"), 500, "SYSTEM_ERROR");
    expectEnvelope(await t.get("/v1/transactions?type=sale,void"), 500, "SYSTEM_ERROR");
    t.double.host.root.quirks.type_filter_void_500 = false;
    expectEnvelope(await t.get("/v1/transactions?type=VOID"), 400, "INVALID_REQUEST_DATA");
  });

  test("quirk: PAYOUT is accepted and ignored, returning unfiltered rows (switch type_filter_payout_ignored)", async () => {
    const t = setup();
    const m = await mixed(t);
    expect(ids(await t.get("/v1/transactions?type=PAYOUT&limit=100"))).toHaveLength(7);
    expect(ids(await t.get("/v1/transactions?type=AUTH,payout&limit=100"))).toHaveLength(7);
    t.double.host.root.quirks.type_filter_payout_ignored = false;
    expect(ids(await t.get("/v1/transactions?type=PAYOUT"))).toEqual([m.payout.id]);
  });

  test("the card_type list filter; most rows are UNKNOWN until determined", async () => {
    const t = setup();
    const m = await mixed(t);
    t.double.host.root.state.transactions.get(m.sale1.id)!.card_type = "DEBIT";
    expect(ids(await t.get("/v1/transactions?card_type=DEBIT"))).toEqual([m.sale1.id]);
    expect(ids(await t.get("/v1/transactions?card_type=unknown"))).toEqual([m.ach.id, m.payout.id]);
    expect(ids(await t.get("/v1/transactions?card_type=DEBIT,UNKNOWN"))).toEqual([m.ach.id, m.payout.id, m.sale1.id]);
    expect(ids(await t.get("/v1/transactions?card_type=CREDIT&limit=100"))).toHaveLength(4);
    expectEnvelope(await t.get("/v1/transactions?card_type=PREPAID"), 400, "INVALID_REQUEST_DATA");
  });
});

describe("GET /v1/transactions/{id}", () => {
  test("quirk: initiator comes back null here whatever was sent (switch initiator_null_on_get)", async () => {
    const t = setup();
    const s = await create(t, sale({ initiator: "MERCHANT" }));
    expect(s.initiator).toBe("MERCHANT");
    expect(expectTransaction(await t.get(`/v1/transactions/${s.id}`)).initiator).toBeNull();
    expect((await t.get("/v1/transactions")).body.data[0].initiator).toBe("MERCHANT");
    t.double.host.root.quirks.initiator_null_on_get = false;
    expect((await t.get(`/v1/transactions/${s.id}`)).body.initiator).toBe("MERCHANT");
  });

  test("quirk: card_type UNKNOWN on create (switch card_type_unknown_on_create)", async () => {
    const t = setup();
    t.double.host.root.quirks.card_type_unknown_on_create = false;
    expect((await create(t, sale())).payment_method.card_type).toBe("CREDIT");
  });

  test("quirk: get, capture and cancel never return their declared 404 (switch declared_404_never_returned)", async () => {
    const t = setup();
    const unknown = "TRANSACTION-01JZZZZZZZZZZZZZZZZZZZZZZZ";
    for (const r of [await t.get(`/v1/transactions/${unknown}`), await t.post(`/v1/transactions/${unknown}/capture`, {}), await t.post(`/v1/transactions/${unknown}/cancel`, { type: "VOID" })]) {
      expect(expectEnvelope(r, 400, "INVALID_REQUEST_DATA").details).toEqual({ id: "does not name a transaction of this client" });
    }
    t.double.host.root.quirks.declared_404_never_returned = false;
    expectEnvelope(await t.get(`/v1/transactions/${unknown}`), 404, "RESOURCE_NOT_FOUND");
    expectEnvelope(await t.post(`/v1/transactions/${unknown}/cancel`, { type: "VOID" }), 404, "RESOURCE_NOT_FOUND");
    expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: { type: "PaymentToken", payment_token: "PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZ" } })), 404, "RESOURCE_NOT_FOUND");
  });

  test("ACH returns: is_returned, returned_at, and the code keys only when sent (switch return_fields_absent)", async () => {
    const { returnAch } = await import("../src/gateway/transactions/effects.js");
    const t = setup();
    const world = t.double.host.root;
    const a = await create(t, achSale());
    const b = await create(t, achSale());
    const c = await create(t, sale());
    expect("return_code" in a).toBe(false);
    returnAch(world, a.id, { code: "R01", reason: "Insufficient Funds" });
    const at = world.clock.iso();
    returnAch(world, b.id);
    const ra = (await t.get(`/v1/transactions/${a.id}`)).body;
    expect(ra).toMatchObject({ is_returned: true, returned_at: at, return_code: "R01", return_reason: "Insufficient Funds" });
    const rb = expectTransaction(await t.get(`/v1/transactions/${b.id}`));
    expect(rb.is_returned).toBe(true);
    expect("return_code" in rb || "return_reason" in rb).toBe(false);
    expect(() => returnAch(world, c.id, { code: "R01" })).toThrow();
    expect(() => returnAch(world, a.id)).toThrow();
    world.quirks.return_fields_absent = false;
    expect((await t.get(`/v1/transactions/${c.id}`)).body).toMatchObject({ is_returned: false, return_code: null, return_reason: null });
  });
});

describe("tenants", () => {
  test("no tenant sees another's transactions; a reseller reads a child's by acting as it", async () => {
    const t = setup();
    const mine = await create(t, sale());
    const other = await otherMerchant(t);
    const theirs = await create(t, sale(), other);
    expect(ids(await t.get("/v1/transactions"))).toEqual([mine.id]);
    expect(ids(await t.get("/v1/transactions", { as: other }))).toEqual([theirs.id]);
    expectEnvelope(await t.get(`/v1/transactions/${mine.id}`, { as: other }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post(`/v1/transactions/${mine.id}/cancel`, { type: "VOID" }, { as: other }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post(`/v1/transactions/${mine.id}/capture`, {}, { as: other }), 400, "INVALID_REQUEST_DATA");
    const token = { type: "PaymentToken", payment_token: mine.payment_method.payment_token };
    expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: token }), { as: other }), 400, "INVALID_REQUEST_DATA");
    expect(ids(await t.get("/v1/batches/transactions", { as: other }))).toEqual([theirs.id]);
    expectEnvelope(await t.get(`/v1/batches/${mine.batch_id}/transactions`, { as: other }), 404, "RESOURCE_NOT_FOUND");
    expect(ids(await t.get("/v1/transactions", { as: RESELLER }))).toEqual([]);
    expect(ids(await t.get("/v1/transactions", { as: { ...RESELLER, actingAs: MERCHANT.id } }))).toEqual([mine.id]);
    expect((await t.get(`/v1/transactions/${mine.id}`, { as: { ...RESELLER, actingAs: MERCHANT.id } })).status).toBe(200);
    expectEnvelope(await t.get("/v1/transactions", { as: { ...other, actingAs: MERCHANT.id } }), 403, "UNAUTHORIZED_ACTION");
    expectEnvelope(await t.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "x" }, { as: other }), 404, "RESOURCE_NOT_FOUND");
  });
});
