import * as z from "zod";
import { ERROR_CATALOG } from "../core/errors.js";
import { fixturesSchema } from "../gateway/fixtures.js";
import { OPERATIONS } from "../gateway/operations.js";
import { QUIRKS } from "../gateway/quirks.js";
import { FIXTURE_DOCS, FIXTURE_ENUM_DOCS } from "./fixture-docs.js";
import { ENUM_DOCS, SCENARIO_DOCS } from "./schema-docs.js";
import { scenarioSchema } from "./schema.js";

/**
 * The published JSON Schemas (`scenarios/schema.json`, `fixtures/schema.json`, served at
 * `/_mock/schemas/*.json`): generated from the zod schemas that validate the files, then given
 * editor help: `description`, `markdownDescription` and `examples` on every property, and
 * `enumDescriptions` / `markdownEnumDescriptions` on every enum (operation ids from the operation
 * table, error codes from the error catalog, quirks from the quirk table).
 */
type Json = Record<string, unknown>;
type Docs = Record<string, [string, unknown]>;

const OPERATION_SENTENCES = Object.fromEntries(OPERATIONS.map((o) => [o.id, `${o.method} ${o.path.replace(/:(\w+)/g, "{$1}")}: ${o.summary}.`]));
const ERROR_SENTENCES = Object.fromEntries(Object.entries(ERROR_CATALOG).map(([code, e]) => [code, `HTTP ${e.status}: ${e.message}`]));

/** The scenario file schema, with hover help. */
export function scenarioJsonSchema(): Json {
  const json = z.toJSONSchema(scenarioSchema(), { io: "input", unrepresentable: "any" }) as Json;
  const props = json.properties as Record<string, Json>;
  props.quirks = quirkProperties();
  decorate(json, "", SCENARIO_DOCS, ENUM_DOCS);
  return { ...json, $id: "https://paydouble.dev/schema/scenario-v1.json", title: "paydouble scenario file, format v1" };
}

/** The fixtures file schema, with hover help. */
export function fixturesJsonSchema(): Json {
  const json = z.toJSONSchema(fixturesSchema(), { io: "input", unrepresentable: "any" }) as Json;
  decorate(json, "", FIXTURE_DOCS, FIXTURE_ENUM_DOCS);
  return { ...json, $id: "https://paydouble.dev/schema/fixtures-v1.json", title: "paydouble fixtures file" };
}

function quirkProperties(): Json {
  const properties = Object.fromEntries(Object.entries(QUIRKS).map(([name, text]) => [name, { type: "boolean", description: plain(text), markdownDescription: text, examples: [false] }]));
  return { type: "object", properties, additionalProperties: false };
}

/** The docs key of a path: array items are transparent; every condition operator shares `condition.`. */
function keyOf(path: string): string {
  return path.replace(/^rules\.when\.(body|query|headers|params)\.\*(?=\.|$)/, "condition");
}

function decorate(node: unknown, path: string, docs: Docs, enums: Record<string, Record<string, string>>): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((n) => decorate(n, path, docs, enums));
  const s = node as Json;
  if (Array.isArray(s.enum)) describeEnum(s, path, enums);
  for (const k of ["anyOf", "oneOf", "allOf"]) decorate(s[k], path, docs, enums);
  decorate(s.items, path, docs, enums);
  if (s.additionalProperties && typeof s.additionalProperties === "object") {
    const child = `${path}.*`;
    const doc = docs[keyOf(child)];
    if (doc) describe(s.additionalProperties as Json, doc);
    decorate(s.additionalProperties, child, docs, enums);
  }
  for (const [name, prop] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
    const child = path ? `${path}.${name}` : name;
    const doc = docs[keyOf(child)];
    if (doc && prop.description === undefined) describe(prop, doc);
    decorate(prop, child, docs, enums);
  }
}

function describe(prop: Json, [markdown, example]: [string, unknown]): void {
  prop.description = plain(markdown);
  prop.markdownDescription = markdown;
  prop.examples = [example];
}

function describeEnum(s: Json, path: string, enums: Record<string, Record<string, string>>): void {
  const values = s.enum as string[];
  const table = values.every((v) => v in OPERATION_SENTENCES) ? OPERATION_SENTENCES : values.every((v) => v in ERROR_SENTENCES) ? ERROR_SENTENCES : (enums[keyOf(path)] ?? {});
  const sentences = values.map((v) => table[v] ?? `\`${v}\`.`);
  s.markdownEnumDescriptions = sentences;
  s.enumDescriptions = sentences.map(plain);
}

function plain(markdown: string): string {
  return markdown.replace(/`/g, "");
}
