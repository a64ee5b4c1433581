import { lintScenario, type Finding } from "./lint.js";
import { scenarioSchema, type ScenarioFile } from "./schema.js";
import { dotted, issueProblems, readSource, type Problem } from "./source.js";

export type { Problem } from "./source.js";

/**
 * Scenario text (YAML, or JSON, which YAML 1.2 reads too) -> a validated {@link ScenarioFile}, or
 * every problem of the file at once (syntax, schema and the checks against the operations), each
 * with its line, column and dotted path. Nothing is returned half-loaded: one error and the whole
 * file is refused. Warnings (rules that can never fire) come beside; `strict` makes them errors.
 */
export type ParseResult = { ok: true; scenario: ScenarioFile; warnings: Problem[] } | { ok: false; problems: Problem[]; warnings: Problem[] };

export function parseScenario(text: string, options: { strict?: boolean } = {}): ParseResult {
  const source = readSource(text);
  if (!source.ok) return { ok: false, problems: source.problems, warnings: [] };
  const findings = lintScenario(source.data);
  const covered = findings.filter((f) => f.covers).map((f) => dotted(f.path));
  const result = scenarioSchema().safeParse(source.data, { reportInput: true });
  const schemaProblems = result.success ? [] : issueProblems(result.error.issues, source.at).filter((p) => !covered.some((c) => p.path === c || p.path.startsWith(`${c}.`)));
  const asProblem = (f: Finding): Problem => ({ path: dotted(f.path), ...source.at(f.path, f.atKey ?? false), message: f.message });
  const errors = [...schemaProblems, ...findings.filter((f) => f.severity === "error").map(asProblem)];
  const warned = findings.filter((f) => f.severity === "warning");
  const located = () => sortProblems(warned.map((f) => ({ ...asProblem(f), message: `warning: ${f.message}` })));
  if (options.strict) errors.push(...located());
  const warnings = options.strict ? () => [] : located;
  if (errors.length === 0 && result.success) return withWarnings({ ok: true, scenario: result.data }, warnings);
  return withWarnings({ ok: false, problems: sortProblems(errors) }, warnings);
}

/**
 * `warnings`, located (line and column) when first read: a JSON text is parsed again as YAML for
 * positions, seconds for a file of 20,000 shadowed rules, and most callers (createDouble, the
 * library, a replay log's header) drop the warnings unread (issue 21 item 12).
 */
function withWarnings<T extends object>(result: T, located: () => Problem[]): T & { warnings: Problem[] } {
  let memo: Problem[] | undefined;
  return Object.defineProperty(result, "warnings", { get: () => (memo ??= located()), enumerable: true }) as T & { warnings: Problem[] };
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `file:line:column: path: message`, the form `paydouble check` prints and startup errors use. */
export function formatProblem(file: string, p: Problem): string {
  return `${file}:${p.line}:${p.column}: ${p.path}: ${p.message}`;
}

/** Problems as the envelope's `details`: path -> `line L, column C: message`. */
export function problemDetails(problems: readonly Problem[], prefix = ""): Record<string, string> {
  const details: Record<string, string> = {};
  for (const p of problems) {
    let key = prefix + p.path;
    for (let n = 2; key in details; n++) key = `${prefix}${p.path} (${n})`;
    details[key] = `line ${p.line}, column ${p.column}: ${p.message}`;
  }
  return details;
}

/** A scenario file that cannot be used at start (`--scenario`, `createDouble({scenarios})`). */
export class ScenarioFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: Problem[],
  ) {
    super(problems.map((p) => formatProblem(file, p)).join("\n"));
  }
}
