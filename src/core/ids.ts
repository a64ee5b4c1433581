import { encodeTime } from "ulid";
import type { SimClock } from "./clock.js";
import type { RandomStreams } from "./random.js";

/** Id prefixes of the spec (`CLIENT-<ulid>`, ...). */
export type IdPrefix = "CLIENT" | "TRANSACTION" | "INTEGRATION" | "BATCH" | "PAYMENT_TOKEN" | "USER" | "SANDBOX";

/** Character codes of Crockford's base 32, the ULID alphabet. */
const CROCKFORD = [..."0123456789ABCDEFGHJKMNPQRSTVWXYZ"].map((c) => c.charCodeAt(0));

/** Character codes of the lower-case hex digits. */
const HEX = [..."0123456789abcdef"].map((c) => c.charCodeAt(0));
const DASH = 45;
/** Character codes of `PREFIX-`, made once per prefix. */
const PREFIX_CODES: Partial<Record<IdPrefix, number[]>> = {};

/**
 * Makes the ids of one world: `PREFIX-<ULID>` with the time part from the simulated clock and the
 * random part from the prefix's own seeded stream.
 */
export class IdFactory {
  constructor(
    private readonly clock: SimClock,
    private readonly random: RandomStreams,
  ) {}

  #timeAt = NaN;
  /** Character codes of the time part at `#timeAt`. */
  #time: number[] = [];

  /**
   * A new `PREFIX-<ULID>`, one flat string: joined with `+` it was a tree of three strings (96 bytes
   * where 56 do) that every stored payment and token kept, and hashing or sending it walked the tree.
   */
  next(prefix: IdPrefix): string {
    const codes = [...(PREFIX_CODES[prefix] ??= [...`${prefix}-`].map((c) => c.charCodeAt(0)))];
    this.#ulidCodes(this.random.stream(prefix), codes);
    return String.fromCharCode(...codes);
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
    const codes: number[] = [];
    this.#ulidCodes(this.random.stream(stream), codes);
    return String.fromCharCode(...codes);
  }

  /**
   * The ULID the ulid package's `ulid(now, prng)` makes (its time part, then 16 characters drawn from
   * `prng`, the first drawn last), except where that one breaks a world: `ulid()` reads a time of 0
   * as "none" and takes the wall clock, and throws for an instant before 1970, which the clock can
   * hold (every create of such a world answered 500). A ULID cannot write a time before 1970, so
   * the time part of those instants is 0; the random part keeps their ids apart. Appended to
   * `codes`, from which the caller makes one string: a string grown a character at a time leaves
   * 26 partial ones behind per id.
   */
  #ulidCodes(prng: () => number, codes: number[]): void {
    const now = this.clock.now();
    if (this.#timeAt !== now) {
      this.#time = [...encodeTime(Math.max(0, now), 10)].map((c) => c.charCodeAt(0));
      this.#timeAt = now; // a create draws two or three ids at one instant
    }
    for (const c of this.#time) codes.push(c);
    const start = codes.length;
    for (let i = 0; i < 16; i++) codes.push(CROCKFORD[Math.floor(prng() * 32) % 32]!);
    // The first character drawn is the last one written.
    for (let i = start, j = codes.length - 1; i < j; i++, j--) [codes[i], codes[j]] = [codes[j]!, codes[i]!];
  }
}
