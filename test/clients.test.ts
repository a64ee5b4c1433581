import { describe, expect, test } from "vitest";
import { newClient } from "./builders.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";

const as = { as: RESELLER };
const create = (t: ReturnType<typeof setup>, body: unknown) => t.post("/v1/clients", body, as);
const withAdmin = (admin: Record<string, unknown>) => newClient({ admin_contact_details: { ...newClient().admin_contact_details, ...admin } });

describe("POST /v1/clients (createClient)", () => {
  test("returns the Client resource with api_key and encryption_keys, parented to the caller", async () => {
    const t = setup();
    const r = await create(t, newClient());
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["id", "object", "dba", "parent_id", "type", "website", "admin_contact_details", "api_key", "encryption_keys", "correlation_id"]);
    expect(r.body).toMatchObject({ object: "client", dba: "Corner Cafe", parent_id: RESELLER.id, type: "merchant", website: "cafe.example.com" });
    expect(r.body.id).toMatch(/^CLIENT-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r.body.correlation_id).toBe(r.headers.get("x-request-id"));
    expect(r.body.admin_contact_details).toEqual({ first_name: "Ada", last_name: "Lovelace", email: "ada@cafe.example.com", phone: "+14155550123", time_zone: "america/chicago" });
  });

  test("creates resellers too, and a child reseller creates its own children", async () => {
    const t = setup();
    const sub = await create(t, newClient({ type: "reseller" }));
    expect(sub.body.type).toBe("reseller");
    const child = await t.post("/v1/clients", newClient(), { as: { id: sub.body.id, key: sub.body.api_key } });
    expect(child.status).toBe(200);
    expect(child.body.parent_id).toBe(sub.body.id);
  });

  test("a merchant may not create clients: 403 UNAUTHORIZED_ACTION", async () => {
    expectEnvelope(await setup().post("/v1/clients", newClient()), 403, "UNAUTHORIZED_ACTION");
  });

  test("contact keys are always present on responses, null when not given", async () => {
    const t = setup();
    const r = await create(t, newClient({ website: undefined, admin_contact_details: { first_name: "A", last_name: "B", email: "a@b.co" } }));
    expect(r.body.website).toBeNull();
    expect(r.body.admin_contact_details).toEqual({ first_name: "A", last_name: "B", email: "a@b.co", phone: null, time_zone: null });
  });

  describe("each required field: missing, null and empty are 400 naming the field", () => {
    const required: Array<[string, (v: unknown) => unknown]> = [
      ["dba", (v) => newClient({ dba: v })],
      ["type", (v) => newClient({ type: v })],
      ["admin_contact_details", (v) => newClient({ admin_contact_details: v })],
      ["admin_contact_details.first_name", (v) => withAdmin({ first_name: v })],
      ["admin_contact_details.last_name", (v) => withAdmin({ last_name: v })],
      ["admin_contact_details.email", (v) => withAdmin({ email: v })],
    ];
    test.each(required)("%s", async (field, build) => {
      for (const value of [undefined, null, ""]) {
        const t = setup();
        const r = await create(t, build(value));
        const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
        expect(Object.keys(env.details!), `${field}=${JSON.stringify(value)}`).toContain(field);
      }
    });
  });

  describe("widths: at the limit passes, one past fails", () => {
    const widths: Array<[string, number, (v: string) => unknown]> = [
      ["dba", 100, (v) => newClient({ dba: v })],
      ["website", 30, (v) => newClient({ website: v })],
      ["admin_contact_details.first_name", 100, (v) => withAdmin({ first_name: v })],
      ["admin_contact_details.last_name", 100, (v) => withAdmin({ last_name: v })],
    ];
    test.each(widths)("%s max %i", async (field, max, build) => {
      const t = setup();
      expect((await create(t, build("x".repeat(max)))).status).toBe(200);
      const env = expectEnvelope(await create(t, build("x".repeat(max + 1))), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(env.details!)).toEqual([field]);
    });
    test("dba of one character passes (1 to 100)", async () => {
      expect((await create(setup(), newClient({ dba: "x" }))).status).toBe(200);
    });
  });

  test("the stricter email rule: plus-addressing and TLDs over four characters are 400", async () => {
    const t = setup();
    for (const ok of ["a@b.co", "first.last@mail.example.com", "x_y-z@ex-ample.info", "UP@CASE.ORG"]) {
      expect((await create(t, withAdmin({ email: ok }))).status, ok).toBe(200);
    }
    for (const bad of ["ada+tag@cafe.com", "a@b.museum", "a@b.travel", "no-at-sign", "a@nodot", "a@b.c", "a b@c.com"]) {
      const env = expectEnvelope(await create(t, withAdmin({ email: bad })), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(env.details!), bad).toEqual(["admin_contact_details.email"]);
    }
  });

  test("admin phone: +<digits> passes; a separator right after the country code is 400", async () => {
    const t = setup();
    for (const ok of ["+14155550123", "+442071838750", "4155550123", null]) {
      expect((await create(t, withAdmin({ phone: ok }))).status, String(ok)).toBe(200);
    }
    for (const bad of ["+1 4155550123", "+1-415-555-0123", "+44 20 7183 8750", "+1.4155550123", "+1(415)5550123", "", "phone", "+12"]) {
      const env = expectEnvelope(await create(t, withAdmin({ phone: bad })), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(env.details!), bad).toEqual(["admin_contact_details.phone"]);
    }
  });

  test("time zones: each of the seven lower-case IANA values passes; anything else is 400", async () => {
    const t = setup();
    for (const zone of ["america/los_angeles", "america/phoenix", "america/denver", "america/chicago", "america/new_york", "pacific/honolulu", "america/anchorage"]) {
      expect((await create(t, withAdmin({ time_zone: zone }))).status, zone).toBe(200);
    }
    for (const bad of ["America/New_York", "europe/london", "UTC", ""]) {
      expectEnvelope(await create(t, withAdmin({ time_zone: bad })), 400, "INVALID_REQUEST_DATA");
    }
  });

  test("type must be merchant or reseller", async () => {
    const t = setup();
    const env = expectEnvelope(await create(t, newClient({ type: "Merchant" })), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!)).toEqual(["type"]);
  });

  test("empty strings are rejected on optional string fields too", async () => {
    const t = setup();
    for (const body of [newClient({ website: "" }), newClient({ primary_phone: "" }), newClient({ support_phone: "" })]) {
      expectEnvelope(await create(t, body), 400, "INVALID_REQUEST_DATA");
    }
  });

  test("several bad fields are all named; unknown fields are named too", async () => {
    const t = setup();
    const r = await create(t, { dba: "", type: "x", website: "w".repeat(31), admin_contact_details: { first_name: "A", last_name: "", email: "a+b@c.com", extra: 1 }, foo: 1 });
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!).sort()).toEqual(
      ["admin_contact_details.email", "admin_contact_details.extra", "admin_contact_details.last_name", "dba", "foo", "type", "website"].sort(),
    );
  });

  test("a rejected create changes nothing: the next client gets the same id random part", async () => {
    const a = setup();
    const b = setup();
    await create(a, newClient({ dba: "" }));
    const fromA = await create(a, newClient());
    const fromB = await create(b, newClient());
    expect(fromA.body.id.slice(-16)).toBe(fromB.body.id.slice(-16));
    expect((await a.get("/v1/clients", as)).body.total_count).toBe(3);
  });
});

