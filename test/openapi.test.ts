import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../src/gateway/operations.js";
import { openApiPath } from "../src/http/openapi.js";
import { MERCHANT, setup } from "./helpers.js";

async function served(path = "/_mock/openapi.json") {
  const { get } = setup();
  return get(path);
}

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refs(v, out));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) k === "$ref" && typeof v === "string" ? out.push(v) : refs(v, out);
  }
  return out;
}

describe("GET /_mock/openapi.json", () => {
  it("lists every operation of OPERATIONS with its id, statuses, headers and the error envelope", async () => {
    const doc = (await served()).body;
    expect(doc.openapi).toBe("3.1.0");
    for (const op of OPERATIONS) {
      const { path, params } = openApiPath(op.path);
      const o = doc.paths[path]?.[op.method.toLowerCase()];
      expect(o?.operationId, `${op.method} ${op.path}`).toBe(op.id);
      expect(Object.keys(o.responses).sort()).toEqual(["200", ...op.errors.map(String)].sort());
      for (const [status, r] of Object.entries<any>(o.responses)) {
        expect(r.headers["x-request-id"]).toEqual({ $ref: "#/components/headers/RequestId" });
        if (status !== "200") expect(r.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
      for (const p of params) expect(o.parameters).toContainEqual(expect.objectContaining({ name: p, in: "path", required: true }));
      expect(o.parameters).toContainEqual({ $ref: "#/components/parameters/ActingAs" });
      expect(Boolean(o.requestBody)).toBe(Boolean(op.body));
    }
    expect(doc.security).toEqual([{ ApiKey: [], ClientId: [] }]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ in: "header", name: "Api-Key" });
    expect(doc.components.securitySchemes.ClientId).toMatchObject({ in: "header", name: "Client-Id" });
  });

  it("resolves every $ref to a component", async () => {
    const doc = (await served()).body;
    for (const ref of refs(doc)) {
      const [, , group, name] = ref.split("/");
      expect(doc.components[group]?.[name], ref).toBeDefined();
    }
  });

  it("builds the Error component from the envelope schema and the query parameters from the query schema", async () => {
    const doc = (await served()).body;
    expect(doc.components.schemas.Error.required.sort()).toEqual(["correlation_id", "details", "error_code", "error_message", "source"]);
    expect(doc.components.schemas.Error.additionalProperties).toBe(false);
    const list = doc.paths["/v1/clients"].get;
    expect(list.parameters).toContainEqual(expect.objectContaining({ name: "Take", in: "query", required: false }));
    // The spec: Take and Skip are "query strings", "sent as strings"; the pattern says which digits.
    expect(list.parameters.find((p: any) => p.name === "Take").schema).toMatchObject({ type: "string", pattern: expect.any(String) });
  });


  it("describes metadata with its real rules, not as an opaque custom type", async () => {
    const { toJSONSchema } = await import("zod");
    const { metadataSchema } = await import("../src/gateway/metadata.js");
    const json: any = toJSONSchema(metadataSchema, { io: "input", unrepresentable: "any" });
    const meta = json.$defs?.Metadata ?? json;
    const object = meta.anyOf.find((s: any) => s.type === "object");
    expect(object).toMatchObject({ maxProperties: 50, propertyNames: { pattern: "^[a-zA-Z0-9_-]+$", maxLength: 40 }, additionalProperties: { type: "string", maxLength: 500 } });
    expect(meta.anyOf).toContainEqual({ type: "null" });
  });

  it("points servers at the world it was read from (a sandbox has its own root)", async () => {
    const doc = (await served()).body;
    expect(doc.servers[0].url).toBe("http://localhost");
    const { double, get } = setup();
    double.host.addSandbox("sb-1", double.host.options);
    expect((await get("/sandboxes/sb-1/_mock/openapi.json")).body.servers[0].url).toBe("http://localhost/sandboxes/sb-1");
  });
});

describe("the document states every rule (issue 12)", () => {
  it("carries the interface version as info.version and paydouble's own in x-paydouble-version", async () => {
    const doc = (await served()).body;
    expect(doc.info.version).toBe("1.0.0-beta.27");
    expect(doc.info["x-paydouble-version"]).toBe((await import("../src/version.js")).VERSION);
  });

  it("gives every operation a description and a real success example; bodies have request examples", async () => {
    const doc = (await served()).body;
    for (const op of OPERATIONS) {
      const o = doc.paths[openApiPath(op.path).path][op.method.toLowerCase()];
      expect(o.description?.length, op.id).toBeGreaterThan(40);
      expect(Object.keys(o.responses["200"].content["application/json"].examples ?? {}).length, op.id).toBeGreaterThan(0);
      if (op.body) expect(Object.keys(o.requestBody.content["application/json"].examples ?? {}).length, op.id).toBeGreaterThan(0);
    }
  });

  it("states the field rules as schema: email, phone, fax, routing number, page sizes, filters", async () => {
    const { EMAIL_PATTERN, PHONE_PATTERN } = await import("../src/gateway/fields.js");
    const { FAX_PATTERN } = await import("../src/gateway/integrations/details.js");
    const s = (await served()).body.components.schemas;
    const admin = s.CreateClientRequest.properties.admin_contact_details.properties;
    expect(admin.email.pattern).toBe(EMAIL_PATTERN.source);
    expect(admin.phone.anyOf[0].pattern).toBe(PHONE_PATTERN.source);
    expect(s.CardPaymentMethod.properties.contact.properties.email.pattern).toBe(EMAIL_PATTERN.source);
    expect(s.CardprocIntegrationDetails.properties.fax_number.anyOf[0].pattern).toBe(FAX_PATTERN.source);
    expect(s.AchPaymentMethod.properties.routing_number).toMatchObject({ pattern: "^\\d{9}$", description: expect.stringContaining("checksum") });
    expect(s.CreateTransactionRequest.properties.tip.description).toMatch(/must not exceed `amount`/);
    const doc = (await served()).body;
    const params = (path: string) => Object.fromEntries(doc.paths[path].get.parameters.filter((p: any) => p.name).map((p: any) => [p.name, p]));
    const tx = params("/v1/transactions");
    expect(tx.type).toMatchObject({ style: "form", explode: false, schema: { type: "array", items: { enum: ["SALE", "AUTH", "PAYOUT", "REFUND", "CANCEL"] } } });
    expect(tx.card_type.schema.items.enum).toEqual(["CREDIT", "DEBIT", "UNKNOWN"]);
    expect(params("/v1/batches/transactions").card_type.schema).toEqual({ type: "string", enum: ["DEBIT", "CREDIT"] });
    for (const [path, name] of [["/v1/transactions", "limit"], ["/v1/users", "limit"], ["/v1/payment_tokens", "limit"], ["/v1/batches", "take"]]) {
      expect(params(path)[name].schema, `${path} ${name}`).toEqual({ type: "integer", minimum: 1, maximum: 100 });
    }
  });

  it("names every variant and gives each oneOf of variants its discriminator", async () => {
    const s = (await served()).body.components.schemas;
    const pm = s.CreateTransactionRequest.properties.payment_method;
    expect(pm.discriminator).toEqual({ propertyName: "type", mapping: { Card: "#/components/schemas/CardPaymentMethod", ACH: "#/components/schemas/AchPaymentMethod", PaymentToken: "#/components/schemas/TokenPaymentMethod" } });
    expect(s.CreateTransactionRequest.allOf).toHaveLength(2);
    expect(s.CreateIntegrationRequest.discriminator.mapping).toEqual({ Cardproc: "#/components/schemas/CreateCardprocIntegration", Achproc: "#/components/schemas/CreateAchprocIntegration" });
    expect(s.UpdateIntegrationRequest.discriminator.propertyName).toBe("processor");
    expect(s.Integration.discriminator.mapping).toEqual({ CARDPROC: "#/components/schemas/CardprocIntegration", ACHPROC: "#/components/schemas/AchprocIntegration" });
    expect(s.CreateCardprocIntegration.properties.integration_details).toEqual({ $ref: "#/components/schemas/CardprocIntegrationDetails" });
  });
});

describe("GET /_mock/docs", () => {
  it("is Swagger UI on both documents, every asset served from here, the demo merchant filled in", async () => {
    const { get } = setup();
    const page = await get("/_mock/docs", { as: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(refs.sort()).toEqual(["docs/assets/favicon-32x32.png", "docs/assets/swagger-ui-bundle.js", "docs/assets/swagger-ui-standalone-preset.js", "docs/assets/swagger-ui.css", "docs/init.js"]);
    for (const ref of refs) {
      const r = await get(`/_mock/${ref}`, { as: null });
      expect(r.status, ref).toBe(200);
    }
    expect((await get("/_mock/docs/assets/swagger-ui.css", { as: null })).headers.get("content-type")).toMatch(/text\/css/);
    const init = (await get("/_mock/docs/init.js", { as: null })).text;
    expect(init).toContain(MERCHANT.key);
    expect(init).toContain(MERCHANT.id);
    expect(init).toContain('"control/openapi.json"');
    expect(init).toContain("validatorUrl: null");
    expect((await get("/_mock/docs/assets/package.json", { as: null })).status).toBe(404);
    expect((await get("/_mock/docs/assets/..%2Fpackage.json", { as: null })).status).toBe(404);
  });
});
