import type { Double } from "../src/index.js";

/**
 * The whole-run masking check (issue #3: "a grep over every response body and the journal after a
 * full test run finds no full PAN, account number or client_secret"). `setup()` notes every card
 * number, account number and client secret a test sends, every answer it reads and every double it
 * builds; `leak-watch.setup.ts` checks them after each test file and writes the counts that
 * `scripts/test-summary.mjs` prints.
 */
const SECRET_KEYS = new Set(["pan", "account_number", "client_secret"]);

export const watch = {
  secrets: new Set<string>(),
  /** Every string value of every answer and journal entry, and each digit run inside one. */
  seen: new Set<string>(),
  answers: 0,
  doubles: [] as Double[],
};

/** Records the secrets in a request body (raw JSON text). Short values are too common to grep. */
export function noteSent(raw: string | undefined): void {
  if (!raw) return;
  walk(tryParse(raw), (key, value) => {
    if (key !== null && SECRET_KEYS.has(key) && value.length >= 8) watch.secrets.add(value);
  });
}

/**
 * Records what an answer shows. The two control reads that echo scenario rules are left out: they
 * show the rule files as written, and the built-in one names the published magic test card numbers.
 * So is the OpenAPI document: its request examples show the published test card and account.
 */
export function noteAnswer(path: string, text: string): void {
  if (/\/_mock\/(scenarios|magic-values|openapi\.json)(\?|$)/.test(path)) return;
  watch.answers++;
  walk(tryParse(text), (_key, value) => see(value));
}

/** Everything the journals of a double's worlds hold. */
export function journalEntries(d: Double): unknown[] {
  const worlds = [d.host.root, ...d.host.sandboxIds().map((id) => d.host.world(id)!)];
  return worlds.flatMap((w) => [...w.journal.entries()]);
}

export function see(value: string): void {
  watch.seen.add(value);
  for (const run of value.match(/\d{12,19}/g) ?? []) watch.seen.add(run);
}

export function walk(value: unknown, visit: (key: string | null, value: string) => void, key: string | null = null): void {
  if (typeof value === "string") visit(key, value);
  else if (Array.isArray(value)) for (const v of value) walk(v, visit, key);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, visit, k);
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
