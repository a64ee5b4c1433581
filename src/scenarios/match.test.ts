import { describe, expect, test } from "vitest";
import { compilePattern, fillGroups, holds, valueAt } from "./match.js";
import { metered } from "./pattern-work.js";

describe("conditions", () => {
  test("dotted paths read own properties only", () => {
    expect(valueAt({ a: { b: [1, { c: 2 }] } }, "a.b.1.c")).toBe(2);
    expect(valueAt({ a: {} }, "a.toString")).toBeUndefined();
    expect(valueAt(null, "a")).toBeUndefined();
  });

  test("a scalar means eq; numbers equal their text", () => {
    expect(holds(1234, 1234, [])).toBe(true);
    expect(holds(1234, "1234", [])).toBe(true);
    expect(holds("ACH", "ach", [])).toBe(false);
    expect(holds(null, null, [])).toBe(true);
    expect(holds(null, undefined, [])).toBe(false);
  });

  test("operators combine with and", () => {
    expect(holds({ gte: 10, lt: 20 }, 15, [])).toBe(true);
    expect(holds({ gte: 10, lt: 20 }, 20, [])).toBe(false);
    expect(holds({ gt: 5 }, "not a number", [])).toBe(false);
    expect(holds({ in: ["a", "b"] }, "b", [])).toBe(true);
    expect(holds({ ne: "a" }, undefined, [])).toBe(true);
    expect(holds({ exists: true }, undefined, [])).toBe(false);
    expect(holds({ exists: false }, undefined, [])).toBe(true);
    expect(holds({ matches: "^4000" }, 4000123, [])).toBe(true);
  });

  test("matches captures groups and fills $1..$9", () => {
    const groups: string[] = [];
    expect(holds({ matches: "^100(\\d\\d)(\\d\\d)$" }, "1000105", groups)).toBe(true);
    expect(groups).toEqual(["01", "05"]);
    expect(fillGroups({ code: "R$1", n: ["$2"], k: 3 }, groups)).toEqual({ code: "R01", n: ["05"], k: 3 });
    expect(fillGroups({ code: "R$1" }, [])).toEqual({ code: "R$1" });
  });

  test("the literal-prefix shortcut never changes what a pattern matches", () => {
    expect(holds({ matches: "^abc|def" }, "xdef", [])).toBe(true);
    expect(holds({ matches: "^ab?c" }, "ac", [])).toBe(true);
    expect(holds({ matches: "^ab*" }, "a", [])).toBe(true);
    expect(holds({ matches: "^ab{0,1}c" }, "ac", [])).toBe(true);
    expect(holds({ matches: "^4000" }, "4242", [])).toBe(false);
    expect(holds({ matches: "^(a+)+$" }, `${"a".repeat(28)}!`, [])).toBe(false);
  });
});

describe("pattern work (pattern-work.ts)", () => {
  test("a run is charged instructions x (characters + 1); past what is left it is not run and does not hold", () => {
    const c = compilePattern("a[ab]{20}c");
    const work = metered(c.size * 31);
    const check = { segs: ["x"], cond: { matches: "a[ab]{20}c" } };
    expect(holds(check.cond, `a${"b".repeat(20)}c${"a".repeat(8)}`, [], check, work)).toBe(true);
    expect(work.left).toBe(0);
    const other = { segs: ["y"], cond: { matches: "a[ab]{20}c" } };
    expect(holds(other.cond, "abc", [], other, work)).toBe(false);
    expect(work.skipped).toBe(1);
    expect(work.runs!.get(other)).toEqual({ skipped: { instructions: c.size, characters: 3, left: 0 } });
    // Remembered: the near misses read the same verdict without running or charging again.
    expect(holds(check.cond, `a${"b".repeat(20)}c${"a".repeat(8)}`, [], check, work)).toBe(true);
  });

  test("a literal start the text lacks costs the scan only", () => {
    const work = metered(100);
    expect(holds({ matches: "^4000(\\d+)$" }, "4242424242424242", [], undefined, work)).toBe(false);
    expect(work.left).toBe(100);
    expect(holds({ matches: "Zz12_(\\d+)$" }, "Ada", [], undefined, work)).toBe(false);
    expect(work.left).toBe(96);
  });
});
