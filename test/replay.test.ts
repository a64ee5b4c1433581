import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replayLog } from "../src/replay/replay.js";
import { MERCHANT, RESELLER, setup, type Caller } from "./helpers.js";

/**
 * Replay proven on random sessions: whatever a session did, its export replayed into a fresh double
 * gives byte-identical answers (bodies and x-request-id) to every read of every resource and list.
 */
type Step =
  | { kind: "create"; dba: string; valid: boolean; actor: "reseller" | "merchant" }
  | { kind: "update"; pick: number; dba: string; asNew: boolean }
  | { kind: "get"; pick: number }
  | { kind: "list"; take: number; order: "asc" | "desc" }
  | { kind: "health" }
  | { kind: "clearJournal" }
  | { kind: "reset"; seed: string | null }
  | { kind: "malformed" }
  | { kind: "advance"; by: string }
  | { kind: "scenario"; n: number; times: number }
  | { kind: "fault"; outcome: string }
  | { kind: "unloadScenarios" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), dba: fc.string({ minLength: 1, maxLength: 20 }), valid: fc.boolean(), actor: fc.constantFrom("reseller" as const, "merchant" as const) }),
  fc.record({ kind: fc.constant("update" as const), pick: fc.nat(), dba: fc.string({ minLength: 0, maxLength: 12 }), asNew: fc.boolean() }),
  fc.record({ kind: fc.constant("get" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("list" as const), take: fc.integer({ min: 1, max: 5 }), order: fc.constantFrom("asc" as const, "desc" as const) }),
  fc.constant({ kind: "health" as const }),
  fc.constant({ kind: "clearJournal" as const }),
  fc.record({ kind: fc.constant("reset" as const), seed: fc.option(fc.constantFrom("s1", "s2"), { nil: null }) }),
  fc.constant({ kind: "malformed" as const }),
  fc.record({ kind: fc.constant("advance" as const), by: fc.constantFrom("PT1H", "P1D", "PT0.5S") }),
  fc.record({ kind: fc.constant("scenario" as const), n: fc.integer({ min: 0, max: 3 }), times: fc.integer({ min: 1, max: 2 }) }),
  fc.constant({ kind: "unloadScenarios" as const }),
  // Every generic scenario outcome, transport faults and delays included (issue 11 item 5).
  fc.record({ kind: fc.constant("fault" as const), outcome: fc.constantFrom("{ transport: reset }", "{ transport: empty }", "{ transport: hang }", "{ transport: malformed_json }", "{ delay_ms: 5 }", "{ fail: { error: SYSTEM_ERROR } }") }),
);

const body = (dba: string, valid: boolean) => ({
  dba,
  type: "merchant",
  admin_contact_details: { first_name: "Ada", last_name: "Lovelace", email: valid ? "ada@example.com" : "not-an-email" },
  ...(valid ? {} : { pan: "4242424242424242" }),
});

