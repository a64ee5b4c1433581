import { parseDuration, type Duration } from "../../core/duration.js";
import type { ErrorCode, ErrorSource } from "../../core/errors.js";
import type { Matched } from "../../scenarios/engine.js";
import type { BankAccountInput, CardInput } from "../instruments.js";
import type { CardType, TxResult } from "./transaction.js";
import type { World } from "../world.js";

/**
 * What the simulated processor answers to one payment. The default approves (`00`); the scenario
 * engine's outcome (`ctx.matched.outcome`) and the built-in magic values are folded in here by the
 * scenario issue, so the create service only ever applies a {@link Decision}.
 */
export interface Decision {
  result: TxResult;
  response_code: string;
  response_description: string;
  /** Lower-case AVS letter (spec enumeration) or null when no address was checked. */
  avs_result_code: string | null;
  cvv_result_code: string | null;
  /** The funding type revealed when the transaction is read back. */
  card_type: CardType;
  /** False: `payment_token` reads "Payment method could not be tokenized." */
  tokenize: boolean;
  /**
   * A rule's `set`: dotted response paths stored on the transaction and applied to every read
   * (`applySet`), so a read-back shows what the create response showed.
   */
  set?: Record<string, unknown>;
  /** An error envelope instead of a 200; with `created` the transaction exists first (502 drills). */
  fail?: {
    error: ErrorCode;
    status?: number;
    message?: string;
    details?: Record<string, string>;
    source?: ErrorSource;
    created?: "APPROVED" | "DECLINED";
  };
  /**
   * Settlement later than the default for the batch this payment joins (scenario `settlement.delay`:
   * a number adds business days, an ISO duration adds time).
   */
  settlement_delay?: { businessDays: number; extra: Duration | null };
  /** Later effects (scenario `schedule`), applied once the transaction exists. */
  schedule?: ScheduleEntry[];
  /** Mark for REMOVED_FROM_BATCH at its batch's next close. */
  remove_from_batch?: boolean;
}

/** One `schedule` entry of a scenario outcome (the scenario format's `then.schedule[]`). */
export interface ScheduleEntry {
  event: "ach_return" | "remove_from_batch" | "settle" | "token_status";
  after?: "now" | "settlement" | "batch_close";
  in?: string;
  business_days?: number;
  code?: string | null;
  reason?: string;
  status?: string;
}

export interface DecisionInput {
  instrument: CardInput | BankAccountInput;
  amount: number;
  matched: Matched | null;
}

const AVS_TEXT: Record<string, string> = {
  y: "Street address and 5-digit ZIP match",
  x: "Street address and 9-digit ZIP match",
  a: "Street address matches; ZIP does not",
  z: "5-digit ZIP matches; street does not",
  w: "9-digit ZIP matches; street does not",
  n: "Neither street address nor ZIP matches",
  u: "Address information unavailable",
  r: "Retry: issuer system unavailable",
  s: "AVS not supported by the issuer",
  b: "No address data",
  p: "Postal code matches; street not verified",
};

/** Human text for an AVS letter (the `avs_response` field). */
export function avsText(code: string | null): string | null {
  return code === null ? null : (AVS_TEXT[code] ?? null);
}

/**
 * The processor's answer. Default: approve with `00`; AVS `y` when a billing address was sent, CVV
 * `M` when a CVV was sent; tokenization succeeds. The card type read back is UNKNOWN unless a rule
 * (the built-in magic values among them) reveals it: "most rows are UNKNOWN, so CREDIT or DEBIT
 * alone drops most rows" (spec, `GET /v1/transactions`).
 */
export function processorDecision(input: DecisionInput): Decision {
  const card = input.instrument.type === "Card" ? input.instrument : null;
  const d: Decision = {
    result: "APPROVED",
    response_code: "00",
    response_description: "Approved",
    avs_result_code: card?.billing_address ? "y" : null,
    cvv_result_code: card?.cvv ? "M" : null,
    card_type: "UNKNOWN",
    tokenize: true,
  };
  return input.matched ? applyOutcome(d, input.matched.outcome) : d;
}

/**
 * The processor's answer to a capture, void or refund: approved (`00`) unless a matched rule says
 * `decline`, `error_result` or `fail`.
 */
export function moveDecision(matched: Matched | null): Decision {
  const d: Decision = {
    result: "APPROVED",
    response_code: "00",
    response_description: "Approved",
    avs_result_code: null,
    cvv_result_code: null,
    card_type: "UNKNOWN",
    tokenize: true,
  };
  return matched ? applyOutcome(d, matched.outcome) : d;
}

/** An AVS letter set by a rule brings its text along (`avs_response`), unless the rule sets that too. */
function withAvsText(set: Record<string, unknown>): Record<string, unknown> {
  const code = set["payment_method.avs_result_code"];
  if (code === undefined || "payment_method.avs_response" in set) return set;
  return { ...set, "payment_method.avs_response": avsText(typeof code === "string" ? code : null) };
}

type Coded = { code?: string; description?: string };

/**
 * Folds a matched rule's `then` block (PRODUCT.md "Outcomes a rule can give") into the decision: the
 * payment-shaping keys only; `delay_ms`, `transport` and `fail` without `created` are the HTTP
 * pipeline's business (it also answers the envelope of `fail` with `created` once this ran).
 */
export function applyOutcome(d: Decision, o: Record<string, unknown>): Decision {
  const out = { ...d };
  const decline = o.decline as Coded | undefined;
  const error = o.error_result as Coded | undefined;
  if (decline) Object.assign(out, { result: "DECLINED", response_code: decline.code ?? "05", response_description: decline.description ?? "Do not honor" });
  if (error) Object.assign(out, { result: "ERROR", response_code: error.code ?? "06", response_description: error.description ?? "Error" });
  if (o.fail) out.fail = o.fail as Decision["fail"];
  if (typeof o.card_type === "string") out.card_type = o.card_type as CardType;
  if (o.tokenization === "fail") out.tokenize = false;
  if (o.set) out.set = withAvsText(o.set as Record<string, unknown>);
  const delay = (o.settlement as { delay?: number | string } | undefined)?.delay;
  if (typeof delay === "number") out.settlement_delay = { businessDays: delay, extra: null };
  else if (typeof delay === "string") out.settlement_delay = { businessDays: 0, extra: parseDuration(delay) };
  if (Array.isArray(o.schedule)) out.schedule = o.schedule as ScheduleEntry[];
  return out;
}

/** A string of `n` digits the processor issues (authorization code, retrieval reference, network id), from the world's seeded stream. */
export function processorDigits(world: World, stream: string, n: number): string {
  const prng = world.random.stream(stream);
  const codes: number[] = []; // one string at the end, no partial ones
  for (let i = 0; i < n; i++) codes.push(48 + Math.floor(prng() * 10));
  return String.fromCharCode(...codes);
}
