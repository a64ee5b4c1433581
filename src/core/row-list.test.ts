import { describe, expect, it } from "vitest";
import { RowList } from "./row-list.js";

describe("RowList", () => {
  // Around the first capacities (4, 8, ...) and well past them.
  for (const n of [0, 1, 4, 5, 8, 9, 1000]) {
    it(`reads as the array of the same ${n} pushes`, () => {
      const array: number[] = [];
      const list = new RowList();
      for (let i = 0; i < n; i++) {
        array.push(i * 7 + 1);
        list.push(i * 7 + 1);
      }
      expect(list.length).toBe(n);
      expect([...list]).toEqual(array);
      for (const i of [0, 3, 4, 5, n - 1]) expect(list.at(i)).toBe(array[i]);
      for (const i of [-1, n, n + 1]) expect(list.at(i)).toBeUndefined();
    });
  }
});
