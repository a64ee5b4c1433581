/**
 * The client-conduct findings: each kind with the spec sentence it breaks and what to do instead.
 * The one list `GET /_mock/audit`, `paydouble ctl audit`, `double.audit()` and the inspector read.
 */
export interface FindingKind {
  /** Short title. */
  title: string;
  /** Where in the spec. */
  rule: string;
  /** The spec's sentence, quoted. */
  spec: string;
  /** What a well-behaved client does. */
  instead: string;
}

const RULE_3 =
  "After a 502 on a payment, reconcile through `GET /v1/transactions` for the time window before retrying; a blind retry of a completed payment creates a second charge.";
const RULE_4 = "Retry only 500 and 502, with exponential backoff and jitter (three or four attempts). Do not retry 400, 401, 403, 404, 409.";
const AUTH_6 = "A merchant has no children and omits the header. Sending one's own client id is not the same as omitting the header and is rejected on some operations.";

export const FINDING_KINDS = {
  blind_retry_after_502: {
    title: "payment re-sent after a 502 without reconciling",
    rule: "spec Errors, rule 3",
    spec: RULE_3,
    instead: "After a 502, list the transactions of the time window (`GET /v1/transactions`), look for the payment (by `metadata.order_id`, amount and time) and send it again only if it is not there.",
  },
  duplicate_charge: {
    title: "a second approved charge for a payment the gateway had already approved",
    rule: "spec Errors, rule 3",
    spec: RULE_3,
    instead: "Reconcile before retrying: the payment answered 502 existed and was approved; void or refund the second one, and find the first by reading `GET /v1/transactions`.",
  },
  retry_after_client_error: {
    title: "request re-sent unchanged after a 4xx",
    rule: "spec Errors, rule 4",
    spec: RULE_4,
    instead: "Do not retry a 400, 401, 403, 404 or 409: fix what `error_code` and `details` name (or read the resource after a 409) and send a different request, or give up.",
  },
  retry_without_backoff: {
    title: "500/502 retried without exponential backoff",
    rule: "spec Errors, rule 4",
    spec: RULE_4,
    instead: "Wait before each retry and double the wait each time, with random jitter (for example about 100 ms, 200 ms, 400 ms; a retry sooner than 100 ms after the failure is found).",
  },
  too_many_attempts: {
    title: "more than four attempts at one request",
    rule: "spec Errors, rule 4",
    spec: RULE_4,
    instead: "Stop after three or four attempts and report the failure (or reconcile later).",
  },
  acting_as_self: {
    title: "`X-Acting-As-Client-Id` names the caller itself",
    rule: "spec Authentication, 6",
    spec: AUTH_6,
    instead: "Omit `X-Acting-As-Client-Id` when a client acts for itself; send it only to act for a child.",
  },
  merchant_acting_as: {
    title: "a merchant sends `X-Acting-As-Client-Id`",
    rule: "spec Authentication, 6",
    spec: AUTH_6,
    instead: "A merchant has no children: never send `X-Acting-As-Client-Id` with a merchant's credentials.",
  },
  stale_update: {
    title: "`updateClient` re-sends properties unchanged",
    rule: "spec Specified operations, detail 4",
    spec: "Update client: send only the properties to change; re-sending unchanged properties can overwrite with stale values.",
    instead: "Send only the properties that change (a diff against what you read), not the whole client read back.",
  },
  repeated_conflict: {
    title: "409s repeated without reading the resource",
    rule: "spec Errors, codes (409)",
    spec: "409 `DUPLICATE_ACTION`: action conflicts with the resource's current state. Retry: no; read the resource first.",
    instead: "After a 409, read the resource (`GET /v1/transactions/{id}`, the batch, the client) and act on its state: capture at most what was authorized, refund only after settlement, void only before the batch closes.",
  },
} as const satisfies Record<string, FindingKind>;

export type FindingName = keyof typeof FINDING_KINDS;
export const FINDING_NAMES = Object.keys(FINDING_KINDS) as FindingName[];

/** A journal entry a finding cites (by the world it was in and its `seq` there). */
export interface EntryRef {
  seq: number;
  request_id: string;
  at: string;
  method: string;
  path: string;
  status: number;
}

/** One finding as recorded: a kind, the client, the entries and how many times it happened since. */
export interface Finding {
  kind: FindingName;
  client_id: string | null;
  operation: string | null;
  /** What happened, with the facts (the gap in milliseconds, the unchanged properties). */
  message: string;
  entries: EntryRef[];
  /** Times it happened again after the first (same kind, client and operation). */
  repeats: number;
}
