import { describe, expect, test } from "vitest";
import { expectEnvelope, RESELLER, setup } from "./helpers.js";
import { cardBody } from "./resources-data.js";
import { newClient } from "./scenario-helpers.js";
import { ACH, CARD, advanceTo, expectTransaction } from "./payments-helpers.js";
import { close, list, read } from "./payment-flow.js";

/**
 * Every row of PRODUCT.md's "Built-in magic values" table, through HTTP, with the built-in file
 * loaded as it is by default (`scenarios/builtin.yaml`).
 */
type T = ReturnType<typeof setup>;
const card = (pan: string, extra: Record<string, unknown> = {}) => ({ type: "SALE", amount: 1000, payment_method: { ...CARD, pan, ...extra } });
const bank = (account_number: string, extra: Record<string, unknown> = {}) => ({ type: "SALE", amount: 2500, payment_method: { ...ACH, account_number, ...extra } });

describe("magic cards: approvals and the card type read back", () => {
  test.each([
    ["4242424242424242", "CREDIT"],
    ["4111111111111111", "CREDIT"],
    ["5555555555554444", "CREDIT"],
    ["378282246310005", "CREDIT"],
    ["6011111111111117", "CREDIT"],
    ["4000056655665556", "DEBIT"],
    ["5200828282828210", "DEBIT"],
    ["4000009990000005", "UNKNOWN"],
  ])("%s is approved, UNKNOWN on create and %s when read back", async (pan, type) => {
    const t = setup();
    const r = await t.post("/v1/transactions", card(pan));
    const tx = expectTransaction(r);
    expect(tx).toMatchObject({ result: "APPROVED", response_code: "00", payment_method: { card_type: "UNKNOWN" } });
    expect((await read(t, tx.id)).payment_method.card_type).toBe(type);
    expect((await list(t))[0].payment_method.card_type).toBe(type);
  });

  test("any other Luhn-valid PAN is approved and matches no rule", async () => {
    const t = setup();
    const r = await t.post("/v1/transactions", card("4012888888881881"));
    expect(expectTransaction(r).result).toBe("APPROVED");
    expect(r.headers.get("x-paydouble-rule")).toBeNull();
  });
});

describe("magic cards: declines and errors (HTTP 200)", () => {
  test.each([
    ["4000000000000002", "05", "decline 05 do not honor"],
    ["4000000000009995", "51", "decline 51 insufficient funds"],
    ["4000000000009987", "41", "decline 41 lost card"],
    ["4000000000009979", "43", "decline 43 stolen card"],
    ["4000000000000069", "54", "decline 54 expired card"],
    ["4000000000000127", "N7", "decline N7 cvv failure"],
    ["4000000000006975", "61", "decline 61 exceeds limit"],
  ])("%s is declined %s", async (pan, code, rule) => {
    const t = setup();
    const r = await t.post("/v1/transactions", card(pan));
    const tx = expectTransaction(r);
    expect(tx).toMatchObject({ result: "DECLINED", response_code: code, batch_id: null });
    expect(tx.payment_method.payment_token).toBeNull();
    expect(r.headers.get("x-paydouble-rule")).toBe(`builtin/${rule}`);
    expect((await read(t, tx.id)).result).toBe("DECLINED");
  });

  test("4000000000000127 also reads cvv_result_code N, on create and read back", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", card("4000000000000127")));
    expect(tx.payment_method.cvv_result_code).toBe("N");
    expect((await read(t, tx.id)).payment_method.cvv_result_code).toBe("N");
  });

  test("4000000000000119 is HTTP 200 with result ERROR 96", async () => {
    const t = setup();
    const r = await t.post("/v1/transactions", card("4000000000000119"));
    expect(expectTransaction(r)).toMatchObject({ result: "ERROR", response_code: "96" });
  });
});

describe("magic cards: AVS, CVV, tokenization", () => {
  test.each([
    ["4000000000000010", "n"],
    ["4000000000000028", "z"],
    ["4000000000000036", "a"],
    ["4000000000000044", "u"],
  ])("%s is approved with AVS %s (and its text), also when read back", async (pan, avs) => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", card(pan)));
    expect(tx.result).toBe("APPROVED");
    expect(tx.payment_method.avs_result_code).toBe(avs);
    expect(typeof tx.payment_method.avs_response).toBe("string");
    const back = await read(t, tx.id);
    expect(back.payment_method).toMatchObject({ avs_result_code: avs, avs_response: tx.payment_method.avs_response });
  });

  test("4000000000000101 is approved with CVV N", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", card("4000000000000101")));
    expect(tx).toMatchObject({ result: "APPROVED", payment_method: { cvv_result_code: "N" } });
    expect((await read(t, tx.id)).payment_method.cvv_result_code).toBe("N");
  });

  test("4000000000000341 is approved and not tokenized", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", card("4000000000000341")));
    expect(tx.result).toBe("APPROVED");
    expect(tx.payment_method.payment_token).toBe("Payment method could not be tokenized.");
    expect((await read(t, tx.id)).payment_method.payment_token).toBe("Payment method could not be tokenized.");
    expect((await t.get("/v1/payment_tokens")).body.data).toEqual([]);
  });
});

