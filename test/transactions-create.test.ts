import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";
import { ACH, CARD, achSale, expectTransaction, sale } from "./payments-helpers.js";

const post = (t: ReturnType<typeof setup>, body: unknown) => t.post("/v1/transactions", body);
const bad = async (t: ReturnType<typeof setup>, body: unknown, field: string, code = "INVALID_REQUEST_DATA") => {
  const e = expectEnvelope(await post(t, body), 400, code);
  expect(Object.keys(e.details ?? {})).toContain(field);
};

describe("createTransaction: the customer's contact email (spec Limits, `email` (any))", () => {
  test.each(["ada+shop@example.com", "ada@example.travel", "not-an-email"])("%s is 400 naming payment_method.contact.email on transactions and tokens", async (email) => {
    const t = setup();
    const pm = { ...CARD, contact: { email } };
    await bad(t, sale({ payment_method: pm }), "payment_method.contact.email");
    const token = expectEnvelope(await t.post("/v1/payment_tokens", { payment_method: pm }), 400, "INVALID_REQUEST_DATA");
    expect(token.details).toHaveProperty(["payment_method.contact.email"]);
    expect(t.double.host.root.state.paymentTokens.size).toBe(0);
  });

  test("an ordinary address is accepted", async () => {
    expectTransaction(await post(setup(), sale({ payment_method: { ...CARD, contact: { email: "ada@example.com" } } })));
  });
});

describe("createTransaction: the response shape", () => {
  test("a card SALE carries exactly the spec's fields", async () => {
    const t = setup();
    const s = expectTransaction(await post(t, sale({ tip: 100, initiator: "CUSTOMER", metadata: { order: "A-1" } })));
    expect(Object.keys(s).sort()).toEqual(
      ["id", "reference_transaction_id", "type", "result", "client_id", "client_dba", "integrations", "response_code", "response_description", "batch_id", "is_settled", "settlement_issue", "is_returned", "returned_at", "time_created", "amount", "tip", "currency", "payment_method", "recurring", "initiator", "recurring_details", "network_transaction_id", "metadata"].sort(),
    );
    expect(s).toMatchObject({ type: "SALE", result: "APPROVED", response_code: "00", client_dba: "Demo Merchant", integrations: ["CARDPROC"], currency: "USD", tip: 100, is_returned: false, returned_at: null, settlement_issue: null, initiator: "CUSTOMER", recurring: false, recurring_details: null, metadata: { order: "A-1" } });
    expect(s.id).toMatch(/^TRANSACTION-[0-9A-Z]{26}$/);
    expect(s.time_created).toBe("2026-03-02T15:00:00.001Z");
    const pm = s.payment_method;
    expect(pm).toMatchObject({ type: "CARD", truncated_pan: "424242******4242", card_brand: "visa", card_type: "UNKNOWN", entry_method: "ECOMMERCE", expiry: { month: "12", year: "2030" }, first_name: "Ada", last_name: "Lovelace", cvv_result_code: "M" });
    expect(pm.payment_token).toMatch(/^PAYMENT_TOKEN-[0-9A-Z]{26}$/);
    expect(JSON.stringify(s)).not.toContain("4242424242424242");
    expect(JSON.stringify(s)).not.toContain('"123"');
    const token = t.double.host.root.state.paymentTokens.get(pm.payment_token)!;
    expect(token).toMatchObject({ type: "card", status: "active", client_id: s.client_id });
  });

  test("card brand comes from the BIN", async () => {
    const t = setup();
    const brands: Record<string, string> = { "5555555555554444": "mastercard", "378282246310005": "american_express", "6011111111111117": "discover", "3566002020360505": "jcb" };
    for (const [pan, brand] of Object.entries(brands)) {
      const r = expectTransaction(await post(t, sale({ payment_method: { ...CARD, pan, cvv: pan.length === 15 ? "1234" : "123" } })));
      expect(r.payment_method.card_brand).toBe(brand);
    }
  });

  test("card_type is UNKNOWN on create and the determined value when read back", async () => {
    const t = setup();
    const s = expectTransaction(await post(t, sale()));
    expect(s.payment_method.card_type).toBe("UNKNOWN");
    expect((await t.get(`/v1/transactions/${s.id}`)).body.payment_method.card_type).toBe("CREDIT");
  });

  test("ACH output has first_name and last_name, no card fields", async () => {
    const t = setup();
    const r = expectTransaction(await post(t, achSale()));
    expect(r.payment_method).toEqual({ type: "ACH", first_name: "Grace", last_name: "Hopper", payment_token: null });
    expect(r.network_transaction_id).toBeNull();
    expect(JSON.stringify(r)).not.toContain("000123456789");
  });

  test("no full PAN, CVV or account number in responses or the journal", async () => {
    const t = setup();
    const replies = [await post(t, sale()), await post(t, achSale()), await t.get("/v1/transactions")];
    const journal = JSON.stringify(t.double.host.root.journal.entries());
    for (const text of [...replies.map((r) => r.text), journal]) {
      expect(text).not.toContain("4242424242424242");
      expect(text).not.toContain("000123456789");
      expect(text).not.toMatch(/"cvv":"123"/);
    }
  });

  test("no idempotency: two identical POSTs create two transactions", async () => {
    const t = setup();
    const a = expectTransaction(await post(t, sale()));
    const b = expectTransaction(await post(t, sale()));
    expect(a.id).not.toBe(b.id);
  });
});

