import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { isoOf } from "../../core/clock.js";
import { cents, dateTime, offsetMeta, pageSizeMeta, text } from "../fields.js";
import { paymentMethodInput } from "../instruments.js";
import { metadataSchema } from "../metadata.js";
import { pageOffset, pageSize } from "../paging.js";
import { PROCESSOR_WIRE } from "../integrations/integration.js";
import type { CardType, Transaction } from "./transaction.js";

/** Wire schemas of the Transaction resource (spec "Transaction", Endpoints detail 6, Limits). */

const amount = cents(50);
const INITIATORS = ["MERCHANT", "CUSTOMER", "THIRD_PARTY"] as const;

/** Recurring rules are checked by the service (400 INVALID_ACTION), not here: "the schema itself does not enforce these rules". */
const recurringDetails = z
  .object({ initial_transaction_id: text(64).optional(), initial_network_transaction_id: text(64).optional() })
  .strict();

/** JSON Schema `if`: the body's `payment_method.type` is this one. */
const pairOf = (type: string) => ({ required: ["payment_method"], properties: { payment_method: { required: ["type"], properties: { type: { const: type } } } } });

export const createTransactionBody = lazy(() => z
  .object({
    type: z.enum(["SALE", "AUTH", "PAYOUT"]),
    amount,
    tip: cents(0)
      .optional()
      .meta({ description: "Part of `amount`, not added to it: must not exceed `amount` (400 naming `tip`). 0 or omitted when there is no tip." }),
    currency: z.literal("USD", { error: "only USD is accepted" }).optional(),
    payment_method: paymentMethodInput,
    initiator: z.enum(INITIATORS).nullable().optional(),
    recurring: z.boolean().optional(),
    recurring_details: recurringDetails.nullable().optional(),
    metadata: metadataSchema.optional(),
    /** Limits: "purchase_description max 30 characters"; accepted and checked, not on the Transaction response. */
    purchase_description: text(30).optional(),
  })
  .strict()
  // "Part of amount, not added to it": a tip above the amount cannot be part of it.
  .refine((b) => (b.tip ?? 0) <= b.amount, { path: ["tip"], message: "must not exceed amount (the tip is part of it)" })
  .meta({
    id: "CreateTransactionRequest",
    description: "A card pays by SALE or AUTH, a bank account by SALE or PAYOUT (checked by the service, 400 naming `type`); a token follows its instrument. `tip` must not exceed `amount`.",
    // The spec's type pairs, stated for generators and contract testers (the service enforces them).
    allOf: [
      { if: pairOf("Card"), then: { properties: { type: { enum: ["SALE", "AUTH"] } } } },
      { if: pairOf("ACH"), then: { properties: { type: { enum: ["SALE", "PAYOUT"] } } } },
    ],
  }));
export type CreateTransactionInput = z.output<ReturnType<typeof createTransactionBody>>;

/** Capture body (PRODUCT.md): `{"amount"?}`, at most the authorized amount; omitted = all of it. */
export const captureBody = lazy(() => z.object({ amount: amount.optional() }).strict().meta({ id: "CaptureRequest" }));
export type CaptureInput = z.output<ReturnType<typeof captureBody>>;

/** Cancel body: the uppercase discriminator; the reference summary's `cancel` spelling means VOID. */
export const cancelBody = lazy(() => z
  .object({
    type: z.preprocess(
      (v) => (typeof v === "string" ? ({ VOID: "VOID", CANCEL: "VOID", REFUND: "REFUND" } as Record<string, string>)[v.toUpperCase()] ?? v : v),
      z.enum(["VOID", "REFUND"], { error: "must be VOID or REFUND" }),
    ),
    amount: amount.optional(),
  })
  .strict()
  .meta({ id: "CancelRequest" }));
export type CancelInput = z.output<ReturnType<typeof cancelBody>>;

const isoDate = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" });

/** The `type` filter values and the card types (reporting.ts parses the comma lists). */
export const FILTER_TYPES = ["SALE", "AUTH", "PAYOUT", "REFUND", "CANCEL"] as const;
export const CARD_TYPES = ["CREDIT", "DEBIT", "UNKNOWN"] as const;
const commaList = (values: readonly string[], description: string) => z.string().optional().meta({ commaList: [...values], description });


/** `GET /v1/transactions` query; `type` and `card_type` are parsed by the service (their quirks). */
export const listTransactionsQuery = lazy(() => z
  .object({
    limit: pageSize(100).optional().meta(pageSizeMeta(100)),
    offset: pageOffset().optional().meta(offsetMeta),
    sort_by: z.enum(["time_created", "amount"]).optional(),
    sort_order: z.enum(["asc", "desc"]).optional(),
    type: commaList(FILTER_TYPES, "Comma list, case-insensitive. Quirks: VOID is a 500; PAYOUT returns unfiltered rows."),
    card_type: commaList(CARD_TYPES, "Comma list, case-insensitive."),
    start_date: isoDate.optional(),
    end_date: isoDate.optional(),
  })
  .strict());
export type ListTransactionsQuery = z.output<ReturnType<typeof listTransactionsQuery>>;

/** `GET /v1/batches/transactions` and `GET /v1/batches/{id}/transactions`. */
export const batchTransactionsQuery = lazy(() => listTransactionsQuery()
  .pick({ limit: true, offset: true })
  .extend({
    card_type: z
      .string()
      .optional()
      .meta({ enum: ["DEBIT", "CREDIT"], description: "One value, case-insensitive; CREDIT also returns undetermined rows (quirk `batch_card_type_single`; off: a comma list of CREDIT, DEBIT, UNKNOWN)." }),
  })
  .strict());
