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
  // Grouped as cards are written: 4-4-4-4, Amex 4-6-5, any groups of 2 to 6 with 12 to 19 digits in all.
  return path.replace(/(?<!\d)\d{12,19}(?!\d)|(?<!\d)\d{2,6}(?:(?:[ -]|%20)\d{2,6}){2,5}(?!\d)/g, (run) => {
    const digits = run.replace(/%20|[ -]/g, "");
    return digits.length >= 12 && digits.length <= 19 ? truncatePan(digits) : run;
  });
}

/**
 * A card number inside free text: 13 to 19 digits, plain or in groups of 2 to 6 separated by single
 * spaces or dashes (`4111 1111 1111 1111`, Amex `3782 822463 10005`), not part of a longer run.
 */
const CARD_LIKE = /(?<!\d)\d(?:[ -]?\d){12,18}(?![\d])/g;

/** The Luhn check of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double && (d *= 2) > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Masks the card numbers in free text a client sent (metadata, a nickname, a name, a `dba`): a
 * Luhn-valid run of 13 to 19 digits whose first digit is a payment card network's (2 to 6), plain
 * or grouped, keeps its first six and last four digits and its separators. Other numbers (an order
 * id, a millisecond timestamp) are left as sent: the double masks what a card processor would treat
 * as a card number, so a round trip of ordinary data is unchanged.
 */
export function maskCardNumbers(text: string): string {
  if (text.length < 13) return text;
  return text.replace(CARD_LIKE, (run) => {
    const digits = run.replace(/[ -]/g, "");
    // Separators must be single and groups 2 to 6 digits long: "12-3456-..." is not how cards are written.
    if (run !== digits && !/^\d{2,6}(?:[ -]\d{2,6})+$/.test(run)) return run;
    if (digits.length < 13 || digits.length > 19 || digits[0]! < "2" || digits[0]! > "6" || !luhnValid(digits)) return run;
    let seen = 0;
    return run.replace(/\d/g, (d) => (seen++ < 6 || seen > digits.length - 4 ? d : "*"));
  });
}

/**
 * {@link maskCardNumbers} over every string value and object key of validated input, in place
 * (the secret fields themselves, `pan`, `account_number`..., are left to their own rules). Keys keep
 * their order. Applied to what the double stores, so every answer, view and export shows the same.
 */
export function maskCardsDeep<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== "object" || depth >= MASK_DEPTH) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (typeof v !== "string") maskCardsDeep(v, depth + 1);
      else if (maskCardNumbers(v) !== v) value[i] = maskCardNumbers(v);
    }
    return value;
  }
  const o = value as Record<string, unknown>;
  let renamed = false;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === "string") {
      // Written only when it changes: an input's default may be a shared, frozen object.
      if (!isSecretKey(k) && maskCardNumbers(v) !== v) o[k] = maskCardNumbers(v);
    } else if (v !== null && typeof v === "object") maskCardsDeep(v, depth + 1);
    if (k.length >= 13 && maskCardNumbers(k) !== k) renamed = true;
  }
  if (renamed) {
    // Rebuilt in the same order under masked keys (rare: a card number used as a metadata key).
    const entries = Object.keys(o).map((k) => [maskCardNumbers(k), o[k]] as const);
    for (const k of Object.keys(o)) delete o[k];
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return value;
}
