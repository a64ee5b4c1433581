/**
 * Masking of secrets for responses, the journal and logs: no full PAN, account number, CVV, API key
 * or client secret ever leaves the process.
 */

/** `4242424242424242` -> `424242******4242` (first six and last four, as card receipts show). */
export function truncatePan(pan: string): string {
  if (pan.length <= 10) return "*".repeat(Math.max(0, pan.length - 4)) + pan.slice(-4);
  return pan.slice(0, 6) + "*".repeat(pan.length - 10) + pan.slice(-4);
}

/** `000123456789` -> `********6789`. */
export function maskTail(value: string, keep = 4): string {
  return "*".repeat(Math.max(0, value.length - keep)) + value.slice(-keep);
}

/** Field names whose string values are secrets, wherever they appear (the journal, logs, the replay export). */
export const SECRET_KEYS: ReadonlySet<string> = new Set(["pan", "cvv", "account_number", "client_secret", "api_key", "api-key"]);

/** Deeper than this, a masked copy shows {@link TOO_DEEP} instead of the rest (a hostile body cannot overflow the stack). */
export const MASK_DEPTH = 64;
export const TOO_DEEP = `(nested deeper than ${MASK_DEPTH} levels, not shown)`;

/**
 * A deep copy of a JSON value with secret fields masked by key name (strings and numbers alike), any
 * other PAN-length digit run masked as a PAN would be (plain or written with spaces or dashes, in
 * values and in keys, numbers included), and anything nested past {@link MASK_DEPTH} replaced by a
 * marker. Used on journal entries and log lines.
 */
export function maskDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.length < 12 ? value : maskDigitRuns(value);
  if (typeof value === "number") return maskNumber(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MASK_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.create(null);
  for (const k of Object.keys(source)) {
    const v = source[k];
    const key = k.length < 12 ? k : maskDigitRuns(k);
    // A plain own property even for `__proto__`: `out` has no prototype.
    out[key] = (typeof v === "string" || typeof v === "number") && isSecretKey(k) ? maskSecret(k, String(v)) : maskDeep(v, depth + 1);
  }
  return out;
}

/** A number with a PAN's digit count (12 to 19) is masked as the PAN it probably is. */
function maskNumber(n: number): unknown {
  if (!Number.isInteger(n) || Math.abs(n) < 1e11) return n;
  const digits = BigInt(n).toString();
  return digits.length >= 12 && digits.length <= 19 ? truncatePan(digits) : n;
}

const isSecretKey = (k: string) => SECRET_KEYS.has(k) || SECRET_KEYS.has(k.toLowerCase());

function maskSecret(key: string, v: string): string {
  const k = key.toLowerCase();
  if (k === "pan") return truncatePan(v);
  if (k === "cvv") return "***";
  if (k === "account_number") return maskTail(v);
  // A client secret shows none of its characters; an API key keeps its public `pk_live_` prefix.
  if (k === "client_secret") return "********";
  return v.length > 8 ? v.slice(0, 8) + "*".repeat(v.length - 8) : "********";
}

/** A digit run of PAN length, or a PAN written in groups separated by single spaces or dashes. */
const PAN_LIKE = /\d{12,19}|\d{2,6}(?:[ -]\d{2,6}){2,5}/g;

/** Masks digit runs of PAN length inside free text, also when written `4242 4242 4242 4242` or with dashes. */
export function maskDigitRuns(text: string): string {
  return text.replace(PAN_LIKE, (run) => {
    if (!/[ -]/.test(run)) return truncatePan(run);
    const digits = run.replace(/[ -]/g, "");
    if (digits.length < 12 || digits.length > 19) return run;
    // Keep the first six and last four digits and the separators where they were.
    let seen = 0;
    return run.replace(/\d/g, (d) => (seen++ < 6 || seen > digits.length - 4 ? d : "*"));
  });
}

/**
 * A request path or query string with PANs masked: only runs of exactly 12 to 19 digits (an id's
 * longer zero runs are not card numbers), also inside percent-encoded text.
 */
export function maskPath(path: string): string {
  if (path.length < 12) return path;
  return path.replace(/(?<!\d)\d{12,19}(?!\d)|\d{4}(?:(?:[ -]|%20)\d{4}){2,3}(?!\d)/g, (run) => truncatePan(run.replace(/%20|[ -]/g, "")));
}
