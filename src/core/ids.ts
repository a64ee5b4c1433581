import { ulid } from "ulid";
import type { SimClock } from "./clock.js";
import type { RandomStreams } from "./random.js";

/** Id prefixes of the spec (`CLIENT-<ulid>`, ...). */
export type IdPrefix = "CLIENT" | "TRANSACTION" | "INTEGRATION" | "BATCH" | "PAYMENT_TOKEN" | "USER" | "SANDBOX";

/** Character codes of the lower-case hex digits. */
const HEX = [..."0123456789abcdef"].map((c) => c.charCodeAt(0));
const DASH = 45;

/**
 * Makes the ids of one world: `PREFIX-<ULID>` with the time part from the simulated clock and the
 * random part from the prefix's own seeded stream.
 */
export class IdFactory {
  constructor(
    private readonly clock: SimClock,
    private readonly random: RandomStreams,
  ) {}

  /** A new `PREFIX-<ULID>`. */
  next(prefix: IdPrefix): string {
    return `${prefix}-${ulid(this.clock.now(), this.random.stream(prefix))}`;
  }

  /** A seeded version-4 uuid from the named stream (request ids, secrets). */
  uuid(stream: string): string {
    const prng = this.random.stream(stream);
    // Character codes, one string at the end: a string grown by `+=` leaves 36 partial ones behind.
    const out: number[] = [];
    for (let i = 0; i < 32; i++) {
      let nibble = Math.floor(prng() * 16);
      if (i === 12) nibble = 4;
      if (i === 16) nibble = 8 + (nibble & 3);
      out.push(HEX[nibble]!);
      if (i === 7 || i === 11 || i === 15 || i === 19) out.push(DASH);
    }
    return String.fromCharCode(...out);
  }

  /** A seeded id-like string (Crockford base32 ULID) with no prefix, for API keys and secrets. */
  token(stream: string): string {
    return ulid(this.clock.now(), this.random.stream(stream));
  }
}
