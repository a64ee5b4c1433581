import { reportedBrand, sharedExpiry, sharedTruncatedPan, type BankAccountInput, type CardInput } from "../instruments.js";
import type { World } from "../world.js";
import { avsText, processorDigits, type Decision } from "./processor.js";
import type { CardView, MethodView } from "./transaction.js";
import { highHalf, joinHalves, lowHalf, packDigits, unpackDigits, type Digits } from "../../core/digits.js";

/** What a card payment's view shares with every payment of the same card and the same answer. */
const SHARED = ["type", "truncated_pan", "expiry", "first_name", "last_name", "entry_method", "card_brand", "cvv_result_code", "avs_result_code", "avs_response"] as const;
export type SharedCardView = Pick<CardView, (typeof SHARED)[number]>;

const AUTH_DIGITS = 6;
const RRN_DIGITS = 12;
const HALF_RRN = 6;

/** How many distinct shared parts a world keeps ({@link storedCardView}); past them each view keeps its own. */
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

/**
 * A card payment's `payment_method` as the store keeps it: its own token, authorization code and
 * retrieval reference number, and the rest (the masked card, expiry, names, brand, CVV and AVS
 * results) in one frozen object per distinct combination of the world. A suite pays with a few test
 * cards again and again: a view of its own for each was 128 bytes of a stored card SALE, its two
 * digit strings 56 more; this is 64. Read as before through accessors on the prototype; never
 * written after it is made.
 */
class StoredCardView implements CardView {
  payment_token: string | null;
  #auth: Digits;
  /** The first half of a 12-digit retrieval reference as a number, or the whole value otherwise. */
  #rrn: Digits;
  /** Its second half, when {@link #rrn} is a number. */
  #rrnLow: number;
  #shared: Readonly<SharedCardView>;

  constructor(v: CardView, shared: Readonly<SharedCardView>) {
    this.payment_token = v.payment_token;
    this.#auth = packDigits(v.auth_code, AUTH_DIGITS);
    this.#rrnLow = lowHalf(v.retrieval_reference_number, RRN_DIGITS, HALF_RRN);
    this.#rrn = highHalf(v.retrieval_reference_number, this.#rrnLow, HALF_RRN);
    this.#shared = shared;
  }

  get auth_code(): string | null {
    return unpackDigits(this.#auth, AUTH_DIGITS);
  }

  get retrieval_reference_number(): string | null {
    return joinHalves(this.#rrn, this.#rrnLow, RRN_DIGITS, HALF_RRN);
  }

  // The shared fields, one getter each: getters made in a loop share one inline cache, which every
  // field's name made megamorphic (core/shared-fields.ts).
  get type() { return this.#shared.type; }
  get truncated_pan() { return this.#shared.truncated_pan; }
  get expiry() { return this.#shared.expiry; }
  get first_name() { return this.#shared.first_name; }
  get last_name() { return this.#shared.last_name; }
  get entry_method() { return this.#shared.entry_method; }
  get card_brand() { return this.#shared.card_brand; }
  get cvv_result_code() { return this.#shared.cvv_result_code; }
  get avs_result_code() { return this.#shared.avs_result_code; }
  get avs_response() { return this.#shared.avs_response; }
}

/** The output payment method of a new payment (by card or bank account), in its stored form. */
export function paymentMethodView(world: World, ins: { card?: CardInput; ach?: BankAccountInput }, d: Decision, token: string | null): MethodView {
  if (!ins.card) return { type: "ACH", first_name: ins.ach!.first_name, last_name: ins.ach!.last_name, payment_token: token };
  const c = ins.card;
  const approved = d.result === "APPROVED";
  return storedCardView(world, {
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
  });
}

/** The stored form of a card payment's view, its shared part the world's one for these values. */
function storedCardView(world: World, v: CardView): CardView {
  const table = world.state.cardViews;
  const key = v.truncated_pan;
  let shared = table.find(key, v);
  if (!shared) {
    shared = Object.freeze({
      type: v.type,
      truncated_pan: v.truncated_pan,
      expiry: v.expiry,
      first_name: v.first_name,
      last_name: v.last_name,
      entry_method: v.entry_method,
      card_brand: v.card_brand,
      cvv_result_code: v.cvv_result_code,
      avs_result_code: v.avs_result_code,
      avs_response: v.avs_response,
    });
    table.add(key, shared);
  }
  return new StoredCardView(v, shared);
}

/** The view a CAPTURE, CANCEL or REFUND record shows: the original's, with `expiry` null (spec). */
export function withoutExpiry(world: World, v: CardView): CardView {
  const { type, truncated_pan, payment_token, first_name, last_name, entry_method, auth_code, retrieval_reference_number, card_brand, cvv_result_code, avs_result_code, avs_response } = v;
  return storedCardView(world, { type, truncated_pan, payment_token, expiry: null, first_name, last_name, entry_method, auth_code, retrieval_reference_number, card_brand, cvv_result_code, avs_result_code, avs_response });
}
