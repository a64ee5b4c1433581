import type { Hono } from "hono";
import { QUIRKS, type QuirkName } from "../gateway/quirks.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseScenario } from "../scenarios/loader.js";
import { BUILTIN_PATH } from "../scenarios/library.js";
import { readFileSync } from "node:fs";

/**
 * `GET /_mock/quirks` (each spec quirk, its state in this world and the spec sentence it follows)
 * and `GET /_mock/magic-values` (the built-in magic values, read from `scenarios/builtin.yaml`).
 */
export function mountQuirks(ctl: Hono<AppEnv>): void {
  ctl.get("/quirks", (c) => c.json({ quirks: quirkRows(c.get("world")) }));
  ctl.get("/magic-values", (c) => c.json(magicValues(c.get("world"))));
}

/** Each spec quirk, its state in this world and the spec sentence it follows. */
export function quirkRows(world: World) {
  return (Object.keys(QUIRKS) as QuirkName[]).map((name) => ({ name, enabled: world.quirks[name], spec: QUIRKS[name] }));
}

/** The built-in magic values as data (`GET /_mock/magic-values`). */
export function magicValues(world: World) {
  const result = parseScenario(readFileSync(BUILTIN_PATH, "utf8"));
  if (!result.ok) throw new Error("scenarios/builtin.yaml does not validate");
  return {
    source: "scenarios/builtin.yaml",
    active: world.options.builtin != null,
    description: result.scenario.description ?? null,
    rules: result.scenario.rules.map((r) => ({ name: r.name ?? null, description: r.description ?? null, when: r.when, then: r.then })),
  };
}
