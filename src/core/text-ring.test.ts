import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TextRing } from "./text-ring.js";

describe("TextRing", () => {
  it("gives back every held text exactly, through wraps and growth, and nothing once released", () => {
    // Texts of 0 to 40 KB (many times the first 4 KB buffer), ASCII and not, released in order.
    const text = fc.oneof(fc.string({ maxLength: 3000 }), fc.string({ unit: "grapheme", maxLength: 400 }), fc.nat(40_000).map((n) => "x".repeat(n)));
    // As many releases as texts: the buffer fills, wraps and is reused, not only grown.
    const step = fc.oneof({ arbitrary: text.map((t) => ({ put: t })), weight: 4 }, { arbitrary: fc.constant({ put: undefined }), weight: 1 }, { arbitrary: fc.constant({ shift: true }), weight: 5 });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const ring = new TextRing();
        const held: { text: string | undefined; at: number; bytes: number }[] = [];
        const gone: { text: string; at: number; bytes: number }[] = [];
        let maxHeld = 0;
        for (const s of steps) {
          if ("shift" in s) {
            const out = held.shift();
            ring.shift();
            if (out?.text !== undefined) gone.push(out as { text: string; at: number; bytes: number });
          } else if (s.put === undefined) {
            ring.skip();
            held.push({ text: undefined, at: -1, bytes: 0 });
          } else {
            held.push({ text: s.put, ...ring.put(s.put)! });
          }
          const bytes = held.reduce((n, h) => n + h.bytes, 0);
          maxHeld = Math.max(maxHeld, bytes);
          for (const h of held) if (h.text !== undefined) expect(ring.get(h.at, h.bytes)).toBe(h.text);
          for (const g of gone) if (g.bytes > 0) expect(ring.get(g.at, g.bytes)).toBeUndefined();
          // Bounded by what it holds: a gap at the wrap and doubling at most quadruple it.
          expect(ring.capacity).toBeLessThanOrEqual(Math.max(4096, 4 * maxHeld));
        }
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it("starts small, and reuses its buffer once full: a long run holds only what is not released", () => {
    const ring = new TextRing();
    ring.put("{}");
    expect(ring.capacity).toBe(4096);
    ring.shift();
    const text = "a".repeat(1000);
    for (let i = 0; i < 100_000; i++) {
      ring.put(text);
      if (i >= 50) ring.shift(); // 50 held, as a journal ring of 50 entries would
    }
    expect(ring.capacity).toBe(64 * 1024);
  });

  it("declines a text it could only keep past its largest buffer, takes no slot for it, and goes on", () => {
    const ring = new TextRing(8192);
    const a = ring.put("a".repeat(5000))!;
    expect(ring.put("b".repeat(5000))).toBeUndefined(); // 10,000 held bytes would not fit in 8 KB
    ring.shift(); // releases the first text: the declined one took no slot
    const c = ring.put("c".repeat(5000))!;
    expect(ring.get(a.at, a.bytes)).toBeUndefined();
    expect(ring.get(c.at, c.bytes)).toBe("c".repeat(5000));
    expect(ring.capacity).toBe(8192);
  });

  it("clear releases the buffer and every slot", () => {
    const ring = new TextRing();
    const { at, bytes } = ring.put("hello, wörld")!;
    expect(ring.get(at, bytes)).toBe("hello, wörld");
    ring.clear();
    expect(ring.capacity).toBe(0);
    expect(ring.get(at, bytes)).toBeUndefined();
  });
});
