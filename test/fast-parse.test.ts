import fc from "fast-check";
import { z } from "zod";
import { describe, expect, test } from "vitest";
import { fastParser, MISS } from "../src/core/fast-parse.js";
import { schemaOf } from "../src/core/lazy.js";
import { OPERATIONS } from "../src/gateway/operations.js";
import { applyEdit, edit } from "./proving/mutations.js";
import { arbitraryFor } from "./proving/schema-arb.js";

/**
 * The fast parse of a request schema (src/core/fast-parse.ts) answers what zod answers: for every
 * input, MISS exactly when zod reports an issue, and otherwise zod's value, key for key in zod's
 * order. Inputs: each schema's valid values (generated from the schema), then edited (a value
 * replaced, a key deleted or added, hostile keys included), and `type` spelled in other cases.
 */
const RUNS = Number(process.env.FAST_PARSE_RUNS ?? 80);

/** A value with its key order made visible (and `undefined` values kept), for a deep comparison. */
function ordered(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(ordered);
  return Object.keys(value).map((k) => [k, ordered((value as Record<string, unknown>)[k])]);
}

function sameAsZod(schema: z.ZodType, parse: (v: unknown) => unknown, input: unknown): void {
  const zod = schema.safeParse(input);
  const fast = parse(input);
  if ((fast === MISS) === zod.success) expect.fail(`fast ${fast === MISS ? "refused" : "accepted"} what zod ${zod.success ? "accepted" : "refused"}: ${JSON.stringify(input)}`);
  if (zod.success) expect(ordered(fast)).toEqual(ordered(zod.data));
}

/** `type` (a payment method's, a body's) in another spelling: the preprocess that canonicalises it. */
const respell = fc.constantFrom((s: string) => s.toLowerCase(), (s: string) => s.toUpperCase(), (s: string) => s.replace(/([a-z])([A-Z])/, "$1_$2"), (s: string) => s);
function respelled(value: unknown, how: (s: string) => string): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  for (const [k, v] of Object.entries(copy)) {
    if (k === "type" && typeof v === "string") copy[k] = how(v);
    else copy[k] = respelled(v, how);
  }
  return copy;
}

/** Query values arrive as text: a generated query with each value as the string a URL carries. */
const asText = (q: unknown) => Object.fromEntries(Object.entries(q as Record<string, unknown>).map(([k, v]) => [k, typeof v === "object" ? JSON.stringify(v) : String(v)]));

const schemas = OPERATIONS.flatMap((op) => [
  ...(op.body ? [{ name: `${op.id} body`, schema: schemaOf(op.body), text: false }] : []),
  ...(op.query ? [{ name: `${op.id} query`, schema: schemaOf(op.query), text: true }] : []),
]);

describe("fast parse of the request schemas: zod's answer for every input", () => {
  test("every /v1 body schema has one", () => {
    const without = schemas.filter((s) => !s.text && !fastParser(s.schema)).map((s) => s.name);
    expect(without).toEqual([]);
  });

  // A query schema without one (a transform zod's fast parse does not handle) is zod's alone.
  for (const { name, schema, text, parse } of schemas.map((s) => ({ ...s, parse: fastParser(s.schema) })).filter((s) => s.parse)) {
    test(name, () => {
      const input = arbitraryFor(schema).map((v) => (text ? asText(v) : v));
      fc.assert(
        fc.property(input, fc.option(edit, { nil: undefined }), respell, (valid, e, how) => {
          const edited = e === undefined ? valid : applyEdit(valid, e);
          sameAsZod(schema, parse!, respelled(edited, how));
        }),
        { numRuns: RUNS, seed: 22 },
      );
    });
  }
});

describe("fast parse: each of zod's rules", () => {
  const check = (schema: z.ZodType, inputs: unknown[]) => {
    const parse = fastParser(schema);
    expect(parse).not.toBeNull();
    for (const input of inputs) sameAsZod(schema, parse!, input);
  };

  test("strict objects refuse unknown keys, a parsed `__proto__` among them; others drop them", () => {
    const shape = { a: z.string(), b: z.number().int().min(1).optional() };
    const inputs = [{ a: "x" }, { a: "x", b: 2 }, { a: "x", b: 0 }, { a: "x", c: 1 }, JSON.parse('{"a":"x","__proto__":{"b":1}}'), { b: 2 }, { a: 1 }, null, [], "a"];
    check(z.object(shape).strict(), inputs);
    check(z.object(shape), inputs);
    expect(fastParser(z.object(shape))!({ c: 1, a: "x" })).toEqual({ a: "x" });
  });

  test("optional, nullable and their order; a present undefined is kept as zod keeps it", () => {
    const s = z.object({ n: z.string().nullable().optional(), m: z.enum(["A", "B"]).nullable(), l: z.literal("USD").optional() }).strict();
    check(s, [{ m: null }, { m: "A", n: null }, { n: "x", m: "B", l: "USD" }, { m: "C" }, { n: undefined, m: "A" }, { l: undefined, m: null }, { n: 1, m: "A" }, {}]);
    // A required key whose schema accepts `undefined` must still be there.
    check(z.object({ u: z.unknown() }), [{}, { u: undefined }, { u: 1 }]);
  });

  test("checks, refinements and their order: regex, lengths, numbers, a refinement of the object", () => {
    const s = z
      .object({ pan: z.string().regex(/^\d{3,5}$/).refine((v) => v !== "000"), amount: z.number().int().min(50).max(100), tip: z.number().optional() })
      .strict()
      .refine((b) => (b.tip ?? 0) <= b.amount);
    check(s, [{ pan: "123", amount: 50 }, { pan: "000", amount: 50 }, { pan: "12", amount: 50 }, { pan: "123", amount: 49 }, { pan: "123", amount: 50.5 }, { pan: "123", amount: 60, tip: 61 }, { pan: "123", amount: 60, tip: 60 }, { pan: "123", amount: Number.NaN }]);
  });

  test("discriminated unions behind a preprocess, and transforms that add issues", () => {
    const upper = (v: unknown) => (v && typeof v === "object" && "type" in v && typeof v.type === "string" ? { ...v, type: v.type.toUpperCase() } : v);
    const s = z.preprocess(upper, z.discriminatedUnion("type", [z.object({ type: z.literal("A"), a: z.string() }).strict(), z.object({ type: z.literal("B"), b: z.boolean() })]));
    check(s, [{ type: "a", a: "x" }, { type: "B", b: true, extra: 1 }, { type: "C" }, { type: "A", b: true }, {}, null, "A"]);
    const refusing = z.string().transform((v, ctx) => {
      if (v === "no") ctx.addIssue({ code: "custom", message: "no" });
      return v.length;
    });
    check(z.object({ v: refusing }), [{ v: "yes" }, { v: "no" }, { v: 1 }]);
  });

  test("a refinement that throws is zod's to throw", () => {
    const s = z.string().refine(() => {
      throw new Error("boom");
    });
    expect(fastParser(s)!("x")).toBe(MISS);
    expect(() => s.safeParse("x")).toThrow("boom");
  });

  test("what it does not handle gets no fast parse (zod parses it)", () => {
    for (const s of [z.array(z.string()), z.record(z.string(), z.string()), z.object({ a: z.string().default("x") }), z.lazy(() => z.string()), z.union([z.string(), z.number()]), z.coerce.number(), z.email()]) {
      expect(fastParser(s)).toBeNull();
    }
  });
});
