import { describe, expect, test } from "vitest";
import { MERCHANT, setup } from "./helpers.js";
import { ACH, CARD, achSale, advanceTo, expectBatch, expectTransaction, sale } from "./payments-helpers.js";

const close = (processor = "Cardproc", batch_type = "card", extra: Record<string, unknown> = {}) => ({
  client_id: MERCHANT.id,
  processor,
  batch_type,
  created_at: "2026-03-02T20:00:00.000Z",
  ...extra,
});

async function batchesOf(t: ReturnType<typeof setup>) {
  const r = await t.get("/v1/batches?sort_column=batch_number&sort_order=asc");
  expect(r.status).toBe(200);
  return r.body.data.map(expectBatch);
}

/** The sums rule: each batch column equals the sum over the batch's own transactions. */
async function expectSumsMatch(t: ReturnType<typeof setup>) {
  for (const b of await batchesOf(t)) {
    const rows = (await t.get(`/v1/batches/${b.id}/transactions?limit=100`)).body.data;
    const live = rows.filter((x: any) => x.settlement_issue === null);
    const debits = live.filter((x: any) => x.type === "SALE" || x.type === "CAPTURE");
    const voided = new Set(
      (await t.get("/v1/transactions?type=CANCEL&limit=100")).body.data.map((c: any) => c.reference_transaction_id),
    );
    const sum = (xs: any[]) => xs.reduce((s, x) => s + x.amount, 0);
    expect(b.approved_amount).toBe(sum(debits));
    expect(b.void_amount).toBe(sum(live.filter((x: any) => voided.has(x.id))));
    expect(b.captured_amount).toBe(sum(debits.filter((x: any) => !voided.has(x.id))));
    expect(b.refund_amount).toBe(sum(live.filter((x: any) => (x.type === "REFUND" || x.type === "PAYOUT") && !voided.has(x.id))));
    expect(b.net_amount).toBe(b.captured_amount - b.refund_amount);
    expect(b.batch_net_amount).toBe(b.net_amount);
  }
}

