import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import { replayLog } from "../src/replay/replay.js";
import { setup } from "./helpers.js";
import { ALL_RULES, scriptArb, type Cmd } from "./model/commands.js";
import { Driver, requestLines } from "./model/driver.js";
import { playScript, readEverything } from "./model/play.js";

/**
 * Determinism property (issue 7, item 2): for random scripts (the model-based commands), the same
 * seed gives byte-identical answer streams (status, body bytes, x-request-id): in two fresh worlds,
 * after `POST /_mock/reset`, in two sandboxes created with the same seed, and across a replay of the
 * exported journal. `PROPERTY_RUNS` raises the number of scripts per property.
 */
const RUNS = Math.max(1, Math.round(Number(process.env.PROPERTY_RUNS ?? 100) / 4));
const SEED = Number(process.env.PROPERTY_SEED ?? 20260302);
const seedArb = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const totals = { scripts: 0, requests: 0 };

/** The first difference between two streams, with the requests that led there. */
function sameStream(a: Driver, b: Driver, script: readonly Cmd[], count = true): void {
  if (count) {
    totals.scripts++;
    totals.requests += a.sent.length + b.sent.length;
  }
  const i = a.stream.findIndex((line, k) => line !== b.stream[k]);
  if (i === -1 && a.stream.length === b.stream.length) return;
  const at = i === -1 ? Math.min(a.stream.length, b.stream.length) : i;
  throw new Error(
    `answer ${at + 1} differs:\n  first:  ${a.stream[at]?.slice(0, 600)}\n  second: ${b.stream[at]?.slice(0, 600)}\n` +
      `--- commands ---\n${script.map((c) => JSON.stringify(c)).join("\n")}\n--- requests ---\n${requestLines(a.sent.slice(0, at + 1))}`,
  );
}

const fresh = (seed: string) => {
  const { double } = setup({ seed });
  return { double, driver: new Driver((p, i) => double.app.request(p, i)) };
};

const prop = (check: (seed: string, script: Cmd[]) => Promise<void>) =>
  fc.assert(fc.asyncProperty(seedArb, scriptArb(25, ALL_RULES), check), { numRuns: RUNS, seed: SEED });

describe("determinism property", () => {
  afterAll(() => console.log(`determinism: ${totals.scripts} scripts compared, ${totals.requests} requests (seed ${SEED})`));

  test("two fresh worlds with the same seed answer byte for byte the same", async () => {
    await prop(async (seed, script) => {
      const [a, b] = [fresh(seed).driver, fresh(seed).driver];
      await playScript(a, script);
      await playScript(b, script);
      sameStream(a, b, script);
    });
  });

  test("a script run again after POST /_mock/reset answers as the first run did", async () => {
    await prop(async (seed, script) => {
      const { double } = fresh(seed);
      const first = new Driver((p, i) => double.app.request(p, i));
      await playScript(first, script);
      const reset = await double.app.request("/_mock/reset", { method: "POST" });
      expect(reset.status).toBe(200);
      const again = new Driver((p, i) => double.app.request(p, i));
      await playScript(again, script);
      sameStream(first, again, script);
    });
  });

  test("two sandboxes created with the same seed answer the same script the same way, and as a root world of that seed", async () => {
    await prop(async (seed, script) => {
      const { double } = fresh("host");
      const root = fresh(seed).driver;
      await playScript(root, script);
      const make = async () => {
        const r = await double.app.request("/_mock/sandboxes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seed }) });
        expect(r.status).toBe(201);
        return new Driver((p, i) => double.app.request(p, i), `/sandboxes/${((await r.json()) as { id: string }).id}`);
      };
      const [a, b] = [await make(), await make()];
      await playScript(a, script);
      await playScript(b, script);
      sameStream(a, b, script);
      sameStream(root, a, script);
    });
  });

  test("control: another seed gives other ids, so the comparisons above can fail", async () => {
    const script: Cmd[] = [{ k: "card", type: "SALE", amount: 1000, tip: 0, pan: "approve" }];
    const [a, b] = [fresh("one").driver, fresh("two").driver];
    await playScript(a, script);
    await playScript(b, script);
    expect(() => sameStream(a, b, script, false)).toThrow(/answer 1 differs/);
  });

  test("the replay of the exported journal reads back exactly as the original world", async () => {
    await prop(async (seed, script) => {
      const { double, driver } = fresh(seed);
      await playScript(driver, script);
      const exported = await (await double.app.request("/_mock/journal/export")).text();
      const replayed = await replayLog(exported);
      const original = new Driver((p, i) => double.app.request(p, i));
      const copy = new Driver((p, i) => replayed.app.request(p, i));
      await readEverything(original);
      await readEverything(copy);
      totals.requests += driver.sent.length;
      sameStream(original, copy, script);
    });
  });

  test("the replay of a sandbox's exported journal reads back exactly as the sandbox", async () => {
    await prop(async (seed, script) => {
      const { double } = fresh("host");
      const made = await double.app.request("/_mock/sandboxes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seed }) });
      const prefix = `/sandboxes/${((await made.json()) as { id: string }).id}`;
      const driver = new Driver((p, i) => double.app.request(p, i), prefix);
      await playScript(driver, script);
      const replayed = await replayLog(await (await double.app.request(`${prefix}/_mock/journal/export`)).text());
      const original = new Driver((p, i) => double.app.request(p, i), prefix);
      const copy = new Driver((p, i) => replayed.app.request(p, i));
      await readEverything(original);
      await readEverything(copy);
      totals.requests += driver.sent.length;
      // The sandbox's journal shows the paths as called (with the prefix); the replay serves the
      // world at the root. Everything else is byte for byte.
      original.stream.forEach((line, i) => (original.stream[i] = line.replaceAll(`"path":"${prefix}/`, `"path":"/`)));
      sameStream(original, copy, script);
    });
  });
});
