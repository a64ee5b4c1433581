import { describe, expect, test } from "vitest";
import { batchResponse } from "../src/gateway/batches/schema.js";
import { expectEnvelope, setup } from "./helpers.js";
import { achSale, advanceTo, expectTransaction, sale } from "./payments-helpers.js";
import { close, read } from "./payment-flow.js";

/** The direct test helpers of the control API (PRODUCT.md): ach-return, remove-from-batch, settle. */
type T = ReturnType<typeof setup>;
const ctl = (t: T, path: string, body?: unknown, root = "") => t.post(`${root}/_mock${path}`, body, { as: null });

describe("POST /_mock/transactions/{id}/ach-return", () => {
  test("now, with a code and reason: the transaction reads returned", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale()));
    const r = await ctl(t, `/transactions/${tx.id}/ach-return`, { code: "R01", reason: "Insufficient Funds" });
    expect(expectTransaction(r)).toMatchObject({ id: tx.id, is_returned: true, return_code: "R01", return_reason: "Insufficient Funds" });
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R01" });
  });

  test("with no body: returned with no code (keys absent)", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale()));
    expect((await t.call("POST", `/_mock/transactions/${tx.id}/ach-return`, { as: null })).status).toBe(200);
    const back = await read(t, tx.id);
    expect(back.is_returned).toBe(true);
    expect("return_code" in back).toBe(false);
  });

  test("later (in: P2D): 202 with the scheduled event; returned when the clock gets there", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale()));
    const r = await ctl(t, `/transactions/${tx.id}/ach-return`, { code: "R02", in: "P2D" });
    expect(r.status).toBe(202);
    expect(r.body.scheduled).toMatchObject({ event: "ach_return", subject: tx.id });
    expect(r.body.scheduled.at).toMatch(/^2026-03-04T15:00:00\./);
    expect((await read(t, tx.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-03-04T16:00:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R02" });
  });

  test("409 on a card, 409 when already returned, 404 for an unknown id, 400 for a bad body", async () => {
    const t = setup();
    const c = expectTransaction(await t.post("/v1/transactions", sale()));
    expectEnvelope(await ctl(t, `/transactions/${c.id}/ach-return`, {}), 409, "DUPLICATE_ACTION");
    const a = expectTransaction(await t.post("/v1/transactions", achSale()));
    expect((await ctl(t, `/transactions/${a.id}/ach-return`, {})).status).toBe(200);
    expectEnvelope(await ctl(t, `/transactions/${a.id}/ach-return`, { code: "R01" }), 409, "DUPLICATE_ACTION");
    expectEnvelope(await ctl(t, "/transactions/TRANSACTION-NOPE/ach-return", {}), 404, "RESOURCE_NOT_FOUND");
    const bad = expectEnvelope(await ctl(t, `/transactions/${a.id}/ach-return`, { in: "soon", extra: 1 }), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(bad.details ?? {}).sort()).toEqual(["extra", "in"]);
  });
});

describe("POST /_mock/transactions/{id}/remove-from-batch", () => {
  test("marks it; REMOVED_FROM_BATCH at the batch's close and out of the sums", async () => {
    const t = setup();
    const keep = expectTransaction(await t.post("/v1/transactions", sale({ amount: 300 })));
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 700 })));
    const r = await ctl(t, `/transactions/${tx.id}/remove-from-batch`);
    expect(expectTransaction(r).settlement_issue).toBeNull();
    const closed = await close(t, "Cardproc");
    expect(closed.body.batches[0].captured_amount).toBe(keep.amount);
    expect(await read(t, tx.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
  });

  test("409 once the batch closed, 404 for an unknown id", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    await close(t, "Cardproc");
    expectEnvelope(await ctl(t, `/transactions/${tx.id}/remove-from-batch`), 409, "DUPLICATE_ACTION");
    expectEnvelope(await ctl(t, "/transactions/TRANSACTION-NOPE/remove-from-batch"), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("POST /_mock/batches/{id}/settle", () => {
  test("settles a closed batch now; 409 when open or already settled; 404 unknown", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    expectEnvelope(await ctl(t, `/batches/${tx.batch_id}/settle`), 409, "DUPLICATE_ACTION");
    await close(t, "Cardproc");
    const r = await ctl(t, `/batches/${tx.batch_id}/settle`);
    expect(r.status).toBe(200);
    expect(batchResponse().safeParse(r.body).success).toBe(true);
    expect(r.body).toMatchObject({ id: tx.batch_id, status: "settled" });
    expect((await read(t, tx.id)).is_settled).toBe(true);
    expectEnvelope(await ctl(t, `/batches/${tx.batch_id}/settle`), 409, "DUPLICATE_ACTION");
    expectEnvelope(await ctl(t, "/batches/BATCH-NOPE/settle"), 404, "RESOURCE_NOT_FOUND");
  });

  test("settling early releases what waited for settlement (a scheduled ACH return)", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ payment_method: { ...achSale().payment_method, account_number: "000222222227" } })));
    await close(t, "Achproc");
    await ctl(t, `/batches/${tx.batch_id}/settle`);
    await advanceTo(t, "2026-03-04T15:01:00.000Z"); // Monday settle + 2 business days = Wednesday
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R01" });
  });
});

describe("the helpers under /sandboxes/{id}/_mock act on that sandbox only", () => {
  test("ach-return, remove-from-batch and settle in a sandbox", async () => {
    const t = setup();
    const sb = `/sandboxes/${(await t.post("/_mock/sandboxes", { seed: 1 }, { as: null })).body.id}`;
    const a = expectTransaction(await t.post(`${sb}/v1/transactions`, achSale()));
    const c = expectTransaction(await t.post(`${sb}/v1/transactions`, sale()));
    expectEnvelope(await ctl(t, `/transactions/${a.id}/ach-return`, {}), 404, "RESOURCE_NOT_FOUND");
    expect((await ctl(t, `/transactions/${a.id}/ach-return`, { code: "R03" }, sb)).status).toBe(200);
    expect((await read(t, a.id, sb)).return_code).toBe("R03");
    expect((await ctl(t, `/transactions/${c.id}/remove-from-batch`, undefined, sb)).status).toBe(200);
    await close(t, "Cardproc", sb);
    expect((await read(t, c.id, sb)).settlement_issue).toBe("REMOVED_FROM_BATCH");
    expectEnvelope(await ctl(t, `/batches/${c.batch_id}/settle`), 404, "RESOURCE_NOT_FOUND");
    expect((await ctl(t, `/batches/${c.batch_id}/settle`, undefined, sb)).body.status).toBe("settled");
  });
});
