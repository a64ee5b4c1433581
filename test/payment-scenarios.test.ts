import { describe, expect, test } from "vitest";
import { expectEnvelope, MERCHANT, setup } from "./helpers.js";
import { achSale, advanceTo, CARD, ACH, expectTransaction, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";
import { batch, close, list, read } from "./payment-flow.js";

/** Every payment outcome of the scenario format, loaded through `POST /_mock/scenarios` and seen through `/v1`. */
type T = ReturnType<typeof setup>;

/** Loads one rule on createTransaction for amount 777 (so other payments stay plain). */
async function rule(t: T, then: string, when = "operation: createTransaction, body: { amount: 777 }") {
  const r = await loadYaml(t, `version: 1\nname: case\nrules:\n  - name: it\n    when: { ${when} }\n    then: ${then}\n`);
  expect(r.status, r.text).toBe(201);
}

describe("primary outcomes", () => {
  test("decline: HTTP 200, DECLINED with the code and description; read back the same", async () => {
    const t = setup();
    await rule(t, "{ decline: { code: '51', description: Insufficient funds } }");
    const r = await t.post("/v1/transactions", sale({ amount: 777 }));
    expect(expectTransaction(r)).toMatchObject({ result: "DECLINED", response_code: "51", response_description: "Insufficient funds" });
    expect(r.headers.get("x-paydouble-rule")).toBe("case/it");
    expect((await read(t, r.body.id)).result).toBe("DECLINED");
  });

  test("error_result: HTTP 200, ERROR", async () => {
    const t = setup();
    await rule(t, "{ error_result: { code: '96', description: System malfunction } }");
    expect(expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })))).toMatchObject({ result: "ERROR", response_code: "96" });
  });

  test("fail with created: the envelope once, and the transaction exists with that result", async () => {
    const t = setup();
    await rule(t, "{ fail: { error: DOWNSTREAM_ERROR, created: DECLINED, message: lost } }");
    const r = await t.post("/v1/transactions", sale({ amount: 777 }));
    const env = expectEnvelope(r, 502, "DOWNSTREAM_ERROR");
    expect(env.error_message).toBe("lost");
    const rows = await list(t);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: "DECLINED", amount: 777, batch_id: null });
  });

  test("fail with created on a capture: the CAPTURE exists, the caller got the 502", async () => {
    const t = setup();
    const auth = expectTransaction(await t.post("/v1/transactions", sale({ type: "AUTH" })));
    await rule(t, "{ fail: { error: DOWNSTREAM_ERROR, created: APPROVED } }", "operation: captureTransaction");
    expectEnvelope(await t.post(`/v1/transactions/${auth.id}/capture`, {}), 502, "DOWNSTREAM_ERROR");
    expect((await list(t)).map((x) => x.type)).toEqual(["CAPTURE", "AUTH"]);
  });
});

