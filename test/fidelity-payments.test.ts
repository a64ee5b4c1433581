import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { ACH, achSale, CARD, expectTransaction, sale } from "./payments-helpers.js";
import { batch, close, list, read } from "./payment-flow.js";

/** Issue 12, "Spec rules not yet followed": each spec sentence, through HTTP. */
type T = ReturnType<typeof setup>;
const create = async (t: T, body: unknown) => expectTransaction(await t.post("/v1/transactions", body));
const card = (pan: string) => sale({ payment_method: { ...CARD, pan } });
const achTo = (account_number: string, type = "SALE") => achSale({ type, payment_method: { ...ACH, account_number } });
const settle = async (t: T, batchId: string) => expect((await t.post(`/_mock/batches/${batchId}/settle`, undefined, { as: null })).status).toBe(200);
const advance = async (t: T, by: string) => expect((await t.post("/_mock/clock/advance", { by }, { as: null })).status).toBe(200);
const achReturn = async (t: T, id: string) => expect((await t.post(`/_mock/transactions/${id}/ach-return`, { code: "R01" }, { as: null })).status).toBe(200);

describe("card_type: 'most rows are UNKNOWN, so CREDIT or DEBIT alone drops most rows'", () => {
  test("only cards with a documented funding type read back CREDIT or DEBIT; any other PAN is UNKNOWN", async () => {
    const t = setup();
    const credit = await create(t, card("4242424242424242"));
    const debit = await create(t, card("4000056655665556"));
    const other = await create(t, card("4012888888881881"));
    const undetermined = await create(t, card("4000009990000005"));
    expect((await read(t, credit.id)).payment_method.card_type).toBe("CREDIT");
    expect((await read(t, debit.id)).payment_method.card_type).toBe("DEBIT");
    expect((await read(t, other.id)).payment_method.card_type).toBe("UNKNOWN");
    expect((await read(t, undetermined.id)).payment_method.card_type).toBe("UNKNOWN");
    const ids = async (q: string) => (await list(t, q)).map((r) => r.id).sort();
    expect(await ids("&card_type=CREDIT")).toEqual([credit.id]);
    expect(await ids("&card_type=DEBIT")).toEqual([debit.id]);
    expect(await ids("&card_type=unknown")).toEqual([other.id, undetermined.id].sort());
    // The batch list's CREDIT "also returns transactions of undetermined card type".
    const batched = (await t.get("/v1/batches/transactions?card_type=CREDIT")).body.data.map((r: any) => r.id).sort();
    expect(batched).toEqual([credit.id, other.id, undetermined.id].sort());
    expectEnvelope(await t.get("/v1/batches/transactions?card_type=UNKNOWN"), 400, "INVALID_REQUEST_DATA");
  });

  test("card_brand is visa_debit / mastercard_debit for the DEBIT magic cards (card-processor integration)", async () => {
    const t = setup();
    expect((await create(t, card("4000056655665556"))).payment_method.card_brand).toBe("visa_debit");
    const mc = await create(t, card("5200828282828210"));
    expect(mc.payment_method.card_brand).toBe("mastercard_debit");
    expect((await read(t, mc.id)).payment_method.card_brand).toBe("mastercard_debit");
    expect((await create(t, card("4242424242424242"))).payment_method.card_brand).toBe("visa");
    expect((await create(t, card("4012888888881881"))).payment_method.card_brand).toBe("visa");
  });
});

