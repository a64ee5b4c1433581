import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { dateTime } from "../fields.js";
import { copyMetadata } from "../metadata.js";
import { achDetailsInput, cardDetailsInput, cardFields } from "./details.js";
import { PROCESSOR_WIRE, type Integration } from "./integration.js";

/**
 * Wire schemas of the Integration resource (spec Integration section, Endpoints details 5).
 * `processor` picks the `integration_details` shape, so one parse names every bad detail field.
 */

const PROCESSOR_ERROR = "must be Cardproc or Achproc (exact case)";
const clientId = () => z.string().regex(/^CLIENT-[0-9A-HJKMNP-TV-Z]{26}$/, "must be CLIENT-<ulid>");

const common = () => ({ is_active: z.boolean({ error: "must be true or false" }) });

const cardBody = lazy(() => z.object({ ...common(), processor: z.literal("Cardproc"), integration_details: cardDetailsInput() }).strict());
const achBody = lazy(() => z.object({ ...common(), processor: z.literal("Achproc"), integration_details: achDetailsInput() }).strict());

// Each variant is a named component, so generators that dedupe models import one class per variant.
/** Update: `is_active`, `processor`, `integration_details`, all required (Endpoints table). */
export const updateIntegrationBody = lazy(() => z
  .discriminatedUnion("processor", [cardBody().meta({ id: "UpdateCardprocIntegration" }), achBody().meta({ id: "UpdateAchprocIntegration" })], {
    error: PROCESSOR_ERROR,
  })
  .meta({ id: "UpdateIntegrationRequest" }));
export type UpdateIntegrationInput = z.output<ReturnType<typeof updateIntegrationBody>>;

/** Create: the update body plus `client` (optional; the acting client when omitted). */
export const createIntegrationBody = lazy(() => z
  .discriminatedUnion(
    "processor",
    [
      cardBody().extend({ client: clientId().optional() }).meta({ id: "CreateCardprocIntegration" }),
      achBody().extend({ client: clientId().optional() }).meta({ id: "CreateAchprocIntegration" }),
    ],
    { error: PROCESSOR_ERROR },
  )
  .meta({ id: "CreateIntegrationRequest" }));
export type CreateIntegrationInput = z.output<ReturnType<typeof createIntegrationBody>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
const audit = {
  created_by: z.number().int().nullable(),
  created_at: dateTime.nullable(),
  modified_by: z.number().int().nullable(),
  modified_at: dateTime.nullable(),
};

/** Response card details: every field nullable except `phone_number` and `merchant_area_code`. */
const cardDetailsResponse = lazy(() => z
  .object({
    ...Object.fromEntries(cardFields().map((k) => [k, z.string().nullable()])),
    phone_number: z.number().int(),
    merchant_area_code: z.number().int(),
    descriptor_phone: z.number().int().nullable(),
    descriptor_area_code: z.number().int().nullable(),
    amex_opt_blue: z.boolean().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    ...audit,
  })
  .strict()
  .meta({ id: "CardprocIntegrationDetailsResult" }));

/** Response ACH details: `client_id` is not nullable; `client_secret` is masked (write-only). */
const achDetailsResponse = lazy(() => z
  .object({
    client_id: z.string(),
    client_secret: z.string().nullable(),
    metadata: z.record(z.string(), z.string()).nullable(),
    ...audit,
  })
  .strict()
  .meta({ id: "AchprocIntegrationDetailsResult" }));

const integrationCommon = { id: z.string(), is_active: z.boolean(), client: z.string(), correlation_id: z.string() };

/** The response `processor` (upper case) says which details shape follows. */
export const integrationResponse = lazy(() => z
  .discriminatedUnion("processor", [
    z
      .object({ ...integrationCommon, processor: z.literal("CARDPROC"), integration_details: cardDetailsResponse() })
      .strict()
      .meta({ id: "CardprocIntegration" }),
    z
      .object({ ...integrationCommon, processor: z.literal("ACHPROC"), integration_details: achDetailsResponse() })
      .strict()
      .meta({ id: "AchprocIntegration" }),
  ])
  .meta({ id: "Integration" }));

/** What replaces a client secret on every response. */
export const MASKED_SECRET = "********";

const iso = (ms: number) => new Date(ms).toISOString();

/** The Integration resource on the wire; the ACH `client_secret` never leaves in clear. */
export function toWire(i: Integration, correlationId: string) {
  const d = i.details;
  const stamps = { created_by: null, created_at: iso(i.created_at), modified_by: null, modified_at: iso(i.modified_at) };
  const metadata = i.metadata ? copyMetadata(i.metadata) : null;
  const details =
    i.processor === "Cardproc"
      ? { ...Object.fromEntries(cardFields().map((k) => [k, d[k] ?? null])), metadata, ...stamps }
      : { client_id: d.client_id, client_secret: MASKED_SECRET, metadata, ...stamps };
  return {
    id: i.id,
    is_active: i.is_active,
    client: i.client_id,
    processor: PROCESSOR_WIRE[i.processor],
    integration_details: details,
    correlation_id: correlationId,
  };
}

export const integrationSummary = lazy(() => z
  .object({
    id: z.string(),
    object: z.literal("integration_summary"),
    client: z.string(),
    processor: z.enum(["CARDPROC", "ACHPROC"]),
    is_active: z.boolean(),
    name: z.string().nullable(),
    mid: z.string().nullable(),
    settlement_time: z.string().nullable(),
    created_at: dateTime,
    modified_at: dateTime,
  })
  .strict()
  .meta({ id: "IntegrationSummary" }));

export const integrationSummaryList = lazy(() => z
  .object({ data: z.array(integrationSummary()), total_count: z.number().int(), correlation_id: z.string() })
  .strict()
  .meta({ id: "IntegrationSummaryList" }));

/** One row of the summary lists (decisions table: the spec does not show its fields). */
export function toSummary(i: Integration) {
  const card = i.processor === "Cardproc";
  return {
    id: i.id,
    object: "integration_summary" as const,
    client: i.client_id,
    processor: PROCESSOR_WIRE[i.processor],
    is_active: i.is_active,
    name: card ? (i.details.name as string) : null,
    mid: card ? (i.details.mid as string) : null,
    settlement_time: card ? (i.details.settlement_time as string) : null,
    created_at: iso(i.created_at),
    modified_at: iso(i.modified_at),
  };
}

export function toSummaryList(rows: Integration[], correlationId: string) {
  return { data: rows.map(toSummary), total_count: rows.length, correlation_id: correlationId };
}