describe("modifiers", () => {
  test("set: any dotted response path, on the create response and every read", async () => {
    const t = setup();
    await rule(t, "{ set: { network_transaction_id: null, payment_method.card_brand: DISCOVER, response_description: Approved by scenario } }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    const want = { network_transaction_id: null, response_description: "Approved by scenario", payment_method: { card_brand: "DISCOVER" } };
    expect(tx).toMatchObject(want);
    expect(await read(t, tx.id)).toMatchObject(want);
    expect((await list(t))[0]).toMatchObject(want);
    const plain = expectTransaction(await t.post("/v1/transactions", sale()));
    expect(plain.network_transaction_id).toMatch(/^\d{15}$/);
  });

  test("card_type: UNKNOWN on create, the value when read back", async () => {
    const t = setup();
    await rule(t, "{ card_type: DEBIT }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    expect(tx.payment_method.card_type).toBe("UNKNOWN");
    expect((await read(t, tx.id)).payment_method.card_type).toBe("DEBIT");
    expect((await t.get("/v1/transactions?card_type=DEBIT")).body.data.map((x: any) => x.id)).toEqual([tx.id]);
  });

  test("tokenization: fail", async () => {
    const t = setup();
    await rule(t, "{ tokenization: fail }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    expect(tx.payment_method.payment_token).toBe("Payment method could not be tokenized.");
  });

  test("settlement.delay: 2 business days more than the default (Monday close, Thursday settlement)", async () => {
    const t = setup();
    await rule(t, "{ settlement: { delay: 2 } }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    await close(t);
    await advanceTo(t, "2026-03-05T14:59:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-05T15:01:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
  });

  test("settlement.delay as a duration: PT6H after the default", async () => {
    const t = setup();
    await rule(t, "{ settlement: { delay: PT6H } }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    await close(t);
    await advanceTo(t, "2026-03-03T20:59:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-03T21:01:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
  });
});

describe("schedule", () => {
  test("ach_return with a code, after settlement, business_days: 3", async () => {
    const t = setup();
    await rule(t, "{ schedule: [{ event: ach_return, business_days: 3, code: R01, reason: Insufficient Funds }] }", "operation: createTransaction, body: { amount: 2501 }");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 2501 })));
    await close(t, "Achproc"); // settles Tuesday; +3 business days = Friday
    await advanceTo(t, "2026-03-06T14:59:00.000Z");
    expect((await read(t, tx.id)).is_returned).toBe(false);
    await advanceTo(t, "2026-03-06T15:01:00.000Z");
    expect(await read(t, tx.id)).toMatchObject({ is_settled: true, is_returned: true, return_code: "R01", return_reason: "Insufficient Funds" });
  });

  test("ach_return without a code, before settlement (after: batch_close, in: PT1H)", async () => {
    const t = setup();
    await rule(t, "{ schedule: [{ event: ach_return, after: batch_close, in: PT1H }] }", "operation: createTransaction, body: { amount: 2501 }");
    const tx = expectTransaction(await t.post("/v1/transactions", achSale({ amount: 2501 })));
    await close(t, "Achproc");
    await advanceTo(t, "2026-03-02T16:01:00.000Z");
    const back = await read(t, tx.id);
    expect(back).toMatchObject({ is_returned: true, is_settled: false });
    expect("return_code" in back).toBe(false);
  });

  test("remove_from_batch at the next close", async () => {
    const t = setup();
    await rule(t, "{ schedule: [{ event: remove_from_batch }] }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    await close(t);
    expect((await read(t, tx.id)).settlement_issue).toBe("REMOVED_FROM_BATCH");
  });

  test("settle: in PT2H after the close", async () => {
    const t = setup();
    await rule(t, "{ schedule: [{ event: settle, in: PT2H }] }");
    const tx = expectTransaction(await t.post("/v1/transactions", sale({ amount: 777 })));
    await close(t);
    await advanceTo(t, "2026-03-02T17:01:00.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
    expect((await read(t, tx.id)).is_settled).toBe(true);
  });

  test("token_status on a token payment: the token becomes inactive an hour later", async () => {
    const t = setup();
    const tok = (await t.post("/v1/payment_tokens", { payment_method: CARD })).body.payment_token;
    await rule(t, "{ schedule: [{ event: token_status, status: inactive, in: PT1H }] }");
    expectTransaction(await t.post("/v1/transactions", { type: "SALE", amount: 777, payment_method: { type: "PaymentToken", payment_token: tok } }));
    expect((await t.get(`/v1/payment_tokens/${tok}`)).body.status).toBe("active");
    await advanceTo(t, "2026-03-02T16:01:00.000Z");
    expect((await t.get(`/v1/payment_tokens/${tok}`)).body.status).toBe("inactive");
    expectEnvelope(await t.post("/v1/transactions", { type: "SALE", amount: 1000, payment_method: { type: "PaymentToken", payment_token: tok } }), 400, "INVALID_REQUEST_DATA");
  });

  test("token_status on createPaymentToken: a bank token fails verification at the next request", async () => {
    const t = setup();
    await rule(t, "{ schedule: [{ event: token_status, status: verification_failed }] }", "operation: createPaymentToken");
    const tok = (await t.post("/v1/payment_tokens", { payment_method: ACH })).body;
    expect(tok.status).toBe("active");
    expect((await t.get(`/v1/payment_tokens/${tok.payment_token}`)).body.status).toBe("verification_failed");
  });
});

describe("timeline actions call the batch and token functions", () => {
  test("close_batches, then settle_batches, then expire_tokens", async () => {
    const t = setup();
    const tx = expectTransaction(await t.post("/v1/transactions", sale()));
    const tok = (await t.post("/v1/payment_tokens", { payment_method: CARD })).body.payment_token;
    const r = await loadYaml(
      t,
      `version: 1
name: days
timeline:
  - { at: PT1H, do: close_batches }
  - { at: PT2H, do: settle_batches, client: ${MERCHANT.id} }
  - { at: PT3H, do: expire_tokens }
`,
    );
    expect(r.status).toBe(201);
    await advanceTo(t, "2026-03-02T16:00:30.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-02T17:00:30.000Z");
    expect((await batch(t, tx.batch_id)).status).toBe("settled");
    expect((await read(t, tx.id)).is_settled).toBe(true);
    expect((await t.get(`/v1/payment_tokens/${tok}`)).body.status).toBe("active");
    await advanceTo(t, "2026-03-02T18:00:30.000Z");
    expect((await t.get(`/v1/payment_tokens/${tok}`)).body.status).toBe("expired");
  });
});

describe("outcomes on moves", () => {
  test("a capture rule's settlement delay and remove_from_batch apply to the CAPTURE", async () => {
    const t = setup();
    const auth = expectTransaction(await t.post("/v1/transactions", sale({ type: "AUTH" })));
    await rule(t, "{ settlement: { delay: 1 } }", "operation: captureTransaction");
    const cap = expectTransaction(await t.post(`/v1/transactions/${auth.id}/capture`, {}));
    await close(t); // Monday close: 1 + 1 business days = Wednesday
    await advanceTo(t, "2026-03-04T14:59:00.000Z");
    expect((await batch(t, cap.batch_id)).status).toBe("closed");
    await advanceTo(t, "2026-03-04T15:01:00.000Z");
    expect((await read(t, cap.id)).is_settled).toBe(true);

    const t2 = setup();
    const auth2 = expectTransaction(await t2.post("/v1/transactions", sale({ type: "AUTH" })));
    await rule(t2, "{ schedule: [{ event: remove_from_batch }] }", "operation: captureTransaction");
    const cap2 = expectTransaction(await t2.post(`/v1/transactions/${auth2.id}/capture`, {}));
    await close(t2);
    expect((await read(t2, cap2.id)).settlement_issue).toBe("REMOVED_FROM_BATCH");
  });

  test("remove_from_batch on a void's CANCEL record has nothing to act on: the void still succeeds", async () => {
    const t = setup();
    const s = expectTransaction(await t.post("/v1/transactions", sale()));
    await rule(t, "{ schedule: [{ event: remove_from_batch }] }", "operation: cancelTransaction");
    expect(expectTransaction(await t.post(`/v1/transactions/${s.id}/cancel`, { type: "VOID" })).type).toBe("CANCEL");
  });
});
