import { describe, expect, test } from "vitest";
import { canTransition, cardExpiresAt, sameVaultedCard, TOKEN_TRANSITIONS, type PaymentToken, type PaymentTokenStatus } from "./payment-token.js";
import type { CardInput } from "../instruments.js";

const token = (type: "card" | "ach", status: PaymentTokenStatus) => ({ type, status }) as PaymentToken;

describe("payment token transitions", () => {
  test("inactive is final; expired only for cards; verification only for bank accounts", () => {
    expect(TOKEN_TRANSITIONS.inactive).toEqual([]);
    expect(canTransition(token("card", "active"), "expired")).toBe(true);
    expect(canTransition(token("ach", "active"), "expired")).toBe(false);
    expect(canTransition(token("card", "active"), "verification_failed")).toBe(false);
    expect(canTransition(token("ach", "verification_pending"), "verification_failed")).toBe(true);
    expect(canTransition(token("ach", "inactive"), "active")).toBe(false);
    expect(canTransition(token("card", "expired"), "expired")).toBe(true);
  });

  test("a card expires at the first instant after its expiry month", () => {
    expect(new Date(cardExpiresAt({ month: "12", year: "2030" })).toISOString()).toBe("2031-01-01T00:00:00.000Z");
    expect(new Date(cardExpiresAt({ month: "02", year: "2028" })).toISOString()).toBe("2028-03-01T00:00:00.000Z");
  });
});

describe("the vault's shared cards", () => {
  test("a card differing in any field the vault keeps is another card; its security code is not kept", () => {
    const card: CardInput = { type: "Card", entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" }, cvv: "123", first_name: "Ada", last_name: "Lovelace" };
    expect(sameVaultedCard(card, { ...card, cvv: "999" })).toBe(true);
    const others: Partial<CardInput>[] = [{ pan: "4111111111111111" }, { entry_method: "MOTO" }, { expiry: { month: "11", year: "2030" } }, { expiry: { month: "12", year: "2031" } }, { first_name: undefined }, { last_name: "Byron" }];
    for (const other of others) expect(sameVaultedCard(card, { ...card, ...other }), JSON.stringify(other)).toBe(false);
  });
});
