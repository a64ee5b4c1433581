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
  readonly #time: number[] = Array<number>(10).fill(0);
  /**
   * One buffer of character codes per id form (`PREFIX-` filled in once), written over for each id
   * and copied out by `String.fromCharCode`: building each id in a new array (grown by `push`, its
   * random part reversed through `[a, b] = [b, a]`, the time part through the ulid package's string)
   * was 3.3 KB of garbage per card sale, the request's largest single source.
   */
  readonly #buffers = new Map<string, number[]>();

  /**
   * A new `PREFIX-<ULID>`, one flat string: joined with `+` it was a tree of three strings (96 bytes
   * where 56 do) that every stored payment and token kept, and hashing or sending it walked the tree.
   */
  next(prefix: IdPrefix): string {
    const codes = this.#buffers.get(prefix) ?? this.#buffer(prefix, `${prefix}-`, 26);
    this.#ulidCodes(this.random.stream(prefix), codes, codes.length - 26);
    return String.fromCharCode(...codes);
  }

  /** A seeded version-4 uuid from the named stream (request ids, secrets). */
  uuid(stream: string): string {
    const prng = this.random.stream(stream);
    const out = this.#buffer("uuid", "", 36);
    for (let i = 0, at = 0; i < 32; i++) {
      let nibble = Math.floor(prng() * 16);
      if (i === 12) nibble = 4;
      if (i === 16) nibble = 8 + (nibble & 3);
      out[at++] = HEX[nibble]!;
      if (i === 7 || i === 11 || i === 15 || i === 19) out[at++] = DASH;
    }
    return String.fromCharCode(...out);
  }

  /** A seeded id-like string (Crockford base32 ULID) with no prefix, for API keys and secrets. */
  token(stream: string): string {
    const codes = this.#buffer("", "", 26);
    this.#ulidCodes(this.random.stream(stream), codes, 0);
    return String.fromCharCode(...codes);
  }

  /** The buffer of `head` followed by `length` codes to write, made the first time (`key` names the form). */
  #buffer(key: string, head: string, length: number): number[] {
    let codes = this.#buffers.get(key);
    if (codes === undefined) {
      codes = [...head].map((c) => c.charCodeAt(0));
      for (let i = 0; i < length; i++) codes.push(0);
      this.#buffers.set(key, codes);
    }
    return codes;
  }

  /**
   * The ULID the ulid package's `ulid(now, prng)` makes (its time part, then 16 characters drawn from
   * `prng`, the first drawn last), except where that one breaks a world: `ulid()` reads a time of 0
   * as "none" and takes the wall clock, and throws for an instant before 1970, which the clock can
   * hold (every create of such a world answered 500). A ULID cannot write a time before 1970, so
   * the time part of those instants is 0; the random part keeps their ids apart. Written into
   * `codes` from `at` (26 codes).
   */
  #ulidCodes(prng: () => number, codes: number[], at: number): void {
    const now = this.clock.now();
    if (this.#timeAt !== now) {
      timeCodes(Math.max(0, now), this.#time);
      this.#timeAt = now; // a create draws two or three ids at one instant
    }
    for (let i = 0; i < 10; i++) codes[at + i] = this.#time[i]!;
    // The first character drawn is the last one written.
    for (let i = 25; i >= 10; i--) codes[at + i] = CROCKFORD[Math.floor(prng() * 32) % 32]!;
  }
}

/** Largest time a ULID can write (2^48 - 1 ms), as the ulid package's `encodeTime` checks it. */
const TIME_MAX = 2 ** 48 - 1;

/**
 * The ten character codes of the ulid package's `encodeTime(ms, 10)`, computed the same way without
 * its string; a time it refuses (past 2^48 ms, not an integer) goes through it, so it throws as before.
 */
function timeCodes(ms: number, out: number[]): void {
  if (!Number.isInteger(ms) || ms > TIME_MAX) encodeTime(ms, 10);
  for (let i = 9; i >= 0; i--) {
    const mod = ms % 32;
    out[i] = CROCKFORD[mod]!;
    ms = (ms - mod) / 32;
  }
}

/** Positions of the dashes in a uuid's text (8-4-4-4-12). */
const isDash = (i: number) => i === 8 || i === 13 || i === 18 || i === 23;

/**
 * Writes the 32 hex digits of a uuid in the form {@link IdFactory.uuid} makes (lower-case, 8-4-4-4-12)
 * into `out` as four 32-bit words from `at`; false (nothing written) when `s` is not in that form.
 * A store of thousands of request ids keeps 16 bytes each instead of a 56-byte string.
 */
export function packUuid(s: string, out: Uint32Array, at: number): boolean {
  if (s.length !== 36) return false;
  const words = UUID_WORDS;
  let word = 0;
  let digits = 0;
  let w = 0;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (isDash(i)) {
      if (c !== DASH) return false;
      continue;
    }
    const v = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 102 ? c - 87 : -1;
    if (v < 0) return false;
    word = word * 16 + v;
    if (++digits % 8 === 0) {
      words[w++] = word;
      word = 0;
    }
  }
  out.set(words, at);
  return true;
}

/** {@link packUuid}'s words until the whole text has been read. */
const UUID_WORDS = new Uint32Array(4);

/** A buffer for {@link uuidText}'s character codes, dashes in place. */
const UUID_CODES: number[] = Array.from({ length: 36 }, (_, i) => (isDash(i) ? DASH : 48));

/** The uuid text of the four words {@link packUuid} wrote at `at`. */
export function uuidText(bits: Uint32Array, at: number): string {
  for (let k = 0, i = 35; k < 4; k++) {
    let word = bits[at + 3 - k]!;
    for (let d = 0; d < 8; d++, i--) {
      if (isDash(i)) i--;
      UUID_CODES[i] = HEX[word & 15]!;
      word >>>= 4;
    }
  }
  return String.fromCharCode(...UUID_CODES);
}
