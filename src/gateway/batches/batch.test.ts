import { describe, expect, test } from "vitest";
import { GatewayError } from "../../core/errors.js";
import type { Transaction } from "../transactions/transaction.js";
import { applyContribution, BATCH_TRANSITIONS, batchTransition, contribution, zeroSums, type Batch } from "./batch.js";

const tx = (over: Partial<Transaction>): Transaction => ({ type: "SALE", result: "APPROVED", status: "pending", amount: 1000, tip: 200, returned_at: null, is_settled: false, ...over }) as Transaction;

describe("batch transition table", () => {
  test("open -> closed -> settled, nothing else", () => {
    expect(batchTransition("open", "close")).toBe("closed");
    expect(batchTransition("closed", "settle")).toBe("settled");
    expect(() => batchTransition("open", "settle")).toThrow(GatewayError);
    expect(() => batchTransition("closed", "close")).toThrow(GatewayError);
    expect(Object.keys(BATCH_TRANSITIONS.settled)).toEqual([]);
  });
});

describe("batch contribution", () => {
  test("a debit counts approved and captured; the tip is never added on top", () => {
    expect(contribution(tx({}))).toEqual({ approved_amount: 1000, captured_amount: 1000, refund_amount: 0, void_amount: 0, net_amount: 1000, batch_net_amount: 1000 });
  });
  test("a voided debit moves from captured to void", () => {
    expect(contribution(tx({ status: "voided" }))).toMatchObject({ approved_amount: 1000, captured_amount: 0, void_amount: 1000, net_amount: 0 });
  });
  test("refunds and payouts are credits", () => {
    expect(contribution(tx({ type: "REFUND", status: "refund_open" }))).toMatchObject({ refund_amount: 1000, net_amount: -1000 });
    expect(contribution(tx({ type: "PAYOUT" }))).toMatchObject({ approved_amount: 0, refund_amount: 1000, net_amount: -1000 });
  });
  test("removed and declined members add nothing", () => {
    expect(Object.values(contribution(tx({ status: "removed" })))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(Object.values(contribution(tx({ result: "DECLINED", status: "declined" })))).toEqual([0, 0, 0, 0, 0, 0]);
  });
  test("returned before settlement adds nothing; returned after settlement still counts", () => {
    expect(Object.values(contribution(tx({ status: "closed", returned_at: 1 })))).toEqual([0, 0, 0, 0, 0, 0]);
    expect(contribution(tx({ status: "settled", is_settled: true, returned_at: 1 }))).toMatchObject({ captured_amount: 1000, net_amount: 1000 });
  });
});

describe("applying a contribution", () => {
  test("moves every column by the member's contribution, and back", () => {
    // A debit, a voided debit and a refund: between them every column gets a non-zero part.
    for (const t of [tx({}), tx({ status: "voided" }), tx({ type: "REFUND", status: "refund_open" })]) {
      const start = { approved_amount: 1, captured_amount: 2, refund_amount: 3, void_amount: 4, net_amount: 5, batch_net_amount: 6 };
      const b = { sums: { ...start } } as Batch;
      applyContribution(b, t, 1);
      const c = contribution(t);
      for (const k of Object.keys(zeroSums()) as (keyof typeof start)[]) expect(b.sums[k], k).toBe(start[k] + c[k]);
      applyContribution(b, t, -1);
      expect(b.sums).toEqual(start);
    }
  });
});
