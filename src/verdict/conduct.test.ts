import { describe, expect, it } from "vitest";
import { retryKey } from "./conduct.js";

describe("retryKey (issue 22: what a remembered failed request holds)", () => {
  const base = "http://127.0.0.1:4242/v1/transactions?q=1&p=";
  it("is `METHOD url` for an ordinary URL", () => {
    expect(retryKey("GET", `${base}x`)).toBe(`GET ${base}x`);
  });
  it("holds no long URL: a 12 KB URL is keyed by a digest of fixed size", () => {
    const long = base + "x".repeat(12 * 1024);
    expect(retryKey("GET", long).length).toBeLessThan(100);
    expect(retryKey("GET", long)).toBe(retryKey("GET", `${base}${"x".repeat(12 * 1024)}`));
    expect(retryKey("GET", `${long}y`)).not.toBe(retryKey("GET", `${long}z`));
    expect(retryKey("POST", long)).not.toBe(retryKey("GET", long));
  });
});
