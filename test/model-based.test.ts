import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { setup } from "./helpers.js";
import { scriptArb } from "./model/commands.js";
import { Driver } from "./model/driver.js";
import { failureReport } from "./model/report.js";
import { ModelRun } from "./model/runner.js";

/**
 * Model-based property (issue 7, item 1): random scripts of payments, moves, batch closes, clock
 * moves, scenario loads and resets run against the double and against the reference model in
 * `test/model/reference.ts`; after every step the invariants of `test/model/check.ts` hold.
 * `PROPERTY_RUNS` raises the number of scripts, `PROPERTY_SEED` picks another fast-check seed.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
const SEED = Number(process.env.PROPERTY_SEED ?? 20260302);
const START = Date.parse("2026-03-02T15:00:00.000Z");

describe("model-based property", () => {
  test("the double agrees with the reference model on every step of random scripts", async () => {
    let sequences = 0;
    let requests = 0;
    let steps = 0;
    const stats = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(scriptArb(30), fc.boolean(), fc.boolean(), async (script, inSandbox, viaReseller) => {
        const { double } = setup({ seed: "model" });
        // Half the scripts run in a sandbox (its own world, clock, scenarios and reset).
        let prefix = "";
        if (inSandbox) {
          const r = await double.app.request("/_mock/sandboxes", { method: "POST", headers: { "content-type": "application/json" }, body: '{"seed":"model"}' });
          prefix = `/sandboxes/${((await r.json()) as { id: string }).id}`;
        }
        // Half the scripts are sent by the reseller acting for the merchant: the same answers.
        const d = new Driver((path, init) => double.app.request(path, init), prefix, viaReseller);
        const run = new ModelRun(d, START);
        sequences++;
        steps += script.length;
        try {
          await run.run(script);
        } catch (e) {
          throw new Error(failureReport(e, d, run.loaded, script));
        } finally {
          requests += d.sent.length;
          for (const [k, n] of run.stats) stats.set(k, (stats.get(k) ?? 0) + n);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: false },
    );
    console.log(`model: ${sequences} sequences, ${steps} commands, ${requests} requests (seed ${SEED})`);
    console.log(`model: ${[...stats].sort().map(([k, n]) => `${k}: ${n}`).join(", ")}`);
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
  }, 600_000);
});
