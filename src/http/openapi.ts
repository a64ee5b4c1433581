import { schemaOf } from "../core/lazy.js";
import type { Operation } from "../gateway/operation.js";
import { OPERATIONS } from "../gateway/operations.js";
import { SPEC_VERSION, VERSION } from "../version.js";
import { envelopeSchema } from "./errors.js";
import EXAMPLES from "./openapi-examples.json" with { type: "json" };
import { openApiPath, queryParameters, REF, SchemaCollector, type JsonSchema } from "./openapi-schemas.js";

export { openApiPath, type JsonSchema };

/**
 * The OpenAPI 3.1 document of every `/v1` operation, generated from the operations' own zod schemas
 * (the ones that validate requests), so it can never drift from what the double accepts. It walks
 * `OPERATIONS` generically: an operation added there appears here with no further work.
 */
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

/**
 * Where the spec's quirk `declared_404_never_returned` applies (on by default): the 404 stays
 * declared, and its description says what answers instead.
 */
const QUIRK_404: Record<string, string> = {
  getTransaction: "an unknown transaction",
  captureTransaction: "an unknown transaction",
  cancelTransaction: "an unknown transaction",
  createTransaction: "an unknown payment token",
};

/** The description of one error status of one operation. */
function reason(op: Operation, status: number): string {
  if (status === 404 && QUIRK_404[op.id]) {
    return `Declared by the spec but never returned while the quirk \`declared_404_never_returned\` is on (the default): ${QUIRK_404[op.id]} answers 400 \`INVALID_REQUEST_DATA\` naming the id. With the quirk off: no such resource visible to the caller.`;
  }
  if (status === 403 && (op.rejectsActingAsSelf ?? op.method === "POST")) {
    return `${REASONS[403]}; also \`X-Acting-As-Client-Id\` naming the caller itself, refused on every write (quirk \`acting_as_self_rejected\`)`;
  }
  return REASONS[status] ?? "Error";
}

/** Real answers of a seeded double, per operation (test/openapi-examples.test.ts keeps them fresh). */
type Recorded = { request?: Record<string, unknown>; responses: Record<string, Record<string, unknown>> };
const RECORDED = EXAMPLES as Record<string, Recorded>;

/** `{name: body}` -> OpenAPI `examples` (named, each with its summary). */
function examplesOf(named: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!named) return {};
  const examples = Object.fromEntries(Object.entries(named).map(([name, value]) => [name.replace(/[^A-Za-z0-9_.-]+/g, "_"), { summary: name, value }]));
  return { examples };
}

/** Headers on every `/v1` answer. */
const ANSWER_HEADERS = {
  "x-request-id": { $ref: "#/components/headers/RequestId" },
  "x-paydouble-now": { $ref: "#/components/headers/SimulatedNow" },
};

function operationObject(op: Operation, schemas: SchemaCollector, pathParams: string[]): Record<string, unknown> {
  const errorRef = { $ref: REF("Error") };
  const recorded = RECORDED[op.id];
  const answer = (status: number) => examplesOf(recorded?.responses[status]);
  const responses: Record<string, unknown> = {
    200: {
      description: "OK",
      headers: ANSWER_HEADERS,
      content: { "application/json": { schema: schemas.convert(schemaOf(op.response), "output"), ...answer(200) } },
    },
  };
  for (const status of [...op.errors].sort((a, b) => a - b)) {
    responses[status] = {
      description: reason(op, status),
      headers: ANSWER_HEADERS,
      content: { "application/json": { schema: errorRef, ...answer(status) } },
    };
  }
  return {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    tags: [tagOf(op.path)],
    parameters: [
      { $ref: "#/components/parameters/ActingAs" },
      ...pathParams.map((name) => ({ name, in: "path", required: true, schema: { type: "string", minLength: 1 } })),
      ...queryParameters(schemaOf(op.query), schemas),
    ],
    ...(op.body
      ? {
          requestBody: {
            required: !op.bodyOptional,
            content: { "application/json": { schema: schemas.convert(schemaOf(op.body), "input"), ...examplesOf(recorded?.request) } },
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
  schemas.convert(envelopeSchema(), "output");
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
      // Versioning 2: the interface version is the document's version; paydouble's own is an extension.
      version: SPEC_VERSION,
      "x-paydouble-version": VERSION,
      description:
        `The gateway interface ${SPEC_VERSION} as paydouble serves it, generated from the zod schemas that validate every request. ` +
        "Every rule the double enforces is stated here: as schema where JSON Schema can say it, in the operation's description where it cannot " +
        "(a tip above the amount, the card/bank-account `type` pairs, quirks). Examples are real answers of a double seeded `openapi-examples`.",
      contact: { name: "paydouble" },
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: serverUrl, description: "this paydouble world" }],
    tags,
    security: [{ ApiKey: [], ClientId: [] }],
    paths,
    components: {
      schemas: schemas.sorted(),
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "Api-Key", description: "The client's API key." },
        ClientId: { type: "apiKey", in: "header", name: "Client-Id", description: "The calling client's id; sent with Api-Key on every call." },
      },
      parameters: {
        ActingAs: {
          name: "X-Acting-As-Client-Id",
          in: "header",
          required: false,
          description: "Act on behalf of a descendant client (a reseller for its own children). Naming the caller itself is 403 `UNAUTHORIZED_ACTION` on every write (POST); reads accept it.",
          schema: { type: "string", minLength: 1 },
        },
      },
      headers: {
        RequestId: { description: "This request's id (also the body's `correlation_id`).", schema: { type: "string", format: "uuid" } },
        SimulatedNow: {
          description: "The world's simulated instant when this request arrived (ISO 8601, UTC): build time windows such as `start_date`/`end_date` from it, not from your own clock. `Date` stays wall time.",
          schema: { type: "string", format: "date-time" },
        },
      },
    },
  };
}
