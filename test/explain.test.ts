import { describe, expect, it } from "vitest";
import { createDouble } from "../src/index.js";
import type { JournalEntry, LiveFacts } from "../src/index.js";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { CARD, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/** Issue 14 item 1: `POST /_mock/scenarios/explain` answers which rule a request would meet, changing nothing. */

const ONCE = [
  "version: 1",
  "name: once",
  "rules:",
  "  - name: big once",
  "    when: { operation: createTransaction, body: { amount: { gte: 1000 } }, times: 1 }",
  "    then: { decline: { code: '51', description: Insufficient funds } }",
].join("\n");

const explain = (t: ReturnType<typeof setup>, request: unknown) => t.post("/_mock/scenarios/explain", request, { as: null });

describe("POST /_mock/scenarios/explain", () => {
  it("skips a disabled file, as /v1 matching does", async () => {
    const t = setup();
    await loadYaml(t, ONCE);
    expect((await t.post("/_mock/scenarios/once/disable", undefined, { as: null })).status).toBe(200);
    const request = { operation: "createTransaction", client: MERCHANT.id, body: sale({ amount: 1500 }) };
    expect((await explain(t, request)).body.matched.rule).toBe("builtin/test cards read back as CREDIT");
    const paid = await t.post("/v1/transactions", sale({ amount: 1500 }));
    expect(paid.headers.get("x-paydouble-rule")).toBe("builtin/test cards read back as CREDIT");
    const [entry] = (await t.get("/_mock/requests")).body.data;
    expect(entry.near_misses).toEqual([]);
  });

  it("names the rule that would match with its outcome, and spends no times: 1 budget", async () => {
    const t = setup();
    await loadYaml(t, ONCE);
    const request = { operation: "createTransaction", client: MERCHANT.id, body: sale({ amount: 1500 }) };
    for (let i = 0; i < 3; i++) {
      const r = await explain(t, request);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ matched: { rule: "once/big once", outcome: { decline: { code: "51", description: "Insufficient funds" } } }, near_misses: [] });
    }
    const hits = (await t.get("/_mock/scenarios")).body.scenarios[0].rules[0].hits;
    expect(hits).toBe(0);
    // Not a change of the world: replay has nothing to send again.
    expect((await t.get("/_mock/journal/export", { as: null })).text).not.toContain("/_mock/scenarios/explain");
    // The budget is still whole: the real request meets the rule.
    const paid = await t.post("/v1/transactions", sale({ amount: 1500 }));
    expect(paid.headers.get("x-paydouble-rule")).toBe("once/big once");
    const after = await explain(t, request);
    expect(after.body.matched.rule).toBe("builtin/test cards read back as CREDIT");
    expect(after.body.near_misses).toEqual([{ rule: "once/big once", reason: "budget times: 1 spent" }]);
  });

  it("explains a request that misses by one condition, with the same reason the journal gives", async () => {
    const t = setup();
    await loadYaml(t, ONCE);
    const r = await explain(t, { operation: "createTransaction", body: sale({ amount: 999 }) });
    expect(r.body.near_misses).toEqual([{ rule: "once/big once", reason: "body.amount: wanted gte 1000, got 999" }]);
    await t.post("/v1/transactions", sale({ amount: 999 }));
    expect((await t.get("/_mock/requests")).body.data[0].near_misses).toEqual(r.body.near_misses);
  });

  it("answers matched: null when no rule would match, and matches built-in magic values as /v1 does", async () => {
    const t = setup({ builtin: false });
    await loadYaml(t, ONCE);
    const none = await explain(t, { operation: "listClients", query: { Take: "5" } });
    expect(none.body).toEqual({ matched: null, near_misses: [{ rule: "once/big once", reason: "operation: wanted createTransaction, got listClients" }] });
    const withBuiltin = setup();
    const declined = await explain(withBuiltin, { operation: "createTransaction", body: sale({ payment_method: { ...CARD, pan: "4000000000000002" } }) });
    expect(declined.body.matched).toEqual({ rule: "builtin/decline 05 do not honor", outcome: { decline: { code: "05", description: "Do not honor" } } });
  });

  it("fills capture groups, reads headers by lower-case name, and reports chance without drawing", async () => {
    const t = setup();
    await loadYaml(
      t,
      [
        "version: 1",
        "name: shaped",
        "rules:",
        "  - name: by header",
        "    when: { operation: listClients, headers: { X-Test-Case: { matches: '^fail-(\\d+)$' } }, chance: 0.5 }",
        "    then: { fail: { error: SYSTEM_ERROR, message: 'case $1' } }",
      ].join("\n"),
    );
    const r = await explain(t, { operation: "listClients", headers: { "x-test-case": "fail-42" } });
    expect(r.body.matched).toEqual({ rule: "shaped/by header", outcome: { fail: { error: "SYSTEM_ERROR", message: "case 42" } }, chance: 0.5 });
    const miss = await explain(t, { operation: "listClients", headers: { "X-Test-Case": "ok" } });
    expect(miss.body.near_misses).toEqual([{ rule: "shaped/by header", reason: 'headers.x-test-case: wanted matches "^fail-(\\\\d+)$", got "ok"' }]);
  });

  it("rejects bad input with the envelope naming each field, and suggests the operation meant", async () => {
    const t = setup();
    const typo = expectEnvelope(await explain(t, { operation: "createTransation" }), 400, "INVALID_REQUEST_DATA");
    expect(typo.details?.operation).toContain("did you mean createTransaction?");
    const bad = expectEnvelope(await explain(t, { query: { a: 1 }, colour: "red" }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["colour", "operation", "query.a"]);
    expectEnvelope(await t.call("POST", "/_mock/scenarios/explain", { as: null, raw: "{", headers: { "content-type": "application/json" } }), 400, "INVALID_REQUEST_DATA");
  });

  it("works per world: a sandbox explains with its own rules, and its journal answers by seq", async () => {
    const t = setup();
    const box = (await t.post("/_mock/sandboxes", {}, { as: null })).body.id;
    await loadYaml(t, ONCE, `/sandboxes/${box}`);
    const request = { operation: "createTransaction", body: sale({ amount: 1500 }) };
    expect((await t.post(`/sandboxes/${box}/_mock/scenarios/explain`, request, { as: null })).body.matched.rule).toBe("once/big once");
    expect((await explain(t, request)).body.matched.rule).toBe("builtin/test cards read back as CREDIT");
    await t.post(`/sandboxes/${box}/v1/transactions`, sale({ amount: 1500 }));
    const entry = (await t.get(`/sandboxes/${box}/_mock/requests/1`, { as: null })).body;
    expect(entry).toMatchObject({ seq: 1, rule: "once/big once", path: "/v1/transactions" });
    expectEnvelope(await t.get("/_mock/requests/1", { as: null }), 404, "RESOURCE_NOT_FOUND");
  });

  it("masks secrets in the reasons it shows", async () => {
    const t = setup({ builtin: false });
    await loadYaml(t, "version: 1\nname: pan\nrules:\n  - when: { body: { payment_method.cvv: '999' } }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    const r = await explain(t, { operation: "createTransaction", body: sale() });
    expect(r.body.near_misses).toEqual([{ rule: "pan/rule-1", reason: 'body.payment_method.cvv: wanted "***", got "***"' }]);
  });
});

describe("live listeners and latency", () => {
  it("hear each /v1 entry with a wall-clock latency that the journal API never shows", async () => {
    const logged: [JournalEntry, LiveFacts][] = [];
    const double = createDouble({ onRequest: (e, live) => logged.push([e, live]) });
    const heard: [JournalEntry, LiveFacts][] = [];
    const stop = double.host.root.journal.subscribe((e, live) => heard.push([e, live]));
    double.host.root.journal.subscribe(() => {
      throw new Error("a broken subscriber");
    });
    const headers = { "Api-Key": MERCHANT.key, "Client-Id": MERCHANT.id, "content-type": "application/json" };
    const res = await double.app.request("/v1/transactions", { method: "POST", headers, body: JSON.stringify(sale()) });
    expect(res.status).toBe(200);
    await double.app.request("/_mock/health");
    expect(heard).toHaveLength(1);
    expect(logged).toHaveLength(1);
    // Listeners get a view whose parts are masked on first use: the same bytes as the entry.
    expect(JSON.stringify(heard[0][0])).toBe(JSON.stringify(logged[0][0]));
    expect(heard[0][1].latency_ms).toBeGreaterThanOrEqual(0);
    expect(heard[0][0].body).toMatchObject({ payment_method: { pan: "424242******4242" } });
    const listed = await (await double.app.request("/_mock/requests")).text();
    expect(listed).not.toContain("latency");
    stop();
    await double.app.request("/v1/transactions", { method: "POST", headers, body: JSON.stringify(sale()) });
    expect(heard).toHaveLength(1);
    expect(logged).toHaveLength(2);
  });
});
