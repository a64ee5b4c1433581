import { detach } from "../core/detach.js";
import { maskDeep } from "../core/mask.js";
import { queryParams } from "../core/query.js";
import { DEFAULT_JOURNAL_BOUNDS, type JournalBounds, type PageRange } from "./limits.js";
import type { NearMiss, PendingNearMiss } from "../scenarios/explain.js";
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
  /** `<scenario>/<rule>` when a scenario shaped the answer. */
  rule: string | null;
  /** Up to three rules of the loaded scenario files that came closest to matching. */
  near_misses: readonly NearMiss[];
  /** The request body as sent (parsed JSON), or null. */
  body: unknown;
  /** The answer body (parsed JSON, or the text when it is not JSON), a cut marker, or null. */
  response: unknown;
}

/** What the pipeline hands over: the raw request body, the URL and the answer text. */
export type JournalRecord = Omit<JournalEntry, "seq" | "body" | "query" | "response" | "near_misses"> & {
  body: unknown;
  /** The full request URL; its query is parsed when the entry is read. */
  url: string;
  /** The answer body's text as sent (undefined: no answer, or an empty one). */
  answer: string | undefined;
  /** Ranked at match time; their reasons are formatted when the entry is read. */
  near_misses?: readonly PendingNearMiss[];
  /** The request body's text length, for the byte bound (the body itself is parsed). */
  size?: number;
  /** A refused request's query string that was not kept (bytes): shown as a marker in `query`. */
  query_bytes?: number;
};

/** An entry's cost beyond its texts (the entry, its raw parts, the ring slot), an estimate. */
const ENTRY_BYTES = 600;

/** Real-time facts about a request, given to live listeners and never stored (wall time is not replayable). */
export interface LiveFacts {
  /** Wall time from arrival to the answer, in milliseconds. */
  latency_ms: number;
}

export type JournalListener = (entry: JournalEntry, live: LiveFacts) => void;

/** The raw parts of an entry not read yet (a symbol key: no JSON, no `Object.keys`). */
const RAW = Symbol("unmasked parts");
type Stored = JournalEntry & { [RAW]?: { body: unknown; url: string; answer: RawAnswer | undefined; nearMisses: readonly PendingNearMiss[] | undefined; queryBytes: number | undefined } };

const NONE: readonly NearMiss[] = Object.freeze([]);

/**
 * The request journal of one world: a bounded ring (oldest dropped first) in entries and in bytes
 * ({@link JournalBounds}), so a long CI run holds a fixed amount of memory; each answer body is cut
 * at {@link ANSWER_CAP} bytes.
 *
 * Bodies, answers and query strings are masked (and near-miss reasons formatted) when an entry is first read, not on the request
 * path (most entries are never read); until then they sit in memory as sent, like the card in the
 * token vault. Nothing outside this class sees an unmasked part.
 */
export class Journal {
  /** Oldest first from `#start` (slots before it are spent; compacted now and then, no shift per request). */
  #ring: (Stored | undefined)[] = [];
  /** Each entry's counted bytes, aligned with `#ring`. */
  #costs: number[] = [];
  #start = 0;
  #bytes = 0;
  #seq = 0;
  readonly #listeners = new Set<JournalListener>();
  readonly bounds: JournalBounds;

  /** A number: the entry bound alone (bytes: the default). */
  constructor(bounds: number | Partial<JournalBounds> = {}) {
    this.bounds = { ...DEFAULT_JOURNAL_BOUNDS, ...(typeof bounds === "number" ? { entries: bounds } : bounds) };
  }

  /** The entry-count bound (named in the 404 of an entry that left the ring). */
  get limit(): number {
    return this.bounds.entries;
  }

  /** Bytes held: twice the text of each entry's URL, body and answer (what it takes once parsed), plus a fixed cost per entry. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Entries held. */
  get size(): number {
    return this.#ring.length - this.#start;
  }

  /** Live listeners (open streams). */
  get listeners(): number {
    return this.#listeners.size;
  }

