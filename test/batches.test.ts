import { describe, expect, test } from "vitest";
import { closeBatches, setSettlementDelay, settleBatch } from "../src/gateway/batches/service.js";
import { markRemovedFromBatch } from "../src/gateway/transactions/effects.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { achSale, advanceTo, expectBatch, expectTransaction, sale } from "./payments-helpers.js";

type T = ReturnType<typeof setup>;
const create = async (t: T, body: unknown) => expectTransaction(await t.post("/v1/transactions", body));
const closeBody = (extra: Record<string, unknown> = {}) => ({ client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "2026-03-02", ...extra });
const batches = async (t: T, q = "") => (await t.get(`/v1/batches${q}`)).body;
const ids = (r: any) => r.body.data.map((x: any) => x.id);

describe("POST /v1/batches/close", () => {
  test("without batch_id every open batch of the client closes, whatever processor says", async () => {
    const t = setup();
    const c = await create(t, sale());
    const a = await create(t, achSale());
    expect(c.batch_id).not.toBe(a.batch_id);
    const r = await t.post("/v1/batches/close", closeBody({ processor: "Achproc", batch_type: "ach" }));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["batches", "correlation_id"]);
    expect(r.body.batches.map((b: any) => expectBatch(b)).map((b: any) => [b.batch_type, b.status])).toEqual([["card", "closed"], ["ach", "closed"]]);
    expect(r.body.batches[0].closed_at_date_time).toBe("2026-03-02T15:00:00.003Z");
    expect((await t.post("/v1/batches/close", closeBody())).body.batches).toEqual([]);
    const next = await create(t, sale());
    expect(next.batch_id).not.toBe(c.batch_id);
    expect((await batches(t, "?sort_column=batch_number&sort_order=asc")).data.map((b: any) => b.batch_number)).toEqual(["1", "2", "3"]);
  });

  test("with batch_id: that batch only; closed again is 409; mismatches 400; unknown 404", async () => {
    const t = setup();
    const c = await create(t, sale());
    await create(t, achSale());
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ batch_id: c.batch_id, processor: "Achproc" })), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ batch_id: c.batch_id, batch_type: "ach" })), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ batch_id: "BATCH-01JZZZZZZZZZZZZZZZZZZZZZZZ" })), 404, "RESOURCE_NOT_FOUND");
    const r = await t.post("/v1/batches/close", closeBody({ batch_id: c.batch_id }));
    expect(r.body.batches.map((b: any) => b.id)).toEqual([c.batch_id]);
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ batch_id: c.batch_id })), 409, "DUPLICATE_ACTION");
    expect((await batches(t)).data.map((b: any) => b.status).sort()).toEqual(["closed", "open"]);
  });

  test("a reseller closes a child's batches by naming it, or acting as it", async () => {
    const t = setup();
    const child = { ...RESELLER, actingAs: MERCHANT.id };
    const s = expectTransaction(await t.post("/v1/transactions", sale(), { as: child }));
    expect(s.client_id).toBe(MERCHANT.id);
    expect((await t.post("/v1/batches/close", closeBody(), { as: RESELLER })).body.batches.map((b: any) => b.id)).toEqual([s.batch_id]);
    const s2 = expectTransaction(await t.post("/v1/transactions", sale(), { as: child }));
    expect((await t.post("/v1/batches/close", closeBody(), { as: child })).body.batches.map((b: any) => b.id)).toEqual([s2.batch_id]);
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ client_id: RESELLER.id }), { as: child }), 404, "RESOURCE_NOT_FOUND");
    expect((await t.get("/v1/batches", { as: RESELLER })).body.total_count).toBe(0);
    expect((await t.get("/v1/batches", { as: child })).body.total_count).toBe(2);
  });

  test("required fields and their values", async () => {
    const t = setup();
    for (const field of ["client_id", "processor", "batch_type", "created_at"]) {
      const body: Record<string, unknown> = closeBody();
      delete body[field];
      expect(Object.keys(expectEnvelope(await t.post("/v1/batches/close", body), 400, "INVALID_REQUEST_DATA").details!)).toEqual([field]);
      expectEnvelope(await t.post("/v1/batches/close", { ...closeBody(), [field]: null }), 400, "INVALID_REQUEST_DATA");
    }
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ processor: "CARDPROC" })), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post("/v1/batches/close", closeBody({ batch_type: "check" })), 400, "INVALID_REQUEST_DATA");
  });
});

