import { describe, expect, test } from "vitest";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { createChild, loadYaml, transcript } from "./scenario-helpers.js";

const CHAOS = `version: 1
name: chaos
rules:
  - name: flaky reads
    when: { operation: getClient, chance: 0.4 }
    then: { fail: { error: DOWNSTREAM_ERROR } }
  - name: every third create
    when: { operation: createClient, every: 3 }
    then: { fail: { error: SYSTEM_ERROR } }
`;

/** One scripted session; returns every answer as status, headers that matter and body bytes. */
async function script(seed: string): Promise<string[]> {
  const t = setup({ seed });
  const { lines: out, note } = transcript();
  note(await loadYaml(t, CHAOS));
  for (let i = 0; i < 6; i++) {
    note(await createChild(t, `Child ${i}`));
    note(await t.get(`/v1/clients/${MERCHANT.id}`));
  }
  note(await t.post("/_mock/clock/advance", { by: "P1D" }, { as: null }));
  const sandbox = await t.post("/_mock/sandboxes", { scenarios: [CHAOS] }, { as: null });
  note(sandbox);
  for (let i = 0; i < 4; i++) note(await createChild(t, `Sandboxed ${i}`, `/sandboxes/${sandbox.body.id}`));
  note(await t.get("/v1/clients", { as: RESELLER }));
  note(await t.get("/_mock/scenarios", { as: null }));
  return out;
}

describe("determinism", () => {
  test("same seed and script: byte-identical responses, x-request-id included", async () => {
    const a = await script("det");
    const b = await script("det");
    expect(b).toEqual(a);
    expect(a.some((line) => line.startsWith("502"))).toBe(true);
    expect(a.some((line) => line.startsWith("500"))).toBe(true);
  });

  test("another seed gives other ids", async () => {
    const a = await script("det");
    const c = await script("other");
    expect(c[1]).not.toEqual(a[1]);
  });
});
