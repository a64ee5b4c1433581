import { ERROR_CATALOG, ERROR_CODES } from "../core/errors.js";
import { OPERATIONS } from "../gateway/operations.js";
import { QUIRKS, type QuirkName } from "../gateway/quirks.js";
import { TRANSITIONS, type TxAction, type TxStatus } from "../gateway/transactions/transaction.js";
import { APPLIES } from "../scenarios/applies.js";

/**
 * The outcome catalogue: every outcome the spec makes possible, per operation, and the life-cycle
 * moves. Nothing here is a list of its own: each group is derived from the declaration the double
 * already answers by, so a new operation, error status, scenario effect, quirk or transition shows
 * up here without anyone remembering to add it:
 *
 * - `200` and each declared error status: {@link OPERATIONS} (`errors`), the code from {@link ERROR_CATALOG};
 * - a dropped connection: every operation (the pipeline's `transport` faults);
 * - declined, `ERROR` result, tokenization failure, 502 with a transaction created: {@link APPLIES};
 * - what the clock does to a payment (settled, removed, ACH returns), met by the reads that show it:
 *   the `schedule` keys of {@link APPLIES};
 * - each quirk a client can meet: {@link QUIRKS} (a typed record below, so a new quirk fails to compile
 *   until it says where it shows);
 * - the moves a client makes: {@link TRANSITIONS}, its client actions.
 */
export interface Outcome {
  /** Stable id, `<operation>/<outcome>` or `lifecycle/<from>.<action>`: what a requirement file names. */
  id: string;
  /** The operation it is met on (`quirk` for a quirk, `lifecycle` for a move). */
  operation: string;
  /** What it is, in a few words. */
  title: string;
  /** Where the spec (or the double's quirk list) says it can happen. */
  source: string;
}

/** The operations a payment outcome applies to, read from the scenario effects' applicability. */
const PAYMENTS = APPLIES.decline;
/** The reads through which a later occurrence is found ("found by polling GET /v1/transactions"). */
export const POLLING_READS = ["getTransaction", "listTransactions"] as const;

/** Where each quirk shows to a client (`*`: any write); null: it is an absence no request can observe. */
export const QUIRK_SHOWS: Record<QuirkName, string | null> = {
  initiator_null_on_get: "getTransaction",
  card_type_unknown_on_create: "createTransaction",
  type_filter_void_500: "listTransactions",
  type_filter_payout_ignored: "listTransactions",
  batch_card_type_single: "listBatchTransactions",
  declared_404_never_returned: null,
  return_fields_absent: "getTransaction",
  acting_as_self_rejected: "*",
};

/** The clock's effects on a payment a read can show, keyed by the scenario effect that schedules them. */
const CLOCK_EFFECTS: Record<string, { id: string; title: string }[]> = {
  "schedule settle": [{ id: "settled", title: "a settled payment (`is_settled` true)" }],
  "schedule remove_from_batch": [{ id: "removed-from-batch", title: "a payment removed from its batch (`settlement_issue` REMOVED_FROM_BATCH)" }],
  "schedule ach_return": [
    { id: "ach-returned-after-settlement", title: "an ACH return on a settled payment" },
    { id: "ach-returned-before-settlement", title: "an ACH return on a payment never settled" },
    { id: "ach-returned-without-code", title: "an ACH return with no `return_code`" },
  ],
};

/** The client actions of the transition table and how they read. */
export const CLIENT_ACTIONS: Partial<Record<TxAction, string>> = {
  capture: "captured",
  void: "voided",
  refund_part: "partly refunded",
  refund_rest: "refunded in full",
};
const STATUS_WORDS: Partial<Record<TxStatus, string>> = { authorized: "an AUTH", pending: "a SALE before its batch closed", settled: "a settled payment" };

function build(): Outcome[] {
  const out: Outcome[] = [];
  const add = (operation: string, id: string, title: string, source: string) => out.push({ id: `${operation}/${id}`, operation, title, source });
  for (const op of OPERATIONS) {
    add(op.id, "200", "answered 200", "spec Endpoints");
    if (PAYMENTS.includes(op.id)) {
      add(op.id, "approved", "`result` APPROVED", "spec States and transitions");
      add(op.id, "declined", "`result` DECLINED (HTTP 200, not an error)", "spec Errors rule 1");
      if (APPLIES.error_result.includes(op.id)) add(op.id, "result-error", "`result` ERROR (HTTP 200)", "spec Transaction `result`");
    }
    if (APPLIES.tokenization.includes(op.id)) add(op.id, "tokenization-failed", "approved, but the card could not be tokenized", "spec Transaction `payment_token`");
    if (op.id === "captureTransaction") add(op.id, "partial", "an AUTH captured for less than authorized", "spec Capture endpoint");
    for (const status of op.errors) {
      const code = ERROR_CODES.find((c) => ERROR_CATALOG[c].status === status);
      if (status === 502 && PAYMENTS.includes(op.id)) {
        add(op.id, "502-created", "502 DOWNSTREAM_ERROR after the processor created the payment", "spec Errors: 502 \"the processor may have seen the transaction\"");
        add(op.id, "502-not-created", "502 DOWNSTREAM_ERROR with no payment created", "spec Errors: 502");
      } else {
        add(op.id, String(status), `${status} ${code ?? ""}`.trim(), "spec Errors, declared on the operation");
      }
    }
    add(op.id, "transport-fault", "no usable answer (connection reset, empty reply, hang, cut JSON)", "scenario `transport`");
    if (POLLING_READS.includes(op.id as (typeof POLLING_READS)[number])) {
      for (const [effect, shows] of Object.entries(CLOCK_EFFECTS)) {
        if (APPLIES[effect]) for (const s of shows) add(op.id, s.id, s.title, "spec States and transitions; found by polling (spec Events)");
      }
    }
  }
  for (const [name, where] of Object.entries(QUIRK_SHOWS) as [QuirkName, string | null][]) {
    if (where) out.push({ id: `quirk/${name}`, operation: "quirk", title: QUIRKS[name], source: `spec quirk, met on ${where === "*" ? "any write" : where} (GET /_mock/quirks)` });
  }
  for (const [from, moves] of Object.entries(TRANSITIONS) as [TxStatus, Partial<Record<TxAction, TxStatus>>][]) {
    for (const action of Object.keys(moves) as TxAction[]) {
      const verb = CLIENT_ACTIONS[action];
      if (!verb || !STATUS_WORDS[from]) continue;
      out.push({ id: `lifecycle/${from}.${action}`, operation: "lifecycle", title: `${STATUS_WORDS[from]} ${verb}`, source: "spec States and transitions" });
    }
  }
  return out;
}

/** The whole catalogue, in a stable order (operations as OpenAPI lists them, then quirks, then moves). */
export const CATALOGUE: readonly Outcome[] = build();

/** Catalogue ids, for a requirement file's check and suggestions. */
export const OUTCOME_IDS: ReadonlySet<string> = new Set(CATALOGUE.map((o) => o.id));
