import { describe, expect, it } from "vitest";
import type { BankAccountInput, CardInput } from "../instruments.js";
import { TOKEN_TRANSITIONS, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";
import { rowOf, TokenTable } from "./table.js";

const CARD: CardInput = Object.freeze({ type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } });
const ACH = { type: "ACH", account_number: "000123456789", routing_number: "021000021", account_type: "checking", standard_entry_class: "WEB", first_name: "Grace", last_name: "Hopper" } as unknown as BankAccountInput;

/** A canonical id made of `n` (every digit a canonical Crockford digit). */
const id = (n: number) => `PAYMENT_TOKEN-01JDEM${String(n).padStart(20, "0")}`;

const fields = (over: Partial<PaymentToken> = {}): PaymentToken => ({
  token: id(1),
  client_id: "CLIENT-1",
  type: "card",
  status: "active",
  customer_id: null,
  is_default: false,
  nickname: null,
  card: CARD,
  bank_account: null,
  created_at: 1,
  ...over,
});

/** Every field as a reader sees it. */
const read = (t: PaymentToken) => Object.fromEntries(Object.keys(fields()).map((k) => [k, t[k as keyof PaymentToken]]));

/** A table holding `given`, in order. */
function tableOf(...given: PaymentToken[]): TokenTable {
  const table = new TokenTable();
  for (const t of given) table.add(t);
  return table;
}

describe("TokenTable", () => {
  it("reads every field of every row as given, by id, by row and in creation order, each row apart from the others", () => {
    // Rows that differ in every field at once: a column read from another (or from the wrong row) shows.
    const given = [
      fields(),
      fields({ token: id(2), client_id: "CLIENT-2", type: "ach", status: "verification_pending", customer_id: "C-1", is_default: true, nickname: "work", card: null, bank_account: ACH, created_at: Date.UTC(2026, 2, 2, 15, 0, 0, 7) }),
      fields({ token: id(3), client_id: "CLIENT-1", status: "expired", card: { ...CARD, pan: "4111111111111111" }, created_at: 2.5 }),
      fields({ token: id(4), client_id: "CLIENT-3", status: "inactive", customer_id: "C-2", created_at: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
    ];
    const table = tableOf(...given);
    expect(table.size).toBe(4);
    given.forEach((t, row) => {
      expect(read(table.get(t.token)!), t.token).toEqual(read(t));
      expect(read(table.at(row))).toEqual(read(t));
      expect(rowOf(table.get(t.token)!)).toBe(row);
      expect(table.idOf(row)).toBe(t.token);
    });
    expect([...table.values()].map(read)).toEqual(given.map(read));
    expect(table.get(id(5))).toBeUndefined();
    expect(() => table.at(4)).toThrow(RangeError);
  });

  it("every kind and status, and instants that are no whole millisecond, read back as given", () => {
    const instants = [0, 3_599_999, 3_600_000, Date.UTC(2026, 2, 2, 15, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 2.5, -1];
    const given: PaymentToken[] = [];
    for (const status of Object.keys(TOKEN_TRANSITIONS) as PaymentTokenStatus[]) {
      for (const type of ["card", "ach"] as const) {
        for (const created_at of instants) given.push(fields({ token: id(given.length), status, type, created_at }));
      }
    }
    const table = tableOf(...given); // past the first capacities: the columns grow as rows come
    given.forEach((t, row) => expect(read(table.at(row)), JSON.stringify(t)).toEqual(read(t)));
    expect(() => table.add(fields({ token: id(999), status: "lost" as PaymentTokenStatus }))).toThrow(RangeError);
  });

  it("a write changes that row alone, also when all began with every seldom field at its default", () => {
    const table = tableOf(fields({ token: id(1) }), fields({ token: id(2) }), fields({ token: id(3), nickname: "old" }));
    for (const token of [id(2), id(3)]) {
      const t = table.get(token)!;
      t.is_default = true;
      t.nickname = "home";
      t.status = "inactive";
      expect(read(table.get(token)!)).toEqual(read(fields({ token, is_default: true, nickname: "home", status: "inactive" })));
    }
    expect(read(table.get(id(1))!)).toEqual(read(fields({ token: id(1) })));
    expect(read(table.add(fields({ token: id(4) })))).toEqual(read(fields({ token: id(4) })));
    table.get(id(2))!.is_default = false;
    expect([...table.values()].map((t) => t.is_default)).toEqual([false, false, true, false]);
  });

  it("each seldom field reads and writes its own value", () => {
    const apart: Partial<PaymentToken> = { customer_id: "C-9", is_default: true, nickname: "spare", bank_account: ACH };
    expect(read(tableOf(fields(apart)).at(0))).toEqual(read(fields(apart)));
    for (const [k, v] of Object.entries(apart)) {
      const one = tableOf(fields()).at(0);
      (one as unknown as Record<string, unknown>)[k] = v;
      expect(read(one), k).toEqual(read(fields({ [k]: v })));
    }
  });

  it("the fields no service writes after the token is made refuse a write", () => {
    const t = tableOf(fields()).at(0) as unknown as Record<string, unknown>;
    for (const k of ["token", "client_id", "type", "card", "created_at"]) expect(() => (t[k] = null), k).toThrow(TypeError);
  });

  it("a shared (frozen) card is the same object for every row of it; a card of its own is its row's alone", () => {
    const own1: CardInput = { ...CARD, billing_address: { line1: "1 Main St" } as CardInput["billing_address"] };
    const own2: CardInput = { ...own1 };
    const other = Object.freeze({ ...CARD, last_name: "Byron" });
    const table = tableOf(fields({ token: id(1) }), fields({ token: id(2), card: own1 }), fields({ token: id(3), card: other }), fields({ token: id(4) }), fields({ token: id(5), card: own2 }));
    const cards = [...table.values()].map((t) => t.card);
    expect(cards).toEqual([CARD, own1, other, CARD, own2]);
    expect(cards[0]).toBe(CARD);
    expect(cards[3]).toBe(CARD);
    expect(cards[2]).toBe(other);
    expect(cards[1]).toBe(own1);
    expect(cards[4]).toBe(own2);
  });

  it("keeps ids that are not canonical ULIDs (a fixture's, lower case, another prefix) whole, each found by its exact string", () => {
    const odd = ["PAYMENT_TOKEN-1", "PAYMENT_TOKEN-fixture-ada", id(7).toLowerCase(), `TRANSACTION-${id(7).slice(14)}`, id(7)];
    const table = tableOf(...odd.map((token, i) => fields({ token, created_at: i, client_id: `CLIENT-${i}` })));
    odd.forEach((token, row) => {
      expect(rowOf(table.get(token)!)).toBe(row);
      expect(read(table.at(row))).toEqual(read(fields({ token, created_at: row, client_id: `CLIENT-${row}` })));
    });
    for (const miss of ["PAYMENT_TOKEN-2", "payment_token-1", id(8), "", 7 as unknown as string]) expect(table.get(miss)).toBeUndefined();
  });
});
