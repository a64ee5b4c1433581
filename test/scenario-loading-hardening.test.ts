import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { compilePattern } from "../src/scenarios/match.js";
import { expectEnvelope, setup } from "./helpers.js";
import { CARD, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/** Issue 11, the items that live in scenario loading (3, 8, 9). */
const BAD = join(import.meta.dirname, "files", "bad");

describe("issue 11 item 3: one pattern freezes every world", () => {
  test("a catastrophic-backtracking pattern runs in linear time (RE2JS) and the request answers", async () => {
    const t = setup();
    const yaml = `
version: 1
name: evil
rules:
  - when: { operation: createTransaction, body: { payment_method.first_name: { matches: "^(a+)+$" } } }
    then: { decline: { code: "05", description: Do not honor } }
`;
    expect((await loadYaml(t, yaml)).status).toBe(201);
    const r = await t.post("/v1/transactions", sale({ payment_method: { ...CARD, first_name: `${"a".repeat(28)}!` } }));
    expect(r.status).toBe(200);
    expect(r.body.result).toBe("APPROVED");
    const hit = await t.post("/v1/transactions", sale({ payment_method: { ...CARD, first_name: "a".repeat(28) } }));
    expect(hit.body.result).toBe("DECLINED");
  });

  test("patterns are compiled once, at load, not per request", () => {
    expect(compilePattern("^4000(\\d+)$")).toBe(compilePattern("^4000(\\d+)$"));
  });

  test("a pattern RE2 cannot run (lookaround, backreference) is a 400 at load with its line", async () => {
    const t = setup();
    const r = await loadYaml(t, readFileSync(join(BAD, "catastrophic-pattern.yaml"), "utf8"));
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "rules.1.when.body.payment_method.first_name.matches": expect.stringMatching(/^line 6, column 89: is not a pattern RE2 accepts/) });
  });
});

describe("issue 11 item 8: rule names that cannot go in a header", () => {
  test("arrows, CJK and emoji load, match with 200 and come back percent-encoded in x-paydouble-rule", async () => {
    const t = setup();
    const yaml = `
version: 1
name: names
rules:
  - name: "decline → 05 拒否 💳"
    when: { operation: createTransaction, times: 1 }
    then: { decline: { code: "05", description: Do not honor } }
`;
    expect((await loadYaml(t, yaml)).status).toBe(201);
    const r = await t.post("/v1/transactions", sale());
    expect(r.status).toBe(200);
    expect(r.body.result).toBe("DECLINED");
    const header = r.headers.get("x-paydouble-rule")!;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeURIComponent(header)).toBe("names/decline → 05 拒否 💳");
    const journal = await t.call("GET", "/_mock/requests", { as: null });
    expect(JSON.stringify(journal.body)).toContain("decline → 05 拒否 💳");
  });

  test("a name with a line break is refused at load with its line; nothing loaded, no budget spent", async () => {
    const t = setup();
    const r = await loadYaml(t, readFileSync(join(BAD, "rule-name-control.yaml"), "utf8"));
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "rules.0.name": "line 4, column 11: must not contain control characters (line breaks, tabs)" });
    expect((await t.post("/v1/transactions", sale())).headers.get("x-paydouble-rule")).toBeNull();
  });
});

describe("issue 11 item 9: YAML aliases and nesting", () => {
  test("an alias bomb is a 400 naming the line, not a 500", async () => {
    const t = setup();
    const env = expectEnvelope(await loadYaml(t, readFileSync(join(BAD, "alias-bomb.yaml"), "utf8")), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "(aliases)": expect.stringMatching(/^line 4, column 8: aliases expand to more than 1000 nodes/) });
  });

  test("a legitimate file reusing one anchor 120 times loads", async () => {
    const t = setup();
    const r = await loadYaml(t, readFileSync(join(BAD, "anchor-120.yaml"), "utf8"));
    expect(r.status).toBe(201);
    expect(r.body.rules).toBe(121);
  });

  test("nesting past the limit is a 400 with the line, and deep bodies do not reach the parser", async () => {
    const t = setup();
    const env = expectEnvelope(await loadYaml(t, readFileSync(join(BAD, "too-deep.yaml"), "utf8")), 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "(syntax)": "line 3, column 78: flow collections nested more than 64 deep" });
    const deep = `version: 1\nname: d\ndescription: ${"[".repeat(200_000)}`;
    expectEnvelope(await loadYaml(t, deep), 400, "INVALID_REQUEST_DATA");
    const indented = Array.from({ length: 400 }, (_, i) => `${" ".repeat(i)}k:`).join("\n");
    expectEnvelope(await loadYaml(t, indented), 400, "INVALID_REQUEST_DATA");
  });
});
