import { describe, expect, it } from "vitest";
import { storedTransaction } from "./stored.js";
import type { Transaction } from "./transaction.js";

const fields = (over: Partial<Transaction> = {}): Transaction => ({
  id: "TRANSACTION-1",
  seq: 0,
  ref: null,
  type: "SALE",
  result: "APPROVED",
  status: "pending",
  client_id: "CLIENT-1",
  processor: "Cardproc",
  response_code: "00",
  response_description: "Approved",
  batch_id: null,
  is_settled: false,
  settlement_issue: null,
  remove_at_close: false,
  returned_at: null,
  time_created: 1,
  amount: 100,
  tip: 0,
  used: 0,
  method: { type: "ACH", first_name: "A", last_name: "B", payment_token: null },
  card_type: "UNKNOWN",
  recurring: false,
  initiator: null,
  recurring_details: null,
  network_transaction_id: null,
  metadata: null,
  set: null,
  ...over,
});

/** Every field as a reader sees it. */
const read = (t: Transaction) => Object.fromEntries(Object.keys(fields()).map((k) => [k, t[k as keyof Transaction]]));

describe("storedTransaction", () => {
  it("reads every field as given, seldom ones included, and no return keys unless given", () => {
    const plain = fields();
    expect(read(storedTransaction(plain))).toEqual(read(plain));
    expect(storedTransaction(plain).return_code).toBeUndefined();
    const rare = fields({ remove_at_close: true, initiator: "MERCHANT", recurring: true, metadata: { a: "1" }, set: { "x.y": 1 }, return_code: "R01" });
    expect({ ...read(storedTransaction(rare)), return_code: storedTransaction(rare).return_code }).toEqual({ ...read(rare), return_code: "R01" });
  });

  it("a write changes that payment alone, also when both began with every seldom field at its default", () => {
    const a = storedTransaction(fields({ id: "A" }));
    const b = storedTransaction(fields({ id: "B" }));
    a.settlement_issue = "REMOVED_FROM_BATCH";
    a.returned_at = 5;
    a.return_code = "R02";
    a.metadata = { k: "v" };
    a.set = { amount: 1 };
    expect([a.settlement_issue, a.returned_at, a.return_code, a.metadata, a.set]).toEqual(["REMOVED_FROM_BATCH", 5, "R02", { k: "v" }, { amount: 1 }]);
    expect(read(b)).toEqual(read(fields({ id: "B" })));
    expect(b.return_code).toBeUndefined();
    const c = storedTransaction(fields({ id: "C" }));
    expect(read(c)).toEqual(read(fields({ id: "C" })));
  });

  it("the fields every payment sets are its own properties, written as such", () => {
    const t = storedTransaction(fields());
    t.status = "closed";
    t.batch_id = "BATCH-1";
    t.used = 40;
    expect([t.status, t.batch_id, t.used]).toEqual(["closed", "BATCH-1", 40]);
  });
});
