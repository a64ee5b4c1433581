import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { createChild, loadYaml } from "./scenario-helpers.js";

type T = ReturnType<typeof setup>;
const create = (t: T, body: unknown = {}) => t.post("/_mock/sandboxes", body, { as: null });

describe("sandboxes", () => {
  test("POST creates a world rooted at /sandboxes/{id} with the fixture credentials", async () => {
    const t = setup();
    const r = await create(t, { seed: "s" });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(["id", "base_url", "clients"]);
    expect(r.body.id).toMatch(/^SANDBOX-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(r.body.base_url).toBe(`http://localhost/sandboxes/${r.body.id}`);
    expect(r.body.clients).toEqual((await t.get("/_mock/fixtures", { as: null })).body.clients);
    const health = await t.get(`/sandboxes/${r.body.id}/_mock/health`, { as: null });
    expect(health.body.seed).toBe("s");
    expect((await t.get(`/sandboxes/${r.body.id}/v1/clients/${MERCHANT.id}`)).status).toBe(200);
  });

  test("two sandboxes with the same seed give identical ids; actions in one never show in the other", async () => {
    const t = setup();
    const a = (await create(t, { seed: 7 })).body.id;
    const b = (await create(t, { seed: 7 })).body.id;
    expect(a).not.toBe(b);
    const inA = await createChild(t, "Only In A", `/sandboxes/${a}`);
    const inB = await createChild(t, "Only In A", `/sandboxes/${b}`);
    expect(inA.body.id).toBe(inB.body.id);
    expect(inA.headers.get("x-request-id")).toBe(inB.headers.get("x-request-id"));
    await createChild(t, "Second In A", `/sandboxes/${a}`);
    const listB = await t.get(`/sandboxes/${b}/v1/clients`, { as: RESELLER });
    expect(listB.body.data.map((c: { dba: string }) => c.dba)).not.toContain("Second In A");
    const root = await t.get("/v1/clients", { as: RESELLER });
    expect(root.body.data.map((c: { dba: string }) => c.dba)).not.toContain("Only In A");
    await loadYaml(t, "version: 1\nname: x\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n", `/sandboxes/${a}`);
    expect((await t.get(`/sandboxes/${a}/v1/clients/${MERCHANT.id}`)).status).toBe(500);
    expect((await t.get(`/sandboxes/${b}/v1/clients/${MERCHANT.id}`)).status).toBe(200);
    await t.post(`/sandboxes/${a}/_mock/clock/advance`, { by: "P1D" }, { as: null });
    expect((await t.get(`/sandboxes/${b}/_mock/clock`, { as: null })).body.now).toBe("2026-03-02T15:00:00.003Z");
  });

  test("sandbox ids are seeded: the same server seed gives the same sequence", async () => {
    const ids = async (seed: string) => {
      const t = setup({ seed });
      return [(await create(t)).body.id, (await create(t)).body.id];
    };
    expect(await ids("x")).toEqual(await ids("x"));
    expect(await ids("x")).not.toEqual(await ids("y"));
  });

  test("GET lists them; DELETE frees one, after which its paths are 404", async () => {
    const t = setup();
    const a = (await create(t, { seed: "a" })).body.id;
    const b = (await create(t, { seed: "b" })).body.id;
    const list = await t.get("/_mock/sandboxes", { as: null });
    expect(list.body.sandboxes.map((s: { id: string; seed: string }) => [s.id, s.seed])).toEqual([[a, "a"], [b, "b"]]);
    expect((await t.call("DELETE", `/_mock/sandboxes/${a}`, { as: null })).body).toEqual({ id: a, deleted: true });
    expectEnvelope(await t.get(`/sandboxes/${a}/v1/clients/${MERCHANT.id}`), 404, "RESOURCE_NOT_FOUND");
    expectEnvelope(await t.call("DELETE", `/_mock/sandboxes/${a}`, { as: null }), 404, "RESOURCE_NOT_FOUND");
    expect((await t.get("/_mock/sandboxes", { as: null })).body.sandboxes).toHaveLength(1);
  });

  test("the cap answers a clear 409, and freeing one makes room", async () => {
    const t = setup({ sandboxLimit: 2 });
    const a = (await create(t)).body.id;
    await create(t);
    const r = expectEnvelope(await create(t), 409, "DUPLICATE_ACTION");
    expect(r.error_message).toMatch(/At most 2 sandboxes/);
    await t.call("DELETE", `/_mock/sandboxes/${a}`, { as: null });
    expect((await create(t)).status).toBe(201);
  });

  test("scenarios inline take their seed and clock; a bad one is 400 with its line", async () => {
    const t = setup();
    const yaml = "version: 1\nname: in\nseed: 5\nclock: { start: 2026-05-01T09:00:00Z, tick: PT0S }\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: DOWNSTREAM_ERROR } }\n";
    const r = await create(t, { scenarios: [yaml] });
    expect(r.status).toBe(201);
    const root = `/sandboxes/${r.body.id}`;
    expect((await t.get(`${root}/_mock/health`, { as: null })).body).toMatchObject({ seed: "5", now: "2026-05-01T09:00:00.000Z" });
    expect((await t.get(`${root}/v1/clients/${MERCHANT.id}`)).headers.get("x-paydouble-rule")).toBe("in/rule-1");
    const names = (await t.get(`${root}/_mock/scenarios`, { as: null })).body.scenarios.map((s: { name: string }) => s.name);
    expect(names).toEqual(["in", "builtin"]);
    const bad = expectEnvelope(await create(t, { scenarios: ["version: 1\nname: b\nrulez: []\n"] }), 400, "INVALID_REQUEST_DATA");
    expect(bad.details).toEqual({ "scenarios.0.rulez": "line 3, column 1: is not a known field" });
    const unknown = expectEnvelope(await create(t, { scenarios: ["no-such-scenario"] }), 400, "INVALID_REQUEST_DATA");
    expect(unknown.details).toHaveProperty("scenarios.0");
    expect((await t.get("/_mock/sandboxes", { as: null })).body.sandboxes).toHaveLength(1);
  });

  test("a shipped scenario by name, and fixtures of the sandbox's own", async () => {
    const t = setup();
    const fixtures = { clients: [{ id: "CLIENT-01JSANDB0XMERCHANT00000000", api_key: "pk_live_SANDBOXKEY", type: "merchant", dba: "Sandbox Shop" }] };
    const r = await create(t, { scenarios: ["builtin"], fixtures });
    expect(r.status).toBe(201);
    expect(r.body.clients).toEqual([{ id: fixtures.clients[0].id, api_key: "pk_live_SANDBOXKEY", type: "merchant", dba: "Sandbox Shop", parent_id: "CLIENT-00000000000000000000000000" }]); // the parent GET /v1/clients/{id} shows (issue 12)
    const me = { id: fixtures.clients[0].id, key: "pk_live_SANDBOXKEY" };
    expect((await t.get(`/sandboxes/${r.body.id}/v1/clients/${me.id}`, { as: me })).status).toBe(200);
    expectEnvelope(await t.get(`/v1/clients/${me.id}`, { as: me }), 401, "NOT_AUTHENTICATED");
  });

  test("sandboxes are managed at the root only; reset inside one resets only it", async () => {
    const t = setup();
    const id = (await create(t)).body.id;
    expectEnvelope(await t.post(`/sandboxes/${id}/_mock/sandboxes`, {}, { as: null }), 404, "RESOURCE_NOT_FOUND");
    await createChild(t, "Root Child");
    await t.post(`/sandboxes/${id}/_mock/reset`, undefined, { as: null });
    const root = await t.get("/v1/clients", { as: RESELLER });
    expect(root.body.data.map((c: { dba: string }) => c.dba)).toContain("Root Child");
  });
});
