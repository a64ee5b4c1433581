import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { loadYaml } from "./scenario-helpers.js";

const GET_CLIENT = `/v1/clients/${MERCHANT.id}`;
const failing = (name: string, budget: string) =>
  `version: 1\nname: ${name}\nrules:\n  - name: r\n    when: { operation: getClient, ${budget} }\n    then: { fail: { error: SYSTEM_ERROR } }\n`;

async function statuses(t: ReturnType<typeof setup>, n: number, as = MERCHANT) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await t.get(`/v1/clients/${as.id}`, { as })).status);
  return out;
}

describe("budgets", () => {
  test("times: the first N matching requests, then no more", async () => {
    const t = setup();
    await loadYaml(t, failing("t", "times: 2"));
    expect(await statuses(t, 4)).toEqual([500, 500, 200, 200]);
  });

  test("nth: only the Nth matching request", async () => {
    const t = setup();
    await loadYaml(t, failing("n", "nth: 2"));
    expect(await statuses(t, 4)).toEqual([200, 500, 200, 200]);
  });

  test("every: each Nth matching request", async () => {
    const t = setup();
    await loadYaml(t, failing("e", "every: 2"));
    expect(await statuses(t, 5)).toEqual([200, 500, 200, 500, 200]);
  });

  test("chance: seeded, so the same seed gives the same pattern and another seed another", async () => {
    const run = async (seed: string) => {
      const t = setup({ seed });
      await loadYaml(t, failing("c", "chance: 0.5"));
      return statuses(t, 24);
    };
    const a = await run("one");
    expect(await run("one")).toEqual(a);
    expect(a).toContain(500);
    expect(a).toContain(200);
    expect(await run("two")).not.toEqual(a);
  });

  test("per: client counts each client separately", async () => {
    const t = setup();
    await loadYaml(t, failing("p", "times: 1, per: client"));
    expect(await statuses(t, 2, MERCHANT)).toEqual([500, 200]);
    expect(await statuses(t, 2, RESELLER)).toEqual([500, 200]);
  });
});

