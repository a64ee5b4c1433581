import { describe, expect, test } from "vitest";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { ACH, advanceTo, expectTransaction, sale, achSale } from "./payments-helpers.js";
import { cardBody, cardDetails } from "./resources-data.js";
import { loadYaml, newClient, transcript } from "./scenario-helpers.js";
import { batches, close, read } from "./payment-flow.js";

/** The clock rules now that batches exist, sandbox isolation with payments, determinism of a payment script. */

describe("automatic close at settlement_time in the merchant's time zone", () => {
  test("New York 22:00 and Los Angeles 18:00, across the DST change", async () => {
    const t = setup();
    const body = newClient("West Co");
    (body.admin_contact_details as any).time_zone = "america/los_angeles";
    const child = (await t.post("/v1/clients", body, { as: RESELLER })).body.id;
    const asChild = { ...RESELLER, actingAs: child };
    const integ = await t.post("/v1/integrations", cardBody({ ...cardDetails(), settlement_time: "18:00" }), { as: asChild });
    expect(integ.status, integ.text).toBe(200);
    expectTransaction(await t.post("/v1/transactions", sale()));
    expectTransaction(await t.post("/v1/transactions", sale(), { as: asChild }));
    await advanceTo(t, "2026-03-03T12:00:00.000Z");
    // Monday 2026-03-02: 22:00 EST = 03:00Z; 18:00 PST = 02:00Z (both the next UTC day).
    expect((await batches(t))[0]).toMatchObject({ status: "closed", closed_at_date_time: "2026-03-03T03:00:00.000Z" });
    expect((await batches(t, asChild))[0]).toMatchObject({ status: "closed", closed_at_date_time: "2026-03-03T02:00:00.000Z" });
    // After the switch to daylight time (Sunday 2026-03-08): 22:00 EDT = 02:00Z, 18:00 PDT = 01:00Z.
    await advanceTo(t, "2026-03-09T15:00:00.000Z");
    expectTransaction(await t.post("/v1/transactions", sale()));
    expectTransaction(await t.post("/v1/transactions", sale(), { as: asChild }));
    await advanceTo(t, "2026-03-10T12:00:00.000Z");
    expect((await batches(t)).at(-1)).toMatchObject({ status: "closed", closed_at_date_time: "2026-03-10T02:00:00.000Z" });
    expect((await batches(t, asChild)).at(-1)).toMatchObject({ status: "closed", closed_at_date_time: "2026-03-10T01:00:00.000Z" });
  });
});

describe("settlement on business days", () => {
  test("a Friday close settles Monday", async () => {
    const t = setup();
    await advanceTo(t, "2026-03-06T15:00:00.000Z");
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    await close(t);
    await advanceTo(t, "2026-03-10T00:00:00.000Z");
    expect((await batches(t))[0].settled_at_date_time).toMatch(/^2026-03-09T15:00:00\./);
    expect((await read(t, tx.id)).is_settled).toBe(true);
  });

  test("Fed rule: a Saturday holiday is not moved (Friday 2026-07-03 is a business day); a Sunday one is (Monday 2027-07-05 is not)", async () => {
    const t = setup();
    await advanceTo(t, "2026-07-02T15:00:00.000Z"); // Thursday
    expectTransaction(await t.post("/v1/transactions", sale()));
    await close(t);
    await advanceTo(t, "2026-07-03T16:00:00.000Z");
    expect((await batches(t))[0].settled_at_date_time).toMatch(/^2026-07-03T15:00:00\./);
    await advanceTo(t, "2027-07-02T15:00:00.000Z"); // Friday
    expectTransaction(await t.post("/v1/transactions", sale()));
    await close(t);
    await advanceTo(t, "2027-07-06T14:00:00.000Z");
    expect((await batches(t))[1].status).toBe("closed");
    await advanceTo(t, "2027-07-06T16:00:00.000Z");
    expect((await batches(t))[1].settled_at_date_time).toMatch(/^2027-07-06T15:00:00\./);
  });
});

