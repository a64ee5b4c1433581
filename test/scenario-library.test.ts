import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { achSale, advanceTo, expectTransaction, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";
import { batch, close, list, read } from "./payment-flow.js";

/** The shipped scenario library (`scenarios/*.yaml`): each file loaded through the control API and proven through `/v1`. */
type T = ReturnType<typeof setup>;
const DIR = new URL("../scenarios/", import.meta.url);
const text = (name: string) => readFileSync(new URL(`${name}.yaml`, DIR), "utf8");
async function loaded(name: string) {
  const t = setup();
  const r = await loadYaml(t, text(name));
  expect(r.status, r.text).toBe(201);
  return t;
}

test("every shipped file starts with the schema line and a comment on what it teaches", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".yaml"));
  expect(files.length).toBeGreaterThanOrEqual(10);
  for (const f of files) {
    const lines = readFileSync(new URL(f, DIR), "utf8").split("\n");
    expect(lines[0], f).toBe("# yaml-language-server: $schema=./schema.json");
    expect(lines[1], f).toMatch(/^# \S/);
  }
});

describe("declines.yaml: every decline family is HTTP 200", () => {
  test.each([
    [5005, "DECLINED", "05"],
    [5051, "DECLINED", "51"],
    [5041, "DECLINED", "41"],
    [5043, "DECLINED", "43"],
    [5054, "DECLINED", "54"],
    [5007, "DECLINED", "N7"],
    [5061, "DECLINED", "61"],
    [5091, "ERROR", "91"],
  ])("amount %i: %s %s", async (amount, result, code) => {
    const t = await loaded("declines");
    const r = await t.post("/v1/transactions", sale({ amount }));
    const tx = expectTransaction(r);
    expect(tx).toMatchObject({ result, response_code: code, batch_id: null });
    expect(r.headers.get("x-paydouble-rule")).toMatch(/^declines\//);
    if (code === "N7") expect(tx.payment_method.cvv_result_code).toBe("N");
  });
});

describe("faults.yaml", () => {
  test("500: nothing created", async () => {
    const t = await loaded("faults");
    expectEnvelope(await t.post("/v1/transactions", sale({ amount: 6500 })), 500, "SYSTEM_ERROR");
    expect(await list(t)).toEqual([]);
  });

  test("502 with a created, approved transaction", async () => {
    const t = await loaded("faults");
    expectEnvelope(await t.post("/v1/transactions", sale({ amount: 6502 })), 502, "DOWNSTREAM_ERROR");
    expect((await list(t)).map((x) => [x.amount, x.result])).toEqual([[6502, "APPROVED"]]);
  });

  test("502 with nothing created", async () => {
    const t = await loaded("faults");
    const env = expectEnvelope(await t.post("/v1/transactions", sale({ amount: 6503 })), 502, "DOWNSTREAM_ERROR");
    expect(env.error_message).toBe("The processor did not answer.");
    expect(await list(t)).toEqual([]);
  });

  test("fail twice then succeed: one transaction after three attempts", async () => {
    const t = await loaded("faults");
    expectEnvelope(await t.post("/v1/transactions", sale({ amount: 6599 })), 502, "DOWNSTREAM_ERROR");
    expectEnvelope(await t.post("/v1/transactions", sale({ amount: 6599 })), 502, "DOWNSTREAM_ERROR");
    expect(expectTransaction(await t.post("/v1/transactions", sale({ amount: 6599 }))).result).toBe("APPROVED");
    expect(await list(t)).toHaveLength(1);
  });
});

describe("reconcile-after-502.yaml", () => {
  test("find the payment in the time window instead of charging twice", async () => {
    const t = await loaded("reconcile-after-502");
    const before = (await t.get("/_mock/clock", { as: null })).body.now;
    const order = sale({ amount: 4200, metadata: { order_id: "ORD-502" } });
    expectEnvelope(await t.post("/v1/transactions", order), 502, "DOWNSTREAM_ERROR");
    // end_date is exclusive: a second past the answer covers the attempt.
    const after = new Date(Date.parse((await t.get("/_mock/clock", { as: null })).body.now) + 1000).toISOString();
    // The integrator's reconciliation: look in the window around the attempt, match amount and metadata.
    const window = await list(t, `&start_date=${encodeURIComponent(before)}&end_date=${encodeURIComponent(after)}`);
    const found = window.filter((x) => x.amount === 4200 && x.metadata?.order_id === "ORD-502");
    expect(found).toHaveLength(1);
    expect(found[0].result).toBe("APPROVED");
    // Found: no retry. Had it retried, the rule (times: 1) would now approve a second charge.
    expect(await list(t)).toHaveLength(1);
    expect(expectTransaction(await t.post("/v1/transactions", order)).id).not.toBe(found[0].id);
  });
});

describe("removed-from-batch.yaml", () => {
  test("approved, then REMOVED_FROM_BATCH at the close, never settled, out of the totals", async () => {
    const t = await loaded("removed-from-batch");
    const kept = expectTransaction(await t.post("/v1/transactions", sale({ amount: 1000 })));
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 7001 })));
    expect(tx.result).toBe("APPROVED");
    const closed = await close(t);
    expect(closed.body.batches[0].captured_amount).toBe(1000);
    await advanceTo(t, "2026-03-05T00:00:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    expect((await read(t, kept.id)).is_settled).toBe(true);
  });
});

