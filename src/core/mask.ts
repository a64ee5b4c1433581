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

/** Field names whose values are secrets, as the gateway spells them (the export seals these too). */
export const SECRET_KEYS: ReadonlySet<string> = new Set(["pan", "cvv", "account_number", "client_secret", "api_key", "api-key"]);

/** What a secret is, so it is masked as such: a card number, a security code, an account number, a credential shown in none of its characters, an API key. */
export type SecretKind = "pan" | "cvv" | "account_number" | "client_secret" | "api_key";

/**
 * Names that hold a secret whatever their spelling: lower case with every character but letters and
 * digits dropped (`clientSecret`, `Client-Secret`, `CLIENT_SECRET`), also behind an `x` (`X-Api-Key`,
 * `X-Cvv`). A Map, not an object: a key such as `constructor` must find nothing.
 */
const KINDS = new Map<string, SecretKind>([
  ...["pan", "cardnumber", "ccnumber", "creditcardnumber", "primaryaccountnumber"].map((n) => [n, "pan"] as const),
  ...["cvv", "cvv2", "cvc", "cvc2", "csc", "securitycode", "cardsecuritycode", "cardverificationvalue"].map((n) => [n, "cvv"] as const),
  ...["accountnumber", "bankaccountnumber", "acctnumber"].map((n) => [n, "account_number"] as const),
  ...["clientsecret", "secret", "secretkey", "privatekey", "password", "passwd", "authorization", "proxyauthorization", "cookie", "accesstoken", "authtoken", "refreshtoken", "bearertoken"].map((n) => [n, "client_secret"] as const),
  ...["apikey"].map((n) => [n, "api_key"] as const),
]);

/** The secret a key names, whatever its spelling, or undefined. */
export function secretKind(key: string): SecretKind | undefined {
  const exact = KINDS.get(key);
  if (exact !== undefined || key.length > 40) return exact;
  const n = key.toLowerCase().replace(/[^a-z0-9]/g, "");
  return KINDS.get(n) ?? (n.startsWith("x") ? KINDS.get(n.slice(1)) : undefined);
}

/** Deeper than this, a masked copy shows {@link TOO_DEEP} instead of the rest (a hostile body cannot overflow the stack). */
export const MASK_DEPTH = 64;
export const TOO_DEEP = `(nested deeper than ${MASK_DEPTH} levels, not shown)`;

/**
 * A deep copy of a JSON value with secret fields masked by key name ({@link secretKind}: strings and
 * numbers alike, also inside an array or object under that name), any other PAN-length digit run
 * masked as a PAN would be (plain or written in groups, in values and in keys, numbers included),
 * and anything nested past {@link MASK_DEPTH} replaced by a marker. Used on journal entries and log lines.
 */
export function maskDeep(value: unknown, depth = 0, kind?: SecretKind): unknown {
  if (kind !== undefined && (typeof value === "string" || typeof value === "number")) return maskSecret(kind, String(value));
  if (typeof value === "string") return value.length < 12 ? value : maskDigitRuns(value);
  if (typeof value === "number") return maskNumber(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MASK_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, depth + 1, kind));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = Object.create(null);
  for (const k of Object.keys(source)) {
    const key = k.length < 12 ? k : maskDigitRuns(k);
    // A plain own property even for `__proto__`: `out` has no prototype.
    out[key] = maskDeep(source[k], depth + 1, kind ?? secretKind(k));
  }
  return out;
}

/** A number with a PAN's digit count (12 to 19) is masked as the PAN it probably is. */
function maskNumber(n: number): unknown {
  if (!Number.isInteger(n) || Math.abs(n) < 1e11) return n;
  const digits = BigInt(n).toString();
  return digits.length >= 12 && digits.length <= 19 ? truncatePan(digits) : n;
}

const isSecretKey = (k: string) => secretKind(k) !== undefined;

/** A secret's value as it may be shown: a PAN's first six and last four digits, an account's last four, an API key's public prefix, nothing of the rest. */
export function maskSecret(kind: SecretKind, v: string): string {
  if (kind === "pan") return truncatePan(v);
  if (kind === "cvv") return "***";
  if (kind === "account_number") return maskTail(v);
  // A client secret shows none of its characters; an API key keeps its public `pk_live_` prefix.
  if (kind === "client_secret") return "********";
  return v.length > 8 ? v.slice(0, 8) + "*".repeat(v.length - 8) : "********";
}

/** Between a card number's groups: one or two spaces, dots, slashes, plus signs, underscores or dashes, or one of them percent-encoded. */
const SEP = "(?:[ ./+_-]{1,2}|%(?:2[0BbDdEeFf]|5[Ff]))";

/**
 * A card number written in groups of 2 to 8 digits (`4111 1111 1111 1111`, `4111.1111.1111.1111`,
 * `41111111 11111111`, Amex `3782 822463 10005`), not glued to a digit or to a digit and a
 * separator before it, nor to a letter or digit after it. Callers find the card in it
 * ({@link maskGroups}): a run may hold more groups than its card (a year after it).
 */
