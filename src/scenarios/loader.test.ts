import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { formatProblem, parseScenario } from "./loader.js";
import { BUILTIN_PATH, SCENARIO_DIR } from "./library.js";
import { scenarioJsonSchema } from "./json-schema.js";

describe("scenario loader", () => {
  test("the built-in magic values load and validate", () => {
    const r = parseScenario(readFileSync(BUILTIN_PATH, "utf8"));
    if (!r.ok) throw new Error(r.problems.map((p) => formatProblem("builtin.yaml", p)).join("\n"));
    expect(r.scenario.name).toBe("builtin");
    expect(r.scenario.rules.length).toBeGreaterThan(30);
  });

  test("the shipped JSON Schema is the one the zod schema generates", () => {
    const shipped = JSON.parse(readFileSync(`${SCENARIO_DIR}schema.json`, "utf8"));
    // Regenerate with: npm run build && node dist/main.js schema > scenarios/schema.json
    expect(shipped).toEqual(scenarioJsonSchema());
  });

  test("a syntax error names its line and column", () => {
    const r = parseScenario("version: 1\nname: x\nrules: [\n  - when\n");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0].path).toBe("(syntax)");
    expect(r.problems[0].line).toBeGreaterThanOrEqual(3);
  });

  test("every problem is reported, each at its own line and column", () => {
    const text = [
      "version: 1",
      "name: bad",
      "rules:",
      "  - when: { operation: creatTransaction }",
      "    then: { fail: { error: SYSTEM_ERROR } }",
      "  - when: { operation: getClient, colour: red }",
      "    then: { settlement: { delay: 3 days } }",
    ].join("\n");
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.problems.map((p) => [p.path, p]));
    expect(byPath["rules.0.when.operation"]).toMatchObject({ line: 4, column: 24 });
    expect(byPath["rules.0.when.operation"].message).toContain("unknown operation");
    expect(byPath["rules.1.when.colour"]).toMatchObject({ line: 6, column: 35, message: "is not a known field" });
    expect(byPath["rules.1.then.settlement.delay"]).toMatchObject({ line: 7, column: 34 });
  });

  test("JSON text loads too (YAML 1.2 reads it)", () => {
    const r = parseScenario(JSON.stringify({ version: 1, name: "j", rules: [{ when: { operation: "getClient" }, then: { delay_ms: 5 } }] }));
    expect(r.ok).toBe(true);
  });

  test("two primary outcomes in one rule are refused", () => {
    const r = parseScenario("version: 1\nname: x\nrules:\n  - when: {}\n    then: { approve: true, fail: { error: SYSTEM_ERROR } }\n");
    expect(r.ok).toBe(false);
  });
});

describe("operation ids", async () => {
  const { OPERATIONS } = await import("../gateway/operations.js");
  const { OPERATION_IDS } = await import("./schema.js");
  test("every registered operation is a name scenarios may use", () => {
    for (const op of OPERATIONS) expect(OPERATION_IDS).toContain(op.id);
  });
});
