import type { Hono } from "hono";
import * as z from "zod";
import { lazy } from "../core/lazy.js";
import { QUIRKS, type QuirkName } from "../gateway/quirks.js";
import type { World } from "../gateway/world.js";
import type { AppEnv } from "../http/env.js";
import { parseScenario } from "../scenarios/loader.js";
import { BUILTIN_PATH } from "../scenarios/library.js";
import { readFileSync } from "node:fs";
import { controlRoute } from "./registry.js";

const quirksAnswer = lazy(() => z
  .object({ quirks: z.array(z.object({ name: z.string(), enabled: z.boolean(), spec: z.string() }).strict()) })
  .strict());
const magicAnswer = lazy(() => z
  .object({
    source: z.string(),
    active: z.boolean(),
    description: z.string().nullable(),
    rules: z.array(z.object({ name: z.string().nullable(), description: z.string().nullable(), when: z.unknown(), then: z.unknown() }).strict()),
  })
  .strict());

/**
 * `GET /_mock/quirks` (each spec quirk, its state in this world and the spec sentence it follows)
 * and `GET /_mock/magic-values` (the built-in magic values, read from `scenarios/builtin.yaml`).
 */
export function mountQuirks(ctl: Hono<AppEnv>): void {
  controlRoute(ctl, {
    method: "GET", path: "/quirks", tag: "quirks", summary: "Each spec quirk, its state and the spec sentence",
    description: "Quirks are on by default (the double behaves as the spec says the gateway does); a scenario file's `quirks` map switches them.",
    answers: { 200: { description: "The quirks of this world", schema: quirksAnswer } },
  }, (c) => c.json({ quirks: quirkRows(c.get("world")) }));

  controlRoute(ctl, {
    method: "GET", path: "/magic-values", tag: "quirks", summary: "The built-in magic values as data",
    description: "The rules of `scenarios/builtin.yaml`: which card numbers and account numbers decline, fault, or return, and how.",
    answers: { 200: { description: "The built-in rules", schema: magicAnswer } },
  }, (c) => c.json(magicValues(c.get("world"))));
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
