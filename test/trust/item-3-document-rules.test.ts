import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "../helpers.js";
import { achSale, CARD, expectTransaction, sale } from "../payments-helpers.js";
import { cardBody } from "../resources-data.js";

/**
 * Issue 21 item 3: every rule the server enforces is stated in the served document. Each case
 * reads the statement from `/_mock/openapi.json` and shows the double enforcing it.
 */

type T = ReturnType<typeof setup>;
const document = async (t: T) => (await t.get("/_mock/openapi.json", { as: null })).body;
const operation = (doc: any, path: string, method = "post") => doc.paths[path][method];

describe("item 3: the document states the rules the double enforces", () => {
  test("a transaction's card: Luhn check and past expiry", async () => {
    const t = setup();
    const doc = await document(t);
    expect(operation(doc, "/v1/transactions").description).toMatch(/Luhn check.*`expiry` must not have passed/);
    expect(doc.components.schemas.CardPaymentMethod.properties.pan.description).toMatch(/Luhn/);
    expect(doc.components.schemas.CardPaymentMethod.properties.expiry.description).toMatch(/end of its month/);
    expect(expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: { ...CARD, pan: "4242424242424241" } })), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(["payment_method.pan"]);
    expect(expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: { ...CARD, expiry: { month: "01", year: "2026" } } })), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(["payment_method.expiry"]);
  });

  test("every offset/skip/Skip states its upper bound, and 1000000000 is 400", async () => {
    const t = setup();
    const doc = await document(t);
    const skips: [string, string, any][] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const p of ops.get?.parameters ?? []) if (/^(offset|skip|Skip)$/.test(p.name)) skips.push([path, p.name, p.schema]);
    }
    expect(skips.length).toBeGreaterThanOrEqual(6);
    for (const [path, name, schema] of skips) {
      expect(schema.maximum === 999999999 || schema.pattern === "^[0-9]{1,9}$", `${path} ${name}`).toBe(true);
      const as = path === "/v1/clients" ? RESELLER : MERCHANT;
      const url = path.replace("{id}", "BATCH-01JZZZZZZZZZZZZZZZZZZZZZZZ");
      const env = expectEnvelope(await t.get(`${url}?${name}=1000000000`, { as }), 400, "INVALID_REQUEST_DATA");
      expect(env.details, `${path} ${name}`).toHaveProperty([name]);
    }
  });

  test("a VOID is always whole and a PAYOUT cannot be refunded", async () => {
    const t = setup();
    const cancel = operation(await document(t), "/v1/transactions/{id}/cancel").description;
    expect(cancel).toMatch(/always whole/);
    expect(cancel).toMatch(/PAYOUT cannot be refunded/);
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    expect(expectEnvelope(await t.post(`/v1/transactions/${tx.id}/cancel`, { type: "VOID", amount: 100 }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(["amount"]);
    const payout = expectTransaction(await t.post("/v1/transactions", achSale({ type: "PAYOUT" })));
    expect(expectEnvelope(await t.post(`/v1/transactions/${payout.id}/cancel`, { type: "REFUND" }), 400, "INVALID_ACTION").details).toHaveProperty(["type"]);
  });

  test("updateIntegration keeps the integration's processor", async () => {
    const t = setup();
    expect(operation(await document(t), "/v1/integrations/{id}").description).toMatch(/never changes processor/);
    const env = expectEnvelope(await t.post("/v1/integrations/INTEGRATION-01JDEM0ACHPR0C000000000000", cardBody()), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty(["processor"]);
  });

  test("acting as oneself is 403 on writes, stated on the header and on every write's 403", async () => {
    const t = setup();
    const doc = await document(t);
    expect(doc.components.parameters.ActingAs.description).toMatch(/itself is 403/);
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      if (ops.post?.responses[403]) expect(ops.post.responses[403].description, path).toMatch(/naming the caller itself/);
    }
    const self = { ...RESELLER, actingAs: RESELLER.id };
    expectEnvelope(await t.post("/v1/clients", { dba: "X", type: "merchant", admin_contact_details: { first_name: "A", last_name: "B", email: "a@b.example.com" } }, { as: self }), 403, "UNAUTHORIZED_ACTION");
    expect((await t.get("/v1/clients", { as: self })).status).toBe(200);
  });

  test("capture, cancel, get and token payments: the 404 description says the quirk answers 400", async () => {
    const t = setup();
    const doc = await document(t);
    for (const [path, method] of [["/v1/transactions/{id}/capture", "post"], ["/v1/transactions/{id}/cancel", "post"], ["/v1/transactions/{id}", "get"], ["/v1/transactions", "post"]]) {
      expect(operation(doc, path!, method).responses[404].description, path).toMatch(/answers 400 `INVALID_REQUEST_DATA`/);
    }
    const missing = "TRANSACTION-01JZZZZZZZZZZZZZZZZZZZZZZZ";
    expectEnvelope(await t.post(`/v1/transactions/${missing}/capture`, {}), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post(`/v1/transactions/${missing}/cancel`, { type: "VOID" }), 400, "INVALID_REQUEST_DATA");
    const token = { type: "PaymentToken", payment_token: "PAYMENT_TOKEN-01JZZZZZZZZZZZZZZZZZZZZZZZ" };
    expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: token })), 400, "INVALID_REQUEST_DATA");
  });
});