describe("magic cards: faults", () => {
  test("4000005000000001: 500 SYSTEM_ERROR and nothing created", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions", card("4000005000000001")), 500, "SYSTEM_ERROR");
    expect(await list(t)).toEqual([]);
    expect((await t.get("/v1/batches")).body.data).toEqual([]);
  });

  test("4000005020000007: 502, and reporting shows the approved transaction", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions", card("4000005020000007")), 502, "DOWNSTREAM_ERROR");
    const rows = await list(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: "APPROVED", amount: 1000, payment_method: { truncated_pan: "400000******0007" } });
    expect(rows[0].batch_id).not.toBeNull();
  });

  test("4000005021000006: 502 on the first attempt for a client, nothing created; approved after", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions", card("4000005021000006")), 502, "DOWNSTREAM_ERROR");
    expect(await list(t)).toEqual([]);
    expect(expectTransaction(await t.post("/v1/transactions", card("4000005021000006"))).result).toBe("APPROVED");
    expect(expectTransaction(await t.post("/v1/transactions", card("4000005021000006"))).result).toBe("APPROVED");
    expect(await list(t)).toHaveLength(2);
  });

  test("4000005021000006: each client gets its own first-attempt 502", async () => {
    const t = setup();
    const child = (await t.post("/v1/clients", newClient("Second Shop"), { as: RESELLER })).body.id;
    const asChild = { ...RESELLER, actingAs: child };
    expect((await t.post("/v1/integrations", cardBody(), { as: asChild })).status).toBe(200);
    expectEnvelope(await t.post("/v1/transactions", card("4000005021000006")), 502, "DOWNSTREAM_ERROR");
    expect(expectTransaction(await t.post("/v1/transactions", card("4000005021000006"))).result).toBe("APPROVED");
    expectEnvelope(await t.post("/v1/transactions", card("4000005021000006"), { as: asChild }), 502, "DOWNSTREAM_ERROR");
    expect(expectTransaction(await t.post("/v1/transactions", card("4000005021000006"), { as: asChild })).client_id).toBe(child);
  });

  test("4000004001000003: approved, then REMOVED_FROM_BATCH at the next close, out of the sums", async () => {
    const t = setup();
    const kept = expectTransaction(await t.post("/v1/transactions", card("4242424242424242")));
    const tx = expectTransaction(await t.post("/v1/transactions", card("4000004001000003")));
    expect(tx.result).toBe("APPROVED");
    expect((await read(t, tx.id)).settlement_issue).toBeNull();
    const closed = await close(t, "Cardproc");
    expect(closed.body.batches[0].captured_amount).toBe(kept.amount);
    expect(await read(t, tx.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    await advanceTo(t, "2026-03-04T00:00:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
    expect((await read(t, kept.id)).is_settled).toBe(true);
  });
});

describe("magic cards: validation is a 400, not a decline", () => {
  test.each([
    ["bad Luhn", { pan: "4242424242424241" }, "payment_method.pan"],
    ["month 13", { expiry: { month: "13", year: "2030" } }, "payment_method.expiry.month"],
    ["past expiry", { expiry: { month: "01", year: "2026" } }, "payment_method.expiry"],
  ])("%s", async (_name, change, field) => {
    const t = setup();
    const env = expectEnvelope(await t.post("/v1/transactions", card("4242424242424242", change)), 400, "INVALID_REQUEST_DATA");
    expect(Object.keys(env.details ?? {})).toContain(field);
    expect(await list(t)).toEqual([]);
  });
});

/** Monday 15:00Z create and close: settles Tuesday 15:00Z; two business days later is Thursday 15:00Z. */
async function achAndSettle(t: T, account: string, extra: Record<string, unknown> = {}) {
  const tx = expectTransaction(await t.post("/v1/transactions", bank(account, extra)));
  expect(tx.result).toBe("APPROVED");
  expect((await close(t, "Achproc")).status).toBe(200);
  await advanceTo(t, "2026-03-03T15:01:00.000Z");
  expect(await read(t, tx.id)).toMatchObject({ is_settled: true, is_returned: false });
  return tx;
}

describe("magic bank accounts", () => {
  test("000123456789 is approved, settles and is never returned", async () => {
    const t = setup();
    const tx = await achAndSettle(t, "000123456789");
    await advanceTo(t, "2026-04-30T00:00:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_settled: true, is_returned: false });
  });

  test.each([
    ["000222222227", "R01", "Insufficient Funds", {}],
    ["000111111113", "R02", "Account Closed", {}],
    ["000111111116", "R03", "No Account/Unable to Locate Account", {}],
    ["000333333335", "R10", "Customer Advises Not Authorized", {}],
    ["000333333335", "R29", "Corporate Customer Advises Not Authorized", { standard_entry_class: "CCD" }],
  ])("%s is returned %s two business days after settlement", async (account, code, reason, extra) => {
    const t = setup();
    const tx = await achAndSettle(t, account, extra);
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect((await read(t, tx.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    const back = await read(t, tx.id);
    expect(back).toMatchObject({ is_returned: true, return_code: code, return_reason: reason });
    expect(back.returned_at).toMatch(/^2026-03-05T15:00:00\./);
  });

  test("100RR (10001) is returned R01 at the default lag", async () => {
    const t = setup();
    const tx = await achAndSettle(t, "10001");
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R01" });
  });

  test("100RRDD (1000205) is returned R02 five business days after settlement", async () => {
    const t = setup();
    const tx = await achAndSettle(t, "1000205");
    await advanceTo(t, "2026-03-10T14:59:00.000Z"); // Tue + 5 business days = next Tuesday
    expect((await read(t, tx.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-03-10T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R02" });
  });

  test("000000009999 is returned with no code: return_code and return_reason absent", async () => {
    const t = setup();
    const tx = await achAndSettle(t, "000000009999");
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    const back = await read(t, tx.id);
    expect(back.is_returned).toBe(true);
    expect("return_code" in back || "return_reason" in back).toBe(false);
  });

  test("000000000500: 500, nothing created", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions", bank("000000000500")), 500, "SYSTEM_ERROR");
    expect(await list(t)).toEqual([]);
  });

  test("000000000502: 502 after an approved create that reporting shows", async () => {
    const t = setup();
    expectEnvelope(await t.post("/v1/transactions", bank("000000000502")), 502, "DOWNSTREAM_ERROR");
    const rows = await list(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: "APPROVED", payment_method: { type: "ACH" } });
  });

  test("000000004001: approved, then REMOVED_FROM_BATCH at the next close", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", bank("000000004001")));
    await close(t, "Achproc");
    expect(await read(t, tx.id)).toMatchObject({ settlement_issue: "REMOVED_FROM_BATCH", is_settled: false });
  });
});

describe("token payments follow the instrument behind the token", () => {
  test("a token of 4000000000000002 is declined 05; the journal and the answer never show the PAN", async () => {
    const t = setup();
    const tok = await t.post("/v1/payment_tokens", { payment_method: { ...CARD, pan: "4000000000000002" } });
    expect(tok.status).toBe(200);
    const r = await t.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { type: "PaymentToken", payment_token: tok.body.payment_token } });
    expect(expectTransaction(r)).toMatchObject({ result: "DECLINED", response_code: "05" });
    expect(r.headers.get("x-paydouble-rule")).toBe("builtin/decline 05 do not honor");
    expect(r.text).not.toContain("4000000000000002");
    const journal = JSON.stringify(t.double.host.root.journal.entries());
    expect(journal).toContain(tok.body.payment_token);
    expect(journal).not.toContain("4000000000000002");
  });

  test("a token of 000222222227 is returned R01 two business days after settlement", async () => {
    const t = setup();
    const tok = await t.post("/v1/payment_tokens", { payment_method: { ...ACH, account_number: "000222222227" } });
    const tx = expectTransaction(await t.post("/v1/transactions", { type: "SALE", amount: 2500, payment_method: { type: "PaymentToken", payment_token: tok.body.payment_token } }));
    await close(t, "Achproc");
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_returned: true, return_code: "R01" });
  });

  test("a token of 4000056655665556 reads back DEBIT", async () => {
    const t = setup();
    const tok = await t.post("/v1/payment_tokens", { payment_method: { ...CARD, pan: "4000056655665556" } });
    const tx = expectTransaction(await t.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { type: "PaymentToken", payment_token: tok.body.payment_token } }));
    expect((await read(t, tx.id)).payment_method.card_type).toBe("DEBIT");
  });
});
