import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseScenario, ScenarioFileError } from "./loader.js";
import type { ScenarioFile } from "./schema.js";

/** The shipped scenario library (`scenarios/`), resolved from both `src/` and `dist/`. */
export const SCENARIO_DIR = fileURLToPath(new URL("../../scenarios/", import.meta.url));

/** The built-in magic values file. */
export const BUILTIN_PATH = join(SCENARIO_DIR, "builtin.yaml");

/** Reads and validates one scenario file; throws {@link ScenarioFileError} naming every problem. */
export function readScenarioFile(path: string): ScenarioFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ScenarioFileError(path, [{ path: "(file)", line: 1, column: 1, message: `cannot read: ${reason}` }]);
  }
  const result = parseScenario(text);
  if (!result.ok) throw new ScenarioFileError(path, result.problems);
  return result.scenario;
}

/** Names of the shipped scenarios (file names without `.yaml`), sorted. */
export function libraryNames(): string[] {
  return readdirSync(SCENARIO_DIR)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

/** The file of a shipped scenario by name, or undefined when there is none. */
export function libraryScenarioPath(name: string): string | undefined {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || !libraryNames().includes(name)) return undefined;
  return join(SCENARIO_DIR, `${name}.yaml`);
}

/** A shipped scenario by name, or undefined when there is none. */
export function libraryScenario(name: string): ScenarioFile | undefined {
  const path = libraryScenarioPath(name);
  return path === undefined ? undefined : readScenarioFile(path);
}

/**
 * A scenario named where a file is expected (`--scenario`, `PAYDOUBLE_SCENARIOS`, `createDouble`'s
 * `scenarios`): a path that exists is read; otherwise a shipped scenario's name (`declines`), so an
 * integrator need not know where the package was installed. Neither: the file's read error, with
 * the shipped names.
 */
export function readScenarioFileOrName(pathOrName: string): ScenarioFile {
  if (existsSync(pathOrName)) return readScenarioFile(pathOrName);
  const shipped = libraryScenario(pathOrName);
  if (shipped) return shipped;
  try {
    return readScenarioFile(pathOrName);
  } catch (e) {
    if (!(e instanceof ScenarioFileError)) throw e;
    const names = libraryNames().filter((n) => n !== "builtin").join(", ");
    const [first, ...rest] = e.problems;
    throw new ScenarioFileError(pathOrName, [{ ...first, message: `${first.message} (and no shipped scenario has that name: ${names})` }, ...rest]);
  }
}
