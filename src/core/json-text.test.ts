import fc from "fast-check";
import { beforeEach, describe, expect, test } from "vitest";
import { forgetShapes, jsonText } from "./json-text.js";

/** jsonText writes what JSON.stringify writes, for any value: the shapes it compiles and the rest. */
describe("jsonText", () => {
  beforeEach(forgetShapes);

  test("the same text as JSON.stringify for any JSON value and any value fast-check makes", () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => {
      expect(jsonText(v)).toBe(JSON.stringify(v));
    }), { numRuns: 2000, seed: 22 });
    fc.assert(fc.property(fc.anything({ withBigInt: false, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true, withNullPrototype: true, withObjectString: true, withBoxedValues: true }), (v) => {
      expect(jsonText(v)).toBe(JSON.stringify(v));
    }), { numRuns: 2000, seed: 23 });
  });

  test("an answer's shape again and again, with values of every kind in its places", () => {
    const answer = (v: unknown, w: unknown) => ({ id: "T-1", amount: 1500, ok: true, none: null, gone: undefined, v, nested: { a: w, b: [1, "x", undefined, null] } });
    const values = ["plain", 'quo"te', "back\\slash", "ctl\u0001", "\ud800lone", "pair\ud83d\ude00", "\u2028", 0, -0, 1.5e300, Number.NaN, Infinity, true, null, undefined, () => 1, Symbol("s"), [], [undefined], {}, { toJSON: () => "J" }, new Date(0), Object.create(null), new (class X { y = 1 })()];
    for (let round = 0; round < 3; round++) for (const v of values) for (const w of values) expect(jsonText(answer(v, w))).toBe(JSON.stringify(answer(v, w)));
  });

  test("an object of a known shape whose keys come in another order, or one more, or inherited", () => {
    // Three times each: a shape's first object is JSON.stringify's, its writer writes the next.
    const same = (v: unknown) => {
      for (let i = 0; i < 3; i++) expect(jsonText(v)).toBe(JSON.stringify(v));
    };
    same({ a: 1, b: "x" });
    same({ b: "x", a: 1 });
    same({ a: 1, b: "x", c: 2 });
    same(Object.assign(Object.create({ inherited: 1 }), { a: 1, b: "x" }));
    same(Object.defineProperty({ a: 1, b: "x" }, "c", { value: 3, enumerable: false }));
    same({ a: 1, get b() { return "g"; } });
    same({ a: { toJSON: () => "J" }, b: "x" });
    same({ a: 1, b: 'quo"te' });
  });

  test("a value JSON.stringify refuses is refused the same way", () => {
    expect(() => jsonText({ a: 1n })).toThrow(TypeError);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => jsonText(cyclic)).toThrow(TypeError);
  });

  test("answers larger than the buffer, past its bound, and with Latin-1 and wider characters", () => {
    const answer = (s: string) => ({ id: "T-1", note: s, list: [s, { s }] });
    for (const s of ["caf\u00e9 \u00ff", "x".repeat(20_000), "y".repeat(600_000), "z".repeat(30_000) + "\u20ac", "short"]) {
      for (let i = 0; i < 3; i++) expect(jsonText(answer(s))).toBe(JSON.stringify(answer(s)));
    }
  });

  test("a getter that writes JSON itself while its object is written", () => {
    const inner = { c: "y".repeat(40) };
    const outer = () => ({ a: 2, get b() { return `inner ${jsonText(inner).length}`; } });
    for (let i = 0; i < 3; i++) {
      expect(jsonText(inner)).toBe(JSON.stringify(inner));
      expect(jsonText(outer())).toBe(JSON.stringify(outer()));
    }
  });
});
