import { z } from "zod";
import type { Operation } from "../gateway/operation.js";
import { OPERATIONS } from "../gateway/operations.js";
import { SPEC_VERSION, VERSION } from "../version.js";
import { envelopeSchema } from "./errors.js";

/**
 * The OpenAPI 3.1 document of every `/v1` operation, generated from the operations' own zod schemas
 * (the ones that validate requests), so it can never drift from what the double accepts. It walks
 * `OPERATIONS` generically: an operation added there appears here with no further work.
 */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown>; parameters: Record<string, unknown>; headers: Record<string, unknown> };
}

const REASONS: Record<number, string> = {
  400: "Invalid request data; `details` names each bad field by dotted path",
  401: "Missing or wrong Api-Key / Client-Id",
  403: "The caller may not do this (or act as that client)",
  404: "No such resource visible to the caller",
  409: "Conflict with the resource's current state",
  422: "Rejected by the processor or the business rules",
  500: "Gateway fault",
  502: "Processor unreachable or faulted",
  503: "Service unavailable",
  504: "Processor timeout",
};

const REF = (name: string) => `#/components/schemas/${name}`;

/** Hono's `/v1/clients/:clientId` -> OpenAPI's `/v1/clients/{clientId}` and its parameter names. */
export function openApiPath(honoPath: string): { path: string; params: string[] } {
  const params: string[] = [];
  const path = honoPath.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

/**
 * Converts zod schemas to JSON Schema, collecting every schema with a `.meta({id})` as a component.
 * Request bodies are converted with `io: "input"` (what a caller sends, before transforms) and
 * responses with `io: "output"`; when one id converts differently in the two directions, the input
 * form becomes `<id>Input` so both stay exact.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};
  readonly #origin: Record<string, "input" | "output"> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const json = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as JsonSchema;
    const { $schema: _ignored, $defs, ...root } = json;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const names: Record<string, string> = {};
    for (const id of Object.keys(defs)) names[id] = id;
    const rewrite = (value: JsonSchema) => rewriteRefs(value, names) as JsonSchema;
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

/** Query parameters from the query schema's properties (the query is always a flat object). */
function queryParameters(op: Operation, schemas: SchemaCollector): unknown[] {
  if (!op.query) return [];
  const json = schemas.convert(op.query, "input");
  const props = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest };
  });
}

function operationObject(op: Operation, schemas: SchemaCollector, pathParams: string[]): Record<string, unknown> {
  const errorRef = { $ref: REF("Error") };
  const responses: Record<string, unknown> = {
    200: {
      description: "OK",
      headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
      content: { "application/json": { schema: schemas.convert(op.response, "output") } },
    },
  };
  for (const status of [...op.errors].sort((a, b) => a - b)) {
    responses[status] = {
      description: REASONS[status] ?? "Error",
      headers: { "x-request-id": { $ref: "#/components/headers/RequestId" } },
      content: { "application/json": { schema: errorRef } },
    };
  }
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [tagOf(op.path)],
    parameters: [
      { $ref: "#/components/parameters/ActingAs" },
      ...pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string", minLength: 1 } })),
      ...queryParameters(op, schemas),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { "application/json": { schema: schemas.convert(op.body, "input") } },
          },
        }
      : {}),
    responses,
  };
}

/** `/v1/payment-tokens/...` -> `payment-tokens`: one tag per resource. */
function tagOf(path: string): string {
  return path.split("/")[2] ?? "v1";
}

/** Builds the document; `serverUrl` is the root the operations are served under. */
export function buildOpenApi(serverUrl = "http://127.0.0.1:4242", operations: readonly Operation[] = OPERATIONS): OpenApiDocument {
  const schemas = new SchemaCollector();
  schemas.convert(envelopeSchema, "output");
  const paths: OpenApiDocument["paths"] = {};
  for (const op of operations) {
    const { path, params } = openApiPath(op.path);
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operationObject(op, schemas, params);
  }
  const tags = [...new Set(operations.map((op) => tagOf(op.path)))].map((name) => ({ name, description: `The ${name} operations.` }));
  return {
    openapi: "3.1.0",
    info: {
      title: "paydouble: payment gateway /v1",
      version: VERSION,
      description: `The gateway operations paydouble serves (gateway spec ${SPEC_VERSION}), generated from the schemas that validate them.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: serverUrl, description: "this paydouble world" }],
    tags,
    security: [{ ApiKey: [], ClientId: [] }],
    paths,
    components: {
      schemas: sortKeys(schemas.components),
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Api-Key", description: "The client's API key." },
        ClientId: { type: "apiKey", in: "header", name: "Client-Id", description: "The calling client's id; sent with Api-Key on every call." },
      },
      parameters: {
        ActingAs: {
          name: "X-Acting-As-Client-Id",
          in: "header",
          required: false,
          description: "Act on behalf of a descendant client.",
          schema: { type: "string", minLength: 1 },
        },
      },
      headers: {
        RequestId: { description: "This request's id (also the body's `correlation_id`).", schema: { type: "string", format: "uuid" } },
      },
    },
  };
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