describe("settlement on the simulated clock", () => {
  test("a batch closes by itself at the settlement time in the merchant's zone and settles a business day later", async () => {
    const t = setup({ clockStart: "2026-03-06T15:00:00.000Z" }); // a Friday
    const s = await create(t, sale());
    await advanceTo(t, "2026-03-07T02:59:00.000Z");
    expect((await batches(t)).data[0].status).toBe("open");
    await advanceTo(t, "2026-03-07T03:00:00.000Z"); // 22:00 in New York (EST)
    const b = (await batches(t)).data[0];
    expect(b).toMatchObject({ status: "closed", closed_at_date_time: "2026-03-07T03:00:00.000Z" });
    await advanceTo(t, "2026-03-09T02:59:00.000Z"); // weekend: not a business day
    expect((await batches(t)).data[0].status).toBe("closed");
    await advanceTo(t, "2026-03-10T03:00:00.000Z"); // Monday night, one business day after Friday's close
    expect((await batches(t)).data[0]).toMatchObject({ status: "settled", settled_at_date_time: "2026-03-10T03:00:00.000Z" });
    expect((await t.get(`/v1/transactions/${s.id}`)).body.is_settled).toBe(true);
  });

  test("the merchant's own zone moves the auto-close", async () => {
    const t = setup();
    t.double.host.root.state.clients.get(MERCHANT.id)!.admin_contact_details.time_zone = "america/los_angeles";
    await create(t, sale());
    await advanceTo(t, "2026-03-03T05:59:00.000Z");
    expect((await batches(t)).data[0].status).toBe("open");
    await advanceTo(t, "2026-03-03T06:00:00.000Z");
    expect((await batches(t)).data[0].status).toBe("closed");
  });

  test("domain functions: closeBatches, settleBatch, setSettlementDelay, markRemovedFromBatch", async () => {
    const t = setup();
    const world = t.double.host.root;
    const keep = await create(t, sale({ amount: 1000 }));
    const gone = await create(t, sale({ amount: 300 }));
    markRemovedFromBatch(world, gone.id);
    expect((await batches(t)).data[0].captured_amount).toBe(1300);
    const [b] = closeBatches(world, MERCHANT.id);
    expect(() => markRemovedFromBatch(world, keep.id)).toThrow();
    const wire = (await batches(t)).data[0];
    expect(wire).toMatchObject({ status: "closed", approved_amount: 1000, captured_amount: 1000, net_amount: 1000 });
    expect((await t.get(`/v1/transactions/${gone.id}`)).body).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    setSettlementDelay(world, b.id, 3);
    await advanceTo(t, "2026-03-04T16:00:00.000Z");
    expect((await batches(t)).data[0].status).toBe("closed");
    settleBatch(world, b.id);
    expect((await batches(t)).data[0].status).toBe("settled");
    expect(() => settleBatch(world, b.id)).toThrow();
    expect((await t.get(`/v1/transactions/${keep.id}`)).body.is_settled).toBe(true);
    expect((await t.get(`/v1/transactions/${gone.id}`)).body.is_settled).toBe(false);
    await advanceTo(t, "2026-03-10T16:00:00.000Z"); // the cancelled settle event never fires again
  });
});

