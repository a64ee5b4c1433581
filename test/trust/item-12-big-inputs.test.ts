import { RE2JS } from "re2js";
import { describe, expect, test, vi } from "vitest";
import { editDistance, nearest } from "../../src/core/nearest.js";
import { ScenarioEngine, type MatchInput } from "../../src/scenarios/engine.js";
import { NEAR_MISS_SCAN, nearMisses } from "../../src/scenarios/explain.js";
import { lintScenario } from "../../src/scenarios/lint.js";
import { scenarioSchema, type ScenarioFile } from "../../src/scenarios/schema.js";
import { expectEnvelope, setup } from "../helpers.js";

/**
 * Issue 21 item 12: big inputs must not block every world. The work is counted, not timed (the
 * times are in bench/big-inputs.mjs): reads of each rule's `when`, calls of the edit distance.
 */

/** Rules whose `when` reads are counted. */
function counted(rules: Record<string, unknown>[]) {
  const reads = { n: 0 };
  const wrapped = rules.map((r) => new Proxy(r, { get: (t, k) => (k === "when" && reads.n++, Reflect.get(t, k)) }));
  return { rules: wrapped, reads };
}

const input = (operation: string, body: unknown = {}): MatchInput => ({ operation, clientId: null, body, query: {}, headers: () => ({}) });

describe("item 12: the work of big inputs is bounded", () => {
  test("did-you-mean: the edit distance never runs over a word far longer than every candidate", () => {
    const calls: number[] = [];
    const distance = (a: string, b: string) => (calls.push(Math.max(a.length, b.length)), editDistance(a, b));
    expect(nearest("createTransactio", ["createTransaction", "getTransaction"], distance)).toBe("createTransaction");
    expect(calls.length).toBeGreaterThan(0);
    calls.length = 0;
    expect(nearest("createTransactio".repeat(60_000), ["createTransaction", "getTransaction", "listClients"], distance)).toBeNull();
    expect(calls).toEqual([]);
    // Equal once case and separators are ignored: found without any distance.
    expect(nearest("create_transaction", ["createTransaction"], distance)).toBe("createTransaction");
    expect(calls).toEqual([]);
  });

  test("the shadowing check of a 20,000-rule file reads each rule a bounded number of times", () => {
    const same = Array.from({ length: 10_000 }, () => ({ when: {}, then: {} }));
    const distinct = Array.from({ length: 10_000 }, (_, i) => ({ when: { client: `CLIENT-${i}` }, then: {} }));
    const { rules, reads } = counted([...distinct, ...same]);
    const findings = lintScenario({ version: 1, name: "big", rules });
    // Every one of the 10,000 identical rules after the first is shadowed by it.
    expect(findings.filter((f) => f.message.startsWith("can never fire")).length).toBeGreaterThanOrEqual(9_999);
    expect(reads.n).toBeLessThan(600 * rules.length);
  });

  test("a request does not walk the rules of other operations", () => {
    const many = Array.from({ length: 9_000 }, (_, i) => ({ when: { operation: "createClient", body: { dba: { matches: `^Zz${i}(\\d+)$` } } }, then: { fail: { error: "SYSTEM_ERROR" } } }));
    const file = scenarioSchema().parse({ version: 1, name: "many", rules: many }) as ScenarioFile;
    const { rules, reads } = counted(file.rules as unknown as Record<string, unknown>[]);
    const engine = new ScenarioEngine({ start: [{ ...file, rules: rules as never }], builtin: null, chance: () => 0 });
    expect(engine.match(input("createTransaction"))).toBeNull();
    reads.n = 0;
    expect(engine.match(input("createTransaction"))).toBeNull();
    expect(reads.n).toBe(0);
    expect(nearMisses(engine.active, input("createTransaction"), null).length).toBeGreaterThan(0);
    expect(reads.n).toBeLessThan(5 * 30);
    expect(engine.match(input("createClient", { dba: "Zz8999123" }))?.label).toBe("many/rule-9");
  });

  test("a `matches` rule that does not match costs one test of its pattern, not a matcher", () => {
    // Unanchored patterns: no literal prefix turns them away before RE2 runs.
    const many = Array.from({ length: 9_000 }, (_, i) => ({ when: { operation: "createTransaction", body: { "payment_method.first_name": { matches: `Zz${i}_(\\d+)$` } } }, then: {} }));
    const file = scenarioSchema().parse({ version: 1, name: "many", rules: many }) as ScenarioFile;
    const engine = new ScenarioEngine({ start: [file], builtin: null, chance: () => 0 });
    const ada = input("createTransaction", { payment_method: { first_name: "Ada" } });
    const matchers = vi.spyOn(RE2JS.prototype, "matcher");
    const tests = vi.spyOn(RE2JS.prototype, "test");
    try {
      expect(engine.match(ada)).toBeNull();
      expect(tests).toHaveBeenCalledTimes(9_000);
      expect(matchers).not.toHaveBeenCalled();
      // The one rule that matches builds one matcher, for its capture group ($1).
      expect(engine.match(input("createTransaction", { payment_method: { first_name: "xZz8999_123" } }))?.label).toBe("many/rule-9000");
      expect(matchers).toHaveBeenCalledTimes(1);
    } finally {
      matchers.mockRestore();
      tests.mockRestore();
    }
  });

  test("near misses of a request are looked for among a bounded number of rules", () => {
    const many = Array.from({ length: 9_000 }, (_, i) => ({ when: { operation: "createTransaction", body: { "payment_method.first_name": { matches: `^Zz${i}$` } } }, then: {} }));
    const file = scenarioSchema().parse({ version: 1, name: "many", rules: many }) as ScenarioFile;
    const { rules, reads } = counted(file.rules as unknown as Record<string, unknown>[]);
    const engine = new ScenarioEngine({ start: [{ ...file, rules: rules as never }], builtin: null, chance: () => 0 });
    nearMisses(engine.active, input("createTransaction", { payment_method: { first_name: "Ada" } }), null);
    reads.n = 0;
    expect(nearMisses(engine.active, input("createTransaction", { payment_method: { first_name: "Ada" } }), null)).toHaveLength(3);
    expect(reads.n).toBeLessThanOrEqual(10 * NEAR_MISS_SCAN);
  });

  test("a 938 KB misspelled operation and a 900 KB body path: 400 with a short answer", async () => {
    const t = setup();
    const load = (yaml: string) => t.call("POST", "/_mock/scenarios", { as: null, raw: yaml, headers: { "content-type": "application/yaml" } });
    const typo = await load(`version: 1\nname: typo\nrules:\n  - { when: { operation: ${"createTransactio".repeat(60_000)} }, then: {} }\n`);
    const env = expectEnvelope(typo, 400, "INVALID_REQUEST_DATA");
    expect(env.details!["rules.0.when.operation"]).toMatch(/unknown operation "(createTransactio){3}/);
    expect(typo.text.length).toBeLessThan(2_000);
    const path = `${"payment_methd.".repeat(64_000)}x`;
    const long = expectEnvelope(await load(`version: 1\nname: path\nrules:\n  - { when: { operation: createTransaction, body: { ${path}: 1 } }, then: {} }\n`), 400, "INVALID_REQUEST_DATA");
    expect(Object.values(long.details!)).toEqual([expect.stringContaining("must be a dotted path of at most 200 characters")]);
  });
});
