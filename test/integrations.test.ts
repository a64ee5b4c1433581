import { describe, expect, test } from "vitest";
import { activeIntegration } from "../src/gateway/integrations/lookup.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { ACH_SECRET, achBody, cardBody, cardDetails, otherMerchant } from "./resources-data.js";

/** Black-box suite from the spec's Integration section and the Endpoints table. */

const REQUIRED = [
  "name", "url", "phone_number", "mid", "amex_number", "association", "bin", "discover_number", "mcc",
  "bank_number", "industry", "amex_opt_blue", "store_number", "mvv", "terminal_number", "agent_bank_number",
  "agent_chain_number", "descriptor_postal", "descriptor_city", "descriptor_state", "address1", "terminal_id",
  "v_number", "settlement_time", "merchant_area_code", "sharing_group", "merchant_aba_number",
  "merchant_settlement_agent_number", "reimbursement_attribute",
];

const WIDTHS: [string, number][] = [
  ["name", 25], ["bank_number", 4], ["descriptor_postal", 10], ["descriptor_city", 32], ["descriptor_state", 2],
  ["descriptor_country", 3], ["descriptor_store_number", 4], ["address1", 32], ["terminal_id", 8], ["v_number", 8],
  ["sharing_group", 30], ["merchant_aba_number", 9], ["merchant_settlement_agent_number", 4], ["fcsid", 7],
];

function withField(field: string, value: unknown) {
  const d = cardDetails();
  if (value === undefined) delete d[field];
  else d[field] = value;
  return cardBody(d);
}

async function expectBadDetail(t: ReturnType<typeof setup>, body: unknown, field: string) {
  const env = expectEnvelope(await t.post("/v1/integrations", body), 400, "INVALID_REQUEST_DATA");
  expect(Object.keys(env.details ?? {})).toContain(`integration_details.${field}`);
}

