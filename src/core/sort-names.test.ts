import fc from "fast-check";
import { expect, test } from "vitest";
import { sortNames } from "./sort-names.js";

test("sortNames orders as Array#sort orders strings, for any strings", () => {
  fc.assert(
    fc.property(fc.array(fc.string({ unit: "binary", maxLength: 6 }), { maxLength: 12 }), (names) => {
      expect(sortNames([...names])).toEqual([...names].sort());
    }),
  );
});
