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
  readonly #ring: JournalEntry[] = [];
  #seq = 0;

  constructor(readonly limit: number) {}

  /** Appends an entry, masking secrets in its body. */
  record(entry: Omit<JournalEntry, "seq" | "body"> & { body: unknown }): JournalEntry {
    const stored = { ...entry, seq: ++this.#seq, body: entry.body === undefined ? null : maskDeep(entry.body) };
    this.#ring.push(stored);
    if (this.#ring.length > this.limit) this.#ring.shift();
    return stored;
  }

  /** Entries, oldest first. */
  entries(): readonly JournalEntry[] {
    return this.#ring;
  }

  clear(): void {
    this.#ring.length = 0;
  }
}
