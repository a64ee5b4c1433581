import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { BUILTIN_PATH, readScenarioFile } from "../scenarios/library.js";
import { builtinScenario, compileAssets, fixturesFrom } from "./compiled.js";
import { DEFAULT_FIXTURES_PATH, readFixtures } from "./load-files.js";

describe("start-time assets compiled by npm run build", () => {
  it("survive JSON exactly (no undefined, Date or RegExp values), so the asset is what parsing gives", () => {
    for (const [name, asset] of Object.entries(compileAssets())) {
      expect(isDeepStrictEqual(JSON.parse(JSON.stringify(asset.value)), asset.value), name).toBe(true);
    }
  });

  it("fall back to parsing the YAML when there is no asset (running from src)", () => {
    expect(builtinScenario()).toEqual(readScenarioFile(BUILTIN_PATH));
    expect(fixturesFrom(DEFAULT_FIXTURES_PATH)).toEqual(readFixtures(DEFAULT_FIXTURES_PATH));
  });
});
