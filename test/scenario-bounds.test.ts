import { describe, expect, test } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/**
 * Security review, defect 1: "scenario patterns cannot freeze the server". RE2JS is linear in the
 * text, but a pattern costs about its instructions times the text's characters. The bounds are
 * counted, never timed (DESIGN "Speed and memory"); the times are in the report and limits.md.
 */

/** `n` rules, each `matches` on the x-note header, each failing the request with a 500. */
const headerRules = (pattern: (i: number) => string, n = 20) =>
  `version: 1\nname: notes\nrules:\n${Array.from({ length: n }, (_, i) => `  - when: { operation: listClients, headers: { x-note: { matches: "${pattern(i)}" } } }\n    then: { fail: { error: SYSTEM_ERROR } }\n`).join("")}`;

/** Deterministic a/b text (a fixed LCG: tests never use Math.random). */
function abText(n: number): string {
  let s = 7;
  let out = "";
  for (let i = 0; i < n; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    out += (s >> 16) & 1 ? "a" : "b";
  }
  return out;
}

describe("a pattern's size is bounded at load", () => {
  test("a pattern of more than 1,000 RE2 instructions is 400 naming its path, line and column", async () => {
    const t = setup();
    const r = await loadYaml(t, headerRules(() => "a.{1000}(?:bb){8}"));
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(env.details!["rules.0.when.headers.x-note.matches"]).toMatch(/^line 4, column \d+: compiles to 1\d{3} RE2 instructions, more than the 1000 a pattern may have/);
    expect(Object.keys(env.details!)).toHaveLength(20);
    // Nothing was loaded.
    expect((await t.call("GET", "/_mock/scenarios", { as: null })).body.scenarios.map((s: { name: string }) => s.name)).toEqual(["builtin"]);
  });

  test("the patterns of one file are bounded in all: 500,000 instructions", async () => {
    const t = setup();
    const r = await loadYaml(t, headerRules((i) => `x${i}[ab]{990}`, 520));
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    const [[path, why]] = Object.entries(env.details!);
    expect(Object.keys(env.details!)).toHaveLength(1);
    expect(path).toMatch(/^rules\.\d+\.when\.headers\.x-note\.matches$/);
    expect(why).toMatch(/the file's patterns pass 500000 RE2 instructions in all/);
  });
});

describe("a request's pattern work is bounded and a pattern not run is said so", () => {
  const costly = headerRules((i) => `a.{900}(?:bb){${i + 1}}`);

  test("patterns that would pass the request's budget are not run: the rule does not fire and the journal says why", async () => {
    const t = setup();
    expect((await loadYaml(t, costly)).status).toBe(201);
    const note = `${abText(3000)}${"b".repeat(40)}`;
    const r = await t.get("/v1/clients", { headers: { "x-note": note } });
    expect(r.status).toBe(200);
    const entry = (await t.call("GET", "/_mock/requests", { as: null })).body.data.findLast((e: { path: string }) => e.path === "/v1/clients");
    expect(entry.rule).toBeNull();
    expect(entry.near_misses).toHaveLength(3);
    expect(entry.near_misses[0]).toEqual({ rule: "notes/rule-1", reason: expect.stringMatching(/^headers\.x-note: matches "a\.\{900\}\(\?:bb\)\{1\}" not run: \d+ instructions x 3040 characters would pass the 500000-step pattern budget of a request/) });
  });

  test("a pattern within the budget still runs and fires", async () => {
    const t = setup();
    expect((await loadYaml(t, headerRules((i) => `a.{100}(?:bb){${i + 1}}`))).status).toBe(201);
    const r = await t.get("/v1/clients", { headers: { "x-note": `a${"a".repeat(100)}bb` } });
    expect(r.status).toBe(500);
    expect(r.headers.get("x-paydouble-rule")).toBe("notes/rule-1");
  });

  test("explain is bounded the same way and says which pattern it did not run", async () => {
    const t = setup();
    expect((await loadYaml(t, costly)).status).toBe(201);
    const body = { operation: "listClients", headers: { "x-note": `${abText(3000)}${"b".repeat(40)}` } };
    const r = await t.call("POST", "/_mock/scenarios/explain", { as: null, body });
    expect(r.status).toBe(200);
    expect(r.body.matched).toBeNull();
    expect(r.body.near_misses[0].reason).toMatch(/^headers\.x-note: matches .* not run: .* pattern budget of a request/);
  });

  test("the same requests give the same answers and the same near misses (the budget counts, never times)", async () => {
    const run = async () => {
      const t = setup();
      await loadYaml(t, costly);
      for (const n of [100, 3000, 900]) await t.get("/v1/clients", { headers: { "x-note": `a${abText(n)}${"b".repeat(40)}` } });
      return (await t.call("GET", "/_mock/requests", { as: null })).body.data.map((e: { status: number; near_misses: unknown }) => [e.status, e.near_misses]);
    };
    expect(await run()).toEqual(await run());
  });
});
