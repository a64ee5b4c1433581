import { detach } from "../core/detach.js";
import { maskDeep } from "../core/mask.js";
import { queryParams } from "../core/query.js";
import { DEFAULT_JOURNAL_BOUNDS, type JournalBounds } from "./limits.js";
import { TextRing } from "../core/text-ring.js";
import { EntryColumns } from "./journal-columns.js";
import type { NearMiss } from "../scenarios/explain.js";
import { answerHeaders, answerView, keepAnswer, NO_HEADERS } from "./journal-answer.js";
import type { JournalEntry, JournalRecord } from "./journal-entry.js";
import { formatNearMisses, LiveView, RAW, unreadEntry, type Stored } from "./journal-view.js";

export { ANSWER_CAP } from "./journal-answer.js";
export type { NearMiss };
export type { JournalEntry, JournalRecord };

/**
 * Distinct paths a journal shares, each up to {@link SHARED_PATH} characters (see `Journal.#path`):
 * at most 1,024 x 256 characters a world, outside the byte bound. Past them each entry keeps its
 * own copy.
 */
const PATHS = 1024;
const SHARED_PATH = 256;

/** An entry's cost beyond its texts (the entry, its raw parts, the ring slot), an estimate. */
const ENTRY_BYTES = 600;

/** Real-time facts about a request, given to live listeners and never stored (wall time is not replayable). */
export interface LiveFacts {
  /** Wall time from arrival to the answer, in milliseconds. */
  latency_ms: number;
  /** The sandbox the entry's world is (null: the default world); the entry's `path` is world-local. */
  sandbox_id?: string | null;
}

export type JournalListener = (entry: JournalEntry, live: LiveFacts) => void;

/** The filters a journal page can apply without reading any masked part (path, status, codes, rule...). */
export type EntryMatch = (e: JournalEntry) => boolean;

/** A page of the journal: `after`/`before` are `seq` cursors, `limit` the page size. */
export interface PageQuery {
  after?: number;
  before?: number;
  limit?: number;
}

/**
 * The request journal of one world: a bounded ring (oldest dropped first) in entries and in bytes
 * ({@link JournalBounds}), so a long CI run holds a fixed amount of memory; each answer body is cut
 * at {@link ANSWER_CAP} bytes.
 *
 * Bodies, answers and query strings are masked (and near-miss reasons formatted) when an entry is first read, not on the request
 * path (most entries are never read); until then they sit in memory as sent, like the card in the
 * token vault (the answers as UTF-8 in a {@link TextRing}, off the heap). Nothing outside this class
 * sees an unmasked part.
 */
export class Journal {
  readonly #ring: EntryColumns;
  /** The whole answers, off the heap; one slot per entry of the ring, released as it drops them. */
  readonly #answers = new TextRing();
  #seq = 0;
  /** The last body text kept: a suite sends the same payload again and again, and each entry then shares one string. */
  #lastText = "";
  /** Paths as kept (see {@link #path}). */
  readonly #paths = new Map<string, string>();
  readonly #listeners = new Set<JournalListener>();
  readonly bounds: JournalBounds;

  /** A number: the entry bound alone (bytes: the default). */
  constructor(bounds: number | Partial<JournalBounds> = {}) {
    this.bounds = { ...DEFAULT_JOURNAL_BOUNDS, ...(typeof bounds === "number" ? { entries: bounds } : bounds) };
    this.#ring = new EntryColumns(this.bounds, () => this.#answers.shift());
  }

  /** The entry-count bound (named in the 404 of an entry that left the ring). */
  get limit(): number {
    return this.bounds.entries;
  }

  /** Bytes held: twice the text of each entry's URL, body and answer (what it takes once parsed), plus a fixed cost per entry. */
  get bytes(): number {
    return this.#ring.bytes;
  }

  /** Entries held. */
  get size(): number {
    return this.#ring.size;
  }

  /** Live listeners (open streams). */
  get listeners(): number {
    return this.#listeners.size;
  }

