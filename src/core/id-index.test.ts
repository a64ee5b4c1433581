import { decodeTime } from "ulid";
import { describe, expect, it } from "vitest";
import { IdIndex, idTime } from "./id-index.js";

/** A ULID-shaped id whose time part is `ms` (the rest from `n`). */
const ulidId = (ms: number, n: number) => {
  const digits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  const b32 = (v: number, len: number) => Array.from({ length: len }, (_, i) => digits[Math.floor(v / 32 ** (len - 1 - i)) % 32]).join("");
  return `TRANSACTION-${b32(ms, 10)}${b32(n, 16)}`;
};

describe("idTime", () => {
  it("reads the time part of a ULID id, and -1 for anything else", () => {
    for (const ulid of ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000", "01JDEM0MERCHANT00000000000"]) {
      expect(idTime(`PAYMENT_TOKEN-${ulid}`)).toBe(decodeTime(ulid));
    }
    expect(idTime(ulidId(1_700_000_000_123, 5))).toBe(1_700_000_000_123);
    for (const other of ["", "TRANSACTION-", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "TRANSACTION_01ARZ3NDEKTSV4RRFFQ69G5FAV", "TRANSACTION-01ARZ3NDEUTSV4RRFFQ69G5FAV", "TRANSACTION-01ARZ3NDEKTSV4RRFFQ69G5FA", "x-01ARZ3NDé…TSV4RRFFQ69G5FAV"]) {
      expect(idTime(other)).toBe(-1);
    }
  });
});

describe("IdIndex", () => {
  /** Adds n ids made by `id`, then checks look-ups, misses and the order of `values()`. */
  function check(n: number, id: (i: number) => string) {
    const index = new IdIndex<number>();
    for (let i = 0; i < n; i++) index.set(id(i), i);
    expect(index.size).toBe(n);
    // A look-up by an equal string that is not the one added, as a URL parameter is.
    const fresh = (s: string) => [s.slice(0, 3), s.slice(3)].join("");
    for (const i of [0, 1, 65_534, 65_535, 65_536, 65_537, 131_072, n - 1]) if (i >= 0 && i < n) expect(index.get(fresh(id(i)))).toBe(i);
    for (let i = 0; i < n; i += 997) expect(index.get(fresh(id(i)))).toBe(i);
    expect(index.get(id(n))).toBeUndefined();
    expect(index.get("")).toBeUndefined();
    expect(index.get(undefined as unknown as string)).toBeUndefined(); // as a Map answers a caller that passes no id
    const values = [...index.values()];
    expect(values.length).toBe(n);
    expect(values.every((v, i) => v === i)).toBe(true);
  }

  // Around one map's 65,536 ids and past three of them.
  for (const n of [0, 1, 65_535, 65_536, 65_537, 200_000]) {
    it(`${n} ids on a clock that moves: each found, nothing else, in the order added`, () => check(n, (i) => ulidId(1_700_000_000_000 + i, i)));
  }
  it("ids on a frozen clock (one millisecond for all)", () => check(140_000, (i) => ulidId(1_700_000_000_000, i)));
  it("ids on a clock that went back between maps", () => check(140_000, (i) => ulidId(1_700_000_000_000 + ((i * 7919) % 140_000), i)));
  it("ids without a ULID, and ULID ids after them", () => check(140_000, (i) => (i % 3 === 0 ? `PAYMENT_TOKEN-${i}` : ulidId(1_700_000_000_000 + i, i))));
});
