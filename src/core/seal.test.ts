import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
