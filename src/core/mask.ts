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

/**
 * A deep copy of a JSON value with secret fields masked by key name, and any other run of 12 to 19
 * digits masked as a PAN would be. Used on journal entries and log lines.
 */
export function maskDeep(value: unknown): unknown {
  if (typeof value === "string") return value.length < 12 ? value : maskDigitRuns(value);
  if (Array.isArray(value)) return value.map(maskDeep);
  if (value && typeof value === "object") {
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(source)) {
      const v = source[k];
      out[k] = typeof v === "string" && isSecretKey(k) ? maskSecret(k, v) : maskDeep(v); // a plain own property even for `__proto__`: `out` has no prototype
    }
    return out;
  }
  return value;
}

const isSecretKey = (k: string) => SECRET_KEYS.has(k) || SECRET_KEYS.has(k.toLowerCase());

function maskSecret(key: string, v: string): string {
  const k = key.toLowerCase();
  if (k === "pan") return truncatePan(v);
  if (k === "cvv") return "***";
  if (k === "account_number") return maskTail(v);
  return v.length > 8 ? v.slice(0, 8) + "*".repeat(v.length - 8) : "********";
}

/** Masks digit runs of PAN length inside free text. */
export function maskDigitRuns(text: string): string {
  return text.replace(/\d{12,19}/g, (run) => truncatePan(run));
}
