import fc from "fast-check";
import { expect, test } from "vitest";
import { MAX_INSTANT_MS } from "./duration.js";
import { isoOf } from "./clock.js";

/** The Date-free formatter must give `Date#toISOString`'s text for every instant a clock can hold. */
test("isoOf is toISOString's text for every instant from 1970 to the end of year 9999", () => {
  const edges = [0, 1, 999, 86_399_999, 86_400_000, Date.UTC(2000, 1, 29), Date.UTC(2100, 2, 1) - 1, Date.UTC(2400, 1, 29, 23, 59, 59, 999), Date.UTC(1999, 11, 31, 23, 59, 59, 999), MAX_INSTANT_MS];
  for (const ms of edges) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
  fc.assert(fc.property(fc.integer({ min: 0, max: MAX_INSTANT_MS }), (ms) => isoOf(ms) === new Date(ms).toISOString()), { numRuns: 20_000 });
});

test("outside the clock's range (and for a fraction) it is still toISOString's text", () => {
  for (const ms of [-1, -62_198_755_200_000, MAX_INSTANT_MS + 1, 8.64e15, 1.5]) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
});