describe("createTransaction: the create-body rules", () => {
  test("amount 50 to 99999999, integer", async () => {
    const t = setup();
    expectTransaction(await post(t, sale({ amount: 50 })));
    expectTransaction(await post(t, sale({ amount: 99999999 })));
    for (const amount of [49, 100000000, 10.5, "1000", null]) await bad(t, sale({ amount }), "amount");
    await bad(t, { type: "SALE", payment_method: CARD }, "amount");
  });

  test("tip 0 to 99999999 and part of the amount", async () => {
    const t = setup();
    expect(expectTransaction(await post(t, sale())).tip).toBe(0);
    expectTransaction(await post(t, sale({ tip: 1000 })));
    for (const tip of [-1, 1001, 100000000, 1.5]) await bad(t, sale({ tip }), "tip");
  });

  test("currency USD only, the default", async () => {
    const t = setup();
    expect(expectTransaction(await post(t, sale({ currency: "USD" }))).currency).toBe("USD");
    for (const currency of ["EUR", "usd", ""]) await bad(t, sale({ currency }), "currency");
  });

  test("type: card SALE/AUTH, bank account SALE/PAYOUT; REFUND, VOID, CAPTURE elsewhere", async () => {
    const t = setup();
    expectTransaction(await post(t, sale({ type: "AUTH" })));
    expectTransaction(await post(t, achSale({ type: "PAYOUT" })));
    await bad(t, sale({ type: "PAYOUT" }), "type");
    await bad(t, achSale({ type: "AUTH" }), "type");
    for (const type of ["REFUND", "VOID", "CAPTURE", "sale", undefined]) await bad(t, sale({ type }), "type");
  });

  test("purchase_description at most 30 characters, accepted but not echoed", async () => {
    const t = setup();
    expect("purchase_description" in expectTransaction(await post(t, sale({ purchase_description: "x".repeat(30) })))).toBe(false);
    await bad(t, sale({ purchase_description: "x".repeat(31) }), "purchase_description");
    await bad(t, sale({ purchase_description: "" }), "purchase_description");
  });

  test("initiator enum", async () => {
    const t = setup();
    for (const initiator of ["MERCHANT", "CUSTOMER", "THIRD_PARTY"]) expect(expectTransaction(await post(t, sale({ initiator }))).initiator).toBe(initiator);
    await bad(t, sale({ initiator: "BANK" }), "initiator");
  });

  test("recurring rules answer 400 INVALID_ACTION", async () => {
    const t = setup();
    const first = expectTransaction(await post(t, sale({ recurring: true })));
    expect(first).toMatchObject({ recurring: true, recurring_details: null });
    const next = expectTransaction(await post(t, sale({ recurring: true, recurring_details: { initial_transaction_id: first.id } })));
    expect(next.recurring_details).toEqual({ initial_transaction_id: first.id, initial_network_transaction_id: first.network_transaction_id });
    expectTransaction(await post(t, sale({ recurring: true, recurring_details: { initial_network_transaction_id: "123456789012345" } })));
    await bad(t, sale({ recurring_details: { initial_transaction_id: first.id } }), "recurring_details", "INVALID_ACTION");
    await bad(t, sale({ recurring: false, recurring_details: { initial_transaction_id: first.id } }), "recurring_details", "INVALID_ACTION");
    await bad(t, sale({ recurring: true, recurring_details: {} }), "recurring_details", "INVALID_ACTION");
    await bad(t, sale({ recurring: true, recurring_details: { initial_transaction_id: "TRANSACTION-01JZZZZZZZZZZZZZZZZZZZZZZZ" } }), "recurring_details.initial_transaction_id", "INVALID_ACTION");
    await bad(t, sale({ recurring: "yes" }), "recurring");
  });

  test("metadata rules", async () => {
    const t = setup();
    expect(expectTransaction(await post(t, sale({ metadata: null }))).metadata).toBeNull();
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    await bad(t, sale({ metadata: many }), "metadata");
    await bad(t, sale({ metadata: { "bad key": "v" } }), "metadata.bad key");
    await bad(t, sale({ metadata: { k: "x".repeat(501) } }), "metadata.k");
    await bad(t, sale({ metadata: { k: 1 } }), "metadata.k");
    await bad(t, sale({ metadata: { ["k".repeat(41)]: "v" } }), `metadata.${"k".repeat(41)}`);
    const r = await t.call("POST", "/v1/transactions", { raw: JSON.stringify(sale()).replace('"type":"SALE"', '"type":"SALE","metadata":{"__proto__":"x"}'), headers: { "Content-Type": "application/json" } });
    expect(expectTransaction(r).metadata).toEqual(JSON.parse('{"__proto__":"x"}'));
  });

  test("payment method rules: Luhn, expiry month, past expiry, ABA, unknown fields", async () => {
    const t = setup();
    await bad(t, sale({ payment_method: { ...CARD, pan: "4242424242424241" } }), "payment_method.pan");
    await bad(t, sale({ payment_method: { ...CARD, expiry: { month: "13", year: "2030" } } }), "payment_method.expiry.month");
    await bad(t, sale({ payment_method: { ...CARD, expiry: { month: "02", year: "2026" } } }), "payment_method.expiry");
    expectTransaction(await post(t, sale({ payment_method: { ...CARD, expiry: { month: "03", year: "2026" } } })));
    await bad(t, achSale({ payment_method: { ...ACH, routing_number: "021000022" } }), "payment_method.routing_number");
    await bad(t, sale({ colour: "red" }), "colour");
    await bad(t, sale({ payment_method: undefined }), "payment_method");
  });

  test("a card payment needs an active Cardproc, an ACH payment an active Achproc", async () => {
    const t = setup();
    const world = t.double.host.root;
    for (const i of world.state.integrations.values()) if (i.processor === "Cardproc") i.is_active = false;
    expectEnvelope(await post(t, sale()), 400, "INTEGRATION_CONFIG_ERROR");
    expectTransaction(await post(t, achSale()));
    for (const i of world.state.integrations.values()) i.is_active = i.processor === "Cardproc";
    expectEnvelope(await post(t, achSale()), 400, "INTEGRATION_CONFIG_ERROR");
    expect(world.state.transactions.size).toBe(1);
  });
});

