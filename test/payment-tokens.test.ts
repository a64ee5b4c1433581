import { describe, expect, test } from "vitest";
import { setTokenStatus } from "../src/gateway/payment-tokens/service.js";
import { type Caller, expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { ACCOUNT, achMethod, cardMethod, otherMerchant, PAN } from "./resources-data.js";

/** Black-box suite from the spec's Payment token text and PRODUCT.md's token request shape. */

const create = (t: ReturnType<typeof setup>, body: Record<string, unknown>, as?: Caller) =>
  t.post("/v1/payment_tokens", body, as === undefined ? {} : { as });

describe("createPaymentToken", () => {
  test("a card token: active, masked card, the spec's fields", async () => {
    const t = setup();
    const r = await create(t, { payment_method: cardMethod(), customer_id: "cust-1", nickname: "Visa", is_default: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      payment_token: expect.stringMatching(/^PAYMENT_TOKEN-[0-9A-HJKMNP-TV-Z]{26}$/),
      object: "payment_token",
      type: "card",
      status: "active",
      customer_id: "cust-1",
      is_default: true,
      nickname: "Visa",
      card: { brand: "visa", last4: "4242", truncated_pan: "424242******4242", expiry: { month: "12", year: "2030" }, first_name: "Ada", last_name: "Lovelace" },
      correlation_id: r.headers.get("x-request-id"),
    });
    expect(r.text).not.toContain(PAN);
    expect(r.text).not.toContain('"123"');
  });

  test("a bank-account token: active, masked bank_account", async () => {
    const r = await create(setup(), { payment_method: achMethod() });
    expect(r.body).toMatchObject({
      type: "ach", status: "active", customer_id: null, is_default: false, nickname: null,
      bank_account: { last4: "6789", routing_number: "021000021", account_type: "checking", standard_entry_class: "WEB", first_name: "Ada", last_name: "Lovelace" },
    });
    expect(r.body).not.toHaveProperty("card");
    expect(r.text).not.toContain(ACCOUNT);
  });

  test("type is matched case-insensitively", async () => {
    expect((await create(setup(), { payment_method: cardMethod({ type: "CARD" }) })).status).toBe(200);
  });

  test.each([
    ["bad Luhn", { pan: "4242424242424241" }, "payment_method.pan"],
    ["past expiry", { expiry: { month: "02", year: "2026" } }, "payment_method.expiry"],
    ["month 13", { expiry: { month: "13", year: "2030" } }, "payment_method.expiry.month"],
    ["no entry_method", { entry_method: undefined }, "payment_method.entry_method"],
  ])("%s is 400 naming the field", async (_, over, field) => {
    const t = setup();
    const env = expectEnvelope(await create(t, { payment_method: cardMethod(over) }), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty(field);
    expect(t.double.host.root.state.paymentTokens.size).toBe(0);
  });

  test("a card valid through this month is accepted", async () => {
    expect((await create(setup(), { payment_method: cardMethod({ expiry: { month: "03", year: "2026" } }) })).status).toBe(200);
  });

  test("bank account: bad routing checksum, wrong account_type are 400", async () => {
    const t = setup();
    expect(expectEnvelope(await create(t, { payment_method: achMethod({ routing_number: "021000022" }) }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("payment_method.routing_number");
    expect(expectEnvelope(await create(t, { payment_method: achMethod({ account_type: "loan" }) }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("payment_method.account_type");
  });

  test("payment_method missing or null, or a token, is 400", async () => {
    const t = setup();
    for (const pm of [undefined, null, { type: "PaymentToken", payment_token: "PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZ" }]) {
      expectEnvelope(await create(t, pm === undefined ? {} : { payment_method: pm }), 400, "INVALID_REQUEST_DATA");
    }
  });

  test("customer_id and nickname: empty rejected, 100 characters accepted, 101 rejected", async () => {
    const t = setup();
    for (const field of ["customer_id", "nickname"]) {
      expect((await create(t, { payment_method: cardMethod(), [field]: "x".repeat(100) })).status).toBe(200);
      for (const bad of ["", "x".repeat(101), 5]) {
        expect(expectEnvelope(await create(t, { payment_method: cardMethod(), [field]: bad }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
      }
    }
  });

  test("is_default must be a boolean; unknown fields are named", async () => {
    const t = setup();
    expectEnvelope(await create(t, { payment_method: cardMethod(), is_default: "yes" }), 400, "INVALID_REQUEST_DATA");
    expect(expectEnvelope(await create(t, { payment_method: cardMethod(), colour: 1 }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("colour");
  });

  test("one default per customer: a new default takes the flag", async () => {
    const t = setup();
    const a = await create(t, { payment_method: cardMethod(), customer_id: "c1", is_default: true });
    const other = await create(t, { payment_method: cardMethod(), customer_id: "c2", is_default: true });
    const b = await create(t, { payment_method: achMethod(), customer_id: "c1", is_default: true });
    expect((await t.get(`/v1/payment_tokens/${a.body.payment_token}`)).body.is_default).toBe(false);
    expect((await t.get(`/v1/payment_tokens/${b.body.payment_token}`)).body.is_default).toBe(true);
    expect((await t.get(`/v1/payment_tokens/${other.body.payment_token}`)).body.is_default).toBe(true);
  });
});

describe("payment token status", () => {
  test("a card token becomes expired when the simulated clock passes its expiry month", async () => {
    const t = setup();
    const r = await create(t, { payment_method: cardMethod({ expiry: { month: "03", year: "2026" } }) });
    const world = t.double.host.root;
    world.advanceTo(Date.parse("2026-03-31T23:59:59.000Z"));
    expect((await t.get(`/v1/payment_tokens/${r.body.payment_token}`)).body.status).toBe("active");
    world.advanceTo(Date.parse("2026-04-01T00:00:00.000Z"));
    expect((await t.get(`/v1/payment_tokens/${r.body.payment_token}`)).body.status).toBe("expired");
  });

  test("the clock shows each card's expiry under its token's id, pending and fired (the event keeps the token's row)", async () => {
    const t = setup();
    const march = await create(t, { payment_method: cardMethod({ expiry: { month: "03", year: "2026" } }) });
    await create(t, { payment_method: achMethod() });
    const april = await create(t, { payment_method: cardMethod({ expiry: { month: "04", year: "2026" } }) });
    const pending = (await t.get("/_mock/clock", { as: null })).body.pending;
    expect(pending).toEqual([
      { at: "2026-04-01T00:00:00.000Z", event: "payment_token_expire", subject: march.body.payment_token },
      { at: "2026-05-01T00:00:00.000Z", event: "payment_token_expire", subject: april.body.payment_token },
    ]);
    const advanced = await t.post("/_mock/clock/advance", { to: "2026-04-15T00:00:00.000Z" }, { as: null });
    expect(advanced.body.fired).toEqual([{ at: "2026-04-01T00:00:00.000Z", event: "payment_token_expire", subject: march.body.payment_token }]);
    expect((await t.get(`/v1/payment_tokens/${march.body.payment_token}`)).body.status).toBe("expired");
    expect((await t.get(`/v1/payment_tokens/${april.body.payment_token}`)).body.status).toBe("active");
  });

  test("a scenario can force verification_failed on a bank token, not on a card token", async () => {
    const t = setup();
    const ach = await create(t, { payment_method: achMethod() });
    const card = await create(t, { payment_method: cardMethod() });
    const world = t.double.host.root;
    setTokenStatus(world, ach.body.payment_token, "verification_failed");
    expect((await t.get(`/v1/payment_tokens/${ach.body.payment_token}`)).body.status).toBe("verification_failed");
    expect(() => setTokenStatus(world, card.body.payment_token, "verification_failed")).toThrow(/cannot go/);
    setTokenStatus(world, card.body.payment_token, "inactive");
    expect(() => setTokenStatus(world, card.body.payment_token, "active")).toThrow(/cannot go/);
  });

  test("an inactive card token is not expired later", async () => {
    const t = setup();
    const r = await create(t, { payment_method: cardMethod({ expiry: { month: "03", year: "2026" } }) });
    setTokenStatus(t.double.host.root, r.body.payment_token, "inactive");
    t.double.host.root.advanceTo(Date.parse("2026-05-01T00:00:00.000Z"));
    expect((await t.get(`/v1/payment_tokens/${r.body.payment_token}`)).body.status).toBe("inactive");
  });
});

describe("payment token reads and tenants", () => {
  test("list: newest first, filters, paging, {data,total_count,limit,offset}", async () => {
    const t = setup();
    const a = await create(t, { payment_method: cardMethod(), customer_id: "c1" });
    const b = await create(t, { payment_method: achMethod(), customer_id: "c2" });
    const all = await t.get("/v1/payment_tokens");
    expect(all.body).toMatchObject({ total_count: 2, limit: 20, offset: 0 });
    expect(all.body.data.map((x: any) => x.payment_token)).toEqual([b.body.payment_token, a.body.payment_token]);
    expect((await t.get("/v1/payment_tokens?customer_id=c1")).body.data.map((x: any) => x.payment_token)).toEqual([a.body.payment_token]);
    expect((await t.get("/v1/payment_tokens?type=ach")).body.total_count).toBe(1);
    expect((await t.get("/v1/payment_tokens?status=expired")).body.total_count).toBe(0);
    expect((await t.get("/v1/payment_tokens?limit=1&offset=1")).body.data.map((x: any) => x.payment_token)).toEqual([a.body.payment_token]);
    expectEnvelope(await t.get("/v1/payment_tokens?status=gone"), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.get("/v1/payment_tokens?limit=101"), 400, "INVALID_REQUEST_DATA");
  });

  test("another tenant's token is indistinguishable from a missing one", async () => {
    const t = setup();
    const mine = await create(t, { payment_method: cardMethod() });
    const other = await otherMerchant(t);
    const foreign = expectEnvelope(await t.get(`/v1/payment_tokens/${mine.body.payment_token}`, { as: other }), 404, "RESOURCE_NOT_FOUND");
    const missing = expectEnvelope(await t.get("/v1/payment_tokens/PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZ", { as: other }), 404, "RESOURCE_NOT_FOUND");
    expect({ ...foreign, correlation_id: 0 }).toEqual({ ...missing, correlation_id: 0 });
    expect((await t.get("/v1/payment_tokens", { as: other })).body.total_count).toBe(0);
  });

  test("a reseller acting as its child creates for the child; it reads children's directly", async () => {
    const t = setup();
    const child = await create(t, { payment_method: cardMethod() }, { ...RESELLER, actingAs: MERCHANT.id });
    expect(t.double.host.root.state.paymentTokens.get(child.body.payment_token)!.client_id).toBe(MERCHANT.id);
    expect((await t.get(`/v1/payment_tokens/${child.body.payment_token}`)).status).toBe(200);
    expect((await t.get(`/v1/payment_tokens/${child.body.payment_token}`, { as: RESELLER })).status).toBe(200);
    const own = await create(t, { payment_method: achMethod() }, RESELLER);
    expect((await t.get("/v1/payment_tokens", { as: RESELLER })).body.total_count).toBe(2);
    expect((await t.get("/v1/payment_tokens", { as: { ...RESELLER, actingAs: MERCHANT.id } })).body.total_count).toBe(1);
    expectEnvelope(await t.get(`/v1/payment_tokens/${own.body.payment_token}`), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("payment token enums", () => {
  test.each([
    ["card", "entry_method", ["ECOMMERCE", "MOTO"], "POS"],
    ["ach", "account_type", ["checking", "savings"], "loan"],
    ["ach", "standard_entry_class", ["PPD", "CCD", "WEB", "TEL"], "ARC"],
  ] as const)("%s %s: each value accepted, one wrong value rejected", async (kind, field, values, wrong) => {
    const t = setup();
    const method = kind === "card" ? cardMethod : achMethod;
    for (const v of values) expect((await create(t, { payment_method: method({ [field]: v }) })).status, v).toBe(200);
    const env = expectEnvelope(await create(t, { payment_method: method({ [field]: wrong }) }), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty(`payment_method.${field}`);
  });

  test.each(["active", "expired", "inactive", "verification_pending", "verification_failed"])("status filter %s is accepted", async (status) => {
    expect((await setup().get(`/v1/payment_tokens?status=${status}`)).status).toBe(200);
  });
});

describe("the vault keeps no CVV", () => {
  // PCI DSS forbids keeping a card security code after authorization, and decisions.md says
  // `cvv_result_code` is `M` "when a CVV was sent": a payment by token sends none.
  test("a payment with a token made from a card with a CVV reports no CVV result", async () => {
    const t = setup();
    const viaCreate = (await create(t, { payment_method: cardMethod({ cvv: "123" }) })).body.payment_token;
    const sale = await t.post("/v1/transactions", { type: "SALE", amount: 1500, payment_method: cardMethod({ cvv: "123" }) });
    expect(sale.body.payment_method.cvv_result_code).toBe("M");
    for (const token of [viaCreate, sale.body.payment_method.payment_token]) {
      const paid = await t.post("/v1/transactions", { type: "SALE", amount: 1500, payment_method: { type: "PaymentToken", payment_token: token } });
      expect(paid.status).toBe(200);
      expect(paid.body.payment_method.cvv_result_code).toBeNull();
    }
  });
});
