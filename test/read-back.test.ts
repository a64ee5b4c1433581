import { describe, expect, it } from "vitest";
import { setup } from "./helpers.js";
import { ACH, CARD, sale } from "./payments-helpers.js";
import { loadYaml } from "./scenario-helpers.js";

/**
 * Issue 20 item 5: `x-paydouble-rule` (and the journal's `rule`) name what *shaped* an answer. The
 * built-in approvals that only fill the card type read back are the gateway's ordinary answer and
 * name nothing; a built-in magic value that changes the outcome, or any rule of a loaded file, does.
 */
describe("built-in read-back approvals are not reported as shaped answers", () => {
  it("an ordinary test-card sale carries no rule header and journals rule null, yet reads back CREDIT", async () => {
    const t = setup();
    const paid = await t.post("/v1/transactions", sale());
    expect(paid.status).toBe(200);
    expect(paid.headers.get("x-paydouble-rule")).toBeNull();
    const [entry] = (await t.get("/_mock/requests", { as: null })).body.data;
    expect(entry.rule).toBeNull();
    const read = await t.get(`/v1/transactions/${paid.body.id}`);
    expect(read.body.payment_method.card_type).toBe("CREDIT");
  });

  it("neither do the debit read-back card and the plain ACH approval", async () => {
    const t = setup();
    for (const body of [sale({ payment_method: { ...CARD, pan: "4000056655665556" } }), { type: "SALE", amount: 2500, payment_method: ACH }]) {
      const r = await t.post("/v1/transactions", body);
      expect(r.status).toBe(200);
      expect(r.headers.get("x-paydouble-rule")).toBeNull();
    }
  });

  it("a built-in decline, a built-in fault and a loaded file's plain approval are named", async () => {
    const t = setup();
    const declined = await t.post("/v1/transactions", sale({ payment_method: { ...CARD, pan: "4000000000000002" } }));
    expect(declined.body.result).toBe("DECLINED");
    expect(declined.headers.get("x-paydouble-rule")).toBe("builtin/decline 05 do not honor");
    const failed = await t.post("/v1/transactions", sale({ payment_method: { ...CARD, pan: "4000005020000007" } }));
    expect(failed.status).toBe(502);
    expect(failed.headers.get("x-paydouble-rule")).toMatch(/^builtin\//);
    const mine = ["version: 1", "name: mine", "rules:", "  - name: debit please", "    when: { operation: createTransaction }", "    then: { approve: true, card_type: DEBIT }"].join("\n");
    expect((await loadYaml(t, mine)).status).toBe(201);
    expect((await t.post("/v1/transactions", sale())).headers.get("x-paydouble-rule")).toBe("mine/debit please");
    const rules = (await t.get("/_mock/requests", { as: null })).body.data.map((e: { rule: string | null }) => e.rule);
    expect(rules).toEqual(["builtin/decline 05 do not honor", failed.headers.get("x-paydouble-rule"), "mine/debit please"]);
  });
});
