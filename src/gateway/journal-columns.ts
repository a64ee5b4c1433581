import { isoOf } from "../core/clock.js";
import { digitsValue, NOT_DIGITS } from "../core/digits.js";
import { packUuid, uuidText } from "../core/ids.js";
import type { PendingNearMiss } from "../scenarios/explain.js";
import type { RawAnswer } from "./journal-answer.js";
import { RAW, unreadEntry, type Raw, type Stored } from "./journal-view.js";

/** The first capacity (entries); it doubles as the ring fills, up to what the bounds let it hold. */
const FIRST_CAPACITY = 16;

/**
 * The journal's ring, bounded in entries and in bytes (each entry's cost given on push), oldest
 * dropped first, kept as columns: one array per field, no object per entry. An entry is built
 * again from its columns when it is read.
 *
 * Why: a journal entry outlives the young generation (the ring keeps thousands), so as an object it
 * was copied twice, promoted, and died in the old generation, which V8 lets grow to about three
 * times what survived before it collects: two objects (398 bytes) a request. Columns live in the
 * old generation once. An entry's instant and request id, its only strings of its own, are numbers
 * too (8 and 16 bytes, where the two strings were 96 that died in the old generation), written back
 * as text when the entry is read; a value of another form is kept as it came.
 */
export class EntryColumns {
  #capacity = 0;
  /** Slot of the oldest entry, number of entries, `seq` of the oldest, bytes counted. */
  #head = 0;
  #size = 0;
  #firstSeq = 0;
  #bytes = 0;

  /** The instant of `at` (NaN: kept in `#atText` instead, not the clock's form). */
  #atMs = new Float64Array(0);
  #atText: (string | undefined)[] = [];
  /** The request id as four 32-bit words a slot (`packUuid`), or in `#requestIdText` when not a uuid. */
  #requestIdBits = new Uint32Array(0);
  #requestIdText: (string | undefined)[] = [];
  /** The text up to the second of the last instant read, and that second's instant ({@link #instant}). */
  #second = "";
  #secondMs = 0;
  #method: string[] = [];
  #path: string[] = [];
  #operation: (string | null)[] = [];
  #clientId: (string | null)[] = [];
  #errorCode: (string | null)[] = [];
  #rule: (string | null)[] = [];
  #quirk: (string | null)[] = [];
  #body: unknown[] = [];
  #text: (string | undefined)[] = [];
  #url: string[] = [];
  #answer: (RawAnswer | undefined)[] = [];
  #nearMisses: (readonly PendingNearMiss[] | undefined)[] = [];
  #headers: (Record<string, string> | undefined)[] = [];
  #queryBytes: (number | undefined)[] = [];
  // Numbers in typed arrays: no heap number per entry. `answerAt` is an absolute position in the
  // journal's text ring, past 2^32 in a long run: doubles.
  #status = new Uint16Array(0);
  #answerAt = new Float64Array(0);
  #answerBytes = new Float64Array(0);
  #cost = new Float64Array(0);

  /** `onDrop`: called as each entry leaves, oldest first (not on {@link clear}). */
  constructor(
    readonly bounds: { entries: number; bytes: number },
    private readonly onDrop?: () => void,
  ) {}

