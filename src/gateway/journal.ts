import { maskDeep } from "../core/mask.js";
import { queryParams } from "../core/query.js";
import type { NearMiss, PendingNearMiss } from "../scenarios/explain.js";
import { headerSafeLabel } from "../scenarios/label.js";
import { answerView, keepAnswer, type RawAnswer } from "./journal-answer.js";

export { ANSWER_CAP } from "./journal-answer.js";
export type { NearMiss };

/** One answered `/v1` request, with its secrets masked. */
export interface JournalEntry {
  seq: number;
  /** Simulated arrival instant. */
  at: string;
  request_id: string;
  method: string;
  path: string;
  /** The query string's parameters (the first value of a repeated name). */
  query: Record<string, string>;
  operation: string | null;
  client_id: string | null;
  /** 0 when no answer was sent (a scenario's `transport` fault). */
  status: number;
  /** The envelope's `error_code` on a 4xx/5xx answer, else null. */
  error_code: string | null;
  /**
   * `<scenario>/<rule>` of the rule that shaped the answer, as in `x-paydouble-rule`: a scenario
   * file's rule, or a built-in magic value that changed the outcome (`builtin/...`). Null for the
   * gateway's ordinary answer, the built-in read-back approvals included (see `Matched.readBack`).
   */
  rule: string | null;
  /** The spec quirk (`GET /_mock/quirks`) that shaped the answer, when one did. */
  quirk: string | null;
  /** The request headers replay sends again (credentials, content type, `x-` headers), lower-case, secrets masked. */
  request_headers: Record<string, string>;
  /** The headers paydouble set on the answer (the server adds `date`, `content-length` and `connection` on the wire). */
  response_headers: Record<string, string>;
  /** Up to three rules of the loaded scenario files that came closest to matching. */
  near_misses: readonly NearMiss[];
  /** The request body as sent (parsed JSON), or null. */
  body: unknown;
  /** The answer body (parsed JSON, or the text when it is not JSON), a cut marker, or null. */
  response: unknown;
}

/** What the pipeline hands over: the raw request body, the URL and the answer text. */
export type JournalRecord = Omit<JournalEntry, "seq" | "body" | "query" | "response" | "near_misses" | "quirk" | "request_headers" | "response_headers"> & {
  quirk?: string | null;
  /** The request headers as the replay log keeps them (masked when the entry is read). */
  headers?: Record<string, string>;
  body: unknown;
  /** The full request URL; its query is parsed when the entry is read. */
  url: string;
  /** The answer body's text as sent (undefined: no answer, or an empty one). */
  answer: string | undefined;
  /** Ranked at match time; their reasons are formatted when the entry is read. */
  near_misses?: readonly PendingNearMiss[];
};

/** Real-time facts about a request, given to live listeners and never stored (wall time is not replayable). */
export interface LiveFacts {
  /** Wall time from arrival to the answer, in milliseconds. */
  latency_ms: number;
  /** The sandbox the entry's world is (null: the default world); the entry's `path` is world-local. */
  sandbox_id?: string | null;
}

export type JournalListener = (entry: JournalEntry, live: LiveFacts) => void;

/** The raw parts of an entry not read yet (a symbol key: no JSON, no `Object.keys`). */
const RAW = Symbol("unmasked parts");
type Stored = JournalEntry & { [RAW]?: { body: unknown; url: string; answer: RawAnswer | undefined; nearMisses: readonly PendingNearMiss[] | undefined; headers: Record<string, string> | undefined } };

const NONE: readonly NearMiss[] = Object.freeze([]);
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** The filters a journal page can apply without reading any masked part (path, status, codes, rule...). */
export type EntryMatch = (e: JournalEntry) => boolean;

/** A page of the journal: `after`/`before` are `seq` cursors, `limit` the page size. */
export interface PageQuery {
  after?: number;
  before?: number;
  limit?: number;
}

/**
 * The request journal of one world: a bounded ring (oldest dropped first), so a long CI run holds
 * a fixed amount of memory; each answer body is cut at {@link ANSWER_CAP} bytes.
 *
 * Bodies, answers and query strings are masked (and near-miss reasons formatted) when an entry is first read, not on the request
 * path (most entries are never read); until then they sit in memory as sent, like the card in the
 * token vault. Nothing outside this class sees an unmasked part.
 */
export class Journal {
  /** A circular buffer: `#start` is the oldest entry once the ring is full (no shift per request). */
  readonly #ring: Stored[] = [];
  #start = 0;
  #seq = 0;
  readonly #listeners = new Set<JournalListener>();

  constructor(readonly limit: number) {}

  /** Appends an entry (its parts are masked when first read), then tells the live listeners. */
  record(entry: JournalRecord, live: LiveFacts = { latency_ms: 0 }): JournalEntry {
    const stored: Stored = {
      seq: ++this.#seq,
      at: entry.at,
      request_id: entry.request_id,
      method: entry.method,
      path: entry.path,
      query: {},
      operation: entry.operation,
      client_id: entry.client_id,
      status: entry.status,
      error_code: entry.error_code,
      rule: entry.rule,
      quirk: entry.quirk ?? null,
      request_headers: NO_HEADERS,
      response_headers: NO_HEADERS,
      near_misses: NONE,
      body: null,
      response: null,
    };
    stored[RAW] = { body: entry.body, url: entry.url, answer: keepAnswer(entry.answer), nearMisses: entry.near_misses, headers: entry.headers };
    if (this.limit > 0) {
      if (this.#ring.length < this.limit) {
        this.#ring.push(stored);
      } else {
        this.#ring[this.#start] = stored;
        this.#start = (this.#start + 1) % this.limit;
      }
    }
    if (this.#listeners.size > 0) this.#notify(new LiveView(stored, this), live);
    return stored;
  }

