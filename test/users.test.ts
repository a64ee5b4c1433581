import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { otherMerchant } from "./resources-data.js";

/** Black-box suite from the spec's User text, PRODUCT.md's user and MFA bodies. */

const user = (over: Record<string, unknown> = {}) => ({ first_name: "Grace", last_name: "Hopper", email: "grace@shop.example.com", ...over });

describe("createUser", () => {
  test("returns the spec's fields with a USER- id", async () => {
    const t = setup();
    const r = await t.post("/v1/users", user({ phone: "+12125550100", time_zone: "america/chicago" }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^USER-[0-9A-HJKMNP-TV-Z]{26}$/),
      object: "user",
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace@shop.example.com",
      phone: "+12125550100",
      time_zone: "america/chicago",
      is_mfa_active: false,
      is_active: true,
      is_locked: false,
      correlation_id: r.headers.get("x-request-id"),
    });
    expect((await t.post("/v1/users", user({ email: "b@shop.example.com" }))).body).toMatchObject({ phone: null, time_zone: null });
  });

  test.each(["first_name", "last_name", "email"])("%s missing, null or empty is 400 naming it", async (field) => {
    const t = setup();
    for (const value of [undefined, null, ""]) {
      const body: Record<string, unknown> = user();
      if (value === undefined) delete body[field];
      else body[field] = value;
      expect(expectEnvelope(await t.post("/v1/users", body), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
    }
    expect(t.double.host.root.state.users.size).toBe(0);
  });

  test.each(["first_name", "last_name"])("%s: 100 characters accepted, 101 rejected", async (field) => {
    const t = setup();
    expect((await t.post("/v1/users", user({ [field]: "x".repeat(100) }))).status).toBe(200);
    expect(expectEnvelope(await t.post("/v1/users", user({ [field]: "x".repeat(101), email: "c@shop.example.com" })), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
  });

  test("email: plus-addressing and long top-level domains are 400", async () => {
    const t = setup();
    for (const bad of ["g+1@shop.example.com", "g@shop.example.museum", "not-an-email"]) {
      expect(expectEnvelope(await t.post("/v1/users", user({ email: bad })), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("email");
    }
  });

  test.each(["america/los_angeles", "america/phoenix", "america/denver", "america/chicago", "america/new_york", "pacific/honolulu", "america/anchorage"])(
    "time_zone %s is accepted",
    async (zone) => {
      expect((await setup().post("/v1/users", user({ time_zone: zone }))).status).toBe(200);
    },
  );

  test("a wrong time_zone or phone, or an unknown field, is 400", async () => {
    const t = setup();
    for (const [field, value] of [["time_zone", "America/New_York"], ["phone", "+1 212 555 0100"], ["role", "admin"]]) {
      expect(expectEnvelope(await t.post("/v1/users", user({ [field]: value })), 400, "INVALID_REQUEST_DATA").details).toHaveProperty(field);
    }
  });

  test("a second user with the same email is 409 DUPLICATE_ACTION, in any case and any client", async () => {
    const t = setup();
    await t.post("/v1/users", user());
    expectEnvelope(await t.post("/v1/users", user({ first_name: "Other" })), 409, "DUPLICATE_ACTION");
    expectEnvelope(await t.post("/v1/users", user({ email: "GRACE@shop.example.com" })), 409, "DUPLICATE_ACTION");
    expectEnvelope(await t.post("/v1/users", user(), { as: RESELLER }), 409, "DUPLICATE_ACTION");
    expect(t.double.host.root.state.users.size).toBe(1);
  });
});

describe("user reads and tenants", () => {
  test("get and list; another tenant's user is indistinguishable from a missing one", async () => {
    const t = setup();
    const a = await t.post("/v1/users", user());
    const b = await t.post("/v1/users", user({ email: "b@shop.example.com" }));
    expect((await t.get(`/v1/users/${a.body.id}`)).body).toEqual({ ...a.body, correlation_id: expect.any(String) });
    const list = await t.get("/v1/users");
    expect(list.body).toMatchObject({ total_count: 2, limit: 20, offset: 0 });
    expect(list.body.data.map((u: any) => u.id)).toEqual([b.body.id, a.body.id]);
    expect((await t.get("/v1/users?limit=1&offset=1")).body.data.map((u: any) => u.id)).toEqual([a.body.id]);
    expectEnvelope(await t.get("/v1/users?limit=x"), 400, "INVALID_REQUEST_DATA");

    const other = await otherMerchant(t);
    const foreign = expectEnvelope(await t.get(`/v1/users/${a.body.id}`, { as: other }), 404, "RESOURCE_NOT_FOUND");
    const missing = expectEnvelope(await t.get("/v1/users/USER-01JZZZZZZZZZZZZZZZZZZZZZZZ", { as: other }), 404, "RESOURCE_NOT_FOUND");
    expect({ ...foreign, correlation_id: 0 }).toEqual({ ...missing, correlation_id: 0 });
    expect((await t.get("/v1/users", { as: other })).body.total_count).toBe(0);
  });

  test("a reseller acting as its child creates the child's user and reads children's directly", async () => {
    const t = setup();
    const r = await t.post("/v1/users", user(), { as: { ...RESELLER, actingAs: MERCHANT.id } });
    expect(t.double.host.root.state.users.get(r.body.id)!.client_id).toBe(MERCHANT.id);
    expect((await t.get(`/v1/users/${r.body.id}`)).status).toBe(200);
    expect((await t.get(`/v1/users/${r.body.id}`, { as: RESELLER })).status).toBe(200);
    const own = await t.post("/v1/users", user({ email: "r@reseller.example.com" }), { as: RESELLER });
    expect((await t.get("/v1/users", { as: RESELLER })).body.total_count).toBe(2);
    expect((await t.get("/v1/users", { as: { ...RESELLER, actingAs: MERCHANT.id } })).body.total_count).toBe(1);
    expectEnvelope(await t.get(`/v1/users/${own.body.id}`), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("POST /v1/mfa/challenges", () => {
  test.each(["forgot_password", "2fa"])("type %s is accepted", async (type) => {
    const r = await setup().post("/v1/mfa/challenges", { type, email: "grace@shop.example.com" });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ object: "mfa_challenge", type, status: "sent", expires_at: "2026-03-02T15:10:00.001Z", correlation_id: r.headers.get("x-request-id") });
  });

  test.each(["2FA", "FORGOT_PASSWORD", "sms", "", null, 2])("type %s is 400", async (type) => {
    const env = expectEnvelope(await setup().post("/v1/mfa/challenges", { type, email: "grace@shop.example.com" }), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toHaveProperty("type");
  });

  test("email is required and checked; unknown fields are named", async () => {
    const t = setup();
    for (const body of [{ type: "2fa" }, { type: "2fa", email: "" }, { type: "2fa", email: null }, { type: "2fa", email: "nope" }]) {
      expect(expectEnvelope(await t.post("/v1/mfa/challenges", body), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("email");
    }
    expect(expectEnvelope(await t.post("/v1/mfa/challenges", { type: "2fa", email: "a@b.com", code: "1" }), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("code");
  });

  test("the answer is the same whether or not a user has the email", async () => {
    const t = setup();
    await t.post("/v1/users", user());
    const known = await t.post("/v1/mfa/challenges", { type: "2fa", email: "grace@shop.example.com" });
    const unknown = await t.post("/v1/mfa/challenges", { type: "2fa", email: "nobody@shop.example.com" });
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    expect(known.status).toBe(unknown.status);
  });
});
