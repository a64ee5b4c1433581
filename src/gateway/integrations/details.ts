import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { text } from "../fields.js";
import { metadataSchema } from "../metadata.js";

/**
 * `integration_details` on requests, one schema per processor (spec Integration section). Every
 * required field rejects null and the empty string; widths and formats follow the spec's table.
 */

/** The spec's `industry` values. */
export const INDUSTRIES = ["0", "A", "B", "D", "H", "L", "O", "P", "R"] as const;

/** A 64-bit integer sent as a JSON number: digits only, so no sign, `+` or punctuation can appear. */
const digitsInteger = z
  .number({ error: "must be an integer of digits only" })
  .int("must be an integer of digits only")
  .min(0, "must be an integer of digits only (no sign)")
  .max(Number.MAX_SAFE_INTEGER, "must be at most 2^53-1 (a 64-bit integer JSON can carry exactly)")
  .meta({ format: "int64" });

/** "10 to 12 digits; may contain spaces, leading `+`, `(`, `)`, `-`, `.`; no letters". */
export const FAX_PATTERN = /^\+?[\s().-]*\d(?:[\s().-]*\d){9,11}[\s().-]*$/;
export function faxValid(v: string): boolean {
  return FAX_PATTERN.test(v);
}
// A regex check (not a refine) so the OpenAPI document carries the rule as `pattern`.
const fax = z
  .string()
  .regex(FAX_PATTERN, "must be 10 to 12 digits; spaces, a leading +, ( ) - . allowed; no letters")
  .meta({ description: "10 to 12 digits; may contain spaces, a leading `+`, `(`, `)`, `-`, `.`; no letters." });

/** `HH:MM`, 24-hour, merchant local. */
export const SETTLEMENT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optional = <T extends z.ZodType>(s: T) => s.nullable().optional();

/**
 * Built on first use (the 132 schemas of this file were a third of those a start built): a start
 * loads the shipped fixtures with their details parsed at build time (src/gateway/fixtures.ts).
 */
export const cardDetailsInput = lazy(() => z
  .object({
    name: text(25),
    dba: optional(text(100)),
    url: text(),
    phone_number: digitsInteger,
    fax_number: optional(fax),
    mid: text(),
    amex_number: text(),
    association: text(),
    bin: text(),
    discover_number: text(),
    mcc: z.string().regex(/^\d{4}$/, "must be a four-digit category code"),
    bank_number: text(4),
    industry: z.enum(INDUSTRIES, { error: `must be one of ${INDUSTRIES.join(", ")}` }),
    amex_opt_blue: z.boolean({ error: "must be true or false" }),
    agent_chain: optional(text()),
    store_number: text(),
    mvv: text(),
    terminal_number: text(),
    agent_bank_number: text(),
    agent_chain_number: text(),
    descriptor_postal: text(10),
    descriptor_city: text(32),
    descriptor_state: text(2),
    descriptor_country: optional(text(3)),
    descriptor_phone: optional(digitsInteger),
    descriptor_store_number: optional(text(4)),
    address1: text(32),
    address2: optional(text()),
    descriptor_line3: optional(text()),
    terminal_id: text(8),
    v_number: text(8),
    settlement_time: z.string().regex(SETTLEMENT_TIME, "must be HH:MM, 24-hour"),
    merchant_area_code: z.number({ error: "must be an integer" }).int("must be an integer"),
    descriptor_area_code: optional(z.number({ error: "must be an integer" }).int("must be an integer")),
    sharing_group: text(30),
    merchant_aba_number: text(9),
    merchant_settlement_agent_number: text(4),
    reimbursement_attribute: text(),
    fcsid: optional(text(7)),
    metadata: metadataSchema.optional(),
  })
  .strict()
  .meta({ id: "CardprocIntegrationDetails" }));
export type CardDetails = z.output<ReturnType<typeof cardDetailsInput>>;

/** The 29 fields the spec lists as required (beta.23), in its order. */
export const CARD_REQUIRED = [
  "name", "url", "phone_number", "mid", "amex_number", "association", "bin", "discover_number", "mcc",
  "bank_number", "industry", "amex_opt_blue", "store_number", "mvv", "terminal_number", "agent_bank_number",
  "agent_chain_number", "descriptor_postal", "descriptor_city", "descriptor_state", "address1", "terminal_id",
  "v_number", "settlement_time", "merchant_area_code", "sharing_group", "merchant_aba_number",
  "merchant_settlement_agent_number", "reimbursement_attribute",
] as const;

/** Every card detail field but `metadata`, in the order responses list them. */
export const cardFields = lazy(() => Object.keys(cardDetailsInput().shape).filter((k) => k !== "metadata"));

/** ACH details: `client_id` and `client_secret` (write-only); metadata as on card integrations. */
export const achDetailsInput = lazy(() => z
  .object({ client_id: text(100), client_secret: text(200), metadata: metadataSchema.optional() })
  .strict()
  .meta({ id: "AchprocIntegrationDetails" }));
export type AchDetails = z.output<ReturnType<typeof achDetailsInput>>;

/** The request schema of a processor's `integration_details` (`Cardproc` or `Achproc`). */
export function detailsSchema(processor: "Cardproc" | "Achproc"): z.ZodType<CardDetails | AchDetails> {
  return processor === "Cardproc" ? cardDetailsInput() : achDetailsInput();
}
