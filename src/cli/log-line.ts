import type { JournalEntry, LiveFacts } from "../gateway/journal.js";

/**
 * One `--log text` line: `<at> <status> <method> <path>[?query] <operation> <request_id> <latency>ms`,
 * then what a developer scans a log for, each only when there is one: `result=` (a payment's
 * APPROVED/DECLINED/ERROR: a decline is a 200), `error=` (the envelope's code) and `rule=` (the
 * rule that shaped the answer, JSON-quoted: names have spaces). The entry is already masked.
 */
export function textLogLine(e: JournalEntry, live: LiveFacts): string {
  const query = new URLSearchParams(e.query).toString();
  const result = (e.response as { result?: unknown } | null)?.result;
  return [
    e.at,
    e.status,
    e.method,
    `${live.sandbox_id ? `/sandboxes/${live.sandbox_id}` : ""}${e.path}${query ? `?${query}` : ""}`,
    e.operation ?? "-",
    e.request_id,
    `${live.latency_ms}ms`,
    ...(typeof result === "string" ? [`result=${result}`] : []),
    ...(e.error_code ? [`error=${e.error_code}`] : []),
    ...(e.rule ? [`rule=${JSON.stringify(e.rule)}`] : []),
  ].join(" ");
}
