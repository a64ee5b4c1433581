import { describe, expect, test } from "vitest";
import { startDouble } from "../src/index.js";
import { expectEnvelope, setup } from "./helpers.js";
import { sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/** Issue 13 point 4: one scenario unloaded, replaced in place, switched off and on. */
const file = (name: string, code: string, extra = "") => `
version: 1
name: ${name}
rules:
  - name: decline
    when: { operation: createTransaction${extra} }
    then: { decline: { code: "${code}", description: Declined by ${name} } }
`;

const ctl = (t: ReturnType<typeof setup>, method: string, path: string, raw?: string) =>
  t.call(method, `/_mock/scenarios${path}`, { as: null, raw, headers: raw ? { "content-type": "application/yaml" } : {} });
const names = async (t: ReturnType<typeof setup>) => (await ctl(t, "GET", "")).body.scenarios.map((s: { name: string }) => s.name);

describe("managing one scenario", () => {
  test("DELETE /_mock/scenarios/{name} unloads that file only; an unknown name is a 404 envelope", async () => {
    const t = setup();
    await loadYaml(t, file("a", "05"));
    await loadYaml(t, file("b", "51"));
    const r = await ctl(t, "DELETE", "/b");
    expect(r.status).toBe(200);
    expect(await names(t)).toEqual(["a", "builtin"]);
    expect((await t.post("/v1/transactions", sale())).body.response_code).toBe("05");
    expectEnvelope(await ctl(t, "DELETE", "/b"), 404, "RESOURCE_NOT_FOUND");
  });

  test("PUT /_mock/scenarios/{name} replaces in place: same precedence, counters at zero", async () => {
    const t = setup();
    await loadYaml(t, file("a", "05", ", times: 1"));
    await loadYaml(t, file("b", "51", ", times: 1"));
    expect((await t.post("/v1/transactions", sale())).body.response_code).toBe("51");
    expect((await t.post("/v1/transactions", sale())).body.response_code).toBe("05");
    const r = await ctl(t, "PUT", "/a", file("a", "61", ", times: 1"));
    expect(r.status).toBe(200);
    expect(await names(t)).toEqual(["b", "a", "builtin"]);
    const listed = (await ctl(t, "GET", "")).body.scenarios[1];
    expect(listed.rules[0].hits).toBe(0);
    expect((await t.post("/v1/transactions", sale())).body.response_code).toBe("61");
    expectEnvelope(await ctl(t, "PUT", "/zzz", file("zzz", "05")), 404, "RESOURCE_NOT_FOUND");
    const other = expectEnvelope(await ctl(t, "PUT", "/a", file("b", "05")), 400, "INVALID_REQUEST_DATA");
    expect(other.details).toEqual({ name: "must be a (the name in the path)" });
    expectEnvelope(await ctl(t, "PUT", "/a", "version: 1\nname: a\nrules: [{ when: { operation: nope }, then: {} }]\n"), 400, "INVALID_REQUEST_DATA");
    expect((await ctl(t, "GET", "")).body.scenarios[1].rules[0].then.decline.code).toBe("61");
  });

  test("disable and enable keep the place and the counters; the builtin can be switched off too", async () => {
    const t = setup();
    await loadYaml(t, file("a", "05"));
    expect((await ctl(t, "POST", "/a/disable")).body).toMatchObject({ name: "a", enabled: false });
    const plain = await t.post("/v1/transactions", sale());
    expect(plain.body.result).toBe("APPROVED");
    expect((await ctl(t, "POST", "/builtin/disable")).status).toBe(200);
    expect((await t.post("/v1/transactions", sale())).headers.get("x-paydouble-rule")).toBeNull();
    expect((await ctl(t, "POST", "/a/enable")).body).toMatchObject({ name: "a", enabled: true });
    expect((await t.post("/v1/transactions", sale())).body.response_code).toBe("05");
    expect(await names(t)).toEqual(["a", "builtin"]);
    expectEnvelope(await ctl(t, "POST", "/nope/enable"), 404, "RESOURCE_NOT_FOUND");
  });

  test("startDouble helpers: unload, replace, disable, enable; reset() with no seed goes back to the start seed", async () => {
    const d = await startDouble({ seed: "start-seed" });
    try {
      await d.scenarios.load(file("a", "05"));
      await d.scenarios.disable("a");
      await d.scenarios.enable("a");
      await d.scenarios.replace("a", file("a", "51"));
      await d.scenarios.unload("a");
      expect(((await d.scenarios.list()) as { scenarios: unknown[] }).scenarios).toHaveLength(1);
      expect((await d.reset("other")).seed).toBe("other");
      expect((await d.reset()).seed).toBe("start-seed");
    } finally {
      await d.close();
    }
  });
});
