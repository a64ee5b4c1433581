import { ulid } from "ulid";
import type { SimClock } from "./clock.js";
import type { RandomStreams } from "./random.js";

/** Id prefixes of the spec (`CLIENT-<ulid>`, ...). */
export type IdPrefix = "CLIENT" | "TRANSACTION" | "INTEGRATION" | "BATCH" | "PAYMENT_TOKEN" | "USER" | "SANDBOX";

const HEX = "0123456789abcdef";

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
    let out = "";
    for (let i = 0; i < 32; i++) {
      let nibble = Math.floor(prng() * 16);
      if (i === 12) nibble = 4;
      if (i === 16) nibble = 8 + (nibble & 3);
      out += HEX[nibble];
      if (i === 7 || i === 11 || i === 15 || i === 19) out += "-";
    }
    return out;
  }

  /** A seeded id-like string (Crockford base32 ULID) with no prefix, for API keys and secrets. */
  token(stream: string): string {
    return ulid(this.clock.now(), this.random.stream(stream));
  }
}
