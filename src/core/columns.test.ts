import { describe, expect, it } from "vitest";
import { DigitsColumn, f64Column, i32Column, Interned, u8Column } from "./columns.js";

describe("Column", () => {
  it("keeps every row set, across the first chunk's growth and many full chunks", () => {
    const f = f64Column();
    const i = i32Column();
    const u = u8Column();
    const n = 3 * 16_384 + 5;
    for (let row = 0; row < n; row++) {
      f.set(row, row * 1.5 - 7);
      i.set(row, 500 - row);
      u.set(row, row & 0xff);
    }
    for (const row of [0, 1, 15, 16, 17, 16_383, 16_384, 32_767, 32_768, n - 1]) {
      expect([f.get(row), i.get(row), u.get(row)]).toEqual([row * 1.5 - 7, 500 - row, row & 0xff]);
    }
    i.set(20_000, 42);
    expect([i.get(20_000), i.get(19_999), i.get(20_001)]).toEqual([42, 500 - 19_999, 500 - 20_001]);
  });

  it("a row set past the end of the first chunk makes room for it and keeps the rows before", () => {
    const c = i32Column();
    c.set(0, 1);
    c.set(40_000, 2);
    expect([c.get(0), c.get(40_000), c.get(16_383)]).toEqual([1, 2, 0]);
  });
});

describe("DigitsColumn", () => {
  it("reads back each value as set, leading zeros included, and other forms as they are", () => {
    const c = new DigitsColumn(15, 8);
    const values = ["000000010000001", "123456789012345", "000000000000000", null, "12345678901234", "x23456789012345", ""];
    values.forEach((v, row) => c.set(row, v));
    values.forEach((v, row) => expect(c.get(row)).toBe(v));
    const auth = new DigitsColumn(6, 0);
    ["000001", "999999", null, "12a456"].forEach((v, row) => {
      auth.set(row, v);
      expect(auth.get(row)).toBe(v);
    });
  });
});

describe("Interned", () => {
  it("gives equal strings one index, null -1, and reads each back", () => {
    const t = new Interned<string>();
    const a = t.indexOf("CLIENT-A");
    expect(t.indexOf(["CLIENT-", "A"].join(""))).toBe(a);
    expect(t.indexOf("CLIENT-B")).not.toBe(a);
    expect(t.indexOf(null)).toBe(-1);
    expect([t.at(a), t.at(-1), t.size]).toEqual(["CLIENT-A", null, 2]);
  });
});
