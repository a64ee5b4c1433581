import { describe, expect, it } from "vitest";
import { setup } from "./helpers.js";
import { CARD, expectTransaction, sale } from "./payments-helpers.js";

/** The vaulted cards behind the world's tokens, oldest first. */
const vault = (d: ReturnType<typeof setup>["double"]) => [...d.host.root.state.paymentTokens.values()].map((t) => t.card);

describe("the vault shares one card per distinct card of a world", () => {
  it("two payments with the same card vault one frozen card; another card, or one with an address, its own", async () => {
    const { double, post } = setup();
    const withAddress = { ...CARD, billing_address: { line1: "1 Main St", city: "Springfield", state: "IL", postal_code: "62701" } };
    for (const pm of [CARD, CARD, { ...CARD, last_name: "Byron" }, withAddress, withAddress]) expectTransaction(await post("/v1/transactions", sale({ payment_method: pm })));
    const [a, b, other, addressed1, addressed2] = vault(double);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(other).not.toBe(a);
    expect(other).toMatchObject({ last_name: "Byron" });
    expect(addressed2).not.toBe(addressed1);
    expect(addressed1).toMatchObject({ billing_address: { line1: "1 Main St" } });
    // What the vault keeps: the card as sent, without its security code.
    expect(a).toEqual({ type: "Card", entry_method: "ECOMMERCE", pan: CARD.pan, expiry: CARD.expiry, first_name: "Ada", last_name: "Lovelace" });
  });

  it("a payment by a token whose card is shared answers as one by the card's own token", async () => {
    const { post } = setup();
    const first = expectTransaction(await post("/v1/transactions", sale())) as { payment_method: { payment_token: string } };
    expectTransaction(await post("/v1/transactions", sale()));
    const byToken = await post("/v1/transactions", sale({ payment_method: { type: "PaymentToken", payment_token: first.payment_method.payment_token } }));
    expect(expectTransaction(byToken)).toMatchObject({ result: "APPROVED", payment_method: { truncated_pan: "424242******4242", expiry: CARD.expiry } });
  });

  it("a world's table is its own: a sandbox vaults its own copy, and a reset lets go of the world's", async () => {
    const { double, post } = setup();
    expectTransaction(await post("/v1/transactions", sale()));
    const made = await post("/_mock/sandboxes", {});
    const sandboxId = (made.body as { id: string }).id;
    expectTransaction(await post(`/sandboxes/${sandboxId}/v1/transactions`, sale()));
    const sandbox = double.host.world(sandboxId)!;
    expect([...sandbox.state.paymentTokens.values()][0]!.card).not.toBe(vault(double)[0]);
    expect(double.host.root.state.vaultedCards.size).toBe(1);
    await post("/_mock/reset", {});
    expect(double.host.root.state.vaultedCards.size).toBe(0);
  });
});
