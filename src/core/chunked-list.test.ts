import { describe, expect, it } from "vitest";
import { ChunkedList } from "./chunked-list.js";

/** The same pushes into a plain array and a chunked list. */
function both(n: number): [number[], ChunkedList<number>] {
  const array: number[] = [];
  const list = new ChunkedList<number>();
  for (let i = 0; i < n; i++) {
    array.push(i * 7);
    list.push(i * 7);
  }
  return [array, list];
}

describe("ChunkedList", () => {
  // Around the chunk size (4,096) and past several chunks.
  for (const n of [0, 1, 2, 4095, 4096, 4097, 8192, 8193, 20_000]) {
    it(`reads as the array of the same ${n} pushes`, () => {
      const [array, list] = both(n);
      expect(list.length).toBe(n);
      expect([...list]).toEqual(array);
      for (const i of [0, 1, 4095, 4096, 4097, 8191, 8192, n - 1, n, n + 1]) expect(list.at(i)).toBe(array[i]);
      for (const i of [-1, -n]) expect(list.at(i)).toBeUndefined();
    });
  }

  it("replaces an item in place and refuses an index outside the list", () => {
    const [, list] = both(5000);
    list.set(4500, -1);
    list.set(0, -2);
    expect(list.at(4500)).toBe(-1);
    expect(list.at(0)).toBe(-2);
    expect(list.length).toBe(5000);
    expect(() => list.set(5000, 1)).toThrow(RangeError);
    expect(() => list.set(-1, 1)).toThrow(RangeError);
  });
});
