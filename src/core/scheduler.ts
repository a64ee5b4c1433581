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

export class Scheduler {
  /** Events a {@link cancel} may drop. */
  readonly #heap: ScheduledEvent[] = [];
  /**
   * Events scheduled `{ permanent: true }` (each vaulted card's expiry), kept apart so that a cancel
   * walks only the others: with one per card in the same heap, closing a batch of one payment in a
   * world of 100,000 cards spent 25-40 ms rebuilding it, every world waiting. As columns by
   * instant: they are as many as the cards a world keeps.
   */
  readonly #permanent = new InstantGroups();
  #seq = 0;

  /** Adds an event; returns it. `permanent`: no cancel will ever drop it. */
  schedule<P>(at: number, event: string, subject: string, payload: P, options: { permanent?: boolean } = {}): ScheduledEvent<P> {
    // Inputs are checked against the clock's range when they enter (400); a rule firing late in the
    // clock's life (`in: P30D` at 9999-12-30) lands on the last instant the clock can reach instead.
    if (!(at <= MAX_INSTANT_MS)) at = MAX_INSTANT_MS;
    const item: ScheduledEvent<P> = { at, seq: this.#seq++, event, subject, payload };
    if (options.permanent) {
      this.#permanent.add(at, item.seq, event, subject, payload);
      return item;
    }
    this.#heap.push(item);
    up(this.#heap, this.#heap.length - 1);
    return item;
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
