/**
 * The ids of a table of records kept as columns (a world's payments, its payment tokens): row n's
 * id, and the row of an id. An id of the form `<prefix><26-character ULID>` in canonical Crockford
 * digits (every id the world makes) is kept as four numbers, 20 bytes, where its string took 56 and
 * its entry in a `Map` of strings about 30 more; the look-up is an open-addressing table of rows, 8
 * to 16 bytes an id. Any other value (an id of a fixture file, a sentence a column also holds, null)
 * is kept whole beside them. A look-up by a string that is not canonical (lower case, another
 * prefix) finds only such a value, as a `Map` keyed by the exact string would.
 */

import { f64Column, i32Column } from "./columns.js";

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** Character codes of the alphabet, by digit value. */
const CODES = [...ALPHABET].map((c) => c.charCodeAt(0));
/** Digit values by character code: -1 for anything not a canonical (upper-case) Crockford digit. */
const DIGIT = new Int8Array(128).fill(-1);
CODES.forEach((code, value) => (DIGIT[code] = value));

const ULID_LENGTH = 26;
/** Where the three parts of the random half start within the ULID (6, 5 and 5 digits: 30, 25, 25 bits). */
const PARTS = [10, 16, 21, 26] as const;
/** The time column's mark of a row whose value is kept whole (a ULID time is never negative). */
const WHOLE = -1;

/** The value of digits `[from, to)` of `s`, or -1 when one is not a canonical digit. */
function digitsAt(s: string, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i++) {
    const d = DIGIT[s.charCodeAt(i)] ?? -1;
    if (d < 0) return -1;
    v = v * 32 + d;
  }
  return v;
}

/** 32-bit mix of the four parts (their random bits are uniform; the mix spreads sequential times too). */
function hashOf(time: number, r1: number, r2: number, r3: number): number {
  let h = Math.imul(r1 ^ Math.imul(r2, 0x9e3779b1), 0x85ebca77) ^ r3 ^ Math.imul(time | 0, 0xc2b2ae3d) ^ ((time / 0x1_0000_0000) | 0);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return h ^ (h >>> 13);
}

/**
 * One column of values that are mostly `<prefix><ULID>` ids (a payment's id, the token a card
 * payment shows), each row set once and read many times.
 */
export class IdColumn {
  readonly #time = f64Column();
  readonly #r1 = i32Column();
  readonly #r2 = i32Column();
  readonly #r3 = i32Column();
  /** Rows whose value is kept whole. */
  readonly #whole = new Map<number, string | null>();
  /** Character codes of one id, the prefix written once. */
  readonly #codes: number[];

  constructor(readonly prefix: string) {
    this.#codes = [...prefix].map((c) => c.charCodeAt(0)).concat(Array<number>(ULID_LENGTH).fill(0));
  }

  /** Sets row `row`'s value (rows are set in order, each once: the columns grow as they come). */
  set(row: number, value: string | null): void {
    if (value === null || !readParts(value, this.prefix)) {
      this.#time.set(row, WHOLE);
      this.#whole.set(row, value);
      return;
    }
    this.#time.set(row, read[0]!);
    this.#r1.set(row, read[1]!);
    this.#r2.set(row, read[2]!);
    this.#r3.set(row, read[3]!);
  }

