import { envelopeSchema } from "../http/errors.js";
import { openApiPath, queryParameters, REF, SchemaCollector, type JsonSchema } from "../http/openapi-schemas.js";
import { SPEC_VERSION, VERSION } from "../version.js";
import { schemaOf } from "../core/lazy.js";
import type { ControlRoute } from "./registry.js";

const REASONS: Record<number, string> = {
  400: "Invalid request data; `details` names each bad field",
  404: "No such resource in this world",
  409: "Conflict with the world's current state",
};

const TAGS: Record<string, string> = {
  world: "The world: health, fixture credentials, reset.",
  clock: "The simulated clock and its pending events.",
  scenarios: "Scenario files: rules that shape answers, loaded at run time.",
  quirks: "The spec's quirks and the built-in magic values.",
  sandboxes: "Separate worlds under `/sandboxes/{id}` (managed from the root).",
  journal: "The request journal and the replay export.",
  payments: "Direct test helpers: ACH returns, removal from a batch, settlement.",
  docs: "The OpenAPI documents and the page that renders them.",
  inspector: "The inspector page, its assets and the live event stream it listens to.",
  verdict: "Coverage of the catalogue's outcomes and the client-conduct audit of a test run.",
};

/** `/clock/advance` -> `controlClockAdvance`: a stable operation id from method and path. */
function operationId(route: ControlRoute): string {
  const words = route.path.split(/[/:{}._-]+/).filter(Boolean);
  return [route.method.toLowerCase(), ...words].map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
}

function operationObject(route: ControlRoute, schemas: SchemaCollector, params: string[]): JsonSchema {
  const responses: JsonSchema = {};
  for (const [status, a] of Object.entries(route.answers)) {
    const media = a.media ?? "application/json";
    responses[status] = {
      description: a.description,
      content: { [media]: { schema: a.schema ? schemas.convert(schemaOf(a.schema), "output") : { type: "string" } } },
    };
  }
  for (const status of route.errors ?? []) {
    responses[status] = { description: REASONS[status] ?? "Error", content: { "application/json": { schema: { $ref: REF("Error") } } } };
  }
  const body = route.body ? schemas.convert(schemaOf(route.body), "input") : null;
  const media = route.bodyMedia ?? ["application/json"];
  return {
    operationId: operationId(route),
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    parameters: [
      ...params.map((name) => ({ name, in: "path", required: true, schema: { type: "string", minLength: 1 } })),
      ...queryParameters(schemaOf(route.query), schemas),
    ],
    ...(body ? { requestBody: { required: !route.bodyOptional, content: Object.fromEntries(media.map((m) => [m, { schema: body }])) } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the `/_mock` control API, from the routes' own records. */
export function buildControlOpenApi(routes: readonly ControlRoute[], serverUrl: string): JsonSchema {
  const schemas = new SchemaCollector();
  schemas.convert(envelopeSchema(), "output");
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const { path, params } = openApiPath(`/_mock${route.path}`);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationObject(route, schemas, params);
  }
  const used = new Set(routes.map((r) => r.tag));
  return {
    openapi: "3.1.0",
    info: {
      title: "paydouble: control API /_mock",
      version: VERSION,
      "x-gateway-interface-version": SPEC_VERSION,
      description:
        "The control API of one paydouble world: clock, scenarios, journal, sandboxes, test helpers. It needs no key (a test tool on a loopback or CI network); errors use the gateway's envelope. Generated from the zod schemas each route validates with.",
      contact: { name: "paydouble" },
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: serverUrl, description: "this paydouble world" }],
    tags: Object.entries(TAGS).filter(([name]) => used.has(name)).map(([name, description]) => ({ name, description })),
    security: [],
    paths,
    components: { schemas: schemas.sorted() },
  };
}