describe("ACH returns count business days", () => {
  test("R01 on a Thursday settlement comes back Monday; over Labor Day (2026-09-07) on Tuesday", async () => {
    const t = setup();
    await advanceTo(t, "2026-03-04T15:00:00.000Z"); // Wednesday
    const a = expectTransaction(await t.post("/v1/transactions", achSale({ payment_method: { ...ACH, account_number: "000222222227" } })));
    await close(t, "Achproc"); // settles Thursday 03-05; +2 business days = Monday 03-09
    await advanceTo(t, "2026-03-09T14:59:00.000Z");
    expect((await read(t, a.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-03-09T15:01:00.000Z");
    expect((await read(t, a.id)).return_code).toBe("R01");

    await advanceTo(t, "2026-09-02T15:00:00.000Z"); // Wednesday
    const b = expectTransaction(await t.post("/v1/transactions", achSale({ payment_method: { ...ACH, account_number: "000222222227" } })));
    await close(t, "Achproc"); // settles Thursday 09-03; +2 business days skipping Labor Day = Tuesday 09-08
    await advanceTo(t, "2026-09-08T14:59:00.000Z");
    expect((await read(t, b.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-09-08T15:01:00.000Z");
    expect((await read(t, b.id)).return_code).toBe("R01");
  });
});

describe("events at the same instant fire in the order they were scheduled", () => {
  const timeline = (first: string, second: string) =>
    `version: 1\nname: same-time\ntimeline:\n  - { at: PT1H, do: ${first} }\n  - { at: PT1H, do: ${second} }\n`;

  test("close then settle: the batch is settled; the advance answer lists them in that order", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    await loadYaml(t, timeline("close_batches", "settle_batches"));
    const r = await t.post("/_mock/clock/advance", { by: "PT2H" }, { as: null });
    const fired = r.body.fired.filter((e: any) => e.event === "timeline").map((e: any) => e.subject);
    expect(fired).toEqual(["close_batches", "settle_batches"]);
    expect((await read(t, tx.id)).is_settled).toBe(true);
  });

  test("settle then close: nothing was closed to settle, so the batch stays closed", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    await loadYaml(t, timeline("settle_batches", "close_batches"));
    await t.post("/_mock/clock/advance", { by: "PT2H" }, { as: null });
    expect((await batches(t))[0].status).toBe("closed");
    expect((await read(t, tx.id)).is_settled).toBe(false);
  });
});

describe("sandbox isolation with payments", () => {
  test("same seed: identical transaction ids; a payment in one never shows in the other", async () => {
    const t = setup();
    const a = `/sandboxes/${(await t.post("/_mock/sandboxes", { seed: 9 }, { as: null })).body.id}`;
    const b = `/sandboxes/${(await t.post("/_mock/sandboxes", { seed: 9 }, { as: null })).body.id}`;
    const inA = expectTransaction(await t.post(`${a}/v1/transactions`, sale()));
    const inB = expectTransaction(await t.post(`${b}/v1/transactions`, sale()));
    expect(inB.id).toBe(inA.id);
    expect(inB.batch_id).toBe(inA.batch_id);
    const onlyA = expectTransaction(await t.post(`${a}/v1/transactions`, achSale()));
    expect((await t.get(`${a}/v1/transactions`)).body.data.map((x: any) => x.id)).toEqual([onlyA.id, inA.id]);
    expect((await t.get(`${b}/v1/transactions`)).body.data.map((x: any) => x.id)).toEqual([inB.id]);
    expect((await t.get(`${b}/v1/transactions/${onlyA.id}`)).status).toBe(400);
    expect((await t.get("/v1/transactions")).body.data).toEqual([]);
    await t.post(`${a}/v1/batches/close`, { client_id: MERCHANT.id, processor: "Cardproc", batch_type: "card", created_at: "x" });
    expect((await batches(t, MERCHANT, a)).map((x) => x.status)).toEqual(["closed", "closed"]);
    expect((await batches(t, MERCHANT, b)).map((x) => x.status)).toEqual(["open"]);
  });
});

/** A payment session: scenario, payments, faults, close, clock, returns, reads. */
async function paymentScript(seed: string): Promise<string[]> {
  const t = setup({ seed });
  const { lines: out, note } = transcript();
  note(await loadYaml(t, "version: 1\nname: det\nrules:\n  - when: { operation: createTransaction, body: { amount: 4321 }, chance: 0.5 }\n    then: { fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }\n"));
  for (let i = 0; i < 5; i++) note(await t.post("/v1/transactions", sale({ amount: 4321 })));
  note(await t.post("/v1/transactions", sale({ payment_method: { ...sale().payment_method, pan: "4000000000000002" } })));
  note(await t.post("/v1/transactions", achSale({ payment_method: { ...ACH, account_number: "000222222227" } })));
  note(await t.post("/v1/transactions", sale({ type: "AUTH" })));
  note(await close(t, "Achproc"));
  note(await t.post("/_mock/clock/advance", { by: "P5D" }, { as: null }));
  note(await t.get("/v1/transactions?limit=100"));
  note(await t.get("/v1/batches"));
  const sb = await t.post("/_mock/sandboxes", { scenarios: ["declines"] }, { as: null });
  note(sb);
  note(await t.post(`/sandboxes/${sb.body.id}/v1/transactions`, sale({ amount: 5051 })));
  return out;
}

describe("determinism of a payment script", () => {
  test("same seed: byte-identical answers, x-request-id included", async () => {
    const a = await paymentScript("pay");
    const b = await paymentScript("pay");
    expect(b).toEqual(a);
    expect(a.some((l) => l.startsWith("502"))).toBe(true);
    expect(a.some((l) => l.includes('"is_returned":true'))).toBe(true);
  });
});
