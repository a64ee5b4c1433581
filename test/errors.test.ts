import { describe, expect, test } from "vitest";
import { newClient } from "./builders.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";

/** Spec "Errors": every failure is the envelope; malformed input never crashes the process. */
describe("error envelope", () => {
  test("unknown routes and methods are 404 RESOURCE_NOT_FOUND with x-request-id", async () => {
    const t = setup();
    for (const [method, path] of [["GET", "/nope"], ["GET", "/v1/nothing"], ["DELETE", "/v1/clients"], ["PUT", `/v1/clients/${MERCHANT.id}`], ["GET", "/v2/clients"]]) {
      const r = await t.call(method, path);
      expectEnvelope(r, 404, "RESOURCE_NOT_FOUND");
      expect(r.body.correlation_id).toBe(r.headers.get("x-request-id"));
      expect(r.body.details).toBeNull();
      expect(r.body.source).toEqual({ system: null, code: null, message: null });
    }
  });

  test("malformed JSON, a non-JSON content type, an empty body and a non-object body are 400", async () => {
    const t = setup();
    const post = (raw: string, type = "application/json") => t.call("POST", "/v1/clients", { as: RESELLER, raw, headers: { "content-type": type } });
    const cases: Array<[string, string, string]> = [
      ["{bad json", "application/json", "body"],
      [JSON.stringify(newClient()), "text/plain", "content-type"],
      [JSON.stringify(newClient()), "application/x-www-form-urlencoded", "content-type"],
      ["", "application/json", "body"],
      ["[1,2]", "application/json", "body"],
      ["null", "application/json", "body"],
      ['"text"', "application/json", "body"],
    ];
    for (const [raw, type, field] of cases) {
      const env = expectEnvelope(await post(raw, type), 400, "INVALID_REQUEST_DATA");
      expect(Object.keys(env.details!), `${type} ${raw.slice(0, 20)}`).toEqual([field]);
    }
    expect((await post(JSON.stringify(newClient()), "application/json; charset=utf-8")).status).toBe(200);
  });

  test("a body over 1 MiB is 400 naming the body", async () => {
    const t = setup();
    const r = await t.post("/v1/clients", newClient({ dba: "x".repeat(1024 * 1024 + 10) }), { as: RESELLER });
    expect(expectEnvelope(r, 400, "INVALID_REQUEST_DATA").details).toEqual({ body: "must be at most 1048576 bytes" });
  });

  test("wrong types, huge values, deep nesting and __proto__ keys get the envelope, and the server keeps serving", async () => {
    const t = setup();
    const nasty: unknown[] = [
      newClient({ dba: 42 }),
      newClient({ dba: ["a"] }),
      newClient({ admin_contact_details: "x" }),
      newClient({ dba: "x".repeat(100_000) }),
      newClient({ type: 1e308 }),
      JSON.parse('{"__proto__": {"polluted": true}, "dba": "x"}'),
      JSON.parse('{"constructor": {"prototype": {"polluted": true}}}'),
      newClient({ admin_contact_details: { first_name: { a: { b: { c: { d: {} } } } } } }),
      JSON.parse("[".repeat(500) + "]".repeat(500)),
    ];
    for (const body of nasty) {
      const r = await t.post("/v1/clients", body, { as: RESELLER });
      expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const proto = await t.post("/v1/clients", JSON.parse('{"__proto__": 1}'), { as: RESELLER });
    expect(expectEnvelope(proto, 400, "INVALID_REQUEST_DATA").details).toHaveProperty("__proto__");
    expect((await t.get("/v1/clients", { as: RESELLER })).status).toBe(200);
  });

  test("unicode, control characters and lone surrogates in text round-trip as sent", async () => {
    const t = setup();
    const dba = "Caf\u00e9 \u2603 \u0000\ud800 \ud83d\ude00";
    const r = await t.post("/v1/clients", newClient({ dba }), { as: RESELLER });
    expect(r.status).toBe(200);
    expect(r.body.dba).toBe(dba);
  });

  test("bad UTF-8 in a body is read, rejected with the envelope, and harmless", async () => {
    const t = setup();
    const bytes = new Uint8Array([0x7b, 0x22, 0x64, 0x62, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const res = await t.double.app.request("/v1/clients", {
      method: "POST",
      headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error_code).toBe("INVALID_REQUEST_DATA");
  });

  test("an unexpected exception is 500 SYSTEM_ERROR with nothing internal, and the server keeps serving", async () => {
    const t = setup();
    t.double.app.get("/v1/explode", () => {
      throw new TypeError("secret internal detail");
    });
    const r = await t.get("/v1/explode");
    const env = expectEnvelope(r, 500, "SYSTEM_ERROR");
    expect(JSON.stringify(env)).not.toContain("secret internal detail");
    expect((await t.get(`/v1/clients/${MERCHANT.id}`)).status).toBe(200);
  });

  test("repeated headers and odd header values do not crash authentication", async () => {
    const t = setup();
    const headers = new Headers();
    headers.append("Api-Key", MERCHANT.key);
    headers.append("Api-Key", MERCHANT.key);
    headers.append("Client-Id", MERCHANT.id);
    const res = await t.double.app.request("/v1/clients", { headers });
    expect(res.status).toBe(401);
    expect((await res.json()).error_code).toBe("NOT_AUTHENTICATED");
  });
});