describe("ach-returns.yaml", () => {
  test("R01 two business days after settlement", async () => {
    const t = await loaded("ach-returns");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 1234 })));
    await close(t, "Achproc"); // Monday: settles Tuesday, returns Thursday
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_settled: true, is_returned: false });
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R01", return_reason: "Insufficient Funds" });
  });

  test("no code, three business days after settlement: the keys are absent", async () => {
    const t = await loaded("ach-returns");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 1235 })));
    await close(t, "Achproc");
    await advanceTo(t, "2026-03-06T15:01:00.000Z");
    const back = await read(t, tx.id);
    expect(back.is_returned).toBe(true);
    expect("return_code" in back || "return_reason" in back).toBe(false);
  });

  test("R03 before settlement: returned while the batch is still closed, then it settles", async () => {
    const t = await loaded("ach-returns");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 1236 })));
    await close(t, "Achproc");
    await advanceTo(t, "2026-03-02T16:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, is_settled: false, return_code: "R03" });
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
  });
});

describe("late-r10-dispute.yaml", () => {
  test("R10 sixty calendar days after settlement, not a day earlier", async () => {
    const t = await loaded("late-r10-dispute");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 6060 })));
    await close(t, "Achproc"); // settles Tuesday 2026-03-03 15:00Z; + 60 days = 2026-05-02
    await advanceTo(t, "2026-05-02T14:59:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_settled: true, is_returned: false });
    await advanceTo(t, "2026-05-02T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R10" });
  });
});

describe("settlement-delays.yaml", () => {
  test("two business days late: a Friday close settles Wednesday, not Monday", async () => {
    const t = await loaded("settlement-delays");
    await advanceTo(t, "2026-03-06T15:00:00.000Z"); // Friday
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 8002 })));
    await close(t);
    await advanceTo(t, "2026-03-11T14:59:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-11T15:01:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
  });

  test("twelve hours late", async () => {
    const t = await loaded("settlement-delays");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 8012 })));
    await close(t);
    await advanceTo(t, "2026-03-04T02:59:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-04T03:01:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
  });
});

