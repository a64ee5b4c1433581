import { describe, expect, it } from "vitest";
import { MAX_INSTANT_MS } from "./duration.js";
import { BitField, FREE_SHIFT, indexesOf, instantHour, joinInstant, withInstant } from "./packed-fields.js";

const HOUR = 3_600_000;
const kept = (ms: number, bits = 0) => {
  const hour = instantHour(ms);
  return { hour, bits: withInstant(bits, ms) };
};

describe("packed fields", () => {
  it("every instant reads back as written: the clock's range, hour edges, and numbers the clock never makes", () => {
    const instants = [0, 1, HOUR - 1, HOUR, HOUR + 1, Date.UTC(2026, 2, 2, 15), Date.UTC(2026, 2, 2, 15, 59, 59, 999), MAX_INSTANT_MS, MAX_INSTANT_MS - 1];
    for (let i = 0; i < 2_000; i++) instants.push(Math.floor((i * 7_919 * 1_000_003) % MAX_INSTANT_MS));
    const odd = [-1, -HOUR, -HOUR - 1, 1.5, 0.001, Number.MAX_SAFE_INTEGER, 2 ** 60, Number.MAX_VALUE, -0, NaN, Infinity, -Infinity];
    for (const ms of [...instants, ...odd]) {
      const { hour, bits } = kept(ms);
      expect(joinInstant(hour, bits), String(ms)).toBe(ms);
    }
  });

  it("a clock instant is two small integers (what the store gains); a number the clock never makes is kept whole", () => {
    for (const ms of [0, Date.UTC(2026, 2, 2, 15, 30, 1, 2), MAX_INSTANT_MS]) {
      const { hour, bits } = kept(ms);
      expect(Number.isInteger(hour) && hour < 2 ** 30 && bits < 2 ** FREE_SHIFT).toBe(true);
      expect(hour).toBe(Math.floor(ms / HOUR));
    }
    expect(kept(1.5).hour).toBe(1.5);
    expect(kept(2 ** 60).hour).toBe(2 ** 60);
  });

  it("the instant and the values above it are written apart: one never changes the other", () => {
    const status = new BitField(FREE_SHIFT, 4);
    const flag = new BitField(FREE_SHIFT + 4, 1);
    let bits = status.put(flag.put(0, 1), 13);
    const ms = Date.UTC(2026, 2, 2, 15, 59, 59, 999);
    bits = withInstant(bits, ms);
    expect([status.get(bits), flag.get(bits), joinInstant(instantHour(ms), bits)]).toEqual([13, 1, ms]);
    bits = withInstant(bits, 1.5);
    expect([status.get(bits), flag.get(bits), joinInstant(instantHour(1.5), bits)]).toEqual([13, 1, 1.5]);
    bits = withInstant(bits, 7);
    expect(joinInstant(instantHour(7), bits)).toBe(7);
    bits = status.put(bits, 2);
    bits = flag.put(bits, 0);
    expect([status.get(bits), flag.get(bits), joinInstant(instantHour(7), bits)]).toEqual([2, 0, 7]);
    // Every value of a 4-bit field beside every other field at its top value, in the top bits a small integer has.
    const top = new BitField(27, 4);
    for (let v = 0; v < 16; v++) {
      const b = top.put(withInstant(status.put(0, 15), HOUR - 1), v);
      expect([top.get(b), status.get(b), joinInstant(0, b), b >= 0 && b < 2 ** 31]).toEqual([v, 15, HOUR - 1, true]);
    }
  });

  it("names index a fixed list", () => {
    const idx = indexesOf(["a", "b", "c"] as const);
    expect([idx.a, idx.b, idx.c]).toEqual([0, 1, 2]);
    expect(Object.isFrozen(idx)).toBe(true);
  });
});
