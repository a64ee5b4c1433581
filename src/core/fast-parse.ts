import type { z } from "zod";

/**
 * A parse of a zod schema, derived from the schema itself, for the inputs zod accepts: what a
 * request body costs to validate when it is valid, which is nearly always (docs/explanation/
 * performance.md, "Twelfth round"). zod's own parse makes a result object and an issue list per
 * value and runs a generic loop per schema; this is one function per schema node (generated code
 * for objects, unions and checks) that calls zod's own code for every check, refinement and
 * transform, so it answers exactly what zod answers: the
 * same value, or {@link MISS} where zod reports an issue. The caller then asks zod, for its issues.
 * A schema with any node not handled here (arrays, records, defaults, lazy...) gets no fast parse.
 */
export const MISS: unique symbol = Symbol("zod refuses this value");

/** A property an object's parse leaves out (an issue zod ignores on an absent key). */
const SKIP = Symbol("no property");

type Node = (value: unknown) => unknown;
type Internals = z.core.$ZodTypeInternals & { def: Record<string, any>; optin?: string; optout?: string; traits: Set<string> };
interface Check {
  _zod: { def: { when?: (payload: Payload) => boolean }; check(payload: Payload): unknown };
}
interface Payload {
  value: unknown;
  issues: unknown[];
}

/** Thrown while compiling a schema with a node this file does not handle; caught by {@link fastParser}. */
const UNHANDLED = Symbol("unhandled schema node");

/** The fast parse of `schema`, or null when one of its nodes is not handled here. */
export function fastParser(schema: z.ZodType): Node | null {
  try {
    const parse = compile(schema);
    // A refinement or transform that throws (or is async) is zod's to report, the same way as before.
    return (value) => {
      try {
        return parse(value);
      } catch {
        return MISS;
      }
    };
  } catch (e) {
    if (e === UNHANDLED) return null;
    throw e;
  }
}

function compile(schema: unknown): Node {
  const zod = (schema as { _zod: Internals })._zod;
  const def = zod.def;
  if (def.coerce || zod.traits.has("$ZodCheck")) throw UNHANDLED;
  const parse = compileType(zod, def);
  const checks = (def.checks ?? []) as Check[];
  return checks.length === 0 ? parse : withChecks(parse, checks);
}

/**
 * zod's checks of a node run, in order, on the value its type accepted (zod's `runChecks`), each
 * called from a call site of its own (code, like {@link compileObject}): one loop over every
 * node's checks made each call site megamorphic.
 */
function withChecks(parse: Node, checks: readonly Check[]): Node {
  const lines = ["const value = parse(input);", "if (value === MISS) return MISS;", "const payload = { value, issues: [] };"];
  checks.forEach((check, i) => {
    const run = `if (checks[${i}].check(payload) instanceof Promise || payload.issues.length > 0) return MISS;`;
    lines.push(check._zod.def.when ? `if (checks[${i}].def.when(payload)) ${run}` : run);
  });
  lines.push("return payload.value;");
  return code(lines, { parse, checks: checks.map((c) => c._zod) });
}

/** A function `(input) => ...` of these lines, which see `MISS`, `SKIP` and the named values. */
function code(lines: readonly string[], values: Record<string, unknown>): Node {
  const names = Object.keys(values);
  const make = new Function(...names, "MISS", "SKIP", `return (input) => {\n${lines.join("\n")}\n};`);
  return make(...names.map((n) => values[n]), MISS, SKIP) as Node;
}

