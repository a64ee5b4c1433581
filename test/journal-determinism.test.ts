import { describe, expect, it } from "vitest";
import { replayLog } from "../src/replay/replay.js";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { CARD, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/**
 * The richer journal (answers, error codes, query, near misses) stays deterministic: the same seed
 * and requests give the same `GET /_mock/requests` bytes, and so does `paydouble replay` of the
 * export. Wall-clock latency is the one thing that may differ, so it is not in these bytes.
 */
const SCENARIO = [
  "version: 1",
  "name: session",
  "rules:",
  "  - name: big once",
  "    when: { operation: createTransaction, body: { amount: { gte: 5000 } }, times: 1 }",
  "    then: { decline: { code: '51', description: Insufficient funds } }",
  "  - name: every other list",
  "    when: { operation: listTransactions, every: 2 }",
  "    then: { fail: { error: SYSTEM_ERROR, status: 502 } }",
].join("\n");

async function session() {
  const t = setup({ seed: "journal-bytes" });
  await loadYaml(t, SCENARIO);
  await t.post("/v1/transactions", sale({ amount: 4999, metadata: { note: "card 4111111111111111" } }));
  await t.post("/v1/transactions", sale({ amount: 5000 }));
  await t.post("/v1/transactions", sale({ amount: 6000 }));
  await t.post("/v1/transactions", sale({ payment_method: { ...CARD, pan: "4242424242424241" } }));
  await t.get("/v1/transactions?limit=2&type=SALE");
  await t.get("/v1/transactions?limit=2");
  await t.get("/v1/clients?Take=3", { as: RESELLER });
  await t.get("/v1/nowhere", { as: MERCHANT });
  // Refused bodies that are not kept (over 8 KiB; over the 1 MiB limit), at paths and queries with a card number.
  const big = JSON.stringify({ amount: 1, note: "x".repeat(9_000) });
  await t.post("/v1/transactions/4242424242424242/capture?card=4111111111111111", undefined, { raw: big, headers: { "content-type": "application/json" } });
  await t.post("/v1/transactions?card=4111111111111111", undefined, { raw: "x".repeat(1_100_000), headers: { "content-type": "application/json" } });
  return t;
}

const journalOf = async (request: (path: string) => Response | Promise<Response>) => (await request("/_mock/requests")).text();

describe("journal bytes", () => {
  it("are identical for the same seed and requests, and after a replay of the export", async () => {
    const first = await session();
    const second = await session();
    const bytes = await journalOf((p) => first.double.app.request(p));
    expect(await journalOf((p) => second.double.app.request(p))).toBe(bytes);
    const entries = JSON.parse(bytes).data;
    // The session exercises every new field, so the comparison covers them.
    expect(entries.some((e: any) => e.near_misses.length > 0)).toBe(true);
    expect(entries.some((e: any) => e.error_code === "SYSTEM_ERROR")).toBe(true);
    expect(entries.some((e: any) => Object.keys(e.query).length > 0)).toBe(true);
    expect(entries.filter((e: any) => e.response === null)).toHaveLength(2); // the two refused bodies
    expect(bytes).not.toMatch(/4242424242424242|4111111111111111/);
    const exported = (await first.get("/_mock/journal/export", { as: null })).text;
    const replayed = await replayLog(exported);
    expect(await journalOf((p) => replayed.app.request(p))).toBe(bytes);
    for (const e of entries) {
      const one = await (await replayed.app.request(`/_mock/requests/${e.seq}`)).text();
      expect(one).toBe(JSON.stringify(e));
    }
  });
});