export type BatchTransactionsQuery = z.output<ReturnType<typeof batchTransactionsQuery>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
const str = z.string();
const nstr = z.string().nullable();

export const cardOutput = lazy(() => z
  .object({
    type: z.literal("CARD"),
    truncated_pan: str,
    payment_token: nstr,
    expiry: z.object({ month: str, year: str }).strict().nullable(),
    first_name: nstr,
    last_name: nstr,
    entry_method: z.enum(["ECOMMERCE", "MOTO"]),
    auth_code: nstr,
    retrieval_reference_number: nstr,
    card_type: z.enum(["CREDIT", "DEBIT", "UNKNOWN"]),
    card_brand: nstr,
    cvv_result_code: nstr,
    avs_result_code: nstr,
    avs_response: nstr,
  })
  .strict()
  .meta({ id: "CardPaymentMethodResult" }));

/** "ACH output carries first_name and last_name ... and forbids additional properties" (plus the token). */
export const achOutput = lazy(() => z
  .object({ type: z.literal("ACH"), first_name: str, last_name: str, payment_token: nstr })
  .strict()
  .meta({ id: "AchPaymentMethodResult" }));

export const transactionResponse = lazy(() => z
  .object({
    id: str,
    reference_transaction_id: nstr,
    type: z.enum(["SALE", "AUTH", "INCREMENTAL_AUTH", "PAYOUT", "REFUND", "CANCEL", "CAPTURE"]),
    result: z.enum(["APPROVED", "DECLINED", "ERROR"]),
    client_id: str,
    client_dba: str,
    integrations: z.array(z.enum(["CARDPROC", "ACHPROC"])),
    response_code: str,
    response_description: str,
    batch_id: nstr,
    is_settled: z.boolean(),
    settlement_issue: z.enum(["REMOVED_FROM_BATCH"]).nullable(),
    is_returned: z.boolean(),
    returned_at: dateTime.nullable(),
    return_code: nstr.optional(),
    return_reason: nstr.optional(),
    time_created: dateTime,
    amount: cents(50),
    tip: cents(0),
    currency: z.literal("USD"),
    payment_method: z.discriminatedUnion("type", [cardOutput(), achOutput()]),
    recurring: z.boolean(),
    initiator: z.enum(INITIATORS).nullable(),
    recurring_details: z.object({ initial_transaction_id: nstr, initial_network_transaction_id: nstr }).strict().nullable(),
    network_transaction_id: nstr,
    metadata: z.record(z.string(), z.string()).nullable(),
  })
  .strict()
  .meta({ id: "Transaction" }));

/** The transaction list envelope: no total, so a page never has to count the whole store. */
export const transactionListResponse = lazy(() => z
  .object({ data: z.array(transactionResponse()), limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() })
  .strict()
  .meta({ id: "TransactionList" }));

/** How one read presents a transaction (create response or reporting read, and the quirks). */
export interface WireView {
  dba: string;
  /** The card type to show: `UNKNOWN` on a create response (quirk), else the determined one. */
  cardType: CardType;
  initiatorNull: boolean;
  /** Quirk `return_fields_absent` off: the two keys are always present, null when not returned. */
  returnKeysAlways: boolean;
}

export function toWire(t: Transaction, v: WireView) {
  const m = t.method;
  const returned = t.returned_at !== null;
  const ret: { return_code?: string | null; return_reason?: string | null } = {};
  if (returned || v.returnKeysAlways) {
    if (t.return_code !== undefined || v.returnKeysAlways) ret.return_code = t.return_code ?? null;
    if (t.return_reason !== undefined || v.returnKeysAlways) ret.return_reason = t.return_reason ?? null;
  }
  return {
    id: t.id,
    reference_transaction_id: t.ref,
    type: t.type,
    result: t.result,
    client_id: t.client_id,
    client_dba: v.dba,
    integrations: [PROCESSOR_WIRE[t.processor]],
    response_code: t.response_code,
    response_description: t.response_description,
    batch_id: t.batch_id,
    is_settled: t.is_settled,
    settlement_issue: t.settlement_issue,
    is_returned: returned,
    returned_at: t.returned_at === null ? null : isoOf(t.returned_at),
    ...ret,
    time_created: isoOf(t.time_created),
    amount: t.amount,
    tip: t.tip,
    currency: "USD" as const,
    payment_method:
      m.type === "CARD"
        ? {
            type: m.type,
            truncated_pan: m.truncated_pan,
            payment_token: m.payment_token,
            expiry: m.expiry && { month: m.expiry.month, year: m.expiry.year },
            first_name: m.first_name,
            last_name: m.last_name,
            entry_method: m.entry_method,
            auth_code: m.auth_code,
            retrieval_reference_number: m.retrieval_reference_number,
            card_type: v.cardType,
            card_brand: m.card_brand,
            cvv_result_code: m.cvv_result_code,
            avs_result_code: m.avs_result_code,
            avs_response: m.avs_response,
          }
        : { type: m.type, first_name: m.first_name, last_name: m.last_name, payment_token: m.payment_token },
    recurring: t.recurring,
    initiator: v.initiatorNull ? null : t.initiator,
    recurring_details: t.recurring_details && { ...t.recurring_details },
    network_transaction_id: t.network_transaction_id,
    metadata: t.metadata && { ...t.metadata },
  };
}
