import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFiles } from "./check.js";

describe("checkFiles' summary line", () => {
  it("counts in the singular for one (1 rule, 1 timeline entry)", () => {
    const dir = mkdtempSync(join(tmpdir(), "paydouble-check-unit-"));
    const one = join(dir, "one.yaml");
    writeFileSync(one, "version: 1\nname: one\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\ntimeline:\n  - { at: P1D, do: close_batches }\n");
    const two = join(dir, "two.yaml");
    writeFileSync(two, "version: 1\nname: two\nrules:\n  - when: { operation: getClient }\n    then: { fail: { error: SYSTEM_ERROR } }\n  - when: { operation: listClients }\n    then: { fail: { error: SYSTEM_ERROR } }\n");
    const { lines } = checkFiles([one, two]);
    expect(lines.filter((l) => l.includes(": ok ("))).toEqual([
      `${one}: ok (scenario one, 1 rule, 1 timeline entry)`,
      `${two}: ok (scenario two, 2 rules, 0 timeline entries)`,
    ]);
  });
});