export const GROUPED = `(?<!\\d|\\d${SEP})\\d{2,8}(?:${SEP}\\d{2,8}){1,8}(?![0-9A-Za-z])`;

/** The digits of a run, percent escapes left out (`%2B` holds a 2 that is no digit of the card). */
export const digitsOf = (run: string) => run.replace(/%[0-9A-Fa-f]{2}|\D/g, "");

/** The run with its digits past the first six and before the last four starred, separators kept. */
function starMiddle(run: string, count: number): string {
  let seen = 0;
  return run.replace(/%[0-9A-Fa-f]{2}|\d/g, (d) => (d.length > 1 || seen++ < 6 || seen > count - 4 ? d : "*"));
}

const SPLIT = new RegExp(`(${SEP})`);

/**
 * A grouped run with every card in it masked: the longest window of its groups, from the left,
 * whose digits `isCard` accepts, then the same on what follows the window.
 */
function maskGroups(run: string, isCard: (digits: string) => boolean): string {
  const parts = run.split(SPLIT); // groups at even indexes, separators between
  for (let i = 0; i < parts.length; i += 2) {
    for (let j = parts.length - 1; j >= i; j -= 2) {
      const window = parts.slice(i, j + 1).join("");
      const digits = digitsOf(window);
      if (digits.length > 19 || !isCard(digits)) continue;
      const rest = parts.slice(j + 1).join("");
      return parts.slice(0, i).join("") + starMiddle(window, digits.length) + (rest && rest.slice(0, parts[j + 1]!.length) + maskGroups(rest.slice(parts[j + 1]!.length), isCard));
    }
  }
  return run;
}

/** Whether the text is a UUID, or where the UUIDs in it are: their digit groups are no card number. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * `text` with `mask` applied to each match of `pattern` that is not inside a UUID. A mask changes a
 * run only when it finds `minDigits` digits in it (a PAN's 12, a card number's 13), so a text with
 * fewer, such as a request path (`/v1/transactions`, most ids), is its own answer without a
 * pattern run: that regular expression was 1% of a card sale's time.
 */
function outsideUuids(text: string, pattern: RegExp, mask: (run: string) => string, minDigits: number): string {
  if (fewerDigits(text, minDigits)) return text;
  const spans = text.length >= 36 ? [...text.matchAll(UUIDS)].map((m) => [m.index!, m.index! + 36] as const) : [];
  return text.replace(pattern, (run: string, at: number) => (spans.some(([from, to]) => at < to && at + run.length > from) ? run : mask(run)));
}

/** Whether `text` holds fewer than `n` ASCII digits. */
function fewerDigits(text: string, n: number): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && --n === 0) return false;
  }
  return true;
}

const panLength = (digits: string) => digits.length >= 12 && digits.length <= 19;

/** A digit run of PAN length, or a PAN written in groups ({@link GROUPED}). */
const PAN_LIKE = new RegExp(`\\d{12,19}|${GROUPED}`, "g");

/** Masks digit runs of PAN length inside free text, also when written in groups (`4242 4242 4242 4242`, `4242.4242...`). */
export function maskDigitRuns(text: string): string {
  if (UUID.test(text)) return text;
  return outsideUuids(text, PAN_LIKE, (run) => (/^\d+$/.test(run) ? truncatePan(run) : maskGroups(run, panLength)), 12);
}

/**
 * A request path or query string with PANs masked: only runs of exactly 12 to 19 digits (an id's
 * longer zero runs are not card numbers), also inside percent-encoded text.
 */
export function maskPath(path: string): string {
  if (path.length < 12) return path;
  return outsideUuids(path, PATH_PAN, (run) => (/^\d+$/.test(run) ? truncatePan(run) : maskGroups(run, panLength)), 12);
}

/** Runs of exactly 12 to 19 digits, or grouped as cards are written ({@link GROUPED}, percent-encoded separators too). */
const PATH_PAN = new RegExp(`(?<!\\d)\\d{12,19}(?!\\d)|${GROUPED}`, "g");

/** A card number inside free text: 13 to 19 digits not part of a longer run, or grouped ({@link GROUPED}). */
const CARD_LIKE = new RegExp(`(?<!\\d)\\d{13,19}(?!\\d)|${GROUPED}`, "g");

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
  return outsideUuids(text, CARD_LIKE, (run) => maskGroups(run, isCardNumber), 13);
}

/** 13 to 19 digits starting as a card network's (2 to 6), Luhn-valid. */
const isCardNumber = (digits: string) => digits.length >= 13 && digits[0]! >= "2" && digits[0]! <= "6" && luhnValid(digits);

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
      // Written only when it changes: an input's default may be a shared, frozen object. The
      // length test first: most values are short, and a secret's own field keeps its own rule.
      if (v.length >= 13 && !isSecretKey(k)) {
        const masked = maskCardNumbers(v);
        if (masked !== v) o[k] = masked;
      }
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