  /** Entries, oldest first, parts masked. */
  entries(): readonly JournalEntry[] {
    const ordered = this.#start === 0 ? this.#ring : [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
    for (const e of ordered) this.masked(e);
    return ordered;
  }

  /** The `seq` of the newest entry recorded (0 before the first), also once it has left the ring. */
  get lastSeq(): number {
    return this.#seq;
  }

  /**
   * A page of the entries that `match` accepts, oldest first, with how many match in all (cursors
   * included): `after` keeps those with a greater `seq` and the page is the oldest `limit` of them
   * (reading forward); otherwise the page is the newest `limit` (with `before`, those older than it).
   * Only the page's entries are masked; `match` must read unmasked fields only (seq, path, status...).
   */
  page(match: EntryMatch, q: PageQuery = {}): { entries: JournalEntry[]; count: number } {
    const found: Stored[] = [];
    const n = this.#ring.length;
    for (let i = 0; i < n; i++) {
      const e = this.#ring[(this.#start + i) % n];
      if (q.after !== undefined && e.seq <= q.after) continue;
      if (q.before !== undefined && e.seq >= q.before) break;
      if (match(e)) found.push(e);
    }
    const limit = q.limit ?? found.length;
    const entries = q.after !== undefined ? found.slice(0, limit) : found.slice(Math.max(0, found.length - limit));
    return { entries: entries.map((e) => this.masked(e)), count: found.length };
  }

  /** The entry with this `seq`, masked, or undefined when it was never recorded or has left the ring. */
  get(seq: number): JournalEntry | undefined {
    const n = this.#ring.length;
    if (n === 0) return undefined;
    const oldest = this.#ring[this.#start].seq;
    // Sequence numbers are consecutive within the ring, so the position is arithmetic.
    const offset = seq - oldest;
    if (!Number.isInteger(offset) || offset < 0 || offset >= n) return undefined;
    return this.masked(this.#ring[(this.#start + offset) % n]);
  }

  /**
   * Calls `listener` after each entry is recorded, with the entry (secrets masked: its parts are
   * masked when first read, see {@link LiveView}) and its wall-clock facts.
   * A listener that throws is ignored (a broken inspector tab must not break a payment).
   * @returns a function that removes the listener.
   */
  subscribe(listener: JournalListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The entry with its parts masked (once): for readers and the `--log json` line. */
  masked(entry: JournalEntry): JournalEntry {
    const e = entry as Stored;
    const raw = e[RAW];
    if (raw) {
      e.body = raw.body === undefined ? null : maskDeep(raw.body);
      e.query = queryOf(raw.url);
      e.response = answerView(raw.answer);
      e.near_misses = formatNearMisses(raw.nearMisses);
      e.request_headers = raw.headers ? (maskDeep(raw.headers) as Record<string, string>) : NO_HEADERS;
      e.response_headers = answerHeaders(e);
      delete e[RAW];
    }
    return e;
  }

  clear(): void {
    this.#ring.length = 0;
    this.#start = 0;
  }

  #notify(entry: JournalEntry, live: LiveFacts): void {
    for (const listener of this.#listeners) {
      try {
        listener(entry, live);
      } catch {
        // Deliberately dropped: see subscribe().
      }
    }
  }
}

/**
 * The entry as listeners get it: the same fields, with `query`, `near_misses`, `body` and `response`
 * as getters that mask (or format) on first use. A live view that shows summary rows (and fetches
 * `GET /_mock/requests/{seq}` when one is opened) never pays for masking on the request path; one
 * that serializes the whole entry pays once, as a read would. A class: its getters live on one
 * prototype, so building a view per request is a plain allocation.
 */
class LiveView implements JournalEntry {
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
  readonly #journal: Journal;

  constructor(stored: Stored, journal: Journal) {
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
function formatNearMisses(pending: readonly PendingNearMiss[] | undefined): readonly NearMiss[] {
  return pending?.length ? pending.map((n) => ({ rule: n.rule, reason: n.reason() })) : NONE;
}

/**
 * The headers paydouble itself sets on a `/v1` answer, rebuilt from the entry (so no header object is
 * kept per request): every answer is JSON with its `x-request-id`, and `x-paydouble-rule` names the
 * rule that shaped it. None when no answer was sent (status 0).
 */
function answerHeaders(e: JournalEntry): Record<string, string> {
  if (e.status === 0) return NO_HEADERS;
  const h: Record<string, string> = { "content-type": "application/json" };
  if (e.rule !== null) h["x-paydouble-rule"] = headerSafeLabel(e.rule);
  h["x-request-id"] = e.request_id;
  return h;
}

/** The query parameters of a URL, masked (a PAN in a query string is still a PAN). */
function queryOf(url: string): Record<string, string> {
  return maskDeep(queryParams(url, "first")) as Record<string, string>;
}
