import { describe, expect, it } from "vitest";
import { setup } from "./helpers.js";
import { CARD, expectTransaction, sale } from "./payments-helpers.js";
import { sameSharedView, withoutExpiry } from "../src/gateway/transactions/card-view.js";
import { TransactionTable } from "../src/gateway/transactions/table.js";
import type { CardView } from "../src/gateway/transactions/transaction.js";

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

describe("card payments share one view of each distinct card and answer per world", () => {
  it("each payment reads as its own card, and the world keeps one shared part per distinct card and answer", async () => {
    const { double, post, get } = setup();
    const other = { ...CARD, pan: "4111111111111111" }; // another Visa of the same holder: only the number differs
    const sent = [CARD, other, CARD, other, CARD];
    const made = [];
    for (const pm of sent) made.push(expectTransaction(await post("/v1/transactions", sale({ payment_method: pm }))) as { id: string; payment_method: Record<string, unknown> });
    expect(double.host.root.state.transactions.cardViews.size).toBe(2);
    for (const [i, t] of made.entries()) {
      const read = (await get(`/v1/transactions/${t.id}`)).body as { payment_method: Record<string, unknown> };
      expect(read.payment_method).toMatchObject({ truncated_pan: i % 2 ? "411111******1111" : "424242******4242", first_name: "Ada", expiry: CARD.expiry });
      // Its own token, authorization code and retrieval reference, as answered when made.
      expect(read.payment_method.payment_token).toBe(t.payment_method.payment_token);
      expect(read.payment_method.auth_code).toBe(t.payment_method.auth_code);
      expect(read.payment_method.retrieval_reference_number).toBe(t.payment_method.retrieval_reference_number);
    }
    expect(new Set(made.map((t) => t.payment_method.retrieval_reference_number)).size).toBe(5);
  });

  it("a capture's view is the original's with expiry null, shared with other captures of that card", async () => {
    const { double, post } = setup();
    const auths = [];
    for (let i = 0; i < 2; i++) auths.push(expectTransaction(await post("/v1/transactions", sale({ type: "AUTH" }))) as { id: string });
    const captures = [];
    for (const a of auths) captures.push(expectTransaction(await post(`/v1/transactions/${a.id}/capture`, {})) as { payment_method: Record<string, unknown> });
    for (const c of captures) expect(c.payment_method).toMatchObject({ truncated_pan: "424242******4242", expiry: null, first_name: "Ada" });
    expect(double.host.root.state.transactions.cardViews.size).toBe(2); // the card with its expiry, and without
  });
});

describe("a card payment's authorization code and retrieval reference, kept as numbers", () => {
  it("read back exactly as answered, leading zeros included", async () => {
    const { post, get } = setup();
    const codes: string[] = [];
    for (let i = 0; i < 60; i++) {
      const made = expectTransaction(await post("/v1/transactions", sale())) as { id: string; payment_method: { auth_code: string; retrieval_reference_number: string } };
      const read = (await get(`/v1/transactions/${made.id}`)).body as typeof made;
      expect(read.payment_method.auth_code).toMatch(/^\d{6}$/);
      expect(read.payment_method.retrieval_reference_number).toMatch(/^\d{12}$/);
      expect([read.payment_method.auth_code, read.payment_method.retrieval_reference_number]).toEqual([made.payment_method.auth_code, made.payment_method.retrieval_reference_number]);
      codes.push(made.payment_method.auth_code, made.payment_method.retrieval_reference_number);
    }
    // The seeded streams gave some codes a leading zero: the case a number would lose.
    expect(codes.filter((c) => c.startsWith("0")).length).toBeGreaterThan(0);
  });

  it("each half of a retrieval reference keeps its leading zeros; a value of another form is kept as it is", () => {
    const view = (auth_code: string | null, retrieval_reference_number: string | null): CardView => ({ ...BASE_VIEW, auth_code, retrieval_reference_number });
    for (const [auth, rrn] of [["000001", "000123000045"], ["123456", "999999999999"], ["000000", "000000000000"], [null, "12345678901"], ["12a456", "1234567890ab"], ["1234567", "0001234567890"]] as const) {
      const kept = keptView(withoutExpiry(view(auth, rrn)));
      expect([kept.auth_code, kept.retrieval_reference_number]).toEqual([auth, rrn]);
    }
  });
});

/** A card view as a payment's row keeps it: stored in a table of its own and read back. */
function keptView(method: CardView): CardView {
  const table = new TransactionTable();
  const t = table.add({ id: "TRANSACTION-1", seq: 0, ref: null, type: "SALE", result: "APPROVED", status: "pending", client_id: "CLIENT-1", processor: "Cardproc", response_code: "00", response_description: "Approved", batch_id: null, is_settled: false, settlement_issue: null, remove_at_close: false, returned_at: null, time_created: 0, amount: 1, tip: 0, used: 0, method, card_type: "CREDIT", recurring: false, initiator: null, recurring_details: null, network_transaction_id: null, metadata: null, set: null });
  return t.method as CardView;
}

const BASE_VIEW: CardView = {
  type: "CARD", truncated_pan: "424242******4242", payment_token: null, expiry: { month: "12", year: "2030" }, first_name: "Ada", last_name: "Lovelace",
  entry_method: "ECOMMERCE", auth_code: null, retrieval_reference_number: null, card_brand: "VISA", cvv_result_code: "M", avs_result_code: "Y", avs_response: "match",
};

describe("a stored view reads each field as its own", () => {
  it("every field of a view, each set apart from the rest, reads back as given", () => {
    const given: CardView = { ...BASE_VIEW, payment_token: "PAYMENT_TOKEN-1", auth_code: "012345", retrieval_reference_number: "000123000045" };
    const kept = keptView(withoutExpiry(given));
    const fields = Object.keys(BASE_VIEW) as (keyof CardView)[];
    expect(Object.fromEntries(fields.map((k) => [k, kept[k]]))).toEqual({ ...given, expiry: null });
  });
});

describe("views share their card part only when every shared field is equal", () => {
  it("a view differing in any one shared field is not the same", () => {
    const other: Record<string, unknown> = { type: "ACH", truncated_pan: "411111******1111", expiry: { month: "01", year: "2030" }, first_name: "Bo", last_name: null, entry_method: "MOTO", card_brand: "MASTERCARD", cvv_result_code: "N", avs_result_code: "N", avs_response: "no match" };
    expect(sameSharedView(BASE_VIEW, { ...BASE_VIEW })).toBe(true);
    for (const [field, value] of Object.entries(other)) expect(sameSharedView(BASE_VIEW, { ...BASE_VIEW, [field]: value } as CardView), field).toBe(false);
    expect(sameSharedView(BASE_VIEW, { ...BASE_VIEW, expiry: { month: "12", year: "2031" } })).toBe(false);
    expect(sameSharedView(BASE_VIEW, { ...BASE_VIEW, expiry: null })).toBe(false);
  });
});
