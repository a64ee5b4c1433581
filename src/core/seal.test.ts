import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import seedrandom from "seedrandom";
import { seal, sealDeep, unseal, unsealDeep } from "./seal.js";

describe("seal", () => {
  it("round-trips any string under any seed, and hides it", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (value, seed) => {
        const sealed = seal(value, seed);
        expect(sealed.startsWith("sealed:")).toBe(true);
        expect(unseal(sealed, seed)).toBe(value);
      }),
    );
    expect(seal("4242424242424242", "s")).not.toContain("4242424242424242");
  });

  it("seals secret fields and digit runs deep in JSON, and nothing else", () => {
    const value = { dba: "Shop", card: { pan: "4242424242424242", cvv: "123" }, note: "acct 000123456789", api_key: "pk_live_x", list: [{ client_secret: "cs" }] };
    const sealed = sealDeep(value, "seed") as any;
    expect(sealed.dba).toBe("Shop");
    for (const v of [sealed.card.pan, sealed.card.cvv, sealed.note, sealed.api_key, sealed.list[0].client_secret]) expect(v).toMatch(/^sealed:/);
    expect(JSON.parse(JSON.stringify(unsealDeep(sealed, "seed")))).toEqual(value);
  });

  it("keeps a __proto__ key an ordinary key", () => {
    const value = JSON.parse('{"__proto__":{"pan":"4242424242424242"}}');
    const round = unsealDeep(sealDeep(value, "s"), "s") as any;
    expect(Object.keys(round)).toEqual(["__proto__"]);
    expect(JSON.stringify(round)).toBe(JSON.stringify(value));
  });
});

describe("the key stream", () => {
  /** What sealing means: byte i XOR the i-th byte of the seed's stream (repeating every 64 KB). */
  const reference = (text: string, seed: string) => {
    const prng = seedrandom(`paydouble-seal/${seed}`);
    const key = Array.from({ length: Math.min(Buffer.byteLength(text), 64 * 1024) }, () => Math.floor(prng() * 256));
    const bytes = Buffer.from(text, "utf8");
    for (let i = 0; i < bytes.length; i++) bytes[i] ^= key[i % key.length];
    return "sealed:" + bytes.toString("base64");
  };

  it("is the same bytes whatever lengths came before (drawn further as longer values come)", async () => {
    // A fresh module: the streams kept by the tests above (16 seeds at most) would leave these seeds undrawn.
    vi.resetModules();
    const { seal } = await import("./seal.js");
    const seed = "stream-order";
    const texts = ["short", "x".repeat(300), "y".repeat(200), "z".repeat(5_000), "w".repeat(70_000), "v".repeat(257)];
    for (const t of texts) expect(seal(t, seed), `${t.length} chars`).toBe(reference(t, seed));
    // Another seed, longest first.
    for (const t of [...texts].reverse()) expect(seal(t, "stream-order-2")).toBe(reference(t, "stream-order-2"));
  });

  it("conceals a text in memory the same way whatever lengths came before, and reveals it exactly", async () => {
    vi.resetModules();
    const { conceal, reveal } = await import("./seal.js");
    const card = JSON.stringify({ pan: "4242424242424242", name: "Zo\u00eb" });
    const first = conceal(card);
    const long = "4111111111111111 ".repeat(5_000);
    const concealedLong = conceal(long);
    expect(conceal(card)).toBe(first);
    expect(reveal(first)).toBe(card);
    expect(reveal(concealedLong)).toBe(long);
    expect(first).not.toMatch(/\d{6,}/);
    expect(concealedLong).not.toContain("4111111111111111");
  });
});