function compileType(zod: Internals, def: Record<string, any>): Node {
  switch (def.type) {
    case "string":
      return (v) => (typeof v === "string" ? v : MISS);
    case "number":
      return (v) => (typeof v === "number" && Number.isFinite(v) ? v : MISS);
    case "boolean":
      return (v) => (typeof v === "boolean" ? v : MISS);
    case "unknown":
      return (v) => v;
    case "enum":
    case "literal": {
      const values = zod.values!;
      return (v) => (values.has(v as never) ? v : MISS);
    }
    case "optional": {
      if (def.innerType._zod.optin === "defaulted") throw UNHANDLED;
      const inner = compile(def.innerType);
      return (v) => (v === undefined ? v : inner(v));
    }
    case "nullable": {
      const inner = compile(def.innerType);
      return (v) => (v === null ? v : inner(v));
    }
    case "pipe": {
      const first = compile(def.in);
      const then = compile(def.out);
      return (v) => {
        const left = first(v);
        return left === MISS ? MISS : then(left);
      };
    }
    case "transform":
      // zod's own transform, with the payload it would pass (a transform may add issues to it); its
      // checks, if any, run after it in `withChecks`.
      return (v) => {
        const out = zod.parse({ value: v, issues: [] }, { async: false }) as Payload;
        return out.issues.length > 0 ? MISS : out.value;
      };
    case "union":
      return compileDiscriminated(def);
    case "object":
      return compileObject(def);
    default:
      throw UNHANDLED;
  }
}

/** A discriminated union: the option its discriminator's value names (zod's `discriminatorMap`). */
function compileDiscriminated(def: Record<string, any>): Node {
  const key: unknown = def.discriminator;
  if (typeof key !== "string" || def.unionFallback) throw UNHANDLED;
  const chosen = new Map<unknown, number | null>();
  const options: Node[] = [];
  for (const option of def.options as { _zod: { propValues?: Record<string, Set<unknown>> } }[]) {
    const values = option._zod.propValues?.[key];
    if (!values || values.size === 0) throw UNHANDLED;
    options.push(compile(option));
    // A value two options claim (only `undefined` can be) chooses neither.
    for (const value of values) chosen.set(value, chosen.has(value) ? null : options.length - 1);
  }
  const lines = ["if (typeof input !== 'object' || input === null || Array.isArray(input)) return MISS;", `const chosen = input[${JSON.stringify(key)}];`];
  for (const [value, i] of chosen) {
    if (i === null) continue;
    if (typeof value !== "string") throw UNHANDLED;
    lines.push(`if (chosen === ${JSON.stringify(value)}) return options[${i}](input);`);
  }
  lines.push("return MISS;");
  return code(lines, { options });
}

/**
 * An object: its declared keys in order, each by zod's rules for absent and optional keys
 * (`handlePropertyResult`). Written as code with each key a literal, as zod's own fast path is: a
 * loop over the keys made every read and write of the object megamorphic, and cost what zod does.
 */
function compileObject(def: Record<string, any>): Node {
  const shape = def.shape as Record<string, unknown>;
  if (Object.getOwnPropertySymbols(shape).length > 0) throw UNHANDLED;
  const strict = def.catchall !== undefined;
  if (strict && def.catchall._zod.def.type !== "never") throw UNHANDLED;
  const keys = Object.keys(shape);
  if (keys.includes("__proto__")) throw UNHANDLED;
  const parsers = keys.map((key) => compile(shape[key]));
  const lines = ["if (typeof input !== 'object' || input === null || Array.isArray(input)) return MISS;", "const out = {};", "let value, present;"];
  keys.forEach((key, i) => {
    const { optin, optout } = (shape[key] as { _zod: Internals })._zod;
    const k = JSON.stringify(key);
    const optional = optin === "optional" && optout === "optional";
    lines.push(`present = ${k} in input;`);
    lines.push(`${optional ? "if (present) " : ""}{ value = parsers[${i}](input[${k}]);`);
    // An issue on an absent key of an optional-in, optional-out schema is ignored (and so is its value).
    if (optin !== undefined && optout === "optional" && !optional) lines.push(`if (value === MISS && !present) value = SKIP;`);
    lines.push(`if (value === MISS) return MISS;`);
    if (optin === undefined) lines.push(`if (!present) return MISS;`);
    const keepUndefined = optin === "defaulted" && optout !== "optional" ? "true" : "present";
    lines.push(`if (value !== SKIP) { if (value !== undefined) out[${k}] = value; else if (${keepUndefined}) out[${k}] = undefined; } }`);
  });
  // `.strict()`: a key not declared (`__proto__` included) is an issue; otherwise zod drops it.
  if (strict) lines.push(`for (const key in input) switch (key) { ${keys.map((k) => `case ${JSON.stringify(k)}:`).join(" ")} break; default: return MISS; }`);
  lines.push("return out;");
  return code(lines, { parsers });
}