  get size(): number {
    return this.#size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The `seq` of the oldest entry held (meaningless when empty). */
  get firstSeq(): number {
    return this.#firstSeq;
  }

  /**
   * Drops the oldest entries until `e` fits, then keeps its fields. An entry larger than the whole
   * byte bound is still kept alone (the newest is always there); a bound of 0 entries keeps none.
   * Entries are pushed in `seq` order, one apart. Returns whether it was kept.
   */
  push(e: Stored, cost: number): boolean {
    while (this.#size > 0 && (this.#size >= this.bounds.entries || this.#bytes + cost > this.bounds.bytes)) this.#dropOldest();
    if (this.bounds.entries <= 0) return false;
    if (this.#size === this.#capacity) this.#grow();
    if (this.#size === 0) this.#firstSeq = e.seq;
    const i = (this.#head + this.#size) % this.#capacity;
    this.#size++;
    this.#bytes += cost;
    this.#cost[i] = cost;
    const ms = this.#instant(e.at);
    this.#atMs[i] = ms;
    this.#atText[i] = Number.isNaN(ms) ? e.at : undefined;
    this.#requestIdText[i] = packUuid(e.request_id, this.#requestIdBits, 4 * i) ? undefined : e.request_id;
    this.#method[i] = e.method;
    this.#path[i] = e.path;
    this.#operation[i] = e.operation;
    this.#clientId[i] = e.client_id;
    this.#status[i] = e.status;
    this.#errorCode[i] = e.error_code;
    this.#rule[i] = e.rule;
    this.#quirk[i] = e.quirk;
    const raw = e[RAW]!;
    this.#body[i] = raw.body;
    this.#text[i] = raw.text;
    this.#url[i] = raw.url;
    this.#nearMisses[i] = raw.nearMisses;
    this.#headers[i] = raw.headers;
    this.#queryBytes[i] = raw.queryBytes;
    this.setNewestAnswer(raw);
    return true;
  }

  /** Where the newest entry's answer is (set once the text ring has taken it, after the push). */
  setNewestAnswer(raw: Pick<Raw, "answer" | "answerAt" | "answerBytes">): void {
    const i = (this.#head + this.#size - 1) % this.#capacity;
    this.#answer[i] = raw.answer;
    this.#answerAt[i] = raw.answerAt;
    this.#answerBytes[i] = raw.answerBytes;
  }

  /** The entry `offset` places after the oldest, built from its columns (a new object each time). */
  at(offset: number): Stored | undefined {
    if (!(offset >= 0 && offset < this.#size)) return undefined;
    const i = (this.#head + offset) % this.#capacity;
    const raw: Raw = {
      body: this.#body[i],
      text: this.#text[i],
      url: this.#url[i]!,
      answer: this.#answer[i],
      answerAt: this.#answerAt[i]!,
      answerBytes: this.#answerBytes[i]!,
      nearMisses: this.#nearMisses[i],
      headers: this.#headers[i],
      queryBytes: this.#queryBytes[i],
    };
    return unreadEntry(
      {
        seq: this.#firstSeq + offset,
        at: this.#atText[i] ?? isoOf(this.#atMs[i]!),
        request_id: this.#requestIdText[i] ?? uuidText(this.#requestIdBits, 4 * i),
        method: this.#method[i]!,
        path: this.#path[i]!,
        operation: this.#operation[i]!,
        client_id: this.#clientId[i]!,
        status: this.#status[i]!,
        error_code: this.#errorCode[i]!,
        rule: this.#rule[i]!,
        quirk: this.#quirk[i]!,
      },
      raw,
    );
  }

  *[Symbol.iterator](): Generator<Stored> {
    for (let k = 0; k < this.#size; k++) yield this.at(k)!;
  }

  clear(): void {
    this.#head = this.#size = this.#bytes = 0;
    this.#resize(0);
  }

  /**
   * The instant `at` writes when it is exactly the clock's form of it (`isoOf`), else NaN. Entries
   * come a millisecond apart, so the text up to the second is compared and only the milliseconds read.
   */
  #instant(at: string): number {
    if (this.#second !== "" && at.length === 24 && at.charCodeAt(23) === 90 && at.startsWith(this.#second)) {
      const millis = digitsValue(at, 20, 23);
      if (millis !== NOT_DIGITS) return this.#secondMs + millis;
    }
    const ms = Date.parse(at);
    if (Number.isNaN(ms) || isoOf(ms) !== at) return NaN;
    if (ms >= 0 && at.length === 24) {
      this.#second = at.slice(0, 20);
      this.#secondMs = ms - (ms % 1000);
    }
    return ms;
  }

  #dropOldest(): void {
    const i = this.#head;
    this.#bytes -= this.#cost[i]!;
    // The dropped entry's own strings and objects are let go now, not when the slot is next written.
    this.#url[i] = "";
    this.#atText[i] = this.#requestIdText[i] = undefined;
    this.#body[i] = this.#text[i] = this.#answer[i] = this.#nearMisses[i] = this.#headers[i] = undefined;
    this.#head = (i + 1) % this.#capacity;
    this.#size--;
    this.#firstSeq++;
    this.onDrop?.();
  }

  #grow(): void {
    this.#resize(Math.max(FIRST_CAPACITY, this.#capacity * 2));
  }

  /** New columns of `capacity` slots holding the entries oldest first from slot 0. */
  #resize(capacity: number): void {
    const order = (a: unknown[]) => {
      const out = new Array(capacity);
      for (let k = 0; k < this.#size; k++) out[k] = a[(this.#head + k) % this.#capacity];
      return out;
    };
    const orderNumbers = <T extends Uint16Array | Float64Array>(a: T, make: (n: number) => T): T => {
      const out = make(capacity);
      for (let k = 0; k < this.#size; k++) out[k] = a[(this.#head + k) % this.#capacity]!;
      return out;
    };
    this.#atText = order(this.#atText);
    this.#requestIdText = order(this.#requestIdText);
    const bits = new Uint32Array(4 * capacity);
    for (let k = 0; k < this.#size; k++) {
      const from = 4 * ((this.#head + k) % this.#capacity);
      bits.set(this.#requestIdBits.subarray(from, from + 4), 4 * k);
    }
    this.#requestIdBits = bits;
    this.#method = order(this.#method);
    this.#path = order(this.#path);
    this.#operation = order(this.#operation);
    this.#clientId = order(this.#clientId);
    this.#errorCode = order(this.#errorCode);
    this.#rule = order(this.#rule);
    this.#quirk = order(this.#quirk);
    this.#body = order(this.#body);
    this.#text = order(this.#text);
    this.#url = order(this.#url);
    this.#answer = order(this.#answer);
    this.#nearMisses = order(this.#nearMisses);
    this.#headers = order(this.#headers);
    this.#queryBytes = order(this.#queryBytes);
    this.#status = orderNumbers(this.#status, (n) => new Uint16Array(n));
    this.#answerAt = orderNumbers(this.#answerAt, (n) => new Float64Array(n));
    this.#atMs = orderNumbers(this.#atMs, (n) => new Float64Array(n));
    this.#answerBytes = orderNumbers(this.#answerBytes, (n) => new Float64Array(n));
    this.#cost = orderNumbers(this.#cost, (n) => new Float64Array(n));
    this.#head = 0;
    this.#capacity = capacity;
  }
}
