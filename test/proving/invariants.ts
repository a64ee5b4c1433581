import type { Reply } from "../helpers.js";

/** The statuses of the spec's error table that a double with no scenario loaded may answer. */
export const SPEC_STATUSES = new Set([200, 400, 401, 403, 404, 409]);

/** error_code -> status, from the spec's Codes table; the undeclared extras may come with any 4xx. */
const CODE_STATUS: Record<string, number | null> = {
  INVALID_REQUEST_DATA: 400,
  NOT_AUTHENTICATED: 401,
  UNAUTHORIZED_ACTION: 403,
  RESOURCE_NOT_FOUND: 404,
  DUPLICATE_ACTION: 409,
  INVALID_ACTION: 400,
  REQUIRED_DATA_MISSING: null,
  AMOUNT_LIMIT_EXCEEDED: null,
  VELOCITY_LIMIT_EXCEEDED: null,
  INTEGRATION_CONFIG_ERROR: null,
};
const ENVELOPE_KEYS = "correlation_id,details,error_code,error_message,source";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What every answer of the double must be: a 200 with a JSON body, or the spec's envelope with a
 * status from its table; never a 500 when no scenario forced one. Returns the problem, or null.
 */
export function replyProblem(reply: Reply, method: string): string | null {
  if (!SPEC_STATUSES.has(reply.status)) return `status ${reply.status} is not one the spec allows here`;
  if (!UUID.test(reply.headers.get("x-request-id") ?? "")) return "no x-request-id uuid header";
  if (method === "HEAD") return null;
  const type = reply.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) return `content-type ${type}`;
  if (reply.body === undefined) return "body is not JSON";
  if (reply.status === 200) return null;
  const b = reply.body;
  if (!b || typeof b !== "object" || Object.keys(b).sort().join() !== ENVELOPE_KEYS) return "not the envelope";
  if (!(b.error_code in CODE_STATUS)) return `unknown error_code ${b.error_code}`;
  const want = CODE_STATUS[b.error_code];
  if (want !== null && want !== reply.status) return `${b.error_code} with status ${reply.status}`;
  if (typeof b.error_message !== "string" || b.error_message === "") return "error_message is not a string";
  if (typeof b.correlation_id !== "string") return "correlation_id is not a string";
  if (b.details !== null && (typeof b.details !== "object" || Object.values(b.details).some((v) => typeof v !== "string"))) {
    return "details is neither null nor a map of strings";
  }
  if (b.source !== null && typeof b.source !== "object") return "source is neither null nor an object";
  return null;
}

/** Drops the values that legitimately change on every request, so snapshots compare state only. */
export function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "correlation_id") Object.defineProperty(out, k, { value: stable(v), enumerable: true });
    return out;
  }
  return value;
}
