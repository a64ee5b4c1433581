import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { newClient } from "../builders.js";
import { expectEnvelope, RESELLER, setup } from "../helpers.js";
import { achBody, cardBody, cardDetails, cardMethod } from "../resources-data.js";

/**
 * Issue 21 item 1: every length limit of the spec counts characters (code points), not UTF-16 units,
 * on every operation that carries the field. A string of `limit` characters drawn partly from the
 * astral planes (two UTF-16 units each) is accepted; one more character is refused with `details`
 * naming the field.
 */

const INTEGRATION = "/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000";
const ACH_INTEGRATION = "/v1/integrations/INTEGRATION-01JDEM0ACHPR0C000000000000";

/** One character: mostly astral (emoji, mathematical letters, CJK extension B), some from the BMP. */
const character = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0x1f300, max: 0x1f64f }).map((c) => String.fromCodePoint(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0x1d400, max: 0x1d7ff }).map((c) => String.fromCodePoint(c)) },
  { weight: 2, arbitrary: fc.integer({ min: 0x20000, max: 0x2a6df }).map((c) => String.fromCodePoint(c)) },
  { weight: 1, arbitrary: fc.constantFrom("a", "é", "Ω", "中") },
);
/** `n` characters, at least one of them astral (the first). */
const textOf = (n: number) => fc.array(character, { minLength: n - 1, maxLength: n - 1 }).map((cs) => "😀" + cs.join(""));

type Body = (value: string) => unknown;
interface Limit {
  op: string;
  method: "POST";
  path: string;
  field: string;
  limit: number;
  body: Body;
  as?: typeof RESELLER;
}

/** Sets a dotted field of a body to the value. */
function put(base: () => Record<string, any>, field: string): Body {
  return (value) => {
    const body = base();
    const keys = field.split(".");
    let at = body;
    for (const k of keys.slice(0, -1)) at = at[k] = { ...at[k] };
    at[keys.at(-1)!] = value;
    return body;
  };
}

const sale = () => ({ type: "SALE", amount: 1000, payment_method: cardMethod() });
const user = () => ({ first_name: "Grace", last_name: "Hopper", email: "grace@shop.example.com" });
const token = () => ({ payment_method: cardMethod() });

