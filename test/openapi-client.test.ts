import { execFile } from "node:child_process";
import { promisify } from "node:util";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";
import type { paths } from "./generated/gateway-api.js";
import { MERCHANT, RESELLER } from "./helpers.js";

/**
 * The OpenAPI document proven by a real client: types generated from the served document with
 * openapi-typescript (test/generated, checked fresh below) drive openapi-fetch calls against a
 * double listening on a port. `npm run typecheck` checks every call against the generated types.
 */
let double: RunningDouble;
beforeAll(async () => {
  double = await startDouble({ seed: "openapi-fetch" });
});
afterAll(() => double.close());

const as = (who: { id: string; key: string }, actingAs?: string) =>
  createClient<paths>({
    baseUrl: double.url,
    headers: { "Api-Key": who.key, "Client-Id": who.id, ...(actingAs ? { "X-Acting-As-Client-Id": actingAs } : {}) },
  });

describe("the generated types", () => {
  it("match the document the double serves (run `npm run openapi:types` after adding operations)", async () => {
    // Async: the double answers from this very process, so a blocking spawn would deadlock.
    await expect(promisify(execFile)(process.execPath, ["scripts/openapi-types.mjs", "--url", double.url, "--check"])).resolves.toBeDefined();
  });
});

describe("client life cycle over openapi-fetch", () => {
  it("creates, reads, updates and lists a merchant; errors come back as the typed envelope", async () => {
    const reseller = as(RESELLER);
    const created = await reseller.POST("/v1/clients", {
      body: { dba: "Corner Shop", type: "merchant", admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" } },
    });
    expect(created.response.status).toBe(200);
    const id = created.data!.id;
    expect(created.data!.api_key).toBeTypeOf("string");
    expect(created.response.headers.get("x-request-id")).toBe(created.data!.correlation_id);

    const read = await reseller.GET("/v1/clients/{clientId}", { params: { path: { clientId: id } } });
    expect(read.data).toMatchObject({ id, dba: "Corner Shop", parent_id: RESELLER.id, type: "merchant" });

    const updated = await reseller.POST("/v1/clients/{clientId}", { params: { path: { clientId: id } }, body: { dba: "Corner Shop 2" } });
    expect(updated.data!.dba).toBe("Corner Shop 2");

    const list = await reseller.GET("/v1/clients", { params: { query: { Take: "50", SortColumn: "dba", SortOrder: "asc" } } });
    expect(list.data!.data.map((c) => c.id)).toContain(id);

    const newcomer = as({ id, key: created.data!.api_key });
    const self = await newcomer.GET("/v1/clients/{clientId}", { params: { path: { clientId: id } } });
    expect(self.data!.id).toBe(id);

    const missing = await as(MERCHANT).GET("/v1/clients/{clientId}", { params: { path: { clientId: "CLIENT-01JDEM0NOTTHERE000000000000" } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.error_code).toBe("RESOURCE_NOT_FOUND");

    const bad = await reseller.POST("/v1/clients", {
      // @ts-expect-error: the generated types reject what the double rejects (dba is required).
      body: { type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@b.co" } },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.details).toHaveProperty("dba");

    expect(await double.requests.count({ operation: "createClient", status: 200 })).toBe(1);
  });
});

const CARD = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" } as const;

describe("card life cycle over openapi-fetch", () => {
  it("authorizes, captures, settles at the batch close and refunds part", async () => {
    const merchant = as(MERCHANT);
    const auth = await merchant.POST("/v1/transactions", { body: { type: "AUTH", amount: 2000, payment_method: CARD } });
    expect(auth.response.status).toBe(200);
    expect(auth.data).toMatchObject({ type: "AUTH", result: "APPROVED", amount: 2000 });
    expect(JSON.stringify(auth.data)).not.toContain("4242424242424242");
    const id = auth.data!.id;

    const captured = await merchant.POST("/v1/transactions/{id}/capture", { params: { path: { id } }, body: { amount: 1500 } });
    expect(captured.data).toMatchObject({ type: "CAPTURE", amount: 1500, reference_transaction_id: id });

    const read = await merchant.GET("/v1/transactions/{id}", { params: { path: { id: captured.data!.id } } });
    expect(read.data!.is_settled).toBe(false);

    const closed = await merchant.POST("/v1/batches/close", { body: { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "now" } });
    expect(closed.response.status).toBe(200);
    await double.clock.advance({ to: "2026-03-04T15:00:00.000Z" });

    const settled = await merchant.GET("/v1/transactions/{id}", { params: { path: { id: captured.data!.id } } });
    expect(settled.data!.is_settled).toBe(true);
    const batches = await merchant.GET("/v1/batches", { params: { query: { sort_order: "asc" } } });
    expect(batches.data!.data.some((b) => b.status === "settled" && b.batch_type === "card")).toBe(true);

    const refund = await merchant.POST("/v1/transactions/{id}/cancel", { params: { path: { id: captured.data!.id } }, body: { type: "REFUND", amount: 400 } });
    expect(refund.data).toMatchObject({ type: "REFUND", amount: 400 });
    const tooMuch = await merchant.POST("/v1/transactions/{id}/cancel", { params: { path: { id: captured.data!.id } }, body: { type: "REFUND", amount: 5000 } });
    expect(tooMuch.response.status).toBe(409);
    expect(tooMuch.error!.error_code).toBe("DUPLICATE_ACTION");
    expect(await double.requests.count({ operation: "createTransaction", status: 200 })).toBe(1);
  });
});

describe("ACH life cycle over openapi-fetch", () => {
  it("debits, settles, and comes back R01 two business days after settlement", async () => {
    const merchant = as(MERCHANT);
    const ach = { type: "ACH", account_number: "000222222227", routing_number: "021000021", account_type: "checking", standard_entry_class: "PPD", first_name: "Grace", last_name: "Hopper" } as const;
    const sale = await merchant.POST("/v1/transactions", { body: { type: "SALE", amount: 2500, payment_method: ach } });
    expect(sale.data).toMatchObject({ type: "SALE", result: "APPROVED", is_returned: false });
    expect(JSON.stringify(sale.data)).not.toContain("000222222227");
    const id = sale.data!.id;
    await merchant.POST("/v1/batches/close", { body: { client_id: MERCHANT.id, processor: "Achproc", batch_type: "ach", created_at: "now" } });
    await double.clock.advance({ by: "P10D" });
    const returned = await merchant.GET("/v1/transactions/{id}", { params: { path: { id } } });
    expect(returned.data).toMatchObject({ is_settled: true, is_returned: true, return_code: "R01" });
    const list = await merchant.GET("/v1/transactions", {});
    expect(list.response.status).toBe(200);
  });
});

describe("payment tokens over openapi-fetch", () => {
  it("tokenizes a card, charges the token, reads and lists it; the PAN and CVV never come back", async () => {
    const merchant = as(MERCHANT);
    const made = await merchant.POST("/v1/payment_tokens", { body: { payment_method: CARD, customer_id: "cust-typed", nickname: "Visa" } });
    expect(made.response.status).toBe(200);
    expect(made.data).toMatchObject({ object: "payment_token", type: "card", status: "active", customer_id: "cust-typed" });
    expect(made.data!.card).toMatchObject({ last4: "4242", truncated_pan: "424242******4242" });
    const token = made.data!.payment_token;

    const sale = await merchant.POST("/v1/transactions", { body: { type: "SALE", amount: 990, payment_method: { type: "PaymentToken", payment_token: token } } });
    expect(sale.response.status).toBe(200);
    expect(sale.data).toMatchObject({ type: "SALE", result: "APPROVED", amount: 990 });
    expect(sale.data!.payment_method).toMatchObject({ truncated_pan: "424242******4242", payment_token: token });

    const read = await merchant.GET("/v1/payment_tokens/{token}", { params: { path: { token } } });
    expect(read.data!.payment_token).toBe(token);
    const list = await merchant.GET("/v1/payment_tokens", {});
    expect(list.data!.data.map((t) => t.payment_token)).toContain(token);
    for (const answer of [made.data, sale.data, read.data, list.data]) {
      expect(JSON.stringify(answer)).not.toContain(CARD.pan);
      expect(JSON.stringify(answer)).not.toContain('"123"');
    }

    const unknown = await merchant.GET("/v1/payment_tokens/{token}", { params: { path: { token: "PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZZZ" } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error!.error_code).toBe("RESOURCE_NOT_FOUND");
  });
});

describe("a declined card by magic value over openapi-fetch", () => {
  it("4000000000000002 is HTTP 200 with result DECLINED, response code 05", async () => {
    const declined = await as(MERCHANT).POST("/v1/transactions", { body: { type: "SALE", amount: 700, payment_method: { ...CARD, pan: "4000000000000002" } } });
    expect(declined.response.status).toBe(200);
    expect(declined.data).toMatchObject({ type: "SALE", result: "DECLINED", response_code: "05", response_description: "Do not honor" });
    expect(JSON.stringify(declined.data)).not.toContain("4000000000000002");
    const [entry] = await double.requests.list({ operation: "createTransaction", limit: 1 });
    expect(entry).toMatchObject({ status: 200, rule: "builtin/decline 05 do not honor", body: { payment_method: { pan: "400000******0002", cvv: "***" } } });
  });
});

describe("users over openapi-fetch", () => {
  it("creates, reads and lists a dashboard user; a bad email is the typed envelope", async () => {
    const merchant = as(MERCHANT);
    const made = await merchant.POST("/v1/users", { body: { first_name: "Grace", last_name: "Hopper", email: "grace.typed@shop.example.com", time_zone: "america/chicago" } });
    expect(made.response.status).toBe(200);
    expect(made.data).toMatchObject({ object: "user", email: "grace.typed@shop.example.com", is_active: true, is_mfa_active: false });
    const id = made.data!.id;
    const read = await merchant.GET("/v1/users/{id}", { params: { path: { id } } });
    expect(read.data).toMatchObject({ id, first_name: "Grace", time_zone: "america/chicago" });
    const list = await merchant.GET("/v1/users", {});
    expect(list.data!.data.map((u) => u.id)).toContain(id);

    const bad = await merchant.POST("/v1/users", { body: { first_name: "Grace", last_name: "Hopper", email: "not-an-email" } });
    expect(bad.response.status).toBe(400);
    expect(bad.error!.details).toHaveProperty("email");
  });
});

const CARD_DETAILS = {
  name: "Typed Shop LLC", dba: "Typed Shop", url: "https://typed.example.com", phone_number: 2125550199, mid: "4445012345679",
  amex_number: "1234567890", association: "123456", bin: "999995", discover_number: "601101234567890", mcc: "5999",
  bank_number: "1234", industry: "R", amex_opt_blue: false, store_number: "0001", mvv: "0000000000", terminal_number: "0001",
  agent_bank_number: "000000", agent_chain_number: "000000", descriptor_postal: "10001", descriptor_city: "New York",
  descriptor_state: "NY", address1: "1 Typed Street", terminal_id: "00000002", v_number: "75021670", settlement_time: "21:30",
  merchant_area_code: 212, sharing_group: "ABCDEFGH", merchant_aba_number: "021000021", merchant_settlement_agent_number: "V123",
  reimbursement_attribute: "Z",
} as const;

describe("integrations over openapi-fetch", () => {
  it("creates a Cardproc integration, reads it, deactivates it by update, and lists summaries", async () => {
    const merchant = as(MERCHANT);
    const made = await merchant.POST("/v1/integrations", { body: { is_active: true, processor: "Cardproc", integration_details: CARD_DETAILS } });
    expect(made.response.status).toBe(200);
    expect(made.data).toMatchObject({ is_active: true, client: MERCHANT.id, processor: "CARDPROC" });
    expect(made.data!.integration_details).toMatchObject({ mid: "4445012345679", settlement_time: "21:30", fax_number: null });
    const id = made.data!.id;

    const read = await merchant.GET("/v1/integrations/{id}", { params: { path: { id } } });
    expect(read.data!.integration_details).toMatchObject({ name: "Typed Shop LLC" });

    const off = await merchant.POST("/v1/integrations/{id}", { params: { path: { id } }, body: { is_active: false, processor: "Cardproc", integration_details: CARD_DETAILS } });
    expect(off.data!.is_active).toBe(false);

    const list = await merchant.GET("/v1/integrations", {});
    expect(list.data!.data.find((s) => s.id === id)).toMatchObject({ object: "integration_summary", is_active: false, mid: "4445012345679" });
    const summary = await as(RESELLER).GET("/v1/integrations/summary/{id}", { params: { path: { id: MERCHANT.id } } });
    expect(summary.data!.data.map((s) => s.id)).toContain(id);

    const wrong = await merchant.POST("/v1/integrations", {
      // @ts-expect-error: processor is one of the generated enum's values.
      body: { is_active: true, processor: "Nope", integration_details: CARD_DETAILS },
    });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.details).toHaveProperty("processor");
  });
});

describe("batches and MFA over openapi-fetch", () => {
  it("lists one batch's transactions and the batched DEBIT ones; asks for a one-time password", async () => {
    const merchant = as(MERCHANT);
    const sale = await merchant.POST("/v1/transactions", { body: { type: "SALE", amount: 1100, payment_method: { ...CARD, pan: "4000056655665556" } } });
    expect(sale.response.status).toBe(200);
    const closed = await merchant.POST("/v1/batches/close", { body: { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "now" } });
    const batch = closed.data!.batches.find((b) => b.batch_type === "card")!;
    const members = await merchant.GET("/v1/batches/{id}/transactions", { params: { path: { id: batch.id }, query: { limit: 50 } } });
    expect(members.data!.data.map((t) => t.id)).toContain(sale.data!.id);
    const debit = await merchant.GET("/v1/batches/transactions", { params: { query: { card_type: "DEBIT" } } });
    expect(debit.data!.data.find((t) => t.id === sale.data!.id)?.payment_method).toMatchObject({ type: "CARD", card_type: "DEBIT" });
    // @ts-expect-error: the document states the batch filter's values (quirk batch_card_type_single).
    const unknown = await merchant.GET("/v1/batches/transactions", { params: { query: { card_type: "UNKNOWN" } } });
    expect(unknown.response.status).toBe(400);

    await merchant.POST("/v1/users", { body: { first_name: "Otto", last_name: "Pe", email: "otto.mfa@shop.example.com" } });
    const mfa = await merchant.POST("/v1/mfa/challenges", { body: { type: "2fa", email: "otto.mfa@shop.example.com" } });
    expect(mfa.data).toMatchObject({ object: "mfa_challenge", type: "2fa", status: "sent" });
    // @ts-expect-error: the challenge types are the generated enum's values.
    const sms = await merchant.POST("/v1/mfa/challenges", { body: { type: "sms", email: "otto.mfa@shop.example.com" } });
    expect(sms.response.status).toBe(400);
  });

  it("this file called every operation of the document through the typed client", async () => {
    const { OPERATIONS } = await import("../src/gateway/operations.js");
    const missed: string[] = [];
    for (const op of OPERATIONS) if ((await double.requests.count({ operation: op.id })) === 0) missed.push(op.id);
    expect(missed).toEqual([]);
  });
});
