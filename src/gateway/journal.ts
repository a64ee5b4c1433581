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

/**
 * The request journal of one world: a bounded ring (oldest dropped first), so a long CI run holds
 * a fixed amount of memory.
 */
export class Journal {
  /** A circular buffer: `#start` is the oldest entry once the ring is full (no shift per request). */
  readonly #ring: JournalEntry[] = [];
  #start = 0;
  #seq = 0;

  constructor(readonly limit: number) {}

  /** Appends an entry, masking secrets in its body. */
  record(entry: Omit<JournalEntry, "seq" | "body"> & { body: unknown }): JournalEntry {
    const stored: JournalEntry = {
      at: entry.at,
      request_id: entry.request_id,
      method: entry.method,
      path: entry.path,
      operation: entry.operation,
      client_id: entry.client_id,
      status: entry.status,
      rule: entry.rule,
      body: entry.body === undefined ? null : maskDeep(entry.body),
      seq: ++this.#seq,
    };
    if (this.limit <= 0) return stored;
    if (this.#ring.length < this.limit) {
      this.#ring.push(stored);
    } else {
      this.#ring[this.#start] = stored;
      this.#start = (this.#start + 1) % this.limit;
    }
    return stored;
  }

  /** Entries, oldest first. */
  entries(): readonly JournalEntry[] {
    return this.#start === 0 ? this.#ring : [...this.#ring.slice(this.#start), ...this.#ring.slice(0, this.#start)];
  }

  clear(): void {
    this.#ring.length = 0;
    this.#start = 0;
  }
}
