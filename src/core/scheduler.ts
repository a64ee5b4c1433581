import { MAX_INSTANT_MS } from "./duration.js";

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
  readonly #heap: ScheduledEvent[] = [];
  #seq = 0;

  /** Adds an event; returns it. */
  schedule<P>(at: number, event: string, subject: string, payload: P): ScheduledEvent<P> {
    // Inputs are checked against the clock's range when they enter (400); a rule firing late in the
    // clock's life (`in: P30D` at 9999-12-30) lands on the last instant the clock can reach instead.
    if (!(at <= MAX_INSTANT_MS)) at = MAX_INSTANT_MS;
    const item: ScheduledEvent<P> = { at, seq: this.#seq++, event, subject, payload };
    this.#heap.push(item);
    this.#up(this.#heap.length - 1);
    return item;
  }

  /** The earliest pending event, if any. */
  peek(): ScheduledEvent | undefined {
    return this.#heap[0];
  }

  /** Removes and returns the earliest event if it is due at or before `t`. */
  popDue(t: number): ScheduledEvent | undefined {
    const top = this.#heap[0];
    if (!top || top.at > t) return undefined;
    const last = this.#heap.pop()!;
    if (this.#heap.length > 0) {
      this.#heap[0] = last;
      this.#down(0);
    }
    return top;
  }

  /** Pending events in firing order (a copy). */
  pending(): ScheduledEvent[] {
    return [...this.#heap].sort(compare);
  }

  /** Drops every pending event matching `predicate` (e.g. a settlement that a scenario replaced). */
  cancel(predicate: (e: ScheduledEvent) => boolean): void {
    const keep = this.#heap.filter((e) => !predicate(e));
    this.#heap.length = 0;
    for (const e of keep) {
      this.#heap.push(e);
      this.#up(this.#heap.length - 1);
    }
  }

  get size(): number {
    return this.#heap.length;
  }

  #up(i: number): void {
    const h = this.#heap;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (compare(h[i], h[p]) >= 0) return;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  #down(i: number): void {
    const h = this.#heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && compare(h[l], h[m]) < 0) m = l;
      if (r < h.length && compare(h[r], h[m]) < 0) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
}

function compare(a: ScheduledEvent, b: ScheduledEvent): number {
  return a.at - b.at || a.seq - b.seq;
}