describe("card life cycle through HTTP", () => {
  test("create, capture, void, close, settle, refund with batch sums matching", async () => {
    const t = setup();
    const s = expectTransaction(await t.post("/v1/transactions", sale({ amount: 1500, tip: 300 })));
    expect(s).toMatchObject({ type: "SALE", result: "APPROVED", is_settled: false, reference_transaction_id: null });
    expect(s.batch_id).toMatch(/^BATCH-/);
    const auth = expectTransaction(await t.post("/v1/transactions", { type: "AUTH", amount: 5000, payment_method: CARD }));
    expect(auth.batch_id).toBeNull();
    const cap = expectTransaction(await t.post(`/v1/transactions/${auth.id}/capture`, { amount: 4000 }));
    expect(cap).toMatchObject({ type: "CAPTURE", reference_transaction_id: auth.id, amount: 4000, batch_id: s.batch_id });
    expect(cap.payment_method.expiry).toBeNull();
    const v = expectTransaction(await t.post("/v1/transactions", sale({ amount: 700 })));
    const voided = expectTransaction(await t.post(`/v1/transactions/${v.id}/cancel`, { type: "VOID" }));
    expect(voided).toMatchObject({ type: "CANCEL", reference_transaction_id: v.id, amount: 700 });
    expect(voided.payment_method.expiry).toBeNull();
    await expectSumsMatch(t);
    let [b] = await batchesOf(t);
    expect(b).toMatchObject({ status: "open", approved_amount: 6200, captured_amount: 5500, void_amount: 700, refund_amount: 0, net_amount: 5500 });

    const closed = await t.post("/v1/batches/close", close());
    expect(closed.status).toBe(200);
    expect(closed.body.batches.map((x: any) => expectBatch(x).status)).toEqual(["closed"]);
    expect((await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND" })).status).toBe(409);

    await advanceTo(t, "2026-03-03T16:00:00.000Z");
    [b] = await batchesOf(t);
    expect(b.status).toBe("settled");
    expect(b.settled_at_date_time).toMatch(/^2026-03-03T/);
    expect((await t.get(`/v1/transactions/${s.id}`)).body.is_settled).toBe(true);
    expect((await t.get(`/v1/transactions/${v.id}`)).body.is_settled).toBe(false);

    const r1 = expectTransaction(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND", amount: 500 }));
    expect(r1).toMatchObject({ type: "REFUND", amount: 500, reference_transaction_id: s.id });
    expect(r1.batch_id).not.toBe(s.batch_id);
    const r2 = expectTransaction(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND" }));
    expect(r2.amount).toBe(1000);
    expect((await t.post(`/v1/transactions/${s.id}/cancel`, { type: "REFUND", amount: 50 })).status).toBe(409);
    await expectSumsMatch(t);
    const all = await batchesOf(t);
    expect(all[1]).toMatchObject({ batch_number: "2", status: "open", refund_amount: 1500, net_amount: -1500 });
  });
});

describe("ACH life cycle through HTTP", () => {
  test("debit and payout join the ACH batch, settle, and refund after settlement", async () => {
    const t = setup();
    const d = expectTransaction(await t.post("/v1/transactions", achSale()));
    expect(d.payment_method).toEqual({ type: "ACH", first_name: "Grace", last_name: "Hopper", payment_token: null });
    expect(d.integrations).toEqual(["ACHPROC"]);
    const p = expectTransaction(await t.post("/v1/transactions", { type: "PAYOUT", amount: 900, payment_method: ACH }));
    const x = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 300 })));
    expectTransaction(await t.post(`/v1/transactions/${x.id}/cancel`, { type: "VOID" }));
    expect(p.batch_id).toBe(d.batch_id);
    let [b] = await batchesOf(t);
    expect(b).toMatchObject({ processor: "ACHPROC", batch_type: "ach", approved_amount: 2800, void_amount: 300, captured_amount: 2500, refund_amount: 900, net_amount: 1600 });
    await expectSumsMatch(t);
    expect((await t.post("/v1/batches/close", close("Achproc", "ach"))).body.batches).toHaveLength(1);
    await advanceTo(t, "2026-03-04T00:00:00.000Z");
    [b] = await batchesOf(t);
    expect(b.status).toBe("settled");
    const refund = expectTransaction(await t.post(`/v1/transactions/${d.id}/cancel`, { type: "REFUND", amount: 1000 }));
    expect(refund.payment_method.type).toBe("ACH");
    await expectSumsMatch(t);
  });
});

describe("determinism and pending events", () => {
  const script = async (t: ReturnType<typeof setup>) => {
    const out: string[] = [];
    const s = await t.post("/v1/transactions", sale({ tip: 100 }));
    const a = await t.post("/v1/transactions", { type: "AUTH", amount: 3000, payment_method: CARD });
    for (const r of [
      s,
      a,
      await t.post(`/v1/transactions/${a.body.id}/capture`, { amount: 2000 }),
      await t.post("/v1/transactions", achSale()),
      await t.post("/v1/batches/close", close()),
      await t.get("/v1/batches"),
      await t.get("/v1/transactions?limit=10"),
    ]) out.push(`${r.status} ${r.headers.get("x-request-id")} ${r.text}`);
    return out;
  };

  test("same seed and requests give the same bytes", async () => {
    expect(await script(setup({ seed: "same" }))).toEqual(await script(setup({ seed: "same" })));
  });

  test("a closed batch leaves only its settlement pending", async () => {
    const t = setup();
    const s = expectTransaction(await t.post("/v1/transactions", sale()));
    const pending = () =>
      t.double.host.root.scheduler
        .pending()
        .filter((e) => e.event.startsWith("batch_"))
        .map((e) => `${e.event} ${e.subject}`);
    expect(pending()).toEqual([`batch_auto_close ${s.batch_id}`]);
    await t.post("/v1/batches/close", close());
    expect(pending()).toEqual([`batch_settle ${s.batch_id}`]);
  });
});