describe("matching", () => {
  test("first match wins; a later load goes in front", async () => {
    const t = setup();
    await loadYaml(t, "version: 1\nname: a\nrules:\n  - name: first\n    when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n  - name: second\n    when: { operation: getClient }\n    then: { fail: { error: DOWNSTREAM_ERROR } }\n");
    expect((await t.get(GET_CLIENT)).headers.get("x-paydouble-rule")).toBe("a/first");
    await loadYaml(t, "version: 1\nname: b\nrules:\n  - name: newer\n    when: { operation: getClient }\n    then: { fail: { error: UNAUTHORIZED_ACTION } }\n");
    const r = await t.get(GET_CLIENT);
    expectEnvelope(r, 403, "UNAUTHORIZED_ACTION");
    expect(r.headers.get("x-paydouble-rule")).toBe("b/newer");
  });

  test("a rule whose budget is spent lets the next rule match", async () => {
    const t = setup();
    await loadYaml(t, "version: 1\nname: a\nrules:\n  - name: once\n    when: { operation: getClient, times: 1 }\n    then: { fail: { error: SYSTEM_ERROR } }\n  - name: always\n    when: { operation: getClient }\n    then: { fail: { error: DOWNSTREAM_ERROR } }\n");
    expect((await t.get(GET_CLIENT)).status).toBe(500);
    expect((await t.get(GET_CLIENT)).status).toBe(502);
  });

  test("body, query, header, params and client conditions with operators", async () => {
    const t = setup();
    await loadYaml(
      t,
      `version: 1
name: m
rules:
  - name: body
    when:
      operation: createClient
      body: { dba: { matches: "^Doomed" }, admin_contact_details.email: { in: [x@example.com, y@example.com] }, website: { exists: false } }
    then: { fail: { error: INVALID_ACTION } }
  - name: query
    when: { operation: listClients, query: { Take: { gte: 50 }, Skip: 0 } }
    then: { fail: { error: SYSTEM_ERROR } }
  - name: header
    when: { operation: listClients, headers: { X-Test-Case: flaky } }
    then: { fail: { error: DOWNSTREAM_ERROR } }
  - name: params
    when: { operation: getClient, params: { clientId: { ne: ${MERCHANT.id} } } }
    then: { fail: { error: RESOURCE_NOT_FOUND } }
  - name: client
    when: { operation: getClient, client: ${RESELLER.id} }
    then: { fail: { error: VELOCITY_LIMIT_EXCEEDED } }
`,
    );
    const body = (dba: string, email: string) => ({ dba, type: "merchant", admin_contact_details: { first_name: "a", last_name: "b", email } });
    expect((await t.post("/v1/clients", body("Doomed Inc", "x@example.com"), { as: RESELLER })).status).toBe(400);
    expect((await t.post("/v1/clients", body("Doomed Inc", "z@example.com"), { as: RESELLER })).status).toBe(200);
    expect((await t.post("/v1/clients", body("Fine Inc", "x@example.com"), { as: RESELLER })).status).toBe(200);
    expect((await t.get("/v1/clients?Take=50&Skip=0", { as: RESELLER })).status).toBe(500);
    expect((await t.get("/v1/clients?Take=10&Skip=0", { as: RESELLER })).status).toBe(200);
    expect((await t.get("/v1/clients", { as: RESELLER, headers: { "x-test-case": "flaky" } })).status).toBe(502);
    expect((await t.get(`/v1/clients/${RESELLER.id}`, { as: RESELLER })).status).toBe(404);
    expect((await t.get(GET_CLIENT, { as: RESELLER })).status).toBe(400);
    expect((await t.get(GET_CLIENT)).status).toBe(200);
  });

  test("an invalid request is not matched: validation comes first", async () => {
    const t = setup();
    await loadYaml(t, "version: 1\nname: a\nrules:\n  - when: { operation: createClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    expectEnvelope(await t.post("/v1/clients", { dba: "" }, { as: RESELLER }), 400, "INVALID_REQUEST_DATA");
    const list = await t.get("/_mock/scenarios", { as: null });
    expect(list.body.scenarios[0].rules[0].hits).toBe(0);
  });
});

describe("the active set", () => {
  test("GET lists scenarios in precedence order with hit counts; builtin last", async () => {
    const t = setup();
    await loadYaml(t, failing("counted", "times: 5"));
    await statuses(t, 3);
    const r = await t.get("/_mock/scenarios", { as: null });
    expect(r.body.scenarios.map((s: { name: string; origin: string }) => `${s.name}:${s.origin}`)).toEqual(["counted:loaded", "builtin:builtin"]);
    expect(r.body.scenarios[0].rules[0]).toMatchObject({ name: "r", label: "counted/r", hits: 3 });
  });

  test("--no-builtin leaves the built-in values out", async () => {
    const t = setup({ builtin: false });
    const r = await t.get("/_mock/scenarios", { as: null });
    expect(r.body.scenarios).toEqual([]);
  });

  test("DELETE restores the start set with fresh counters; POST /_mock/reset does too", async () => {
    const t = setup({
      scenarios: [{ version: 1, name: "start", rules: [{ name: "s", when: { operation: "listClients" }, then: { delay_ms: 0 } }], timeline: [] }],
    });
    await t.get("/v1/clients", { as: RESELLER });
    await loadYaml(t, failing("later", "times: 9"));
    expect((await t.get(GET_CLIENT)).status).toBe(500);
    const del = await t.call("DELETE", "/_mock/scenarios", { as: null });
    expect(del.status).toBe(200);
    expect(del.body.scenarios.map((s: { name: string }) => s.name)).toEqual(["start", "builtin"]);
    expect(del.body.scenarios[0].rules[0].hits).toBe(0);
    expect((await t.get(GET_CLIENT)).status).toBe(200);
    await loadYaml(t, failing("again", "times: 9"));
    await t.post("/_mock/reset", undefined, { as: null });
    expect((await t.get(GET_CLIENT)).status).toBe(200);
  });

  test("a name already active is 409 and changes nothing", async () => {
    const t = setup();
    await loadYaml(t, failing("dup", "times: 1"));
    expectEnvelope(await loadYaml(t, failing("dup", "times: 1")), 409, "DUPLICATE_ACTION");
    expect((await t.get("/_mock/scenarios", { as: null })).body.scenarios).toHaveLength(2);
  });

  test("a later-loaded file's seed and clock are ignored, and the answer says so", async () => {
    const t = setup();
    const r = await loadYaml(t, "version: 1\nname: late\nseed: 7\nclock: { start: 2030-01-01T00:00:00Z }\n");
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ loaded: "late", ignored: ["seed", "clock"] });
    expect(r.body.note).toContain("ignored");
    expect((await t.get("/_mock/health", { as: null })).body).toMatchObject({ seed: "paydouble", now: "2026-03-02T15:00:00.000Z" });
  });

  test("JSON bodies load too", async () => {
    const t = setup();
    const r = await t.post("/_mock/scenarios", { version: 1, name: "j", rules: [{ when: { operation: "getClient" }, then: { fail: { error: "SYSTEM_ERROR" } } }] }, { as: null });
    expect(r.status).toBe(201);
    expect((await t.get(GET_CLIENT)).status).toBe(500);
  });
});

