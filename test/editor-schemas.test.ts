import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { fixturesJsonSchema, scenarioJsonSchema } from "../src/scenarios/json-schema.js";
import { OPERATION_IDS } from "../src/scenarios/schema.js";
import { parseScenario } from "../src/scenarios/loader.js";
import { parseFixtures } from "../src/cli/load-files.js";
import { ERROR_CODES } from "../src/core/errors.js";
import { setup } from "./helpers.js";
import { requirementsJsonSchema } from "../src/verdict/requirements.js";

/** Issue 13 point 5: editors show help for every property and every enum value of both formats. */
const ROOT = join(import.meta.dirname, "..");

function walk(node: unknown, path: string, visit: (s: Record<string, unknown>, path: string, isProperty: boolean) => void, isProperty = false): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) return node.forEach((n) => walk(n, path, visit));
  const s = node as Record<string, unknown>;
  visit(s, path, isProperty);
  for (const k of ["anyOf", "oneOf", "allOf"]) walk(s[k], path, visit);
  walk(s.items, path, visit);
  if (s.additionalProperties && typeof s.additionalProperties === "object") walk(s.additionalProperties, `${path}.*`, visit);
  for (const [name, p] of Object.entries((s.properties as Record<string, unknown>) ?? {})) walk(p, path ? `${path}.${name}` : name, visit, true);
}

describe.each([
  ["scenario", scenarioJsonSchema, "scenarios/schema.json"],
  ["fixtures", fixturesJsonSchema, "fixtures/schema.json"],
  ["coverage", requirementsJsonSchema, "coverage/schema.json"],
] as const)("the %s schema", (name, generate, shipped) => {
  const schema = generate();

  test("every property has description, markdownDescription and an example", () => {
    const missing: string[] = [];
    walk(schema, "", (s, path, isProperty) => {
      if (isProperty && (typeof s.description !== "string" || typeof s.markdownDescription !== "string" || !Array.isArray(s.examples))) missing.push(path);
    });
    expect(missing).toEqual([]);
  });

  test("every enum value has a sentence", () => {
    const bad: string[] = [];
    walk(schema, "", (s, path) => {
      if (!Array.isArray(s.enum)) return;
      const d = s.markdownEnumDescriptions as string[] | undefined;
      if (!d || d.length !== s.enum.length || d.some((x) => !/^.{6,}[.)]$/.test(x))) bad.push(path);
    });
    expect(bad).toEqual([]);
  });

  test("is shipped as generated and served at /_mock/schemas", async () => {
    expect(JSON.parse(readFileSync(join(ROOT, shipped), "utf8"))).toEqual(schema);
    const r = await setup().call("GET", `/_mock/schemas/${name}.json`, { as: null });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(schema);
  });
});

test("operation ids and error codes are enums in the scenario schema", () => {
  const text = JSON.stringify(scenarioJsonSchema());
  expect(text).toContain(JSON.stringify(OPERATION_IDS));
  expect(text).toContain(JSON.stringify(ERROR_CODES));
});

test("a JSON file may name its schema with $schema, as editors expect; paydouble ignores it", () => {
  const ref = "./node_modules/paydouble/scenarios/schema.json";
  const scenario = parseScenario(JSON.stringify({ $schema: ref, version: 1, name: "j", rules: [] }));
  expect(scenario.ok && scenario.scenario.name).toBe("j");
  expect(parseFixtures(JSON.stringify({ $schema: "./node_modules/paydouble/fixtures/schema.json", clients: [], integrations: [] }), "f.json")).toMatchObject({ clients: [], integrations: [] });
  for (const schema of [scenarioJsonSchema(), fixturesJsonSchema()]) expect((schema as { properties: Record<string, unknown> }).properties.$schema).toMatchObject({ type: "string" });
});
