import { MAX_INSTANT_MS } from "./duration.js";
import { InstantGroups } from "./instant-groups.js";

/**
 * Future effects on the simulated clock, fired in (due time, sequence) order.
 *
 * A binary heap keyed by `[at, seq]`: `seq` is the order of scheduling, so two events due at the same
 * instant fire in the order they were scheduled, every run.
 */
export interface ScheduledEvent<P = unknown> {
  at: number;
  seq: number;
  /** Event kind, e.g. `settle_batch`, `ach_return`. */
  event: string;
  /** The id the event acts on (for `GET /_mock/clock`'s pending list). */
  subject: string;
  payload: P;
}

/** The id an event of kind `event` scheduled with the number `key` for its subject acts on. */
export type NameSubject = (event: string, key: number) => string;

const unnamed: NameSubject = (event, key) => {
  throw new Error(`no name for the subject ${key} of a scheduled ${event}`);
};

export class Scheduler {
  /** Events a {@link cancel} may drop. */
  readonly #heap: ScheduledEvent[] = [];
  /**
   * Events scheduled `{ permanent: true }` (each vaulted card's expiry), kept apart so that a cancel
   * walks only the others: with one per card in the same heap, closing a batch of one payment in a
   * world of 100,000 cards spent 25-40 ms rebuilding it, every world waiting. As columns by
   * instant: they are as many as the cards a world keeps.
   */
  readonly #permanent: InstantGroups;
  readonly #name: NameSubject;
  #seq = 0;

  /** `name`: the subject of an event scheduled with a number in its place, when read. */
  constructor(name: NameSubject = unnamed) {
    this.#name = name;
    this.#permanent = new InstantGroups(name);
  }

  /**
   * Adds an event. `permanent`: no cancel will ever drop it. `subject` is the id the event acts on,
   * or a number that names it (a row of a table kept as columns: a vaulted card's token), so that a
   * permanent event, one per card a world keeps, holds no string of its own: every reader sees the
   * id, named when the event is read. An event of the heap, a few at a time, keeps the id at once.
   */
  schedule<P>(at: number, event: string, subject: string | number, payload: P, options: { permanent?: boolean } = {}): void {
    // Inputs are checked against the clock's range when they enter (400); a rule firing late in the
    // clock's life (`in: P30D` at 9999-12-30) lands on the last instant the clock can reach instead.
    if (!(at <= MAX_INSTANT_MS)) at = MAX_INSTANT_MS;
    const seq = this.#seq++;
    if (options.permanent) {
      this.#permanent.add(at, seq, event, subject, payload);
      return;
    }
    this.#heap.push({ at, seq, event, subject: typeof subject === "number" ? this.#name(event, subject) : subject, payload });
    up(this.#heap, this.#heap.length - 1);
  }

  /** The earliest pending event, if any. */
  peek(): ScheduledEvent | undefined {
    return this.#heapFirst() ? this.#heap[0] : this.#permanent.peek();
  }

  /** Removes and returns the earliest event if it is due at or before `t`. */
  popDue(t: number): ScheduledEvent | undefined {
    if (!this.#heapFirst()) return this.#permanent.frontAt() <= t ? this.#permanent.pop() : undefined;
    const heap = this.#heap;
    const top = heap[0]!;
    if (top.at > t) return undefined;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      down(heap, 0);
    }
    return top;
  }

  /**
   * The first `limit` pending events in firing order (a copy; all by default). The permanent ones
   * are already in order: merged, not sorted, and read no further than `limit` (a world of 100,000
   * vaulted cards has as many).
   */
  pending(limit = Infinity): ScheduledEvent[] {
    const heap = [...this.#heap].sort(compare);
    const permanent = this.#permanent.all(limit);
    const out: ScheduledEvent[] = [];
    let i = 0;
    let j = 0;
    while (out.length < limit && (i < heap.length || j < permanent.length)) {
      out.push(j >= permanent.length || (i < heap.length && compare(heap[i]!, permanent[j]!) < 0) ? heap[i++]! : permanent[j++]!);
    }
    return out;
  }

  /** Drops every pending event matching `predicate` (e.g. a settlement that a scenario replaced); never a permanent one. */
  cancel(predicate: (e: ScheduledEvent) => boolean): void {
    const keep = this.#heap.filter((e) => !predicate(e));
    this.#heap.length = 0;
    for (const e of keep) {
      this.#heap.push(e);
      up(this.#heap, this.#heap.length - 1);
    }
  }

  get size(): number {
    return this.#heap.length + this.#permanent.size;
  }

  /** Whether the heap's top fires before every permanent event (false when the heap is empty). */
  #heapFirst(): boolean {
    const a = this.#heap[0];
    if (!a) return false;
    const at = this.#permanent.frontAt();
    return a.at < at || (a.at === at && a.seq < this.#permanent.frontSeq());
  }
}

function up(h: ScheduledEvent[], i: number): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (compare(h[i]!, h[p]!) >= 0) return;
    [h[i], h[p]] = [h[p]!, h[i]!];
    i = p;
  }
}

function down(h: ScheduledEvent[], i: number): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < h.length && compare(h[l]!, h[m]!) < 0) m = l;
    if (r < h.length && compare(h[r]!, h[m]!) < 0) m = r;
    if (m === i) return;
    [h[i], h[m]] = [h[m]!, h[i]!];
    i = m;
  }
}

function compare(a: ScheduledEvent, b: ScheduledEvent): number {
  return a.at - b.at || a.seq - b.seq;
}
