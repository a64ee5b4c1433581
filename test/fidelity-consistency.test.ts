import { describe, expect, test } from "vitest";
import { OPERATIONS } from "../src/gateway/operations.js";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { expectTransaction, sale } from "./payments-helpers.js";

/** Issue 12, "Consistency": the same question gets the same answer on every operation. */
type T = ReturnType<typeof setup>;

/** A real path for every operation (ids of resources the merchant owns). */
async function paths(t: T): Promise<Record<string, string>> {
  const tx = expectTransaction(await t.post("/v1/transactions", sale()));
  const token = tx.payment_method.payment_token;
  const user = await t.post("/v1/users", { first_name: "U", last_name: "Ser", email: "u@shop.example.com" });
  const ids: Record<string, string> = {
    id: tx.id,
    clientId: MERCHANT.id,
    token,
    batchId: tx.batch_id,
  };
  const out: Record<string, string> = {};
  for (const op of OPERATIONS) {
    let p = op.path.replace(/:(\w+)/g, (_, name: string) => ids[name] ?? name);
    if (op.path === "/v1/integrations/:id") p = "/v1/integrations/INTEGRATION-01JDEM0CARDPR0C00000000000";
    if (op.path === "/v1/integrations/summary/:id") p = `/v1/integrations/summary/${MERCHANT.id}`;
    if (op.path === "/v1/users/:id") p = `/v1/users/${user.body.id}`;
    if (op.path === "/v1/batches/:id/transactions") p = `/v1/batches/${tx.batch_id}/transactions`;
    out[op.id] = p;
  }
  return out;
}

describe("page size 0 and other bad sizes: one answer on every list", () => {
  const lists: [string, string][] = [
    ["/v1/transactions", "limit"],
    ["/v1/batches/transactions", "limit"],
    ["/v1/batches", "take"],
    ["/v1/clients", "Take"],
    ["/v1/payment_tokens", "limit"],
    ["/v1/users", "limit"],
  ];
  test.each(lists)("%s?%s=0 is 400 naming the parameter, with one wording", async (path, name) => {
    const t = setup();
    for (const bad of ["0", "101", "abc", "-1"]) {
      const e = expectEnvelope(await t.get(`${path}?${name}=${bad}`), 400, "INVALID_REQUEST_DATA");
      expect(e.details).toEqual({ [name]: "must be an integer from 1 to 100" });
    }
    expect((await t.get(`${path}?${name}=1`)).status).toBe(200);
  });

  test("a batch's member list too", async () => {
    const t = setup();
    const s = expectTransaction(await t.post("/v1/transactions", sale()));
    const e = expectEnvelope(await t.get(`/v1/batches/${s.batch_id}/transactions?limit=0`), 400, "INVALID_REQUEST_DATA");
    expect(e.details).toEqual({ limit: "must be an integer from 1 to 100" });
  });
});

describe("unknown query parameters are refused the same way on every operation", () => {
  test("every /v1 operation: 400 naming each unknown parameter, also one with an empty name", async () => {
    const t = setup();
    const p = await paths(t);
    for (const op of OPERATIONS) {
      const r = await t.call(op.method, `${p[op.id]}?zz_unknown=1&=2`, { body: op.method === "POST" ? {} : undefined });
      const e = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
      expect(e.details, op.id).toMatchObject({ zz_unknown: "is not a known field", "(empty name)": "is not a known field" });
    }
  });

  test("a refused query changes nothing: no transaction is created", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions?dry_run=1", sale()), 400, "INVALID_REQUEST_DATA");
    expect((await t.get("/v1/transactions")).body.data).toEqual([]);
  });
});

describe("headers, sandboxes, fixtures", () => {
  test("an empty X-Acting-As-Client-Id is 400 naming the header (the document: minLength 1)", async () => {
    const t = setup();
    const e = expectEnvelope(await t.get("/v1/clients", { as: RESELLER, headers: { "X-Acting-As-Client-Id": "" } }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(e.details ?? {})).toEqual(["X-Acting-As-Client-Id"]);
    expect((await t.get("/v1/clients", { as: RESELLER })).status).toBe(200);
  });

  test("the unknown-route message names the world-local path, so two sandboxes of one seed answer the same bytes", async () => {
    const t = setup();
    const a = (await t.post("/_mock/sandboxes", { seed: 7 }, { as: null })).body.id;
    const b = (await t.post("/_mock/sandboxes", { seed: 7 }, { as: null })).body.id;
    const ra = await t.get(`/sandboxes/${a}/v1/nope`);
    const rb = await t.get(`/sandboxes/${b}/v1/nope`);
    expect(expectEnvelope(ra, 404, "RESOURCE_NOT_FOUND").error_message).toBe("No operation GET /v1/nope.");
    expect(ra.text).toBe(rb.text);
  });

  test("GET /_mock/fixtures gives the reseller the parent_id GET /v1/clients/{id} shows", async () => {
    const t = setup();
    const fixtures = (await t.get("/_mock/fixtures", { as: null })).body.clients;
    for (const c of fixtures) {
      const read = await t.get(`/v1/clients/${c.id}`, { as: { id: c.id, key: c.api_key } });
      expect(c.parent_id, c.id).toBe(read.body.parent_id);
    }
  });
});

describe("the control API's list", () => {
  test("GET /_mock/requests?limit=0 is refused like every page size", async () => {
    const t = setup();
    const e = expectEnvelope(await t.get("/_mock/requests?limit=0", { as: null }), 400, "INVALID_REQUEST_DATA");
    expect(e.details).toEqual({ limit: "must be an integer from 1 to 999999999" });
    expect((await t.get("/_mock/requests?limit=1", { as: null })).status).toBe(200);
  });
});