describe("createIntegration: card-processor details", () => {
  test("the 29 required fields are exactly the spec's list", () => {
    expect(REQUIRED).toHaveLength(29);
  });

  test.each(REQUIRED)("%s: missing, null and empty string are each 400 naming it", async (field) => {
    const t = setup();
    for (const value of [undefined, null, ""]) await expectBadDetail(t, withField(field, value), field);
    expect(t.double.host.root.state.integrations.size).toBe(2);
  });

  test.each(WIDTHS)("%s: %i characters accepted, one more rejected", async (field, max) => {
    const t = setup();
    expect((await t.post("/v1/integrations", withField(field, "7".repeat(max)))).status).toBe(200);
    await expectBadDetail(t, withField(field, "7".repeat(max + 1)), field);
  });

  test.each(["0", "A", "B", "D", "H", "L", "O", "P", "R"])("industry %s is accepted", async (v) => {
    const t = setup();
    const r = await t.post("/v1/integrations", withField("industry", v));
    expect(r.status).toBe(200);
    expect(r.body.integration_details.industry).toBe(v);
  });

  test.each(["X", "r", "p", "00"])("industry %s is rejected", async (v) => {
    await expectBadDetail(setup(), withField("industry", v), "industry");
  });

  test("phone_number is a 64-bit integer of digits only", async () => {
    const t = setup();
    expect((await t.post("/v1/integrations", withField("phone_number", 14155550100))).status).toBe(200);
    for (const bad of ["2125550199", "+12125550199", "212-555-0199", -2125550199, 2125.5, true]) {
      await expectBadDetail(t, withField("phone_number", bad), "phone_number");
    }
  });

  test("fax_number: 10 to 12 digits with spaces, leading +, ( ) - . allowed, no letters", async () => {
    const t = setup();
    for (const ok of ["2125550199", "+1 (212) 555-0199", "212.555.0199", "+44 20 7946 0958", null]) {
      expect((await t.post("/v1/integrations", withField("fax_number", ok))).status, String(ok)).toBe(200);
    }
    for (const bad of ["212555019", "1234567890123", "212-555-O199", "2125550199x", "", "212+5550199"]) {
      await expectBadDetail(t, withField("fax_number", bad), "fax_number");
    }
  });

  test("mcc is four digits", async () => {
    const t = setup();
    expect((await t.post("/v1/integrations", withField("mcc", "0742"))).status).toBe(200);
    for (const bad of ["599", "59999", "59a9", 5999]) await expectBadDetail(t, withField("mcc", bad), "mcc");
  });

  test("settlement_time is HH:MM, 24-hour", async () => {
    const t = setup();
    for (const ok of ["00:00", "09:30", "23:59"]) expect((await t.post("/v1/integrations", withField("settlement_time", ok))).status).toBe(200);
    for (const bad of ["24:00", "7:00", "22:60", "10pm", "22:00:00"]) {
      await expectBadDetail(t, withField("settlement_time", bad), "settlement_time");
    }
  });

  test("amex_opt_blue is a non-null boolean; integers are integers", async () => {
    const t = setup();
    for (const bad of ["false", 0]) await expectBadDetail(t, withField("amex_opt_blue", bad), "amex_opt_blue");
    await expectBadDetail(t, withField("merchant_area_code", "212"), "merchant_area_code");
    await expectBadDetail(t, withField("descriptor_area_code", 2.5), "descriptor_area_code");
    await expectBadDetail(t, withField("descriptor_phone", "2125550199"), "descriptor_phone");
    expect((await t.post("/v1/integrations", withField("descriptor_phone", 2125550199))).status).toBe(200);
  });

  test("several bad fields are all named in details, unknown fields too", async () => {
    const d: Record<string, unknown> = { ...cardDetails(), name: "x".repeat(26), mcc: "12", terminal_id: null, colour: "blue" };
    delete d.url;
    const env = expectEnvelope(await setup().post("/v1/integrations", cardBody(d)), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!).sort()).toEqual(
      ["colour", "mcc", "name", "terminal_id", "url"].map((f) => `integration_details.${f}`).sort(),
    );
  });

  test("the response carries every detail field, nullable ones null, plus the audit fields", async () => {
    const r = await setup().post("/v1/integrations", cardBody());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ is_active: true, client: MERCHANT.id, processor: "CARDPROC" });
    expect(r.body.id).toMatch(/^INTEGRATION-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r.body.correlation_id).toBe(r.headers.get("x-request-id"));
    const d = r.body.integration_details;
    expect(d).toMatchObject({ ...cardDetails(), fax_number: null, agent_chain: null, fcsid: null, metadata: null, created_by: null, modified_by: null });
    expect(d.created_at).toBe("2026-03-02T15:00:00.001Z");
    expect(d.modified_at).toBe(d.created_at);
    expect(Object.keys(d)).toHaveLength(44);
  });
});