  /** Appends an entry (its parts are masked when first read), then tells the live listeners. */
  record(entry: JournalRecord, live: LiveFacts = { latency_ms: 0 }): JournalEntry {
    const stored: Stored = {
      seq: ++this.#seq,
      at: entry.at,
      request_id: entry.request_id,
      method: entry.method,
      // The path is a view of the URL: a URL whose query string is not kept must not stay behind it.
      path: entry.query_bytes ? detach(entry.path) : entry.path,
      query: {},
      operation: entry.operation,
      client_id: entry.client_id,
      status: entry.status,
      error_code: entry.error_code,
      rule: entry.rule,
      near_misses: NONE,
      body: null,
      response: null,
    };
    const answer = keepAnswer(entry.answer);
    stored[RAW] = { body: entry.body, url: entry.url, answer, nearMisses: entry.near_misses, queryBytes: entry.query_bytes };
    const bodySize = entry.size ?? (typeof entry.body === "string" ? entry.body.length : 0);
    const answerSize = answer === undefined ? 0 : typeof answer === "string" ? answer.length : answer.head.length;
    const cost = ENTRY_BYTES + 2 * (entry.url.length + entry.path.length + bodySize + answerSize);
    while (this.size > 0 && (this.size >= this.bounds.entries || this.#bytes + cost > this.bounds.bytes)) this.#dropOldest();
    // An entry larger than the whole byte bound is still kept alone: the newest request is always
    // readable. A bound of 0 entries keeps none (the inspector bench's baseline).
    if (this.bounds.entries > 0) {
      this.#ring.push(stored);
      this.#costs.push(cost);
      this.#bytes += cost;
    }
    if (this.#listeners.size > 0) this.#notify(new LiveView(stored, this), live);
    return stored;
  }

  /** Entries, oldest first, parts masked. */
  entries(): readonly JournalEntry[] {
    return this.page(() => true).entries.map((e) => this.masked(e));
  }

  /**
   * The entries matching `keep`, oldest first, within a page: unmasked (mask the ones you answer
   * with {@link masked}), so a filter over the whole ring costs no masking. `total` counts the
   * matches in the cursor range before `limit`.
   */
  page(keep: (e: JournalEntry) => boolean, range: PageRange = {}): { entries: JournalEntry[]; total: number } {
    const { after = 0, before = Infinity, limit = Infinity } = range;
    const found: JournalEntry[] = [];
    for (let i = this.#start; i < this.#ring.length; i++) {
      const e = this.#ring[i]!;
      if (e.seq > after && e.seq < before && keep(e)) found.push(e);
    }
    if (found.length <= limit) return { entries: found, total: found.length };
    return { entries: range.after !== undefined ? found.slice(0, limit) : found.slice(-limit), total: found.length };
  }

  /** The entry with this `seq`, masked, or undefined when it was never recorded or has left the ring. */
  get(seq: number): JournalEntry | undefined {
    if (this.size === 0) return undefined;
    // Sequence numbers are consecutive within the ring, so the position is arithmetic.
    const offset = seq - this.#ring[this.#start]!.seq;
    if (!Number.isInteger(offset) || offset < 0 || offset >= this.size) return undefined;
    return this.masked(this.#ring[this.#start + offset]!);
  }

  #dropOldest(): void {
    this.#bytes -= this.#costs[this.#start];
    this.#ring[this.#start] = undefined;
    this.#start++;
    // Compacted once the spent slots are half the array: amortized O(1) per entry.
    if (this.#start >= 1024 && this.#start * 2 >= this.#ring.length) {
      this.#ring = this.#ring.slice(this.#start);
      this.#costs = this.#costs.slice(this.#start);
      this.#start = 0;
    }
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
      e.query = raw.queryBytes ? { "(query string)": `(refused query string of ${raw.queryBytes} bytes, not kept)` } : queryOf(raw.url);
      e.response = answerView(raw.answer);
      e.near_misses = formatNearMisses(raw.nearMisses);
      delete e[RAW];
    }
    return e;
  }

  clear(): void {
    this.#ring = [];
    this.#costs = [];
    this.#start = 0;
    this.#bytes = 0;
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

  // Private fields, not properties: a spread or a JSON of the view never reaches the unmasked parts.
  readonly #stored: Stored;
  readonly #journal: Journal;

  constructor(stored: Stored, journal: Journal) {
    this.#stored = stored;
    this.#journal = journal;
    ({ seq: this.seq, at: this.at, request_id: this.request_id, method: this.method, path: this.path } = stored);
    ({ operation: this.operation, client_id: this.client_id, status: this.status, error_code: this.error_code, rule: this.rule } = stored);
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
  get response() {
    return this.#journal.masked(this.#stored).response;
  }
  /** The entry's fields in the journal's order (`JSON.stringify` of a view reads the getters). */
  toJSON(): JournalEntry {
    const { seq, at, request_id, method, path, query, operation, client_id, status, error_code, rule, near_misses, body, response } = this;
    return { seq, at, request_id, method, path, query, operation, client_id, status, error_code, rule, near_misses, body, response };
  }
}

/** Near misses ranked at match time, their reasons formatted now (shared, frozen `NONE` when there are none). */
function formatNearMisses(pending: readonly PendingNearMiss[] | undefined): readonly NearMiss[] {
  return pending?.length ? pending.map((n) => ({ rule: n.rule, reason: n.reason() })) : NONE;
}

/** The query parameters of a URL, masked (a PAN in a query string is still a PAN). */
function queryOf(url: string): Record<string, string> {
  return maskDeep(queryParams(url, "first")) as Record<string, string>;
}
