import { describe, expect, it } from "vitest";
import { expectEnvelope, setup } from "./helpers.js";
import { sale } from "./payments-helpers.js";

/** A 409's message reads as a sentence for every status (a review found "a transaction that is refund open"). */
describe("409 DUPLICATE_ACTION messages", () => {
  it("name a refund record and a void record as such", async () => {
    const t = setup({ seed: "wording" });
    const paid = await t.post("/v1/transactions", sale());
    await t.post("/_mock/clock/advance", { by: "P5D" }, { as: null });
    const refund = await t.post(`/v1/transactions/${paid.body.id}/cancel`, { type: "REFUND", amount: 100 });
    expect(refund.status, refund.text).toBe(200);
    const again = expectEnvelope(await t.post(`/v1/transactions/${refund.body.id}/cancel`, { type: "REFUND", amount: 50 }), 409, "DUPLICATE_ACTION");
    expect(again.error_message).toBe("Cannot refund an open refund.");
    const other = await t.post("/v1/transactions", sale());
    const voided = await t.post(`/v1/transactions/${other.body.id}/cancel`, { type: "VOID" });
    expect(voided.status, voided.text).toBe(200);
    const record = expectEnvelope(await t.post(`/v1/transactions/${voided.body.id}/cancel`, { type: "VOID" }), 409, "DUPLICATE_ACTION");
    expect(record.error_message).toBe("Cannot void the record of a void.");
    const twice = expectEnvelope(await t.post(`/v1/transactions/${other.body.id}/cancel`, { type: "VOID" }), 409, "DUPLICATE_ACTION");
    expect(twice.error_message).toBe("Cannot void a transaction that is voided.");
  });
});
