import { describe, expect, it } from "vitest";
import { TOKEN_TRANSITIONS, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";
import { storedToken } from "./stored-token.js";

const fields = (over: Partial<PaymentToken> = {}): PaymentToken => ({
  token: "PAYMENT_TOKEN-1",
  client_id: "CLIENT-1",
  type: "card",
  status: "active",
  customer_id: null,
  is_default: false,
  nickname: null,
  card: { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } },
  bank_account: null,
  created_at: 1,
  ...over,
});

/** Every field as a reader sees it. */
const read = (t: PaymentToken) => Object.fromEntries(Object.keys(fields()).map((k) => [k, t[k as keyof PaymentToken]]));

describe("storedToken", () => {
  it("reads every field as given, seldom ones included", () => {
    for (const t of [fields(), fields({ customer_id: "C-1", is_default: true, nickname: "work" }), fields({ type: "ach", card: null, bank_account: { type: "ACH" } as PaymentToken["bank_account"] })]) {
      expect(read(storedToken(t))).toEqual(read(t));
    }
  });

  it("a write changes that token alone, also when both began with every seldom field at its default", () => {
    const a = storedToken(fields({ token: "A" }));
    const b = storedToken(fields({ token: "B" }));
    a.is_default = true;
    a.nickname = "home";
    a.status = "inactive";
    expect([a.is_default, a.nickname, a.status]).toEqual([true, "home", "inactive"]);
    expect(read(b)).toEqual(read(fields({ token: "B" })));
    expect(read(storedToken(fields({ token: "C" })))).toEqual(read(fields({ token: "C" })));
    a.is_default = false;
    expect(a.is_default).toBe(false);
  });

  it("each seldom field reads and writes its own value", () => {
    const apart: Partial<PaymentToken> = { customer_id: "C-9", is_default: true, nickname: "spare", bank_account: { type: "ACH" } as PaymentToken["bank_account"] };
    expect(read(storedToken(fields(apart)))).toEqual(read(fields(apart)));
    for (const [k, v] of Object.entries(apart)) {
      const one = storedToken(fields());
      (one as unknown as Record<string, unknown>)[k] = v;
      expect(read(one), k).toEqual(read(fields({ [k]: v })));
    }
  });

  it("the creation instant, kind and status (kept together) each read and write their own value", () => {
    const instants = [0, 3_599_999, 3_600_000, Date.UTC(2026, 2, 2, 15, 59, 59, 999), Date.UTC(9999, 11, 31, 23, 59, 59, 999), 2.5];
    for (const status of Object.keys(TOKEN_TRANSITIONS) as PaymentTokenStatus[]) {
      for (const type of ["card", "ach"] as const) {
        for (const created_at of instants) {
          const over = { status, type, created_at };
          expect(read(storedToken(fields(over))), JSON.stringify(over)).toEqual(read(fields(over)));
        }
      }
    }
    const apart: Partial<PaymentToken> = { status: "verification_failed", type: "ach", created_at: Date.UTC(2030, 0, 1, 0, 0, 0, 7) };
    for (const [k, v] of Object.entries(apart)) {
      const one = storedToken(fields({ created_at: Date.UTC(2026, 2, 2, 15, 0, 0, 1) }));
      (one as unknown as Record<string, unknown>)[k] = v;
      expect(read(one), k).toEqual(read(fields({ created_at: Date.UTC(2026, 2, 2, 15, 0, 0, 1), [k]: v })));
    }
  });
});
