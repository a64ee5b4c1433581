import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, RESELLER, setup } from "./helpers.js";
import { createChild, loadYaml } from "./scenario-helpers.js";

const GET_CLIENT = `/v1/clients/${MERCHANT.id}`;

describe("generic outcomes through HTTP", () => {
  test("fail answers the envelope with the code, and the rule header names the rule", async () => {
    const t = setup();
    const load = await loadYaml(t, "version: 1\nname: faults\nrules:\n  - name: boom\n    when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    expect(load.status).toBe(201);
    const r = await t.get(GET_CLIENT);
    expectEnvelope(r, 500, "SYSTEM_ERROR");
    expect(r.headers.get("x-paydouble-rule")).toBe("faults/boom");
    expect(r.body.source).toEqual({ system: null, code: null, message: null });
  });

  test("fail takes status, message, details and source", async () => {
    const t = setup();
    await loadYaml(
      t,
      `version: 1
name: custom
rules:
  - when: { operation: getClient }
    then:
      fail:
        error: DOWNSTREAM_ERROR
        status: 503
        message: processor timed out
        details: { processor: timed out }
        source: { system: CARDPROC, code: "91" }
`,
    );
    const r = await t.get(GET_CLIENT);
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      error_code: "DOWNSTREAM_ERROR",
      error_message: "processor timed out",
      details: { processor: "timed out" },
      source: { system: "CARDPROC", code: "91", message: null },
    });
    expect(r.headers.get("x-paydouble-rule")).toBe("custom/rule-1");
  });

  test("fail without created creates nothing", async () => {
    const t = setup();
    await loadYaml(t, "version: 1\nname: f\nrules:\n  - when: { operation: createClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    expectEnvelope(await createChild(t), 500, "SYSTEM_ERROR");
    const list = await t.get("/v1/clients", { as: RESELLER });
    expect(list.body.data.map((c: { dba: string }) => c.dba)).not.toContain("Child Co");
  });

  test("an unshaped response carries no rule header", async () => {
    const t = setup();
    const r = await t.get(GET_CLIENT);
    expect(r.status).toBe(200);
    expect(r.headers.get("x-paydouble-rule")).toBeNull();
  });

  test("delay_ms waits through the injected sleep, after the state changed", async () => {
    const waits: number[] = [];
    let childrenDuringSleep = -1;
    const t = setup({
      sleep: async (ms) => {
        waits.push(ms);
        childrenDuringSleep = t.double.host.root.state.childrenOf.get(RESELLER.id)?.length ?? 0;
      },
    });
    await loadYaml(t, "version: 1\nname: slow\nrules:\n  - when: { operation: createClient }\n    then: { delay_ms: 2500 }\n");
    const before = t.double.host.root.state.childrenOf.get(RESELLER.id)?.length ?? 0;
    const r = await createChild(t);
    expect(r.status).toBe(200);
    expect(waits).toEqual([2500]);
    expect(childrenDuringSleep).toBe(before + 1);
    expect(r.headers.get("x-paydouble-rule")).toBe("slow/rule-1");
  });

  test("delay_ms also delays a fail", async () => {
    const waits: number[] = [];
    const t = setup({ sleep: async (ms) => void waits.push(ms) });
    await loadYaml(t, "version: 1\nname: s\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR }, delay_ms: 10 }\n");
    expectEnvelope(await t.get(GET_CLIENT), 500, "SYSTEM_ERROR");
    expect(waits).toEqual([10]);
  });
});

describe("transport faults in process", () => {
  const rule = (fault: string) => `version: 1\nname: net\nrules:\n  - name: ${fault}\n    when: { operation: createClient }\n    then: { transport: ${fault} }\n`;

  test("reset rejects the call like a reset connection; the request was processed", async () => {
    const t = setup();
    await loadYaml(t, rule("reset"));
    const before = t.double.host.root.state.clients.size;
    const err = await createChild(t).then(
      () => null,
      (e) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe("fetch failed");
    expect(err.cause.code).toBe("ECONNRESET");
    expect(t.double.host.root.state.clients.size).toBe(before + 1);
    expect(t.double.host.root.journal.entries().at(-1)).toMatchObject({ status: 0, rule: "net/reset" });
  });

  test("empty rejects like an empty reply", async () => {
    const t = setup();
    await loadYaml(t, rule("empty"));
    await expect(createChild(t)).rejects.toMatchObject({ message: "fetch failed", cause: { code: "UND_ERR_SOCKET" } });
  });

  test("hang never answers until the caller gives up", async () => {
    const t = setup();
    await loadYaml(t, rule("hang"));
    const abort = new AbortController();
    const pending = t.double.app.request("/v1/clients", {
      method: "POST",
      signal: abort.signal,
      headers: { "Api-Key": RESELLER.key, "Client-Id": RESELLER.id, "content-type": "application/json" },
      body: JSON.stringify({ dba: "X", type: "merchant", admin_contact_details: { first_name: "a", last_name: "b", email: "a@b.com" } }),
    });
    let settled = false;
    void Promise.resolve(pending).then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    abort.abort(new Error("client timeout"));
    await expect(pending).rejects.toMatchObject({ message: "fetch failed", cause: { message: "client timeout" } });
  });

  test("malformed_json answers 200 with a body that is not JSON", async () => {
    const t = setup();
    await loadYaml(t, rule("malformed_json"));
    const r = await createChild(t);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("application/json");
    expect(() => JSON.parse(r.text)).toThrow();
    expect(r.text.startsWith("{")).toBe(true);
    expect(r.headers.get("x-paydouble-rule")).toBe("net/malformed_json");
  });
});

describe("fail with created", () => {
  test("the operation happens, and the caller still gets the envelope", async () => {
    const t = setup();
    await loadYaml(t, "version: 1\nname: f\nrules:\n  - when: { operation: createClient }\n    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }\n");
    expectEnvelope(await createChild(t, "Made Anyway"), 502, "DOWNSTREAM_ERROR");
    const list = await t.get("/v1/clients", { as: RESELLER });
    expect(list.body.data.map((c: { dba: string }) => c.dba)).toContain("Made Anyway");
  });
});
