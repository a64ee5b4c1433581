import { ChunkedList } from "./chunked-list.js";
import type { NameSubject, ScheduledEvent } from "./scheduler.js";

/** A group's `payloads` while every payload so far is its event's subject. */
const SUBJECTS = Symbol("payload is the subject");

/**
 * The events due at one instant, in scheduling order, as columns. Every event of a group is
 * usually the same (a card's expiry) with its subject (the token's row) as its payload: `events` is
 * then one string and `payloads` {@link SUBJECTS}, each an array only once an event differs.
 */
interface Group {
  at: number;
  seqs: ChunkedList<number>;
  events: string | string[];
  /** Ids, or numbers that name them when read (scheduler.ts `schedule`). */
  subjects: ChunkedList<string | number | undefined>;
  payloads: typeof SUBJECTS | unknown[];
  /** Index of the next to fire. */
  next: number;
}

/**
 * The scheduler's events that no cancel drops (one expiry per vaulted card), grouped by instant
 * and kept as columns: two array slots per event (its sequence and subject) instead of an event
 * object with its boxed instant and a heap slot (about 90 bytes of every card SALE a world keeps).
 * Cards expire at a month's end, so a world's tokens share a few instants. Events come out in (instant, sequence)
 * order, as from the scheduler's heap; each is an object again only when read.
 */
export class InstantGroups {
  /** Earliest instant first. */
  #groups: Group[] = [];
  #size = 0;

  constructor(private readonly name: NameSubject) {}

  get size(): number {
    return this.#size;
  }

  /** Adds an event; `seq` must be greater than every sequence added before. */
  add(at: number, seq: number, event: string, subject: string | number, payload: unknown): void {
    let lo = 0;
    let hi = this.#groups.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#groups[mid]!.at < at) lo = mid + 1;
      else hi = mid;
    }
    let g = this.#groups[lo];
    if (!g || g.at !== at) {
      g = { at, seqs: new ChunkedList(), events: event, subjects: new ChunkedList(), payloads: SUBJECTS, next: 0 };
      this.#groups.splice(lo, 0, g);
    }
    if (typeof g.events === "string" && event !== g.events) g.events = Array<string>(g.seqs.length).fill(g.events);
    if (g.payloads === SUBJECTS && payload !== subject) g.payloads = [...g.subjects];
    g.seqs.push(seq);
    g.subjects.push(subject);
    if (typeof g.events !== "string") g.events.push(event);
    if (g.payloads !== SUBJECTS) g.payloads.push(payload);
    this.#size++;
  }

  /** Instant of the next event (Infinity: none), for comparing with the scheduler's heap. */
  frontAt(): number {
    return this.#groups[0]?.at ?? Infinity;
  }

  /** Sequence of the next event (Infinity: none). */
  frontSeq(): number {
    const g = this.#groups[0];
    return g ? g.seqs.at(g.next)! : Infinity;
  }

  /** The next event, as an object (undefined: none). */
  peek(): ScheduledEvent | undefined {
    const g = this.#groups[0];
    return g && this.#eventAt(g, g.next);
  }

  /** Removes and returns the next event. */
  pop(): ScheduledEvent | undefined {
    const g = this.#groups[0];
    if (!g) return undefined;
    const e = this.#eventAt(g, g.next);
    g.subjects.set(g.next, undefined); // a subject string, freed with what it names
    if (g.payloads !== SUBJECTS) g.payloads[g.next] = undefined;
    if (++g.next === g.seqs.length) this.#groups.shift();
    this.#size--;
    return e;
  }

  /** The first `limit` pending events (all by default), as objects, in firing order. */
  all(limit = Infinity): ScheduledEvent[] {
    const out: ScheduledEvent[] = [];
    for (const g of this.#groups) {
      for (let i = g.next; i < g.seqs.length; i++) {
        if (out.length >= limit) return out;
        out.push(this.#eventAt(g, i));
      }
    }
    return out;
  }

  /** Event `i` of `g` as an object, its subject named (the payload stays as scheduled). */
  #eventAt(g: Group, i: number): ScheduledEvent {
    const kept = g.subjects.at(i)!;
    const event = typeof g.events === "string" ? g.events : g.events[i]!;
    const subject = typeof kept === "number" ? this.name(event, kept) : kept;
    return { at: g.at, seq: g.seqs.at(i)!, event, subject, payload: g.payloads === SUBJECTS ? kept : g.payloads[i] };
  }
}
