import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { achSale, advanceTo, expectTransaction, sale } from "./payments-helpers.js";

type T = ReturnType<typeof setup>;
const create = async (t: T, body: unknown) => expectTransaction(await t.post("/v1/transactions", body));
const capture = (t: T, id: string, body?: unknown) => t.post(`/v1/transactions/${id}/capture`, body);
const cancel = (t: T, id: string, body: unknown) => t.post(`/v1/transactions/${id}/cancel`, body);
const conflict = async (p: Promise<any>) => expectEnvelope(await p, 409, "DUPLICATE_ACTION");
const settleAll = async (t: T) => {
  expect((await t.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "x" })).status).toBe(200);
  await advanceTo(t, "2026-03-04T15:00:00.000Z");
};
/** Makes the next createTransaction follow `outcome` (stands in for a loaded scenario rule). */
const forceOutcome = (t: T, outcome: Record<string, unknown>) => {
  t.double.host.root.scenarios.match = () => ({ label: "test/forced", outcome });
};

describe("capture", () => {
  test("captures all of an AUTH by default, with or without a body", async () => {
    const t = setup();
    const a = await create(t, sale({ type: "AUTH", amount: 2000, tip: 200 }));
    const c = expectTransaction(await t.call("POST", `/v1/transactions/${a.id}/capture`));
    expect(c).toMatchObject({ type: "CAPTURE", amount: 2000, tip: 200, reference_transaction_id: a.id, result: "APPROVED" });
    expect(c.payment_method).toMatchObject({ expiry: null, payment_token: a.payment_method.payment_token, card_type: "UNKNOWN" });
    const b = await create(t, sale({ type: "AUTH", amount: 2000 }));
    expect(expectTransaction(await capture(t, b.id, {})).amount).toBe(2000);
  });

  test("a partial capture up to the authorized amount; more is 409; the body takes no type", async () => {
    const t = setup();
    const a = await create(t, sale({ type: "AUTH", amount: 2000 }));
    await conflict(capture(t, a.id, { amount: 2001 }));
    expectEnvelope(await capture(t, a.id, { type: "CAPTURE" }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await capture(t, a.id, { amount: 49 }), 400, "INVALID_REQUEST_DATA");
    expect(expectTransaction(await capture(t, a.id, { amount: 1500 })).amount).toBe(1500);
  });

  test("409 moves: capture twice, capture a SALE, a CAPTURE, a voided or a declined AUTH", async () => {
    const t = setup();
    const a = await create(t, sale({ type: "AUTH" }));
    const c = expectTransaction(await capture(t, a.id));
    await conflict(capture(t, a.id));
    await conflict(capture(t, c.id));
    await conflict(capture(t, (await create(t, sale())).id));
    await conflict(capture(t, (await create(t, achSale())).id));
    const v = await create(t, sale({ type: "AUTH" }));
    expectTransaction(await cancel(t, v.id, { type: "VOID" }));
    await conflict(capture(t, v.id));
    forceOutcome(t, { decline: { code: "05", description: "Do not honor" } });
    const d = await create(t, sale({ type: "AUTH" }));
    expect(d).toMatchObject({ result: "DECLINED", response_code: "05", batch_id: null });
    await conflict(capture(t, d.id));
  });
});

describe("cancel: VOID and REFUND", () => {
  test("a void is reported as CANCEL, always whole", async () => {
    const t = setup();
    const s = await create(t, sale({ amount: 900 }));
    expectEnvelope(await cancel(t, s.id, { type: "VOID", amount: 100 }), 400, "INVALID_REQUEST_DATA");
    const v = expectTransaction(await cancel(t, s.id, { type: "VOID", amount: 900 }));
    expect(v).toMatchObject({ type: "CANCEL", amount: 900, reference_transaction_id: s.id, batch_id: null });
    expect(v.payment_method.expiry).toBeNull();
    const a = await create(t, sale({ type: "AUTH" }));
    expect(expectTransaction(await cancel(t, a.id, { type: "cancel" })).type).toBe("CANCEL");
  });

  test("409 moves of cancel", async () => {
    const t = setup();
    const s = await create(t, sale({ amount: 1000 }));
    await conflict(cancel(t, s.id, { type: "REFUND" })); // refund an unsettled one
    const v = await create(t, sale());
    const cancelRecord = expectTransaction(await cancel(t, v.id, { type: "VOID" }));
    await conflict(cancel(t, v.id, { type: "VOID" })); // void a void
    await conflict(cancel(t, cancelRecord.id, { type: "VOID" }));
    await conflict(cancel(t, v.id, { type: "REFUND" }));
    const a = await create(t, sale({ type: "AUTH" }));
    expectTransaction(await capture(t, a.id));
    await conflict(cancel(t, a.id, { type: "VOID" })); // a captured AUTH: void the capture instead
    forceOutcome(t, { decline: {} });
    const d = await create(t, sale());
    t.double.host.root.scenarios.match = () => null;
    await conflict(cancel(t, d.id, { type: "VOID" }));
    await settleAll(t);
    await conflict(cancel(t, s.id, { type: "VOID" })); // void a settled one
    await conflict(cancel(t, s.id, { type: "REFUND", amount: 1001 })); // refund more than remains
    const r = expectTransaction(await cancel(t, s.id, { type: "REFUND", amount: 400 }));
    await conflict(cancel(t, r.id, { type: "VOID" }));
    await conflict(cancel(t, r.id, { type: "REFUND" }));
    await conflict(cancel(t, s.id, { type: "REFUND", amount: 601 }));
    expect(expectTransaction(await cancel(t, s.id, { type: "REFUND" })).amount).toBe(600);
    await conflict(cancel(t, s.id, { type: "REFUND", amount: 50 })); // fully refunded
    expectEnvelope(await cancel(t, s.id, { type: "CAPTURE" }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await cancel(t, s.id, {}), 400, "INVALID_REQUEST_DATA");
  });

  test("void is refused once the batch closed, refund until it settled", async () => {
    const t = setup();
    const s = await create(t, sale());
    await t.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "x" });
    await conflict(cancel(t, s.id, { type: "VOID" }));
    await conflict(cancel(t, s.id, { type: "REFUND" }));
  });
});

