import * as z from "zod";
import { OPERATIONS } from "../gateway/operations.js";
import type { Operation } from "../gateway/operation.js";
import { nearest } from "../core/nearest.js";
import { schemaOf } from "../core/lazy.js";

/**
 * What a rule's `body.*`, `query.*` and `params.*` paths may name, derived from the very zod
 * schemas that validate requests (through their JSON Schema), so a new field needs no second list.
 * A shape is a tree: named fields, and `any` for record values and array items (`metadata.<key>`,
 * `items.0`).
 */
export interface Shape {
  fields: Map<string, Shape>;
  /** Record values or array items: any segment (a key, an index) leads here. */
  any: Shape | null;
  /** Arrays take a numeric segment only. */
  indexed: boolean;
}

export type Block = "body" | "query" | "params";

const empty = (): Shape => ({ fields: new Map(), any: null, indexed: false });

type JsonSchema = Record<string, unknown>;

function merge(into: Shape, from: Shape): Shape {
  for (const [k, v] of from.fields) into.fields.set(k, into.fields.has(k) ? merge(into.fields.get(k)!, v) : v);
  if (from.any) into.any = into.any ? merge(into.any, from.any) : from.any;
  into.indexed ||= from.indexed;
  return into;
}

function shapeOf(s: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): Shape {
  const out = empty();
  if (depth > 20) return out;
  if (typeof s.$ref === "string") {
    const target = defs[s.$ref.split("/").pop()!];
    return target ? shapeOf(target, defs, depth + 1) : out;
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const branch of (s[key] as JsonSchema[] | undefined) ?? []) merge(out, shapeOf(branch, defs, depth + 1));
  }
  for (const [k, v] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    out.fields.set(k, out.fields.has(k) ? merge(out.fields.get(k)!, shapeOf(v, defs, depth + 1)) : shapeOf(v, defs, depth + 1));
  }
  if (s.additionalProperties && typeof s.additionalProperties === "object") out.any = shapeOf(s.additionalProperties as JsonSchema, defs, depth + 1);
  if (s.items && typeof s.items === "object") {
    out.any = shapeOf(s.items as JsonSchema, defs, depth + 1);
    out.indexed = true;
  }
  return out;
}

function fromZod(schema: z.ZodType | undefined): Shape {
  if (!schema) return empty();
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return shapeOf(json, (json.$defs as Record<string, JsonSchema> | undefined) ?? {});
}

function paramsOf(op: Operation): Shape {
  const out = empty();
  for (const m of op.path.matchAll(/:(\w+)/g)) out.fields.set(m[1]!, empty());
  return out;
}

/** Built on first use from the operations' schemas, which never change while the process runs. */
const cache = new Map<string, Record<Block, Shape>>();

/** Shapes per operation id, plus `*` for the union of every operation (a rule without `operation`). */
export function requestShapes(): Map<string, Record<Block, Shape>> {
  if (cache.size > 0) return cache;
  const all: Record<Block, Shape> = { body: empty(), query: empty(), params: empty() };
  for (const op of OPERATIONS) {
    const shapes = { body: fromZod(schemaOf(op.body)), query: fromZod(schemaOf(op.query)), params: paramsOf(op) };
    cache.set(op.id, shapes);
    for (const b of ["body", "query", "params"] as const) merge(all[b], structuredCloneShape(shapes[b]));
  }
  cache.set("*", all);
  return cache;
}

function structuredCloneShape(s: Shape): Shape {
  return { fields: new Map([...s.fields].map(([k, v]) => [k, structuredCloneShape(v)])), any: s.any && structuredCloneShape(s.any), indexed: s.indexed };
}

/** Why `path` names nothing in `shape`, with a did-you-mean; null when it names a field. */
export function pathProblem(shape: Shape, path: string): string | null {
  const segs = path.split(".");
  let node = shape;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    const next = node.fields.get(seg) ?? (node.any && (!node.indexed || /^\d+$/.test(seg)) ? node.any : undefined);
    if (next) {
      node = next;
      continue;
    }
    const here = segs.slice(0, i).join(".");
    const names = [...node.fields.keys()];
    if (names.length === 0 && !node.any) {
      return i === 0 ? "this operation takes no such input" : `${here} is a single value; it has no field ${JSON.stringify(seg)}`;
    }
    const near = nearest(seg, names);
    const where = here ? `under ${here}` : "at the top level";
    const suggestion = near ? `; did you mean ${[...segs.slice(0, i), near, ...segs.slice(i + 1)].join(".")}?` : `; known ${where}: ${names.slice(0, 12).join(", ")}`;
    return `names no field of the request (${JSON.stringify(seg)} ${where})${suggestion}`;
  }
  return null;
}
