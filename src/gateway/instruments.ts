import * as z from "zod";
import { truncatePan } from "../core/mask.js";
import { email, text } from "./fields.js";

/**
 * Payment instruments on requests (PRODUCT.md "Request shapes the spec leaves open"): a card, a bank
 * account, or a payment token standing for one. Shared by transactions and payment tokens.
 *
 * Format rules live here; rules that need the clock (a past expiry) live in the services.
 */

/** Luhn check of a digit string. */
export function luhnValid(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i++) {
    let d = pan.charCodeAt(pan.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

export type CardBrand = "visa" | "mastercard" | "american_express" | "discover" | "diners_club" | "jcb" | "unionpay";

/** Card brand from the BIN, longest prefix first (reference "Card brand detection"); null if none. */
export function cardBrand(pan: string): CardBrand | null {
  // One parse of the BIN when it is six digits (a validated PAN always is), its shorter prefixes by
  // integer division: every card payment asks this. Anything else is read prefix by prefix.
  if (!sixDigits(pan)) return brandOf(Number(pan.slice(0, 6)), Number(pan.slice(0, 4)), Number(pan.slice(0, 3)), Number(pan.slice(0, 2)), pan);
  const p6 = Number(pan.slice(0, 6));
  return brandOf(p6, Math.floor(p6 / 100), Math.floor(p6 / 1000), Math.floor(p6 / 10000), pan);
}

function sixDigits(pan: string): boolean {
  if (pan.length < 6) return false;
  for (let i = 0; i < 6; i++) {
    const c = pan.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function brandOf(p6: number, p4: number, p3: number, p2: number, pan: string): CardBrand | null {
  if (p6 >= 622126 && p6 <= 622925) return "discover";
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65) return "discover";
  if (p4 >= 3528 && p4 <= 3589) return "jcb";
  if (p4 >= 2221 && p4 <= 2720) return "mastercard";
  if (p4 === 3095 || (p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39) return "diners_club";
  if (p2 === 34 || p2 === 37) return "american_express";
  if (p2 >= 51 && p2 <= 55) return "mastercard";
  if (p2 === 62 || p2 === 81) return "unionpay";
  if (pan[0] === "4") return "visa";
  return null;
}

/**
 * The brand a card-processor integration reports: "`visa_debit`, `mastercard_debit` (last two
 * card-processor integrations only)". Card payments always run on the card processor here, so a
 * Visa or Mastercard whose funding type is DEBIT reports the debit brand (decisions table).
 */
export function reportedBrand(pan: string, cardType: "CREDIT" | "DEBIT" | "UNKNOWN"): string | null {
  const brand = cardBrand(pan);
  if (cardType === "DEBIT" && (brand === "visa" || brand === "mastercard")) return `${brand}_debit`;
  return brand;
}

const digits = (min: number, max: number, what: string) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `must be ${min} to ${max} digits (${what})`);

export const cardInput = z
  .object({
    type: z.literal("Card"),
    entry_method: z.enum(["ECOMMERCE", "MOTO"]),
    pan: digits(12, 19, "card number")
      .refine(luhnValid, "fails the Luhn check")
      .meta({ description: "The card number: 12 to 19 digits passing the Luhn check (400 naming the field otherwise)." }),
    expiry: z
      .object({
        month: z.string().regex(/^(0[1-9]|1[0-2])$/, "must be MM, 01 to 12"),
        year: z.string().regex(/^\d{4}$/, "must be YYYY"),
      })
      .strict()
      .meta({ description: "Valid through the end of its month: a month already over on the simulated clock is 400 naming `payment_method.expiry`." }),
    cvv: digits(3, 4, "card security code").optional(),
    first_name: text(100).optional(),
    last_name: text(100).optional(),
    // Limits: "`email` (any)": the customer's email follows the same rule as every other email.
    contact: z.object({ email: email.optional(), phone: text(20).optional() }).strict().optional(),
    billing_address: z
      .object({
        line1: text(100),
        line2: text(100).optional(),
        city: text(100),
        state: text(50),
        postal_code: text(10),
        country: text(3).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: "CardPaymentMethod" });
export type CardInput = z.output<typeof cardInput>;

export const bankAccountInput = z
  .object({
    type: z.literal("ACH"),
    account_number: digits(4, 17, "bank account number"),
    routing_number: z
      .string()
      .regex(/^\d{9}$/, "must be a 9-digit ABA routing number with a valid checksum")
      .refine(abaValid, "must be a 9-digit ABA routing number with a valid checksum")
      .meta({ description: "9 digits with a valid ABA checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10." }),
    account_type: z.enum(["checking", "savings"]),
    standard_entry_class: z.enum(["PPD", "CCD", "WEB", "TEL"]),
    first_name: text(100),
    last_name: text(100),
  })
  .strict()
  .meta({ id: "AchPaymentMethod" });
export type BankAccountInput = z.output<typeof bankAccountInput>;

export const tokenInput = z
  .object({
    type: z.literal("PaymentToken"),
    payment_token: z.string().regex(/^PAYMENT_TOKEN-[0-9A-HJKMNP-TV-Z]{26}$/, "must be PAYMENT_TOKEN-<ulid>"),
  })
  .strict()
  .meta({ id: "TokenPaymentMethod" });
export type TokenInput = z.output<typeof tokenInput>;

const CANONICAL_TYPES: Record<string, string> = { card: "Card", ach: "ACH", paymenttoken: "PaymentToken" };
const CANONICAL = new Set(Object.values(CANONICAL_TYPES));

/** `type` is matched case-insensitively (`Card`, `CARD`); this maps it to the canonical spelling. */
function canonicalType(value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return value;
  const t = (value as { type?: unknown }).type;
  // Already canonical (nearly always): the object as it is, since the object schema copies it anyway.
  if (typeof t !== "string" || CANONICAL.has(t)) return value;
  const canonical = CANONICAL_TYPES[t.toLowerCase().replace(/_/g, "")];
  return canonical ? { ...value, type: canonical } : value;
}

/** A request `payment_method`: a card, a bank account or a payment token. */
export const paymentMethodInput = z.preprocess(
  canonicalType,
  z.discriminatedUnion("type", [cardInput, bankAccountInput, tokenInput], {
    error: "type must be Card, ACH or PaymentToken",
  }),
);
export type PaymentMethodInput = CardInput | BankAccountInput | TokenInput;

/** A card or bank account (what a payment token may stand for). */
export const instrumentInput = z.preprocess(
  canonicalType,
  z.discriminatedUnion("type", [cardInput, bankAccountInput], { error: "type must be Card or ACH" }),
);

export type Expiry = CardInput["expiry"];

/** How many distinct expiry months {@link sharedExpiry} keeps (a year of every month for 300 years). */
const SHARED_EXPIRIES = 3_600;
const expiries = new Map<string, Expiry>();

/**
 * One frozen `{month, year}` per expiry month, shared by every stored payment and vaulted card with
 * that expiry: a stored card SALE held two copies of it (about 100 bytes of its 1.3 KB). Frozen, so a
 * shared one can never be changed through one of its holders; past {@link SHARED_EXPIRIES} distinct
 * months each gets its own copy, so no input makes the table grow without bound.
 */
export function sharedExpiry(e: Expiry): Expiry {
  const key = e.month + e.year;
  let shared = expiries.get(key);
  if (!shared) {
    shared = Object.freeze({ month: e.month, year: e.year });
    if (expiries.size < SHARED_EXPIRIES) expiries.set(key, shared);
  }
  return shared;
}

/** How many distinct masked card numbers {@link sharedTruncatedPan} keeps. */
const SHARED_PANS = 10_000;
const truncatedPans = new Map<string, string>();

/**
 * The masked card number (`424242******4242`), one string per distinct value for every stored
 * payment: a suite pays with a few test cards again and again. Bounded as {@link sharedExpiry} is.
 */
export function sharedTruncatedPan(pan: string): string {
  const masked = truncatePan(pan);
  const shared = truncatedPans.get(masked);
  if (shared !== undefined) return shared;
  if (truncatedPans.size < SHARED_PANS) truncatedPans.set(masked, masked);
  return masked;
}

/** True when the card's expiry month has ended before `nowMs` (cards are valid through their month). */
export function cardExpired(expiry: { month: string; year: string }, nowMs: number): boolean {
  const endOfMonth = Date.UTC(Number(expiry.year), Number(expiry.month), 1);
  return nowMs >= endOfMonth;
}