async function runSession(steps: Step[]) {
  const s = setup({ seed: "replay" });
  const created: Caller[] = [];
  for (const st of steps) {
    if (st.kind === "create") {
      const r = await s.post("/v1/clients", body(st.dba, st.valid), { as: st.actor === "reseller" ? RESELLER : MERCHANT });
      if (r.status === 200) created.push({ id: r.body.id, key: r.body.api_key });
    } else if (st.kind === "update" && created.length) {
      const c = created[st.pick % created.length];
      await s.post(`/v1/clients/${c.id}`, { dba: st.dba }, { as: st.asNew ? c : RESELLER });
    } else if (st.kind === "get" && created.length) {
      await s.get(`/v1/clients/${created[st.pick % created.length].id}`, { as: RESELLER });
    } else if (st.kind === "list") {
      await s.get(`/v1/clients?Take=${st.take}&SortOrder=${st.order}`, { as: RESELLER });
    } else if (st.kind === "health") {
      await s.get("/_mock/health", { as: null });
    } else if (st.kind === "clearJournal") {
      await s.call("DELETE", "/_mock/requests", { as: null });
    } else if (st.kind === "reset") {
      await s.post("/_mock/reset", st.seed === null ? {} : { seed: st.seed }, { as: null });
      created.length = 0;
    } else if (st.kind === "advance") {
      await s.post("/_mock/clock/advance", { by: st.by }, { as: null });
    } else if (st.kind === "scenario") {
      const yaml = `version: 1\nname: flaky-${st.n}\nrules:\n  - when: { operation: createClient, times: ${st.times} }\n    then: { fail: { error: SYSTEM_ERROR } }\n`;
      await s.call("POST", "/_mock/scenarios", { as: null, raw: yaml, headers: { "content-type": "application/yaml" } });
    } else if (st.kind === "fault") {
      const yaml = `version: 1\nname: fault\nrules:\n  - when: { operation: createClient, times: 1 }\n    then: ${st.outcome}\n`;
      await s.call("POST", "/_mock/scenarios", { as: null, raw: yaml, headers: { "content-type": "application/yaml" } });
      const hangUp = new AbortController();
      setTimeout(() => hangUp.abort(), 20);
      await Promise.resolve(
        s.double.app.request("/v1/clients", { method: "POST", signal: hangUp.signal, headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" }, body: JSON.stringify(body("Faulted", true)) }),
      ).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
    } else if (st.kind === "unloadScenarios") {
      await s.call("DELETE", "/_mock/scenarios", { as: null });
    } else if (st.kind === "malformed") {
      await s.call("POST", "/v1/clients", { as: RESELLER, raw: "{not json", headers: { "content-type": "application/json" } });
    }
  }
  return { s, created };
}

/** Every read of the world: each created client, lists in two orders, the health line, the journal. */
async function reads(request: (path: string, init: RequestInit) => Response | Promise<Response>, ids: string[]) {
  const headers = { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id };
  const paths = [...ids.map((id) => `/v1/clients/${id}`), "/v1/clients?Take=100&SortOrder=asc", "/v1/clients?Take=100&SortOrder=desc&SortColumn=dba", "/_mock/health", "/_mock/requests", "/_mock/clock", "/_mock/scenarios"];
  const out: string[] = [];
  for (const path of paths) {
    const res = await request(path, { headers });
    out.push(`${path} ${res.status} ${res.headers.get("x-request-id")} ${await res.text()}`);
  }
  return out;
}

describe("GET /_mock/journal/export and replay", () => {
  it("rebuilds the identical world from a random session", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { s, created } = await runSession(steps);
        const exported = await s.get("/_mock/journal/export", { as: null });
        expect(exported.headers.get("content-type")).toMatch(/application\/x-ndjson/);
        const replayed = await replayLog(exported.text);
        const ids = created.map((c) => c.id);
        const original = await reads((p, i) => s.double.app.request(p, i), ids);
        expect(await reads((p, i) => replayed.app.request(p, i), ids)).toEqual(original);
      }),
      { numRuns: 25, seed: 20260302 },
    );
  });

  it("holds no API key, PAN or client secret in clear, and says what it is in its header line", async () => {
    const { s, created } = await runSession([
      { kind: "create", dba: "Shop", valid: true, actor: "reseller" },
      { kind: "create", dba: "Bad", valid: false, actor: "reseller" },
      { kind: "update", pick: 0, dba: "Shop 2", asNew: true },
    ]);
    const text = (await s.get("/_mock/journal/export", { as: null })).text;
    for (const secret of [RESELLER.key, MERCHANT.key, created[0].key, "4242424242424242"]) expect(text).not.toContain(secret);
    const lines = text.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ paydouble_replay: 1, seed: "replay", clock_start: "2026-03-02T15:00:00.000Z", tick_ms: 1 });
    expect(lines.slice(1, -1).map((l) => `${l.kind} ${l.method} ${l.path}`)).toEqual([
      "request POST /v1/clients",
      "request POST /v1/clients",
      `request POST /v1/clients/${created[0].id}`,
    ]);
    expect(lines.at(-1)).toMatchObject({ kind: "end" });
  });

  it("keeps the history across a reset and replays the reset", async () => {
    const { s } = await runSession([
      { kind: "create", dba: "Before", valid: true, actor: "reseller" },
      { kind: "reset", seed: "s2" },
      { kind: "create", dba: "After", valid: true, actor: "reseller" },
    ]);
    const text = (await s.get("/_mock/journal/export", { as: null })).text;
    expect(text.trim().split("\n").map((l) => JSON.parse(l).kind)).toEqual([undefined, "request", "reset", "request", "end"]);
    const replayed = await replayLog(text);
    expect((await replayed.app.request("/_mock/health")).headers.get("x-request-id")).toBe((await s.double.app.request("/_mock/health")).headers.get("x-request-id"));
  });
});
