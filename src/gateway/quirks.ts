/**
 * The spec's quirks, each emulated faithfully by default and switchable off by a scenario's
 * `quirks:` block (PRODUCT.md "The spec's quirks"). `GET /_mock/quirks` lists them with their state.
 */
export const QUIRKS = {
  initiator_null_on_get: "GET /v1/transactions/{id}: `initiator` comes back null here whatever was sent.",
  card_type_unknown_on_create: "`card_type` is always `UNKNOWN` on a transaction create response.",
  type_filter_void_500: "GET /v1/transactions `type` filter: `VOID` returns a server error.",
  type_filter_payout_ignored: "GET /v1/transactions `type` filter: `PAYOUT` is accepted and ignored, returning unfiltered rows.",
  batch_card_type_single: "GET /v1/batches/transactions `card_type` takes only DEBIT or CREDIT (UNKNOWN is 400; CREDIT includes undetermined rows).",
  declared_404_never_returned: "Four transaction endpoints declare a 404 that they never return.",
  return_fields_absent: "`return_code`/`return_reason` are omitted (key absent) rather than null.",
  acting_as_self_rejected: "Sending one's own client id in X-Acting-As-Client-Id is rejected on some operations.",
} as const;

export type QuirkName = keyof typeof QUIRKS;
export type Quirks = Record<QuirkName, boolean>;

/** Every quirk on. */
export function defaultQuirks(): Quirks {
  const q = {} as Quirks;
  for (const name of Object.keys(QUIRKS) as QuirkName[]) q[name] = true;
  return q;
}
