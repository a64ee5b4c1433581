import { MAX_INSTANT_MS } from "./duration.js";

/**
 * The simulated clock of one world, in epoch milliseconds.
 *
 * It moves only forward: by the tick each gateway request adds, by the control API, or (opt-in
 * real-time mode) by following the wall clock from its start instant. Nothing else reads time.
 */
export class SimClock {
  #now: number;
  #isoAt = NaN;
  #iso = "";

  constructor(
    start: number,
    /** Simulated time added per gateway request (ms); 0 freezes the clock. */
    readonly tickMs: number,
  ) {
    this.#now = start;
  }

  /** The current simulated instant (epoch ms). */
  now(): number {
    return this.#now;
  }

  /** ISO 8601 form of the current instant (`YYYY-MM-DDTHH:MM:SS.SSSZ`). */
  iso(): string {
    // Asked several times per request (journal, replay log, timestamps) at the same instant.
    if (this.#isoAt !== this.#now) {
      this.#iso = new Date(this.#now).toISOString();
      this.#isoAt = this.#now;
    }
    return this.#iso;
  }

  /** Moves the clock to `t`. Going back is a programming error: callers check first. */
  set(t: number): void {
    if (t < this.#now) throw new RangeError(`clock cannot go back from ${this.#now} to ${t}`);
    if (!(t <= MAX_INSTANT_MS)) throw new RangeError(`clock cannot go past ${MAX_INSTANT_MS}: callers validate instants (400) first`);
    this.#now = t;
  }
}

/** The wall-clock date read: the opt-in real-time mode and `--clock-start now` (latency: core/wall.ts). */
export function wallNow(): number {
  return Date.now();
}


/** Real delay for a scenario's `delay_ms`; injected so tests can replace it. */
export function realSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Formats epoch ms as the spec's timestamp form. */
export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}
