import * as z from "zod";
import { lazy } from "../../core/lazy.js";
import { email, phone, skipTextMeta, takeTextMeta, text, timeZone } from "../fields.js";
import { pageOffset, pageSize } from "../paging.js";
import type { Client } from "./client.js";

/** Wire schemas of the Client resource (spec "Client", "Limits", Endpoints details 2-4). */

/** A person on create: also the body of `POST /v1/users`. */
export const adminCreate = lazy(() => z
  .object({
    first_name: text(100),
    last_name: text(100),
    email,
    phone: phone.nullable().optional(),
    time_zone: timeZone.nullable().optional(),
  })
  .strict());

/** On update every property of `admin_contact_details` is optional. */
const adminUpdate = z
  .object({
    first_name: text(100),
    last_name: text(100),
    email,
    phone: phone.nullable(),
    time_zone: timeZone.nullable(),
  })
  .partial()
  .strict();

export const createClientBody = lazy(() => z
  .object({
    dba: text(100),
    type: z.enum(["merchant", "reseller"]),
    /** "Maximum 30 characters on create", rejected with 400 above that. */
    website: text(30).nullable().optional(),
    admin_contact_details: adminCreate(),
    primary_phone: phone.nullable().optional(),
    support_phone: phone.nullable().optional(),
  })
  .strict()
  .meta({ id: "CreateClientRequest" }));
export type CreateClientInput = z.output<ReturnType<typeof createClientBody>>;

/**
 * Partial update: only the properties sent change. The 30-character website limit is stated for
 * create only, so update takes up to 100 (decisions table).
 */
export const updateClientBody = lazy(() => z
  .object({
    dba: text(100),
    website: text(100).nullable(),
    admin_contact_details: adminUpdate,
    primary_phone: phone.nullable(),
    support_phone: phone.nullable(),
  })
  .partial()
  .strict()
  .meta({ id: "UpdateClientRequest" }));
export type UpdateClientInput = z.output<ReturnType<typeof updateClientBody>>;

export const SORT_COLUMNS = ["created_at", "dba", "type", "id"] as const;

/** `GET /v1/clients` query; the PascalCase names are the spec's exception to snake_case. */
export const listClientsQuery = lazy(() => z
  .object({
    Take: pageSize(100).optional().meta(takeTextMeta),
    Skip: pageOffset().optional().meta(skipTextMeta),
    SortColumn: z.enum(SORT_COLUMNS).optional(),
    SortOrder: z.enum(["asc", "desc"]).optional(),
    SearchText: z.string().max(100).optional(),
    Term: z.string().max(100).optional(),
  })
  .strict());
export type ListClientsQuery = z.output<ReturnType<typeof listClientsQuery>>;

// Response schemas are built on first use: see `Operation.response` (src/gateway/operation.ts).
const nullableString = z.string().nullable();

export const clientResponse = lazy(() => z
  .object({
    id: z.string(),
    object: z.literal("client"),
    dba: z.string(),
    parent_id: z.string(),
    type: z.enum(["merchant", "reseller"]),
    website: nullableString,
    admin_contact_details: z
      .object({
        first_name: nullableString,
        last_name: nullableString,
        email: nullableString,
        phone: nullableString,
        time_zone: nullableString,
      })
      .strict(),
    correlation_id: z.string(),
  })
  .strict()
  .meta({ id: "Client" }));

export const createClientResponse = lazy(() => clientResponse()
  .extend({
    api_key: z.string(),
    encryption_keys: z.object({ key_id: z.string(), public_key: z.string() }).strict(),
  })
  .meta({ id: "CreatedClient" }));

export const listClientsResponse = lazy(() => z
  .object({
    data: z.array(clientResponse()),
    total_count: z.number().int(),
    take: z.number().int(),
    skip: z.number().int(),
  })
  .strict()
  .meta({ id: "GetAllClientsResponse" }));

/** The Client resource on the wire; `api_key` and `encryption_keys` only on create. */
export function toWire(c: Client, correlationId: string, withSecrets = false) {
  const a = c.admin_contact_details;
  return {
    id: c.id,
    object: "client" as const,
    dba: c.dba,
    parent_id: c.parent_id,
    type: c.type,
    website: c.website,
    admin_contact_details: {
      first_name: a.first_name,
      last_name: a.last_name,
      email: a.email,
      phone: a.phone,
      time_zone: a.time_zone,
    },
    ...(withSecrets ? { api_key: c.api_key, encryption_keys: { ...c.encryption_keys } } : {}),
    correlation_id: correlationId,
  };
}
