import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fixturesSchema, type Fixtures } from "../gateway/fixtures.js";
import { formatProblem } from "../scenarios/loader.js";
import { issueProblems, readSource } from "../scenarios/source.js";

/** The fixture file shipped with paydouble, resolved from both `src/` and `dist/`. */
export const DEFAULT_FIXTURES_PATH = fileURLToPath(new URL("../../fixtures/default.yaml", import.meta.url));

/** A file that cannot be used, with a one-line reason. */
export class FileError extends Error {}

/**
 * Reads a text file, refusing at once anything that is not a regular file: reading a FIFO or a
 * device would block start-up forever. Throws an error carrying a `code`, as `readFileSync` does.
 */
export function readRegularFile(path: string): string {
  if (!statSync(path).isFile()) throw Object.assign(new Error("not a regular file"), { code: "not a regular file (a FIFO, device or directory)" });
  return readFileSync(path, "utf8");
}

/** Reads and validates a fixture file; throws {@link FileError} with a one-line reason. */
export function readFixtures(path: string): Fixtures {
  let text: string;
  try {
    text = readRegularFile(path);
  } catch (e) {
    throw new FileError(`cannot read fixture file ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseFixtures(text, path);
}

/** Fixture file text -> validated fixtures; throws {@link FileError} with `path:line:column: field: problem` lines. */
export function parseFixtures(text: string, path: string): Fixtures {
  const source = readSource(text);
  const problems = source.ok ? null : source.problems;
  if (source.ok) {
    const result = fixturesSchema().safeParse(source.data ?? {}, { reportInput: true });
    if (result.success) return result.data;
    throw new FileError(issueProblems(result.error.issues, source.at).map((p) => formatProblem(path, p)).join("\n"));
  }
  throw new FileError(problems!.map((p) => formatProblem(path, p)).join("\n"));
}
