import { maskDeep } from "../core/mask.js";

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
  /** `<scenario>/<rule>` when a scenario shaped the answer. */
  rule: string | null;
  body: unknown;
}

/** The body as sent, on an entry not read yet (a symbol key: no JSON, no `Object.keys`). */
const RAW = Symbol("unmasked body");
type Stored = JournalEntry & { [RAW]?: unknown };

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

  constructor(readonly limit: number) {}

  /** Appends an entry; its body is masked when first read ({@link masked}). */
  record(entry: Omit<JournalEntry, "seq" | "body"> & { body: unknown }): JournalEntry {
    const stored: Stored = { ...entry, body: null, seq: ++this.#seq };
    if (entry.body !== undefined) stored[RAW] = entry.body;
    if (this.limit <= 0) return stored;
    if (this.#ring.length < this.limit) {
      this.#ring.push(stored);
    } else {
      this.#ring[this.#start] = stored;
      this.#start = (this.#start + 1) % this.limit;
    }
    return stored;
  }

  /** Entries, oldest first, bodies masked. */
  entries(): readonly JournalEntry[] {
    const ordered = this.#start === 0 ? this.#ring : [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
    for (const e of ordered) this.masked(e);
    return ordered;
  }

  /** The entry with its body masked (once): for readers and the `--log json` line. */
  masked(entry: JournalEntry): JournalEntry {
    const e = entry as Stored;
    if (RAW in e) {
      e.body = maskDeep(e[RAW]);
      delete e[RAW];
    }
    return e;
  }

  clear(): void {
    this.#ring.length = 0;
    this.#start = 0;
  }
}
