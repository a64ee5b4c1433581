import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { RE2JS } from "./deferred-re2js.js";

// The stand-in requires the package, as the bundle does: its CommonJS build (an ES import gets the other).
const Real = (createRequire(import.meta.url)("re2js") as typeof import("re2js")).RE2JS;

describe("the CLI's stand-in for re2js (deferred-re2js.ts)", () => {
  it("compiles with the package's own class, and reads its statics", () => {
    const re = RE2JS.compile("^4(\\d{3})");
    expect(re).toBeInstanceOf(Real);
    const m = re.matcher("4242424242424242");
    expect(m.find()).toBe(true);
    expect(m.group(1)).toBe("242");
    expect(RE2JS.CASE_INSENSITIVE).toBe(Real.CASE_INSENSITIVE);
    expect(RE2JS.compile("a", RE2JS.CASE_INSENSITIVE).matches("A")).toBe(true);
    expect(() => RE2JS.compile("(")).toThrow();
  });
});