describe("batch reads", () => {
  test("GET /v1/batches: take, skip, sort_column; envelope {data,total_count,take,skip}", async () => {
    const t = setup();
    await create(t, sale());
    await t.post("/v1/batches/close", closeBody());
    await create(t, sale({ amount: 5000 }));
    await create(t, achSale());
    const all = await batches(t);
    expect(all).toMatchObject({ total_count: 3, take: 20, skip: 0 });
    expect(all.data.map((b: any) => b.batch_number)).toEqual(["3", "2", "1"]);
    expect((await batches(t, "?take=1&skip=1&sort_column=batch_number&sort_order=asc")).data.map((b: any) => b.batch_number)).toEqual(["2"]);
    expect((await batches(t, "?sort_column=net_amount")).data[0].net_amount).toBe(5000);
    expectEnvelope(await t.get("/v1/batches?sort_column=colour"), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.get("/v1/batches?take=abc"), 400, "INVALID_REQUEST_DATA");
  });

  test("GET /v1/batches/{id}/transactions and /v1/batches/transactions", async () => {
    const t = setup();
    const a = await create(t, sale());
    const auth = await create(t, sale({ type: "AUTH" }));
    const cap = expectTransaction(await t.post(`/v1/transactions/${auth.id}/capture`));
    const ach = await create(t, achSale());
    expect(ids(await t.get(`/v1/batches/${a.batch_id}/transactions`))).toEqual([cap.id, a.id]);
    expect(ids(await t.get("/v1/batches/transactions"))).toEqual([ach.id, cap.id, a.id]);
    expectEnvelope(await t.get("/v1/batches/BATCH-01JZZZZZZZZZZZZZZZZZZZZZZZ/transactions"), 404, "RESOURCE_NOT_FOUND");
  });

  test("quirk: /v1/batches/transactions card_type takes one of DEBIT/CREDIT (switch batch_card_type_single)", async () => {
    const t = setup();
    const world = t.double.host.root;
    const credit = await create(t, sale());
    const debit = await create(t, sale());
    const unknown = await create(t, sale());
    world.state.transactions.get(debit.id)!.card_type = "DEBIT";
    world.state.transactions.get(unknown.id)!.card_type = "UNKNOWN";
    expect(ids(await t.get("/v1/batches/transactions?card_type=DEBIT"))).toEqual([debit.id]);
    expect(ids(await t.get("/v1/batches/transactions?card_type=CREDIT"))).toEqual([unknown.id, credit.id]);
    expectEnvelope(await t.get("/v1/batches/transactions?card_type=UNKNOWN"), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.get("/v1/batches/transactions?card_type=DEBIT,CREDIT"), 400, "INVALID_REQUEST_DATA");
    world.quirks.batch_card_type_single = false;
    expect(ids(await t.get("/v1/batches/transactions?card_type=CREDIT"))).toEqual([credit.id]);
    expect(ids(await t.get("/v1/batches/transactions?card_type=UNKNOWN,DEBIT"))).toEqual([unknown.id, debit.id]);
  });
});

describe("follow-ups after settlement", () => {
  test("an ACH return scheduled N business days after settlement fires then", async () => {
    const { afterSettlement } = await import("../src/gateway/batches/follow-ups.js");
    const t = setup();
    const world = t.double.host.root;
    const a = await create(t, achSale());
    afterSettlement(world, a.id, { event: "ach_return", businessDays: 2, payload: { transactionId: a.id, code: "R01", reason: "Insufficient Funds" } });
    await t.post("/v1/batches/close", closeBody()); // Monday 15:00Z: settles Tuesday 15:00Z
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect((await t.get(`/v1/transactions/${a.id}`)).body).toMatchObject({ is_settled: true, is_returned: false });
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    const r = (await t.get(`/v1/transactions/${a.id}`)).body;
    expect(r).toMatchObject({ is_settled: true, is_returned: true, return_code: "R01", return_reason: "Insufficient Funds" });
    expect(r.returned_at).toMatch(/^2026-03-05T15:00:00\.0\d\dZ$/);
    afterSettlement(world, a.id, { event: "ach_return", businessDays: 0, payload: { transactionId: a.id } });
    await advanceTo(t, "2026-03-06T15:00:00.000Z"); // already returned: the second return is a no-op
  });
});
