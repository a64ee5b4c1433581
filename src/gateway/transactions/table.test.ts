import { describe, expect, it } from "vitest";
import { TransactionTable } from "./table.js";
import { TRANSITIONS, type Transaction, type TxStatus } from "./transaction.js";

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

/** A payment stored alone in a table of its own, read back through its view. */
const storedTransaction = (t: Transaction) => new TransactionTable().add({ ...t, seq: 0 });

/** Every field as a reader sees it. */
const read = (t: Transaction) => Object.fromEntries(Object.keys(fields()).map((k) => [k, t[k as keyof Transaction]]));

describe("a payment's row", () => {
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

  it("each seldom and outcome field reads and writes its own value, every one set apart from the rest", () => {
    const apart: Partial<Transaction> = {
      settlement_issue: "REMOVED_FROM_BATCH", remove_at_close: true, returned_at: 7, return_code: "R03", return_reason: "No account", initiator: "CUSTOMER",
      recurring: true, recurring_details: { initial_transaction_id: "T-0", initial_network_transaction_id: null }, metadata: { m: "1" }, set: { s: 1 },
      type: "REFUND", result: "DECLINED", processor: "Achproc", response_code: "51", response_description: "Insufficient funds", card_type: "DEBIT",
    };
    const withReturn = (t: Transaction) => ({ ...read(t), return_code: t.return_code, return_reason: t.return_reason });
    expect(withReturn(storedTransaction(fields(apart)))).toEqual(withReturn(fields(apart)));
    for (const [k, v] of Object.entries(apart)) {
      const one = storedTransaction(fields());
      (one as unknown as Record<string, unknown>)[k] = v;
      expect(withReturn(one), k).toEqual(withReturn(fields({ [k]: v })));
    }
  });

  it("the fields every payment sets are its own properties, written as such", () => {
    const t = storedTransaction(fields());
    t.status = "closed";
    t.batch_id = "BATCH-1";
    t.used = 40;
    expect([t.status, t.batch_id, t.used]).toEqual(["closed", "BATCH-1", 40]);
  });

  it("the creation instant, status and is_settled (kept together) each read and write their own value", () => {
    const instants = [0, 1, 3_599_999, 3_600_000, Date.UTC(2026, 2, 2, 15, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 1.5];
    for (const status of Object.keys(TRANSITIONS) as TxStatus[]) {
      for (const is_settled of [false, true]) {
        for (const time_created of instants) {
          const over = { status, is_settled, time_created };
          expect(read(storedTransaction(fields(over))), JSON.stringify(over)).toEqual(read(fields(over)));
        }
      }
    }
    const apart: Partial<Transaction> = { status: "refund_settled", is_settled: true, time_created: Date.UTC(2030, 0, 1, 0, 0, 0, 7) };
    for (const [k, v] of Object.entries(apart)) {
      const one = storedTransaction(fields({ time_created: Date.UTC(2026, 2, 2, 15, 0, 0, 1) }));
      (one as unknown as Record<string, unknown>)[k] = v;
      expect(read(one), k).toEqual(read(fields({ time_created: Date.UTC(2026, 2, 2, 15, 0, 0, 1), [k]: v })));
    }
  });

  it("payments with one outcome share it; a write to one gives it its own, and others with that outcome keep theirs", () => {
    const a = storedTransaction(fields({ id: "A" }));
    const b = storedTransaction(fields({ id: "B" }));
    const declined = storedTransaction(fields({ id: "D", result: "DECLINED", response_code: "05", response_description: "Do not honor", card_type: "CREDIT" }));
    a.response_description = "Approved (changed)";
    a.card_type = "DEBIT";
    expect([a.response_description, a.card_type, a.result]).toEqual(["Approved (changed)", "DEBIT", "APPROVED"]);
    expect(read(b)).toEqual(read(fields({ id: "B" })));
    expect(read(storedTransaction(fields({ id: "C" })))).toEqual(read(fields({ id: "C" })));
    expect(read(declined)).toEqual(read(fields({ id: "D", result: "DECLINED", response_code: "05", response_description: "Do not honor", card_type: "CREDIT" })));
  });

  it("a network transaction id reads back as given: 15 digits with zeros in either half, or any other value as it is", () => {
    for (const id of ["000000010000001", "123456789012345", "999999990000000", "000000000000000", null, "12345678901234", "1234567890123456", "12345678901234x", "0000000x0000000"]) {
      const t = storedTransaction(fields({ network_transaction_id: id }));
      expect(t.network_transaction_id).toBe(id);
      t.network_transaction_id = "010000000000009";
      expect(t.network_transaction_id).toBe("010000000000009");
    }
  });
});

