import { describe, expect, test } from "vitest";
import { MERCHANT, setup } from "./helpers.js";
import { achSale, advanceTo, expectTransaction, sale } from "./payments-helpers.js";

type T = ReturnType<typeof setup>;
/** The next payment follows `outcome` (stands in for a loaded scenario rule); later ones do not. */
async function createWith(t: T, body: unknown, outcome: Record<string, unknown>) {
  const world = t.double.host.root;
  world.scenarios.match = () => ({ label: "test/forced", outcome });
  const r = expectTransaction(await t.post("/v1/transactions", body));
  world.scenarios.match = () => null;
  return r;
}
const closeAll = (t: T) => t.post("/v1/batches/close", { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "x" });
const read = async (t: T, id: string) => (await t.get(`/v1/transactions/${id}`)).body;
const batchOf = async (t: T, id: string) => (await t.get("/v1/batches?take=100")).body.data.find((b: any) => b.id === id);

describe("scenario outcomes the payments code applies", () => {
  test("schedule ach_return: two business days after settlement by default, code and reason kept", async () => {
    const t = setup();
    const a = await createWith(t, achSale(), { schedule: [{ event: "ach_return", code: "R01", reason: "Insufficient Funds" }] });
    await closeAll(t); // Monday: settles Tuesday, returns Thursday
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect(await read(t, a.id)).toMatchObject({ is_settled: true, is_returned: false });
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect(await read(t, a.id)).toMatchObject({ is_returned: true, return_code: "R01", return_reason: "Insufficient Funds" });
  });

  test("schedule ach_return with no code, after now, in a duration: the code keys stay absent", async () => {
    const t = setup();
    const a = await createWith(t, achSale(), { schedule: [{ event: "ach_return", after: "now", in: "PT1H", code: null }] });
    await advanceTo(t, "2026-03-02T16:01:00.000Z");
    const r = await read(t, a.id);
    expect(r).toMatchObject({ is_returned: true, is_settled: false });
    expect("return_code" in r || "return_reason" in r).toBe(false);
  });

  test("schedule remove_from_batch: REMOVED_FROM_BATCH at the next close", async () => {
    const t = setup();
    const s = await createWith(t, sale(), { schedule: [{ event: "remove_from_batch" }] });
    expect((await read(t, s.id)).settlement_issue).toBeNull();
    await closeAll(t);
    expect(await read(t, s.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    expect((await batchOf(t, s.batch_id)).captured_amount).toBe(0);
  });

  test("settlement.delay: business days added to the default, or a duration", async () => {
    const t = setup();
    const s = await createWith(t, sale(), { settlement: { delay: 2 } });
    await closeAll(t); // Monday close: 1 + 2 business days = Thursday
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect((await batchOf(t, s.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect((await batchOf(t, s.batch_id)).status).toBe("settled");
    const u = await createWith(t, sale(), { settlement: { delay: "PT6H" } });
    await closeAll(t);
    await advanceTo(t, "2026-03-06T21:02:00.000Z"); // Thursday close + 1 business day + 6 h
    expect((await batchOf(t, u.batch_id)).status).toBe("settled");
  });

  test("schedule settle after batch_close: settles that long after the close", async () => {
    const t = setup();
    const s = await createWith(t, sale(), { schedule: [{ event: "settle", in: "PT2H" }] });
    await closeAll(t);
    await advanceTo(t, "2026-03-02T16:59:00.000Z");
    expect((await batchOf(t, s.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-02T17:01:00.000Z");
    expect((await batchOf(t, s.batch_id)).status).toBe("settled");
  });
});
