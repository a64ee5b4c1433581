import { describe, expect, test } from "vitest";
import { MERCHANT, RESELLER, setup } from "./helpers.js";
import { ACCOUNT, ACH_SECRET, achBody, achMethod, cardBody, cardMethod, PAN } from "./resources-data.js";

/**
 * Masking (issue "Must show"): after a full run over the resource surface, no response body and no
 * journal entry holds a full PAN, account number or client secret.
 */
describe("secrets never leave in clear", () => {
  test("responses and the journal hold no PAN, account number or client_secret", async () => {
    const t = setup();
    const texts: string[] = [];
    const keep = async (p: Promise<{ status: number; text: string }>) => {
      const r = await p;
      texts.push(r.text);
      return r;
    };
    const acting = { ...RESELLER, actingAs: MERCHANT.id };
    const ach = await keep(t.post("/v1/integrations", achBody()));
    await keep(t.post("/v1/integrations", achBody({ client: MERCHANT.id }), { as: RESELLER }));
    await keep(t.post("/v1/integrations", cardBody(), { as: acting }));
    await keep(t.get(`/v1/integrations/${(JSON.parse(ach.text) as { id: string }).id}`));
    await keep(t.post(`/v1/integrations/${(JSON.parse(ach.text) as { id: string }).id}`, achBody()));
    await keep(t.get("/v1/integrations"));
    await keep(t.get(`/v1/integrations/summary/${MERCHANT.id}`, { as: RESELLER }));
    await keep(t.get("/v1/integrations/INTEGRATION-01JDEM0ACHPR0C000000000000"));
    const card = await keep(t.post("/v1/payment_tokens", { payment_method: cardMethod() }));
    const bank = await keep(t.post("/v1/payment_tokens", { payment_method: achMethod() }, { as: acting }));
    await keep(t.post("/v1/payment_tokens", { payment_method: cardMethod({ expiry: { month: "01", year: "2020" } }) }));
    await keep(t.post("/v1/payment_tokens", { payment_method: achMethod({ account_type: "loan" }) }));
    await keep(t.get(`/v1/payment_tokens/${JSON.parse(card.text).payment_token}`));
    await keep(t.get(`/v1/payment_tokens/${JSON.parse(bank.text).payment_token}`, { as: RESELLER }));
    await keep(t.get("/v1/payment_tokens"));
    await keep(t.get("/v1/payment_tokens", { as: RESELLER }));

    expect(texts.every((s) => s.length > 0)).toBe(true);
    const journal = JSON.stringify(t.double.host.root.journal.entries());
    expect(journal).toContain("payment_tokens");
    for (const secret of [PAN, ACCOUNT, ACH_SECRET, "demo-ach-secret-0000"]) {
      for (const text of texts) expect(text).not.toContain(secret);
      expect(journal).not.toContain(secret);
    }
  });
});
