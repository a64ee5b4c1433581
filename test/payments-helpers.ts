import { expect } from "vitest";
import { transactionResponse } from "../src/gateway/transactions/schema.js";
import { batchResponse } from "../src/gateway/batches/schema.js";
import type { Reply } from "./helpers.js";

/** Request bodies and checks shared by the payment suites. */
export const CARD = {
  type: "Card",
  entry_method: "ECOMMERCE",
  pan: "4242424242424242",
  expiry: { month: "12", year: "2030" },
  cvv: "123",
  first_name: "Ada",
  last_name: "Lovelace",
};

export const ACH = {
  type: "ACH",
  account_number: "000123456789",
  routing_number: "021000021",
  account_type: "checking",
  standard_entry_class: "PPD",
  first_name: "Grace",
  last_name: "Hopper",
};

export const sale = (extra: Record<string, unknown> = {}) => ({ type: "SALE", amount: 1000, payment_method: CARD, ...extra });
export const achSale = (extra: Record<string, unknown> = {}) => ({ type: "SALE", amount: 2500, payment_method: ACH, ...extra });

/** A 200 whose body is a Transaction exactly as the strict response schema allows. */
export function expectTransaction(r: Reply) {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status} ${r.text}`);
  const parsed = transactionResponse().safeParse(r.body);
  if (!parsed.success) throw new Error(`not a Transaction: ${parsed.error.message}\n${r.text}`);
  return r.body;
}

/** Every batch in a reply is a strict Batch. */
export function expectBatch(b: unknown) {
  const parsed = batchResponse().safeParse(b);
  expect(parsed.success, parsed.success ? "" : parsed.error.message).toBe(true);
  return b as any;
}

/**
 * Moves the simulated clock to `instant` through `POST /_mock/clock/advance` when the control API
 * serves it, else directly on the world (the clock routes land from another branch).
 */
export async function advanceTo(t: { post: (p: string, b?: unknown, o?: any) => Promise<Reply>; double: any }, instant: string) {
  const r = await t.post("/_mock/clock/advance", { to: instant }, { as: null });
  if (r.status === 404) t.double.host.root.advanceTo(Date.parse(instant));
  else expect(r.status).toBe(200);
}
