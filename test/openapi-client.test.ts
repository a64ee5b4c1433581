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
