/**
 * Which operations each outcome and modifier can shape (issue 13 point 1): the services read them
 * only there (transactions/processor.ts, payment-tokens/routes.ts); anywhere else a rule would
 * match, set its header and do nothing. `approve`, `transport`, `delay_ms` and `fail` (with or
 * without `created`: the pipeline answers the envelope after or instead of the handler) are the
 * HTTP pipeline's and apply to every operation.
 */
const PAYMENTS = ["createTransaction", "captureTransaction", "cancelTransaction"];

export const APPLIES: Record<string, readonly string[]> = {
  decline: PAYMENTS,
  error_result: PAYMENTS,
  set: PAYMENTS,
  settlement: PAYMENTS,
  card_type: ["createTransaction"],
  tokenization: ["createTransaction"],
  "schedule ach_return": ["createTransaction", "cancelTransaction"],
  "schedule remove_from_batch": PAYMENTS,
  "schedule settle": PAYMENTS,
  "schedule token_status": [...PAYMENTS, "createPaymentToken"],
};

/** The operations a key applies to, as a sentence fragment. */
export function whereItApplies(key: string): string {
  return (APPLIES[key] ?? []).join(", ");
}

/** The keys of a raw `then` block that have an applicability rule, with their path in the block. */
export function outcomeKeys(then: Record<string, unknown>): { key: string; path: (string | number)[] }[] {
  const out: { key: string; path: (string | number)[] }[] = [];
  for (const k of ["decline", "error_result", "set", "settlement", "card_type", "tokenization"]) if (then[k] !== undefined) out.push({ key: k, path: [k] });
  const fail = then.fail;
  if (fail && typeof fail === "object" && (fail as Record<string, unknown>).created !== undefined) out.push({ key: "fail.created", path: ["fail", "created"] });
  if (Array.isArray(then.schedule)) {
    then.schedule.forEach((s, j) => {
      const event = s && typeof s === "object" ? (s as Record<string, unknown>).event : undefined;
      if (typeof event === "string" && APPLIES[`schedule ${event}`]) out.push({ key: `schedule ${event}`, path: ["schedule", j, "event"] });
    });
  }
  return out;
}
