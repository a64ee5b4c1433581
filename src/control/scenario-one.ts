import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { GatewayError } from "../core/errors.js";
import type { Host } from "../gateway/host.js";
import type { AppEnv } from "../http/env.js";
import { checkScenarioInstants } from "../scenarios/instants.js";
import { controlRoute } from "./registry.js";
import { scenarioBody, scenarioText, scenarioWithWarnings } from "./scenarios.js";
import { ensureRoom } from "./scenario-room.js";

const names = lazy(() => z.array(z.string()));
const unloaded = lazy(() => z.object({ unloaded: z.string(), scenarios: names() }).strict());
const replaced = lazy(() => z.object({ replaced: z.string(), rules: z.number().int(), timeline: z.number().int(), warnings: names() }).strict());
const switched = lazy(() => z.object({ name: z.string(), enabled: z.boolean() }).strict());

/** The answers of these routes, as the typed helpers return them (src/handle.ts). */
export type UnloadedScenario = z.output<ReturnType<typeof unloaded>>;
export type ReplacedScenario = z.output<ReturnType<typeof replaced>>;
export type ScenarioSwitch = z.output<ReturnType<typeof switched>>;

/**
 * One active scenario by name (issue 13 point 4): `DELETE /_mock/scenarios/{name}` unloads it,
 * `PUT` replaces it in its place (same precedence, counters at zero), `POST .../disable` and
 * `.../enable` switch it off and on keeping place and counters. An unknown name is the 404
 * envelope. The built-in magic values can be switched off and on but not unloaded or replaced
 * (the start set, with them, comes back on `DELETE /_mock/scenarios` and `/_mock/reset`).
 */
export function mountOneScenario(ctl: Hono<AppEnv>, host: Host): void {
  controlRoute(ctl, {
    method: "DELETE", path: "/scenarios/:name", tag: "scenarios", summary: "Unload one scenario file",
    description: "Removes that file's rules and cancels its pending timeline steps; the other files keep their place and counters. The built-in magic values cannot be unloaded (400 `INVALID_ACTION`; disable them instead).",
    errors: [400, 404],
    answers: { 200: { description: "Unloaded", schema: unloaded } },
  }, (c) => {
    const world = c.get("world");
    const name = existing(world.scenarios.list(), c.req.param("name"), "unloaded");
    world.scenarios.remove(name);
    world.cancelTimeline(new Set([name]));
    world.applyScenarioQuirks();
    return c.json({ unloaded: name, scenarios: world.scenarios.list().map((s) => s.name) });
  });

  controlRoute(ctl, {
    method: "PUT", path: "/scenarios/:name", tag: "scenarios", summary: "Replace one scenario file in place",
    description: "Same precedence position, counters at zero, enabled. The file's `name` must be the one in the path.",
    body: scenarioBody, bodyMedia: ["application/yaml", "application/json"], errors: [400, 404],
    answers: { 200: { description: "Replaced", schema: replaced } },
  }, async (c) => {
    const world = c.get("world");
    const name = existing(world.scenarios.list(), c.req.param("name"), "replaced");
    const { scenario: file, warnings } = scenarioWithWarnings(await scenarioText(c));
    if (file.name !== name) {
      throw new GatewayError("INVALID_REQUEST_DATA", {
        message: `The file is named ${file.name}; PUT /_mock/scenarios/${name} replaces ${name} only.`,
        details: { name: `must be ${name} (the name in the path)` },
      });
    }
    checkScenarioInstants(file, world.clock.now());
    ensureRoom(host, world, [file], name);
    world.cancelTimeline(new Set([name]));
    world.scenarios.replace(file);
    world.applyScenarioQuirks();
    world.scheduleTimeline(file);
    return c.json({ replaced: name, rules: file.rules.length, timeline: file.timeline.length, warnings });
  });

  for (const action of ["disable", "enable"] as const) {
    controlRoute(ctl, {
      method: "POST", path: `/scenarios/:name/${action}`, tag: "scenarios", summary: `${action === "enable" ? "Switch on" : "Switch off"} one scenario file`,
      description: "Keeps the file's place and counters; a disabled file matches nothing and its quirk switches do not apply.",
      errors: [404],
      answers: { 200: { description: "Its state now", schema: switched } },
    }, (c) => {
      const world = c.get("world");
      const name = c.req.param("name");
      if (!world.scenarios.setEnabled(name, action === "enable")) throw unknown(name);
      world.applyScenarioQuirks();
      return c.json({ name, enabled: action === "enable" });
    });
  }
}

function existing(active: readonly { name: string; origin: string }[], name: string, verb: string): string {
  const found = active.find((s) => s.name === name);
  if (!found) throw unknown(name);
  if (found.origin === "builtin") {
    throw new GatewayError("INVALID_ACTION", {
      message: `The built-in magic values cannot be ${verb}; POST /_mock/scenarios/builtin/disable switches them off.`,
      details: { name: "is the built-in magic values" },
    });
  }
  return name;
}

function unknown(name: string): GatewayError {
  return new GatewayError("RESOURCE_NOT_FOUND", {
    message: `No active scenario is named ${name}; GET /_mock/scenarios lists them.`,
    details: { name: "is not an active scenario" },
  });
}
