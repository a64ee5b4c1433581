import { describe, expect, test } from "vitest";
import { newClient } from "./builders.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";

/** Spec "Authentication": every /v1 operation needs Api-Key + Client-Id; acting-as only parent -> child. */
describe("authentication", () => {
  const cases: Array<[string, Record<string, string>]> = [
    ["no headers", {}],
    ["Api-Key missing", { "Client-Id": MERCHANT.id }],
    ["Client-Id missing", { "Api-Key": MERCHANT.key }],
    ["wrong key", { "Api-Key": "pk_live_01JDEM0MERCHANTKEY00000001", "Client-Id": MERCHANT.id }],
    ["another client's key", { "Api-Key": RESELLER.key, "Client-Id": MERCHANT.id }],
    ["unknown client", { "Api-Key": MERCHANT.key, "Client-Id": "CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ" }],
    ["empty values", { "Api-Key": "", "Client-Id": "" }],
    ["key of another length", { "Api-Key": "pk_live_x", "Client-Id": MERCHANT.id }],
  ];

  test.each(cases)("%s is 401 NOT_AUTHENTICATED, the same answer every time", async (_name, headers) => {
    const t = setup();
    const r = await t.call("GET", "/v1/clients", { as: null, headers });
    const env = expectEnvelope(r, 401, "NOT_AUTHENTICATED");
    const reference = await setup().call("GET", "/v1/clients", { as: null });
    expect({ ...env, correlation_id: null }).toEqual({ ...reference.body, correlation_id: null });
  });

  test("every /v1 operation is authenticated, including ones with a body and unknown ids", async () => {
    const t = setup();
    for (const [method, path] of [
      ["GET", "/v1/clients"],
      ["POST", "/v1/clients"],
      ["GET", `/v1/clients/${MERCHANT.id}`],
      ["POST", `/v1/clients/${MERCHANT.id}`],
      ["GET", "/v1/clients/CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ"],
    ]) {
      expectEnvelope(await t.call(method, path, { as: null, body: method === "POST" ? { nonsense: true } : undefined }), 401, "NOT_AUTHENTICATED");
    }
  });

  test("fixture keys have the pk_live_ form; created keys too, and they authenticate", async () => {
    const t = setup();
    const created = await t.post("/v1/clients", newClient(), { as: RESELLER });
    expect(created.status).toBe(200);
    expect(created.body.api_key).toMatch(/^pk_live_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(MERCHANT.key).toMatch(/^pk_live_/);
    const own = await t.get(`/v1/clients/${created.body.id}`, { as: { id: created.body.id, key: created.body.api_key } });
    expect(own.status).toBe(200);
    expect(own.body).not.toHaveProperty("api_key");
  });

  test("a reseller acts for its own child: the view narrows to the child", async () => {
    const t = setup();
    const r = await t.get("/v1/clients", { as: { ...RESELLER, actingAs: MERCHANT.id } });
    expect(r.status).toBe(200);
    expect(r.body.data.map((c: { id: string }) => c.id)).toEqual([MERCHANT.id]);
    const parent = await t.get(`/v1/clients/${RESELLER.id}`, { as: { ...RESELLER, actingAs: MERCHANT.id } });
    expectEnvelope(parent, 404, "RESOURCE_NOT_FOUND");
  });

  test("acting for anyone but an own child is 403 UNAUTHORIZED_ACTION", async () => {
    const t = setup();
    const sub = await t.post("/v1/clients", newClient({ type: "reseller", dba: "Sub reseller" }), { as: RESELLER });
    const subAs = { id: sub.body.id, key: sub.body.api_key };
    const grandchild = await t.post("/v1/clients", newClient({ dba: "Grandchild" }), { as: subAs });
    const sibling = await t.post("/v1/clients", newClient({ dba: "Sibling" }), { as: RESELLER });
    expect([sub.status, grandchild.status, sibling.status]).toEqual([200, 200, 200]);
    const denied: Array<[string, { id: string; key: string }, string]> = [
      ["merchant acting for its parent", MERCHANT, RESELLER.id],
      ["merchant acting for a sibling", MERCHANT, sibling.body.id],
      ["reseller acting for a grandchild", RESELLER, grandchild.body.id],
      ["sub-reseller acting for its sibling", subAs, MERCHANT.id],
      ["child reseller acting for its parent", subAs, RESELLER.id],
      ["unknown client", RESELLER, "CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ"],
      ["not an id at all", RESELLER, "nonsense"],
    ];
    for (const [name, who, target] of denied) {
      const r = await t.get("/v1/clients", { as: { ...who, actingAs: target } });
      expect(r.status, name).toBe(403);
      expectEnvelope(r, 403, "UNAUTHORIZED_ACTION");
    }
    // The sub-reseller may act for its own child.
    expect((await t.get("/v1/clients", { as: { ...subAs, actingAs: grandchild.body.id } })).status).toBe(200);
  });

  test("acting as oneself is rejected on writes and ignored on reads", async () => {
    const t = setup();
    const self = { ...RESELLER, actingAs: RESELLER.id };
    expectEnvelope(await t.post("/v1/clients", newClient(), { as: self }), 403, "UNAUTHORIZED_ACTION");
    expectEnvelope(await t.post(`/v1/clients/${RESELLER.id}`, { dba: "New" }, { as: self }), 403, "UNAUTHORIZED_ACTION");
    const read = await t.get("/v1/clients", { as: self });
    expect(read.status).toBe(200);
    expect(read.body.total_count).toBe(2);
  });

  test("authentication is checked before the body", async () => {
    const t = setup();
    const r = await t.call("POST", "/v1/clients", { as: null, raw: "{not json", headers: { "content-type": "application/json" } });
    expectEnvelope(r, 401, "NOT_AUTHENTICATED");
  });
});
