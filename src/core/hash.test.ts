import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Base64 } from "./hash.js";

describe("sha256Base64", () => {
  it("is node:crypto's SHA-256 of the text in the given encoding, base64", () => {
    const text = "caf\u00e9 " + "x".repeat(20_000);
    expect(sha256Base64(text)).toBe(createHash("sha256").update(text, "utf8").digest("base64"));
    expect(sha256Base64(text, "latin1")).toBe(createHash("sha256").update(text, "latin1").digest("base64"));
    expect(sha256Base64(text, "latin1")).not.toBe(sha256Base64(text));
  });
});
