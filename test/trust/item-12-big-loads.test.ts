import { parseDocument } from "yaml";
import { describe, expect, test, vi } from "vitest";
import { createDouble } from "../../src/index.js";
import { parseScenario } from "../../src/scenarios/loader.js";
import type { ScenarioFile } from "../../src/scenarios/schema.js";

/**
 * Issue 21 item 12, loading: a scenario given as an object (createDouble, a replay log's header) is
 * JSON, read by JSON.parse; positions need the YAML parser, far slower, so it runs only for a
 * problem that is shown. Counted, not timed (the times are in bench/big-inputs.mjs, bench/patterns.mjs).
 */
vi.mock("yaml", async (original) => {
  const yaml = await original<typeof import("yaml")>();
  return { ...yaml, parseDocument: vi.fn(yaml.parseDocument) };
});

/** 2,000 rules, each but the first shadowed by the first (a warning each). */
const shadowed = {
  version: 1,
  name: "shadowed",
  rules: Array.from({ length: 2_000 }, (_, i) => ({ name: `r${i}`, when: { operation: "createTransaction" as const, body: { amount: { gte: 1 } } }, then: { approve: true as const } })),
};

describe("item 12: big scenario objects load without the YAML parser", () => {
  test("createDouble with 2,000 shadowed rules never parses YAML (the warnings it drops are not located)", () => {
    vi.mocked(parseDocument).mockClear();
    createDouble({ scenarios: [shadowed as unknown as ScenarioFile] });
    // The default fixtures and built-in values are YAML files: only the given object is counted.
    const ofObject = vi.mocked(parseDocument).mock.calls.filter(([text]) => text.includes('"name": "shadowed"'));
    expect(ofObject).toEqual([]);
  });

  test("the warnings are still there, located, when read", () => {
    vi.mocked(parseDocument).mockClear();
    const result = parseScenario(JSON.stringify(shadowed, null, 2));
    expect(result.ok).toBe(true);
    expect(parseDocument).not.toHaveBeenCalled();
    expect(result.warnings).toHaveLength(1_999);
    expect(result.warnings[0]).toMatchObject({ path: "rules.1", line: 19, message: expect.stringMatching(/^warning: can never fire: the earlier "r0"/) });
    expect(result.warnings).toBe(result.warnings);
    expect(parseDocument).toHaveBeenCalledTimes(1);
  });
});