  /**
   * The path as kept, one string per distinct path while there are at most {@link PATHS}: a suite
   * calls a few paths again and again, and each was a view of its request's URL that kept the URL
   * (88 bytes an entry). Copied out of the URL always: a URL whose query string is not kept (a
   * refused 12 KB one) must not stay behind its path.
   */
  #path(path: string): string {
    const shared = this.#paths.get(path);
    if (shared !== undefined) return shared;
    const copy = detach(path);
    if (this.#paths.size < PATHS && copy.length <= SHARED_PATH) this.#paths.set(copy, copy);
    return copy;
  }

  /** Appends an entry (its parts are masked when first read), then tells the live listeners. */
  record(entry: JournalRecord, live: LiveFacts = { latency_ms: 0 }): JournalEntry {
    const answer = keepAnswer(entry.answer);
    // The URL is kept for its query string alone (read when the entry is): most requests have none.
    const url = entry.url.includes("?") ? entry.url : "";
    let text = entry.body_text;
    if (text !== undefined) text = text === this.#lastText ? this.#lastText : (this.#lastText = text);
    const bodySize = entry.size ?? (typeof entry.body === "string" ? entry.body.length : 0);
    const answerSize = answer === undefined ? 0 : typeof answer === "string" ? answer.length : answer.head.length;
    const cost = ENTRY_BYTES + 2 * (entry.url.length + entry.path.length + bodySize + answerSize);
    const raw = { body: text === undefined ? entry.body : undefined, text, url, answer, answerAt: -1, answerBytes: 0, nearMisses: entry.near_misses, headers: entry.headers, queryBytes: entry.query_bytes };
    const { at, request_id, method, operation, client_id, status, error_code, rule } = entry;
    const stored = unreadEntry({ seq: ++this.#seq, at, request_id, method, path: this.#path(entry.path), operation, client_id, status, error_code, rule, quirk: entry.quirk ?? null }, raw);
    // Once the ring keeps it (the entries it drops have released their answers first), a whole
    // answer moves to the text ring: a slot per entry kept, in the ring's order.
    if (this.#ring.push(stored, cost)) {
      const kept = typeof answer === "string" ? this.#answers.put(answer) : undefined;
      if (!kept) this.#answers.skip(); // none, cut, or too much for one buffer: stays in `raw.answer`
      else {
        raw.answer = undefined;
        raw.answerAt = kept.at;
        raw.answerBytes = kept.bytes;
        this.#ring.setNewestAnswer(raw);
      }
    }
    if (this.#listeners.size > 0) this.#notify(new LiveView(stored, this), live);
    return stored;
  }

  /** Entries, oldest first, parts masked. */
  entries(): readonly JournalEntry[] {
    return this.page(() => true).entries;
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
    for (const e of this.#ring) {
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
    // Sequence numbers are consecutive within the ring, so the position is arithmetic.
    const entry = Number.isInteger(seq) ? this.#ring.at(seq - this.#ring.firstSeq) : undefined;
    return entry && this.masked(entry);
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
      e.body = raw.text !== undefined ? maskDeep(JSON.parse(raw.text)) : raw.body === undefined ? null : maskDeep(raw.body);
      e.query = raw.queryBytes ? { "(query string)": `(refused query string of ${raw.queryBytes} bytes, not kept)` } : queryOf(raw.url);
      // An entry read after it left the ring (a live view kept too long) has lost its answer: null.
      e.response = answerView(raw.answerAt >= 0 ? this.#answers.get(raw.answerAt, raw.answerBytes) : raw.answer);
      e.near_misses = formatNearMisses(raw.nearMisses);
      e.request_headers = raw.headers ? (maskDeep(raw.headers) as Record<string, string>) : NO_HEADERS;
      e.response_headers = answerHeaders(e);
      delete e[RAW];
    }
    return e;
  }

  clear(): void {
    this.#ring.clear();
    this.#answers.clear();
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

/** The query parameters of a URL, masked (a PAN in a query string is still a PAN). */
function queryOf(url: string): Record<string, string> {
  return maskDeep(queryParams(url, "first")) as Record<string, string>;
}
