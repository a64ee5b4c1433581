import { maskDeep } from "../core/mask.js";

/** A rule that did not shape a request, and the first reason it did not. */
export interface NearMiss {
  /** `<scenario>/<rule>`. */
  rule: string;
  /** `body.amount: wanted gte 1000, got 999`, `budget times: 1 spent`. */
  reason: string;
}

/** One answered `/v1` request, with its secrets masked. */
export interface JournalEntry {
  seq: number;
  /** Simulated arrival instant. */
  at: string;
  request_id: string;
  method: string;
  path: string;
  operation: string | null;
  client_id: string | null;
  status: number;
  /** The envelope's `error_code` when the answer was an error; null otherwise. */
  error_code: string | null;
  /** `<scenario>/<rule>` when a scenario shaped the answer. */
  rule: string | null;
  /** The closest rules that did not match, with the first condition each failed. */
  near_misses: NearMiss[];
  body: unknown;
  /** The answer body, masked; a long one is cut to `{truncated, bytes, preview}`. */
  response: unknown;
}

/** What the live stream adds to an entry: wall time, which the journal API never shows. */
export interface LiveFacts {
  latency_ms: number;
}

export type JournalListener = (entry: JournalEntry, live: LiveFacts) => void;

/** Bodies longer than this (JSON text, in bytes) are kept as a marker with a preview. */
export const JOURNAL_BODY_CAP = 64 * 1024;
const PREVIEW_CHARS = 512;

/** The bodies as sent and answered, on an entry not read yet (symbol keys: no JSON, no `Object.keys`). */
const RAW = Symbol("unmasked body");
const RAW_RESPONSE = Symbol("unmasked response");
type Stored = JournalEntry & { [RAW]?: unknown; [RAW_RESPONSE]?: unknown };

export type NewEntry = Omit<JournalEntry, "seq" | "body" | "response" | "near_misses" | "error_code"> & {
  body: unknown;
  error_code?: string | null;
  response?: unknown;
  near_misses?: NearMiss[];
};

/**
 * The request journal of one world: a bounded ring (oldest dropped first), so a long CI run holds
 * a fixed amount of memory.
 *
 * Bodies are masked when an entry is first read, not on the request path (most entries are never
 * read); until then the body sits in memory as sent, like the card in the token vault. Nothing
 * outside this class sees an unmasked body.
 */
export class Journal {
  /** A circular buffer: `#start` is the oldest entry once the ring is full (no shift per request). */
  readonly #ring: Stored[] = [];
  #start = 0;
  #seq = 0;
  readonly #listeners = new Set<JournalListener>();

  constructor(readonly limit: number) {}

  /** Appends an entry; its bodies are masked when first read ({@link masked}). */
  record(entry: NewEntry, live: LiveFacts = { latency_ms: 0 }): JournalEntry {
    const stored: Stored = { ...entry, error_code: entry.error_code ?? null, near_misses: entry.near_misses ?? [], body: null, response: null, seq: ++this.#seq };
    if (entry.body !== undefined) stored[RAW] = entry.body;
    if (entry.response !== undefined) stored[RAW_RESPONSE] = entry.response;
    if (this.#listeners.size > 0) for (const l of [...this.#listeners]) l(this.masked(stored), live);
    if (this.limit <= 0) return stored;
    if (this.#ring.length < this.limit) {
      this.#ring.push(stored);
    } else {
      this.#ring[this.#start] = stored;
      this.#start = (this.#start + 1) % this.limit;
    }
    return stored;
  }

  /**
   * Calls `listener` with each entry recorded from now on (masked) and its wall-clock latency: the
   * inspector's live stream. Returns the function that stops it.
   */
  subscribe(listener: JournalListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Entries, oldest first, bodies masked. */
  entries(): readonly JournalEntry[] {
    const ordered = this.#start === 0 ? this.#ring : [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
    for (const e of ordered) this.masked(e);
    return ordered;
  }

  /** The entry with this sequence number (masked), or undefined once it has left the ring. */
  get(seq: number): JournalEntry | undefined {
    const found = this.#ring.find((e) => e.seq === seq);
    return found && this.masked(found);
  }

  /** The entry with its bodies masked (once): for readers and the `--log json` line. */
  masked(entry: JournalEntry): JournalEntry {
    const e = entry as Stored;
    if (RAW in e) {
      e.body = capped(maskDeep(e[RAW]));
      delete e[RAW];
    }
    if (RAW_RESPONSE in e) {
      e.response = capped(maskDeep(e[RAW_RESPONSE]));
      delete e[RAW_RESPONSE];
    }
    return e;
  }

  clear(): void {
    this.#ring.length = 0;
    this.#start = 0;
  }
}

/** A body over {@link JOURNAL_BODY_CAP} becomes a marker: a journal of large bodies stays bounded. */
function capped(value: unknown): unknown {
  if (value === null || typeof value !== "object" || !mayExceed(value, JOURNAL_BODY_CAP)) return value;
  const text = JSON.stringify(value);
  if (text.length <= JOURNAL_BODY_CAP) return value;
  return { truncated: true, bytes: new TextEncoder().encode(text).length, preview: text.slice(0, PREVIEW_CHARS) };
}

/**
 * Whether a JSON value's text may be longer than `budget`: a walk that counts string and key
 * lengths plus a few characters per value and stops as soon as it is over, so the common small
 * body is never serialized just to be measured. It over-counts, never under-counts much.
 */
function mayExceed(value: unknown, budget: number): boolean {
  let left = budget;
  const walk = (v: unknown): boolean => {
    if (typeof v === "string") left -= v.length + 2;
    else if (v === null || typeof v !== "object") left -= 24;
    else if (Array.isArray(v)) {
      left -= 2;
      for (const x of v) if (walk(x) || --left < 0) return true;
    } else {
      left -= 2;
      for (const k in v) if ((left -= k.length + 4) < 0 || walk((v as Record<string, unknown>)[k])) return true;
    }
    return left < 0;
  };
  return walk(value);
}
