import { describe, expect, test } from "vitest";
import { CARD_REQUIRED, cardDetailsInput, cardFields, faxValid, SETTLEMENT_TIME } from "./details.js";

describe("card detail rules", () => {
  test("fax: 10 to 12 digits, allowed punctuation only", () => {
    expect(["2125550199", "+1 (212) 555-0199", "212.555.0199", "+441234567890"].every(faxValid)).toBe(true);
    expect(["212555019", "1234567890123", "212555O199", "1-800-FLOWERS", "212+5550199", ""].some(faxValid)).toBe(false);
  });

  test("settlement time: HH:MM 24-hour", () => {
    expect(["00:00", "12:30", "23:59"].every((v) => SETTLEMENT_TIME.test(v))).toBe(true);
    expect(["24:00", "7:00", "12:60", "12:3", "1230"].some((v) => SETTLEMENT_TIME.test(v))).toBe(false);
  });

  test("the required list matches the schema: required fields are not optional, the rest are", () => {
    const shape = cardDetailsInput().shape as Record<string, { safeParse(v: unknown): { success: boolean } }>;
    for (const f of cardFields()) {
      expect(shape[f].safeParse(undefined).success, f).toBe(!(CARD_REQUIRED as readonly string[]).includes(f));
    }
    expect(cardFields()).toHaveLength(39);
  });
});
