/**
 * An instant and a few small values of a stored record, kept in two small integers instead of
 * fields of their own. A field holding an instant (epoch ms, 1.77e12 today) is a 16-byte number box
 * on 64-bit V8 besides its 8-byte slot, and each status or flag is a slot of 8 bytes: a stored card
 * SALE kept two instants (the payment's and its token's) and four such fields. Here an instant is
 * its hour (a small integer until the year 245,000) and its millisecond within the hour (22 bits),
 * and those 22 bits share one small integer with the record's status and flags (bits above them).
 * An instant that is not a whole millisecond (never made by the simulated clock) is kept whole in
 * the hour's field, marked by a bit, so every number reads back as it was written.
 */

const HOUR_MS = 3_600_000;
/** The bits of the millisecond within the hour (3,599,999 < 2^22). */
const MS_MASK = (1 << 22) - 1;
/** Set when the instant is kept whole in the hour's field. */
const WHOLE = 1 << 22;
/** The bits an instant uses; a record's own values go at {@link FREE_SHIFT} and above (up to bit 30). */
const INSTANT_MASK = MS_MASK | WHOLE;
export const FREE_SHIFT = 23;

/** Whether `ms` is kept as an hour and a millisecond within it (else whole, in the hour's field). */
function splits(ms: number): boolean {
  const rest = ms - Math.floor(ms / HOUR_MS) * HOUR_MS;
  return Number.isSafeInteger(ms) && rest >= 0 && rest < HOUR_MS && !Object.is(ms, -0);
}

/** The hour's field of `ms`: its hour, or `ms` itself when it is not kept in two parts. */
export function instantHour(ms: number): number {
  return splits(ms) ? Math.floor(ms / HOUR_MS) : ms;
}

/** `bits` with its instant bits set for `ms` (the rest of `bits` kept). */
export function withInstant(bits: number, ms: number): number {
  return (bits & ~INSTANT_MASK) | (splits(ms) ? ms - Math.floor(ms / HOUR_MS) * HOUR_MS : WHOLE);
}

/** The instant kept as `hour` and the instant bits of `bits`. */
export function joinInstant(hour: number, bits: number): number {
  return bits & WHOLE ? hour : hour * HOUR_MS + (bits & MS_MASK);
}

/**
 * A small value of a record (an index into a fixed list, a flag) at `shift` of `width` bits: read
 * with {@link get}, written with {@link put}. Only for values known to fit: the callers are typed.
 */
export class BitField {
  readonly #mask: number;
  constructor(
    readonly shift: number,
    width: number,
  ) {
    this.#mask = ((1 << width) - 1) << shift;
  }

  get(bits: number): number {
    return (bits & this.#mask) >>> this.shift;
  }

  put(bits: number, value: number): number {
    return (bits & ~this.#mask) | ((value << this.shift) & this.#mask);
  }
}

/** The indexes of a fixed list of names, for a {@link BitField} that keeps one of them. */
export function indexesOf<T extends string>(names: readonly T[]): Readonly<Record<T, number>> {
  return Object.freeze(Object.fromEntries(names.map((n, i) => [n, i]))) as Record<T, number>;
}
