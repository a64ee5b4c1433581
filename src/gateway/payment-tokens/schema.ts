import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { truncatePan } from "../../core/mask.js";
import { text } from "../fields.js";
import { limitOffset, pageSchema } from "../paging.js";
import { cardBrand, instrumentInput } from "../instruments.js";
import type { PaymentToken } from "./payment-token.js";

/** Wire schemas of the Payment token resource (spec "Payment token"; PRODUCT.md request shape). */

export const TOKEN_STATUSES = ["active", "expired", "inactive", "verification_pending", "verification_failed"] as const;

export const createPaymentTokenBody = lazy(() => z
  .object({
    payment_method: instrumentInput,
    customer_id: text(100).nullable().optional(),
    nickname: text(100).nullable().optional(),
    is_default: z.boolean({ error: "must be true or false" }).optional(),
  })
  .strict()
  .meta({ id: "CreatePaymentTokenRequest" }));
export type CreatePaymentTokenInput = z.output<ReturnType<typeof createPaymentTokenBody>>;

export const listPaymentTokensQuery = lazy(() => z
  .object({
    customer_id: text(100).optional(),
    status: z.enum(TOKEN_STATUSES).optional(),
    type: z.enum(["card", "ach"]).optional(),
    ...limitOffset,
  })
  .strict());
export type ListPaymentTokensQuery = z.output<ReturnType<typeof listPaymentTokensQuery>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
const maskedCard = lazy(() => z
  .object({
    brand: z.string().nullable(),
    last4: z.string(),
    truncated_pan: z.string(),
    expiry: z.object({ month: z.string(), year: z.string() }).strict(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
  })
  .strict());

const maskedBankAccount = lazy(() => z
  .object({
    last4: z.string(),
    routing_number: z.string(),
    account_type: z.enum(["checking", "savings"]),
    standard_entry_class: z.string(),
    first_name: z.string(),
    last_name: z.string(),
  })
  .strict());

export const paymentTokenResponse = lazy(() => z
  .object({
    payment_token: z.string(),
    object: z.literal("payment_token"),
    type: z.enum(["card", "ach"]),
    status: z.enum(TOKEN_STATUSES),
    customer_id: z.string().nullable(),
    is_default: z.boolean(),
    nickname: z.string().nullable(),
    card: maskedCard().optional(),
    bank_account: maskedBankAccount().optional(),
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "PaymentToken" }));

export const paymentTokenList = lazy(() => pageSchema(paymentTokenResponse(), "PaymentTokenList"));

/** The masked instrument: `card` or `bank_account`, never the full PAN or account number. */
function maskedInstrument(t: PaymentToken) {
  if (t.card) {
    const c = t.card;
    return {
      card: {
        brand: cardBrand(c.pan),
        last4: c.pan.slice(-4),
        truncated_pan: truncatePan(c.pan),
        expiry: { month: c.expiry.month, year: c.expiry.year },
        first_name: c.first_name ?? null,
        last_name: c.last_name ?? null,
      },
    };
  }
  const b = t.bank_account!;
  return {
    bank_account: {
      last4: b.account_number.slice(-4),
      routing_number: b.routing_number,
      account_type: b.account_type,
      standard_entry_class: b.standard_entry_class,
      first_name: b.first_name,
      last_name: b.last_name,
    },
  };
}

/** The Payment token resource on the wire. */
export function toWire(t: PaymentToken, correlationId: string) {
  return {
    payment_token: t.token,
    object: "payment_token" as const,
    type: t.type,
    status: t.status,
    customer_id: t.customer_id,
    is_default: t.is_default,
    nickname: t.nickname,
    ...maskedInstrument(t),
    correlation_id: correlationId,
  };
}