describe("createTransaction with a payment token", () => {
  test("resolves to the card behind the token; the pair follows the instrument", async () => {
    const t = setup();
    const first = expectTransaction(await post(t, sale()));
    const pm = { type: "PaymentToken", payment_token: first.payment_method.payment_token };
    const again = expectTransaction(await post(t, sale({ payment_method: pm })));
    expect(again.payment_method).toMatchObject({ type: "CARD", truncated_pan: "424242******4242", payment_token: pm.payment_token });
    expectTransaction(await post(t, sale({ type: "AUTH", payment_method: pm })));
    await bad(t, sale({ type: "PAYOUT", payment_method: pm }), "type");
    expect(t.double.host.root.state.paymentTokens.size).toBe(1);
  });

  test("a bank-account token allows SALE and PAYOUT", async () => {
    const t = setup();
    const world = t.double.host.root;
    const token = "PAYMENT_TOKEN-01JACH0000000000000000000T";
    world.state.paymentTokens.add({ token, client_id: "CLIENT-01JDEM0MERCHANT00000000000", type: "ach", status: "active", customer_id: null, is_default: false, nickname: null, card: null, bank_account: ACH as any, created_at: 0 });
    const pm = { type: "PaymentToken", payment_token: token };
    expect(expectTransaction(await post(t, achSale({ payment_method: pm }))).payment_method).toEqual({ type: "ACH", first_name: "Grace", last_name: "Hopper", payment_token: token });
    expectTransaction(await post(t, achSale({ type: "PAYOUT", payment_method: pm })));
    await bad(t, achSale({ type: "AUTH", payment_method: pm }), "type");
    world.state.paymentTokens.get(token)!.status = "inactive";
    await bad(t, achSale({ payment_method: pm }), "payment_method.payment_token");
  });

  test("an unknown token is a 400 naming it (the declared 404 is never returned)", async () => {
    const t = setup();
    await bad(t, sale({ payment_method: { type: "PaymentToken", payment_token: "PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZ" } }), "payment_method.payment_token");
  });
});