describe("GET /v1/clients/{clientId} (getClient)", () => {
  test("never returns api_key or encryption_keys", async () => {
    const t = setup();
    const r = await t.get(`/v1/clients/${MERCHANT.id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["id", "object", "dba", "parent_id", "type", "website", "admin_contact_details", "correlation_id"]);
  });

  test("a reseller reads its children; a merchant reads only itself; strangers look missing", async () => {
    const t = setup();
    const other = await create(t, newClient({ dba: "Other" }));
    expect((await t.get(`/v1/clients/${MERCHANT.id}`, as)).status).toBe(200);
    expect((await t.get(`/v1/clients/${other.body.id}`, as)).status).toBe(200);
    const missing = await t.get("/v1/clients/CLIENT-01JZZZZZZZZZZZZZZZZZZZZZZZ");
    const stranger = await t.get(`/v1/clients/${other.body.id}`);
    const parent = await t.get(`/v1/clients/${RESELLER.id}`);
    for (const r of [missing, stranger, parent]) expectEnvelope(r, 404, "RESOURCE_NOT_FOUND");
    expect({ ...stranger.body, correlation_id: 0 }).toEqual({ ...missing.body, correlation_id: 0 });
  });
});

describe("POST /v1/clients/{clientId} (updateClient)", () => {
  test("changes only the properties sent", async () => {
    const t = setup();
    const r = await t.post(`/v1/clients/${MERCHANT.id}`, { dba: "Renamed", admin_contact_details: { phone: null } });
    expect(r.status).toBe(200);
    expect(r.body.dba).toBe("Renamed");
    expect(r.body.website).toBe("shop.example.com");
    expect(r.body.admin_contact_details).toEqual({ first_name: "Mara", last_name: "Chant", email: "mara@shop.example.com", phone: null, time_zone: "america/new_york" });
    expect((await t.get(`/v1/clients/${MERCHANT.id}`)).body.dba).toBe("Renamed");
  });

  test("an empty body changes nothing", async () => {
    const t = setup();
    const before = await t.get(`/v1/clients/${MERCHANT.id}`);
    const r = await t.post(`/v1/clients/${MERCHANT.id}`, {});
    expect({ ...r.body, correlation_id: 0 }).toEqual({ ...before.body, correlation_id: 0 });
  });

  test("applies the same field rules; a rejected update changes nothing", async () => {
    const t = setup();
    for (const body of [{ dba: "" }, { dba: "x".repeat(101) }, { admin_contact_details: { email: "a+b@c.com" } }, { admin_contact_details: { first_name: null } }, { admin_contact_details: { time_zone: "UTC" } }, { type: "reseller" }, { api_key: "pk_live_x" }]) {
      expectEnvelope(await t.post(`/v1/clients/${MERCHANT.id}`, { ...body }), 400, "INVALID_REQUEST_DATA");
    }
    expectEnvelope(await t.post(`/v1/clients/${MERCHANT.id}`, { dba: "Valid", website: "" }), 400, "INVALID_REQUEST_DATA");
    expect((await t.get(`/v1/clients/${MERCHANT.id}`)).body.dba).toBe("Demo Merchant");
  });

  test("a reseller updates its child; nobody updates a stranger (404)", async () => {
    const t = setup();
    expect((await t.post(`/v1/clients/${MERCHANT.id}`, { dba: "By parent" }, as)).body.dba).toBe("By parent");
    expectEnvelope(await t.post(`/v1/clients/${RESELLER.id}`, { dba: "By child" }), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("GET /v1/clients (listClients)", () => {
  test("a merchant sees itself; a reseller itself and its children, newest first by default", async () => {
    const t = setup();
    const c1 = await create(t, newClient({ dba: "One" }));
    const c2 = await create(t, newClient({ dba: "Two" }));
    expect((await t.get("/v1/clients")).body).toMatchObject({ total_count: 1, take: 20, skip: 0 });
    const all = await t.get("/v1/clients", as);
    expect(all.body.data.map((c: { id: string }) => c.id)).toEqual([c2.body.id, c1.body.id, MERCHANT.id, RESELLER.id]);
  });

  test("Take and Skip are strings; SortColumn and SortOrder sort; SearchText and Term search", async () => {
    const t = setup();
    await create(t, newClient({ dba: "Alpha" }));
    await create(t, newClient({ dba: "Bravo" }));
    const page = await t.get("/v1/clients?Take=2&Skip=1&SortColumn=dba&SortOrder=asc", as);
    expect(page.body.data.map((c: { dba: string }) => c.dba)).toEqual(["Bravo", "Demo Merchant"]);
    expect(page.body).toMatchObject({ total_count: 4, take: 2, skip: 1 });
    const found = await t.get("/v1/clients?SearchText=alph", as);
    expect(found.body.data.map((c: { dba: string }) => c.dba)).toEqual(["Alpha"]);
    const term = await t.get("/v1/clients?Term=demo", as);
    expect(term.body.total_count).toBe(2);
  });

  test("bad paging and sorting values are 400 naming the parameter", async () => {
    const t = setup();
    for (const [q, field] of [["Take=-1", "Take"], ["Take=abc", "Take"], ["Take=101", "Take"], ["Skip=1.5", "Skip"], ["SortOrder=up", "SortOrder"], ["SortColumn=api_key", "SortColumn"], ["take=5", "take"]]) {
      const env = expectEnvelope(await t.get(`/v1/clients?${q}`, as), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(env.details!)).toEqual([field]);
    }
  });
});