describe("bad files: 400 naming line and column, world unchanged", () => {
  const cases: [string, string, string, RegExp][] = [
    ["syntax error", "version: 1\nname: s\nrules:\n\t- when: {}\n", "(syntax)", /^line 4, column 1: .*[Tt]ab/],
    ["unknown operation", "version: 1\nname: s\nrules:\n  - when: { operation: createTransactions }\n    then: {}\n", "rules.0.when.operation", /^line 4, column 24: unknown operation "createTransactions"/],
    ["unknown field", "version: 1\nname: s\nrules:\n  - when: {}\n    then: {}\n    otherwise: {}\n", "rules.0.otherwise", /^line 6, column 5: is not a known field/],
    ["bad duration", "version: 1\nname: s\ntimeline:\n  - { at: 3 days, do: close_batches }\n", "timeline.0.at", /^line 4, column 11: /],
  ];
  for (const [what, yaml, path, message] of cases) {
    test(what, async () => {
      const t = setup();
      const before = (await t.get("/_mock/scenarios", { as: null })).text;
      const r = await loadYaml(t, yaml);
      const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
      expect(env.details![path]).toMatch(message);
      expect((await t.get("/_mock/scenarios", { as: null })).text).toBe(before);
      expect((await t.get("/_mock/clock", { as: null })).body.pending).toEqual([]);
    });
  }

  test("every problem of a file is named", async () => {
    const t = setup();
    const r = await loadYaml(t, "version: 2\nname: s\nrules:\n  - when: { operation: nope, times: 0 }\n    then: { transport: unplug }\n");
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details!).sort()).toEqual(["rules.0.then.transport", "rules.0.when.operation", "rules.0.when.times", "version"]);
  });

  test("a body that is neither YAML nor JSON by content type is refused", async () => {
    const t = setup();
    const r = await t.call("POST", "/_mock/scenarios", { as: null, raw: "version: 1", headers: { "content-type": "text/plain" } });
    expect(expectEnvelope(r, 400, "INVALID_REQUEST_DATA").details).toHaveProperty("content-type");
  });
});

describe("quirks and magic values", () => {
  test("a scenario's quirks block switches a quirk; unloading switches it back", async () => {
    const t = setup();
    const q = async () => (await t.get("/_mock/quirks", { as: null })).body.quirks.find((x: { name: string }) => x.name === "initiator_null_on_get");
    expect((await q()).enabled).toBe(true);
    await loadYaml(t, "version: 1\nname: q\nquirks: { initiator_null_on_get: false }\n");
    expect((await q()).enabled).toBe(false);
    expect(t.double.host.root.quirks.initiator_null_on_get).toBe(false);
    await t.call("DELETE", "/_mock/scenarios", { as: null });
    expect((await q()).enabled).toBe(true);
    expect(t.double.host.root.quirks.initiator_null_on_get).toBe(true);
  });

  test("an unknown quirk name is a 400 at its line", async () => {
    const t = setup();
    const env = expectEnvelope(await loadYaml(t, "version: 1\nname: q\nquirks:\n  no_such_quirk: false\n"), 400, "INVALID_REQUEST_DATA");
    expect(Object.values(env.details!).join()).toMatch(/line 4/);
  });

  test("magic values are served from the builtin file as data", async () => {
    const t = setup({ builtin: false });
    const r = await t.get("/_mock/magic-values", { as: null });
    expect(r.status).toBe(200);
    expect(r.body.active).toBe(false);
    const decline = r.body.rules.find((x: { name: string }) => x.name === "decline 05 do not honor");
    expect(decline.when.body["payment_method.pan"]).toBe("4000000000000002");
    expect(decline.then.decline).toEqual({ code: "05", description: "Do not honor" });
  });
});