describe("processor outcomes (the hooks the scenario engine drives)", () => {
  test("error_result, tokenization failure, avs and card type", async () => {
    const t = setup();
    forceOutcome(t, { error_result: { code: "96", description: "System malfunction" } });
    expect(await create(t, sale())).toMatchObject({ result: "ERROR", response_code: "96", batch_id: null });
    forceOutcome(t, { tokenization: "fail", card_type: "DEBIT", set: { "payment_method.avs_result_code": "n" } });
    const s = await create(t, sale());
    expect(s.payment_method).toMatchObject({ payment_token: "Payment method could not be tokenized.", avs_result_code: "n", card_type: "UNKNOWN" });
    expect((await t.get(`/v1/transactions/${s.id}`)).body.payment_method.card_type).toBe("DEBIT");
  });

  test("fail: SYSTEM_ERROR creates nothing; DOWNSTREAM_ERROR with created leaves a transaction", async () => {
    const t = setup();
    forceOutcome(t, { fail: { error: "SYSTEM_ERROR" } });
    expectEnvelope(await t.post("/v1/transactions", sale()), 500, "SYSTEM_ERROR");
    expect(t.double.host.root.state.transactions.size).toBe(0);
    forceOutcome(t, { fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } });
    expectEnvelope(await t.post("/v1/transactions", sale()), 502, "DOWNSTREAM_ERROR");
    t.double.host.root.scenarios.match = () => null;
    const rows = (await t.get("/v1/transactions")).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: "APPROVED", type: "SALE" });
    expect(rows[0].batch_id).toMatch(/^BATCH-/);
  });
});

describe("processor outcomes on capture and cancel", () => {
  test("a declined capture leaves the AUTH capturable; a declined refund refunds nothing", async () => {
    const t = setup();
    const a = await create(t, sale({ type: "AUTH", amount: 2000 }));
    forceOutcome(t, { decline: { code: "51", description: "Insufficient funds" } });
    const d = expectTransaction(await capture(t, a.id));
    expect(d).toMatchObject({ type: "CAPTURE", result: "DECLINED", response_code: "51", batch_id: null });
    t.double.host.root.scenarios.match = () => null;
    expect(expectTransaction(await capture(t, a.id)).result).toBe("APPROVED");
    const s = await create(t, sale({ amount: 1000 }));
    await settleAll(t);
    forceOutcome(t, { error_result: { code: "96" } });
    expect(expectTransaction(await cancel(t, s.id, { type: "REFUND" })).result).toBe("ERROR");
    t.double.host.root.scenarios.match = () => null;
    expect(expectTransaction(await cancel(t, s.id, { type: "REFUND" })).amount).toBe(1000);
  });

  test("fail on cancel: nothing happens, or the void happens first when created says so", async () => {
    const t = setup();
    const s = await create(t, sale());
    forceOutcome(t, { fail: { error: "DOWNSTREAM_ERROR" } });
    expectEnvelope(await cancel(t, s.id, { type: "VOID" }), 502, "DOWNSTREAM_ERROR");
    forceOutcome(t, { fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } });
    expectEnvelope(await cancel(t, s.id, { type: "VOID" }), 502, "DOWNSTREAM_ERROR");
    t.double.host.root.scenarios.match = () => null;
    await conflict(cancel(t, s.id, { type: "VOID" }));
    expect((await t.get("/v1/transactions?type=CANCEL")).body.data).toHaveLength(1);
  });
});

