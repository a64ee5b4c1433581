import { maskDeep, maskDigitRuns, SECRET_KEYS } from "../core/mask.js";
import { headerSafeLabel } from "../scenarios/label.js";
import type { JournalEntry } from "./journal-entry.js";

/**
 * The answer body of a journal entry: kept as the bytes sent (a string) up to a cap, parsed and
 * masked only when the entry is first read, like the request body.
 */

/** Largest answer body kept whole per journal entry (bytes); a longer one keeps its first bytes. */
export const ANSWER_CAP = 16 * 1024;

/** What a journal entry holds of an answer until it is read: the text, or its head and size. */
export type RawAnswer = string | { head: string; bytes: number };

/** Cut to the cap at record time, so a ring of large list pages holds a bounded amount of memory. */
export function keepAnswer(text: string | undefined): RawAnswer | undefined {
  if (text === undefined || text === "") return undefined;
  // Cheap test first: UTF-8 takes at most 3 bytes per UTF-16 unit.
  if (text.length * 3 <= ANSWER_CAP) return text;
  const bytes = utf8Length(text);
  if (bytes <= ANSWER_CAP) return text;
  return { head: text.slice(0, headChars(text)), bytes };
}

/** The answer as the journal API shows it: parsed JSON masked, text masked, or the cut marker. */
export function answerView(raw: RawAnswer | undefined): unknown {
  if (raw === undefined) return null;
  if (typeof raw !== "string") return { truncated: true, bytes: raw.bytes, preview: maskText(raw.head) };
  try {
    return maskDeep(JSON.parse(raw));
  } catch {
    return maskText(raw); // a `transport: malformed_json` reply: shown as the text it was
  }
}

const SECRET_VALUE = new RegExp(`"(${[...SECRET_KEYS].map((k) => k.replace(/[-]/g, "\\-")).join("|")})"(\\s*:\\s*)"([^"]*)("?)`, "gi");

/**
 * Masks JSON text that may not parse (cut in the middle, or malformed on purpose): secret keys'
 * string values, digit runs of PAN length, and a digit run at the very end, which may be the first
 * digits of a PAN the cut went through.
 */
export function maskText(text: string): string {
  const keyed = text.replace(SECRET_VALUE, (_m, key: string, sep: string, value: string, close: string) => {
    const masked = maskDeep({ [key]: value }) as Record<string, string>;
    return `"${key}"${sep}"${masked[key]}${close}`;
  });
  return maskDigitRuns(keyed).replace(/\d+$/, (run) => "*".repeat(run.length));
}

/** The number of UTF-16 units of `text` whose UTF-8 form fits in the cap. */
function headChars(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    bytes += unitBytes(text.charCodeAt(i));
    // Never between the two halves of a surrogate pair.
    if (bytes > ANSWER_CAP) return i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800 ? i - 1 : i;
  }
  return text.length;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += unitBytes(text.charCodeAt(i));
  return bytes;
}

/** UTF-8 bytes of one UTF-16 unit (a surrogate pair counts 2 + 2 = 4). */
function unitBytes(u: number): number {
  if (u < 0x80) return 1;
  return u < 0x800 || (u >= 0xd800 && u <= 0xdfff) ? 2 : 3;
}

export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The headers paydouble itself sets on a `/v1` answer, rebuilt from the entry (so no header object is
 * kept per request): every answer is JSON with its `x-request-id`, and `x-paydouble-rule` names the
 * rule that shaped it. None when no answer was sent (status 0).
 */
export function answerHeaders(e: JournalEntry): Record<string, string> {
  if (e.status === 0) return NO_HEADERS;
  const h: Record<string, string> = { "content-type": "application/json" };
  if (e.rule !== null) h["x-paydouble-rule"] = headerSafeLabel(e.rule);
  h["x-request-id"] = e.request_id;
  return h;
}
