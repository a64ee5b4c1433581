import fc from "fast-check";
import { z } from "zod";

/** A JSON Schema node as `z.toJSONSchema` emits it (the subset our request schemas use). */
type Node = Record<string, any>;

/**
 * fast-check arbitraries for the JSON values a zod request schema accepts, built from its JSON
 * Schema (`io: "input"`, so transforms and defaults are described as the client sends them).
 * Refinements (Luhn, ABA, e-mail rules) are not in the JSON Schema: a generated body is
 * "shaped right", and the server may still reject it, which the fuzz invariants allow.
 */
export function arbitraryFor(schema: z.ZodType, extraHints: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<unknown> {
  const hints = { ...HINTS, ...extraHints };
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Node;
  const defs: Record<string, Node> = root.$defs ?? {};
  const memo = new Map<Node, fc.Arbitrary<unknown>>();
  const build = (node: Node, depth: number): fc.Arbitrary<unknown> => {
    if (node.$ref) {
      const target = defs[String(node.$ref).replace("#/$defs/", "")];
      return depth > 6 ? fc.constant(null) : build(target, depth + 1);
    }
    const hit = memo.get(node);
    if (hit) return hit;
    const arb = buildNode(node, depth, build, hints);
    memo.set(node, arb);
    return arb;
  };
  return build(root, 0);
}

function buildNode(node: Node, depth: number, build: (n: Node, d: number) => fc.Arbitrary<unknown>, hints: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  if ("const" in node) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...(node.enum as unknown[]));
  const alts = node.anyOf ?? node.oneOf;
  if (alts) return fc.oneof(...(alts as Node[]).map((a) => build(a, depth + 1)));
  const type = node.type;
  if (Array.isArray(type)) return fc.oneof(...type.map((t: string) => build({ ...node, type: t }, depth + 1)));
  switch (type) {
    case "object":
      return objectArb(node, depth, build, hints);
    case "array": {
      const item = node.items ? build(node.items, depth + 1) : fc.jsonValue({ maxDepth: 1 });
      return fc.array(item, { minLength: node.minItems ?? 0, maxLength: Math.min(node.maxItems ?? 3, 3) });
    }
    case "string":
      return stringArb(node);
    case "integer":
      return fc.integer({ min: Math.max(node.minimum ?? -1e9, Number.MIN_SAFE_INTEGER), max: Math.min(node.maximum ?? 1e9, 2 ** 31 * 1e4) });
    case "number":
      return fc.double({ min: node.minimum ?? -1e9, max: node.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Values for fields whose rules live in zod refinements (Luhn, ABA, e-mail, phone), which the JSON
 * Schema cannot carry. Mostly these, sometimes the schema's own guess, so the fuzz reaches both
 * the accepted path (creates that store something) and the refinement errors.
 */
const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  email: fc.tuple(fc.stringMatching(/^[a-z]{1,10}$/), fc.constantFrom("example.com", "shop.example.org")).map(([u, d]) => `${u}@${d}`),
  phone: fc.constantFrom("+14155550123", "+442071838750", null),
  primary_phone: fc.constantFrom("+14155550123", null),
  support_phone: fc.constantFrom("+18005550199", null),
  pan: fc.constantFrom("4242424242424242", "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117"),
  routing_number: fc.constantFrom("021000021", "011000015"),
  account_number: fc.constantFrom("000123456789", "000222222227"),
  expiry: fc.constantFrom({ month: "12", year: "2030" }, { month: "01", year: "2029" }),
  fax_number: fc.constantFrom("2125550100", "+1 (212) 555-0100", null),
  postal_code: fc.constantFrom("10001", "94105"),
  country: fc.constantFrom("US", "USA"),
  descriptor_state: fc.constantFrom("NY", "CA"),
  metadata: fc.option(fc.dictionary(fc.stringMatching(/^[a-zA-Z0-9_-]{1,40}$/), fc.string({ maxLength: 50 }), { maxKeys: 5 }), { nil: null }),
};

function objectArb(node: Node, depth: number, build: (n: Node, d: number) => fc.Arbitrary<unknown>, hints: Record<string, fc.Arbitrary<unknown>>) {
  const props: Record<string, Node> = node.properties ?? {};
  const required = new Set<string>(node.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) {
    const own = build(v, depth + 1);
    model[k] = hints[k] ? fc.oneof({ weight: 9, arbitrary: hints[k] }, { weight: 1, arbitrary: own }) : own;
  }
  const keys = Object.keys(props);
  if (keys.length === 0) return fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), fc.string({ maxLength: 20 }), { maxKeys: 3 });
  return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
}

function stringArb(node: Node): fc.Arbitrary<string> {
  const min = node.minLength ?? 0;
  const max = node.maxLength ?? Math.max(min, 40);
  if (node.pattern) {
    return fc.stringMatching(new RegExp(node.pattern)).filter((s) => s.length >= min && s.length <= max);
  }
  if (node.format === "email") return fc.constantFrom("ada@example.com", "bob@shop.example.org");
  return fc.string({ minLength: min, maxLength: Math.min(max, 60), unit: "grapheme" });
}
