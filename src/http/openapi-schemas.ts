import * as z from "zod";

/**
 * zod -> OpenAPI 3.1 pieces shared by the gateway document (`/_mock/openapi.json`) and the control
 * document (`/_mock/control/openapi.json`): one conversion, so both state the rules the same way.
 */
export type JsonSchema = Record<string, unknown>;

export const REF = (name: string) => `#/components/schemas/${name}`;

/**
 * Converts zod schemas to JSON Schema, collecting every schema with a `.meta({id})` as a component.
 * Request bodies are converted with `io: "input"` (what a caller sends, before transforms) and
 * responses with `io: "output"`; when one id converts differently in the two directions, the input
 * form becomes `<id>Input` so both stay exact.
 */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};
  readonly #origin: Record<string, "input" | "output"> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
    const { $schema: _ignored, $defs, ...root } = json;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const names: Record<string, string> = {};
    for (const id of Object.keys(defs)) names[id] = id;
    const rewrite = (value: JsonSchema) => tidy(rewriteRefs(value, names)) as JsonSchema;
    for (const id of Object.keys(defs)) {
      const existing = this.components[id];
      if (existing && JSON.stringify(existing) !== JSON.stringify(rewrite(defs[id])) && this.#origin[id] !== io) {
        names[id] = io === "input" ? `${id}Input` : `${id}Output`;
      }
    }
    for (const [id, def] of Object.entries(defs)) {
      this.components[names[id]] ??= rewrite(def);
      this.#origin[names[id]] ??= io;
    }
    return rewrite(root);
  }

  /** The components, sorted by name, each `oneOf` of named variants given its discriminator. */
  sorted(): Record<string, JsonSchema> {
    const out = sortKeys(this.components);
    addDiscriminators(out, out);
    return out;
  }
}

function rewriteRefs(value: unknown, names: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, names));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = k === "$ref" && typeof v === "string" && v.startsWith("#/$defs/") ? REF(names[v.slice(8)] ?? v.slice(8)) : rewriteRefs(v, names);
    }
    return out;
  }
  return value;
}

/**
 * A paging number is checked as digits but stated as `type: integer` (its `.meta`); a string
 * `pattern` on an integer would say nothing, so it goes.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = tidy(v);
    if (out.type === "integer" && "pattern" in out) delete out.pattern;
    return out;
  }
  return value;
}

/**
 * Where every variant of a `oneOf` is a named component with one `const` property in common
 * (`type`, `processor`), that property is the discriminator: generators then pick the model
 * without trying each. A `oneOf` that is not of that kind is left as it is.
 */
function addDiscriminators(value: unknown, components: Record<string, JsonSchema>): void {
  if (Array.isArray(value)) return value.forEach((v) => addDiscriminators(v, components));
  if (!value || typeof value !== "object") return;
  const node = value as JsonSchema;
  const variants = node.oneOf as JsonSchema[] | undefined;
  if (Array.isArray(variants) && !node.discriminator && variants.every((v) => typeof v.$ref === "string")) {
    const resolved = variants.map((v) => components[(v.$ref as string).split("/").pop()!]);
    const props = resolved.map((s) => (s?.properties ?? {}) as Record<string, JsonSchema>);
    const key = Object.keys(props[0] ?? {}).find((k) => props.every((p) => p[k] && typeof p[k].const === "string"));
    if (key) {
      const mapping = Object.fromEntries(variants.map((v, i) => [props[i][key].const as string, v.$ref as string]));
      node.discriminator = { propertyName: key, mapping };
    }
  }
  for (const v of Object.values(node)) addDiscriminators(v, components);
}

/**
 * OpenAPI query parameters from a flat query object schema. A property whose `.meta` carries
 * `commaList` (the accepted values) is stated as an array sent comma-separated (`style: form`,
 * `explode: false`), as the double parses it.
 */
export function queryParameters(query: z.ZodType | undefined, schemas: SchemaCollector): JsonSchema[] {
  if (!query) return [];
  const json = schemas.convert(query, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => {
    const { description, commaList, ...rest } = schema;
    const base = { name, in: "query", required: required.has(name), ...(description ? { description } : {}) };
    if (Array.isArray(commaList)) {
      return { ...base, style: "form", explode: false, schema: { type: "array", minItems: 1, items: { type: "string", enum: commaList } } };
    }
    return { ...base, schema: rest };
  });
}

/** Hono's `/v1/clients/:clientId` -> OpenAPI's `/v1/clients/{clientId}` and its parameter names. */
export function openApiPath(honoPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = honoPath.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

export function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
