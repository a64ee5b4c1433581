import { describe, expect, it } from "vitest";
import { IdIndex } from "./id-index.js";

describe("IdIndex", () => {
  // Around one map's 65,536 ids and past three of them.
  for (const n of [0, 1, 65_535, 65_536, 65_537, 200_000]) {
    it(`finds each of ${n} ids, nothing else, and lists them in the order added`, () => {
      const index = new IdIndex<number>();
      const id = (i: number) => `TRANSACTION-${i.toString(32).padStart(8, "0")}`;
      for (let i = 0; i < n; i++) index.set(id(i), i);
      expect(index.size).toBe(n);
      for (const i of [0, 1, 65_534, 65_535, 65_536, 65_537, 131_072, n - 1]) if (i >= 0 && i < n) expect(index.get(id(i))).toBe(i);
      for (let i = 0; i < n; i += 997) expect(index.get(id(i))).toBe(i);
      expect(index.get(id(n))).toBeUndefined();
      expect(index.get("")).toBeUndefined();
      const values = [...index.values()];
      expect(values.length).toBe(n);
      expect(values.every((v, i) => v === i)).toBe(true);
    });
  }

  it("finds a record by an equal id string that is not the one it was added with", () => {
    const index = new IdIndex<string>();
    for (let i = 0; i < 70_000; i++) index.set(`PAYMENT_TOKEN-${i}`, `t${i}`);
    expect(index.get(["PAYMENT_TOKEN", "5"].join("-"))).toBe("t5");
    expect(index.get(["PAYMENT_TOKEN", "69999"].join("-"))).toBe("t69999");
  });
});
