import { reportedBrand, sharedExpiry, sharedTruncatedPan, type BankAccountInput, type CardInput } from "../instruments.js";
import type { World } from "../world.js";
import { avsText, processorDigits, type Decision } from "./processor.js";
import type { CardView, MethodView } from "./transaction.js";

/** What a card payment's view shares with every payment of the same card and the same answer. */
const SHARED = ["type", "truncated_pan", "expiry", "first_name", "last_name", "entry_method", "card_brand", "cvv_result_code", "avs_result_code", "avs_response"] as const;
export type SharedCardView = Pick<CardView, (typeof SHARED)[number]>;

const AUTH_DIGITS = 6;
const RRN_DIGITS = 12;

/**
 * How many distinct shared parts a world keeps (transactions/table.ts): a suite pays with a few test
 * cards again and again, so one frozen part serves thousands of payments; past the limit each payment
 * keeps its own.
 */
export const SHARED_VIEWS = 1_024;

/** Whether two views may share their card part: every shared field (a name may hold any character). */
export function sameSharedView(a: SharedCardView, b: SharedCardView): boolean {
  return (
    a.truncated_pan === b.truncated_pan &&
    a.expiry?.month === b.expiry?.month &&
    a.expiry?.year === b.expiry?.year &&
    a.first_name === b.first_name &&
    a.last_name === b.last_name &&
    a.entry_method === b.entry_method &&
    a.card_brand === b.card_brand &&
    a.cvv_result_code === b.cvv_result_code &&
    a.avs_result_code === b.avs_result_code &&
    a.avs_response === b.avs_response &&
    a.type === b.type
  );
}

/** The output payment method of a new payment (by card or bank account); the table keeps its parts (table.ts). */
export function paymentMethodView(world: World, ins: { card?: CardInput; ach?: BankAccountInput }, d: Decision, token: string | null): MethodView {
  if (!ins.card) return { type: "ACH", first_name: ins.ach!.first_name, last_name: ins.ach!.last_name, payment_token: token };
  const c = ins.card;
  const approved = d.result === "APPROVED";
  return {
    type: "CARD",
    truncated_pan: sharedTruncatedPan(c.pan),
    payment_token: token,
    expiry: sharedExpiry(c.expiry),
    first_name: c.first_name ?? null,
    last_name: c.last_name ?? null,
    entry_method: c.entry_method,
    auth_code: approved ? processorDigits(world, "auth-code", AUTH_DIGITS) : null,
    retrieval_reference_number: processorDigits(world, "rrn", RRN_DIGITS),
    card_brand: reportedBrand(c.pan, d.card_type),
    cvv_result_code: d.cvv_result_code,
    avs_result_code: d.avs_result_code,
    avs_response: avsText(d.avs_result_code),
  };
}

/** The view a CAPTURE, CANCEL or REFUND record shows: the original's, with `expiry` null (spec). */
export function withoutExpiry(v: CardView): CardView {
  const { type, truncated_pan, payment_token, first_name, last_name, entry_method, auth_code, retrieval_reference_number, card_brand, cvv_result_code, avs_result_code, avs_response } = v;
  return { type, truncated_pan, payment_token, expiry: null, first_name, last_name, entry_method, auth_code, retrieval_reference_number, card_brand, cvv_result_code, avs_result_code, avs_response };
}
