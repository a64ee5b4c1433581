import { describe, expect, it } from "vitest";
import { IdColumn, IdTable, readParts } from "./id-table.js";

const DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A pseudo-random canonical ULID from `n` (a small LCG, so the test is the same every run). */
function ulid(n: number, time = 1_700_000_000_000 + n): string {
  let s = "";
  for (let i = 9, t = time; i >= 0; i--, t = Math.floor(t / 32)) s = DIGITS[t % 32] + s;
  let x = (n * 2654435761 + 12345) >>> 0;
  for (let i = 0; i < 16; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    s += DIGITS[x >>> 27];
  }
  return s;
}

describe("IdColumn", () => {
  it("gives back each value set: canonical ids, odd ids, sentences and null", () => {
    const c = new IdColumn("PAYMENT_TOKEN-");
    const values = [`PAYMENT_TOKEN-${ulid(1)}`, "PAYMENT_TOKEN-7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "PAYMENT_TOKEN-00000000000000000000000000", null, "Tokenization failed.", `payment_token-${ulid(2)}`, `PAYMENT_TOKEN-${ulid(3).toLowerCase()}`, `TRANSACTION-${ulid(4)}`, `PAYMENT_TOKEN-${ulid(5)}X`, ""];
    values.forEach((v, row) => c.set(row, v));
    values.forEach((v, row) => expect(c.get(row)).toBe(v));
    for (let row = 0; row < 5000; row++) c.set(row, `PAYMENT_TOKEN-${ulid(row)}`);
    for (let row = 0; row < 5000; row++) expect(c.get(row)).toBe(`PAYMENT_TOKEN-${ulid(row)}`);
  });

  it("reads only canonical upper-case digits after the exact prefix", () => {
    expect(readParts(`TRANSACTION-${ulid(1)}`, "TRANSACTION-")).toBe(true);
    for (const other of [`TRANSACTION-${ulid(1).toLowerCase()}`, `TRANSACTION_${ulid(1)}`, `TRANSACTION-${ulid(1).slice(1)}`, `TRANSACTION-${ulid(1).replace(/^./, "U")}`, `X-${ulid(1)}`]) {
      expect(readParts(other, "TRANSACTION-")).toBe(false);
    }
  });
});

describe("IdTable", () => {
  it("finds the row of every id added, by an equal string, and no row for others", () => {
    const t = new IdTable("TRANSACTION-");
    const ids = Array.from({ length: 20_000 }, (_, i) => (i % 1000 === 7 ? `TRANSACTION-FIXTURE-${i}` : `TRANSACTION-${ulid(i, 1_700_000_000_000 + (i >> 4))}`));
    ids.forEach((id, i) => expect(t.add(id)).toBe(i));
    expect(t.size).toBe(ids.length);
    ids.forEach((id, i) => {
      expect(t.rowOf([...id].join(""))).toBe(i);
      expect(t.idOf(i)).toBe(id);
    });
    for (const miss of [`TRANSACTION-${ulid(20_001)}`, `TRANSACTION-${ulid(3).toLowerCase()}`, `TRANSACTION-${ulid(3)}`.replace("TRANSACTION", "PAYMENT_TOKEN"), "TRANSACTION-FIXTURE-8", "", "TRANSACTION-"]) {
      expect(t.rowOf(miss)).toBe(-1);
    }
  });

  it("finds ids that share a millisecond and differ in one random digit", () => {
    const t = new IdTable("T-");
    const base = ulid(9);
    const ids = DIGITS.split("").flatMap((d) => [10, 17, 25].map((at) => `T-${base.slice(0, at)}${d}${base.slice(at + 1)}`));
    const unique = [...new Set(ids)];
    unique.forEach((id) => t.add(id));
    unique.forEach((id, i) => expect(t.rowOf(id)).toBe(i));
  });
});
