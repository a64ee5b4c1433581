import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parsedFixtures, type Fixtures } from "../gateway/fixtures.js";
import { BUILTIN_PATH, readScenarioFile } from "../scenarios/library.js";
import { parseScenario, ScenarioFileError } from "../scenarios/loader.js";
import type { ScenarioFile } from "../scenarios/schema.js";
import { DEFAULT_FIXTURES_PATH, parseFixtures, readFixtures } from "./load-files.js";

/**
 * The shipped start-time files (`scenarios/builtin.yaml`, `fixtures/default.yaml`), validated and
 * written to `dist/assets/<name>.json` by `npm run build` (scripts/compile-assets.mjs), so a start
 * reads JSON instead of parsing YAML and re-validating (about 60 ms of a cold start). Each asset
 * carries the text it was compiled from: when the YAML file was edited after the build, or there is
 * no asset (running from `src/`), the file is parsed as before, so the result is always that of the
 * current file.
 */
const ASSET_DIR = fileURLToPath(new URL("../assets/", import.meta.url));

export interface Asset<T> {
  /** The YAML text the value was compiled from. */
  source: string;
  value: T;
}

/** The built-in magic values scenario (as `readScenarioFile(BUILTIN_PATH)` gives it). */
export function builtinScenario(): ScenarioFile {
  return compiled<ScenarioFile>("builtin", BUILTIN_PATH, (text) => {
    const result = parseScenario(text);
    if (!result.ok) throw new ScenarioFileError(BUILTIN_PATH, result.problems);
    return result.scenario;
  }, readScenarioFile);
}

/** Fixtures from `path`; the shipped default file comes from its compiled asset when fresh. */
export function fixturesFrom(path: string): Fixtures {
  if (path !== DEFAULT_FIXTURES_PATH) return readFixtures(path);
  // Parsed at build time by the same schema, whose last step parses the integration details.
  return parsedFixtures(compiled<Fixtures>("fixtures", path, (text) => parseFixtures(text, path), readFixtures));
}

/** The asset's value when it was compiled from the file's current text; otherwise `parse(text)`. */
function compiled<T>(name: string, path: string, parse: (text: string) => T, read: (path: string) => T): T {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return read(path); // throws the reader's own "cannot read" error
  }
  let asset: Asset<T> | undefined;
  try {
    asset = JSON.parse(readFileSync(`${ASSET_DIR}${name}.json`, "utf8")) as Asset<T>;
  } catch {
    asset = undefined;
  }
  return asset?.source === text ? asset.value : parse(text);
}

/** What `npm run build` writes for each asset (used by scripts/compile-assets.mjs). */
export function compileAssets(): Record<string, Asset<unknown>> {
  return {
    builtin: { source: readFileSync(BUILTIN_PATH, "utf8"), value: readScenarioFile(BUILTIN_PATH) },
    fixtures: { source: readFileSync(DEFAULT_FIXTURES_PATH, "utf8"), value: readFixtures(DEFAULT_FIXTURES_PATH) },
  };
}
