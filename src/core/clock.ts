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
      this.#iso = isoOf(this.#now);
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

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

/**
 * Formats epoch ms as the spec's timestamp form, the same text as `Date#toISOString`, without a
 * `Date` (a request formats two or three instants; a `Date` and its ICU-free formatting cost more
 * than this arithmetic). Days to a civil date by H. Hinnant's `civil_from_days`; outside years
 * 0000-9999 (never a clock instant: MAX_INSTANT_MS) `Date` answers, with its extended-year form.
 */
export function isoOf(ms: number): string {
  if (!(ms >= 0 && ms <= MAX_INSTANT_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  // The clock ticks a millisecond per request: the text up to the second is built once per second.
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastPrefix = secondPrefix(second * 1000);
  }
  const millis = ms - second * 1000;
  return lastPrefix + (millis < 10 ? "00" + millis : millis < 100 ? "0" + millis : String(millis)) + "Z";
}

let lastSecond = -1;
let lastPrefix = "";

/** `YYYY-MM-DDTHH:MM:SS.` of a whole second in the clock's range. */
function secondPrefix(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  let rest = ms - days * 86_400_000;
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const y = year < 1000 ? String(year).padStart(4, "0") : String(year);
  return `${y}-${pad2(month)}-${pad2(day)}T${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.`;
}
