/**
 * Processor digit strings (authorization code, retrieval reference, network transaction id) kept
 * as numbers in the store: a string of up to 9 digits fits in a field itself (a small integer), a
 * 6-digit string took 24 bytes and a 12- or 15-digit one 32, once per stored payment. A longer one
 * is kept as its two halves, each a small integer (as one number it needed a 16-byte box, and
 * turning that back into text cost about 1 µs a read). Read back with their leading zeros.
 */

/** A digit string as a number, or as itself when it is not the expected digits (or null). */
export type Digits = number | string | null;

/** Returned by {@link digitsValue} for a character that is not a digit. */
export const NOT_DIGITS = -1;

/** The number `s` writes from `from` to `to`, or {@link NOT_DIGITS} when a character there is not a digit. */
export function digitsValue(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NOT_DIGITS;
    n = n * 10 + d;
  }
  return n;
}

/** `s` as a number when it is `n` digits (n at most 9), else `s` itself. */
export function packDigits(s: string | null, n: number): Digits {
  const v = s !== null && s.length === n ? digitsValue(s, 0, n) : NOT_DIGITS;
  return v === NOT_DIGITS ? s : v;
}

/** One buffer of character codes per width, written over for each text ({@link digitsText}). */
const buffers: number[][] = [];

/**
 * The text of `high` then `low` as `width` digits, `low` taking the last `lowWidth` of them, leading
 * zeros included: one string from character codes (`String(n).padStart` twice and a join made five
 * strings per read and cost about half a microsecond of each card sale).
 */
function digitsText(high: number, low: number, width: number, lowWidth: number): string {
  const codes = (buffers[width] ??= Array<number>(width).fill(48));
  for (let i = width - 1; i >= 0; i--) {
    const inLow = i >= width - lowWidth;
    const v = inLow ? low : high;
    codes[i] = 48 + (v % 10);
    if (inLow) low = (low - (low % 10)) / 10;
    else high = (high - (high % 10)) / 10;
  }
  return String.fromCharCode(...codes);
}

/** The text of {@link packDigits}' number, `n` digits with its leading zeros, or its string. */
export const unpackDigits = (d: Digits, n: number): string | null => (typeof d === "number" ? digitsText(0, d, n, n) : d);

/**
 * The second half of a digit string of `n` digits split after `split` of them, as a number, or
 * {@link NOT_DIGITS} when `s` is not `n` digits: with {@link highHalf}, how the store keeps a string
 * longer than a small integer holds.
 */
export function lowHalf(s: string | null, n: number, split: number): number {
  if (s === null || s.length !== n || digitsValue(s, 0, split) === NOT_DIGITS) return NOT_DIGITS;
  return digitsValue(s, split, n);
}

/** The first half, as a number, when {@link lowHalf} gave one (`low`); else the whole string as it is. */
export function highHalf(s: string | null, low: number, split: number): Digits {
  return low === NOT_DIGITS ? s : digitsValue(s!, 0, split);
}

/** The string {@link highHalf} and {@link lowHalf} were made from. */
export function joinHalves(high: Digits, low: number, n: number, split: number): string | null {
  return typeof high === "number" ? digitsText(high, low, n, n - split) : high;
}