  /** Row `row`'s value, a new string equal to the one set. */
  get(row: number): string | null {
    const time = this.#time.get(row);
    if (time === WHOLE) return this.#whole.get(row) ?? null;
    const codes = this.#codes;
    const at = codes.length - ULID_LENGTH;
    let t = time;
    for (let i = 9; i >= 0; i--) {
      const d = t % 32;
      codes[at + i] = CODES[d]!;
      t = (t - d) / 32;
    }
    writeDigits(codes, at + PARTS[0], PARTS[1] - PARTS[0], this.#r1.get(row));
    writeDigits(codes, at + PARTS[1], PARTS[2] - PARTS[1], this.#r2.get(row));
    writeDigits(codes, at + PARTS[2], PARTS[3] - PARTS[2], this.#r3.get(row));
    return String.fromCharCode(...codes);
  }

  /** Whether row `row` holds the id {@link readParts} read last. */
  holdsRead(row: number): boolean {
    return this.#time.get(row) === read[0] && this.#r1.get(row) === read[1] && this.#r2.get(row) === read[2] && this.#r3.get(row) === read[3];
  }

  /** The hash of row `row`'s parts (rows kept whole are not hashed). */
  hash(row: number): number {
    return hashOf(this.#time.get(row), this.#r1.get(row), this.#r2.get(row), this.#r3.get(row));
  }

  /** Whether row `row`'s value is kept whole. */
  isWhole(row: number): boolean {
    return this.#time.get(row) === WHOLE;
  }
}

/** Writes `n` digits of `v` at `at`. */
function writeDigits(codes: number[], at: number, n: number, v: number): void {
  for (let i = n - 1; i >= 0; i--) {
    codes[at + i] = CODES[v & 31]!;
    v >>>= 5;
  }
}

/**
 * The time and three random parts of the id {@link readParts} read last: one array written over, not
 * a new one per id (each payment's id, its token's, its token row's are read as they are stored).
 */
const read = new Float64Array(4);

/** Whether `id` is `<prefix><ULID>` in canonical digits; if so its parts are in {@link read}. */
export function readParts(id: string, prefix: string): boolean {
  if (typeof id !== "string" || id.length !== prefix.length + ULID_LENGTH || !id.startsWith(prefix)) return false;
  const at = prefix.length;
  for (let p = 0; p < 4; p++) {
    const v = digitsAt(id, at + (p === 0 ? 0 : PARTS[p - 1]!), at + PARTS[p]!);
    if (v < 0) return false;
    read[p] = v;
  }
  return true;
}

/**
 * The ids of rows 0, 1, 2... of a table, added in order and never removed, with the row of each. Ids
 * are unique: adding one already held is a bug.
 */
export class IdTable {
  readonly #ids: IdColumn;
  /** Row + 1 by hash, linear probing, at most half full (0: free). */
  #slots = new Int32Array(32);
  /** Rows of ids kept whole, by id. */
  readonly #wholeRows = new Map<string, number>();
  #size = 0;

  constructor(readonly prefix: string) {
    this.#ids = new IdColumn(prefix);
  }

  get size(): number {
    return this.#size;
  }

  /** Adds the next row's id; returns its row. */
  add(id: string): number {
    const row = this.#size;
    this.#ids.set(row, id);
    this.#size = row + 1;
    if (this.#ids.isWhole(row)) this.#wholeRows.set(id, row);
    else if (this.#size * 2 > this.#slots.length) this.#rehash(this.#slots.length * 2);
    else this.#place(row);
    return row;
  }

  /** The row of `id`, or -1. */
  rowOf(id: string): number {
    if (!readParts(id, this.prefix)) return this.#wholeRows.get(id) ?? -1;
    const mask = this.#slots.length - 1;
    for (let i = hashOf(read[0]!, read[1]!, read[2]!, read[3]!) & mask; ; i = (i + 1) & mask) {
      const slot = this.#slots[i]!;
      if (slot === 0) return -1;
      if (this.#ids.holdsRead(slot - 1)) return slot - 1;
    }
  }

  /** The id of row `row` (0 to size - 1). */
  idOf(row: number): string {
    return this.#ids.get(row)!;
  }

  #place(row: number): void {
    const mask = this.#slots.length - 1;
    let i = this.#ids.hash(row) & mask;
    while (this.#slots[i] !== 0) i = (i + 1) & mask;
    this.#slots[i] = row + 1;
  }

  #rehash(capacity: number): void {
    this.#slots = new Int32Array(capacity);
    for (let row = 0; row < this.#size; row++) if (!this.#ids.isWhole(row)) this.#place(row);
  }
}
