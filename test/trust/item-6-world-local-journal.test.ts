import { describe, expect, it } from "vitest";
import { replayLog } from "../../src/replay/replay.js";
import { setup } from "../helpers.js";
import { sale } from "../payments-helpers.js";

/**
 * Issue 21 item 6: same seed, same journal. Two sandboxes of one seed given the same requests keep
 * journals and exports of the same bytes (world-local paths, `/v1/...`), and a sandbox's export
 * replayed into a fresh double journals what the live sandbox did.
 */
describe("item 6: journals and exports speak world-local paths", () => {
  async function session(s: ReturnType<typeof setup>, root: string) {
    await s.post(`${root}/v1/transactions`, sale({ metadata: { order: "A-1" } }));
    await s.get(`${root}/v1/transactions?limit=5`);
    await s.get(`${root}/v1/transactions/TRANSACTION-01JZZZZZZZZZZZZZZZZZZZZZZZ`);
    await s.call("POST", `${root}/v1/transactions`, { raw: "x".repeat(9000), headers: { "content-type": "application/json" } });
    await s.post(`${root}/_mock/clock/advance`, { by: "PT1H" }, { as: null });
  }

  it("two sandboxes of one seed: the same journal and export bytes; a replay journals the same", async () => {
    const s = setup();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await s.post("/_mock/sandboxes", { seed: "same" }, { as: null })).body.id);
    for (const id of ids) await session(s, `/sandboxes/${id}`);
    const journals = await Promise.all(ids.map(async (id) => (await s.get(`/sandboxes/${id}/_mock/requests`, { as: null })).text));
    const exports = await Promise.all(ids.map(async (id) => (await s.get(`/sandboxes/${id}/_mock/journal/export`, { as: null })).text));
    expect(journals[0]).toContain('"path":"/v1/transactions"');
    expect(journals[0]).not.toContain("/sandboxes/");
    expect(journals[1]).toBe(journals[0]);
    expect(exports[1]).toBe(exports[0]);

    const replayed = await replayLog(exports[0]!);
    const again = await replayed.app.request("/_mock/requests");
    const live = JSON.parse(journals[0]!).data;
    expect((await again.json()).data).toEqual(live);
    expect(live.map((e: { path: string }) => e.path)).toEqual(["/v1/transactions", "/v1/transactions", "/v1/transactions/TRANSACTION-01JZZZZZZZZZZZZZZZZZZZZZZZ", "/v1/transactions"]);
  });

});
