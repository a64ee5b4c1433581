import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../src/gateway/operations.js";
import { everyOperation, type Call } from "./openapi-flow.js";
import { setup } from "./helpers.js";

/**
 * The document's examples are real answers: this test runs test/openapi-flow.ts against a double
 * seeded `openapi-examples` and compares what it answered with src/http/openapi-examples.json, so an
 * example can never drift from the double. After a change of behaviour:
 *   UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/openapi-examples.test.ts
 */
const FILE = new URL("../src/http/openapi-examples.json", import.meta.url);

type Recorded = Record<string, { request?: Record<string, unknown>; responses: Record<string, Record<string, unknown>> }>;

export async function recordExamples(): Promise<{ examples: Recorded; calls: Call[] }> {
  const t = setup({ seed: "openapi-examples" });
  const examples: Recorded = {};
  const calls = await everyOperation(
    async (call) => {
      const qs = call.query ? `?${new URLSearchParams(call.query)}` : "";
      const r = await t.call(call.method, call.path + qs, { as: call.as, body: call.body });
      const entry = (examples[call.op] ??= { responses: {} });
      if (call.body !== undefined) (entry.request ??= {})[call.outcome] ??= call.body;
      (entry.responses[r.status] ??= {})[call.outcome] ??= r.body;
      return r;
    },
    (method, path, body) => t.call(method, path, { as: null, body }),
  );
  return { examples, calls };
}

describe("the OpenAPI examples", () => {
  it("are the answers the double gives today, for every operation, success and error", async () => {
    const { examples } = await recordExamples();
    const text = JSON.stringify(examples, null, 1) + "\n";
    if (process.env.UPDATE_OPENAPI_EXAMPLES) writeFileSync(FILE, text);
    expect(readFileSync(FILE, "utf8"), "stale: run UPDATE_OPENAPI_EXAMPLES=1 npx vitest run test/openapi-examples.test.ts").toBe(text);
    for (const op of OPERATIONS) {
      expect(examples[op.id]?.responses["200"], `${op.id} has a success example`).toBeDefined();
      if (op.body) expect(examples[op.id]?.request, `${op.id} has a request example`).toBeDefined();
    }
  });
});