describe("ACH returns: 'settled and returned, or returned and never settled'", () => {
  test("a debit returned before its batch settles stays unsettled and leaves the batch sums", async () => {
    const t = setup();
    const kept = await create(t, achSale({ amount: 2500 }));
    const back = await create(t, achSale({ amount: 700 }));
    await achReturn(t, back.id);
    expect((await close(t, "Achproc")).status).toBe(200);
    await settle(t, kept.batch_id);
    expect(await read(t, kept.id)).toMatchObject({ is_settled: true, is_returned: false });
    expect(await read(t, back.id)).toMatchObject({ is_settled: false, is_returned: true, return_code: "R01" });
    const b = await batch(t, kept.batch_id);
    expect(b).toMatchObject({ status: "settled", approved_amount: 2500, captured_amount: 2500, net_amount: 2500 });
  });

  test("a debit returned after settlement stays settled and in the sums", async () => {
    const t = setup();
    const s = await create(t, achSale({ amount: 2500 }));
    await close(t, "Achproc");
    await settle(t, s.batch_id);
    await achReturn(t, s.id);
    expect(await read(t, s.id)).toMatchObject({ is_settled: true, is_returned: true });
    expect(await batch(t, s.batch_id)).toMatchObject({ captured_amount: 2500, net_amount: 2500 });
  });

  test("void or refund of a returned debit is 409; the money already went back", async () => {
    const t = setup();
    const open = await create(t, achSale());
    await achReturn(t, open.id);
    expectEnvelope(await t.post(`/v1/transactions/${open.id}/cancel`, { type: "VOID" }), 409, "DUPLICATE_ACTION");
    const s = await create(t, achSale());
    await close(t, "Achproc");
    await settle(t, s.batch_id);
    await achReturn(t, s.id);
    expectEnvelope(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND" }), 409, "DUPLICATE_ACTION");
  });

  test("debit-only return codes (R01, R10, R29) never come back on a PAYOUT; R02 does", async () => {
    const t = setup();
    const payout = await create(t, achTo("000222222227", "PAYOUT"));
    const debit = await create(t, achTo("000222222227"));
    const closedAccount = await create(t, achTo("000111111113", "PAYOUT"));
    await close(t, "Achproc");
    await settle(t, payout.batch_id);
    await advance(t, "P10D");
    expect(await read(t, payout.id)).toMatchObject({ is_settled: true, is_returned: false });
    expect(await read(t, debit.id)).toMatchObject({ is_returned: true, return_code: "R01" });
    expect(await read(t, closedAccount.id)).toMatchObject({ is_returned: true, return_code: "R02" });
  });
});

describe("moves the spec leaves open", () => {
  test("a PAYOUT cannot be refunded (400 INVALID_ACTION): it is a credit already", async () => {
    const t = setup();
    const p = await create(t, achTo("000123456789", "PAYOUT"));
    await close(t, "Achproc");
    await settle(t, p.batch_id);
    const e = expectEnvelope(await t.post(`/v1/transactions/${p.id}/cancel`, { type: "REFUND" }), 400, "INVALID_ACTION");
    expect(e.details).toHaveProperty("type");
    expect((await list(t)).length).toBe(1);
  });

  test("between batch close and settlement both void and refund are 409", async () => {
    const t = setup();
    const s = await create(t, sale());
    await close(t);
    expectEnvelope(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "VOID" }), 409, "DUPLICATE_ACTION");
    expectEnvelope(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND" }), 409, "DUPLICATE_ACTION");
    await settle(t, s.batch_id);
    expectTransaction(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND" }));
  });

  test("type=SALE,PAYOUT is unfiltered (PAYOUT 'accepted and ignored'); a repeated type= key is the comma list", async () => {
    const t = setup();
    const s = await create(t, sale());
    const a = await create(t, sale({ type: "AUTH" }));
    const p = await create(t, achTo("000123456789", "PAYOUT"));
    const ids = async (q: string) => (await list(t, q)).map((r) => r.id).sort();
    expect(await ids("&type=SALE,PAYOUT")).toEqual([s.id, a.id, p.id].sort());
    expect(await ids("&type=SALE&type=AUTH")).toEqual([s.id, a.id].sort());
    expect(await ids("&type=SALE&type=auth,sale")).toEqual([s.id, a.id].sort());
    expectEnvelope(await t.get("/v1/transactions?type=SALE&type=NOPE"), 400, "INVALID_REQUEST_DATA");
  });

  test("a bank-account payment token starts active (usable at once)", async () => {
    const t = setup();
    const r = await t.post("/v1/payment_tokens", { payment_method: ACH });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ type: "ach", status: "active" });
    await create(t, achSale({ payment_method: { type: "PaymentToken", payment_token: r.body.payment_token } }));
  });
});

