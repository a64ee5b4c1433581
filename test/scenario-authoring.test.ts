import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { checkFiles } from "../src/cli/check.js";
import { parseScenario } from "../src/scenarios/loader.js";
import { SCENARIO_DIR } from "../src/scenarios/library.js";
import { expectEnvelope, setup } from "./helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/** Issue 13: scenario files that would never match, or do nothing, are refused with line and column. */
const BAD = join(import.meta.dirname, "files", "bad");
const problemsOf = (name: string) => {
  const r = parseScenario(readFileSync(join(BAD, name), "utf8"));
  return r.ok ? [] : r.problems.map((p) => `${p.line}:${p.column}: ${p.path}: ${p.message}`);
};

describe("rules are checked against the operation they name", () => {
  test("a typo in a body path is refused with the dotted spelling that exists", () => {
    expect(problemsOf("typo-path.yaml")).toEqual([
      '6:15: rules.0.when.body.paymentmethod.type: body.paymentmethod.type names no field of the body of createTransaction ("paymentmethod" at the top level); did you mean payment_method.type?',
    ]);
  });

  test("paths come from the request schemas: nested fields, records and query parameters", () => {
    const ok = (when: string) => parseScenario(`version: 1\nname: p\nrules:\n  - when: ${when}\n    then: { approve: true }\n`).ok;
    expect(ok("{ operation: createTransaction, body: { payment_method.billing_address.postal_code: '1' } }")).toBe(true);
    expect(ok("{ operation: createTransaction, body: { metadata.order: '1' } }")).toBe(true);
    expect(ok("{ operation: listTransactions, query: { type: SALE } }")).toBe(true);
    expect(ok("{ operation: getTransaction, params: { id: x } }")).toBe(true);
    expect(ok("{ operation: getTransaction, params: { token: x } }")).toBe(false);
    expect(ok("{ operation: listClients, body: { amount: 1 } }")).toBe(false);
    expect(ok("{ body: { amount: 1 } }")).toBe(true); // the union of every operation
    expect(ok("{ body: { amont: 1 } }")).toBe(false);
    expect(ok("{ operation: createTransaction, headers: { x-anything: 1 } }")).toBe(true); // headers stay free
  });

  test("outcomes that cannot apply name the operations where they do", () => {
    expect(problemsOf("list-clients-outcomes.yaml")).toEqual([
      "6:7: rules.0.then.decline: decline cannot apply to listClients; it applies only to createTransaction, captureTransaction, cancelTransaction",
      "8:13: rules.0.then.schedule.0.event: schedule ach_return cannot apply to listClients; it applies only to createTransaction, cancelTransaction",
    ]);
    const tok = parseScenario("version: 1\nname: t\nrules:\n  - when: { operation: createPaymentToken }\n    then: { tokenization: fail }\n");
    expect(tok.ok ? "" : tok.problems[0]!.message).toMatch(/tokenization cannot apply to createPaymentToken; it applies only to createTransaction/);
  });

  test("`after` on a schedule event that does not read it is refused", () => {
    const r = parseScenario("version: 1\nname: a\nrules:\n  - when: { operation: createTransaction }\n    then: { schedule: [{ event: settle, after: now, in: P1D }] }\n");
    expect(r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(["rules.0.then.schedule.0.after: is read by ach_return only; settle would ignore it"]);
  });

  test("a nested condition map is refused with the dotted form spelled out", () => {
    expect(problemsOf("nested-condition.yaml")).toEqual([
      "6:31: rules.0.when.body.payment_method: is a nested map; conditions take dotted paths: write { payment_method.type: ACH }",
    ]);
  });

  test("wrong types say what was expected and what was given", () => {
    expect(problemsOf("wrong-types.yaml")).toEqual([
      "5:22: rules.0.then.decline.description: is required",
      '5:30: rules.0.then.decline.code: expected text, given the number 51 (quote it: "51")',
      "7:22: rules.1.then.decline: expected a map, given the boolean true",
    ]);
  });

  test("an unknown operation gets a did-you-mean and no pointer to text that does not exist", () => {
    expect(problemsOf("unknown-operation.yaml")).toEqual(['4:24: rules.0.when.operation: unknown operation "createTransation"; did you mean createTransaction?']);
  });

  test("an unknown operation with body conditions is one problem, not a crash (the paths have no operation to be checked against)", () => {
    const r = parseScenario("version: 1\nname: u\nrules:\n  - when: { operation: createTransation, body: { paymentmethod.type: ACH } }\n    then: { decline: { code: '51', description: Insufficient funds } }\n");
    expect(r.ok ? [] : r.problems.map((p) => `${p.line}:${p.column}: ${p.path}: ${p.message}`)).toEqual([
      '4:24: rules.0.when.operation: unknown operation "createTransation"; did you mean createTransaction?',
    ]);
  });

  test("every problem of a file comes at once, the outcome clash included", () => {
    expect(problemsOf("waves.yaml")).toEqual([
      "4:50: rules.0.when.times: must be at least 1, given the number 0",
      "7:7: rules.0.then.fail: gives a second outcome: decline and fail clash; a rule gives at most one of approve, decline, error_result, fail, transport",
      "8:17: rules.0.then.delay_ms: must be at least 0, given the number -1",
    ]);
  });

  test("POST /_mock/scenarios answers the same problems as details, nothing loaded", async () => {
    const t = setup();
    const r = await loadYaml(t, readFileSync(join(BAD, "typo-path.yaml"), "utf8"));
    const env = expectEnvelope(r, 400, "INVALID_REQUEST_DATA");
    expect(env.details).toEqual({ "rules.0.when.body.paymentmethod.type": expect.stringMatching(/^line 6, column 15: .*did you mean payment_method.type\?$/) });
  });
});

test("a JSON upload is read by JSON.parse and its problems still carry line and column", async () => {
  const t = setup();
  const json = JSON.stringify({ version: 1, name: "j", rules: [{ when: { operation: "createTransaction", body: { amont: 1 } }, then: { approve: true } }] }, null, 2);
  const r = await t.call("POST", "/_mock/scenarios", { as: null, raw: json, headers: { "content-type": "application/json" } });
  expect(expectEnvelope(r, 400, "INVALID_REQUEST_DATA").details).toEqual({ "rules.0.when.body.amont": expect.stringMatching(/^line 9, column 11: .*did you mean amount\?$/) });
});

describe("warnings for rules that can never fire", () => {
  test("check prints them and exits 0; --strict makes them errors", () => {
    const file = join(BAD, "warnings.yaml");
    const loose = checkFiles([file]);
    expect(loose.ok).toBe(true);
    expect(loose.lines.filter((l) => l.includes("warning:"))).toEqual([
      `${file}:7:5: rules.1: warning: can never fire: the earlier "every sale" matches every request this one matches and has no budget`,
      `${file}:11:51: rules.2.when.chance: warning: chance: 0 never fires`,
      expect.stringContaining(`${file}:14:48: rules.3.when.nth: warning: nth: 3 is larger than times: 1`),
    ]);
    expect(checkFiles([file], { strict: true }).ok).toBe(false);
  });

  test("POST /_mock/scenarios loads a file with warnings and returns them", async () => {
    const t = setup();
    const r = await loadYaml(t, readFileSync(join(BAD, "warnings.yaml"), "utf8"));
    expect(r.status).toBe(201);
    expect(r.body.warnings).toHaveLength(3);
  });

  test("every shipped scenario passes check --strict", () => {
    const files = readdirSync(SCENARIO_DIR).filter((f) => f.endsWith(".yaml")).map((f) => join(SCENARIO_DIR, f));
    expect(files.length).toBeGreaterThan(5);
    const r = checkFiles(files, { strict: true });
    expect(r.lines.filter((l) => !/: ok \(scenario /.test(l))).toEqual([]);
    expect(r.ok).toBe(true);
  });
});

describe("fixture files", () => {
  test("check reads a fixtures file by its content and reports line:column", () => {
    const file = join(BAD, "fixtures-bad.yaml");
    const r = checkFiles([file, join(SCENARIO_DIR, "..", "fixtures", "default.yaml")]);
    expect(r.ok).toBe(false);
    expect(r.lines[0]).toBe(`${file}:4:11: clients.0.type: must be one of merchant, reseller, given the text "merchnt"; did you mean merchant?\n${file}:6:5: clients.0.extra: is not a known field`);
    expect(r.lines[1]).toMatch(/default\.yaml: ok \(fixtures, \d+ clients, \d+ integrations\)/);
  });
});
