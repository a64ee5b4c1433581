/** How the journal keeps an entry until it is read, and the view its live listeners get. */
import type { NearMiss, PendingNearMiss } from "../scenarios/explain.js";
import { NO_HEADERS, type RawAnswer } from "./journal-answer.js";
import type { JournalEntry } from "./journal-entry.js";

/** The raw parts of an entry not read yet (a symbol key: no JSON, no `Object.keys`). */
export const RAW = Symbol("unmasked parts");
export type Stored = JournalEntry & { [RAW]?: Raw };
export interface Raw {
  body: unknown;
  text: string | undefined;
  url: string;
  /** A cut answer (its head), or undefined: none, or whole in the text ring at `answerAt`. */
  answer: RawAnswer | undefined;
  /** Where the whole answer is in the journal's `TextRing` (-1: not there), and its UTF-8 length. */
  answerAt: number;
  answerBytes: number;
  nearMisses: readonly PendingNearMiss[] | undefined;
  headers: Record<string, string> | undefined;
  queryBytes: number | undefined;
}

export const NONE: readonly NearMiss[] = Object.freeze([]);

/** An entry's `query` until it is masked (readers only ever see the masked one). */
export const NOT_READ: Readonly<Record<string, string>> = Object.freeze({});

/** What an entry holds as recorded: the fields a page filters on without reading a masked part. */
export type EntryFields = Pick<JournalEntry, "seq" | "at" | "request_id" | "method" | "path" | "operation" | "client_id" | "status" | "error_code" | "rule" | "quirk">;

/** An entry not read yet: its fields, its raw parts under {@link RAW}, the masked parts empty. */
export function unreadEntry(f: EntryFields, raw: Raw): Stored {
  return {
    seq: f.seq,
    at: f.at,
    request_id: f.request_id,
    method: f.method,
    path: f.path,
    query: NOT_READ,
    operation: f.operation,
    client_id: f.client_id,
    status: f.status,
    error_code: f.error_code,
    rule: f.rule,
    quirk: f.quirk,
    request_headers: NO_HEADERS,
    response_headers: NO_HEADERS,
    near_misses: NONE,
    body: null,
    response: null,
    // In the literal, last: added afterwards it took a property array of its own (40 bytes an
    // entry), and as the last property its `delete` on the first read keeps the object fast.
    [RAW]: raw,
  };
}

/** What masks a stored entry on first read (the journal). */
interface Masking {
  masked(entry: JournalEntry): JournalEntry;
}

/**
 * The entry as listeners get it: the same fields, with `query`, `near_misses`, `body` and `response`
 * as getters that mask (or format) on first use. A live view that shows summary rows (and fetches
 * `GET /_mock/requests/{seq}` when one is opened) never pays for masking on the request path; one
 * that serializes the whole entry pays once, as a read would. A class: its getters live on one
 * prototype, so building a view per request is a plain allocation.
 */
export class LiveView implements JournalEntry {
  readonly seq: number;
  readonly at: string;
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly operation: string | null;
  readonly client_id: string | null;
  readonly status: number;
  readonly error_code: string | null;
  readonly rule: string | null;
  readonly quirk: string | null;

  // Private fields, not properties: a spread or a JSON of the view never reaches the unmasked parts.
  readonly #stored: Stored;
  readonly #journal: Masking;

  constructor(stored: Stored, journal: Masking) {
    this.#stored = stored;
    this.#journal = journal;
    ({ seq: this.seq, at: this.at, request_id: this.request_id, method: this.method, path: this.path } = stored);
    ({ operation: this.operation, client_id: this.client_id, status: this.status, error_code: this.error_code, rule: this.rule, quirk: this.quirk } = stored);
  }
  get query() {
    return this.#journal.masked(this.#stored).query;
  }
  // Alone, without masking the bodies: the inspector's summary rows read it for every request.
  get near_misses() {
    const raw = this.#stored[RAW];
    return raw ? formatNearMisses(raw.nearMisses) : this.#stored.near_misses;
  }
  get body() {
    return this.#journal.masked(this.#stored).body;
  }
  get request_headers() {
    return this.#journal.masked(this.#stored).request_headers;
  }
  get response_headers() {
    return this.#journal.masked(this.#stored).response_headers;
  }
  get response() {
    return this.#journal.masked(this.#stored).response;
  }
  /** The entry's fields in the journal's order (`JSON.stringify` of a view reads the getters). */
  toJSON(): JournalEntry {
    const { seq, at, request_id, method, path, query, operation, client_id, status, error_code, rule, quirk, request_headers, response_headers, near_misses, body, response } = this;
    return { seq, at, request_id, method, path, query, operation, client_id, status, error_code, rule, quirk, request_headers, response_headers, near_misses, body, response };
  }
}

/** Near misses ranked at match time, their reasons formatted now (shared, frozen `NONE` when there are none). */
export function formatNearMisses(pending: readonly PendingNearMiss[] | undefined): readonly NearMiss[] {
  return pending?.length ? pending.map((n) => ({ rule: n.rule, reason: n.reason() })) : NONE;
}
