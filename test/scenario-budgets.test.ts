import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";
import { CARD, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/** Issue 13 point 3: a request refused before or by the handler never spends a rule's budget. */
const ONCE = `
version: 1
name: once
rules:
  - name: decline once
    when: { operation: createTransaction, times: 1 }
    then: { decline: { code: "51", description: Insufficient funds } }
`;

const expired = { ...CARD, expiry: { month: "01", year: "2020" } };

describe("budgets count only requests that reach the handler", () => {
  test("a SALE with an expired card is a 400 without the rule header and leaves times: 1 unspent", async () => {
    const t = setup();
    expect((await loadYaml(t, ONCE)).status).toBe(201);
    const refused = await t.post("/v1/transactions", sale({ payment_method: expired }));
    expectEnvelope(refused, 400, "INVALID_REQUEST_DATA");
    expect(refused.headers.get("x-paydouble-rule")).toBeNull();
    const next = await t.post("/v1/transactions", sale());
    expect(next.body.result).toBe("DECLINED");
    expect(next.headers.get("x-paydouble-rule")).toBe("once/decline once");
  });

  test("a fail rule does not answer for a request the gateway refuses (expired card, unknown id)", async () => {
    const t = setup();
    const yaml = `
version: 1
name: boom
rules:
  - when: { operation: [createTransaction, getTransaction], times: 2 }
    then: { fail: { error: SYSTEM_ERROR, status: 500 } }
`;
    expect((await loadYaml(t, yaml)).status).toBe(201);
    expectEnvelope(await t.post("/v1/transactions", sale({ payment_method: expired })), 400, "INVALID_REQUEST_DATA");
    const unknown = await t.get("/v1/transactions/TRANSACTION-01J0000000000000000000000X");
    expect(unknown.headers.get("x-paydouble-rule")).toBeNull();
    expect(unknown.body.error_code).not.toBe("SYSTEM_ERROR");
    expect((await t.call("GET", "/_mock/scenarios", { as: null })).body.scenarios[0].rules[0].hits).toBe(0);
  });

  test("a rejection inside the handler (capture of a SALE) gives the nth count back", async () => {
    const t = setup();
    const paid = await t.post("/v1/transactions", sale());
    const yaml = `
version: 1
name: second
rules:
  - when: { operation: captureTransaction, nth: 1 }
    then: { delay_ms: 1 }
`;
    expect((await loadYaml(t, yaml)).status).toBe(201);
    const bad = await t.post(`/v1/transactions/${paid.body.id}/capture`, {});
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.headers.get("x-paydouble-rule")).toBeNull();
    const scen = (await t.call("GET", "/_mock/scenarios", { as: null })).body.scenarios[0];
    expect(scen.rules[0].hits).toBe(0);
  });

  test("an expired card on createPaymentToken leaves the budget unspent", async () => {
    const t = setup();
    const yaml = `
version: 1
name: tok
rules:
  - when: { operation: createPaymentToken, times: 1 }
    then: { fail: { error: SYSTEM_ERROR, status: 500 } }
`;
    expect((await loadYaml(t, yaml)).status).toBe(201);
    expectEnvelope(await t.post("/v1/payment_tokens", { payment_method: expired }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post("/v1/payment_tokens", { payment_method: CARD }), 500, "SYSTEM_ERROR");
  });
});
