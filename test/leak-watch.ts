import { luhnValid } from "../src/core/mask.js";
import type { Double } from "../src/index.js";

/**
 * The whole-run masking check (issue #3: "a grep over every response body and the journal after a
 * full test run finds no full PAN, account number or client_secret"). `setup()` notes every card
 * number, account number and client secret a test sends, every answer it reads and every double it
 * builds; `leak-watch.setup.ts` checks them after each test file and writes the counts that
 * `scripts/test-summary.mjs` prints.
 *
 * Card numbers are noted wherever a test sends them (issue 21 item 5): in `pan` fields, in any
 * other string or key of a body (metadata, names, nicknames, a `dba`) and in a request path, plain
 * or grouped with spaces, dashes or `%20` (`4111-1111-1111-1111`, Amex `3782 822463 10005`); and
 * looked for, however grouped, in every answer, by surface: `/v1`, `/_mock/transactions`, the
 * inspector's HTML, the export, control errors, and every journal entry.
 */
const SECRET_KEYS = new Set(["pan", "account_number", "client_secret"]);

export const watch = {
  secrets: new Set<string>(),
  /** Every string value of every answer and journal entry, and each digit run inside one. */
  seen: new Set<string>(),
  answers: 0,
  /** Answers by surface (see {@link surfaceOf}). */
  surfaces: {} as Record<string, number>,
  doubles: [] as Double[],
};

/**
 * Numbers written as cards are (3 to 6 groups of 2 to 6 digits split by single spaces, dashes or
 * `%20`: `4111 1111 1111 1111`, Amex `3782-822463-10005`) joined, so a grouped number is seen whole.
 */
const joinGroups = (text: string) =>
  text.replace(/(?<!\d)\d{2,6}(?:(?:[ -]|%20)\d{2,6}){2,5}(?!\d)/g, (run) => run.replace(/%20|[ -]/g, ""));

/** Card numbers a processor would recognise: Luhn-valid, 13 to 19 digits, a card network's first digit. */
function cardNumbersIn(text: string): string[] {
  return (joinGroups(text).match(/(?<!\d)[2-6]\d{12,18}(?!\d)/g) ?? []).filter(luhnValid);
}

/** A card number written into a request path. */
export function noteSentPath(path: string): void {
  for (const pan of cardNumbersIn(path)) watch.secrets.add(pan);
}

/** Records the secrets in a request body (raw JSON text). Short values are too common to grep. */
export function noteSent(raw: string | undefined): void {
  if (!raw) return;
  walk(
    tryParse(raw),
    (key, value) => {
      if (key !== null && SECRET_KEYS.has(key) && value.length >= 8) watch.secrets.add(value);
      else for (const pan of cardNumbersIn(value)) watch.secrets.add(pan);
    },
    null,
    (k) => cardNumbersIn(k).forEach((pan) => watch.secrets.add(pan)),
  );
}

/**
 * Records what an answer shows. The two control reads that echo scenario rules are left out: they
 * show the rule files as written, and the built-in one names the published magic test card numbers.
 * So is the OpenAPI document: its request examples show the published test card and account.
 */
export function noteAnswer(path: string, text: string, status = 200): void {
  if (/\/_mock\/(scenarios|magic-values|openapi\.json)(\?|$)/.test(path)) return;
  watch.answers++;
  const surface = surfaceOf(path, status);
  watch.surfaces[surface] = (watch.surfaces[surface] ?? 0) + 1;
  walk(tryParse(text), (_key, value) => see(value), null, see);
}

/** Which surface an answer is, for the masking line. */
function surfaceOf(url: string, status: number): string {
  const path = url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/sandboxes\/[^/]+/, "").split("?")[0]!;
  if (path.startsWith("/v1")) return "/v1";
  if (path.startsWith("/_mock/") && status >= 400) return "control errors";
  if (path.startsWith("/_mock/transactions")) return "/_mock/transactions";
  if (path === "/" || path.startsWith("/_mock/ui")) return "inspector HTML";
  if (path.startsWith("/_mock/journal/export")) return "export";
  return "other /_mock";
}

/** Everything the journals of a double's worlds hold. */
export function journalEntries(d: Double): unknown[] {
  const worlds = [d.host.root, ...d.host.sandboxIds().map((id) => d.host.world(id)!)];
  return worlds.flatMap((w) => [...w.journal.entries()]);
}

export function see(value: string): void {
  watch.seen.add(value);
  for (const run of value.match(/\d{12,19}/g) ?? []) watch.seen.add(run);
  if (value.length >= 13) for (const run of joinGroups(value).match(/\d{12,19}/g) ?? []) watch.seen.add(run);
}

/** Visits every string (with its key) and, when `visitKey` is given, every object key. */
export function walk(value: unknown, visit: (key: string | null, value: string) => void, key: string | null = null, visitKey?: (key: string) => void): void {
  if (typeof value === "string") visit(key, value);
  else if (Array.isArray(value)) for (const v of value) walk(v, visit, key, visitKey);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      visitKey?.(k);
      walk(v, visit, k, visitKey);
    }
  }
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
