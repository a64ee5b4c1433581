import { describe, expect, test } from "vitest";
import { constantTimeEqual } from "./auth.js";
import { abaValid, cardBrand, cardExpired, luhnValid, paymentMethodInput, reportedBrand, sharedExpiry } from "./instruments.js";

describe("instruments", () => {
  test("Luhn", () => {
    for (const ok of ["4242424242424242", "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"]) expect(luhnValid(ok), ok).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
  });
  test("ABA routing checksum", () => {
    expect(abaValid("021000021")).toBe(true);
    expect(abaValid("011000015")).toBe(true);
    expect(abaValid("021000022")).toBe(false);
    expect(abaValid("02100002")).toBe(false);
  });
  test("brand from the BIN, longest prefix first", () => {
    expect(cardBrand("4242424242424242")).toBe("visa");
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("2223003122003222")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("american_express");
    expect(cardBrand("6011111111111117")).toBe("discover");
    expect(cardBrand("6221260000000000")).toBe("discover");
    expect(cardBrand("6200000000000005")).toBe("unionpay");
    expect(cardBrand("3530111333300000")).toBe("jcb");
    expect(cardBrand("36227206271667")).toBe("diners_club");
    expect(cardBrand("9000000000000000")).toBeNull();
  });
  test("the BIN read once gives the brand each prefix read alone gives, for every 6-digit BIN and odd texts", () => {
    // The reference reading: the prefix rules applied to the digits as text, one slice per prefix.
    const reference = (pan: string) => {
      const p = (n: number) => Number(pan.slice(0, n));
      if (p(6) >= 622126 && p(6) <= 622925) return "discover";
      if (p(4) === 6011 || (p(3) >= 644 && p(3) <= 649) || p(2) === 65) return "discover";
      if (p(4) >= 3528 && p(4) <= 3589) return "jcb";
      if (p(4) >= 2221 && p(4) <= 2720) return "mastercard";
      if (p(4) === 3095 || (p(3) >= 300 && p(3) <= 305) || p(2) === 36 || p(2) === 38 || p(2) === 39) return "diners_club";
      if (p(2) === 34 || p(2) === 37) return "american_express";
      if (p(2) >= 51 && p(2) <= 55) return "mastercard";
      if (p(2) === 62 || p(2) === 81) return "unionpay";
      if (pan[0] === "4") return "visa";
      return null;
    };
    for (const odd of ["", "4", "37", "6011", "62212", "42x4242424242", "+424242424242", " 4242424242"]) expect(cardBrand(odd), odd).toBe(reference(odd));
    for (let bin = 0; bin < 1_000_000; bin++) {
      const pan = `${String(bin).padStart(6, "0")}0000000000`;
      if (cardBrand(pan) !== reference(pan)) expect(cardBrand(pan), pan).toBe(reference(pan));
    }
  });
  test("the debit brands only for a DEBIT Visa or Mastercard", () => {
    expect(reportedBrand("4000056655665556", "DEBIT")).toBe("visa_debit");
    expect(reportedBrand("5200828282828210", "DEBIT")).toBe("mastercard_debit");
    expect(reportedBrand("4000056655665556", "UNKNOWN")).toBe("visa");
    expect(reportedBrand("6011111111111117", "DEBIT")).toBe("discover");
  });
  test("a card is valid through its expiry month", () => {
    expect(cardExpired({ month: "03", year: "2026" }, Date.parse("2026-03-31T23:59:59Z"))).toBe(false);
    expect(cardExpired({ month: "03", year: "2026" }, Date.parse("2026-04-01T00:00:00Z"))).toBe(true);
  });
  test("payment_method type is matched case-insensitively", () => {
    const card = { entry_method: "ECOMMERCE", pan: "4242424242424242", expiry: { month: "12", year: "2030" } };
    expect(paymentMethodInput.safeParse({ type: "CARD", ...card }).success).toBe(true);
    expect(paymentMethodInput.safeParse({ type: "card", ...card }).success).toBe(true);
    expect(paymentMethodInput.safeParse({ type: "Cheque", ...card }).success).toBe(false);
  });
  test("constant-time equality is plain equality", () => {
    expect(constantTimeEqual("pk_live_a", "pk_live_a")).toBe(true);
    expect(constantTimeEqual("pk_live_a", "pk_live_b")).toBe(false);
    expect(constantTimeEqual("pk_live_a", "pk_live_ab")).toBe(false);
    expect(constantTimeEqual("", "")).toBe(true);
  });
  test("one frozen expiry per month, equal in value, and no table past its bound", () => {
    const a = sharedExpiry({ month: "12", year: "2030" });
    expect(sharedExpiry({ month: "12", year: "2030" })).toBe(a);
    expect(a).toEqual({ month: "12", year: "2030" });
    expect(Object.isFrozen(a)).toBe(true);
    expect(sharedExpiry({ month: "01", year: "2031" })).not.toBe(a);
    // Past the bound a new month still gets a correct object, only not a kept one.
    for (let y = 3000; y < 3400; y++) for (let m = 1; m <= 12; m++) sharedExpiry({ month: String(m).padStart(2, "0"), year: String(y) });
    const late = sharedExpiry({ month: "06", year: "9999" });
    expect(late).toEqual({ month: "06", year: "9999" });
    expect(sharedExpiry({ month: "06", year: "9999" })).not.toBe(late);
  });
});