const LIMITS: Limit[] = [
  { op: "createClient", method: "POST", path: "/v1/clients", field: "dba", limit: 100, body: put(() => newClient(), "dba"), as: RESELLER },
  { op: "createClient", method: "POST", path: "/v1/clients", field: "website", limit: 30, body: put(() => newClient(), "website"), as: RESELLER },
  { op: "createClient", method: "POST", path: "/v1/clients", field: "admin_contact_details.first_name", limit: 100, body: put(() => newClient(), "admin_contact_details.first_name"), as: RESELLER },
  { op: "createClient", method: "POST", path: "/v1/clients", field: "admin_contact_details.last_name", limit: 100, body: put(() => newClient(), "admin_contact_details.last_name"), as: RESELLER },
  { op: "updateClient", method: "POST", path: "/v1/clients/CLIENT-01JDEM0MERCHANT00000000000", field: "dba", limit: 100, body: put(() => ({}), "dba") },
  { op: "updateClient", method: "POST", path: "/v1/clients/CLIENT-01JDEM0MERCHANT00000000000", field: "website", limit: 100, body: put(() => ({}), "website") },
  { op: "updateClient", method: "POST", path: "/v1/clients/CLIENT-01JDEM0MERCHANT00000000000", field: "admin_contact_details.first_name", limit: 100, body: put(() => ({}), "admin_contact_details.first_name") },
  { op: "createUser", method: "POST", path: "/v1/users", field: "first_name", limit: 100, body: put(user, "first_name") },
  { op: "createUser", method: "POST", path: "/v1/users", field: "last_name", limit: 100, body: put(user, "last_name") },
  ...(
    [
      ["name", 25],
      ["dba", 100],
      ["address1", 32],
      ["descriptor_city", 32],
      ["descriptor_postal", 10],
      ["descriptor_state", 2],
      ["descriptor_country", 3],
      ["descriptor_store_number", 4],
      ["bank_number", 4],
      ["terminal_id", 8],
      ["v_number", 8],
      ["sharing_group", 30],
      ["merchant_aba_number", 9],
      ["merchant_settlement_agent_number", 4],
      ["fcsid", 7],
    ] as const
  ).flatMap(([name, limit]): Limit[] => [
    { op: "createIntegration", method: "POST", path: "/v1/integrations", field: `integration_details.${name}`, limit, body: put(() => cardBody(cardDetails()), `integration_details.${name}`) },
    { op: "updateIntegration", method: "POST", path: INTEGRATION, field: `integration_details.${name}`, limit, body: put(() => cardBody(cardDetails()), `integration_details.${name}`) },
  ]),
  { op: "createIntegration", method: "POST", path: "/v1/integrations", field: "integration_details.metadata.note", limit: 500, body: put(() => cardBody(cardDetails()), "integration_details.metadata.note") },
  { op: "updateIntegration", method: "POST", path: INTEGRATION, field: "integration_details.metadata.note", limit: 500, body: put(() => cardBody(cardDetails()), "integration_details.metadata.note") },
  { op: "createIntegration", method: "POST", path: "/v1/integrations", field: "integration_details.client_id", limit: 100, body: put(() => achBody(), "integration_details.client_id") },
  { op: "updateIntegration", method: "POST", path: ACH_INTEGRATION, field: "integration_details.metadata.note", limit: 500, body: put(() => achBody(), "integration_details.metadata.note") },
  { op: "createTransaction", method: "POST", path: "/v1/transactions", field: "metadata.note", limit: 500, body: put(sale, "metadata.note") },
  { op: "createTransaction", method: "POST", path: "/v1/transactions", field: "purchase_description", limit: 30, body: put(sale, "purchase_description") },
  { op: "createTransaction", method: "POST", path: "/v1/transactions", field: "payment_method.first_name", limit: 100, body: put(sale, "payment_method.first_name") },
  { op: "createTransaction", method: "POST", path: "/v1/transactions", field: "payment_method.billing_address.city", limit: 100, body: (v) => ({ ...sale(), payment_method: cardMethod({ billing_address: { line1: "1 Main St", city: v, state: "NY", postal_code: "10001" } }) }) },
  { op: "createPaymentToken", method: "POST", path: "/v1/payment_tokens", field: "nickname", limit: 100, body: put(token, "nickname") },
  { op: "createPaymentToken", method: "POST", path: "/v1/payment_tokens", field: "customer_id", limit: 100, body: put(token, "customer_id") },
];

describe("item 1: every length limit counts characters (code points)", () => {
  test.each(LIMITS.map((l) => [`${l.op} ${l.field} ${l.limit}`, l] as const))("%s", async (_name, l) => {
    await fc.assert(
      fc.asyncProperty(textOf(l.limit), fc.array(character, { minLength: 1, maxLength: 3 }), async (atLimit, extra) => {
        const t = setup();
        const as = l.as ?? undefined;
        const ok = await t.call(l.method, l.path, { body: l.body(atLimit), as });
        expect(ok.status, `${l.limit} characters (${atLimit.length} UTF-16 units) accepted: ${ok.text}`).toBe(200);
        const over = atLimit + extra.join("");
        const env = expectEnvelope(await t.call(l.method, l.path, { body: l.body(over), as }), 400, "INVALID_REQUEST_DATA");
        expect(Object.keys(env.details ?? {})).toContain(l.field);
      }),
      { numRuns: 4 },
    );
  });

  test("500 emoji in a metadata value are accepted on a transaction and read back whole; 501 are refused naming the key", async () => {
    const t = setup();
    const value = "😀".repeat(500);
    const r = await t.post("/v1/transactions", { ...sale(), metadata: { note: value } });
    expect(r.status).toBe(200);
    expect((await t.get(`/v1/transactions/${r.body.id}`)).body.metadata.note).toBe(value);
    const env = expectEnvelope(await t.post("/v1/transactions", { ...sale(), metadata: { note: value + "😀" } }), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "metadata.note": "value must be at most 500 characters" });
  });
});