describe("recurring_details 'includes initial_transaction_id and initial_network_transaction_id'", () => {
  test("a subsequent payment reads back both ids, whichever was sent", async () => {
    const t = setup();
    const first = await create(t, sale({ recurring: true, initiator: "CUSTOMER" }));
    expect(first.recurring_details).toBeNull();
    const both = { initial_transaction_id: first.id, initial_network_transaction_id: first.network_transaction_id };
    const byId = await create(t, sale({ recurring: true, recurring_details: { initial_transaction_id: first.id } }));
    expect(byId.recurring_details).toEqual(both);
    const byNetwork = await create(t, sale({ recurring: true, recurring_details: { initial_network_transaction_id: first.network_transaction_id } }));
    expect(byNetwork.recurring_details).toEqual(both);
    expect((await read(t, byNetwork.id)).recurring_details).toEqual(both);
    // An agreement begun at another gateway: the first payment is not here.
    const outside = await create(t, sale({ recurring: true, recurring_details: { initial_network_transaction_id: "123456789012345" } }));
    expect(outside.recurring_details).toEqual({ initial_transaction_id: null, initial_network_transaction_id: "123456789012345" });
  });
});

describe("createClient: 'X-Acting-As-Client-Id is meaningless here because the child does not exist yet'", () => {
  test("the new client is filed under the caller, never under the child it names", async () => {
    const t = setup();
    const body = { dba: "New Shop", type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@shop.example.com" } };
    const r = await t.post("/v1/clients", body, { as: { ...RESELLER, actingAs: MERCHANT.id } });
    expect(r.status).toBe(200);
    expect(r.body.parent_id).toBe(RESELLER.id);
    expect((await t.get(`/v1/clients/${r.body.id}`, { as: RESELLER })).body.parent_id).toBe(RESELLER.id);
  });
});

describe("source.system: 502 'the gateway reached the processor', 500 'never reached'", () => {
  test("a 502 names CARDPROC or ACHPROC by the payment method; a 500 leaves it null", async () => {
    const t = setup();
    const c502 = expectEnvelope(await t.post("/v1/transactions", card("4000005020000007")), 502, "DOWNSTREAM_ERROR");
    expect(c502.source).toEqual({ system: "CARDPROC", code: null, message: null });
    const a502 = expectEnvelope(await t.post("/v1/transactions", achTo("000000000502")), 502, "DOWNSTREAM_ERROR");
    expect(a502.source).toEqual({ system: "ACHPROC", code: null, message: null });
    const c500 = expectEnvelope(await t.post("/v1/transactions", card("4000005000000001")), 500, "SYSTEM_ERROR");
    expect(c500.source).toEqual({ system: null, code: null, message: null });
  });

  test("a scenario 502 on capture names the transaction's processor; a rule's own source passes through", async () => {
    const t = setup();
    const a = await create(t, sale({ type: "AUTH" }));
    const yaml = [
      "version: 1",
      "name: faults",
      "rules:",
      "  - when: { operation: captureTransaction }",
      "    then: { fail: { error: DOWNSTREAM_ERROR } }",
      "  - when: { operation: closeBatch }",
      "    then: { fail: { error: DOWNSTREAM_ERROR, source: { system: OTHER, code: X1 } } }",
    ].join("\n");
    expect((await t.post("/_mock/scenarios", undefined, { as: null, raw: yaml, headers: { "content-type": "application/yaml" } })).status).toBe(201);
    const e = expectEnvelope(await t.post(`/v1/transactions/${a.id}/capture`), 502, "DOWNSTREAM_ERROR");
    expect(e.source).toEqual({ system: "CARDPROC", code: null, message: null });
    const c = expectEnvelope(await close(t, "Achproc"), 502, "DOWNSTREAM_ERROR");
    expect(c.source).toEqual({ system: "OTHER", code: "X1", message: null });
  });

  test("token create names its instrument's processor; an operation that reaches no processor leaves null", async () => {
    const t = setup();
    const yaml = [
      "version: 1",
      "name: faults",
      "rules:",
      "  - when: { operation: [createPaymentToken, createUser] }",
      "    then: { fail: { error: DOWNSTREAM_ERROR } }",
    ].join("\n");
    expect((await t.post("/_mock/scenarios", undefined, { as: null, raw: yaml, headers: { "content-type": "application/yaml" } })).status).toBe(201);
    const token = expectEnvelope(await t.post("/v1/payment_tokens", { payment_method: ACH }), 502, "DOWNSTREAM_ERROR");
    expect(token.source?.system).toBe("ACHPROC");
    const user = expectEnvelope(await t.post("/v1/users", { first_name: "U", last_name: "Ser", email: "u@shop.example.com" }), 502, "DOWNSTREAM_ERROR");
    expect(user.source).toEqual({ system: null, code: null, message: null });
  });
});