describe("createIntegration: top level and processors", () => {
  test.each(["CARDPROC", "cardproc", "ACHPROC", "achproc", "CardProc", "", null])("processor %s is 400", async (p) => {
    const env = expectEnvelope(await setup().post("/v1/integrations", cardBody(cardDetails(), { processor: p })), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty("processor");
  });

  test("processor missing is 400 naming it", async () => {
    const { processor: _, ...body } = cardBody();
    expect(expectEnvelope(await setup().post("/v1/integrations", body), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("processor");
  });

  test.each(["is_active", "integration_details"])("%s missing or null is 400", async (field) => {
    const t = setup();
    for (const value of [undefined, null]) {
      const body: Record<string, unknown> = cardBody();
      if (value === undefined) delete body[field];
      else body[field] = value;
      expect(expectEnvelope(await t.post("/v1/integrations", body), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
    }
  });

  test("ACH: client_id and client_secret required, non-null, non-empty", async () => {
    const t = setup();
    for (const field of ["client_id", "client_secret"]) {
      for (const value of [undefined, null, ""]) {
        const details: Record<string, unknown> = { client_id: "c", client_secret: "s" };
        if (value === undefined) delete details[field];
        else details[field] = value;
        await expectBadDetail(t, { is_active: true, processor: "Achproc", integration_details: details }, field);
      }
    }
  });

  test("ACH: the response masks client_secret and keeps client_id", async () => {
    const r = await setup().post("/v1/integrations", achBody());
    expect(r.status).toBe(200);
    expect(r.body.processor).toBe("ACHPROC");
    expect(r.body.integration_details).toMatchObject({ client_id: "ach-client-1", client_secret: "********", metadata: null, created_by: null });
    expect(r.text).not.toContain(ACH_SECRET);
  });

  test("card details sent with Achproc (and the reverse) are 400", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/integrations", { ...cardBody(), processor: "Achproc" }), 400, "INVALID_REQUEST_DATA");
    expectEnvelope(await t.post("/v1/integrations", { ...achBody(), processor: "Cardproc" }), 400, "INVALID_REQUEST_DATA");
  });

  test("unknown top-level field is 400 naming it", async () => {
    const env = expectEnvelope(await setup().post("/v1/integrations", cardBody(cardDetails(), { colour: 1 })), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty("colour");
  });
});

describe("integration tenants", () => {
  test("a merchant creates its own; naming another client is 403 whether it exists or not", async () => {
    const t = setup();
    expect((await t.post("/v1/integrations", cardBody(cardDetails(), { client: MERCHANT.id }))).body.client).toBe(MERCHANT.id);
    const foreign = expectEnvelope(await t.post("/v1/integrations", cardBody(cardDetails(), { client: RESELLER.id })), 403, "UNAUTHORIZED_ACTION");
    const missing = expectEnvelope(await t.post("/v1/integrations", cardBody(cardDetails(), { client: "CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ" })), 403, "UNAUTHORIZED_ACTION");
    expect(missing).toEqual({ ...foreign, correlation_id: (missing as any).correlation_id });
  });

  test("a reseller creates for its child by acting as it or by naming it in client", async () => {
    const t = setup();
    const acting = await t.post("/v1/integrations", cardBody(), { as: { ...RESELLER, actingAs: MERCHANT.id } });
    expect(acting.body.client).toBe(MERCHANT.id);
    const named = await t.post("/v1/integrations", achBody({ client: MERCHANT.id }), { as: RESELLER });
    expect(named.body.client).toBe(MERCHANT.id);
  });

  test("another tenant's integration is indistinguishable from a missing one", async () => {
    const t = setup();
    const other = await otherMerchant(t);
    const foreign = expectEnvelope(await t.get("/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000", { as: other }), 404, "RESOURCE_NOT_FOUND");
    const missing = expectEnvelope(await t.get("/v1/integrations/INTEGRATION-01JZZZZZZZZZZZZZZZZZZZZZZZ", { as: other }), 404, "RESOURCE_NOT_FOUND");
    expect({ ...foreign, correlation_id: 0 }).toEqual({ ...missing, correlation_id: 0 });
    expectEnvelope(await t.post("/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000", cardBody(), { as: other }), 404, "RESOURCE_NOT_FOUND");
    expect((await t.get("/v1/integrations", { as: other })).body.data).toEqual([]);
    expectEnvelope(await t.get(`/v1/integrations/summary/${MERCHANT.id}`, { as: other }), 404, "RESOURCE_NOT_FOUND");
  });

  test("a reseller reads a child's integration directly; writes need X-Acting-As-Client-Id", async () => {
    const t = setup();
    const id = "INTEGRATION-01JDEM0CARDPR0C00000000000";
    expect((await t.get(`/v1/integrations/${id}`, { as: RESELLER })).status).toBe(200);
    expectEnvelope(await t.post(`/v1/integrations/${id}`, cardBody(), { as: RESELLER }), 404, "RESOURCE_NOT_FOUND");
    expect((await t.post(`/v1/integrations/${id}`, cardBody(), { as: { ...RESELLER, actingAs: MERCHANT.id } })).status).toBe(200);
  });
});

describe("updateIntegration", () => {
  const ID = "INTEGRATION-01JDEM0CARDPR0C00000000000";

  test.each(["is_active", "processor", "integration_details"])("%s is required", async (field) => {
    const body: Record<string, unknown> = cardBody();
    delete body[field];
    expect(expectEnvelope(await setup().post(`/v1/integrations/${ID}`, body), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
  });

  test("client is not an update field", async () => {
    const env = expectEnvelope(await setup().post(`/v1/integrations/${ID}`, cardBody(cardDetails(), { client: MERCHANT.id })), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty("client");
  });

  test("is_active false deactivates; payments then find no active integration", async () => {
    const t = setup();
    const r = await t.post(`/v1/integrations/${ID}`, cardBody(cardDetails(), { is_active: false }));
    expect(r.body.is_active).toBe(false);
    expect(r.body.integration_details.modified_at).not.toBe(r.body.integration_details.created_at);
    expect(activeIntegration(t.double.host.root, MERCHANT.id, "Cardproc")).toBeUndefined();
    expect((await t.get(`/v1/integrations/${ID}`)).body.is_active).toBe(false);
  });

  test("a different processor is 400 naming processor", async () => {
    const env = expectEnvelope(await setup().post(`/v1/integrations/${ID}`, achBody()), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty("processor");
  });

  test("unknown id is 404; a rejected update changes nothing", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/integrations/INTEGRATION-01JZZZZZZZZZZZZZZZZZZZZZZZ", cardBody()), 404, "RESOURCE_NOT_FOUND");
    expectEnvelope(await t.post(`/v1/integrations/${ID}`, withField("name", "")), 400, "INVALID_REQUEST_DATA");
    expect((await t.get(`/v1/integrations/${ID}`)).body.integration_details.name).toBe("Demo Merchant LLC");
  });
});

describe("integration summaries", () => {
  test("listIntegrations: the acting client's, newest first, as {data,total_count,correlation_id}", async () => {
    const t = setup();
    const made = await t.post("/v1/integrations", cardBody());
    const r = await t.get("/v1/integrations");
    expect(r.status).toBe(200);
    expect(r.body.total_count).toBe(3);
    expect(r.body.data[0]).toEqual({
      id: made.body.id, object: "integration_summary", client: MERCHANT.id, processor: "CARDPROC", is_active: true,
      name: "Demo Merchant LLC", mid: "4445012345678", settlement_time: "22:00",
      created_at: made.body.integration_details.created_at, modified_at: made.body.integration_details.created_at,
    });
    expect(r.body.data.map((s: any) => s.processor).sort()).toEqual(["ACHPROC", "CARDPROC", "CARDPROC"]);
    expect(r.text).not.toContain("demo-ach-secret");
  });

  test("listIntegrationSummary by client id: own, a reseller's child, 404 otherwise", async () => {
    const t = setup();
    expect((await t.get(`/v1/integrations/summary/${MERCHANT.id}`)).body.total_count).toBe(2);
    expect((await t.get(`/v1/integrations/summary/${MERCHANT.id}`, { as: RESELLER })).body.total_count).toBe(2);
    expect((await t.get(`/v1/integrations/summary/${RESELLER.id}`, { as: RESELLER })).body.total_count).toBe(0);
    expectEnvelope(await t.get(`/v1/integrations/summary/${RESELLER.id}`), 404, "RESOURCE_NOT_FOUND");
    expectEnvelope(await t.get("/v1/integrations/summary/CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ"), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("ACH detail widths", () => {
  test.each([["client_id", 100], ["client_secret", 200]] as const)("%s: %i characters accepted, one more rejected", async (field, max) => {
    const t = setup();
    const details = (v: string) => ({ client_id: "c", client_secret: "s", [field]: v });
    expect((await t.post("/v1/integrations", { is_active: true, processor: "Achproc", integration_details: details("x".repeat(max)) })).status).toBe(200);
    await expectBadDetail(t, { is_active: true, processor: "Achproc", integration_details: details("x".repeat(max + 1)) }, field);
  });
});
