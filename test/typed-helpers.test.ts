import { afterAll, describe, expect, it } from "vitest";
import { startDouble, type RunningDouble } from "../src/index.js";

/**
 * The control helpers are typed by the answers they return (docs/how-to/test-from-code.md, "typed
 * helpers"): a new-user review found every `scenarios.*` helper typed `Promise<unknown>`, and the
 * request filter without `path`, `rule` and `quirk`. This file compiles only if they are typed
 * (`npm run typecheck`); the assertions hold the types to what the double answers.
 */
const SCENARIO = "version: 1\nname: typed\nrules:\n  - name: decline-big\n    when: {operation: createTransaction, body: {amount: {gte: 90000}}}\n    then: {decline: {code: \"05\", description: \"Do not honor\"}}\n";

describe("typed control helpers", () => {
  let double: RunningDouble;
  afterAll(() => double?.close());

  it("scenarios.* answer typed values, and requests.list filters by rule", async () => {
    double = await startDouble({ seed: "typed" });
    const loaded = await double.scenarios.load(SCENARIO);
    expect([loaded.loaded, loaded.rules, loaded.warnings.length]).toEqual(["typed", 1, 0]);
    const listed = await double.scenarios.list();
    expect(listed.scenarios.map((s) => s.name)).toContain("typed");
    const off = await double.scenarios.disable("typed");
    expect([off.name, off.enabled]).toEqual(["typed", false]);
    const on = await double.scenarios.enable("typed");
    expect(on.enabled).toBe(true);
    const sale = await fetch(`${double.url}/v1/transactions`, {
      method: "POST",
      headers: { ...double.merchant.headers, "content-type": "application/json" },
      body: JSON.stringify({ type: "SALE", amount: 95000, payment_method: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } } }),
    });
    expect((await sale.json()).result).toBe("DECLINED");
    const shaped = await double.requests.list({ rule: "typed/decline-big", path: "/v1/transactions" });
    expect(shaped.map((e) => e.rule)).toEqual(["typed/decline-big"]);
    const replaced = await double.scenarios.replace("typed", SCENARIO);
    expect([replaced.replaced, replaced.rules]).toEqual(["typed", 1]);
    const unloaded = await double.scenarios.unload("typed");
    expect(unloaded.unloaded).toBe("typed");
    const reset = await double.scenarios.reset();
    expect(reset.scenarios.every((s) => s.name !== "typed")).toBe(true);
  });
});
