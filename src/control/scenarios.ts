import type { Context, Hono } from "hono";
import { mountOneScenario } from "./scenario-one.js";
import { fixturesJsonSchema, scenarioJsonSchema } from "../scenarios/json-schema.js";
import { GatewayError } from "../core/errors.js";
import type { AppEnv } from "../http/env.js";
import { BODY_LIMIT } from "../http/validate.js";
import { parseScenario, problemDetails } from "../scenarios/loader.js";
import type { ScenarioFile } from "../scenarios/schema.js";

const SCENARIO_TYPES = /^(?:application|text)\/(?:x-)?yaml\b|^application\/(?:[\w.+-]+\+)?json\b/i;

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

/**
 * `GET/POST/DELETE /_mock/scenarios`: the active set with hit counts; loading a file in front of
 * it (a bad file changes nothing); back to the start set.
 */
export function mountScenarios(ctl: Hono<AppEnv>): void {
  ctl.get("/scenarios", (c) => c.json({ scenarios: c.get("world").scenarios.list() }));

  ctl.post("/scenarios", async (c) => {
    const world = c.get("world");
    const { scenario: file, warnings } = scenarioWithWarnings(await scenarioText(c));
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

  mountOneScenario(ctl);

  // The editor schemas, generated once from the zod schemas that validate the files.
  let schemas: Record<string, unknown> | null = null;
  ctl.get("/schemas/:file{(?:scenario|fixtures)\\.json}", (c) => {
    schemas ??= { "scenario.json": scenarioJsonSchema(), "fixtures.json": fixturesJsonSchema() };
    return c.json(schemas[c.req.param("file")] as object);
  });

  ctl.delete("/scenarios", (c) => {
    const world = c.get("world");
    const loaded = world.scenarios.list().filter((s) => s.origin === "loaded");
    world.cancelTimeline(new Set(loaded.map((s) => s.name)));
    world.scenarios.reset();
    world.applyScenarioQuirks();
    return c.json({ scenarios: world.scenarios.list() });
  });
}

/** The body of a scenario upload: YAML or JSON text, at most {@link BODY_LIMIT} bytes. */
export async function scenarioText(c: Context<AppEnv>): Promise<string> {
  const type = (c.req.header("content-type") ?? "").trim();
  if (!SCENARIO_TYPES.test(type)) {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { "content-type": "must be application/yaml or application/json" } });
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > BODY_LIMIT) {
    throw new GatewayError("INVALID_REQUEST_DATA", { details: { body: `must be at most ${BODY_LIMIT} bytes` } });
  }
  return text;
}
