import { describe, expect, test } from "vitest";
import { ScenarioEngine, type MatchInput } from "./engine.js";
import { BUILTIN_PATH, readScenarioFile } from "./library.js";

/**
 * The built-in magic values as data: what the engine hands the payments code for each row of
 * PRODUCT.md's table. (The payments tests prove the HTTP effects once payments apply them.)
 */
const engine = () => new ScenarioEngine({ start: [], builtin: readScenarioFile(BUILTIN_PATH), chance: () => 0 });
const card = (pan: string, clientId = "CLIENT-A"): MatchInput => ({
  operation: "createTransaction",
  clientId,
  body: { type: "SALE", amount: 1000, payment_method: { type: "Card", pan } },
  query: {},
  headers: () => ({}),
});
const ach = (account_number: string, sec = "PPD"): MatchInput => ({
  ...card(""),
  body: { type: "SALE", amount: 1000, payment_method: { type: "ACH", account_number, standard_entry_class: sec } },
});

describe("built-in magic values", () => {
  test("card outcomes", () => {
    const e = engine();
    const o = (pan: string) => e.match(card(pan))?.outcome;
    for (const pan of ["4242424242424242", "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"]) {
      expect(o(pan)).toEqual({ approve: true, card_type: "CREDIT" });
    }
    expect(o("4000000000000002")).toEqual({ decline: { code: "05", description: "Do not honor" } });
    expect(o("4000000000009995")?.decline?.code).toBe("51");
    expect(o("4000000000009987")?.decline?.code).toBe("41");
    expect(o("4000000000009979")?.decline?.code).toBe("43");
    expect(o("4000000000000069")?.decline?.code).toBe("54");
    expect(o("4000000000000127")).toMatchObject({ decline: { code: "N7" }, set: { "payment_method.cvv_result_code": "N" } });
    expect(o("4000000000006975")?.decline?.code).toBe("61");
    expect(o("4000000000000119")).toEqual({ error_result: { code: "96", description: "System malfunction" } });
    expect(["0010", "0028", "0036", "0044"].map((t) => o(`400000000000${t}`)?.set?.["payment_method.avs_result_code"])).toEqual(["n", "z", "a", "u"]);
    expect(o("4000000000000101")?.set).toEqual({ "payment_method.cvv_result_code": "N" });
    expect(o("4000000000000341")?.tokenization).toBe("fail");
    expect(o("4000005000000001")).toEqual({ fail: { error: "SYSTEM_ERROR" } });
    expect(o("4000005020000007")).toEqual({ fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } });
    expect(o("4000004001000003")?.schedule).toEqual([{ event: "remove_from_batch" }]);
    expect(o("4000056655665556")?.card_type).toBe("DEBIT");
    expect(o("5200828282828210")?.card_type).toBe("DEBIT");
    expect(o("4000009990000005")?.card_type).toBe("UNKNOWN");
    expect(e.match(card("4012888888881881"))).toBeNull();
  });

  test("502 on the first attempt per client, approved after", () => {
    const e = engine();
    expect(e.match(card("4000005021000006", "CLIENT-A"))?.outcome.fail?.error).toBe("DOWNSTREAM_ERROR");
    expect(e.match(card("4000005021000006", "CLIENT-A"))).toBeNull();
    expect(e.match(card("4000005021000006", "CLIENT-B"))?.outcome.fail?.error).toBe("DOWNSTREAM_ERROR");
  });

  test("ACH outcomes", () => {
    const e = engine();
    const s = (acct: string, sec?: string) => e.match(ach(acct, sec))?.outcome.schedule?.[0];
    expect(e.match(ach("000123456789"))?.outcome).toEqual({ approve: true });
    expect(s("000222222227")).toMatchObject({ event: "ach_return", after: "settlement", business_days: 2, code: "R01" });
    expect(s("000111111113")?.code).toBe("R02");
    expect(s("000111111116")?.code).toBe("R03");
    expect(s("000333333335")?.code).toBe("R10");
    expect(s("000333333335", "CCD")?.code).toBe("R29");
    expect(s("10007")).toEqual({ event: "ach_return", after: "settlement", business_days: 2, code: "R07" });
    expect(s("1001605")).toEqual({ event: "ach_return", after: "settlement", business_days: 5, code: "R16" });
    expect(s("000000009999")).toMatchObject({ code: null });
    expect(e.match(ach("000000000500"))?.outcome).toEqual({ fail: { error: "SYSTEM_ERROR" } });
    expect(e.match(ach("000000000502"))?.outcome).toEqual({ fail: { error: "DOWNSTREAM_ERROR", created: "APPROVED" } });
    expect(s("000000004001")).toEqual({ event: "remove_from_batch" });
  });

  test("labels name the builtin scenario and the rule", () => {
    expect(engine().match(card("4000000000000002"))?.label).toBe("builtin/decline 05 do not honor");
  });
});
