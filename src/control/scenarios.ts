import type { Context, Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { mountOneScenario } from "./scenario-one.js";
import { fixturesJsonSchema, scenarioJsonSchema } from "../scenarios/json-schema.js";
import { GatewayError } from "../core/errors.js";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { checkScenarioInstants } from "../scenarios/instants.js";
import { parseScenario, problemDetails } from "../scenarios/loader.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { ACCEPTED_TYPES } from "./guard.js";
import { controlRoute } from "./registry.js";
import { ensureRoom } from "./scenario-room.js";


/**
 * Scenario text -> a validated file, or 400 `INVALID_REQUEST_DATA` whose `details` name every
 * problem by path with its line and column (`prefix` scopes them, e.g. `scenarios.0.`).
 */
export function scenarioFromText(text: string, prefix = ""): ScenarioFile {
  return scenarioWithWarnings(text, prefix).scenario;
}

/** {@link scenarioFromText} with the warnings (rules that can never fire) as `path: line L, column C: text`. */
export function scenarioWithWarnings(text: string, prefix = ""): { scenario: ScenarioFile; warnings: string[] } {
  const result = parseScenario(text);
  if (result.ok) return { scenario: result.scenario, warnings: result.warnings.map((w) => `${prefix}${w.path}: line ${w.line}, column ${w.column}: ${w.message}`) };
  throw new GatewayError("INVALID_REQUEST_DATA", {
    message: "The scenario file is invalid; nothing was loaded.",
    details: problemDetails(result.problems, prefix),
  });
}

/** One active scenario file with its rules and their hit counts (`when`/`then` as written). */
export const activeScenario = lazy(() => z
  .object({
    name: z.string(),
    description: z.string().nullable(),
    origin: z.string(),
    enabled: z.boolean().meta({ description: "False while switched off by `POST /_mock/scenarios/{name}/disable`." }),
    rules: z.array(z.object({ name: z.string().nullable().optional(), label: z.string(), hits: z.number().int(), spent: z.boolean().meta({ description: "The rule can never fire again: its `times` budget is used up or its `nth` match has passed (a `per: client` budget never shows spent)." }), when: z.unknown(), then: z.unknown() }).strict()),
  })
  .strict()
  .meta({ id: "ActiveScenario" }));
const scenarioList = lazy(() => z.object({ scenarios: z.array(activeScenario()) }).strict());
const loadedAnswer = lazy(() => z
  .object({ loaded: z.string(), rules: z.number().int(), timeline: z.number().int(), ignored: z.array(z.enum(["seed", "clock"])), warnings: z.array(z.string()), note: z.string().nullable() })
  .strict());
/** The answers of the scenario routes, as the typed helpers return them (src/handle.ts). */
export type ActiveScenario = z.output<ReturnType<typeof activeScenario>>;
export type ScenarioList = z.output<ReturnType<typeof scenarioList>>;
export type LoadedScenario = z.output<ReturnType<typeof loadedAnswer>>;
export const scenarioBody = lazy(() => z
  .union([z.string(), z.record(z.string(), z.unknown())])
  .meta({ description: "A scenario file: YAML text, or the same structure as JSON (see GET /_mock/schemas/scenario.json)." }));

/**
 * `GET/POST/DELETE /_mock/scenarios`: the active set with hit counts; loading a file in front of
 * it (a bad file changes nothing); back to the start set.
 */
export function mountScenarios(ctl: Hono<AppEnv>, host: Host): void {
  controlRoute(ctl, {
    method: "GET", path: "/scenarios", tag: "scenarios", summary: "The active scenarios with hit counts",
    description: "Newest first: the order rules are tried in. `origin` says whether a file came with the world or was loaded later.",
    answers: { 200: { description: "The active set", schema: scenarioList } },
  }, (c) => c.json({ scenarios: c.get("world").scenarios.list() }));

  controlRoute(ctl, {
    method: "POST", path: "/scenarios", tag: "scenarios", summary: "Load a scenario file in front of the active set",
    description: "Body `application/yaml` or `application/json`. A bad file is 400 with every problem and its line and column in `details`, and the active set is unchanged. `seed` and `clock` apply only at a world's creation; here they are ignored and the answer says so.",
    body: scenarioBody, bodyMedia: ["application/yaml", "application/json"], errors: [400],
    answers: { 201: { description: "Loaded", schema: loadedAnswer } },
  }, async (c) => {
    const world = c.get("world");
    const { scenario: file, warnings } = scenarioWithWarnings(await scenarioText(c));
    checkScenarioInstants(file, world.clock.now());
    ensureRoom(host, world, [file]);
    world.scenarios.load(file);
    world.applyScenarioQuirks();
    world.scheduleTimeline(file);
    const ignored = (["seed", "clock"] as const).filter((k) => file[k] !== undefined);
    return c.json(
      {
        loaded: file.name,
        rules: file.rules.length,
        timeline: file.timeline.length,
        ignored,
        warnings,
        note: ignored.length
          ? `${ignored.join(" and ")} take effect only when a file is given at a world's creation (--scenario, POST /_mock/sandboxes); ignored here.`
          : null,
      },
      201,
    );
  });

  mountOneScenario(ctl, host);

  // The editor schemas, generated once from the zod schemas that validate the files.
  const schemas = { scenario: () => scenarioJsonSchema(), fixtures: () => fixturesJsonSchema() };
  for (const [kind, build] of Object.entries(schemas)) {
    let built: unknown = null;
    controlRoute(ctl, {
      method: "GET", path: `/schemas/${kind}.json`, tag: "scenarios", summary: `The JSON Schema of ${kind} files`,
      description: "Generated from the schemas that validate the files, with a description and an example for every property, for editors (`# yaml-language-server: $schema=...`).",
      answers: { 200: { description: "A JSON Schema (draft 2020-12)", schema: lazy(() => z.record(z.string(), z.unknown())) } },
    }, (c) => c.json((built ??= build()) as object));
  }

  controlRoute(ctl, {
    method: "DELETE", path: "/scenarios", tag: "scenarios", summary: "Back to the scenarios the world started with",
    description: "Unloads every file loaded at run time and cancels their pending timeline steps.",
    answers: { 200: { description: "The active set now", schema: scenarioList } },
  }, (c) => {
    const world = c.get("world");
    const loaded = world.scenarios.list().filter((s) => s.origin === "loaded");
    world.cancelTimeline(new Set(loaded.map((s) => s.name)));
    world.scenarios.reset();
    world.applyScenarioQuirks();
    return c.json({ scenarios: world.scenarios.list() });
  });
}

/** The body of a scenario upload: YAML or JSON text (its size was capped as it arrived, src/http/body.ts). */
export async function scenarioText(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").trim();
  if (!ACCEPTED_TYPES.test(type)) {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { "content-type": "must be application/yaml or application/json" } });
  }
  return c.req.text();
}