describe("quirks-off.yaml: each quirk on by default, off once the file is loaded", () => {
  const off = (t: T) => loadYaml(t, text("quirks-off")).then((r) => expect(r.status).toBe(201));

  test("initiator_null_on_get: the sent initiator comes back on GET", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ initiator: "CUSTOMER" })));
    expect((await read(t, tx.id)).initiator).toBeNull();
    await off(t);
    expect((await read(t, tx.id)).initiator).toBe("CUSTOMER");
  });

  test("card_type_unknown_on_create: the create response shows the card type", async () => {
    const t = setup();
    expect(expectTransaction(await t.post("/v1/transactions", sale())).payment_method.card_type).toBe("UNKNOWN");
    await off(t);
    expect(expectTransaction(await t.post("/v1/transactions", sale())).payment_method.card_type).toBe("CREDIT");
  });

  test("type_filter_void_500: VOID is a 400 naming type", async () => {
    const t = setup();
    expectEnvelope(await t.get("/v1/transactions?type=VOID"), 500, "SYSTEM_ERROR");
    await off(t);
    expect(expectEnvelope(await t.get("/v1/transactions?type=VOID"), 400, "INVALID_REQUEST_DATA").details).toHaveProperty("type");
  });

  test("type_filter_payout_ignored: PAYOUT filters", async () => {
    const t = setup();
    await t.post("/v1/transactions", sale());
    const p = expectTransaction(await t.post("/v1/transactions", achSale({ type: "PAYOUT" })));
    expect((await list(t, "&type=PAYOUT")).length).toBe(2);
    await off(t);
    expect((await list(t, "&type=PAYOUT")).map((x) => x.id)).toEqual([p.id]);
  });

  test("batch_card_type_single: UNKNOWN and lists are accepted", async () => {
    const t = setup();
    expectEnvelope(await t.get("/v1/batches/transactions?card_type=UNKNOWN"), 400, "INVALID_REQUEST_DATA");
    await off(t);
    expect((await t.get("/v1/batches/transactions?card_type=UNKNOWN,DEBIT")).status).toBe(200);
  });

  test("declared_404_never_returned: an unknown id is 404", async () => {
    const t = setup();
    expectEnvelope(await t.get("/v1/transactions/TRANSACTION-NOPE"), 400, "INVALID_REQUEST_DATA");
    await off(t);
    expectEnvelope(await t.get("/v1/transactions/TRANSACTION-NOPE"), 404, "RESOURCE_NOT_FOUND");
  });

  test("return_fields_absent: return_code and return_reason are null, not absent", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", achSale()));
    expect("return_code" in (await read(t, tx.id))).toBe(false);
    await off(t);
    expect(await read(t, tx.id)).toMatchObject({ return_code: null, return_reason: null });
  });

  test("acting_as_self_rejected: naming oneself in X-Acting-As-Client-Id is accepted", async () => {
    const t = setup();
    const self = { ...MERCHANT, actingAs: MERCHANT.id };
    expectEnvelope(await t.post("/v1/transactions", sale(), { as: self }), 403, "UNAUTHORIZED_ACTION");
    await off(t);
    expect(expectTransaction(await t.post("/v1/transactions", sale(), { as: self })).client_id).toBe(MERCHANT.id);
  });
});

describe("month-of-batches.yaml: a month of daily batches in a sandbox", () => {
  test("closed daily at 20:00Z by the timeline; each settles the next business day (weekends, Memorial Day skipped)", async () => {
    const t = setup();
    const made = await t.post("/_mock/sandboxes", { scenarios: ["month-of-batches"] }, { as: null });
    expect(made.status, made.text).toBe(201);
    const sb = `/sandboxes/${made.body.id}`;
    expect((await t.get(`${sb}/_mock/clock`, { as: null })).body.now).toBe("2026-05-01T12:00:00.000Z");
    for (let d = 1; d <= 31; d++) {
      const day = `2026-05-${String(d).padStart(2, "0")}`;
      expect((await t.post(`${sb}/_mock/clock/advance`, { to: `${day}T14:00:00.000Z` }, { as: null })).status).toBe(200);
      expectTransaction(await t.post(`${sb}/v1/transactions`, sale({ amount: 1000 + d })));
    }
    await t.post(`${sb}/_mock/clock/advance`, { to: "2026-06-03T00:00:00.000Z" }, { as: null });
    const batches = (await t.get(`${sb}/v1/batches?take=100&sort_column=created_at&sort_order=asc`)).body.data as any[];
    expect(batches).toHaveLength(31);
    const settledOn = (d: number) => batches[d - 1].settled_at_date_time.slice(0, 10);
    batches.forEach((b, i) => {
      expect(b.status).toBe("settled");
      expect(b.closed_at_date_time).toBe(`2026-05-${String(i + 1).padStart(2, "0")}T20:00:00.000Z`);
      const day = new Date(b.settled_at_date_time).getUTCDay();
      expect(day === 0 || day === 6, b.settled_at_date_time).toBe(false);
      expect(b.settled_at_date_time.slice(11)).toBe("20:00:00.000Z");
    });
    // Friday, Saturday, Sunday -> Monday; around Memorial Day (Mon 25th) -> Tuesday.
    expect([1, 2, 3].map(settledOn)).toEqual(["2026-05-04", "2026-05-04", "2026-05-04"]);
    expect([4, 5].map(settledOn)).toEqual(["2026-05-05", "2026-05-06"]);
    expect([22, 23, 24, 25, 26].map(settledOn)).toEqual(["2026-05-26", "2026-05-26", "2026-05-26", "2026-05-26", "2026-05-27"]);
    expect([29, 30, 31].map(settledOn)).toEqual(["2026-06-01", "2026-06-01", "2026-06-01"]);
    expect(batches.some((b) => b.settled_at_date_time.startsWith("2026-05-25"))).toBe(false);
  });
});
